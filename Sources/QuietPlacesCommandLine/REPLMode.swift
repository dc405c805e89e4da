import FoundationEssentials
import QuietPlacesREPL
import QuietPlacesStore

#if canImport(Glibc)
  import Glibc
#endif

/// `quietplaces` itself: the REPL, interactive on a terminal and batch otherwise, and the root the
/// other modes hang from.
struct REPLMode: CommandLineMode, Equatable {
  /// `--save-dir DIR`; without it, `$QUIETPLACES_HOME`, else the XDG data folder.
  var saveFolder = SaveFolderOption()
  /// `--bundle FILE`.
  var bundle: String?
  /// `--closed`.
  var closed = false
  /// `--storekit FILE`.
  var storeKit = StoreKitOption()
  /// `--bail`.
  var bail = BailOption()
  /// `--jsonl`.
  var jsonl = false

  /// The banner an interactive session starts with.
  static let banner = "Quiet Places — the game and store engine. help lists the commands; quit leaves."

  static var declaration: CommandDeclaration<REPLMode> {
    CommandDeclaration(
      "quietplaces",
      abstract: "The game and store engine of Quiet Places, as a REPL: type commands, see what the game and "
        + "the store do.",
      discussion: [
        "With a terminal on standard input it is an interactive REPL (help lists the commands); otherwise it "
          + "reads commands from standard input (batch mode: no prompt, no banner, no colour; each answer is "
          + "flushed before the next line is read). --jsonl reads standard input in any case and prints one "
          + "JSON object per line read: {\"n\",\"command\",\"output\",\"error\"} (n 0 is the launch, with "
          + "\"configuration\"), with \"skipped\" for a pasted command's expected output and \"question\" when "
          + "a command waits for y or n.",
        "After a pasted '> CMD' line the lines up to an empty line are its expected output and are skipped: "
          + "standard error names them, a skipped command gets a warning, and a skipped quit is obeyed. "
          + "A line longer than \(InputLimit.maximumBytes.withThousandsSeparators) bytes is refused with one error.",
        "--bundle FILE starts from a device bundle (written by bundle FILE) in a fresh temporary save folder, "
          + "with the app closed; --closed starts any save folder without launching (launch opens the app).",
        "Saves live in --save-dir, else $QUIETPLACES_HOME, else $XDG_DATA_HOME/quietplaces "
          + "(~/.local/share/quietplaces).",
        "History lives in $QUIETPLACES_HISTORY, else ~/.quietplaces_history (interactive only).",
      ],
      options: SaveFolderOption.declared(in: \.saveFolder) + [
        .option(
          "--bundle", \.bundle, .path("FILE"),
          help: "start from a device bundle, in a fresh temporary save folder, with the app closed"),
        .flag("--closed", \.closed, help: "start without launching the app (launch opens it)"),
      ] + StoreKitOption.declared(in: \.storeKit) + BailOption.declared(in: \.bail) + [
        .flag(
          "--jsonl", \.jsonl,
          help: "read standard input even on a terminal and print one JSON object per line read")
      ],
      exclusions: Exclusion.exclusive(
        "--bundle", with: ["--save-dir"], because: "--bundle starts in a fresh temporary save folder"),
      subcommands: [
        .mode(RunMode.self), .mode(TestMode.self), .mode(SimulateMode.self), .mode(ExploreMode.self),
        .group(
          name: "storekit", abstract: "Works on Xcode StoreKit configuration files.",
          subcommands: [.mode(StoreKitCheckMode.self)]),
      ],
      version: AppSave.writer)
  }

