import FoundationEssentials
import QuietPlacesUtilities

/// `bundle FILE`: the whole device in one file, for a report that reproduces.
struct BundleCommand: FileArgumentCommand {
  static let name = "bundle"
  static let usage = ["bundle FILE"]
  static let summary =
    "write the whole device to FILE: save, running app, App Store account, clock (load FILE brings it back)"
  static let topic = HelpTopic.files

  /// The file as the user gave it.
  let path: String

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let device = try await session.snapshot(for: Self.name)
    try session.writeBundle(device, to: path)
    return .info(["Wrote the device to \(path):"] + device.summary(rules: session.device.configuration.rules))
  }
}
