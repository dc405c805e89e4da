import FoundationEssentials
import QuietPlacesJWS
import QuietPlacesREPL
import QuietPlacesStore

/// Where a report's numbers came from: the Configuration folder, the fingerprints of the balance and
/// StoreKit files (the first 12 hex digits of the SHA-256 of each file's bytes) and the version.
struct ReportProvenance: Equatable {
  /// (what, value) pairs, in the order the report shows them.
  var entries: [(name: String, value: String)]

  static func == (a: ReportProvenance, b: ReportProvenance) -> Bool {
    a.entries.map(\.name) == b.entries.map(\.name) && a.entries.map(\.value) == b.entries.map(\.value)
  }

  /// The first 12 hex digits of the SHA-256 of the file's bytes, or why it cannot be read.
  static func fingerprint(_ url: URL) -> String {
    guard let data = try? Data(contentsOf: url) else { return "unreadable" }
    return String(SHA256.hex(data).prefix(12))
  }

  /// The provenance of a sweep run in `context` with `storeKit` and the balance files given.
  static func of(storeKit: StoreKitOption, balanceFiles: [String], in context: ProgramContext)
    -> ReportProvenance
  {
    var entries: [(name: String, value: String)] = []
    guard let folder = try? SessionEnvironment.configurationDirectory(environment: context.environment) else {
      return ReportProvenance(entries: [("version", AppSave.writer)])
    }
    entries.append(("Configuration folder", folder.path))
    let balance = folder.appendingPathComponent("balance.json")
    entries.append(("balance.json", fingerprint(balance)))
    for file in balanceFiles {
      entries.append(
        ("--balance \(file)", fingerprint(SweepOutputOptions.url(file, in: context))))
    }
    let storeKitURL =
      storeKit.file.map { SweepOutputOptions.url($0, in: context) }
      ?? folder.appendingPathComponent("QuietPlaces.storekit")
    entries.append((storeKit.file ?? "QuietPlaces.storekit", fingerprint(storeKitURL)))
    entries.append(("version", AppSave.writer))
    return ReportProvenance(entries: entries)
  }
}
