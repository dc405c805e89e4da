import FoundationEssentials
import QuietPlacesGame
import QuietPlacesUtilities

/// One `--set KEY=VALUE`: a path into `balance.json` and the value put there.
public struct BalanceSetting: Sendable, Hashable {
  /// The path as written canonically (`equipment.sails.priceGrowth`, `routes[1].charterCost`).
  public var key: String
  /// The value as the user wrote it.
  public var value: String
  /// The option that gave it, as errors name it: `--set`, or `--vary` for one of its values.
  public var option: String

  /// A setting of `key` to `value`, given by `option`.
  public init(key: String, value: String, option: String = "--set") {
    self.key = key
    self.value = value
    self.option = option
  }

  /// `KEY=VALUE` as written.
  public var text: String { "\(key)=\(value)" }

  /// The option with its value, as typed: `--set KEY=VALUE`, `--vary KEY=VALUE`.
  public var shown: String { "\(option) \(text)" }

  /// Reads `KEY=VALUE` (the key is checked against a balance later).
  public static func parse(_ text: String, option: String = "--set") throws(LabError) -> BalanceSetting {
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
      key: path.description, value: String(text[text.index(after: equals)...]), option: option)
  }
}

/// Balance files and `--set` changes turned into rules, with errors that name the key.
public enum BalanceVariant {
  /// Reads a balance file as the game reads `balance.json`: a key the balance has no number for (a
  /// typo) is refused with the closest known key, and every number is validated.
  public static func load(file: String, in directory: URL? = nil) throws(LabError) -> Balance {
    let url = path(file, in: directory)
    let name = url.lastPathComponent
    let data: Data
    do {
      data = try FileBytes.read(url, atMost: Balance.maximumFileSize)
    } catch .tooLarge(let bytes, let limit) {
      throw .balance(.tooLarge(file: name, bytes: bytes, limit: limit))
    } catch {
      throw .balanceFileUnreadable(file)
    }
    guard (try? JSONDecoder().decode(JSONValue.self, from: data)) != nil else {
      throw .balanceFileNotJSON(name)
    }
    do {
      return try Balance.parse(data, file: name)
    } catch {
      throw .balance(error)
    }
  }

  /// Where `file` is: itself when absolute, else in `directory` (the current folder without one).
  public static func path(_ file: String, in directory: URL?) -> URL {
    guard let directory, !file.hasPrefix("/") else { return URL(fileURLWithPath: file) }
    return directory.appendingPathComponent(file)
  }

  /// `balance` with the settings applied, validated as the game validates `balance.json`: each key
  /// must be one the balance has a value for, each value of that value's type (a whole number where
  /// the balance holds one) and in the game's range. Errors name the option that gave the setting.
  public static func apply(_ settings: [BalanceSetting], to balance: Balance) throws(LabError) -> Balance {
    guard !settings.isEmpty else { return balance }
    var document = try tree(of: balance)
    for setting in settings {
      let value = try BalanceKeys.check(setting, in: document) { path in wholeNumber(at: path, in: document) }
      guard let path = JSONKeyPath(parsing: setting.key),
        let changed = document.replacingLeaf(at: path, with: value)
      else {
        throw .setting(setting, .unknownKey(closest: nil, keys: []))
      }
      document = changed
    }
    // Written as text: numbers keep their digits (a `Decimal` would turn 1e150 into 0).
    let data = Data(document.text.utf8)
    let every = settings.map(\.shown).joined(separator: " ")
    do {
      // The document is the balance's own tree with checked leaves replaced: its keys are known.
      return try Balance.parse(data, file: every, knownKeys: true)
    } catch {
      // The game names the key it refuses: the error names the setting that put the value there.
      guard let key = error.key, let setting = settings.last(where: { $0.key == key }) else {
        throw .balance(error)
      }
      throw .balance(error.in(setting.shown))
    }
  }

  /// Whether the balance holds a whole number at `path` (a count such as a level limit): the game
  /// reads the document with a fraction there as no balance at all.
  static func wholeNumber(at path: JSONKeyPath, in document: JSONValue) -> Bool {
    guard let probe = document.replacingLeaf(at: path, with: .number("0.5")) else { return false }
    return (try? JSONDecoder().decode(Balance.self, from: Data(probe.text.utf8))) == nil
  }

  /// The balance as a JSON document, numbers as the encoder wrote them.
  static func tree(of balance: Balance) throws(LabError) -> JSONValue {
    do {
      return try JSONValue(parsing: try JSONEncoder().encode(balance))
    } catch {
      throw .balanceNotJSON(changed: false)
    }
  }
}

extension BalanceError {
  /// The key the error is about, if any.
  var key: String? {
    switch self {
    case .missingKey(_, let key), .wrongType(_, let key, _), .invalidValue(_, let key, _),
      .unknownKey(_, let key, _), .duplicateKey(_, let key, _, _), .nullValue(_, let key, _):
      key
    case .unreadable, .tooLarge, .notJSON: nil
    }
  }

  /// The same error, naming `file` as where the balance came from.
  func `in`(_ file: String) -> BalanceError {
    switch self {
    case .unreadable(_, let reason): .unreadable(file: file, reason: reason)
    case .tooLarge(_, let bytes, let limit): .tooLarge(file: file, bytes: bytes, limit: limit)
    case .notJSON(_, let reason): .notJSON(file: file, reason: reason)
    case .duplicateKey(_, let key, let line, let column):
      .duplicateKey(file: file, key: key, line: line, column: column)
    case .missingKey(_, let key): .missingKey(file: file, key: key)
    case .wrongType(_, let key, let expected): .wrongType(file: file, key: key, expected: expected)
    case .nullValue(_, let key, let expected): .nullValue(file: file, key: key, expected: expected)
    case .invalidValue(_, let key, let reason): .invalidValue(file: file, key: key, reason: reason)
    case .unknownKey(_, let key, let closest): .unknownKey(file: file, key: key, closest: closest)
    }
  }
}
