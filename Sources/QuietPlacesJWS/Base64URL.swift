import FoundationEssentials

/// Base64url encoding without padding (RFC 4648 §5), as JWS uses it.
///
/// Decoding is strict: it accepts only the url alphabet (`A–Z a–z 0–9 - _`),
/// no padding, no whitespace, no length that leaves a lone character, and no
/// non-zero bits in the last character's unused low bits, so every byte string
/// has exactly one accepted encoding.
public enum Base64URL {
  /// Why a string is not canonical unpadded base64url.
  public enum DecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The UTF-8 byte at `offset` is not in the base64url alphabet.
    case invalidCharacter(offset: Int)
    /// The length (in characters) leaves a lone character, which cannot encode a byte.
    case invalidLength(Int)
    /// The last character carries bits that do not belong to any byte.
    case nonZeroTrailingBits

    /// A one-line explanation.
    public var description: String {
      switch self {
      case .invalidCharacter(let offset): "invalid base64url character at byte \(offset)"
      case .invalidLength(let length): "base64url length \(length) leaves a lone character"
      case .nonZeroTrailingBits: "base64url text has non-zero trailing bits"
      }
    }
  }

  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// Encodes bytes as base64url without padding.
  public static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
    bytes.withContiguousStorageIfAvailable(encode(buffer:))
      ?? Array(bytes).withUnsafeBufferPointer(encode(buffer:))
  }

  /// Encodes contiguous bytes, read without an iterator's overhead for each byte.
  private static func encode(buffer bytes: UnsafeBufferPointer<UInt8>) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count * 4 + 2) / 3)
    var buffer: UInt32 = 0
    var bits = 0
    for byte in bytes {
      buffer = (buffer << 8) | UInt32(byte)
      bits += 8
      while bits >= 6 {
        bits -= 6
        output.append(alphabet[Int((buffer >> UInt32(bits)) & 0x3F)])
      }
      buffer &= (1 << UInt32(bits)) - 1
    }
    if bits > 0 {
      output.append(alphabet[Int((buffer << UInt32(6 - bits)) & 0x3F)])
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Decodes unpadded base64url text, rejecting anything that is not its canonical form.
  public static func decode(_ text: some StringProtocol) throws(DecodingError) -> Data {
    let result =
      text.utf8.withContiguousStorageIfAvailable(decode(utf8:))
      ?? Array(text.utf8).withUnsafeBufferPointer(decode(utf8:))
    return try result.get()
  }

  /// The value of each byte in the alphabet, 0xFF for every other byte.
  private static let sextets: [UInt8] = (0...255).map { byte in
    alphabet.firstIndex(of: UInt8(byte)).map(UInt8.init) ?? 0xFF
  }

  /// Decodes UTF-8 text over raw buffers, so a JWS (whose header carries a certificate) decodes
  /// cheaply in debug builds too. Errors come in the order of the rules: length, character, bits.
  private static func decode(utf8 characters: UnsafeBufferPointer<UInt8>) -> Result<Data, DecodingError> {
    let count = characters.count
    if count % 4 == 1 { return .failure(.invalidLength(count)) }
    var output = [UInt8](repeating: 0, count: count * 3 / 4)
    var failure: DecodingError?
    var buffer: UInt32 = 0
    sextets.withUnsafeBufferPointer { table in
      output.withUnsafeMutableBufferPointer { bytes in
        var bits = 0
        var written = 0
        var offset = 0
        while offset < count {
          let value = table[Int(characters[offset])]
          if value == 0xFF {
            failure = .invalidCharacter(offset: offset)
            return
          }
          buffer = (buffer << 6) | UInt32(value)
          bits += 6
          if bits >= 8 {
            bits -= 8
            bytes[written] = UInt8(truncatingIfNeeded: buffer >> UInt32(bits))
            written += 1
            buffer &= (1 << UInt32(bits)) - 1
          }
          offset += 1
        }
      }
    }
    if let failure { return .failure(failure) }
    if buffer != 0 { return .failure(.nonZeroTrailingBits) }
    return .success(Data(output))
  }
}
