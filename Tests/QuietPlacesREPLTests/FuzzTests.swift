import Foundation
import QuietPlacesGame
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

/// Words the fuzzer builds command lines from. `record` and `save FILE` are left out: they write files
/// where the test runs.
private let commandWords = [
  "advance", "until", "bearings", "atlas", "affordable", "away", "close", "launch", "status", "rates", "log",
  "help", "upgrade", "sails", "spyglass", "cargo", "hire", "charter", "scout", "preview", "supplies",
  "buy", "colour", "ivory", "apricot", "turquoise", "prestige", "fresh-voyage", "shop", "marks100",
  "marks550", "charts", "hold", "signal", "com.gallaxgames.quietplaces.hold", "restore", "transactions",
  "refund", "store", "storefront", "GBR", "USA", "ask-to-buy", "approve", "decline", "interrupted",
  "resolve", "fail-purchases", "cancel-next", "offline", "unavailable", "available", "buy-outside",
  "replay", "forge", "foreign", "delay-restore", "continue", "on", "off", "once", "fault", "save-fails",
  "crash-before-save", "crash-before-finish", "load", "state", "--json", "new", "--seed", "--storefront",
  "y", "n", "yes", "no", "max", "quit",
]
private let numberWords = [
  "0", "1", "2", "3", "-1", "7", "1000000", "1000001", "1e3", "99999999999999999999", "0x10", "1.5", "max",
  "MAX",
]
/// Durations `advance` is given. Valid ones stay short: an online advance costs time in proportion to
/// its events, and a century of them would be most of the run for one line.
private let advanceDurations = [
  "90s", "45m", "8h", "2d", "1h30m", "-3h", "10x", "99999999d", "0s", "1.5h", "30m1h", "90", "h", "1h1h",
  "3155760001s", "5300w", "٣h", "１h",
]
/// Durations `away` is given: offline time costs the same at any length.
private let durationWords = advanceDurations + ["1w", "3155760000s"]
private let productWords = [
  "marks100", "marks550", "charts", "hold", "signal", "com.gallaxgames.quietplaces.hold", "supplies", "1",
  "2",
]
private let garbage = [
  "", "\u{0}", "\t", "🙂", "é", "\u{202E}", "\"", "'", "\\", "#", ">", "> status", "%s", "ÿ", "\r",
]

/// Each command the fuzzer runs, with the words each of its arguments is drawn from, and how often it
/// comes up relative to the others. `new`, `away`, `close` and `launch` write saves and make keys, so they
/// come up less often; `advance until` is rare inside `advance` (see ``advanceArguments(_:)``).
private let grammar: [(name: String, weight: Int, arguments: [[String]])] = [
  (
    "new", 1,
    [["--seed", "--storefront", "--colour"], ["7", "1", "-1", "GBR", "USA", "FRA", "XYZ", "0x10"]]
  ),
  ("advance", 40, []),
  ("away", 2, [durationWords]),
  ("close", 2, []),
  ("launch", 3, []),
  ("status", 10, []),
  ("rates", 10, []),
  ("log", 10, []),
  ("help", 10, [["advance", "store", "buy", "nothing", "colour", "color", "state"]]),
  ("quit", 2, []),
  ("upgrade", 30, [["sails", "spyglass", "cargo", "sail", "hull"], numberWords]),
  ("hire", 20, [numberWords]),
  ("charter", 10, []),
  ("preview", 10, [["supplies", "bearings", "atlas", "charts"]]),
  ("buy", 20, [productWords]),
  ("colour", 10, [["ivory", "apricot", "turquoise", "mauve"]]),
  ("color", 2, [["ivory", "apricot", "turquoise"]]),
  ("prestige", 10, [["atlas", "bearings", "now"]]),
  ("fresh-voyage", 4, []),
  ("shop", 10, []),
  ("restore", 10, []),
  ("transactions", 10, []),
  ("refund", 10, [productWords]),
  (
    "store", 40,
    [
      [
        "storefront", "ask-to-buy", "approve", "decline", "interrupted", "resolve", "fail-purchases",
        "cancel-next", "offline", "unavailable", "available", "buy-outside", "replay", "forge", "foreign",
        "delay-restore", "continue", "clear", "reboot",
      ],
      ["on", "off", "GBR", "USA", "1", "2", "3", "marks100", "charts", "hold", "signal", "com.other.app"],
    ]
  ),
  (
    "fault", 10,
    [["save-fails", "crash-before-save", "crash-before-finish", "meteor"], ["once", "on", "off"]]
  ),
  ("delete-app", 1, []),
  ("save", 4, []),
  ("load", 2, [["missing-save.json", "/", ""]]),
  ("state", 10, [["--json", "--xml"]]),
]
private let grammarWeight = grammar.reduce(0) { $0 + $1.weight }

