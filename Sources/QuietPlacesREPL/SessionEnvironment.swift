import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesUtilities

/// What a session is made from: the rules, the StoreKit catalogue and the save folder.
public struct SessionEnvironment: Sendable {
  /// The game's rules, from `Configuration/balance.json`.
  public var rules: Rules
  /// The StoreKit configuration the simulated App Store sells from.
  public var storeKit: StoreKitConfiguration
  /// Where the save and the store's account live.
  public var saveDirectory: URL
  /// Whether a question's prompt and colours are for a terminal.
  public var interactive: Bool
  /// The folder of the script being run (`run`, `test`): a file a command names by a relative path
  /// is looked for there first.
  public var scriptFolder: URL?
  /// Where a file a command writes by a relative path goes (`save FILE`, `bundle FILE`, `record
  /// FILE`): `test` gives each script a folder of its own, so that a test leaves nothing behind and
  /// scripts run side by side write apart; `nil` writes where the path says (the current folder).
  public var writeFolder: URL?

  /// Sets up the environment `quietplaces test` gives a script in `scriptFolder`: a file it names
  /// is looked for there first, and what it writes by a relative path goes to a folder beside its
  /// saves, which the runner removes with them.
  public mutating func testScript(in scriptFolder: URL) {
    self.scriptFolder = scriptFolder
    writeFolder = saveDirectory.appendingPathComponent("written-files")
  }
  /// Which configuration was read, for `status` to say; `nil` where the runner says it once for
  /// many sessions (`test`, `run`), so that a script's expected output does not depend on it.
  public var provenance: ConfigurationProvenance?
  /// Which save folder the REPL launched from, for `status` to say; `nil` where a runner made the
  /// folder (`test`, `run`, `explore`).
  public var saveFolder: SaveFolder?

  public init(rules: Rules, storeKit: StoreKitConfiguration, saveDirectory: URL, interactive: Bool = false) {
    self.rules = rules
    self.storeKit = storeKit
    self.saveDirectory = saveDirectory
    self.interactive = interactive
  }

  /// Why the configuration could not be found or read.
  public enum ConfigurationError: Error, CustomStringConvertible {
    case notFound(searched: [String])
    case balance(BalanceError)
    case storeKit(StoreKitConfigurationError)
    case priceFormats(PriceFormats.LoadError)

    public var description: String {
      switch self {
      case .notFound(let searched):
        "cannot find Configuration/balance.json (looked in \(searched.joined(separator: ", "))); "
          + "run from the quietplaces folder or set QUIETPLACES_CONFIGURATION to the Configuration folder"
      case .balance(let error): error.description
      case .storeKit(let error): error.description
      case .priceFormats(let error): error.description
      }
    }
  }

