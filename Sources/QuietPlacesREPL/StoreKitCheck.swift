import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesStore
import QuietPlacesUtilities

/// `quietplaces storekit check FILE…`: whether each StoreKit configuration file loads, with every
/// problem of a file that is refused, and every warning (type mismatches of Quiet Places products,
/// a newer version) and note (what is ignored) of one that loads.
public struct StoreKitCheck: Sendable {
  /// Every storefront and locale the files may name.
  public var formats: PriceFormats

  /// Makes a check that knows these storefronts and locales.
  public init(formats: PriceFormats) {
    self.formats = formats
  }

  /// How many files were checked, and how many were refused or have type mismatches.
  public struct Summary: Sendable, Equatable, CustomStringConvertible {
    /// Files checked.
    public var files: Int
    /// Files that do not load.
    public var refused: Int
    /// Files that load but sell a Quiet Places product as the wrong type.
    public var mismatched: Int

    /// Whether a file was refused or has type mismatches (the exit status is then 1).
    public var failed: Bool { refused > 0 || mismatched > 0 }

    /// The report's last line: `2 files: 1 loads, 1 refused, 0 with type mismatches`.
    public var description: String {
      let loaded = files - refused
      return "\(files) file\(files == 1 ? "" : "s"): \(loaded) load\(loaded == 1 ? "s" : ""), "
        + "\(refused) refused, \(mismatched) with type mismatches"
    }
  }

  /// The report, its summary line last, and whether any file was refused or has type mismatches
  /// (the exit status is then 1). Each file is shown as given and read from `locate(file)`.
  public func run(
    _ files: [String], locate: (String) -> URL = { URL(fileURLWithPath: $0) }
  ) -> (lines: [String], failed: Bool) {
    let (lines, summary) = check(files, locate: locate)
    return (lines + [summary.description], summary.failed)
  }

  /// The report on each file, and the counts.
  public func check(
    _ files: [String], locate: (String) -> URL = { URL(fileURLWithPath: $0) }
  ) -> (lines: [String], summary: Summary) {
    var lines: [String] = []
    var refused = 0
    var warned = 0
    for file in files {
      // An empty argument names no file (it is not the current folder).
      guard !file.isEmpty else {
        refused += 1
        lines.append("\"\": an empty path; give the path of a .storekit file")
        continue
      }
      do {
        let configuration = try StoreKitConfiguration.load(
          from: locate(file), path: file, formats: formats)
        lines.append("\(file.fromOutside): loads: \(summary(configuration))")
        let mismatches = SessionEnvironment.typeMismatches(configuration)
        let warnings = configuration.warnings + mismatches
        if !mismatches.isEmpty { warned += 1 }
        lines += warnings.map { "  warning: \($0)" }
        lines += SessionEnvironment.catalogueNotes(configuration, file: file).map { line in
          "  note: " + line.dropFirst("note: \(file.fromOutside): ".count)
        }
      } catch {
        refused += 1
        lines += error.description.split(separator: "\n").map(String.init)
      }
    }
    return (lines, Summary(files: files.count, refused: refused, mismatched: warned))
  }

  private func summary(_ configuration: StoreKitConfiguration) -> String {
    let version = "version \(configuration.version.major).\(configuration.version.minor)"
    let ours = Set(ProductID.allCases.map(\.fullID))
    let sold = configuration.products.filter { ours.contains($0.id) }.count
    let products =
      "\(configuration.products.count) product\(configuration.products.count == 1 ? "" : "s")"
      + " (\(sold) of Quiet Places')"
    let storefront = configuration.settings.storefront.map { "storefront \($0)" } ?? "storefront USA (unset)"
    let locale = configuration.settings.locale.map { "locale \($0)" } ?? "locale en_US (unset)"
    return [version, products, storefront, locale].joined(separator: ", ")
  }
}
