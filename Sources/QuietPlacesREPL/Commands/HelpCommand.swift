/// `help [COMMAND]`: the command list, or one command's forms.
struct HelpCommand: REPLCommand {
  static let name = "help"
  static let aliases = ["?"]
  static let usage = ["help [COMMAND]"]
  static let summary = "this list, or the forms of one command"
  static let topic = HelpTopic.time

  /// The command asked about, or `nil` for the list.
  let command: (any REPLCommand.Type)?

  init(parsing arguments: [String]) throws(CommandError) {
    guard let name = arguments.first else {
      command = nil
      return
    }
    guard arguments.count == 1, let command = CommandRegistry.command(named: name.lowercased()) else {
      throw .unknownCommand(name, suggestion: CommandRegistry.suggestion(for: name.lowercased()))
    }
    self.command = command
  }

  static func completion(after words: [String]) -> ArgumentCompletion {
    words.isEmpty ? .words(CommandRegistry.commands.map { $0.name }) : .none
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    if let command {
      return .info(
        command.usage.map { "usage: \($0)" } + ["  \(command.summary)"]
          + (command.aliases.isEmpty ? [] : ["  also: \(command.aliases.joined(separator: ", "))"]))
    }
    var lines: [String] = []
    for topic in HelpTopic.allCases {
      lines.append("\(topic.rawValue):")
      for command in CommandRegistry.commands where command.topic == topic {
        lines.append("  \(Text.padded(command.name, 14)) \(command.summary)")
      }
    }
    lines.append(
      "Durations: 90s, 45m, 8h, 2d, 1w, 1h30m. A question is answered on the next line: y or yes confirms.")
    return .info(lines)
  }
}
