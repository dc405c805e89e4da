import FoundationEssentials
import QuietPlacesUtilities

/// JWS compact serialization (RFC 7515) signed and verified with ES256 (RFC 7518 §3.4).
///
/// A token is `base64url(header).base64url(payload).base64url(signature)`, where the
/// signature is the raw 64-byte `r‖s` over the ASCII text `header.payload`.
public enum JWS {
  /// Signs `payload` and returns the compact serialization, header `{"alg":"ES256","x5c":[…]}`.
  ///
  /// `certificateChain` holds standard-base64 DER certificates, leaf first (for example
  /// ``SelfSignedCertificate/base64EncodedString``); it is written as given, even when empty.
  public static func sign(
    payload: Data, key: ES256PrivateKey, certificateChain: [String]
  ) throws(JWSError) -> String {
    let signingInput = try encodedHeader(certificateChain) + "." + Base64URL.encode(payload)
    let signature: ES256Signature
    do {
      signature = try key.signature(for: Data(signingInput.utf8))
    } catch {
      throw .signingFailed(error.description)
    }
    return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
  }

  /// The header `{"alg":"ES256","x5c":[…]}` as `JSONEncoder` writes it (keys sorted, slashes as
  /// they are), in base64url.
  ///
  /// A chain of standard base64 needs no escaping, so its JSON is written directly; anything else
  /// goes through `JSONEncoder`. Every signature of a key carries the same chain, and the encoder's
  /// set-up cost more than the rest of a token's text; each chain's header is written once.
  static func encodedHeader(_ certificateChain: [String]) throws(JWSError) -> String {
    if let header = encodedHeaders[certificateChain] { return header }
    let header = try writtenHeader(certificateChain)
    encodedHeaders[certificateChain] = header
    return header
  }

  /// Headers written, by their certificate chain.
  private static let encodedHeaders = BoundedCache<[String], String>(limit: 16)

  /// The header of ``encodedHeader(_:)``, written.
  private static func writtenHeader(_ certificateChain: [String]) throws(JWSError) -> String {
    let base64 = certificateChain.allSatisfy { certificate in
      certificate.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
          true
        default: false
        }
      }
    }
    if base64 {
      let chain = certificateChain.map { "\"\($0)\"" }.joined(separator: ",")
      return Base64URL.encode(Data("{\"alg\":\"ES256\",\"x5c\":[\(chain)]}".utf8))
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return Base64URL.encode(try encoder.encode(JWSHeader(alg: "ES256", x5c: certificateChain)))
    } catch {
      throw .signingFailed("could not encode the header")
    }
  }

  /// Verifies `compact` with `publicKey` and returns its payload only if the signature is valid.
  ///
  /// Checks in order: three parts, header base64url and JSON, `alg` is `ES256`, payload and
  /// signature base64url, signature 64 bytes, then the signature itself.
  public static func verify(_ compact: String, publicKey: ES256PublicKey) -> Result<Data, JWSError> {
    Result { () throws(JWSError) -> Data in try verifiedPayload(of: compact, publicKey: publicKey) }
  }

  /// Verifies `compact` with `publicKey` and returns its payload, or throws what is wrong.
  public static func verifiedPayload(of compact: String, publicKey: ES256PublicKey) throws(JWSError) -> Data {
    let parts = try split(compact)
    let header = try parsedHeader(parts.header)
    guard header.alg == "ES256" else { throw .unsupportedAlgorithm(header.alg) }
    let payload = try decode(parts.payload, "payload")
    let signatureBytes = try decode(parts.signature, "signature")
    guard signatureBytes.count == 64 else {
      throw .invalidEncoding("signature is \(signatureBytes.count) bytes, ES256 needs 64")
    }
    guard let signature = try? ES256Signature(rawRepresentation: signatureBytes),
      publicKey.isValidSignature(signature, for: Data((parts.header + "." + parts.payload).utf8))
    else {
      throw .invalidSignature
    }
    return payload
  }

  /// Decodes the payload WITHOUT verifying anything but its encoding; for display and logs only.
  public static func unverifiedPayload(of compact: String) throws(JWSError) -> Data {
    try decode(try split(compact).payload, "payload")
  }

  /// Decodes the header WITHOUT verifying the signature; for display and logs only.
  public static func unverifiedHeader(of compact: String) throws(JWSError) -> JWSHeader {
    try parsedHeader(try split(compact).header)
  }

  /// Headers read, by their base64url text: a header is a pure function of its text, and every
  /// token a key signs carries the same one (a certificate chain of a kilobyte or more).
  private static let headers = BoundedCache<String, JWSHeader>(limit: 16)

  /// The header whose base64url text is `part`, read once for each text.
  private static func parsedHeader(_ part: Substring) throws(JWSError) -> JWSHeader {
    let text = String(part)
    if let header = headers[text] { return header }
    let header = try JWSHeader.parse(try decode(part, "header"))
    headers[text] = header
    return header
  }

  private static func split(
    _ compact: String
  ) throws(JWSError) -> (header: Substring, payload: Substring, signature: Substring) {
    // The dots are found among the UTF-8 bytes: a token is ASCII, and splitting by Characters
    // would cost a grapheme break check for each of its thousands of characters.
    let bytes = compact.utf8
    var dots: [String.Index] = []
    for index in bytes.indices where bytes[index] == UInt8(ascii: ".") {
      dots.append(index)
      if dots.count == 3 { break }
    }
    guard dots.count == 2 else {
      let found = dots.count > 2 ? "more" : "\(dots.count + 1)"
      throw .invalidEncoding("expected 3 parts separated by '.', found \(found)")
    }
    return (
      compact[..<dots[0]], compact[bytes.index(after: dots[0])..<dots[1]],
      compact[bytes.index(after: dots[1])...]
    )
  }

  private static func decode(_ part: Substring, _ name: String) throws(JWSError) -> Data {
    do {
      return try Base64URL.decode(part)
    } catch {
      throw .invalidEncoding("\(name): \(error.description)")
    }
  }
}
