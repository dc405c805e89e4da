import COpenSSL
import FoundationEssentials

/// A P-256 public key that checks ES256 signatures.
///
/// Kept as its X9.63 uncompressed point (`0x04‖x‖y`, 65 bytes), which is
/// checked to lie on the curve when the key is made, beside the key libcrypto
/// built from it then, which every verification uses. Two keys are equal when
/// their points are.
public struct ES256PublicKey: Sendable, Hashable {
  /// The X9.63 uncompressed point, 65 bytes.
  public let x963Representation: Data
  /// libcrypto's key, built and checked when this key was made.
  private let key: EVPKey

  /// Reads an X9.63 uncompressed point (65 bytes, first byte `0x04`) on P-256.
  public init(x963Representation: Data) throws(ES256Error) {
    guard x963Representation.count == 65 else {
      throw .invalidPublicKey("point is \(x963Representation.count) bytes, expected 65")
    }
    guard x963Representation.first == 0x04 else {
      throw .invalidPublicKey("point is not in uncompressed form (first byte 0x04)")
    }
    guard let key = EVPKey.publicKey(point: x963Representation) else {
      throw .invalidPublicKey("point is not on the P-256 curve")
    }
    self.x963Representation = Data(x963Representation)
    self.key = key
  }

  public static func == (lhs: ES256PublicKey, rhs: ES256PublicKey) -> Bool {
    lhs.x963Representation == rhs.x963Representation
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(x963Representation)
  }

  /// Whether `signature` is a valid ECDSA P-256 / SHA-256 signature of `data` by this key.
  public func isValidSignature(_ signature: ES256Signature, for data: Data) -> Bool {
    let der = signature.derRepresentation
    return data.withUnsafeBytes { message in
      der.withUnsafeBytes { signatureBytes in
        qp_verify_sha256(
          key.pointer, message.bindMemory(to: UInt8.self).baseAddress, message.count,
          signatureBytes.bindMemory(to: UInt8.self).baseAddress, signatureBytes.count) == 1
      }
    }
  }

  /// The DER SubjectPublicKeyInfo of this key (what a certificate or PEM file carries).
  public func subjectPublicKeyInfoDER() throws(ES256Error) -> Data {
    guard let der = key.subjectPublicKeyInfo else {
      throw .cryptoFailure("could not encode the public key as SubjectPublicKeyInfo")
    }
    return der
  }
}

extension ES256PublicKey: Codable {
  /// Decodes the key from a standard base64 string of its X9.63 point.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let bytes = Data(base64Encoded: text) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "public key is not base64")
    }
    do {
      try self.init(x963Representation: bytes)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }

  /// Encodes the key as a standard base64 string of its X9.63 point.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(x963Representation.base64EncodedString())
  }
}
