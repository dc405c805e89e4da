import Foundation
import QuietPlacesREPL
import QuietPlacesStore
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesCommandLine

/// `quietplaces` itself: the REPL's options, `--help` and `--version`, the choice of mode, and one
/// `error:` line with exit status 2 for every misuse.
@Suite struct ProgramTests {
  @Test func theREPLsOptions() throws {
    guard
      case .mode(let mode) = try CommandLineParser.parse(
        ["--save-dir", "d", "--storekit", "s.storekit", "--closed", "--bail", "--jsonl"], root: REPLMode.self,
        environment: [:]),
      let repl = mode as? REPLMode
    else {
      Issue.record("not the REPL")
      return
    }
    #expect(repl.saveFolder.path == "d" && repl.storeKit.file == "s.storekit")
    #expect(repl.closed && repl.bail.bail && repl.jsonl && repl.bundle == nil)
  }

  @Test(arguments: [
    (["run"], RunMode.self as any CommandLineMode.Type), (["run", "a.qp", "--step"], RunMode.self),
    (["test"], TestMode.self), (["simulate"], SimulateMode.self),
    (["simulate", "merge", "a"], SimulateMergeMode.self),
    (["storekit", "check", "a.storekit"], StoreKitCheckMode.self), ([], REPLMode.self),
  ])
  func theWordsChooseTheMode(arguments: [String], type: any CommandLineMode.Type) throws {
    let arguments = arguments == ["run"] ? ["run", "a.qp"] : arguments
    guard case .mode(let mode) = try CommandLineParser.parse(arguments, root: REPLMode.self, environment: [:])
    else {
      Issue.record("no mode")
      return
    }
    #expect(Swift.type(of: mode) == type)
  }

  @Test func storeKitCheckTakesItsFiles() throws {
    guard
      case .mode(let mode) = try CommandLineParser.parse(
        ["storekit", "check", "a.storekit", "b.storekit"], root: REPLMode.self, environment: [:])
    else { return }
    #expect(mode as? StoreKitCheckMode == StoreKitCheckMode(files: ["a.storekit", "b.storekit"]))
  }

  /// Each misuse: exit status 2, nothing on standard output, one `error:` line that starts so.
  @Test(arguments: [
    (
      ["--jbos", "2"], "error: unknown option '--jbos' for quietplaces; did you mean quietplaces test --jobs?"
    ),
    (["test", "--jbos", "2"], "error: unknown option '--jbos' for quietplaces test; did you mean --jobs?"),
    (["--save-dir"], "error: --save-dir needs a value; write it after the option, such as --save-dir DIR"),
    (["--save-dir", "--closed"], "error: --save-dir needs a value; write it after the option"),
    (
      ["--bundle", "x.json", "--save-dir", "d"],
      "error: --bundle and --save-dir cannot go together; --bundle starts in a fresh temporary save folder, "
        + "so leave out --save-dir"
    ),
    (["run", "a.qp", "--closed"], "error: --closed is an option of quietplaces, not of quietplaces run"),
    (["--jsonl", "test"], "error: --jsonl is an option of quietplaces, not of quietplaces test"),
    (["run"], "error: quietplaces run needs FILE.qp; write quietplaces run FILE.qp [--step]"),
    (
      ["run", "a.qp", "b.qp"],
      "error: unexpected argument 'b.qp' for quietplaces run; write quietplaces run FILE.qp"
    ),
    (["tesst"], "error: unknown subcommand 'tesst' for quietplaces; did you mean test?"),
    (["tset"], "error: unknown subcommand 'tset' for quietplaces; write one of run, test"),
    (
      ["storekit"],
      "error: quietplaces storekit needs a subcommand; write quietplaces storekit check FILE.storekit ..."
    ),
    (["storekit", "verify", "x"], "error: unknown subcommand 'verify' for quietplaces storekit"),
    (["storekit", "check"], "error: quietplaces storekit check needs FILE.storekit"),
    (
      ["storekit", "check", "--x"],
      "error: unknown option '--x' for quietplaces storekit check; quietplaces storekit check takes no options"
    ),
    (["test", "--shard", "4/3"], "error: --shard '4/3': there is no shard 4 of 3"),
    (["test", "--jobs", "0"], "error: --jobs '0' is not a whole number from 1 to 1024"),
  ])
  func misuseIsOneErrorLineAndExitTwo(arguments: [String], start: String) async {
    let run = await ProgramRun.run(arguments)
    #expect(run.status == .usage)
    #expect(run.output.isEmpty)
    #expect(run.errors.count == 1)
    #expect(run.errors.first?.hasPrefix(start) == true, "\(run.errors)")
  }

