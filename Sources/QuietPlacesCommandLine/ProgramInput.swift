import QuietPlacesREPL

/// Where the REPL reads its lines: libedit on a terminal, standard input otherwise, scripted lines in
/// tests; and how the terminal, if any, is to be used.
public struct ProgramInput {
  /// The line source.
  public var source: any LineInput
  /// Whether a person types at a terminal (a banner, prompts, a question's colours).
  public var interactive: Bool
  /// Whether errors may be coloured.
  public var colour: Bool

  /// Makes an input.
  public init(source: any LineInput, interactive: Bool, colour: Bool) {
    self.source = source
    self.interactive = interactive
    self.colour = colour
  }
}
