/// Why a JWS compact serialization was not accepted, or could not be made.
public enum JWSError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text is not a well-formed JWS: not three parts, bad base64url, header not a JSON object.
  case invalidEncoding(String)
  /// The header's `alg` is not `ES256` (the only algorithm accepted, so `none` never is).
  case unsupportedAlgorithm(String)
  /// The signature does not verify with the given public key over `header.payload`.
  case invalidSignature
  /// Signing failed (the key could not be used, or the header could not be encoded).
  case signingFailed(String)

  /// The case name alone (`invalidEncoding`, `unsupportedAlgorithm`, …), for logs and verification results.
  public var reason: String {
    switch self {
    case .invalidEncoding: "invalidEncoding"
    case .unsupportedAlgorithm: "unsupportedAlgorithm"
    case .invalidSignature: "invalidSignature"
    case .signingFailed: "signingFailed"
    }
  }

  /// A one-line explanation.
  public var description: String {
    switch self {
    case .invalidEncoding(let detail): "invalidEncoding: \(detail)"
    case .unsupportedAlgorithm(let algorithm): "unsupportedAlgorithm: alg '\(algorithm)' is not ES256"
    case .invalidSignature: "invalidSignature: the signature does not match the key and content"
    case .signingFailed(let detail): "signingFailed: \(detail)"
    }
  }
}
