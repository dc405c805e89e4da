import FoundationEssentials
import QuietPlacesREPL
import QuietPlacesUtilities

/// `quietplaces test --review`, as `cargo insta review`: the scripts run, then each failing block is
/// shown in turn with its diff (coloured on a terminal), and the author answers: accept (the block is
/// rewritten with what was printed), skip (it stays as it is), accept the rest of this file, or quit.
/// A file's accepted blocks are written when its last block has been answered, or at quit; the
/// blocks skipped keep their expected output byte for byte, and a file edited while the suite ran is
/// never overwritten (its new text goes to `NAME.qp.new`, ``ScriptUpdater``).
public struct Reviewer: Sendable {
  /// What the author answered about one block.
  public enum Answer: Sendable, Equatable {
    /// Rewrite this block with what was printed.
    case accept
    /// Leave it as it is.
    case skip
    /// Accept this block and every later one of the same file.
    case acceptFile
    /// Stop; what was accepted so far is written.
    case quit

    /// The answer a typed line stands for: `a`, `s`, `A`, `q` (or the words); `nil` otherwise.
    public init?(_ text: String) {
      switch text.trimmingWhitespace {
      case "a", "accept": self = .accept
      case "s", "skip": self = .skip
      case "A", "accept all", "all": self = .acceptFile
      case "q", "quit": self = .quit
      default: return nil
      }
    }
  }

  /// The question asked after each block's diff.
  public static let prompt = "a accept · s skip · A accept the rest of this file · q quit > "

  /// Runs the scripts, with the options given to it (paths, filter, shard, jobs, conditions).
  public var runner: GoldenRunner
  /// Colour the diffs.
  public var colour: Bool

  /// Makes a reviewer.
  public init(runner: GoldenRunner, colour: Bool) {
    self.runner = runner
    self.colour = colour
  }

  /// Runs the scripts, then asks about each failing block; `read` shows a prompt and returns the line
  /// typed, `nil` at the end of input (which quits). Returns the exit status: 0 when nothing fails
  /// any more.
  public func review(read: (String) -> String?, print: (String) -> Void) async -> Int32 {
    let selection = runner.select()
    if let error = selection.emptyError {
      print(OutputLine.errorText(error))
      return 1
    }
    var failed = selection.problems.count
    var passed = 0
    var skipped = 0
    selection.problems.flatMap(\.report).forEach(print)
    let jobs = max(1, runner.options.jobs ?? ProcessInfo.processInfo.activeProcessorCount)
    let runner = runner
    let executions = await BoundedParallel.map(selection.scripts, atMost: jobs) { file in
      let progress = ScriptProgress()
      return await ScriptTimeLimit.run(
        seconds: runner.options.timeout, late: { .finished(runner.late(file, progress)) }
      ) {
        await runner.execute(file, progress: progress)
      }
    }
    var toReview: [(GoldenRunner.ExecutedScript, [Int])] = []
    for execution in executions {
      switch execution {
      case .finished(let result):
        if result.skipReason != nil {
          skipped += 1
        } else {
          failed += 1
          result.report.forEach(print)
        }
      case .ran(let ran):
        let failing = zip(ran.script.blocks, ran.outputs).enumerated().filter {
          !$0.element.0.matches($0.element.1)
        }
        .map(\.offset)
        if failing.isEmpty { passed += 1 } else { toReview.append((ran, failing)) }
      }
    }
    let blocks = toReview.map(\.1.count).reduce(0, +)
    if blocks > 0 {
      print(
        "Reviewing \(Self.count(blocks, "failing block")) in \(Self.count(toReview.count, "script")): "
          + "a accepts (rewrites the block with what was printed), s skips it, A accepts the rest of its "
          + "file, q quits (what was accepted is written).")
    }
    var accepted = 0
    var left = 0
    var quitting = false
    for (ran, failing) in toReview {
      var chosen: Set<Int> = []
      var acceptRest = false
      for (place, index) in failing.enumerated() {
        if quitting {
          left += 1
          continue
        }
        if acceptRest {
          chosen.insert(index)
          continue
        }
        let block = ran.script.blocks[index]
        print("")
        // Escaped here, as the diff is, since a coloured review keeps colour sequences.
        print(
          PrintedLine.guarded(
            "\(ran.file.path):\(block.line): > \(block.command)   (\(place + 1) of \(failing.count) in this file)"
          )
        )
        let lines = diff(of: index, in: ran, failing: failing)
        (colour ? DiffColour.paint(lines) : lines).forEach(print)
        switch ask(read: read, print: print) {
        case .accept: chosen.insert(index)
        case .skip: break
        case .acceptFile:
          chosen.insert(index)
          acceptRest = true
        case .quit:
          quitting = true
          left += 1
        }
      }
      accepted += chosen.count
      let fixed = write(ran, accepting: chosen, failing: failing, print: print)
      if fixed { passed += 1 } else { failed += 1 }
    }
    let reviewed = blocks - left
    var tally = "\(accepted) accepted, \(reviewed - accepted) skipped"
    if left > 0 { tally += ", \(left) not reviewed (quit)" }
    print(tally)
    print(TextReport.closingLine(passed: passed, failed: failed, skipped: skipped))
    return failed == 0 ? 0 : 1
  }