/// A random line: half are a command with arguments from its own vocabulary (often valid, so the
/// engine moves through its states), half are words from anywhere, numbers, durations and garbage.
private func randomLine(_ g: inout SeededGenerator) -> String {
  var words = Bool.random(using: &g) ? commandShaped(&g) : wordSoup(&g)
  // Now and then one character of one word is replaced by a printable one.
  if Int.random(in: 0..<10, using: &g) == 0, let index = words.indices.randomElement(using: &g),
    !words[index].isEmpty
  {
    var characters = Array(words[index])
    let position = Int.random(in: 0..<characters.count, using: &g)
    characters[position] = Character(Unicode.Scalar(UInt8.random(in: 0x21...0x7E, using: &g)))
    words[index] = String(characters)
  }
  // `save FILE` and `record FILE` would write files where the test runs: they get no arguments.
  if let first = words.first(where: { !$0.isEmpty }), ["save", "record"].contains(first.lowercased()) {
    words = [first]
  }
  return words.joined(separator: Bool.random(using: &g) ? " " : "  ")
}

/// A command name, weighted, then each of its arguments (sometimes left out, sometimes from anywhere),
/// and now and then one word too many.
private func commandShaped(_ g: inout SeededGenerator) -> [String] {
  var pick = Int.random(in: 0..<grammarWeight, using: &g)
  var chosen = grammar[0]
  for entry in grammar {
    if pick < entry.weight {
      chosen = entry
      break
    }
    pick -= entry.weight
  }
  var words = [chosen.name]
  let slots = chosen.name == "advance" ? advanceArguments(&g) : chosen.arguments
  for slot in slots {
    switch Int.random(in: 0..<10, using: &g) {
    case 0: break
    case 1: words.append(commandWords.randomElement(using: &g)!)
    default: words.append(slot.randomElement(using: &g)!)
    }
  }
  if Int.random(in: 0..<15, using: &g) == 0 { words.append(wordSoup(&g)[0]) }
  return words
}

/// `advance`'s arguments: mostly a short duration, sometimes `until` a goal (which may sail for years).
private func advanceArguments(_ g: inout SeededGenerator) -> [[String]] {
  guard Int.random(in: 0..<40, using: &g) == 0 else { return [advanceDurations] }
  return [["until"], ["bearings", "atlas", "affordable", "dawn"], ["sails", "scout", "charter", "hull"]]
}

/// One to four words from anywhere: vocabulary, numbers, durations, garbage.
private func wordSoup(_ g: inout SeededGenerator) -> [String] {
  (0..<Int.random(in: 1...4, using: &g)).map { _ in
    switch Int.random(in: 0..<10, using: &g) {
    case 0...4: commandWords.randomElement(using: &g)!
    case 5, 6: numberWords.randomElement(using: &g)!
    case 7: advanceDurations.randomElement(using: &g)!
    default: garbage.randomElement(using: &g)!
    }
  }
}

/// The command a line runs, by the README's rule for pasting a transcript, or nil when it runs
/// nothing: `# …` is a comment, `> CMD` runs CMD and opens a pasted block, whose lines without `> `
/// are expected output until an empty line.
private struct PastingRule {
  private var inPastedBlock = false

  mutating func command(of line: String) -> String? {
    let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.isEmpty {
      inPastedBlock = false
      return nil
    }
    if text.hasPrefix("#") { return nil }
    if text.hasPrefix("> ") || text.hasPrefix(">\t") {
      inPastedBlock = true
      let command = text.dropFirst().trimmingCharacters(in: .whitespacesAndNewlines)
      return command.isEmpty ? nil : command
    }
    return inPastedBlock ? nil : text
  }
}

