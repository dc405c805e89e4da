import QuietPlacesGame

/// `colour ivory|apricot|turquoise`: select an owned sail colour, or buy one (asks first).
enum ColourCommand: REPLCommand {
  static let name = "colour"
  static let aliases = ["color"]
  static let usage = ["colour ivory|apricot|turquoise"]
  static let summary = "select an owned sail colour (free), or buy one for 40 Postmarks (asks first)"
  static let topic = HelpTopic.play

  static func completion(after words: [String]) -> ArgumentCompletion {
    words.isEmpty ? .words(SailColour.allCases.map(\.rawValue)) : .none
  }

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    guard arguments.count == 1 else { throw usageError() }
    guard let colour = SailColour(rawValue: arguments[0].lowercased()) else {
      throw .badArgument(argument: arguments[0], expected: "a sail colour; write ivory, apricot or turquoise")
    }
    return try await session.chooseColour(colour)
  }
}
