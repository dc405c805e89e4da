/// One mode of `quietplaces` (the REPL, `run`, `test`, `simulate`, …): its options declared once,
/// checked, then run.
///
/// As in swift-argument-parser, a mode is a small value. The parser makes a fresh one with `init()`
/// (so the properties' initial values are the defaults, and `--help` shows them), sets what the
/// arguments say through its ``declaration``, calls ``validate(environment:)``, and the program then
/// calls ``run(in:)``.
public protocol CommandLineMode: Sendable {
  /// The mode with every option at its default.
  init()
  /// Its name, help, options, arguments and subcommands: parsing, `--help` and usage errors come
  /// from this alone.
  static var declaration: CommandDeclaration<Self> { get }
  /// Checks what single options cannot (the environment's fallbacks, what the values mean together)
  /// once every argument is read.
  mutating func validate(environment: [String: String]) throws(CommandLineError)
  /// Does what the mode is for and says how it ended.
  func run(in context: ProgramContext) async -> ExitStatus
}

extension CommandLineMode {
  /// Nothing to check beyond the declaration.
  public mutating func validate(environment: [String: String]) throws(CommandLineError) {}
}
