import QuietPlacesUtilities

/// Why a balance file could not be used; each case names the file and the key.
public enum BalanceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be read.
  case unreadable(file: String, reason: String)
  /// The file holds `bytes`, more than the `limit` a balance file may have; it was not read.
  case tooLarge(file: String, bytes: Int, limit: Int)
  /// The file is not JSON.
  case notJSON(file: String, reason: String)
  /// An object of the file gives a key twice (`key` is its path); `line` and `column` (from 1) are
  /// where it is given again. JSON leaves open which value counts, so neither is taken.
  case duplicateKey(file: String, key: String, line: Int, column: Int)
  /// A key the rules need is missing.
  case missingKey(file: String, key: String)
  /// A key holds a value of the wrong kind.
  case wrongType(file: String, key: String, expected: String)
  /// A key the file has, whose value is `null` where the rules need `expected` (`a number`).
  case nullValue(file: String, key: String, expected: String)
  /// A key holds a value outside what the rules accept.
  case invalidValue(file: String, key: String, reason: String)
  /// A key the balance has no number for (a typo would otherwise change nothing).
  case unknownKey(file: String, key: String, closest: String?)

  public var description: String {
    switch self {
    case .unreadable(let file, let reason): "\(file): cannot be read (\(reason))"
    case .tooLarge(let file, let bytes, let limit):
      "\(file): \(FileBytes.Problem.tooLarge(bytes: bytes, limit: limit).reason(for: "a balance file")); "
        + "give the path of a balance.json"
    case .notJSON(let file, let reason): "\(file): not JSON (\(reason))"
    case .duplicateKey(let file, let key, let line, let column):
      "\(file):\(line):\(column): key '\(key)' is given twice; a key holds one value, so give it once"
    case .missingKey(let file, let key): "\(file): key '\(key)' is missing"
    case .wrongType(let file, let key, let expected): "\(file): key '\(key)' should be \(expected)"
    case .nullValue(let file, let key, let expected):
      "\(file): key '\(key)' is present but null; give it \(expected)"
    case .invalidValue(let file, let key, let reason): "\(file): key '\(key)' \(reason)"
    case .unknownKey(let file, let key, let closest):
      "\(file): key '\(key)' is not a balance number"
        + (closest.map { "; did you mean '\($0)'?" } ?? "; remove it, or name a key the balance has")
    }
  }
}
