extension Int {
  /// The integer with a comma between each group of three digits, whatever its size and the locale:
  /// `1,234,567`, `-12,345`, `999`.
  public var withThousandsSeparators: String {
    let digits = String(magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return self < 0 ? "-" + result : result
  }
}
