/// One `--vary KEY=A,B,C` or `KEY=FROM..TO/STEPS`: values of one key of the balance, each tried on
/// its own around the baseline balance (one at a time, not combined with the other keys varied).
public struct BalanceVariation: Sendable, Hashable {
  /// The key, written canonically.
  public var key: String
  /// The values as written (a range's values as computed, shortest).
  public var values: [String]

  /// The settings, one per value.
  public var settings: [BalanceSetting] {
    values.map { BalanceSetting(key: key, value: $0, option: "--vary") }
  }

  /// The most values a range gives.
  public static let maximumSteps = 100

  /// Reads `KEY=A,B,C` or `KEY=FROM..TO/STEPS` (STEPS equal steps from FROM to TO: STEPS + 1 values).
  public static func parse(_ text: String) throws(LabError) -> BalanceVariation {
    let first = try BalanceSetting.parse(text, option: "--vary")
    let value = first.value
    if value.contains("..") {
      let ends = value.split(separator: "/", omittingEmptySubsequences: false)
      let bounds = ends[0].split(separator: "..", omittingEmptySubsequences: false)
      guard ends.count == 2, bounds.count == 2, let from = Double(bounds[0]), let to = Double(bounds[1]),
        from.isFinite, to.isFinite, let steps = Int(ends[1])
      else { throw .notARange(text) }
      // A range that reads but cannot be taken says which part is wrong.
      guard from != to else { throw .rangeWithoutWidth(text, key: first.key, end: String(bounds[0])) }
      guard (1...maximumSteps).contains(steps) else { throw .rangeSteps(text, steps: steps) }
      let values = (0...steps).map { k in from + (to - from) * Double(k) / Double(steps) }
      return BalanceVariation(key: first.key, values: values.map(Self.shortest))
    }
    let values = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard !values.contains(where: \.isEmpty) else { throw .notARange(text) }
    // A value given twice is refused when the plan is made (`SimulatePlan.checkRepeats`), not dropped.
    return BalanceVariation(key: first.key, values: values)
  }

  /// A range's value rounded to 12 significant digits and written shortest (`1.5`, not
  /// `1.5000000000000002`).
  static func shortest(_ value: Double) -> String {
    guard value != 0 else { return "0" }
    let magnitude = value.magnitude
    var exponent = 0
    var scale = 1.0
    while magnitude * scale < 1e11 {
      scale *= 10
      exponent += 1
    }
    while magnitude * scale >= 1e12 {
      scale /= 10
      exponent -= 1
    }
    let rounded = (value * scale).rounded() / scale
    return SweepOutput.number(rounded)
  }
}
