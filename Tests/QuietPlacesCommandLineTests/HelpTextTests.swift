import QuietPlacesCommandLine
import Testing

/// `--help` is derived from the declarations: every option listed once with its help line and its
/// default, every subcommand named, usage lines wrapped.
@Suite struct HelpTextTests {
  func help(_ arguments: [String]) throws -> [String] {
    guard case .help(let lines) = try parseSample(arguments) else { throw HelpMissing() }
    return lines
  }

  struct HelpMissing: Error {}

  @Test func aModesHelpListsEachOptionWithItsHelpAndDefault() throws {
    let lines = try help(["check", "--help"])
    for (label, text) in [
      ("--update", "rewrite what fails"), ("-j, --jobs N", "how many at once (default: one per processor)"),
      ("--shard K/N", "run one shard"), ("--format table|csv", "a format (repeatable; default: table)"),
      ("--seeds A-B|LIST", "the seeds (default: 1-100)"), ("--folder DIR", "where the files are"),
      ("-h, --help", "print this help and stop"),
    ] {
      #expect(lines.contains { $0.hasPrefix("  \(label) ") && $0.hasSuffix(text) }, "\(label)")
    }
    #expect(
      lines.contains { $0.hasPrefix("  [PATH ...] ") && $0.hasSuffix("files or folders (default: Scripts)") })
    #expect(lines.contains("Checks the paths."))
    #expect(lines.contains { $0.hasPrefix("       sample check merge FILE ...") })
    #expect(lines.contains { $0.hasPrefix("  merge ") && $0.hasSuffix("Merges files.") })
  }

  @Test func theRootsHelpShowsEveryModesUsageAndTheVersion() throws {
    let lines = try help(["--help"])
    #expect(lines.first == "usage: sample [--folder DIR] [--quiet]")
    for usage in [
      "       sample check [PATH ...] [--update] [--list]", "       sample check merge FILE ...",
      "       sample files list FILE", "       sample --help | --version",
    ] {
      #expect(lines.contains { $0.hasPrefix(usage) }, "\(usage)")
    }
    #expect(lines.contains("It only parses."))
    #expect(lines.contains { $0.hasPrefix("  --version ") })
    #expect(lines.contains { $0.hasPrefix("  files list ") && $0.hasSuffix("Lists a file.") })
  }

  @Test func usageLinesAreWrappedBetweenTheirParts() throws {
    let lines = try help(["check", "-h"])
    let usage = Array(lines.prefix { !$0.isEmpty })
    #expect(usage.allSatisfy { $0.count <= 100 })
    // Continuation lines line up after the command's words and never split a bracket.
    let continued = usage.dropFirst().filter { !$0.hasPrefix("       sample") }
    #expect(!continued.isEmpty)
    #expect(
      continued.allSatisfy { $0.hasPrefix(String(repeating: " ", count: "usage: sample check ".count) + "[") }
    )
  }
}
