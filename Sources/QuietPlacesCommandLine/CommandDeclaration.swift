/// Everything `quietplaces` knows about one mode, declared once: its name, its help, its options and
/// arguments, which options rule each other out, and its subcommands. The parser, `--help` and the
/// usage errors are derived from it.
public struct CommandDeclaration<Mode> {
  /// The word that selects the mode (`test`), or the program's name for the root.
  public var name: String
  /// One line: what the mode does.
  public var abstract: String
  /// Paragraphs printed under the abstract by `--help`, each wrapped to the width.
  public var discussion: [String]
  /// The options, in the order `--help` lists them.
  public var options: [OptionDeclaration<Mode>]
  /// The words that are not options, in order.
  public var arguments: [ArgumentDeclaration<Mode>]
  /// Options that cannot be given together.
  public var exclusions: [Exclusion]
  /// The words that select a mode below this one.
  public var subcommands: [Subcommand]
  /// What `--version` prints; only the root has one.
  public var version: String?

  /// Declares a mode.
  public init(
    _ name: String, abstract: String, discussion: [String] = [], arguments: [ArgumentDeclaration<Mode>] = [],
    options: [OptionDeclaration<Mode>] = [], exclusions: [Exclusion] = [], subcommands: [Subcommand] = [],
    version: String? = nil
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.exclusions = exclusions
    self.subcommands = subcommands
    self.version = version
  }

  /// The option that answers to `name`, if any.
  func option(named name: String) -> OptionDeclaration<Mode>? {
    options.first { $0.names.contains(name) }
  }

  /// The declaration without its mode's type, with the defaults of `defaults` for `--help`.
  func shape(defaults: Mode) -> CommandShape {
    CommandShape(
      name: name, abstract: abstract, discussion: discussion,
      options: options.map { option in
        CommandShape.Option(
          names: option.names, kind: option.kind, help: option.help,
          defaultText: option.defaultText(defaults))
      },
      arguments: arguments.map {
        CommandShape.Argument(
          name: $0.name, synopsis: $0.synopsis, help: $0.help, defaultText: $0.defaultText)
      },
      subcommands: subcommands, version: version)
  }
}

extension CommandLineMode {
  /// The mode's declaration without its type, for help texts and for finding subcommands.
  static var shape: CommandShape { declaration.shape(defaults: Self()) }
}
