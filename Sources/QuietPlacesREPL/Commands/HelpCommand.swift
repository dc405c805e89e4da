/// `help [COMMAND [SUB]]`: the command list, one command's forms, or one store control or fault.
struct HelpCommand: REPLCommand {
  static let name = "help"
  static let aliases = ["?"]
  static let usage = ["help [COMMAND]", "help store|fault SUB"]
  static let summary = "this list, the forms of one command, or what one store control or fault does"
  static let topic = HelpTopic.time

  /// The command asked about, or `nil` for the list.
  let command: (any REPLCommand.Type)?
  /// The control of `store` or `fault` asked about.
  let control: ControlHelpText?

  init(parsing arguments: [String]) throws(CommandError) {
    guard let name = arguments.first else {
      command = nil
      control = nil
      return
    }
    guard arguments.count <= 2, let command = CommandRegistry.command(named: name.lowercased()) else {
      if UnknownLine.commandLineModes.contains(name.lowercased()) {
        throw .commandLineMode(name.lowercased())
      }
      throw .unknownCommand(name, suggestion: CommandRegistry.suggestion(for: name.lowercased()))
    }
    self.command = command
    guard arguments.count == 2 else {
      control = nil
      return
    }
    guard let controls = command as? any ControlHelp.Type else {
      throw .usage(
        command: "help \(command.name)",
        expected: "nothing more; only help store SUB and help fault SUB take one")
    }
    guard let text = controls.help(for: arguments[1]) else {
      throw .badArgument(
        argument: arguments[1],
        expected: "a control of \(command.name); write one of \(controls.controls.joined(separator: ", "))")
    }
    control = text
  }

  static func completion(after words: [String]) -> ArgumentCompletion {
    switch words.count {
    case 0: .words(CommandRegistry.commands.map { $0.name })
    case 1:
      (CommandRegistry.command(named: words[0].lowercased()) as? any ControlHelp.Type).map {
        .words($0.controls)
      }
        ?? .none
    default: .none
    }
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    if let control { return .info(control.lines) }
    if let command, let controls = command as? any ControlHelp.Type {
      return .info(
        command.usage.map { "usage: \($0)" } + ["  \(command.summary)"]
          + [
            "  help \(command.name) SUB says what one does, when it takes effect, with an example (\(controls.controls.first ?? "") …)."
          ])
    }
    if let command {
      return .info(
        command.usage.map { "usage: \($0)" } + ["  \(command.summary)"]
          + (command.aliases.isEmpty ? [] : ["  also: \(command.aliases.joined(separator: ", "))"])
          + ((command as? any HelpDetails.Type)?.helpDetails ?? []))
    }
    var lines: [String] = []
    for topic in HelpTopic.allCases {
      lines.append("\(topic.rawValue):")
      for command in CommandRegistry.commands where command.topic == topic {
        lines.append("  \(Text.padded(command.name, 14)) \(command.summary)")
      }
    }
    lines.append(
      "Durations: 90s, 45m, 8h, 2d, 1w, 1y, 1h 30m. A question is answered on the next line: y or yes confirms."
    )
    return .info(lines)
  }
}

/// A command whose `help COMMAND` says more than its forms: the names it takes, say.
protocol HelpDetails {
  /// Lines after the usage and summary, each indented by two spaces.
  static var helpDetails: [String] { get }
}
