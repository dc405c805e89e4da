import QuietPlacesInvariants
import QuietPlacesUtilities

/// Why an exploration could not start, or a merge could not combine its files. ``message`` is the
/// one place these become sentences.
public enum ExploreError: Error, Sendable, Equatable {
  /// `--runs` below 1.
  case runs(Int)
  /// `--steps` below 1.
  case steps(Int)
  /// `--shard K/N` that holds none of the exploration's `runs` (K above them).
  case emptyShard(Shard, runs: Int)
  /// `--only` or `--without` named no kind of step.
  case unknownStep(String, suggestion: String?)
  /// `--only` and `--without` left nothing to play.
  case nothingToPlay
  /// `--only` named answers alone (`y`, `n`), which are played only while a question waits.
  case answersAlone(String)
  /// `--findings` names something that is not a folder, or a folder that cannot be written.
  case findingsFolder(String, reason: String)
  /// A finding could not be written.
  case findingsNotWritten(String, reason: String)
  /// An `--invariant` expression does not read.
  case expression(ExpressionError)
  /// The same `--invariant` expression given twice.
  case repeatedInvariant(String)
  /// An `--invariant` that reads as an earlier one written otherwise (spaced otherwise).
  case sameInvariant(String, earlier: String)
  /// The device could not be made (the StoreKit configuration).
  case device(String)
  /// A file given to `explore merge` cannot be read.
  case mergeFile(String, reason: String)
  /// The files given to `explore merge` are of different explorations.
  case mergeMismatch(String, String)
  /// Two files given to `explore merge` were played on other files (by their fingerprints).
  case mergePlayedOn(String, String?, String, String?)
  /// Two files given to `explore merge` were drawn by other revisions of the step generator.
  case mergeGenerator(String, Int, String, Int)
  /// The files given to `explore merge` lack runs.
  case mergeMissing(runs: [Int], of: Int)
  /// A file given to `explore merge` twice.
  case mergeFileTwice(String)
  /// A run in two of the files given to `explore merge` (or twice in one).
  case mergeRunTwice(run: Int, first: String, second: String)
  /// A file given to `explore merge` is of a shard that `by` stopped, after its run `lastRun`.
  case mergeInterrupted(String, by: String, lastRun: Int)

  /// The sentence after `error: `: what was wrong and what would be right.
  public var message: String {
    switch self {
    case .runs(let runs):
      return "--runs \(runs): expected at least 1 run"
    case .steps(let steps):
      return "--steps \(steps): expected at least 1 step a run"
    case .emptyShard(let shard, let runs):
      guard runs > 1 else {
        return
          "--shard \(shard) holds no run: the exploration has 1 run, which shard 1 holds; play it whole, "
          + "without --shard"
      }
      let most = runs.withThousandsSeparators
      return
        "--shard \(shard) holds no run: the exploration has \(most) runs, so only shards 1 to \(most) of "
        + "\(shard.count.withThousandsSeparators) hold any; split it into at most \(most) shards, --shard "
        + "K/\(most) or fewer"
    case .unknownStep(let name, let suggestion):
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      return "'\(name)' is not a command the explorer plays\(hint) (write commands as help names them, "
        + "such as buy, store approve or fault, separated by commas)"
    case .nothingToPlay:
      return "--only and --without leave no command to play; allow at least one"
    case .answersAlone(let named):
      return "--only \(named): y and n answer a question, and are played only while one waits; add a command "
        + "that asks one, such as --only buy,\(named)"
    case .findingsFolder(let path, let reason):
      return "--findings \(path): \(reason); give a folder that can be written (it is made if missing)"
    case .findingsNotWritten(let path, let reason):
      return "\(path): a finding could not be written (\(reason))"
    case .expression(let error):
      return error.message
    case .repeatedInvariant(let text):
      return "--invariant '\(ExpressionError.quoted(text))' is given twice; give each expression once"
    case .sameInvariant(let text, let earlier):
      return
        "--invariant '\(ExpressionError.quoted(text))' reads as '\(ExpressionError.quoted(earlier))', given "
        + "before; give each expression once"
    case .device(let reason):
      return "the device cannot be made: \(reason)"
    case .mergeFile(let path, let reason):
      return "\(path): \(reason); give the JSON Lines that explore --format jsonl printed"
    case .mergeMismatch(let first, let other):
      return
        "\(other) is of another exploration than \(first) (seed, runs, steps or options differ); merge the shards of one"
    case .mergePlayedOn(let first, let firstOn, let other, let otherOn):
      let these = otherOn.map { "was played on (\($0.fromOutside))" } ?? "does not say what it was played on"
      let those = firstOn.map { "\(first) on (\($0.fromOutside))" } ?? "\(first) does"
      return "\(other) \(these), \(those); merge the shards of one exploration, played on the same files"
    case .mergeGenerator(let first, let firstRevision, let other, let otherRevision):
      return
        "\(other) was drawn by revision \(otherRevision) of the explorer's step generator, \(first) by "
        + "revision \(firstRevision): one seed draws other steps under each; merge the shards of one "
        + "exploration, played by one build"
    case .mergeMissing(let runs, let total):
      let shown = runs.prefix(10).map(String.init).joined(separator: ", ")
      return
        "the files hold \(total - runs.count) of \(total) runs; missing \(runs.count == 1 ? "run" : "runs") "
        + shown + (runs.count > 10 ? ", …" : "") + " (a shard's file is missing or cut short)"
    case .mergeFileTwice(let path):
      return "\(path) is given twice; give each shard's file once"
    case .mergeRunTwice(let run, let first, let second):
      let place = first == second ? "twice in \(first)" : "in both \(first) and \(second)"
      return "run \(run) is \(place); give each shard's file once"
    case .mergeInterrupted(let path, let by, let lastRun):
      return
        "\(path) is of an exploration stopped by \(by.fromOutside) after run \(lastRun), so it lacks the runs "
        + "after it; play that shard again to the end, then merge"
    }
  }
}
