import Foundation
import QuietPlacesGolden
import QuietPlacesREPL
import QuietPlacesUtilities
import Testing

@testable import QuietPlacesCommandLine

/// `quietplaces test`'s options, from the arguments and the environment (CI, Bazel), and how bad
/// values are refused: one `error:` line each, exit status 2.
@Suite struct TestOptionsTests {
  /// The options `arguments` (after `test`) give.
  func options(_ arguments: [String], environment: [String: String] = [:]) throws -> GoldenRunOptions {
    let parsed = try CommandLineParser.parse(
      TestMode.self, arguments, path: ["quietplaces", "test"], tree: .mode(TestMode.self),
      environment: environment)
    guard case .mode(let mode) = parsed, let test = mode as? TestMode else { throw NotTest() }
    return test.options
  }

  struct NotTest: Error {}

  /// The error line `arguments` (after `test`) give.
  func error(_ arguments: [String], environment: [String: String] = [:]) -> String? {
    do {
      _ = try options(arguments, environment: environment)
      return nil
    } catch {
      return (error as? CommandLineError)?.description
    }
  }

  @Test(arguments: [
    ([String](), GoldenRunOptions()),
    (["a.qp", "Scripts/b"], GoldenRunOptions(paths: ["a.qp", "Scripts/b"])),
    (
      ["--update", "--filter", "store", "--jobs", "4"],
      GoldenRunOptions(update: true, filter: "store", jobs: 4)
    ),
    (["-j", "3"], GoldenRunOptions(jobs: 3)),
    (
      ["--jobs=2", "--filter=x", "--", "--odd.qp"],
      GoldenRunOptions(paths: ["--odd.qp"], filter: "x", jobs: 2)
    ),
    (["--shard", "1/4"], GoldenRunOptions(shard: Shard(index: 0, count: 4))),
    (["--shard=4/4", "--tap"], GoldenRunOptions(shard: Shard(index: 3, count: 4), tap: true)),
    (["--list", "Scripts/game"], GoldenRunOptions(paths: ["Scripts/game"], list: true)),
    (["--junit", "out.xml"], GoldenRunOptions(junitFiles: ["out.xml"])),
  ])
  func parses(arguments: [String], expected: GoldenRunOptions) throws {
    #expect(try options(arguments) == expected)
  }

  @Test(arguments: [
    (["--jobs", "0"], "error: --jobs '0' is not a whole number from 1 to 1024; write one, such as --jobs 2"),
    (["--jobs", "x"], "error: --jobs 'x' is not a whole number from 1 to 1024; write one, such as --jobs 2"),
    (["--jobs"], "error: --jobs needs a value; write it after the option, such as --jobs 2"),
    (
      ["--jbos", "2"],
      "error: unknown option '--jbos' for quietplaces test; did you mean --jobs? "
        + "(quietplaces test --help lists its options)"
    ),
    (
      ["--frob"],
      "error: unknown option '--frob' for quietplaces test; quietplaces test --help lists its options"
    ),
    (["--filter", "a", "--filter", "b"], "error: --filter is given more than once; give it once"),
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
    (["--shard"], "error: --shard needs a value; write it after the option, such as --shard 1/4"),
    (
      ["--junit"],
      "error: --junit needs a value; write it after the option, such as --junit .build/golden-junit.xml"
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
    (["--tap=yes"], "error: --tap takes no value; write --tap alone"),
  ])
  func rejects(arguments: [String], message: String) {
    #expect(error(arguments) == message)
  }

  @Test func updateIsRefusedInCI() throws {
    #expect(
      error(["--update"], environment: ["CI": "true"])
        == "error: --update is refused because CI is set (CI never records); run without --update, "
        + "or update on your own machine")
    #expect(try options(["--update"], environment: ["HOME": "/"]).update)
    #expect(error(["--update"], environment: ["CI": "1"])?.hasPrefix("error: --update is refused") == true)
  }

