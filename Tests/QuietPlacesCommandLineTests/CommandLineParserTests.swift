import QuietPlacesCommandLine
import QuietPlacesUtilities
import Testing

/// The declarative parser: values of every kind from one declaration, the mode chosen by its words,
/// and one clear `error:` line for each kind of mistake.
@Suite struct CommandLineParserTests {
  @Test func readsEveryKindOfOption() throws {
    let check = try #require(
      try sampleMode(
        SampleCheck.self,
        ["check", "a.qp", "--update", "--filter", "store", "-j", "3", "--shard=2/4", "--format", "csv", "b"]))
    #expect(check.paths == ["a.qp", "b"])
    #expect(check.update && !check.list)
    #expect(check.filter == "store")
    #expect(check.jobs == 3)
    #expect(check.shard == Shard(index: 1, count: 4))
    #expect(check.formats == [.csv])
    #expect(check.seeds == Array(1...100))
  }

  @Test func aRepeatedOptionReplacesItsDefaultThenCollects() throws {
    let none = try #require(try sampleMode(SampleCheck.self, ["check"]))
    #expect(none.formats == [.table])
    let two = try #require(
      try sampleMode(SampleCheck.self, ["check", "--format", "csv", "--format", "table"]))
    #expect(two.formats == [.csv, .table])
  }

  @Test func doubleDashEndsTheOptionsAndALoneDashIsAPath() throws {
    let check = try #require(try sampleMode(SampleCheck.self, ["check", "-", "--", "--odd.qp", "-j"]))
    #expect(check.paths == ["-", "--odd.qp", "-j"])
    #expect(check.jobs == nil)
  }

  @Test func aShortDashValueIsAValueButAnOptionNameIsNot() throws {
    let check = try #require(try sampleMode(SampleCheck.self, ["check", "--filter", "-x"]))
    #expect(check.filter == "-x")
    #expect(
      sampleError(["check", "--filter", "--update"])
        == "error: --filter needs a value; write it after the option, such as --filter TEXT")
  }

  @Test func sharedOptionsMayComeBeforeTheSubcommand() throws {
    let before = try #require(try sampleMode(SampleCheck.self, ["--folder", "x", "check", "a"]))
    let after = try #require(try sampleMode(SampleCheck.self, ["check", "a", "--folder", "x"]))
    #expect(before.shared.folder == "x" && after.shared.folder == "x")
    #expect(before.paths == ["a"] && after.paths == ["a"])
  }

  @Test func subcommandsNestAndGroupWordsNeedOne() throws {
    let merge = try #require(try sampleMode(SampleMerge.self, ["check", "merge", "a", "b"]))
    #expect(merge.files == ["a", "b"])
    let list = try #require(try sampleMode(SampleList.self, ["files", "list", "f"]))
    #expect(list.file == "f")
    // A word after the mode's own arguments began is an argument, not a subcommand.
    let check = try #require(try sampleMode(SampleCheck.self, ["check", "a", "merge"]))
    #expect(check.paths == ["a", "merge"])
  }

  @Test func helpAndVersion() throws {
    guard case .version(let version) = try parseSample(["--version"]) else {
      Issue.record("not the version")
      return
    }
    #expect(version == "sample 1.0")
    guard case .help(let lines) = try parseSample(["check", "--frob", "-h"]) else {
      Issue.record("not help")
      return
    }
    #expect(lines.first?.hasPrefix("usage: sample check [PATH ...] [--update] [--list]") == true)
  }

  /// `--version` prints what it finds and stops: an option beside it would be passed over without a
  /// word (its Configuration line would not be what `--storekit FILE` asked for), so it is refused.
  @Test(arguments: [
    ["--version", "--quiet"], ["--quiet", "--version"], ["--version", "--folder", "x"],
    ["--version", "extra"],
  ])
  func versionStandsAlone(arguments: [String]) throws {
    let other = arguments.first { $0 != "--version" } ?? ""
    #expect(throws: CommandLineError.self) { try parseSample(arguments) }
    do {
      _ = try parseSample(arguments)
    } catch {
      #expect(error.message.hasPrefix("\(other) changes nothing here: --version prints the version"))
      #expect(error.message.hasSuffix("run sample --version alone"))
    }
  }

  @Test(arguments: [
    (
      ["check", "--jbos", "2"],
      "error: unknown option '--jbos' for sample check; did you mean --jobs? (sample check --help lists its options)"
    ),
    (
      ["check", "--frob"],
      "error: unknown option '--frob' for sample check; sample check --help lists its options"
    ),
    (
      ["check", "--quiet"],
      "error: --quiet is an option of sample, not of sample check; sample check --help lists its options"
    ),
    (
      ["check", "merge", "--update", "a"],
      "error: --update is an option of sample check, not of sample check merge; sample check merge takes "
    ),
    (["check", "--jobs"], "error: --jobs needs a value; write it after the option, such as --jobs 2"),
    (["check", "--jobs="], "error: --jobs is given an empty value; write one, such as --jobs 2"),
    (["check", "--jobs", ""], "error: --jobs is given an empty value; write one, such as --jobs 2"),
    (
      ["check", "--jobs", "0"],
      "error: --jobs '0' is not a whole number from 1 to 1024; write one, such as --jobs 2"
    ),
    (
      ["check", "--jobs", "x"],
      "error: --jobs 'x' is not a whole number from 1 to 1024; write one, such as --jobs 2"
    ),
    (
      ["check", "--shard", "4/3"],
      "error: --shard '4/3': there is no shard 4 of 3; K runs from 1 to N, so write --shard 1/3 to --shard 3/3"
    ),
    (["check", "--filter", "a", "--filter", "b"], "error: --filter is given more than once; give it once"),
    (["check", "--update", "--update"], "error: --update is given more than once; give it once"),
    (["check", "--update=yes"], "error: --update takes no value; write --update alone"),
    (
      ["check", "--update", "--list"],
      "error: --list and --update cannot go together; --list only lists, so leave out --update"
    ),
    (
      ["check", "--format", "xml"],
      "error: --format 'xml' is not one of table or csv; write one of them, such as --format table"
    ),
    (
      ["chek"],
      "error: unknown subcommand 'chek' for sample; did you mean check? (sample --help shows each)"
    ),
    (
      ["zzz"],
      "error: unknown subcommand 'zzz' for sample; write one of check or files (sample --help shows each)"
    ),
    (["files"], "error: sample files needs a subcommand; write sample files list FILE"),
    (
      ["files", "lst"],
      "error: unknown subcommand 'lst' for sample files; did you mean list? (sample files --help shows each)"
    ),
    (["files", "list"], "error: sample files list needs FILE; write sample files list FILE"),
    (
      ["files", "list", "a", "b"],
      "error: unexpected argument 'b' for sample files list; write sample files list FILE"
    ),
    (["check", "merge"], "error: sample check merge needs FILE; write sample check merge FILE ..."),
  ])
  func eachMistakeIsOneErrorLine(arguments: [String], message: String) {
    let error = sampleError(arguments)
    #expect(error?.hasPrefix(message) == true, "\(error ?? "no error")")
  }
}
