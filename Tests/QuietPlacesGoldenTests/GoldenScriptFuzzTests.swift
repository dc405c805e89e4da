import Foundation
import QuietPlacesGolden
import QuietPlacesTestSupport
import Testing

/// Random scripts, text and bytes: each parses and renders back byte for byte, or fails with an error
/// that names the script and its line.
@Suite struct GoldenScriptFuzzTests {
  /// 100,000 generated scripts (one in twenty also as random bytes): a script that parses renders
  /// back to its text byte for byte, each command on a `>` line, and rewriting it with the output each
  /// block expects changes nothing; one that is refused names the file and a line of it (no line only
  /// for a script without commands) in one line.
  @Test func scriptsParseOrFailWithALocatedError() {
    var g = SeededGenerator(seed: 0xF022_0003)
    let pieces = [
      "> ", "# ", "", " ", "\n", "\r\n", "advance 6m", "error: x", "🙂", "\u{0}", ">", "#", "\t", "status",
    ]
    let inputs = 100_000
    var parsed = 0
    var refused = 0
    var failures: [String] = []

    /// Checks one input, `text` or (when not UTF-8) `bytes`.
    func check(_ data: Data) {
      let lineCount = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
      let text = String(data: data, encoding: .utf8)
      do {
        let script = try GoldenScript.parse(data: data, path: "fuzz.qp")
        parsed += 1
        if script.rendered() != text {
          failures.append("\(String(reflecting: text)) renders as \(script.rendered().debugDescription)")
        }
        if script.blocks.isEmpty
          || script.blocks.contains(where: { !script.lines[$0.line - 1].hasPrefix(">") })
        {
          failures.append("\(String(reflecting: text)): a command is not on a '>' line")
        }
        let expected = script.blocks.map { $0.expected.map(\.text) }
        if script.rendered(actualOutputs: expected) != text {
          failures.append("\(String(reflecting: text)) changes when rewritten with its own output")
        }
      } catch {
        refused += 1
        let located =
          error.line.map { (1...lineCount).contains($0) }
          ?? [.noCommands, .carriageReturnsOnly].contains(error.problem)
        if error.path != "fuzz.qp" || !located || !error.description.hasPrefix("fuzz.qp")
          || error.description.contains("\n") || (text == nil) != (error.problem == .notUTF8)
        {
          failures.append("\(String(reflecting: text)) refused as \(error.description.debugDescription)")
        }
      }
    }

    for _ in 0..<inputs {
      var text = ""
      for _ in 0..<Int.random(in: 0...10, using: &g) { text += pieces.randomElement(using: &g)! }
      if Int.random(in: 0..<20, using: &g) == 0 {
        check(Data((0..<Int.random(in: 0...40, using: &g)).map { _ in UInt8.random(in: 0...255, using: &g) }))
      }
      check(Data(text.utf8))
    }
    print(
      "fuzz .qp scripts: \(inputs) inputs, \(parsed) parsed, \(refused) refused, failures = \(failures.count)"
    )
    #expect(parsed > 0 && refused > 0)
    #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
  }
}
