extension ValueReader where Value == Int {
  /// A whole number in `range`, such as `--runs N` or `--steps M`; errors show `example`.
  public static func wholeNumber(in range: ClosedRange<Int>, example: String) -> ValueReader {
    ValueReader(
      placeholder: "N", example: example,
      read: { (text: String, _: String) throws(ValueProblem) in
        guard let number = WholeNumber.read(text), range.contains(number) else {
          throw .notWholeNumber(in: range)
        }
        return number
      }, text: { String($0) })
  }
}
