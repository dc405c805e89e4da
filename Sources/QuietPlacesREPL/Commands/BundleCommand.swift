import FoundationEssentials
import QuietPlacesUtilities

/// `bundle FILE`: the whole device in one file, for a report that reproduces.
struct BundleCommand: REPLCommand {
  static let name = "bundle"
  static let usage = ["bundle FILE"]
  static let summary =
    "write the whole device to FILE: save, running app, App Store account, clock (load FILE brings it back)"
  static let topic = HelpTopic.files

  /// The file as the user gave it.
  let path: String

  init(parsing arguments: [String]) throws(CommandError) {
    guard arguments.count == 1 else { throw Self.usageError() }
    path = arguments[0]
  }

  static func completion(after words: [String]) -> ArgumentCompletion { words.isEmpty ? .files : .none }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let device = try await session.captureDevice(for: Self.name)
    try session.writeBundle(device, to: path)
    return .info(["Wrote the device to \(path):"] + device.summary(rules: session.rules))
  }
}
