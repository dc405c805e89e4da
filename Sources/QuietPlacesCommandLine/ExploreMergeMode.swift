import FoundationEssentials
import QuietPlacesExplore
import QuietPlacesREPL

/// `quietplaces explore merge FILE.jsonl ...`: the JSON Lines of an exploration's shards, combined
/// and printed exactly as the whole exploration prints them.
struct ExploreMergeMode: CommandLineMode, Equatable {
  /// The shards' files, as given.
  var files: [String] = []
  /// `--format`.
  var format = ExploreOptions.Format.text

  static var declaration: CommandDeclaration<ExploreMergeMode> {
    CommandDeclaration(
      "merge",
      abstract: "Combines the --format jsonl output of an exploration's shards and prints it as the whole "
        + "exploration would.",
      arguments: [.many("FILE.jsonl", \.files, atLeast: 1, help: "what each shard printed")],
      options: [.option("--format", \.format, .choice, help: "print the summary, or JSON Lines")])
  }

  /// Merges the files; 2 when one cannot be read or they are not one exploration's shards, 1 when
  /// the exploration found anything.
  func run(in context: ProgramContext) async -> ExitStatus {
    guard let texts = context.readShardFiles(files) else { return .usage }
    let outcome: Explorer.Outcome
    do {
      outcome = try ExploreMerge.merge(texts, format: format)
    } catch {
      context.printError(OutputLine.errorText(error.message))
      return .usage
    }
    ExploreMode.print(outcome, format: format, in: context)
    return outcome.found ? .failure : .success
  }
}
