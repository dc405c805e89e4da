import Foundation
import Testing

@testable import QuietPlacesJWS

private let payload = Data(#"{"productId":"com.gallaxgames.quietplaces.charts","transactionId":1}"#.utf8)

private func reason(_ result: Result<Data, JWSError>) -> String {
  switch result {
  case .success: "success"
  case .failure(let error): error.reason
  }
}

/// Replaces the character at `offset` with a different base64url character.
private func flip(_ token: String, at offset: Int) -> String {
  var characters = Array(token)
  characters[offset] = characters[offset] == "A" ? "B" : "A"
  return String(characters)
}

@Test func signedTokenVerifiesAndCarriesTheHeader() throws {
  let key = try ES256PrivateKey()
  let certificate = try SelfSignedCertificate(key: key, notBefore: Date(timeIntervalSince1970: 1_780_000_000))
  let token = try JWS.sign(payload: payload, key: key, certificateChain: [certificate.base64EncodedString])
  #expect(token.split(separator: ".", omittingEmptySubsequences: false).count == 3)
  #expect(try JWS.verify(token, publicKey: key.publicKey).get() == payload)
  #expect(try JWS.verifiedPayload(of: token, publicKey: key.publicKey) == payload)
  #expect(
    try JWS.unverifiedHeader(of: token) == JWSHeader(alg: "ES256", x5c: [certificate.base64EncodedString]))
  let headerJSON = try Base64URL.decode(token.prefix { $0 != "." })
  #expect(
    String(decoding: headerJSON, as: UTF8.self) == #"{"alg":"ES256","x5c":[""#
      + certificate.base64EncodedString + #""]}"#)
  #expect(certificate.derRepresentation.first == 0x30)
}

@Test func certificateCarriesTheKeysSubjectPublicKeyInfo() throws {
  let key = try ES256PrivateKey()
  let certificate = try SelfSignedCertificate(key: key, notBefore: Date(timeIntervalSince1970: 0))
  let spki = try key.publicKey.subjectPublicKeyInfoDER()
  #expect(spki.count == 91)
  #expect(certificate.derRepresentation.range(of: spki) != nil)
  #expect(throws: ES256Error.self) {
    try SelfSignedCertificate(key: key, notBefore: Date(timeIntervalSince1970: .infinity))
  }
  #expect(throws: ES256Error.self) {
    try SelfSignedCertificate(key: key, commonName: "a\u{0}b", notBefore: Date(timeIntervalSince1970: 0))
  }
}

@Test func emptyPayloadAndEmptyChainRoundTrip() throws {
  let key = try ES256PrivateKey()
  let token = try JWS.sign(payload: Data(), key: key, certificateChain: [])
  #expect(try JWS.verify(token, publicKey: key.publicKey).get() == Data())
  #expect(try JWS.unverifiedHeader(of: token).x5c == [])
}

@Test func everyFlippedCharacterIsRejected() throws {
  let key = try ES256PrivateKey()
  let token = try JWS.sign(payload: payload, key: key, certificateChain: ["MIIB"])
  let firstDot = token.firstIndex(of: ".")!.utf16Offset(in: token)
  let secondDot = token.lastIndex(of: ".")!.utf16Offset(in: token)
  for offset in 0..<token.count where offset != firstDot && offset != secondDot {
    let result = JWS.verify(flip(token, at: offset), publicKey: key.publicKey)
    if offset > secondDot {
      #expect(["invalidSignature", "invalidEncoding"].contains(reason(result)), "signature offset \(offset)")
    } else if offset > firstDot {
      #expect(["invalidSignature", "invalidEncoding"].contains(reason(result)), "payload offset \(offset)")
    } else {
      #expect(
        ["invalidSignature", "invalidEncoding", "unsupportedAlgorithm"].contains(reason(result)),
        "header offset \(offset)")
    }
  }
}

@Test func aFlippedSignatureBitFailsAsInvalidSignature() throws {
  let key = try ES256PrivateKey()
  let token = try JWS.sign(payload: payload, key: key, certificateChain: [])
  let parts = token.split(separator: ".")
  var signature = try Base64URL.decode(parts[2])
  signature[10] ^= 0x01
  let forged = parts[0] + "." + parts[1] + "." + Base64URL.encode(signature)
  #expect(JWS.verify(forged, publicKey: key.publicKey) == .failure(.invalidSignature))
  let otherPayload = parts[0] + "." + Base64URL.encode(Data("{}".utf8)) + "." + parts[2]
  #expect(JWS.verify(otherPayload, publicKey: key.publicKey) == .failure(.invalidSignature))
  // The unverified decoder still shows what the forged token claims.
  #expect(try JWS.unverifiedPayload(of: otherPayload) == Data("{}".utf8))
}

