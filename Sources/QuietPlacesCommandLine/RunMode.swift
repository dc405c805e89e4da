import FoundationEssentials
import QuietPlacesGolden
import QuietPlacesREPL

#if canImport(Glibc)
  import Glibc
#endif

/// `quietplaces run FILE.qp`: runs a script in a fresh session and prints the transcript; with
/// `--step`, pauses before each command; with `--then-repl`, the REPL goes on from the script's state.
struct RunMode: CommandLineMode, Equatable {
  /// The script, as given.
  var file = ""
  /// `--step`.
  var step = false
  /// `--then-repl`.
  var thenREPL = false
  /// `--bail`.
  var bail = BailOption()
  /// `--save-dir DIR`; without it, a fresh temporary folder.
  var saveFolder = SaveFolderOption()
  /// `--storekit FILE`.
  var storeKit = StoreKitOption()

  static var declaration: CommandDeclaration<RunMode> {
    CommandDeclaration(
      "run",
      abstract: "Runs a .qp script and prints the transcript (what happens now; the script's expected output "
        + "is ignored).",
      discussion: [
        "Without --save-dir the script runs in a fresh temporary save folder.",
        ScriptRunner.stepHelp,
      ],
      arguments: [.one("FILE.qp", \.file, help: "the script")],
      options: [
        .flag(
          "--step", \.step, help: "pause before each command, as a debugger does (Enter runs it, q stops)"),
        .flag("--then-repl", \.thenREPL, help: "when the script ends, go on in the REPL from its state"),
      ] + BailOption.declared(in: \.bail) + SaveFolderOption.declared(in: \.saveFolder)
        + StoreKitOption.declared(in: \.storeKit))
  }

  func run(in context: ProgramContext) async -> ExitStatus {
    guard let (rules, storeKit, provenance) = storeKit.load(context) else { return .usage }
    let url = URL(fileURLWithPath: file, relativeTo: context.currentDirectory)
    let script: GoldenScript
    do {
      script = try GoldenScript.load(from: url, path: file)
    } catch {
      context.printError(OutputLine.errorText(error.description))
      return .failure
    }
    let temporary = saveFolder.path == nil ? SaveFolderOption.temporaryFolder() : nil
    defer { temporary.map { try? FileManager.default.removeItem(at: $0) } }
    let directory =
      temporary ?? URL(fileURLWithPath: saveFolder.path ?? "", relativeTo: context.currentDirectory)
    guard let lock = SaveFolderOption.lock(directory, context) else { return .failure }
    defer { withExtendedLifetime(lock) {} }
    let session: Session
    do {
      var environment = SessionEnvironment(rules: rules, storeKit: storeKit, saveDirectory: directory)
      environment.scriptFolder = url.deletingLastPathComponent()
      (session, _) = try await Session.start(environment)
    } catch {
      context.printError(OutputLine.errorText(error.description))
      return .failure
    }
    // What the run was computed from, once, beside the transcript (standard output stays the
    // script's own, as test keeps it).
    context.printError(provenance.line)
    SessionEnvironment.startupLines(storeKit, file: self.storeKit.file).forEach(context.print)
    // Only a run that reads lines (--step, --then-repl) takes the terminal's line editor: a plain
    // run leaves Ctrl-C its usual meaning, ending the process.
    let source = step || thenREPL ? context.input().source : nil
    var runner = ScriptRunner(step: step, bail: bail.bail, keepSession: thenREPL)
    runner.environment = context.environment
    // A reader that goes away (`| head`) or a full disk stops the script at its next command, and
    // the session finishes as at the script's end (the app closes, which saves); said below.
    signal(SIGPIPE, SIG_IGN)
    var stoppedAt: Int?
    let failed = await runner.run(
      script, in: session, input: step ? source : nil, print: context.print, printLine: context.print,
      outputGone: { line in
        context.flush()
        guard context.outputFailure() != nil else { return false }
        stoppedAt = line
        return true
      })
    context.flush()
    if let reason = context.outputFailure() {
      if thenREPL { await session.finish() }
      let place = stoppedAt.map { "before its line \($0)" } ?? "at its end"
      context.printError(
        OutputLine.errorText(
          "standard output could not be written (\(reason)); \(file.fromOutside) stopped \(place), and the "
            + "session ended as at the end of the script: the app closes, which saves"))
      return .failure
    }
    // A terminal this process may not read ended the walk, not the user: said, and a failure.
    if let reason = source?.endFailure {
      context.printError(
        OutputLine.errorText(reason + "; the walk stopped there: the app closes, which saves"))
      return .failure
    }
    // A script that quit has ended its session: there is no state for the REPL to go on from.
    guard thenREPL, !session.wantsToQuit, let source else { return failed ? .failure : .success }
    context.print("The script has ended; the REPL goes on from its state (quit leaves).")
    var lastLine = 0
    let failedAfter = await REPLLoop.run(
      session, input: source, bail: bail.bail,
      answer: { answer in
        lastLine = answer.number
        answer.output.forEach(context.print)
        context.flush()
      },
      outputGone: { context.outputFailure() != nil })
    if let reason = context.outputFailure() {
      context.printError(
        OutputLine.errorText(
          "standard output could not be written after line \(lastLine) typed after the script (\(reason)); the "
            + "session ended there, as at the end of input: the app closes, which saves"))
      return .failure
    }
    if let reason = source.endFailure {
      context.printError(
        OutputLine.errorText(reason + "; the session ended there: the app closes, which saves"))
      return .failure
    }
    return failed || failedAfter ? .failure : .success
  }
}
