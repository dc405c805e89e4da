/// Whole numbers as the command line and the environment give them: ASCII digits only (no sign, no
/// spaces), small enough for an `Int`.
enum WholeNumber {
  /// The value of `text`, or `nil` when it is not digits only or too large.
  static func read(_ text: String) -> Int? {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(text)
  }
}