  /// The `Configuration/` folder (see ``locateConfiguration(environment:executable:currentDirectory:)``).
  public static func configurationDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    executable: String = CommandLine.arguments.first ?? "",
    currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  ) throws(ConfigurationError) -> URL {
    try locateConfiguration(
      environment: environment, executable: executable, currentDirectory: currentDirectory
    )
    .folder
  }

  /// The `Configuration/` folder and why that one: `$QUIETPLACES_CONFIGURATION`, else the
  /// `Configuration/` of the current folder or of its nearest parent that has one (the project one
  /// stands in), else the one installed next to the executable (or in a parent of its folder). A
  /// project's edited `balance.json` is so never hidden by the copy installed with the tool.
  public static func locateConfiguration(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    executable: String = CommandLine.arguments.first ?? "",
    currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  ) throws(ConfigurationError) -> (folder: URL, source: ConfigurationProvenance.Source) {
    if let explicit = environment["QUIETPLACES_CONFIGURATION"], !explicit.isEmpty {
      return (URL(fileURLWithPath: explicit, relativeTo: currentDirectory).standardizedFileURL, .environment)
    }
    var searched: [String] = []
    let executableURL = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
    let starts: [(URL, ConfigurationProvenance.Source)] = [
      (currentDirectory, .project), (executableURL.deletingLastPathComponent(), .executable),
    ]
    for (start, source) in starts {
      var folder = start.standardizedFileURL
      searched.append(folder.path)
      for _ in 0..<8 {
        let candidate = folder.appendingPathComponent("Configuration")
        if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("balance.json").path) {
          return (candidate, source)
        }
        let parent = folder.deletingLastPathComponent()
        if parent.path == folder.path { break }
        folder = parent
      }
    }
    throw .notFound(searched: searched)
  }

  /// Loads the rules, the price table and a StoreKit configuration (`storeKitFile`, named in
  /// messages as `storeKitPath`; else `QuietPlaces.storekit`).
  public static func load(
    configurationDirectory: URL, storeKitFile: URL? = nil, storeKitPath: String? = nil
  ) throws(ConfigurationError) -> (Rules, StoreKitConfiguration) {
    let rules: Rules
    do {
      rules = try Rules.load(configurationDirectory: configurationDirectory)
    } catch {
      throw .balance(error)
    }
    let formats = try priceFormats(configurationDirectory: configurationDirectory)
    let storeKit: StoreKitConfiguration
    do {
      storeKit = try StoreKitConfiguration.load(
        from: storeKitFile ?? configurationDirectory.appendingPathComponent("QuietPlaces.storekit"),
        path: storeKitFile == nil ? nil : storeKitPath, formats: formats)
    } catch {
      throw .storeKit(error)
    }
    return (rules, storeKit)
  }

  /// `Configuration/price-formats.tsv`: every storefront's currency and CLDR's price formats.
  public static func priceFormats(configurationDirectory: URL) throws(ConfigurationError) -> PriceFormats {
    let url = configurationDirectory.appendingPathComponent(PriceFormats.fileName)
    do {
      return try PriceFormats.load(from: url, path: url.path)
    } catch {
      throw .priceFormats(error)
    }
  }

  /// What start-up says about a StoreKit configuration: one `warning:` line per type mismatch of a
  /// Quiet Places product and per other warning of the loader, then (for a file given with
  /// `--storekit`) one `note:` line per kind of thing it ignores and for the products it lacks.
  public static func startupLines(_ storeKit: StoreKitConfiguration, file: String?) -> [String] {
    var lines = startupWarnings(storeKit, file: file)
    if let file { lines += catalogueNotes(storeKit, file: file) }
    return lines
  }

  /// The `warning:` lines of ``startupLines(_:file:)``: one per type mismatch of a Quiet Places
  /// product and per other warning of the loader (prices rounded in the storefront's currency, a
  /// newer version, …), which every mode that plays the configuration prints at its start.
  public static func startupWarnings(_ storeKit: StoreKitConfiguration, file: String?) -> [String] {
    let name = file ?? "QuietPlaces.storekit"
    return (storeKit.warnings + typeMismatches(storeKit)).map { "warning: \(name): \($0)" }
  }

  /// One warning per Quiet Places product whose type in the file differs from the game's.
  public static func typeMismatches(_ storeKit: StoreKitConfiguration) -> [String] {
    storeKit.typeMismatches(
      ProductID.allCases.map { product in
        .init(
          id: product.fullID, name: product.rawValue,
          type: product.permanent == nil ? .consumable : .nonConsumable,
          displayName: Text.productName(product))
      })
  }

  /// What a StoreKit configuration holds that Quiet Places cannot sell, and which of its products it
  /// lacks; one `note:` line each, printed when a session starts with it.
  public static func catalogueNotes(_ storeKit: StoreKitConfiguration, file: String) -> [String] {
    let file = "\(file.fromOutside)"
    var notes = storeKit.notes.map { "note: \(file): \($0)" }
    let sold = Set(ProductID.allCases.map(\.fullID))
    let others = storeKit.products.map(\.id).filter { !sold.contains($0) }
    if !others.isEmpty {
      notes.append(
        "note: \(file): ignored: \(others.count.withThousandsSeparators) product\(others.count == 1 ? "" : "s") Quiet Places does not sell: "
          + others.sorted().map { "\($0.fromOutside)" }.joined(separator: ", "))
    }
    let missing = ProductID.allCases.filter { storeKit.product(id: $0.fullID) == nil }
    if !missing.isEmpty {
      notes.append(
        "note: \(file): no \(missing.map(\.rawValue).joined(separator: ", ")); the store answers that they are unavailable"
      )
    }
    return notes
  }
}
