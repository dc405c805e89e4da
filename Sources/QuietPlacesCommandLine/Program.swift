import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesGolden
import QuietPlacesLab
import QuietPlacesREPL

#if canImport(Glibc)
  import Glibc
#endif

/// The program behind `quietplaces`: modes, configuration and exit statuses.
public enum Program {
  /// Runs the program on standard input, output and error; returns its exit status (0 ok, 1 a
  /// command or test failed, 2 usage).
  public static func main(
    arguments: [String], environment: [String: String], input: @escaping ProgramContext.InputFactory
  ) async -> Int32 {
    await run(arguments, in: .standard(environment: environment, input: input)).rawValue
  }

  /// Runs the program with the arguments after its name, in `context`.
  public static func run(_ arguments: [String], in context: ProgramContext) async -> ExitStatus {
    ExitStatus(rawValue: await status(arguments, in: context)) ?? .failure
  }

  private static func status(_ arguments: [String], in context: ProgramContext) async -> Int32 {
    let environment = context.environment
    let invocation: Invocation
    do {
      invocation = try Invocation.parse(arguments, environment: environment)
    } catch {
      context.printError(error.description)
      return 2
    }
    switch invocation {
    case .help:
      Invocation.usage.forEach { print($0) }
      return 0
    case .version:
      print(Invocation.versionText)
      return 0
    case .simulateHelp(let lines):
      lines.forEach(context.print)
      return 0
    case .simulate(let mode):
      return await mode.run(in: context).rawValue
    case .simulateMerge(let mode):
      return await mode.run(in: context).rawValue
    case .repl(let options):
      guard let (rules, storeKit) = configuration(options) else { return 2 }
      let given = context.input()
      let (source, interactive, colour) = (given.source, given.interactive, given.colour)
      // A bundle starts in a fresh temporary folder, so the file itself is never changed.
      let temporary = options.bundleFile == nil ? nil : makeTemporaryFolder()
      defer { temporary.map { try? FileManager.default.removeItem(at: $0) } }
      let directory =
        temporary
        ?? SessionEnvironment.saveDirectory(option: options.saveDirectory, environment: environment)
      guard let lock = lockSaveFolder(directory) else { return 1 }
      defer { withExtendedLifetime(lock) {} }
      let sessionEnvironment = SessionEnvironment(
        rules: rules, storeKit: storeKit, saveDirectory: directory, interactive: interactive)
      let session: Session
      let startLines: [OutputLine]
      do {
        (session, startLines) = try await Session.start(
          sessionEnvironment, launching: !options.closed && options.bundleFile == nil)
      } catch {
        printError(OutputLine.errorText(error.description))
        return 1
      }
      var bundleLines: [OutputLine] = []
      if let file = options.bundleFile {
        do {
          bundleLines = try await session.startFromBundle(file)
        } catch {
          printError(OutputLine.errorText(error.message))
          return 1
        }
      }
      if interactive && !options.jsonl {
        print("Quiet Places — the game and store engine. help lists the commands; quit leaves.")
      }
      let paint: (OutputLine) -> Void = { line in
        if colour && line.isError { print("\u{1B}[31m\(line.text)\u{1B}[0m") } else { print(line.text) }
      }
      // Each answer is flushed before the next line is read, so a program driving the REPL through
      // a pipe sees it before it sends the next command.
      let answer: (REPLLoop.Answer) -> Void = { answer in
        if options.jsonl { print(JSONLinesAnswer.line(answer)) } else { answer.output.forEach(paint) }
        fflush(nil)
      }
      let notes = SessionEnvironment.startupLines(storeKit, file: options.storeKitFile)
      var launch = notes.map(OutputLine.info) + startLines + bundleLines
      if options.closed && options.bundleFile == nil {
        launch.append(
          .info(
            "The app is closed (--closed): status and state --json show the device before any recovery; launch opens it."
          ))
      }
      answer(REPLLoop.Answer(number: 0, command: "", output: launch))
      let failed = await REPLLoop.run(session, input: source, bail: options.bail, answer: answer)
      return failed ? 1 : 0
    case .run(let mode):
      return await mode.run(in: context).rawValue
    case .storeKitCheck(let mode):
      return await mode.run(in: context).rawValue
    case .test(let mode):
      return await mode.run(in: context).rawValue
    }
  }

  /// The rules and the StoreKit configuration, or an error printed and `nil`.
  static func configuration(_ options: Invocation.Options) -> (Rules, StoreKitConfiguration)? {
    do {
      let folder = try SessionEnvironment.configurationDirectory()
      return try SessionEnvironment.load(
        configurationDirectory: folder, storeKitFile: options.storeKitFile.map { URL(fileURLWithPath: $0) },
        storeKitPath: options.storeKitFile)
    } catch {
      printError(OutputLine.errorText(error.description))
      return nil
    }
  }

  /// The save folder's lock, or its error printed and `nil`: one process per folder.
  static func lockSaveFolder(_ directory: URL) -> SaveFolderLock? {
    do {
      return try SaveFolderLock.acquire(directory)
    } catch {
      printError(OutputLine.errorText(error.description))
      return nil
    }
  }

  static func makeTemporaryFolder() -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "quietplaces-run-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  static func printError(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
  }
}
