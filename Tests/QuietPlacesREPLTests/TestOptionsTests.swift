import Foundation
import QuietPlacesGolden
import QuietPlacesREPL
import QuietPlacesTestSupport
import QuietPlacesUtilities
import Testing

/// `quietplaces test`'s options for CI: shards, JUnit, TAP, --list; and how bad values are refused.
@Suite struct TestOptionsTests {
  @Test(arguments: [
    (["--shard", "1/4"], TestCommandLine(shard: .init(index: 0, count: 4))),
    (["--shard=4/4", "--tap"], TestCommandLine(shard: .init(index: 3, count: 4), tap: true)),
    (["--list", "Scripts/game"], TestCommandLine(paths: ["Scripts/game"], list: true)),
    (["--junit", "out.xml"], TestCommandLine(junitFiles: ["out.xml"])),
  ])
  func parses(arguments: [String], expected: TestCommandLine) throws {
    #expect(try TestCommandLine.parse(arguments, environment: [:]) == expected)
  }

  @Test(arguments: [
    (
      ["--shard", "3/2"],
      "error: --shard '3/2': there is no shard 3 of 2; K runs from 1 to N, so write --shard 1/2 to --shard 2/2"
    ),
    (["--shard", "0/2"], "error: --shard '0/2': shards count from 1; write --shard 1/2 to --shard 2/2"),
    (
      ["--shard", "1/0"],
      "error: --shard '1/0': the number of shards must be 1 or more; write K/N such as --shard 1/4"
    ),
    (
      ["--shard", "2"],
      "error: --shard '2': not K/N; write the shard and the number of shards as whole numbers, such as --shard 1/4"
    ),
    (
      ["--shard", "-1/2"],
      "error: --shard '-1/2': not K/N; write the shard and the number of shards as whole numbers, such as --shard 1/4"
    ),
    (["--shard", "1/2", "--shard", "2/2"], "error: --shard is given more than once; give it once"),
    (
      ["--shard"],
      "error: --shard needs a value; write --shard and then the shard and the number of shards, such as 1/4"
    ),
    (
      ["--junit"],
      "error: --junit needs a value; write --junit and then the file to write, such as .build/golden-junit.xml"
    ),
    (
      ["--list", "--update"],
      "error: --list and --update cannot go together; --list only prints the scripts that would run, so leave out --update"
    ),
    (
      ["--tap", "--list"],
      "error: --list and --tap cannot go together; --list only prints the scripts that would run, so leave out --tap"
    ),
    (["--tap", "--tap"], "error: --tap is given more than once; give it once"),
  ])
  func rejects(arguments: [String], message: String) {
    #expect {
      try TestCommandLine.parse(arguments, environment: [:])
    } throws: { error in
      (error as? TestCommandLine.ParseError)?.description == message
    }
  }

  @Test(arguments: [
    (
      ["TEST_TOTAL_SHARDS": "4"],
      "error: TEST_SHARD_INDEX is not set: with TEST_TOTAL_SHARDS=4 it must be a whole number from 0 to 3 (0-based)"
    ),
    (
      ["TEST_TOTAL_SHARDS": "4", "TEST_SHARD_INDEX": "4"],
      "error: TEST_SHARD_INDEX '4': with TEST_TOTAL_SHARDS=4 it must be a whole number from 0 to 3 (0-based)"
    ),
    (
      ["TEST_TOTAL_SHARDS": "0", "TEST_SHARD_INDEX": "0"],
      "error: TEST_TOTAL_SHARDS '0': not a positive whole number; set it to the number of shards, such as 4, or unset it"
    ),
  ])
  func rejectsBadShardVariables(environment: [String: String], message: String) {
    #expect {
      try TestCommandLine.parse([], environment: environment)
    } throws: { error in
      (error as? TestCommandLine.ParseError)?.description == message
    }
  }

  @Test func bazelShardVariablesAreZeroBasedAndTheFlagWins() throws {
    let bazel = ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "0"]
    #expect(try TestCommandLine.parse([], environment: bazel).shard == .init(index: 0, count: 3))
    #expect(
      try TestCommandLine.parse(["--shard", "2/2"], environment: bazel).shard == .init(index: 1, count: 2))
    #expect(try TestCommandLine.parse([], environment: [:]).shard == nil)
    #expect(Shard(index: 0, count: 3).description == "1/3")
  }

  /// A bad value is one `error:` line on standard error and exit status 2, with nothing run.
  @Test(arguments: [["--shard", "3/2"], ["--shard", "0/2"], ["--shard", "x/y"], ["--list", "--update"]])
  func badValuesExitTwo(arguments: [String]) throws {
    let result = try ChildProcess.run(["test"] + arguments)
    #expect(result.status == 2)
    #expect(result.lines.filter { !$0.isEmpty }.count == 1)
    #expect(result.output.hasPrefix(OutputLine.errorText("")))
  }

  @Test func listingTheRealScriptsRunsNothing() throws {
    let result = try ChildProcess.run(["test", "--list", "Scripts/store"])
    #expect(result.status == 0)
    let listed = result.lines.filter { !$0.isEmpty }
    #expect(listed.count >= 9)
    #expect(listed.allSatisfy { $0.hasPrefix("Scripts/store/") && $0.hasSuffix(".qp") })
    #expect(listed == listed.sorted())
  }
}
