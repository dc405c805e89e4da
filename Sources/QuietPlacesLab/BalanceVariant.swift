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
  /// Reads a balance file as the game reads `balance.json`: a key the balance has no number for (a
  /// typo) is refused with the closest known key, and every number is validated.
  public static func load(file: String) throws(LabError) -> Balance {
    let url = URL(fileURLWithPath: file)
    guard let data = try? Data(contentsOf: url) else {
      throw .balanceFileUnreadable(file)
    }
    let name = url.lastPathComponent
    guard (try? JSONDecoder().decode(JSONValue.self, from: data)) != nil else {
      throw .balanceFileNotJSON(name)
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
      // The document is the balance's own tree with checked leaves replaced: its keys are known.
      return try Balance.parse(
        data, file: "--set " + settings.map(\.text).joined(separator: " "), knownKeys: true)
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