  /// `CI=false`, `CI=0` and an empty `CI` say the run is not under CI.
  @Test(arguments: ["false", "0", "", "FALSE"])
  func ciSetToFalseIsNotCI(value: String) throws {
    #expect(try options(["--update"], environment: ["CI": value]).update)
  }

  /// Bazel's `TESTBRIDGE_TEST_ONLY` (`bazel test --test_filter`) filters as `--filter` does; the
  /// option wins.
  @Test func testbridgeTestOnlyFilters() throws {
    #expect(try options([], environment: ["TESTBRIDGE_TEST_ONLY": "store/"]).filter == "store/")
    #expect(
      try options(["--filter", "game"], environment: ["TESTBRIDGE_TEST_ONLY": "store/"]).filter == "game")
    #expect(try options([], environment: ["TESTBRIDGE_TEST_ONLY": ""]).filter == nil)
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
    #expect(error([], environment: environment) == message)
  }

  @Test(arguments: 1...5)
  func bazelShardVariablesAreZeroBasedAndTheFlagWins(count: Int) throws {
    for index in 0..<count {
      let bazel = ["TEST_TOTAL_SHARDS": "\(count)", "TEST_SHARD_INDEX": "\(index)"]
      let flag = try options(["--shard", "\(index + 1)/\(count)"])
      #expect(try options([], environment: bazel).shard == flag.shard)
      #expect(try options(["--shard", "1/7"], environment: bazel).shard == Shard(index: 0, count: 7))
    }
    #expect(try options([]).shard == nil)
  }

  @Test func theShardStatusFileAndXMLOutputFileComeFromTheEnvironment() throws {
    let bazel = ["TEST_SHARD_STATUS_FILE": "/tmp/status", "XML_OUTPUT_FILE": "/tmp/bazel.xml"]
    let options = try options(["--junit", "mine.xml"], environment: bazel)
    #expect(options.shardStatusFile == "/tmp/status")
    #expect(options.junitFiles == ["mine.xml", "/tmp/bazel.xml"])
    // Listing writes no report, and the same file is written once.
    #expect(try self.options(["--list"], environment: bazel).junitFiles == [])
    #expect(
      try self.options(["--junit", "/tmp/bazel.xml"], environment: bazel).junitFiles == ["/tmp/bazel.xml"])
  }

  /// A bad value is one `error:` line on standard error and exit status 2, with nothing run.
  @Test(arguments: [["--shard", "3/2"], ["--shard", "0/2"], ["--shard", "x/y"], ["--list", "--update"]])
  func badValuesExitTwo(arguments: [String]) async {
    let run = await ProgramRun.run(["test"] + arguments)
    #expect(run.status == .usage)
    #expect(run.output.isEmpty)
    #expect(run.errors.count == 1)
    #expect(run.errors.first?.hasPrefix(OutputLine.errorText("")) == true)
  }

  @Test func listingTheRealScriptsRunsNothing() async {
    let run = await ProgramRun.run(["test", "--list", "Scripts/store"])
    #expect(run.status == .success)
    #expect(run.output.count >= 9)
    #expect(run.output.allSatisfy { $0.hasPrefix("Scripts/store/") && $0.hasSuffix(".qp") })
    #expect(run.output == run.output.sorted())
  }

  @Test func theHelpListsEveryOption() async {
    let run = await ProgramRun.run(["test", "--help"])
    #expect(run.status == .success && run.errors.isEmpty)
    #expect(
      run.output.first?.hasPrefix(
        "usage: quietplaces test [PATH ...] [--update[=in-place|pending]] [--review] [--accept] [--reject]")
        == true)
    #expect(run.output.contains("  --update[=in-place|pending]"))
    for option in [
      "--review", "--accept", "--reject", "--timeout SECONDS", "--filter TEXT", "-j, --jobs N", "--shard K/N",
      "--list",
      "--junit FILE", "--tap",
      "--storekit FILE", "-h, --help",
    ] {
      #expect(run.output.contains { $0.hasPrefix("  \(option) ") }, "\(option)")
    }
  }
}
