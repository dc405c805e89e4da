import COpenSSL
import FoundationEssentials

/// SHA-256 digests, from libcrypto.
public enum SHA256 {
  /// The digest of `data` as 64 lower-case hex digits.
  ///
  /// libcrypto's one-shot digest fails only when it cannot allocate; the result is then empty, which
  /// no real digest equals.
  public static func hex(_ data: Data) -> String {
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    let ok = data.withUnsafeBytes { buffer in
      EVP_Digest(buffer.baseAddress, buffer.count, &digest, &length, EVP_sha256(), nil)
    }
    guard ok == 1, length == 32 else { return "" }
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(64)
    for byte in digest {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
