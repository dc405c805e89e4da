import FoundationEssentials
import QuietPlacesInvariants
import QuietPlacesREPL
import QuietPlacesUtilities

/// Writes a shrunk finding as a `.qp` script: comments saying what was found and how, `new --seed
/// N` and the commands with the output they print, then a final `> check` whose expected block is
/// what `check` prints when every invariant holds — so the script fails under `quietplaces test`
/// until the engine is fixed, and passes after.
struct FindingWriter {
  let context: ExploreContext
  /// The folder findings go to.
  let folder: URL
  /// How the folder was named on the command line, for the paths printed.
  let folderName: String
  /// The command line that found them, for the script's first comment.
  let invocation: String
  /// What the exploration played on (the files' fingerprints), for the script's comments.
  var playedOn: String?
  /// What the script needs to replay as explored: the options of its `new` line (`--set KEY=VALUE`)
  /// and its header lines (`# requires:` the StoreKit or balance file played, and how to run it).
  var replay = ExploreOptions.FindingReplay()

  /// The file name of a finding: the invariant's name, or `invariant-N` for the N-th expression.
  func fileName(_ invariant: String) -> String {
    if let index = context.expressions.firstIndex(where: { "'\($0.text)'" == invariant }) {
      return "invariant-\(index + 1).qp"
    }
    return "\(invariant).qp"
  }

  /// The check that ends the script and what it prints when everything holds.
  /// `1 step`, `3 steps`.
  static func steps(_ count: Int) -> String { count == 1 ? "1 step" : "\(count) steps" }

  func finalCheck(_ invariant: String) -> (command: String, holds: [String]) {
    if let expression = context.expressions.first(where: { "'\($0.text)'" == invariant }) {
      let (command, shown) = Self.checkCommand(expression.text)
      return (command, ["invariant '\(shown)' holds"])
    }
    return ("check", Session.allHold(Invariant.allCases))
  }

  /// The `check --invariant` line of an expression and the expression as `check` then reads it
  /// (its words one space apart): in single quotes, or in double quotes when it holds a single one
  /// (`nextPlace != "Lamplighter's Hut"` in single quotes would end at the apostrophe), or, holding
  /// both, bare in parentheses, which no quote opens.
  static func checkCommand(_ text: String) -> (command: String, shown: String) {
    let shown = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    if !shown.contains("'") { return ("check --invariant '\(shown)'", shown) }
    if !shown.contains("\"") { return ("check --invariant \"\(shown)\"", shown) }
    return ("check --invariant (\(shown))", "(\(shown))")
  }

  /// The script's text for the shrunk steps, and what `check` found at its end (nil when the
  /// finding did not reproduce in a fresh session).
  func script(for finding: Finding, steps: [ExploreStep], game: UInt64) async -> (
    text: String, found: String?
  ) {
    var lines = [
      "# Found by \(invocation): \(finding.invariant) broken in run \(finding.run) (seed \(finding.seed)), "
        + (finding.step == 0 ? "before its first step." : "step \(finding.step)."),
      "# expected: \(finding.expected)",
      "# found: \(finding.found)" + (finding.shrunkFound == finding.found ? "" : " (in the run)"),
      finding.step == 0
        ? "# The run's new game breaks it before any step. This script fails under quietplaces test until "
          + "the engine (or the balance) is fixed."
        : "# Shrunk from \(Self.steps(finding.step)) to \(steps.count + 1) commands: the run's new game and "
          + "\(Self.steps(steps.count)). This script fails under quietplaces test until the engine is fixed.",
    ]
    // What this script's own check finds, when the shrunk steps break it otherwise than the run did.
    if finding.shrunkFound != finding.found {
      lines.insert("# this script finds: \(finding.shrunkFound)", at: 3)
    }
    if let playedOn { lines.insert("# Played on \(playedOn).", at: 1) }
    lines += replay.header
    var found: String?
    // The script replays as `quietplaces test` plays it: on the balance before any --set (the
    // Configuration's, or the --balance file its `# requires:` line pins), its `new` setting the rest.
    var environment = context.environment
    environment.rules = replay.rules ?? environment.rules
    if let device = try? context.factory.with(rules: environment.rules).makeDevice() {
      let (session, _) = await Session.playing(device, environment: environment)
      let new = (["new --seed \(game)"] + replay.newOptions).joined(separator: " ")
      for command in [new] + steps.map(\.line) {
        lines.append("> \(command)")
        lines += await session.execute(command).texts
      }
      let (check, holds) = finalCheck(finding.invariant)
      let printed = await session.execute(check).texts
      if printed != holds { found = printed.first }
      lines.append("> \(check)")
      lines += holds
      await session.finish()
    }
    return (lines.joined(separator: "\n") + "\n", found)
  }

  /// Writes the script; the path as printed. A file of that name that is not a finding (a script
  /// written by hand, notes) is left as it is, and the finding is not written.
  func write(_ text: String, name: String) throws(ExploreError) -> String {
    let path = folderName.hasSuffix("/") ? folderName + name : folderName + "/" + name
    let url = folder.appendingPathComponent(name)
    if FileKind(of: url) == .folder {
      throw .findingsNotWritten(
        path, reason: "a folder of that name is there; remove it or give another --findings")
    }
    if let problem = ReplacedFile.problem(at: url, replacingWith: .finding) {
      throw .findingsNotWritten(path, reason: problem)
    }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .findingsNotWritten(folderName, reason: error.readableReason)
    }
    do {
      try AtomicFile.write(text, to: url)
    } catch {
      throw .findingsNotWritten(path, reason: error.readableReason)
    }
    return path
  }
}
