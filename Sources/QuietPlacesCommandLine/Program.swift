/// The program behind `quietplaces`: reads the command line against the modes' declarations and
/// runs the mode it names (the REPL by default), printing help, the version or the one usage error.
public enum Program {
  /// Runs the program on standard input, output and error; returns its exit status (0 ok, 1 a
  /// command, script, check or run failed, 2 usage).
  public static func main(
    arguments: [String], environment: [String: String], input: @escaping ProgramContext.InputFactory,
    stopOnSignals: @escaping @Sendable () -> (@Sendable () -> Int32?) = { { nil } }
  ) async -> Int32 {
    var context = ProgramContext.standard(environment: environment, input: input)
    context.stopOnSignals = stopOnSignals
    return await run(arguments, in: context).rawValue
  }

  /// Runs the program with the arguments after its name, in `context`.
  public static func run(_ arguments: [String], in context: ProgramContext) async -> ExitStatus {
    var context = context
    context.arguments = arguments
    let parsed: ParsedCommandLine
    do {
      parsed = try CommandLineParser.parse(arguments, root: REPLMode.self, environment: context.environment)
    } catch {
      context.printError(error.description)
      return .usage
    }
    switch parsed {
    case .help(let lines):
      lines.forEach(context.print)
      return .success
    case .version(let version):
      context.print(version)
      context.print(StoreKitOption.provenance(context)?.line ?? "configuration: none found")
      return .success
    case .mode(let mode):
      return await mode.run(in: context)
    }
  }
}
