import QuietPlacesUtilities

/// Every command, in the order `help` lists them; parsing, `help` and Tab completion read it.
enum CommandRegistry {
  static let commands: [any REPLCommand.Type] = [
    NewCommand.self, AdvanceCommand.self, CloseCommand.self, LaunchCommand.self, AwayCommand.self,
    StatusCommand.self, RatesCommand.self, LogCommand.self, HelpCommand.self, QuitCommand.self,
    UpgradeCommand.self, HireCommand.self, CharterCommand.self, PreviewCommand.self, BuyCommand.self,
    ColourCommand.self, PrestigeCommand.self, FreshVoyageCommand.self, PricesCommand.self,
    AutoplayCommand.self,
    ShopCommand.self, RestoreCommand.self, TransactionsCommand.self,
    RefundCommand.self, StoreCommand.self, FaultCommand.self, DeleteAppCommand.self,
    SaveCommand.self, LoadCommand.self, BundleCommand.self, CheckpointCommand.self, RewindCommand.self,
    CheckpointsCommand.self, DiffCommand.self, RecordCommand.self, StateCommand.self, StoreKitCommand.self,
    CheckCommand.self,
  ]

  /// The command with this name or alias.
  static func command(named name: String) -> (any REPLCommand.Type)? { byName[name] }

  /// All names and aliases, in registry order.
  static let allNames: [String] = commands.flatMap { [$0.name] + $0.aliases }

  /// Each name and alias with its command; the first command to claim a name keeps it.
  private static let byName: [String: any REPLCommand.Type] = {
    var table: [String: any REPLCommand.Type] = [:]
    for command in commands {
      for name in [command.name] + command.aliases where table[name] == nil { table[name] = command }
    }
    return table
  }()

  /// The closest name to a mistyped one, if any is close: the first name at the smallest edit distance
  /// within a third of the typed length (at least 1), else the first name the typed text begins.
  static func suggestion(for name: String) -> String? {
    // A word with a control character (a stray Ctrl-G) is no command mistyped: one edit from `?`.
    guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
      return nil
    }
    if let closest = EditDistance.closest(
      to: name, in: allNames, within: EditDistance.tolerance(for: name), ignoringCase: false)
    {
      return closest
    }
    return allNames.first { $0.hasPrefix(name) && name.count >= 2 }
  }
}

/// Tab completion from the registry: command names first, then each command's own arguments.
public struct CommandCompletion: CompletionProvider {
  public init() {}

  public func completions(for line: String, context: CompletionContext) -> [String] {
    let endsInSpace = line.last == " "
    var words = CommandWords.split(line).map(String.init)
    let partial = endsInSpace ? "" : (words.popLast() ?? "")
    guard let first = words.first else {
      return CommandRegistry.allNames.filter { $0.hasPrefix(partial.lowercased()) }.sorted()
    }
    guard let command = CommandRegistry.command(named: first.lowercased()) else { return [] }
    switch command.completion(after: Array(words.dropFirst())) {
    case .words(let candidates):
      return candidates.filter { $0.lowercased().hasPrefix(partial.lowercased()) }
    case .files:
      return fileNameCompletions(for: partial)
    case .checkpoints:
      return context.checkpointNames.filter { $0.hasPrefix(partial) }
    case .none:
      return []
    }
  }
}
