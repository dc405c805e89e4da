/// Every command, in the order `help` lists them; parsing, `help` and Tab completion read it.
enum CommandRegistry {
  static let commands: [any REPLCommand.Type] = [
    NewCommand.self, AdvanceCommand.self, CloseCommand.self, LaunchCommand.self, AwayCommand.self,
    StatusCommand.self, RatesCommand.self, LogCommand.self, HelpCommand.self, QuitCommand.self,
    UpgradeCommand.self, HireCommand.self, CharterCommand.self, PreviewCommand.self, BuyCommand.self,
    ColourCommand.self, PrestigeCommand.self, FreshVoyageCommand.self,
    ShopCommand.self, RestoreCommand.self, TransactionsCommand.self,
    RefundCommand.self, StoreCommand.self, FaultCommand.self, DeleteAppCommand.self,
    SaveCommand.self, LoadCommand.self, RecordCommand.self, StateCommand.self,
  ]

  /// The command with this name or alias.
  static func command(named name: String) -> (any REPLCommand.Type)? {
    commands.first { $0.name == name || $0.aliases.contains(name) }
  }

  /// All names and aliases.
  static var allNames: [String] { commands.flatMap { [$0.name] + $0.aliases } }

  /// The closest name to a mistyped one, if any is close.
  static func suggestion(for name: String) -> String? {
    let scored = allNames.map { ($0, editDistance($0, name)) }.filter { $0.1 <= max(1, name.count / 3) }
    if let best = scored.min(by: { $0.1 < $1.1 }) { return best.0 }
    return allNames.first { $0.hasPrefix(name) && name.count >= 2 }
  }

  private static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for i in 1...max(1, a.count) where i <= a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...max(1, b.count) where j <= b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}

/// Tab completion from the registry: command names first, then each command's own arguments.
public struct CommandCompletion: CompletionProvider {
  public init() {}

  public func completions(for line: String) -> [String] {
    let endsInSpace = line.last == " "
    var words = line.split(separator: " ").map(String.init)
    let partial = endsInSpace ? "" : (words.popLast() ?? "")
    guard let first = words.first else {
      return CommandRegistry.allNames.filter { $0.hasPrefix(partial.lowercased()) }.sorted()
    }
    guard let command = CommandRegistry.command(named: first.lowercased()) else { return [] }
    switch command.completion(after: Array(words.dropFirst())) {
    case .words(let candidates):
      return candidates.filter { $0.hasPrefix(partial.lowercased()) }
    case .files:
      return fileNameCompletions(for: partial)
    case .none:
      return []
    }
  }
}
