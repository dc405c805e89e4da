import QuietPlacesUtilities

/// Reads `quietplaces`'s arguments against the modes' declarations.
///
/// The first words that name subcommands choose the mode (`simulate merge`); every other word,
/// before or after them, belongs to that mode, so options shared with the root may come first
/// (`quietplaces --storekit FILE test`). `--` ends the options; `-h`/`--help` anywhere before it asks
/// for the chosen mode's help. An option's value follows it (`--jobs 2`) or is joined by `=`
/// (`--jobs=2`); a word that is one of the mode's option names, or starts with `--`, is never taken
/// as a value.
public enum CommandLineParser {
  /// The names that ask for help, in every mode.
  static let helpNames = ["-h", "--help"]
  /// The name that asks for the version, where the mode has one.
  static let versionName = "--version"

  /// Reads `arguments` (without the program's name) for the mode tree under `root`; `environment`
  /// is for the fallbacks modes validate.
  public static func parse(
    _ arguments: [String], root: any CommandLineMode.Type, environment: [String: String]
  ) throws(CommandLineError) -> ParsedCommandLine {
    let tree = Subcommand.mode(root)
    let valueOptions = Set(tree.everyOption.filter(\.kind.takesNextWord).flatMap(\.names))
    let optionNames = Set(tree.everyOption.flatMap(\.names) + helpNames + [versionName])
    var node = tree
    var path = [root.shape.name]
    var rest: [String] = []
    var subcommandPossible = true
    var optionsEnded = false
    var wantsHelp = false
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      if optionsEnded {
        rest.append(word)
      } else if word == "--" {
        optionsEnded = true
        rest.append(word)
      } else if isOption(word) {
        if helpNames.contains(word) {
          wantsHelp = true
          continue
        }
        rest.append(word)
        // A name that is a flag of one mode and takes a value in another (`--jsonl`) is read as the
        // mode reached so far declares it.
        let own = node.ownOptions.first { $0.names.contains(word) }
        if own.map({ $0.kind != .flag }) ?? valueOptions.contains(word), index < arguments.count,
          isValue(arguments[index], options: optionNames)
        {
          rest.append(arguments[index])
          index += 1
        }
      } else if subcommandPossible, let next = node.subcommands.first(where: { $0.name == word }) {
        node = next
        path.append(word)
      } else {
        subcommandPossible = false
        rest.append(word)
      }
    }
    if wantsHelp { return .help(HelpText.help(for: node, path: path)) }
    switch node {
    case .mode(let mode):
      return try parse(mode, rest, path: path, tree: tree, environment: environment)
    case .group(_, _, let subcommands):
      let command = path.joined(separator: " ")
      if let word = rest.first(where: { !isOption($0) && $0 != "--" }) {
        throw .unknownSubcommand(
          word, command: command, subcommands: subcommands.map(\.name),
          suggestion: closest(to: word, in: subcommands.map(\.name)))
      }
      throw .missingSubcommand(command: command, usages: HelpText.usages(of: node, path: path).map(\.line))
    }
  }

  /// Reads the words of one mode.
  static func parse<Mode: CommandLineMode>(
    _ type: Mode.Type, _ words: [String], path: [String], tree: Subcommand, environment: [String: String]
  ) throws(CommandLineError) -> ParsedCommandLine {
    let declaration = Mode.declaration
    let command = path.joined(separator: " ")
    let ownNames = Set(declaration.options.flatMap(\.names) + helpNames + [versionName])
    var mode = Mode()
    var given: [String] = []
    var positionals: [String] = []
    var optionsEnded = false
    var index = 0
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded || !isOption(word) {
        positionals.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0])
      let inline = parts.count > 1 ? String(parts[1]) : nil
      if name == versionName, inline == nil, let version = declaration.version {
        // The version line stands alone: an option beside it (`--storekit FILE`) would be passed
        // over, and the Configuration line would not be what that option asked for.
        if let other = words.first(where: { $0 != versionName }) {
          throw .changesNothing(
            option: other,
            reason: "\(versionName) prints the version and the Configuration found, and stops; "
              + "run \(command) \(versionName) alone")
        }
        return .version(version)
      }
      guard let option = declaration.option(named: name) else {
        throw unknownOption(name, in: declaration, command: command, tree: tree)
      }
      let repeated = given.contains(option.name)
      given.append(option.name)
      switch option.kind {
      case .flag:
        guard inline == nil else { throw .flagWithValue(option: option.name) }
        guard !repeated else { throw .repeated(option: option.name) }
        try set(option, "", in: &mode)
      case .optionalValue:
        guard !repeated else { throw .repeated(option: option.name) }
        guard inline != "" else { throw .missingValue(option: option.name, example: option.example) }
        try set(option, inline ?? "", in: &mode)
      case .value, .repeating:
        var value = inline
        if value == nil, index < words.count, isValue(words[index], options: ownNames) {
          value = words[index]
          index += 1
        }
        guard let value else { throw .missingValue(option: option.name, example: option.example) }
        guard !value.isEmpty else { throw .emptyValue(option: option.name, example: option.example) }
        if case .value = option.kind, repeated { throw .repeated(option: option.name) }
        if case .repeating = option.kind, !repeated { option.reset(&mode) }
        try set(option, value, in: &mode)
      }
    }
    try assign(positionals, to: &mode, declaration: declaration, path: path)
    for exclusion in declaration.exclusions
    where given.contains(exclusion.option) && given.contains(exclusion.other) {
      throw .conflicting(option: exclusion.option, other: exclusion.other, reason: exclusion.reason)
    }
    try mode.validate(environment: environment)
    return .mode(mode)
  }

  /// Sets an option's value, naming the option and the value when its reader refuses it.
  private static func set<Mode>(
    _ option: OptionDeclaration<Mode>, _ value: String, in mode: inout Mode
  ) throws(CommandLineError) {
    do {
      try option.set(&mode, value)
    } catch {
      throw .invalidValue(option: option.name, value: value, problem: error, example: option.example)
    }
  }

  /// Hands the words that are not options to the mode's arguments, in order.
  private static func assign<Mode: CommandLineMode>(
    _ words: [String], to mode: inout Mode, declaration: CommandDeclaration<Mode>, path: [String]
  ) throws(CommandLineError) {
    let command = path.joined(separator: " ")
    var rest = words[...]
    for argument in declaration.arguments {
      switch argument.count {
      case .one:
        guard let word = rest.popFirst() else {
          throw .missingArgument(
            name: argument.name, command: command, usage: HelpText.synopsis(Mode.shape, path: path))
        }
        argument.set(&mode, [word])
      case .many(let atLeast):
        guard rest.count >= atLeast else {
          throw .missingArgument(
            name: argument.name, command: command, usage: HelpText.synopsis(Mode.shape, path: path))
        }
        argument.set(&mode, Array(rest))
        rest = []
      }
    }
    guard let extra = rest.first else { return }
    if declaration.arguments.isEmpty, !declaration.subcommands.isEmpty, extra == words.first {
      let names = declaration.subcommands.map(\.name)
      throw .unknownSubcommand(
        extra, command: command, subcommands: names, suggestion: closest(to: extra, in: names))
    }
    throw .unexpectedArgument(extra, command: command, usage: HelpText.synopsis(Mode.shape, path: path))
  }

  /// The error for an option `name` that the mode does not have.
  private static func unknownOption<Mode>(
    _ name: String, in declaration: CommandDeclaration<Mode>, command: String, tree: Subcommand
  ) -> CommandLineError {
    let names = declaration.options.map(\.name)
    let suggestion = closest(to: name, in: names + ["--help"])
    var elsewhere: CommandLineError.Elsewhere?
    if suggestion == nil {
      let others = tree.paths().filter { $0.path != command }
      if let exact = others.first(where: { $0.options.contains(name) }) {
        elsewhere = .init(option: name, command: exact.path)
      } else if let near = closest(to: name, in: others.flatMap(\.options)),
        let owner = others.first(where: { $0.options.contains(near) })
      {
        elsewhere = .init(option: near, command: owner.path)
      }
    }
    return .unknownOption(
      name, command: command, suggestion: suggestion, elsewhere: elsewhere, options: names)
  }

  /// The candidate nearest to `word`, when it is near enough to be what was meant (the shared
  /// tolerance for typos).
  static func closest(to word: String, in candidates: [String]) -> String? {
    EditDistance.closest(to: word, in: candidates, within: EditDistance.tolerance(for: word))
  }

  /// Whether a word of the command line is an option (or `--`) rather than a value or an argument;
  /// a lone `-` is an argument (a path).
  static func isOption(_ word: String) -> Bool {
    word.hasPrefix("-") && word != "-"
  }

  /// Whether the word after an option that needs a value may be its value: anything but one of the
  /// mode's option names (with or without `=VALUE`) and anything that looks like a long option.
  static func isValue(_ word: String, options: Set<String>) -> Bool {
    let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
    return !options.contains(name) && !word.hasPrefix("--")
  }
}

extension Subcommand {
  /// Every option of every mode at or below this one.
  var everyOption: [CommandShape.Option] {
    var options: [CommandShape.Option] = []
    if case .mode(let mode) = self { options += mode.shape.options }
    for subcommand in subcommands { options += subcommand.everyOption }
    return options
  }

  /// The options of this mode itself (none for a group).
  var ownOptions: [CommandShape.Option] {
    if case .mode(let mode) = self { return mode.shape.options }
    return []
  }

  /// Every mode at or below this one, named by its path from here, with its options' names.
  func paths(prefix: [String] = []) -> [(path: String, options: [String])] {
    let path = prefix + [name]
    var result: [(path: String, options: [String])] = []
    if case .mode(let mode) = self {
      result.append((path.joined(separator: " "), mode.shape.options.flatMap(\.names)))
    }
    for subcommand in subcommands { result += subcommand.paths(prefix: path) }
    return result
  }
}
