import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesStore

/// `quietplaces storekit check FILE…`: whether each StoreKit configuration file loads, with every
/// problem of a file that is refused, and every warning (type mismatches of Quiet Places products,
/// a newer version) and note (what is ignored) of one that loads.
struct StoreKitCheck {
  /// Every storefront and locale the files may name.
  var formats: PriceFormats

  /// The report, and whether any file was refused or has type mismatches (the exit status is then
  /// 1). Each file is shown as given and read from `locate(file)`.
  func run(
    _ files: [String], locate: (String) -> URL = { URL(fileURLWithPath: $0) }
  ) -> (lines: [String], failed: Bool) {
    var lines: [String] = []
    var refused = 0
    var warned = 0
    for file in files {
      do {
        let configuration = try StoreKitConfiguration.load(
          from: locate(file), path: file, formats: formats)
        lines.append("\(file): loads: \(summary(configuration))")
        let mismatches = SessionEnvironment.typeMismatches(configuration)
        let warnings = configuration.warnings + mismatches
        if !mismatches.isEmpty { warned += 1 }
        lines += warnings.map { "  warning: \($0)" }
        lines += SessionEnvironment.catalogueNotes(configuration, file: file).map { line in
          "  note: " + line.dropFirst("note: \(file): ".count)
        }
      } catch {
        refused += 1
        lines += error.description.split(separator: "\n").map(String.init)
      }
    }
    let loaded = files.count - refused
    lines.append(
      "\(files.count) file\(files.count == 1 ? "" : "s"): \(loaded) load\(loaded == 1 ? "s" : ""), "
        + "\(refused) refused, \(warned) with type mismatches")
    return (lines, refused > 0 || warned > 0)
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