/// Fuzzers for everything that reads user text: command lines, durations and `.qp` scripts.
@Suite struct FuzzTests {
  /// 100,000 generated lines against one session: no line prints more than one `error:` line or a
  /// line break; a line that runs a command prints at least one line (`quit` aside, which ends the
  /// session quietly) and a line that runs nothing (a comment, pasted output, an empty line) prints
  /// nothing; a rejected line (one `error:` line and nothing else, so no store update arrived with it)
  /// leaves `state --json` as it was, checked on a sample. Every command is run, and accepted at least
  /// once.
  @Test func commandLinesNeverCrashAndRejectedOnesChangeNothing() async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    var g = SeededGenerator(seed: 0xF022_0001)
    let inputs = 100_000
    var rejected = 0
    var stateChecks = 0
    var accepted: Set<String> = []
    var commandsRun = 0
    var pasting = PastingRule()
    var failures: [String] = []
    let started = Date()
    for index in 0..<inputs {
      let line = randomLine(&g)
      // A sample of lines is checked for "changes nothing" with a state read before and after. While a
      // question waits, `state --json` would be its answer (and cancel it), so the sample waits too.
      let check = index % 25 == 0 && !session.isAskingQuestion
      // An empty line first: a generated `> …` line opens a pasted block, whose next lines are
      // skipped as expected output until an empty line.
      let before = check ? await readState(session, &pasting) : []
      let answering = session.isAskingQuestion
      let command = pasting.command(of: line)
      let output = await session.execute(line)
      let errors = output.filter(\.isError)
      if let command {
        commandsRun += 1
        if output.isEmpty && (answering || command.lowercased() != "quit") {
          failures.append("\(line.debugDescription) ran and printed nothing")
        }
      } else if !output.isEmpty && !answering {
        failures.append("\(line.debugDescription) runs nothing but printed \(output)")
      }
      if errors.isEmpty, !answering, let name = line.split(separator: " ").first {
        accepted.insert(String(name))
      }
      if !errors.isEmpty { rejected += 1 }
      if errors.count > 1 {
        failures.append("\(line.debugDescription) printed \(errors.count) errors: \(output)")
      }
      if output.contains(where: { $0.text.utf8.contains(UInt8(ascii: "\n")) }) {
        failures.append("\(line.debugDescription): a line break")
      }
      if check && output.count == 1 && errors.count == 1 {
        stateChecks += 1
        let after = await readState(session, &pasting)
        if after != before || before.count != 1 || !before[0].text.hasPrefix("{") {
          failures.append("\(line.debugDescription) was rejected but changed the state: \(before) → \(after)")
        }
      }
    }
    await session.finish()
    // `load` needs a save file, which this test does not write.
    let neverAccepted = grammar.map(\.name).filter { !accepted.contains($0) && $0 != "load" }
    if !neverAccepted.isEmpty { failures.append("never accepted: \(neverAccepted)") }
    print(
      "fuzz command lines: \(inputs) inputs, \(rejected) rejected, \(stateChecks) state checks, "
        + "\(Int(Date().timeIntervalSince(started))) s, failures = \(failures.count)")
    #expect(stateChecks >= 2_000)
    #expect(rejected > 0 && commandsRun > rejected)
    #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
  }

  /// `state --json` after an empty line, which ends any pasted block (`pasting` reads it too).
  private func readState(_ session: Session, _ pasting: inout PastingRule) async -> [OutputLine] {
    _ = pasting.command(of: "")
    _ = await session.execute("")
    return await session.execute("state --json")
  }

  @Test func durationsParseOrFailWithASentence() {
    var g = SeededGenerator(seed: 0xF022_0002)
    let alphabet = Array("0123456789wdhmsyx.,-+ ٣１e")
    let inputs = 300_000
    var accepted = 0
    var failures: [String] = []
    for _ in 0..<inputs {
      let text: String
      if Bool.random(using: &g) {
        text = String((0..<Int.random(in: 0...12, using: &g)).map { _ in alphabet.randomElement(using: &g)! })
      } else {
        text =
          "\(UInt64.random(in: 0...UInt64.max, using: &g) >> UInt64.random(in: 0...63, using: &g))"
          + String("wdhms".randomElement(using: &g)!)
      }
      do {
        let seconds = try DurationFormat.parse(text)
        accepted += 1
        if !(1...DurationFormat.maximumSeconds).contains(seconds) {
          failures.append("\(text) gave \(seconds)")
        }
      } catch {
        if error.description.isEmpty || error.description.contains("\n") { failures.append(text) }
      }
    }
    print("fuzz durations: \(inputs) inputs, \(accepted) accepted, failures = \(failures.count)")
    #expect(accepted > 0 && accepted < inputs)
    #expect(failures.isEmpty, "\(failures.prefix(10))")
  }
}