  /// A relative path given on the command line (`--storekit shop.storekit`) lands inside the current
  /// folder however that folder's URL was made: one without its ending `/` resolved such paths in
  /// the folder above.
  @Test func relativePathsResolveInsideTheCurrentFolder() {
    let folder = URL(fileURLWithPath: "/tmp/quietplaces-here", isDirectory: false)
    var context = ProgramContext(
      environment: [:], currentDirectory: folder,
      input: { ProgramInput(source: ScriptedInput([]), interactive: false, colour: false) },
      print: { _ in }, printError: { _ in })
    #expect(
      URL(fileURLWithPath: "shop.storekit", relativeTo: context.currentDirectory).path
        == "/tmp/quietplaces-here/shop.storekit")
    context.currentDirectory = URL(fileURLWithPath: "/tmp/elsewhere", isDirectory: false)
    #expect(
      URL(fileURLWithPath: "shop.storekit", relativeTo: context.currentDirectory).path
        == "/tmp/elsewhere/shop.storekit")
  }

  /// Input that ends because the terminal cannot be read (the process is not in its foreground)
  /// is not the user's end of input: one `error:` line, the app closed as at the end, exit 1. It
  /// ended with status 0 and no word.
  @Test func anUnreadableTerminalIsAFailureThatSaysWhy() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let run = await ProgramRun.run(
      ["--save-dir", folder.url.path], inputEndFailure: "the terminal could not be read")
    #expect(run.status == .failure)
    #expect(
      run.errors.last
        == "error: the terminal could not be read; the session ended there: the app closes, which saves")
    let ordinary = await ProgramRun.run(["--save-dir", folder.url.path])
    #expect(ordinary.status == .success)
  }

  @Test func theVersion() async {
    let run = await ProgramRun.run(["--version"])
    let provenance = ConfigurationProvenance(folder: Fixtures.configurationFolder, source: .environment)
    #expect(run.status == .success && run.output == [AppSave.writer, provenance.line])
    #expect(run.output.last?.contains("balance \(provenance.fingerprint(named: "balance") ?? "")") == true)
    // Its Configuration line is the one found, so an option that would change it is refused, not
    // passed over (the line would name a catalogue other than the one `--storekit` asked for).
    let beside = await ProgramRun.run(["--version", "--storekit", "missing.storekit"])
    #expect(beside.status == .usage && beside.output.isEmpty)
    #expect(
      beside.errors == [
        "error: --storekit changes nothing here: --version prints the version and the Configuration found, "
          + "and stops; run quietplaces --version alone"
      ])
  }

  /// A `--bundle` file that cannot be read or is not a bundle is the command line asking for
  /// something wrong, as a bad `--storekit` file is: one `error:` line naming the file, exit 2,
  /// and nothing on standard output.
  @Test func aBadBundleFileIsAUsageError() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let text = try folder.write("not a bundle\n", to: "text.json")
    let save = try folder.write(#"{"game": {}}"#, to: "save.json")
    for (path, says) in [
      (folder.url.appendingPathComponent("missing.json").path, "cannot be read: no such file"),
      (text.path, "it is not JSON"),
      (save.path, ""),
    ] {
      let run = await ProgramRun.run(["--bundle", path])
      #expect(run.status == .usage, "\(path): \(run.status)")
      #expect(run.output.isEmpty, "\(run.output)")
      #expect(run.errors.count == 1, "\(run.errors)")
      #expect(run.errors.first?.hasPrefix("error: \(path): \(says)") == true, "\(run.errors)")
    }
  }

  /// Bazel's `TEST_TMPDIR` is where the scripts' temporary save folders are made, and
  /// `TEST_PREMATURE_EXIT_FILE` exists while the run runs and is gone once it ended.
  @Test func bazelsTemporaryFolderAndPrematureExitFile() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let exitFile = folder.url.appendingPathComponent("premature-exit")
    let script = "Scripts/game/02-clock-and-instants.qp"
    // A file where the temporary folder should be: no save folder can be made under it.
    let blocked = try folder.write("", to: "not-a-folder")
    let refused = await ProgramRun.run(
      ["test", script],
      environment: ["TEST_TMPDIR": blocked.path, "TEST_PREMATURE_EXIT_FILE": exitFile.path])
    #expect(refused.status == .failure)
    #expect(refused.output.contains { $0.contains(blocked.path) }, "\(refused.output)")
    let run = await ProgramRun.run(
      ["test", script],
      environment: ["TEST_TMPDIR": folder.url.path, "TEST_PREMATURE_EXIT_FILE": exitFile.path])
    #expect(run.status == .success)
    #expect(!FileManager.default.fileExists(atPath: exitFile.path))
  }

  /// `test` says which configuration its sessions read before any result; `simulate` says it on
  /// standard error (its standard output may be CSV or JSON for another program).
  @Test func testRunAndSimulateSayWhichConfigurationTheyRead() async {
    let line = ConfigurationProvenance(folder: Fixtures.configurationFolder, source: .environment).line
    let test = await ProgramRun.run(["test", "Scripts/game/02-clock-and-instants.qp"])
    #expect(test.status == .success && test.output.first == line, "\(test.output)")
    let tap = await ProgramRun.run(["test", "--tap", "Scripts/game/02-clock-and-instants.qp"])
    #expect(tap.output.prefix(3) == ["TAP version 13", "1..1", "# " + line], "\(tap.output)")
    let simulate = await ProgramRun.run(["simulate", "--seeds", "1", "--limit", "1d"])
    #expect(simulate.errors.first == line, "\(simulate.errors)")
    // run says it beside the transcript, which stays the script's own on standard output.
    let run = await ProgramRun.run(["run", "Scripts/game/02-clock-and-instants.qp"])
    #expect(run.status == .success && run.errors.first == line, "\(run.errors)")
    #expect(!run.output.contains(line))
  }

  /// `--help` says everything the program's usage said: every mode's usage, every option of the REPL,
  /// where saves and the history live.
  @Test func theHelpShowsEveryModeAndOption() async {
    let run = await ProgramRun.run(["--help"])
    #expect(run.status == .success && run.errors.isEmpty)
    let text = run.output.joined(separator: "\n")
    for usage in [
      "usage: quietplaces [--save-dir DIR] [--bundle FILE] [--closed] [--storekit FILE] [--bail] [--jsonl]",
      "       quietplaces run FILE.qp [--step] [--then-repl] [--bail] [--save-dir DIR] [--storekit FILE]",
      "       quietplaces test [PATH ...] [OPTIONS]",
      "       quietplaces simulate [OPTIONS]", "       quietplaces simulate merge FILE.jsonl ...",
      "       quietplaces storekit check FILE.storekit ...", "       quietplaces --help | --version",
    ] {
      #expect(run.output.contains { $0.hasPrefix(usage) }, "\(usage)")
    }
    for option in [
      "--save-dir DIR", "--bundle FILE", "--closed", "--storekit FILE", "--bail", "--jsonl", "--version",
    ] {
      #expect(run.output.contains { $0.hasPrefix("  \(option) ") }, "\(option)")
    }
    for words in [
      "$QUIETPLACES_HOME", "$XDG_DATA_HOME/quietplaces", "$QUIETPLACES_HISTORY",
      "--jsonl reads standard input",
    ] {
      #expect(text.contains(words), "\(words)")
    }
    #expect(run.output.allSatisfy { $0.count <= 110 })
  }
}
