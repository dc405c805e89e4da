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

  /// The characters of each name in ``allNames``, for the edit distance.
  private static let nameCharacters: [[Character]] = allNames.map(Array.init)

  /// The closest name to a mistyped one, if any is close: the first name at the smallest edit distance
  /// within a third of the typed length (at least 1), else the first name the typed text begins.
  static func suggestion(for name: String) -> String? {
    let typed = Array(name)
    let limit = max(1, typed.count / 3)
    var best: (name: String, distance: Int)?
    var index = 0
    while index < allNames.count {
      if let distance = editDistance(nameCharacters[index], typed, atMost: limit),
        distance < (best?.distance ?? Int.max)
      {
        best = (allNames[index], distance)
      }
      index += 1
    }
    if let best { return best.name }
    return allNames.first { $0.hasPrefix(name) && name.count >= 2 }
  }

  /// The Levenshtein distance between `a` and `b`, or `nil` as soon as it must exceed `limit`.
  ///
  /// Unknown words are common input (every typo, every pasted line), so this stops early: the length
  /// difference is a lower bound, and so is the smallest entry of a finished row. Plain loops over
  /// two rows keep it cheap in debug builds too.
  static func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
    let m = a.count
    let n = b.count
    guard abs(m - n) <= limit else { return nil }
    guard m > 0, n > 0 else { return max(m, n) }
    var previous = [Int](repeating: 0, count: n + 1)
    var current = [Int](repeating: 0, count: n + 1)
    var j = 0
    while j <= n {
      previous[j] = j
      j += 1
    }
    var i = 1
    while i <= m {
      current[0] = i
      var rowMinimum = i
      let character = a[i - 1]
      j = 1
      while j <= n {
        var cost = previous[j - 1] + (character == b[j - 1] ? 0 : 1)
        if previous[j] + 1 < cost { cost = previous[j] + 1 }
        if current[j - 1] + 1 < cost { cost = current[j - 1] + 1 }
        current[j] = cost
        if cost < rowMinimum { rowMinimum = cost }
        j += 1
      }
      if rowMinimum > limit { return nil }
      swap(&previous, &current)
      i += 1
    }
    return previous[n] <= limit ? previous[n] : nil
  }
}

/// Tab completion from the registry: command names first, then each command's own arguments.
public struct CommandCompletion: CompletionProvider {
  public init() {}

  public func completions(for line: String, context: CompletionContext) -> [String] {
    let endsInSpace = line.last == " "
    var words = line.split(separator: " ").map(String.init)
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
