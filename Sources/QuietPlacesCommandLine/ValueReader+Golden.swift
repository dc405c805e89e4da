extension ValueReader where Value == Int {
  /// The longest `--timeout` a script may be given: a day.
  public static var longestTimeout: Int { 86_400 }

  /// `test --timeout SECONDS`: whole seconds, from 1 to ``longestTimeout``.
  public static var timeoutSeconds: ValueReader {
    ValueReader(
      placeholder: "SECONDS", example: "60",
      read: { (text: String, _: String) throws(ValueProblem) in
        guard let seconds = WholeNumber.read(text), (1...longestTimeout).contains(seconds) else {
          throw .notWholeNumber(in: 1...longestTimeout)
        }
        return seconds
      }, text: { String($0) })
  }
}
