import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesREPL

/// `quietplaces storekit check FILE.storekit ...`: whether each StoreKit configuration file loads,
/// with every problem of one that is refused; exit status 1 when any is refused or has type
/// mismatches.
struct StoreKitCheckMode: CommandLineMode, Equatable {
  /// The files, as given.
  var files: [String] = []

  static var declaration: CommandDeclaration<StoreKitCheckMode> {
    CommandDeclaration(
      "check",
      abstract:
        "Checks StoreKit configuration files: what loads, every problem at its line, type mismatches, "
        + "what is ignored.",
      arguments: [.many("FILE.storekit", \.files, atLeast: 1, help: "Xcode StoreKit configuration files")])
  }

  func run(in context: ProgramContext) async -> ExitStatus {
    let formats =
      (try? SessionEnvironment.configurationDirectory(environment: context.environment)).flatMap {
        try? SessionEnvironment.priceFormats(configurationDirectory: $0)
      } ?? .standard
    let (lines, failed) = StoreKitCheck(formats: formats).run(files) {
      URL(fileURLWithPath: $0, relativeTo: context.currentDirectory)
    }
    lines.forEach(context.print)
    return failed ? .failure : .success
  }
}
