import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesREPL

/// `--storekit FILE`, shared by every mode that starts sessions or runs the lab: the StoreKit
/// configuration the simulated App Store sells from.
struct StoreKitOption: OptionGroup, Equatable {
  /// The file given, or `nil` for the one in the Configuration folder.
  var file: String?

  static var options: [OptionDeclaration<StoreKitOption>] {
    [
      .option(
        "--storekit", \.file, .path("FILE"), default: "Configuration/QuietPlaces.storekit",
        help:
          "sell from this StoreKit configuration (a designer's catalogue, or any Xcode export of versions 1-5)"
      )
    ]
  }

  /// The rules and the StoreKit configuration, or `nil` after printing why they cannot be read.
  func configuration(_ context: ProgramContext) -> (Rules, StoreKitConfiguration)? {
    do {
      let folder = try SessionEnvironment.configurationDirectory(environment: context.environment)
      return try SessionEnvironment.load(
        configurationDirectory: folder, storeKitFile: file.map { URL(fileURLWithPath: $0) },
        storeKitPath: file)
    } catch {
      context.printError(OutputLine.errorText(error.description))
      return nil
    }
  }
}
