import FoundationEssentials

/// An ECDSA P-256 signature, held as JWS wants it: raw `r‖s`, 32 big-endian bytes each.
///
/// libcrypto reads and writes the DER form (`SEQUENCE { INTEGER r, INTEGER s }`),
/// where each integer is minimal and gets a leading zero byte when its high bit
/// is set; this type converts strictly in both directions.
public struct ES256Signature: Sendable, Hashable {
  /// The size of one coordinate (`r` or `s`) in bytes.
  public static let coordinateSize = 32

  /// The raw form: `r` then `s`, each left-padded with zeros to 32 bytes (64 bytes).
  public let rawRepresentation: Data

  /// Reads the raw 64-byte `r‖s` form.
  public init(rawRepresentation: Data) throws(ES256Error) {
    guard rawRepresentation.count == 2 * Self.coordinateSize else {
      throw .invalidSignatureEncoding("raw signature is \(rawRepresentation.count) bytes, expected 64")
    }
    self.rawRepresentation = Data(rawRepresentation)
  }

  /// Reads the strict DER form, as libcrypto produces it.
  public init(derRepresentation: Data) throws(ES256Error) {
    let bytes = [UInt8](derRepresentation)
    // For P-256 the whole sequence is at most 72 bytes, so every length is in short form.
    guard bytes.count >= 2, bytes[0] == 0x30 else {
      throw .invalidSignatureEncoding("DER signature does not start with a SEQUENCE")
    }
    guard bytes[1] < 0x80, Int(bytes[1]) == bytes.count - 2 else {
      throw .invalidSignatureEncoding("DER sequence length does not match the \(bytes.count) bytes given")
    }
    var index = 2
    let r = try Self.readInteger(bytes, at: &index, name: "r")
    let s = try Self.readInteger(bytes, at: &index, name: "s")
    guard index == bytes.count else {
      throw .invalidSignatureEncoding("DER signature has bytes after s")
    }
    self.rawRepresentation = Data(r + s)
  }

  /// The strict DER form: a SEQUENCE of two minimal, non-negative INTEGERs.
  public var derRepresentation: Data {
    let raw = [UInt8](rawRepresentation)
    let r = Self.derInteger(raw[0..<Self.coordinateSize])
    let s = Self.derInteger(raw[Self.coordinateSize...])
    return Data([0x30, UInt8(r.count + s.count)] + r + s)
  }

  /// Encodes a 32-byte big-endian number as a DER INTEGER (tag, length, minimal content).
  private static func derInteger(_ coordinate: ArraySlice<UInt8>) -> [UInt8] {
    var content = Array(coordinate.drop { $0 == 0 })
    if content.isEmpty { content = [0] }
    if content[0] & 0x80 != 0 { content.insert(0, at: 0) }
    return [0x02, UInt8(content.count)] + content
  }

  /// Reads one DER INTEGER at `index` as a 32-byte big-endian coordinate.
  private static func readInteger(_ bytes: [UInt8], at index: inout Int, name: String) throws(ES256Error)
    -> [UInt8]
  {
    guard index + 2 <= bytes.count, bytes[index] == 0x02 else {
      throw .invalidSignatureEncoding("DER signature has no INTEGER \(name)")
    }
    let length = Int(bytes[index + 1])
    let start = index + 2
    guard length >= 1, length <= coordinateSize + 1, start + length <= bytes.count else {
      throw .invalidSignatureEncoding("DER INTEGER \(name) has length \(length)")
    }
    var content = Array(bytes[start..<start + length])
    index = start + length
    guard content[0] & 0x80 == 0 else {
      throw .invalidSignatureEncoding("DER INTEGER \(name) is negative")
    }
    if content.count > 1, content[0] == 0 {
      guard content[1] & 0x80 != 0 else {
        throw .invalidSignatureEncoding("DER INTEGER \(name) is not minimally encoded")
      }
      content.removeFirst()
    }
    guard content.count <= coordinateSize else {
      throw .invalidSignatureEncoding("DER INTEGER \(name) is longer than 32 bytes")
    }
    return [UInt8](repeating: 0, count: coordinateSize - content.count) + content
  }
}
