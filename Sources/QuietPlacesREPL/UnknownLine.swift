import QuietPlacesUtilities

/// What a line that names no command was meant to be, when that can be told: a mode of the command
/// line (`simulate`, `explore`, `test`, `run`), a shell's line pasted whole (`quietplaces status`,
/// `$ quietplaces explore …`), or a line of JSON (a driver that took `--jsonl` to read JSON too).
/// Anything else is an unknown command, with the nearest name.
enum UnknownLine {
  /// The command line's modes, which a user may type in the REPL as if they were commands.
  static let commandLineModes: Set<String> = ["simulate", "explore", "test", "run"]

  /// The error that says what the line `text`, split into `words`, was meant to be; `nil` when
  /// nothing is told of it.
  static func error(words: [String], text: String) -> CommandError? {
    let shell = words.drop { $0 == "$" }
    if shell.first == "quietplaces" {
      let mode = shell.dropFirst().first?.lowercased() ?? ""
      if commandLineModes.contains(mode) { return .commandLineMode(mode) }
      if mode.isEmpty || mode.hasPrefix("-") || CommandRegistry.command(named: mode) != nil {
        return .shellLine(command: mode.hasPrefix("-") ? "" : shell.dropFirst().joined(separator: " "))
      }
    }
    if let name = words.first?.lowercased(), commandLineModes.contains(name) { return .commandLineMode(name) }
    if text.hasPrefix("{") || text.hasPrefix("["), let json = try? JSONValue(parsing: text) {
      return .jsonLine(command: command(in: json))
    }
    return nil
  }

  /// The command line a line of JSON holds: its first string (in an object's members or an array's
  /// items, not nested deeper) whose first word is a command's name.
  static func command(in json: JSONValue) -> String? {
    let values: [JSONValue]
    switch json {
    case .object(let members): values = members.map(\.value)
    case .array(let items): values = items
    default: return nil
    }
    for case .string(let line) in values {
      let words = CommandWords.split(line.trimmingWhitespace)
      if let first = words.first, CommandRegistry.command(named: first.lowercased()) != nil { return line }
    }
    return nil
  }
}
