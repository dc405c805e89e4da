import FoundationEssentials
import QuietPlacesGame
import QuietPlacesUtilities

/// One `--set KEY=VALUE`: a path into `balance.json` and the value put there.
public struct BalanceSetting: Sendable, Hashable {
  /// The path as written canonically (`equipment.sails.priceGrowth`, `routes[1].charterCost`).
  public var key: String
  /// The value as the user wrote it.
  public var value: String

  /// `KEY=VALUE` as written.
  public var text: String { "\(key)=\(value)" }

  /// Reads `KEY=VALUE` (the key is checked against a balance later).
  public static func parse(_ text: String) throws(LabError) -> BalanceSetting {
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex,
      text.index(after: equals) != text.endIndex
    else {
      throw .notKeyValue(text)
    }
    let key = String(text[..<equals])
    guard let path = JSONKeyPath(parsing: key) else {
      throw .notAKeyPath(key)
    }
    return BalanceSetting(
      key: path.description, value: String(text[text.index(after: equals)...]))
  }
}

/// Balance files and `--set` changes turned into rules, with errors that name the key.
public enum BalanceVariant {
  /// Reads a balance file, refusing keys the configuration's balance does not have (a typo) with the
  /// closest known key, then validating every number as the game does.
  public static func load(file: String, reference: Balance) throws(LabError) -> Balance {
    let url = URL(fileURLWithPath: file)
    guard let data = try? Data(contentsOf: url) else {
      throw .balanceFileUnreadable(file)
    }
    let name = url.lastPathComponent
    guard let document = try? JSONDecoder().decode(JSONValue.self, from: data) else {
      throw .balanceFileNotJSON(name)
    }
    let known = try tree(of: reference).shapePaths
    // The shortest unknown path: an unknown key's own keys are unknown too.
    let unknown = document.shapePaths.subtracting(known).sorted { ($0.count, $0) < ($1.count, $1) }
    if let first = unknown.first {
      throw .unknownBalanceFileKey(
        first, file: name, closest: BalanceKeys.closestShape(to: first, in: known))
    }
    do {
      return try Balance.parse(data, file: name)
    } catch {
      throw .balance(error)
    }
  }

  /// `balance` with the settings applied, validated as the game validates `balance.json`.
  public static func apply(_ settings: [BalanceSetting], to balance: Balance) throws(LabError) -> Balance {
    guard !settings.isEmpty else { return balance }
    var document = try tree(of: balance)
    for setting in settings {
      try BalanceKeys.check(setting, in: document)
      guard let path = JSONKeyPath(parsing: setting.key),
        let changed = document.replacingLeaf(at: path, with: JSONValue.literal(setting.value))
      else {
        throw .unknownSetKey(setting.key, closest: nil)
      }
      document = changed
    }
    let data: Data
    do {
      data = try JSONEncoder().encode(document)
    } catch {
      throw .balanceNotJSON(changed: true)
    }
    do {
      return try Balance.parse(data, file: "--set " + settings.map(\.text).joined(separator: " "))
    } catch {
      throw .balance(error)
    }
  }

  static func tree(of balance: Balance) throws(LabError) -> JSONValue {
    do {
      return try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(balance))
    } catch {
      throw .balanceNotJSON(changed: false)
    }
  }
}
