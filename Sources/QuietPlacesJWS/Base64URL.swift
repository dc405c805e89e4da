import Foundation

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
    var output: [UInt8] = []
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
    let characters = Array(text.utf8)
    if characters.count % 4 == 1 { throw .invalidLength(characters.count) }
    var output = Data(capacity: characters.count * 3 / 4)
    var buffer: UInt32 = 0
    var bits = 0
    for (offset, character) in characters.enumerated() {
      guard let value = sextet(character) else { throw .invalidCharacter(offset: offset) }
      buffer = (buffer << 6) | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
        buffer &= (1 << UInt32(bits)) - 1
      }
    }
    if buffer != 0 { throw .nonZeroTrailingBits }
    return output
  }

  private static func sextet(_ character: UInt8) -> UInt8? {
    switch character {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
    case UInt8(ascii: "-"): 62
    case UInt8(ascii: "_"): 63
    default: nil
    }
  }
}
