import QuietPlacesLab
import QuietPlacesStore

// The lab's values as options: each read by the lab's own reader (the same one `autoplay` uses), its
// refusal kept as the lab's error.

extension ValueReader where Value == StrategyKind {
  /// `payback|cheapest|idle`.
  public static var strategy: ValueReader {
    ValueReader(
      placeholder: StrategyKind.allCases.map(\.rawValue).joined(separator: "|"), example: "payback",
      read: { (text: String, _: String) throws(ValueProblem) in
        do throws(LabError) { return try StrategyKind.parse(text) } catch { throw .lab(error) }
      }, text: \.rawValue)
  }
}

extension ValueReader where Value == Double? {
  /// `R|never`: New Bearings when its gain reaches R × Knowledge, or never.
  public static var bearingsAt: ValueReader {
    ValueReader(
      placeholder: "R|never", example: "0.5",
      read: { (text: String, _: String) throws(ValueProblem) in
        do throws(LabError) { return try Strategy.parseBearingsAt(text) } catch { throw .lab(error) }
      }, text: { $0.map(Strategy.ratioText) ?? "never" })
  }
}

extension ValueReader where Value == Bool {
  /// `on|off`.
  public static var onOff: ValueReader {
    ValueReader(
      placeholder: "on|off", example: "on",
      read: { (text: String, option: String) throws(ValueProblem) in
        do throws(LabError) { return try Strategy.parseSwitch(text, option: option) } catch {
          throw .lab(error)
        }
      }, text: { $0 ? "on" : "off" })
  }
}

extension ValueReader where Value == SessionModel {
  /// `ON/OFF|always`: sessions of ON online then OFF away, or always online.
  public static var sessions: ValueReader {
    ValueReader(
      placeholder: "ON/OFF|always", example: "15m/8h",
      read: { (text: String, _: String) throws(ValueProblem) in
        do throws(LabError) { return try SessionModel.parse(text) } catch { throw .lab(error) }
      }, text: \.name)
  }
}

extension ValueReader where Value == [ProductID] {
  /// `none|LIST`: products by name (`charts,hold`), in order.
  public static var products: ValueReader {
    ValueReader(
      placeholder: "none|LIST", example: "charts,hold",
      read: { (text: String, _: String) throws(ValueProblem) in
        do throws(LabError) { return try Strategy.parseOwned(text) } catch { throw .lab(error) }
      }, text: Strategy.ownedList)
  }
}

extension ValueReader where Value == BalanceSetting {
  /// `KEY=VALUE`: a path into `balance.json` and its value.
  public static var balanceSetting: ValueReader {
    ValueReader(
      placeholder: "KEY=VALUE", example: "equipment.sails.priceGrowth=1.5",
      read: { (text: String, _: String) throws(ValueProblem) in
        do throws(LabError) { return try BalanceSetting.parse(text) } catch { throw .lab(error) }
      }, text: \.text)
  }
}

extension ValueReader where Value == [Milestone] {
  /// `MILESTONE,...`: where a run stops.
  public static var milestones: ValueReader {
    ValueReader(
      placeholder: "MILESTONE,...", example: "bearings,time:30d",
      read: { (text: String, _: String) throws(ValueProblem) in
        do throws(LabError) { return try Milestone.parseList(text) } catch { throw .lab(error) }
      }, text: { $0.map(\.name).joined(separator: ",") })
  }
}

extension ValueReader where Value == Int64 {
  /// A duration of at least 1 s (`8h`, `1h30m`, `52w`, `10y`), in seconds; errors show `examples`.
  public static func duration(examples: [String]) -> ValueReader {
    ValueReader(
      placeholder: "DURATION", example: examples.first ?? "1d",
      read: { (text: String, option: String) throws(ValueProblem) in
        let shown = examples.map { "\(option) \($0)" }.joined(separator: " or ")
        do throws(LabError) {
          return try LabDuration.positive(text, shown: "\(option) \(text)", example: shown)
        } catch {
          throw .lab(error)
        }
      },
      text: { seconds in
        let year: Int64 = 31_557_600
        return seconds > 0 && seconds % year == 0 ? "\(seconds / year)y" : LabDuration.typed(seconds)
      })
  }
}
