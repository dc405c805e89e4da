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

extension BundleCommand: HelpDetails {
  /// What a file already at FILE must be for the bundle to replace it.
  static var helpDetails: [String] {
    ["  a file already at FILE is replaced only when it is empty, a Quiet Places save or a device bundle"]
  }
}
