import QuietPlacesLab
import QuietPlacesREPL

/// `--balance FILE` and `--set KEY=VALUE`, shared by the modes that play other balances: each file
/// and each key's values are dimensions of the variants.
struct BalanceOptions: OptionGroup, Equatable {
  /// Balance files to play instead of Configuration/balance.json.
  var files: [String] = []
  /// Changes to the balance.
  var settings: [BalanceSetting] = []

  /// What the provenance line adds when these options change the balance played:
  /// `; balance changed by --balance FILE --set KEY=VALUE` (empty when they change nothing).
  var provenanceSuffix: String { Self.provenanceSuffix(Self.words(files: files, settings: settings)) }

  /// Balance files and changes as typed: `--balance FILE`, then `--set KEY=VALUE`.
  static func words(files: [String], settings: [BalanceSetting]) -> [String] {
    files.map { "--balance \($0)" } + settings.map { "--set \($0.text)" }
  }

  /// `; balance changed by WORDS`, or nothing when there are no words.
  static func provenanceSuffix(_ words: [String]) -> String {
    words.isEmpty ? "" : "; balance changed by " + words.joined(separator: " ")
  }

  /// What a played-on line adds for balance files: `; FILE 0123456789ab, …` (each file's
  /// fingerprint, read from where the command line names it), or nothing when there are none.
  static func fingerprints(of files: [String], in context: ProgramContext) -> String {
    let prints = files.map { file in
      "\(file) \(ConfigurationProvenance.fingerprint(of: SweepOutputOptions.url(file, in: context)))"
    }
    return prints.isEmpty ? "" : "; " + prints.joined(separator: ", ")
  }

  static var options: [OptionDeclaration<BalanceOptions>] {
    [
      .repeating(
        "--balance", \.files, .path("FILE"), default: "Configuration/balance.json",
        help:
          "play this balance file instead (named by its file name, or the end of its path that tells it apart)"
      ),
      .repeating(
        "--set", \.settings, .balanceSetting,
        help: "change one number of the balance (a path into balance.json); each key is a dimension"),
    ]
  }
}