  /// The answer typed, asked again until it is one; `.quit` at the end of input.
  private func ask(read: (String) -> String?, print: (String) -> Void) -> Answer {
    while true {
      guard let line = read(Self.prompt) else { return .quit }
      if let answer = Answer(line) { return answer }
      print("Answer a (accept), s (skip), A (accept the rest of this file) or q (quit).")
    }
  }

  /// What a block's command printed when it is kept as it is: its expected lines, which match it.
  private static func unchanged(_ block: GoldenScript.Block) -> [String] {
    block.positional.map(\.text)
  }

  /// The diff of block `index` alone (the other failing blocks as they are in the file).
  private func diff(of index: Int, in ran: GoldenRunner.ExecutedScript, failing: [Int]) -> [String] {
    var outputs = ran.outputs
    for other in failing where other != index { outputs[other] = Self.unchanged(ran.script.blocks[other]) }
    // The lines accepting it writes, widened patterns included.
    guard
      let (diff, fields) = ScriptComparison.differences(
        ran.script, outputs: outputs, path: ran.file.path, widening: true)
    else { return [] }
    return diff + fields
  }

  /// Writes the accepted blocks of a script; returns whether it now passes (every failing block
  /// accepted, and the file rewritten).
  private func write(
    _ ran: GoldenRunner.ExecutedScript, accepting chosen: Set<Int>, failing: [Int], print: (String) -> Void
  ) -> Bool {
    guard !chosen.isEmpty else { return false }
    var outputs = ran.outputs
    for index in failing where !chosen.contains(index) {
      outputs[index] = Self.unchanged(ran.script.blocks[index])
    }
    do {
      let outcome = try ScriptUpdater.update(
        ran.script, read: ran.original, outputs: outputs, at: ran.file.url, pending: false)
      let written = outcome.pending ? ran.file.path + PendingFiles.suffix : ran.file.path
      if outcome.editedMeanwhile {
        print(
          "\(ran.file.path) changed while the suite ran, so it was not rewritten; its new text is in "
            + "\(written) (quietplaces test --accept applies it)")
      } else {
        print("updated \(ran.file.path) (\(Self.count(chosen.count, "block")) accepted)")
      }
      outcome.notes.forEach { print($0.message(path: written)) }
      let absentBroken = zip(ran.script.blocks, outputs).contains { !$0.absentViolations($1).isEmpty }
      return !outcome.editedMeanwhile && chosen.count == failing.count && !absentBroken
    } catch {
      print(OutputLine.errorText(error.description))
      return false
    }
  }

  /// `1 block`, `2 blocks`.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
