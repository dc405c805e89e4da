/// Why a key, signature or certificate could not be made or read.
public enum ES256Error: Error, Sendable, Equatable, CustomStringConvertible {
  /// The bytes are not a P-256 private key in DER (PKCS#8 or SEC1) form.
  case invalidPrivateKey(String)
  /// The bytes are not an uncompressed P-256 point on the curve.
  case invalidPublicKey(String)
  /// The bytes are not an ECDSA P-256 signature in the expected form.
  case invalidSignatureEncoding(String)
  /// libcrypto failed at an operation that should not fail (out of memory, bad arguments).
  case cryptoFailure(String)

  /// A one-line explanation.
  public var description: String {
    switch self {
    case .invalidPrivateKey(let detail): "invalid private key: \(detail)"
    case .invalidPublicKey(let detail): "invalid public key: \(detail)"
    case .invalidSignatureEncoding(let detail): "invalid signature encoding: \(detail)"
    case .cryptoFailure(let detail): "libcrypto failure: \(detail)"
    }
  }
}
