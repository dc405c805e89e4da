import COpenSSL
import FoundationEssentials
import Synchronization

/// A P-256 private key that makes ES256 signatures.
///
/// Kept as PKCS#8 DER bytes, so a store can persist it (for example as
/// base64 in a JSON file, which is what its `Codable` form is), beside the
/// key libcrypto parsed and checked once, which every signature uses.
public struct ES256PrivateKey: Sendable {
  /// The PKCS#8 DER form of the key.
  public let pkcs8DERRepresentation: Data
  /// The matching public key.
  public let publicKey: ES256PublicKey
  /// libcrypto's key, parsed and checked when this key was made.
  private let key: EVPKey

  /// Generates a new random P-256 key.
  public init() throws(ES256Error) {
    guard let key = EVPKey.generate() else { throw .cryptoFailure("could not generate a P-256 key") }
    try self.init(key: key)
    Self.parsed.remember(self)
  }

  /// Reads a P-256 private key from DER: PKCS#8 (as `pkcs8DERRepresentation` writes) or SEC1.
  ///
  /// Reading is a pure function of the bytes, and the costly part of opening an account (libcrypto
  /// decodes and checks the key): the keys of recent readings and generations are kept by their
  /// bytes, so the same bytes read again (an account put back from a snapshot, a new account's
  /// key) give the key already made.
  public init(pkcs8DERRepresentation der: Data) throws(ES256Error) {
    if let known = Self.parsed[der] {
      self = known
      return
    }
    guard let key = EVPKey.privateKey(der: der) else {
      throw .invalidPrivateKey("not a valid P-256 private key in PKCS#8 or SEC1 DER (\(der.count) bytes)")
    }
    try self.init(key: key)
    Self.parsed.remember(self, as: der)
  }

  /// The keys of recent readings and generations, by their DER bytes.
  private static let parsed = KnownKeys()

  private init(key: EVPKey) throws(ES256Error) {
    guard let der = key.pkcs8 else { throw .cryptoFailure("could not encode the key as PKCS#8") }
    guard let point = key.publicPoint else { throw .cryptoFailure("could not read the public point") }
    self.pkcs8DERRepresentation = der
    self.publicKey = try ES256PublicKey(x963Representation: point)
    self.key = key
  }

  /// Signs `data` with ECDSA P-256 / SHA-256 and returns the raw `r‖s` signature.
  public func signature(for data: Data) throws(ES256Error) -> ES256Signature {
    var der = [UInt8](repeating: 0, count: 80)
    let length = data.withUnsafeBytes { message in
      der.withUnsafeMutableBufferPointer { out in
        qp_sign_sha256(
          key.pointer, message.bindMemory(to: UInt8.self).baseAddress, message.count, out.baseAddress,
          out.count)
      }
    }
    guard length > 0 else { throw .cryptoFailure("signing failed") }
    return try ES256Signature(derRepresentation: Data(der[0..<length]))
  }

  /// libcrypto's `EVP_PKEY` for this key, for other operations in this module.
  var evpKey: EVPKey { key }
}

extension ES256PrivateKey: Codable {
  /// Decodes the key from a standard base64 string of its PKCS#8 DER form.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let bytes = Data(base64Encoded: text) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "private key is not base64")
    }
    do {
      try self.init(pkcs8DERRepresentation: bytes)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }

  /// Encodes the key as a standard base64 string of its PKCS#8 DER form.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(pkcs8DERRepresentation.base64EncodedString())
  }
}

extension ES256PrivateKey {
  /// Recent private keys by their DER bytes (as read, and as written); at most ``limit`` are kept
  /// (all are forgotten when it is reached, and read again when they come back).
  fileprivate final class KnownKeys: Sendable {
    /// The most keys kept.
    static let limit = 64

    private let keys = Mutex<[Data: ES256PrivateKey]>([:])

    subscript(der: Data) -> ES256PrivateKey? { keys.withLock { $0[der] } }

    /// Keeps `key` under its PKCS#8 bytes, and under `der` when it was read from other bytes (SEC1).
    func remember(_ key: ES256PrivateKey, as der: Data? = nil) {
      keys.withLock { keys in
        if keys.count >= Self.limit { keys.removeAll() }
        keys[key.pkcs8DERRepresentation] = key
        if let der { keys[der] = key }
      }
    }
  }
}
