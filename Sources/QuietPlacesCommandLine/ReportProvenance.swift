import FoundationEssentials
import QuietPlacesREPL
import QuietPlacesStore

/// Where a report's numbers came from: the Configuration folder the sweep read and why that one,
/// the fingerprints of its files and of each `--balance` file (``ConfigurationProvenance``'s: the
/// first 12 hex digits of the SHA-256 of each file's bytes) and the version.
struct ReportProvenance: Equatable {
  /// (what, value) pairs, in the order the report shows them.
  var entries: [(name: String, value: String)]

  static func == (a: ReportProvenance, b: ReportProvenance) -> Bool {
    a.entries.map(\.name) == b.entries.map(\.name) && a.entries.map(\.value) == b.entries.map(\.value)
  }

  /// The provenance of a sweep that read `configuration`, with the balance files given.
  static func of(_ configuration: ConfigurationProvenance, balanceFiles: [String], in context: ProgramContext)
    -> ReportProvenance
  {
    var entries: [(name: String, value: String)] = [
      ("Configuration folder", "\(configuration.folder.path) (\(configuration.source.phrase))")
    ]
    for print in configuration.fingerprints {
      entries.append((print.file, print.value))
    }
    for file in balanceFiles {
      entries.append(
        (
          "--balance \(file)",
          ConfigurationProvenance.fingerprint(of: SweepOutputOptions.url(file, in: context))
        ))
    }
    entries.append(("version", AppSave.writer))
    return ReportProvenance(entries: entries)
  }
}
