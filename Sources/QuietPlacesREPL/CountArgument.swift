/// How many of something a command asks for (`hire N|max`, `upgrade sails N|max`): a number or `max`.
public enum CountArgument: Sendable, Equatable {
  /// An exact number, from 1 to ``maximum``.
  case count(Int)
  /// As many as can be afforded.
  case max

  /// The largest number a command accepts.
  public static let maximum = 1_000_000

  /// Why typed text is not a count; `description` says what would be right.
  public enum ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing was typed.
    case empty
    /// Not a whole number written in digits (a sign, a fraction, an exponent, a word).
    case notACount(String)
    /// Zero.
    case zero
    /// More than ``CountArgument/maximum``.
    case tooMany(String)

    /// One sentence: what was wrong, and what would be right.
    public var description: String {
      let range = "a whole number from 1 to 1,000,000, or max"
      switch self {
      case .empty: return "a count is missing; write \(range)"
      case .notACount(let text): return "'\(text.fromOutside)' is not a count; write \(range)"
      case .zero: return "0 is too few; write \(range)"
      case .tooMany(let text): return "'\(text.fromOutside)' is more than 1,000,000; write \(range)"
      }
    }
  }

  /// Reads `max` (in any case) or a whole number in digits from 1 to ``maximum``.
  public static func parse(_ text: String) throws(ParseError) -> CountArgument {
    guard !text.isEmpty else { throw .empty }
    if text.lowercased() == "max" { return .max }
    guard text.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw .notACount(text) }
    // Digits only: anything longer than seven digits (leading zeros aside) is beyond the maximum.
    let significant = text.drop { $0 == "0" }
    guard significant.count <= 7, let value = Int(significant.isEmpty ? "0" : significant) else {
      throw .tooMany(text)
    }
    if value == 0 { throw .zero }
    if value > maximum { throw .tooMany(text) }
    return .count(value)
  }
}
