import Foundation
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesGolden

@Suite struct ReviewerTests {
  let first = "> echo one\nwrong one\n> echo two\nwrong two\n> echo three\nthree\n"
  let second = "> echo four\nwrong four\n> count\ncount 9\n"

  func review(_ folder: TemporaryFolder, answers: [String]) async -> (
    status: Int32, lines: [String], asked: Int
  ) {
    let runner = GoldenRunner(options: GoldenRunOptions(jobs: 1), currentDirectory: folder.url) {
      FakeSession(saveFolder: $0)
    }
    var answers = answers[...]
    var lines: [String] = []
    var asked = 0
    let status = await Reviewer(runner: runner, colour: false).review(
      read: { prompt in
        #expect(prompt == Reviewer.prompt)
        asked += 1
        return answers.popFirst()
      }, print: { lines.append($0) })
    return (status, lines, asked)
  }

  @Test func acceptSkipAndAcceptTheRestOfAFile() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(first, to: "Scripts/a.qp")
    try folder.write(second, to: "Scripts/b.qp")
    try folder.write("> count\ncount 1\n", to: "Scripts/c.qp")
    let (status, lines, asked) = await review(folder, answers: ["a", "maybe", "s", "A"])
    #expect(asked == 4)  // the unknown answer is asked again; A answers b.qp's second block too
    #expect(
      try folder.read("Scripts/a.qp") == "> echo one\none\n> echo two\nwrong two\n> echo three\nthree\n")
    #expect(try folder.read("Scripts/b.qp") == "> echo four\nfour\n> count\ncount 1\n")
    #expect(
      lines.first == "Reviewing 4 failing blocks in 2 scripts: a accepts (rewrites the block with what was "
        + "printed), s skips it, A accepts the rest of its file, q quits (what was accepted is written).")
    #expect(lines.contains("Scripts/a.qp:3: > echo two   (2 of 2 in this file)"))
    #expect(lines.contains("Answer a (accept), s (skip), A (accept the rest of this file) or q (quit)."))
    #expect(lines.contains("updated Scripts/a.qp (1 block accepted)"))
    #expect(lines.contains("updated Scripts/b.qp (2 blocks accepted)"))
    #expect(lines.suffix(2) == ["3 accepted, 1 skipped", "2 passed, 1 failed"])
    #expect(status == 1)
  }

  /// A pattern that no longer matches is shown as accepting writes it, widened, not as printed.
  @Test func theDiffShowsTheLinesAcceptingWrites() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("> echo 0.7 nm left.\n0\\.[0-5] nm left\\. (re)\n", to: "Scripts/a.qp")
    let (_, lines, _) = await review(folder, answers: ["a"])
    #expect(lines.contains("-0\\.[0-5] nm left\\. (re)"), "\(lines)")
    #expect(lines.contains("+0\\..* nm left\\. (re)"), "\(lines)")
    #expect(!lines.contains("+0.7 nm left."))
    #expect(try folder.read("Scripts/a.qp") == "> echo 0.7 nm left.\n0\\..* nm left\\. (re)\n")
  }

  @Test func eachDiffShowsOnlyItsOwnBlock() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(first, to: "Scripts/a.qp")
    let (_, lines, _) = await review(folder, answers: ["s", "s"])
    let firstDiff = lines.drop { !$0.hasPrefix("Scripts/a.qp:1:") }.prefix {
      !$0.hasPrefix("Scripts/a.qp:3:")
    }
    #expect(firstDiff.contains("-wrong one"))
    #expect(firstDiff.contains("+one"))
    #expect(!firstDiff.contains("+two"))
    #expect(try folder.read("Scripts/a.qp") == first)
  }

  @Test func quitOrTheEndOfInputWritesWhatWasAcceptedAndStops() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(first, to: "Scripts/a.qp")
    try folder.write(second, to: "Scripts/b.qp")
    let quit = await review(folder, answers: ["a", "q"])
    #expect(quit.asked == 2)
    #expect(
      try folder.read("Scripts/a.qp") == "> echo one\none\n> echo two\nwrong two\n> echo three\nthree\n")
    #expect(try folder.read("Scripts/b.qp") == second)
    #expect(quit.lines.suffix(2) == ["1 accepted, 0 skipped, 3 not reviewed (quit)", "0 passed, 2 failed"])
    let ended = await review(folder, answers: [])
    #expect(ended.lines.suffix(2) == ["0 accepted, 0 skipped, 3 not reviewed (quit)", "0 passed, 2 failed"])
  }

  // The script stops after 1 s; the generous limit is for a suite that runs every test at once on
  // two cores, where the 1 s timer can wait a long time for a thread.
  @Test(.timeLimit(.minutes(10))) func aScriptPastItsTimeIsReportedNotReviewed() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("> sleep 600000\nslept\n", to: "Scripts/slow.qp")
    var options = GoldenRunOptions()
    options.timeout = 1
    let runner = GoldenRunner(options: options, currentDirectory: folder.url) { FakeSession(saveFolder: $0) }
    var lines: [String] = []
    let status = await Reviewer(runner: runner, colour: false).review(read: { _ in nil }) { lines.append($0) }
    #expect(
      lines == [
        "FAIL Scripts/slow.qp",
        "Scripts/slow.qp:1: still running after 1 s, the time limit (--timeout), in '> sleep 600000'; "
          + "stopped it",
        "0 accepted, 0 skipped",
        "0 passed, 1 failed",
      ])
    #expect(status == 1)
  }
}
