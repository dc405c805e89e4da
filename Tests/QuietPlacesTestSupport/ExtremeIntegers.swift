/// The integers a hostile or damaged file puts in a number field, and where a file's fields are, for
/// the tests that set every integer of a save, an account or a balance to every extreme in turn.
public enum ExtremeIntegers {
  /// The edges of every integer type a loader decodes, and one past the largest transaction ID.
  public static let values = [
    "0", "-1", "-9223372036854775808", "9223372036854775807", "18446744073709551615", "1000000000000001",
  ]

  /// Every number written as a whole number in JSON text (`"key":123` or `"key": 123`, followed by
  /// `,`, `}`, `]` or a line break): the key before it and the byte range of its digits.
  public static func fields(_ json: [UInt8]) -> [(key: String, range: Range<Int>)] {
    var found: [(key: String, range: Range<Int>)] = []
    for index in json.indices where json[index] == UInt8(ascii: ":") && index > 0 {
      guard json[index - 1] == UInt8(ascii: "\"") || json[index - 1] == UInt8(ascii: " ") else { continue }
      var start = index + 1
      while start < json.count, json[start] == UInt8(ascii: " ") { start += 1 }
      var end = start
      if end < json.count, json[end] == UInt8(ascii: "-") { end += 1 }
      while end < json.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(json[end]) { end += 1 }
      guard end > start, end < json.count, ",}]\n".utf8.contains(json[end]) else { continue }
      var keyEnd = index - 1
      while keyEnd > 0, json[keyEnd] != UInt8(ascii: "\"") { keyEnd -= 1 }
      var keyStart = keyEnd - 1
      while keyStart > 0, json[keyStart] != UInt8(ascii: "\"") { keyStart -= 1 }
      guard keyStart >= 0, keyStart < keyEnd else { continue }
      found.append((String(decoding: json[(keyStart + 1)..<keyEnd], as: UTF8.self), start..<end))
    }
    return found
  }

  /// The largest transaction ID a file may hold.
  public static let largestTransactionID: UInt64 = 1_000_000_000_000_000
  /// The last instant a file may hold: 9999-12-31T23:59:59Z.
  public static let latestInstant: Int64 = 253_402_300_799

  /// Whether a loader must refuse `value` in the field `key`: a transaction ID outside 1 to 10^15
  /// (the next one up to one past that), or a date outside 1970 to the end of 9999.
  public static func mustBeRefused(key: String, value: String) -> Bool {
    switch key {
    case "id", "transactionID":
      return UInt64(value).map { !(1...largestTransactionID).contains($0) } ?? true
    case "nextTransactionID":
      return UInt64(value).map { !(1...largestTransactionID + 1).contains($0) } ?? true
    case "clock", "purchaseDate", "revocationDate", "requestDate":
      return Int64(value).map { !(0...latestInstant).contains($0) } ?? true
    default:
      return false
    }
  }
}
