import QuietPlacesLab

extension Program {
  /// The sweep `quietplaces simulate ARGUMENTS` asks for (`arguments` are the words after
  /// `simulate`), read and checked as the program reads them; `nil` when they ask for help. For
  /// playing a sweep's runs in another process than `quietplaces` (the benchmark's profile).
  public static func simulateRequest(
    _ arguments: [String], environment: [String: String]
  ) throws(CommandLineError) -> SimulateRequest? {
    guard
      case .mode(let mode) = try CommandLineParser.parse(
        ["simulate"] + arguments, root: REPLMode.self, environment: environment),
      let simulate = mode as? SimulateMode
    else { return nil }
    return simulate.request
  }
}