@Test func aSignatureFromAnotherKeyIsRejected() throws {
  let key = try ES256PrivateKey()
  let other = try ES256PrivateKey()
  #expect(key.publicKey != other.publicKey)
  let token = try JWS.sign(payload: payload, key: other, certificateChain: [])
  #expect(JWS.verify(token, publicKey: key.publicKey) == .failure(.invalidSignature))
}

@Test(arguments: [
  (#"{"alg":"none"}"#, JWSError.unsupportedAlgorithm("none")),
  (#"{"alg":"HS256","x5c":[]}"#, .unsupportedAlgorithm("HS256")),
  (#"{"alg":"es256"}"#, .unsupportedAlgorithm("es256")),
  (#"{"x5c":[]}"#, .invalidEncoding("header has no 'alg'")),
  (#"{"alg":256}"#, .invalidEncoding("header 'alg' is not a string")),
  (#"{"alg":"ES256","x5c":"MIIB"}"#, .invalidEncoding("header 'x5c' is not an array of strings")),
  (#"{"alg":"ES256","crit":["b64"]}"#, .invalidEncoding("header has 'crit', which is not supported")),
  (#"["ES256"]"#, .invalidEncoding("header is not a JSON object")),
  (#"{"alg":"ES256""#, .invalidEncoding("header is not JSON")),
  ("", .invalidEncoding("header is not JSON")),
  (String(repeating: "[", count: 100_000), .invalidEncoding("header is not JSON")),
  (String(repeating: "{\"a\":", count: 10_000), .invalidEncoding("header is not JSON")),
  (#"{"alg":"ES256","x":1e999999}"#, .invalidEncoding("header is not JSON")),
])
func headersAreChecked(header: String, expected: JWSError) throws {
  let key = try ES256PrivateKey()
  let token = try JWS.sign(payload: payload, key: key, certificateChain: [])
  let parts = token.split(separator: ".")
  let altered = Base64URL.encode(Data(header.utf8)) + "." + parts[1] + "." + parts[2]
  #expect(JWS.verify(altered, publicKey: key.publicKey) == .failure(expected))
}

@Test(arguments: [
  ("", "expected 3 parts separated by '.', found 1"),
  ("abc", "expected 3 parts separated by '.', found 1"),
  ("a.b", "expected 3 parts separated by '.', found 2"),
  ("a.b.c.d", "expected 3 parts separated by '.', found more"),
  ("eyJhbGciOiJFUzI1NiJ9.e30AA.AA", "payload: base64url length 5"),
  ("e30=.e30.AA", "header: invalid base64url character at byte 3"),
  ("eyJhbGciOiJFUzI1NiJ9.e30.AAAA", "signature is 3 bytes, ES256 needs 64"),
  ("eyJhbGciOiJFUzI1NiJ9.e3+.AAAA", "payload: invalid base64url character at byte 2"),
])
func malformedTokensAreInvalidEncoding(token: String, detail: String) throws {
  let key = try ES256PrivateKey()
  let result = JWS.verify(token, publicKey: key.publicKey)
  guard case .failure(.invalidEncoding(let message)) = result else {
    Issue.record("expected invalidEncoding, got \(result)")
    return
  }
  #expect(message.hasPrefix(detail), "\(message)")
}

@Test func privateKeysRoundTripThroughPKCS8AndJSON() throws {
  let key = try ES256PrivateKey()
  let restored = try ES256PrivateKey(pkcs8DERRepresentation: key.pkcs8DERRepresentation)
  #expect(restored.publicKey == key.publicKey)
  #expect(restored.pkcs8DERRepresentation == key.pkcs8DERRepresentation)
  let json = try JSONEncoder().encode(["key": key])
  let decoded = try JSONDecoder().decode([String: ES256PrivateKey].self, from: json)
  #expect(decoded["key"]?.publicKey == key.publicKey)
  let token = try JWS.sign(payload: payload, key: restored, certificateChain: [])
  #expect(try JWS.verify(token, publicKey: key.publicKey).get() == payload)
  let publicJSON = try JSONEncoder().encode(key.publicKey)
  #expect(try JSONDecoder().decode(ES256PublicKey.self, from: publicJSON) == key.publicKey)
  #expect(throws: DecodingError.self) {
    try JSONDecoder().decode(ES256PrivateKey.self, from: Data(#""AAAA""#.utf8))
  }
  #expect(throws: DecodingError.self) {
    try JSONDecoder().decode(ES256PublicKey.self, from: Data(#""%%""#.utf8))
  }
}

@Test func publicKeysMustBeUncompressedPointsOnTheCurve() throws {
  let point = try ES256PrivateKey().publicKey.x963Representation
  var offCurve = point
  offCurve[64] ^= 0x01
  #expect(throws: ES256Error.invalidPublicKey("point is not on the P-256 curve")) {
    try ES256PublicKey(x963Representation: offCurve)
  }
  var compressedPrefix = point
  compressedPrefix[0] = 0x02
  #expect(throws: ES256Error.invalidPublicKey("point is not in uncompressed form (first byte 0x04)")) {
    try ES256PublicKey(x963Representation: compressedPrefix)
  }
  #expect(throws: ES256Error.invalidPublicKey("point is 64 bytes, expected 65")) {
    try ES256PublicKey(x963Representation: point.prefix(64))
  }
  #expect(throws: ES256Error.self) { try ES256PublicKey(x963Representation: Data([0x04]) + Data(count: 64)) }
  // A slice with a non-zero start index is copied, not misread.
  let sliced = (Data([0xAA]) + point).dropFirst()
  #expect(try ES256PublicKey(x963Representation: sliced).x963Representation == point)
}

@Test func privateKeysRejectGarbage() throws {
  let der = try ES256PrivateKey().pkcs8DERRepresentation
  #expect(throws: ES256Error.self) { try ES256PrivateKey(pkcs8DERRepresentation: Data()) }
  #expect(throws: ES256Error.self) { try ES256PrivateKey(pkcs8DERRepresentation: der.dropLast()) }
  #expect(throws: ES256Error.self) { try ES256PrivateKey(pkcs8DERRepresentation: der + Data([0])) }
  #expect(throws: ES256Error.self) {
    try ES256PrivateKey(pkcs8DERRepresentation: Data(repeating: 0x30, count: 200))
  }
}

/// The header written directly is the one `JSONEncoder` writes (keys sorted, slashes as they are),
/// for a real certificate chain, an empty one, and a chain that needs escaping (which goes through
/// the encoder).
@Test(arguments: [
  ["MIIBkTCCATegAwIBAgIBATAKBggqhkjOPQQDAjA+/x+y==", "AB/cd+ef="],
  [],
  ["not \"base64\" \\ at all", "é/ü"],
])
func theHeaderIsWhatJSONEncoderWrites(chain: [String]) throws {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  let expected = Base64URL.encode(try encoder.encode(JWSHeader(alg: "ES256", x5c: chain)))
  #expect(try JWS.encodedHeader(chain) == expected)
  let key = try ES256PrivateKey()
  let token = try JWS.sign(payload: payload, key: key, certificateChain: chain)
  #expect(token.hasPrefix(expected + "."))
  #expect(try JWS.unverifiedHeader(of: token) == JWSHeader(alg: "ES256", x5c: chain))
}

/// Headers are read once for each text and written once for each chain: tokens of two chains, read
/// in turn, each keep their own, and a header that is not one is still refused after good ones.
@Test func eachChainKeepsItsOwnHeader() throws {
  let key = try ES256PrivateKey()
  let first = try JWS.sign(payload: payload, key: key, certificateChain: ["AAAA"])
  let second = try JWS.sign(payload: payload, key: key, certificateChain: ["BBBB", "CCCC"])
  for _ in 0..<2 {
    #expect(try JWS.unverifiedHeader(of: first).x5c == ["AAAA"])
    #expect(try JWS.unverifiedHeader(of: second).x5c == ["BBBB", "CCCC"])
    #expect(try JWS.verifiedPayload(of: first, publicKey: key.publicKey) == payload)
    #expect(try JWS.verifiedPayload(of: second, publicKey: key.publicKey) == payload)
  }
  #expect(
    try JWS.sign(payload: payload, key: key, certificateChain: ["AAAA"]).hasPrefix(first.prefix { $0 != "." })
  )
  let notAHeader = Base64URL.encode(Data(#"{"alg":"ES256""#.utf8)) + first.drop { $0 != "." }
  #expect(throws: JWSError.invalidEncoding("header is not JSON")) {
    try JWS.verifiedPayload(of: notAHeader, publicKey: key.publicKey)
  }
}
