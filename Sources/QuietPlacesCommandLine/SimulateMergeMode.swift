import FoundationEssentials
import QuietPlacesLab
import QuietPlacesREPL
import QuietPlacesStore
import QuietPlacesUtilities

/// `quietplaces simulate merge FILE.jsonl ...`: the JSON Lines of a sweep's shards, combined and
/// printed as the whole sweep prints them.
struct SimulateMergeMode: CommandLineMode, Equatable {
  /// The shards' files, as given.
  var files: [String] = []
  /// `--format`, `--chart`, `--chart-kind`, `--metric`, `--report`, `--csv`, `--jsonl`, `--table`.
  var output = SweepOutputOptions()

  static var declaration: CommandDeclaration<SimulateMergeMode> {
    CommandDeclaration(
      "merge",
      abstract:
        "Combines the --format jsonl output of a sweep's shards and prints it as the whole sweep would.",
      arguments: [.many("FILE.jsonl", \.files, atLeast: 1, help: "what each shard printed")],
      options: SweepOutputOptions.declared(in: \.output))
  }

  /// Refuses an output option that would change nothing.
  mutating func validate(environment: [String: String]) throws(CommandLineError) {
    if let unused = output.changesNothing { throw unused }
  }

  /// Merges the files; 2 when one cannot be read or they are not one sweep's shards.
  func run(in context: ProgramContext) async -> ExitStatus {
    guard output.checkFiles(in: context) else { return .usage }
    guard let texts = context.readShardFiles(files) else { return .usage }
    let results: [RunResult]
    do {
      results = try SweepRecords.merge(texts)
    } catch {
      context.printError(OutputLine.errorText(error.message))
      return .usage
    }
    if let unused = output.table.dueChangesNothing(results.first?.outcomes.map(\.milestone) ?? []) {
      context.printError(unused.description)
      return .usage
    }
    // What the shards were played on, as their records say (every run the same, or the merge was
    // refused); the merging machine's Configuration plays no part.
    let playedOn = results.first?.playedOn
    let settings = results.first?.settings
    context.printError("played on: " + (playedOn.map { "\($0.fromOutside)" } ?? ReportProvenance.notRecorded))
    if let settings { context.printError("sweep: \(ReportProvenance.sweepCommand(settings).fromOutside)") }
    return output.show(results, provenance: .playedOn(playedOn, settings: settings, shard: nil), in: context)
  }
}
