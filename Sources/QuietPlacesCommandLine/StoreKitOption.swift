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
    load(context).map { ($0.rules, $0.storeKit) }
  }

  /// The rules, the StoreKit configuration and which files they came from, or `nil` after printing
  /// why they cannot be read.
  func load(_ context: ProgramContext) -> (
    rules: Rules, storeKit: StoreKitConfiguration, provenance: ConfigurationProvenance
  )? {
    do {
      let (folder, source) = try SessionEnvironment.locateConfiguration(
        environment: context.environment, currentDirectory: context.currentDirectory)
      let storeKitFile = file.map { URL(fileURLWithPath: $0, relativeTo: context.currentDirectory) }
      let (rules, storeKit) = try SessionEnvironment.load(
        configurationDirectory: folder, storeKitFile: storeKitFile, storeKitPath: file)
      let provenance = ConfigurationProvenance(
        folder: folder, source: source, storeKitFile: storeKitFile, storeKitPath: file)
      return (rules, storeKit, provenance)
    } catch {
      context.printError(OutputLine.errorText(error.description))
      return nil
    }
  }

  /// Prints on standard error, once, the warnings the REPL prints at start-up about `storeKit` (a
  /// product whose type differs from the game's, prices rounded in the storefront's currency, …),
  /// worded as it words them: for the modes whose standard output is their result (a sweep, an
  /// exploration, a test report), which a warning there would change.
  func printWarnings(_ storeKit: StoreKitConfiguration, in context: ProgramContext) {
    SessionEnvironment.startupWarnings(storeKit, file: file).forEach(context.printError)
  }

  /// Which configuration a run would read, or `nil` when none is found (for `--version`).
  static func provenance(_ context: ProgramContext) -> ConfigurationProvenance? {
    guard
      let (folder, source) = try? SessionEnvironment.locateConfiguration(
        environment: context.environment, currentDirectory: context.currentDirectory)
    else { return nil }
    return ConfigurationProvenance(folder: folder, source: source)
  }
}