  /// Launches the app from the save folder (or starts from the bundle) and reads commands until the
  /// end of input; 1 when a command failed.
  func run(in context: ProgramContext) async -> ExitStatus {
    // A reader that goes away (`| head`) makes a write fail rather than kill the session: it ends as
    // at the end of input, so the app closes and saves (the loop stops reading at that answer).
    signal(SIGPIPE, SIG_IGN)
    guard let (rules, storeKit, provenance) = storeKit.load(context) else { return .usage }
    let input = context.input()
    // A bundle starts in a fresh temporary folder, so the file itself is never changed.
    let temporary = bundle == nil ? nil : SaveFolderOption.temporaryFolder()
    defer { temporary.map { try? FileManager.default.removeItem(at: $0) } }
    let folder =
      temporary.map { SaveFolder(folder: $0, source: .temporary) }
      ?? SaveFolder(option: saveFolder.path, environment: context.environment)
    let directory = folder.folder
    guard let lock = SaveFolderOption.lock(directory, context) else { return .failure }
    defer { withExtendedLifetime(lock) {} }
    var sessionEnvironment = SessionEnvironment(
      rules: rules, storeKit: storeKit, saveDirectory: directory, interactive: input.interactive)
    sessionEnvironment.provenance = provenance
    sessionEnvironment.saveFolder = folder
    let session: Session
    let startLines: [OutputLine]
    do {
      (session, startLines) = try await Session.start(sessionEnvironment, launching: !closed && bundle == nil)
    } catch {
      context.printError(OutputLine.errorText(error.description))
      return .failure
    }
    var bundleLines: [OutputLine] = []
    if let bundle {
      // A file that cannot be read or is not a bundle is what the command line asked for being
      // wrong (exit 2, as a bad --storekit file); a device that cannot take it is a failure.
      let read: Session.StartBundle
      do {
        read = try session.readStartBundle(bundle)
      } catch {
        context.printError(OutputLine.errorText(error.message))
        return .usage
      }
      do {
        bundleLines = try await session.start(from: read)
      } catch {
        context.printError(OutputLine.errorText(error.message))
        return .failure
      }
    }
    // At a terminal, before the launch's lines: where the game they tell of was read from.
    if input.interactive && !jsonl { [Self.banner, folder.line, provenance.line].forEach(context.print) }
    let paint: (OutputLine) -> Void = { line in
      // A line's text is already guarded: the red is the only escape in it.
      if input.colour && line.isError {
        context.printColoured("\u{1B}[31m\(line.text)\u{1B}[0m")
      } else {
        context.print(line)
      }
    }
    // Each answer is flushed before the next line is read, so a program driving the REPL through a
    // pipe sees it before it sends the next command.
    let answer: (REPLLoop.Answer) -> Void = { answer in
      if jsonl {
        context.printRecord(
          JSONLinesAnswer.line(
            answer, configuration: answer.number == 0 ? provenance : nil,
            saveFolder: answer.number == 0 ? folder : nil))
      } else {
        // A warning about a line is not that line's output: it goes beside it, on standard error.
        answer.warning.map(context.printError)
        answer.output.forEach(paint)
      }
      context.flush()
    }
    var launch =
      SessionEnvironment.startupLines(storeKit, file: self.storeKit.file).map(OutputLine.info) + startLines
      + bundleLines
    if closed && bundle == nil {
      launch.append(
        .info(
          "The app is closed (--closed): status and state --json show the device before any recovery; "
            + "launch opens it."))
    }
    answer(REPLLoop.Answer(number: 0, command: "", output: launch))
    var lastLine = 0
    let failed = await REPLLoop.run(
      session, input: input.source, bail: bail.bail,
      answer: { line in
        lastLine = line.number
        answer(line)
      },
      note: { note in if !jsonl && !input.interactive { context.printError(note) } },
      outputGone: { context.outputFailure() != nil })
    if let reason = context.outputFailure() {
      context.printError(
        OutputLine.errorText(
          "standard output could not be written after \(lastLine == 0 ? "the launch" : "line \(lastLine)") "
            + "(\(reason)); the session ended there, as at the end of input: the app closes, which saves"))
      return .failure
    }
    // A terminal this process may not read ended the session, not the user: said, and a failure.
    if let reason = input.source.endFailure {
      context.printError(
        OutputLine.errorText(reason + "; the session ended there: the app closes, which saves"))
      return .failure
    }
    return failed ? .failure : .success
  }
}
