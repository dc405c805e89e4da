import Foundation
import Testing

@testable import QuietPlacesJWS

/// Fixtures made with the `openssl` command-line tool (OpenSSL 3.0), not with this module:
///
///     openssl ecparam -name prime256v1 -genkey -noout -out sec1.pem
///     openssl pkcs8 -topk8 -nocrypt -in sec1.pem -out key.pem            # and -outform DER
///     openssl ec -in key.pem -pubout -outform DER -out pub.der          # SubjectPublicKeyInfo
///     printf %s "$HEADER_B64URL.$PAYLOAD_B64URL" > input
///     openssl dgst -sha256 -sign key.pem -out sig.der input              # DER ECDSA signature
///
/// The token's third part is `sig.der`'s `r` and `s` padded to 32 bytes each, base64url.
/// The key is a throwaway made for this test and signs nothing else.
enum OpenSSLFixture {
  static let token =
    "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9"
    + ".eyJidW5kbGVJZCI6ImNvbS5nYWxsYXhnYW1lcy5xdWlldHBsYWNlcyIsInByb2R1Y3RJZCI6ImNvbS5nYWxsYXhnYW1lcy5xdWlldHBsYWNlcy5jaGFydHMiLCJ0cmFuc2FjdGlvbklkIjoiMjAwMDAwMDAwMDAwMDAwMSJ9"
    + ".3_AbaCHbMO4AVuFZxOA2MuWLnOZIcIlVIfEPlMp11jTv39BPyl3nvoAgp1eToxqgrAfTdbybKw9NJkzJZJxR3A"
  static let payload =
    #"{"bundleId":"com.gallaxgames.quietplaces","productId":"com.gallaxgames.quietplaces.charts","transactionId":"2000000000000001"}"#
  /// The public point, standard base64 (the last 65 bytes of `pub.der`).
  static let publicPoint =
    "BGOo+vMZEvU5LsxKfbOkH92dqWOgmv4dVIE6mK5YtdB5iB5NKpDBfCToZ0BWl2q7e6/aCe2fQ+dxTUIwjtX/xXg="
  /// `pub.der`, standard base64.
  static let subjectPublicKeyInfo =
    "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEY6j68xkS9TkuzEp9s6Qf3Z2pY6Ca/h1UgTqYrli10HmIHk0qkMF8JOhnQFaXart7r9oJ7Z9D53FNQjCO1f/FeA=="
  /// The PKCS#8 DER private key, standard base64.
  static let pkcs8 =
    "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgf8LsGm4Fnhk0SSl5g+XXq0vfWgASK4m35g90VNFj1bGhRANCAARjqPrzGRL1OS7MSn2zpB/dnaljoJr+HVSBOpiuWLXQeYgeTSqQwXwk6GdAVpdqu3uv2gntn0PncU1CMI7V/8V4"
  /// `sig.der` in hex, as `openssl dgst` wrote it.
  static let signatureDER =
    "3046022100dff01b6821db30ee0056e159c4e03632e58b9ce64870895521f10f94ca75d634022100efdfd04fca5de7be8020a75793a31aa0ac07d375bc9b2b0f4d264cc9649c51dc"
}

@Test func verifiesATokenSignedByTheOpenSSLCommandLine() throws {
  let key = try ES256PublicKey(x963Representation: Data(base64Encoded: OpenSSLFixture.publicPoint)!)
  let payload = try JWS.verify(OpenSSLFixture.token, publicKey: key).get()
  #expect(String(decoding: payload, as: UTF8.self) == OpenSSLFixture.payload)
  #expect(try JWS.unverifiedHeader(of: OpenSSLFixture.token).alg == "ES256")
}

@Test func readsTheOpenSSLKeyAndMatchesItsPublicForms() throws {
  let key = try ES256PrivateKey(pkcs8DERRepresentation: Data(base64Encoded: OpenSSLFixture.pkcs8)!)
  #expect(key.publicKey.x963Representation == Data(base64Encoded: OpenSSLFixture.publicPoint)!)
  #expect(
    try key.publicKey.subjectPublicKeyInfoDER() == Data(base64Encoded: OpenSSLFixture.subjectPublicKeyInfo)!)
  // What this module signs with the same key verifies against the fixture's public key.
  let token = try JWS.sign(payload: Data(OpenSSLFixture.payload.utf8), key: key, certificateChain: [])
  let publicKey = try ES256PublicKey(x963Representation: Data(base64Encoded: OpenSSLFixture.publicPoint)!)
  #expect(try JWS.verify(token, publicKey: publicKey).get() == Data(OpenSSLFixture.payload.utf8))
}

@Test func convertsOpenSSLsDERSignatureToTheTokensRawSignature() throws {
  var der = Data()
  var index = OpenSSLFixture.signatureDER.startIndex
  while index < OpenSSLFixture.signatureDER.endIndex {
    let next = OpenSSLFixture.signatureDER.index(index, offsetBy: 2)
    der.append(UInt8(OpenSSLFixture.signatureDER[index..<next], radix: 16)!)
    index = next
  }
  let raw = try Base64URL.decode(OpenSSLFixture.token.split(separator: ".")[2])
  let signature = try ES256Signature(derRepresentation: der)
  #expect(signature.rawRepresentation == raw)
  #expect(signature.derRepresentation == der)
}
