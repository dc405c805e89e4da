import QuietPlacesAppStore
import QuietPlacesUtilities

/// What a run is made with, against which a script's `# requires: CONDITION` lines are checked: the
/// storefront the sessions start in, the fingerprints of the configuration files, the tool's version.
///
/// A condition is a word and a value:
/// - `storefront GBR`: the sessions start in that storefront (the StoreKit configuration's);
/// - `balance HASH`, `storekit HASH`: the file's fingerprint (the first 12 hex digits of the SHA-256
///   of its bytes) is HASH, so a script pinned to one balance is skipped, saying so, under another;
/// - `quietplaces VERSION`: the tool is that version or a later one (`1.2` is `1.2.0`).
public struct ScriptConditions: Sendable, Equatable {
  /// The storefront sessions start in (ISO 3166-1 alpha-3, such as `GBR`).
  public var storefront: String?
  /// Each configuration file's fingerprint by the name a condition uses (`balance`, `storekit`).
  public var fingerprints: [String: String]
  /// The tool's version, such as `1.0.0`.
  public var version: String?

  /// The words a condition may start with, in the order the documentation gives them.
  public static let words = ["storefront", "balance", "storekit", "quietplaces"]

  /// Makes the conditions of a run.
  public init(storefront: String? = nil, fingerprints: [String: String] = [:], version: String? = nil) {
    self.storefront = storefront
    self.fingerprints = fingerprints
    self.version = version
  }

  /// Why a `# requires:` line cannot be read.
  public enum Problem: Error, Sendable, Equatable {
    /// The condition is not `WORD VALUE` with a known word.
    case unknown(String)
    /// `quietplaces VERSION` with a version that is not dotted numbers.
    case badVersion(String)
    /// `storefront CODE` with a code that is no App Store storefront (it could never hold).
    case badStorefront(String)
    /// `balance HASH` or `storekit HASH` with a value that is not a fingerprint (it could never hold).
    case badFingerprint(word: String, value: String)

    /// What was wrong and what would be right.
    public var sentence: String {
      switch self {
      case .unknown(let condition):
        "'# requires: \(condition)' is not a condition; write one of "
          + "'storefront CODE', 'balance HASH', 'storekit HASH' or 'quietplaces VERSION'"
      case .badVersion(let version):
        "'\(version)' is not a version; write dotted numbers such as '1.0.0'"
      case .badStorefront(let code):
        "'\(code)' is not an App Store storefront, so the script would never run; write its ISO 3166-1 "
          + "alpha-3 code, such as GBR, USA, JPN or DEU"
      case .badFingerprint(let word, let value):
        "'\(value)' is not a \(word) fingerprint, so the script would never run; write the 12 hex digits "
          + "that status or test print after '\(word) '"
      }
    }
  }

  /// Why `condition` does not hold in this run (the reason the script is skipped), or `nil` when it
  /// holds.
  public func unmet(_ condition: String) throws(Problem) -> String? {
    let words = condition.split(whereSeparator: \.isWhitespace).map(String.init)
    guard words.count == 2, let word = words.first, Self.words.contains(word) else {
      throw .unknown(condition)
    }
    let wanted = words[1]
    switch word {
    case "storefront":
      guard Storefront(argument: wanted) != nil else { throw .badStorefront(wanted) }
      let actual = storefront ?? "unknown"
      return actual.uppercased() == wanted.uppercased()
        ? nil : "requires storefront \(wanted); this run's is \(actual)"
    case "quietplaces":
      guard let wantedParts = VersionNumber.parts(wanted) else { throw .badVersion(wanted) }
      let actual = version ?? "unknown"
      guard let actualParts = VersionNumber.parts(actual), !actualParts.lexicographicallyPrecedes(wantedParts)
      else { return "requires quietplaces \(wanted) or later; this is \(actual)" }
      return nil
    default:
      guard wanted.count == 12, wanted.allSatisfy(\.isHexDigit) else {
        throw .badFingerprint(word: word, value: wanted)
      }
      let actual = fingerprints[word] ?? "unknown"
      return actual.lowercased() == wanted.lowercased()
        ? nil : "requires \(word) \(wanted); this run's \(word) fingerprint is \(actual)"
    }
  }
}
