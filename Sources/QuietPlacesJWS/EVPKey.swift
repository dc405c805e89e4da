import COpenSSL
import FoundationEssentials

/// Owns one libcrypto `EVP_PKEY` and frees it.
///
/// Internal: the key types keep one, parsed and checked once, for their whole
/// life. Only operations that leave the key as it is (signing, verifying,
/// reading its point or its encodings) are made with it, which libcrypto allows
/// from several threads at once; so it may be shared.
final class EVPKey: @unchecked Sendable {
  let pointer: OpaquePointer

  private init(_ pointer: OpaquePointer) { self.pointer = pointer }

  deinit { EVP_PKEY_free(pointer) }

  /// Generates a new P-256 key pair.
  static func generate() -> EVPKey? {
    qp_p256_generate().map(EVPKey.init)
  }

  /// Parses a DER private key (PKCS#8 or SEC1) on P-256.
  static func privateKey(der: Data) -> EVPKey? {
    guard !der.isEmpty else { return nil }
    return der.withUnsafeBytes { buffer in
      qp_p256_private_from_der(buffer.bindMemory(to: UInt8.self).baseAddress, buffer.count).map(EVPKey.init)
    }
  }

  /// Builds a P-256 public key from an uncompressed point, checked to lie on the curve.
  static func publicKey(point: Data) -> EVPKey? {
    guard point.count == 65 else { return nil }
    return point.withUnsafeBytes { buffer in
      qp_p256_public_from_point(buffer.bindMemory(to: UInt8.self).baseAddress, buffer.count).map(EVPKey.init)
    }
  }

  /// The uncompressed public point, 65 bytes.
  var publicPoint: Data? {
    var point = [UInt8](repeating: 0, count: 65)
    guard qp_p256_public_point(pointer, &point) == 1 else { return nil }
    return Data(point)
  }

  /// The PKCS#8 DER form of the private key: built directly for P-256, through libcrypto's
  /// encoder for anything else.
  var pkcs8: Data? {
    Self.serialize { qp_p256_private_to_pkcs8(pointer, $0, $1) }
      ?? Self.serialize { qp_private_to_pkcs8(pointer, $0, $1) }
  }

  /// The DER SubjectPublicKeyInfo of the public key.
  var subjectPublicKeyInfo: Data? {
    Self.serialize { qp_public_key_spki(pointer, $0, $1) }
  }

  /// Measures, then writes, a DER encoding through a `qp_` serializer.
  static func serialize(_ write: (UnsafeMutablePointer<UInt8>?, Int) -> Int) -> Data? {
    let length = write(nil, 0)
    guard length > 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: length)
    let written = bytes.withUnsafeMutableBufferPointer { write($0.baseAddress, $0.count) }
    guard written == length else { return nil }
    return Data(bytes)
  }
}
