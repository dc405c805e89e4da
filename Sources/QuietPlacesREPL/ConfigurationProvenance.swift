import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesJWS
import QuietPlacesUtilities

/// Which configuration a run read: the `Configuration/` folder, why that one, and a fingerprint of
/// each file, so that a result says what it was measured against (`test`, `simulate`, `explore`,
/// `--jsonl`'s first record, `status`, `--version`).
///
/// A fingerprint is the first 12 hex digits of the SHA-256 of the file's bytes; a script pins one
/// with `# requires: balance 0123456789ab`.
public struct ConfigurationProvenance: Sendable, Equatable {
  /// Where the folder was found, in the order it is looked for.
  public enum Source: String, Sendable, Equatable {
    /// `$QUIETPLACES_CONFIGURATION`.
    case environment
    /// `Configuration/` in the current folder or the nearest parent that has one.
    case project
    /// The one installed next to the executable (or in a parent of its folder).
    case executable

    /// How a line names it.
    public var phrase: String {
      switch self {
      case .environment: "from QUIETPLACES_CONFIGURATION"
      case .project: "from the current folder or its nearest parent"
      case .executable: "next to the executable"
      }
    }
  }

  /// One file's fingerprint.
  public struct Fingerprint: Sendable, Equatable {
    /// What the file is: `balance`, `storekit`, `price-formats`.
    public var name: String
    /// The file as named (its path when given on the command line).
    public var file: String
    /// The first 12 hex digits of the SHA-256 of its bytes, or `missing` when it cannot be read.
    public var value: String
  }

  /// The folder read.
  public var folder: URL
  /// Why that folder.
  public var source: Source
  /// The balance, the StoreKit configuration and the price table, in that order.
  public var fingerprints: [Fingerprint]
  /// Whether the StoreKit configuration was given by path (`--storekit FILE`) in place of the
  /// folder's `QuietPlaces.storekit`.
  public var storeKitGiven: Bool

  /// The StoreKit file given by path in place of the folder's own, as given, with its fingerprint;
  /// `nil` when the folder's own was read.
  public var givenStoreKit: Fingerprint? {
    storeKitGiven ? fingerprints.first { $0.name == "storekit" } : nil
  }

  /// The fingerprints of the files a session reads: `balance.json`, the StoreKit configuration
  /// (`storeKitFile`, named `storeKitPath`, else the folder's `QuietPlaces.storekit`) and the price
  /// table.
  public init(folder: URL, source: Source, storeKitFile: URL? = nil, storeKitPath: String? = nil) {
    self.folder = folder
    self.source = source
    storeKitGiven = storeKitFile != nil
    let storeKit = storeKitFile ?? folder.appendingPathComponent("QuietPlaces.storekit")
    fingerprints = [
      Fingerprint(
        name: "balance", file: "balance.json",
        value: Self.fingerprint(of: folder.appendingPathComponent("balance.json"))),
      Fingerprint(
        name: "storekit", file: storeKitFile == nil ? "QuietPlaces.storekit" : storeKitPath ?? storeKit.path,
        value: Self.fingerprint(of: storeKit)),
      Fingerprint(
        name: "price-formats", file: PriceFormats.fileName,
        value: Self.fingerprint(of: folder.appendingPathComponent(PriceFormats.fileName))),
    ]
  }

  /// How many hex digits a fingerprint has.
  public static let fingerprintLength = 12

  /// The fingerprint of `data`: the first 12 hex digits of its SHA-256.
  public static func fingerprint(of data: Data) -> String {
    String(SHA256.hex(data).prefix(fingerprintLength))
  }

  /// The fingerprint of the file at `url`, or `missing` when it cannot be read.
  public static func fingerprint(of url: URL) -> String {
    guard let data = try? Data(contentsOf: url) else { return "missing" }
    return fingerprint(of: data)
  }

  /// The fingerprint of the file called `name` (`balance`, `storekit`, `price-formats`).
  public func fingerprint(named name: String) -> String? {
    fingerprints.first { $0.name == name }?.value
  }

  /// The one line that says it, as `test`, `simulate`, `explore`, `status` and `--version` print it:
  /// `configuration: /path/Configuration (from …); balance 0123456789ab, storekit …, price-formats …`.
  public var line: String {
    "configuration: \(folder.path) (\(source.phrase)); \(prints)"
  }

  /// The fingerprints alone, as ``line`` ends: `balance 0123456789ab, storekit …, price-formats …`
  /// (a StoreKit file given by path named after its fingerprint). They say what was read wherever
  /// the folder is.
  public var prints: String {
    fingerprints.map { print in
      let named = print.name == "storekit" && storeKitGiven ? " (\(print.file))" : ""
      return "\(print.name) \(print.value)\(named)"
    }.joined(separator: ", ")
  }

  /// The same as one JSON object: `{"folder":…,"source":…,"balance":…,"storekit":…,"price-formats":…}`
  /// (with `"storekitFile"` when the StoreKit configuration was given by path).
  public var json: String {
    var members = ["\"folder\":\(folder.path.jsonQuoted)", "\"source\":\(source.rawValue.jsonQuoted)"]
    for print in fingerprints {
      members.append("\(print.name.jsonQuoted):\(print.value.jsonQuoted)")
      if print.name == "storekit", storeKitGiven {
        members.append("\"storekitFile\":\(print.file.jsonQuoted)")
      }
    }
    return "{" + members.joined(separator: ",") + "}"
  }
}
