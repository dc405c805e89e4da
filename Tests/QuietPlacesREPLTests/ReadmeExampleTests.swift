import Foundation
import QuietPlacesTestSupport
import Testing

/// The README's REPL examples are what the built executable prints: the first session, line for
/// line up to each `…`, and the `--jsonl` example exactly.
@Suite struct ReadmeExampleTests {
  /// The README's fenced blocks, each as its lines.
  static func blocks() throws -> [[String]] {
    let text = try String(
      contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    var blocks: [[String]] = []
    var current: [String]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        if let block = current {
          blocks.append(block)
          current = nil
        } else {
          current = []
        }
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// One answer of `--jsonl`: the command and what it printed.
  struct Answer: Decodable {
    var command: String
    var output: [String]
  }

  @Test func theFirstSessionIsWhatTheREPLPrints() throws {
    let block = try #require(try Self.blocks().first { $0.first == "$ Scripts/quietplaces" })
    // Commands follow `qp> `; the lines after one, up to the next, are its output, and a line `…`
    // leaves out the rest of it.
    var commands: [(command: String, expected: [String])] = []
    for line in block where commands.last != nil || line.hasPrefix("qp> ") {
      if line.hasPrefix("qp> ") {
        commands.append((String(line.dropFirst(4)), []))
      } else {
        commands[commands.count - 1].expected.append(line)
      }
    }
    #expect(commands.count >= 4)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qp-readme-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try ChildProcess.run(
      ["--jsonl", "--save-dir", folder.path], input: commands.map { $0.command + "\n" }.joined())
    let answers = try result.lines.filter { !$0.isEmpty }.map {
      try JSONDecoder().decode(Answer.self, from: Data($0.utf8))
    }.dropFirst()  // the launch
    #expect(answers.map(\.command) == commands.map(\.command))
    for (answer, example) in zip(answers, commands) {
      if let elision = example.expected.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "…" })
      {
        #expect(
          Array(answer.output.prefix(elision)) == Array(example.expected.prefix(elision)), "\(answer.command)"
        )
      } else {
        #expect(answer.output == example.expected, "\(answer.command)")
      }
    }
  }

  @Test func theJSONLinesExampleIsWhatTheREPLPrints() throws {
    let block = try #require(try Self.blocks().first { $0.first?.hasSuffix("| quietplaces --jsonl") == true })
    let command = try #require(block.first)
    // `$ printf 'LINE\nLINE\n' | quietplaces --jsonl`
    let quoted = try #require(command.split(separator: "'").dropFirst().first)
    let input = quoted.replacingOccurrences(of: "\\n", with: "\n")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qp-readme-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try ChildProcess.run(["--jsonl", "--save-dir", folder.path], input: input)
    // The configuration's folder and the save folder are the reader's own: compared without them.
    let withoutConfiguration = { (line: String) in
      line.replacingOccurrences(
        of: #","(configuration|saveFolder)":\{[^}]*\}"#, with: "", options: .regularExpression)
    }
    #expect(
      result.lines.filter { !$0.isEmpty }.map(withoutConfiguration)
        == block.dropFirst().map(withoutConfiguration))
    #expect(block.dropFirst().first?.contains(#""configuration":{"folder":"#) == true)
    #expect(block.dropFirst().first?.contains(#""saveFolder":{"folder":"#) == true)
  }
}
