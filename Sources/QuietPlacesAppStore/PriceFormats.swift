import FoundationEssentials
import QuietPlacesUtilities
import Synchronization

/// Every App Store storefront with its currency, and how each CLDR locale writes a price in it:
/// the table `Configuration/price-formats.tsv`, generated from CLDR by
/// `Scripts/cldr/generate-price-table.py` so that the executable needs no ICU.
///
/// A price is formatted as ICU formats a currency amount: the locale's standard currency
/// pattern (symbol and its place, grouping sizes), its decimal and group separators and digits,
/// the currency's symbol in that locale, the currency's CLDR decimal digits (JPY and KRW have
/// none; rounding half to even), and CLDR's currency spacing (a no-break space between a symbol
/// that ends or starts with a letter and a digit).
public struct PriceFormats: Sendable, Equatable, Codable {
  /// The table's contents, shared by every copy (read-only once built).
  final class Storage: Sendable, Equatable {
    let storefronts: [StorefrontInfo]
    let storefrontsByCode: [String: Int]
    let digits: [String: Int]
    let locales: [String: LocaleEntry]
    let aliases: [String: String]
    /// The Latin-digit separators (decimal, group) of locales whose default numbering system is
    /// another.
    let latin: [String: LatinSeparators]
    /// Prices already written, by amount, storefront and locale (a price is a pure function of the
    /// three and the table, and a shop asks for the same few again and again); at most
    /// ``writtenLimit`` are kept, all forgotten when it is reached.
    let written = Mutex<[PriceKey: String?]>([:])
    static let writtenLimit = 4_096

    init(
      storefronts: [StorefrontInfo] = [], digits: [String: Int] = [:], locales: [String: LocaleEntry] = [:],
      aliases: [String: String] = [:], latin: [String: LatinSeparators] = [:]
    ) {
      self.storefronts = storefronts
      self.storefrontsByCode = Dictionary(
        storefronts.enumerated().map { ($1.code, $0) }, uniquingKeysWith: { first, _ in first })
      self.digits = digits
      self.locales = locales
      self.aliases = aliases
      self.latin = latin
    }

    static func == (lhs: Storage, rhs: Storage) -> Bool {
      lhs === rhs
        || (lhs.storefronts == rhs.storefronts && lhs.digits == rhs.digits && lhs.locales == rhs.locales
          && lhs.aliases == rhs.aliases && lhs.latin == rhs.latin)
    }
  }

  /// One App Store storefront.
  public struct StorefrontInfo: Sendable, Equatable, Codable {
    /// ISO 3166-1 alpha-3 code, such as `GBR`.
    public var code: String
    /// ISO 4217 code of the currency the App Store prices in there, such as `GBP`.
    public var currency: String
    /// The country or region's name in English.
    public var name: String
  }

  /// A locale's separators when it writes Latin digits (`numbers=latn`).
  struct LatinSeparators: Sendable, Equatable {
    var decimal: String
    var group: String
  }

  /// One locale's entry: only what differs from its parent; nil or absent means inherited.
  struct LocaleEntry: Sendable, Equatable, Codable {
    var parent: String?
    var decimal: String?
    var group: String?
    var pattern: String?
    var zero: String?
    var symbols: [String: String] = [:]
  }

  /// A locale's resolved rules.
  public struct LocaleRules: Sendable, Equatable {
    /// The CLDR identifier the rules come from (`en_GB`, `zh_Hans_CN`).
    public var identifier: String
    var decimal: String
    var group: String
    var pattern: String
    var zero: Unicode.Scalar
    var symbols: [String: String]

    /// The symbol this locale writes for `currency` (its ISO code when CLDR has none).
    public func symbol(_ currency: String) -> String { symbols[currency] ?? currency }
  }

  let storage: Storage

  /// The storefronts in the table's order (alphabetical by code).
  public var storefronts: [StorefrontInfo] { storage.storefronts }
  private var storefrontsByCode: [String: Int] { storage.storefrontsByCode }
  private var digits: [String: Int] { storage.digits }
  private var locales: [String: LocaleEntry] { storage.locales }
  private var aliases: [String: String] { storage.aliases }
  private var latin: [String: LatinSeparators] { storage.latin }

  /// An empty table: no storefront, every price written as `ISO 0.99`.
  public init() { storage = Storage() }

  init(storage: Storage) { self.storage = storage }

  /// A table is configuration, not data: it encodes as nothing and decodes as ``standard``.
  public init(from decoder: any Decoder) throws { self = .standard }

  /// Encodes nothing (see ``init(from:)``).
  public func encode(to encoder: any Encoder) throws {}

  /// The storefront with this code (`GBR`, any letter case).
  public func storefront(_ code: String) -> StorefrontInfo? {
    storefrontsByCode[code.uppercased()].map { storefronts[$0] }
  }

  /// The currency's decimal digits by CLDR (2 unless the table says otherwise).
  public func decimalDigits(_ currency: String) -> Int { digits[currency] ?? 2 }

  /// Whether `price` (a configuration's decimal such as `4.999`) has more decimals than `currency`
  /// shows, so that its shown price is rounded (`£5.00`); trailing zeros do not count.
  public func isRounded(_ price: String, in currency: String) -> Bool {
    guard let dot = price.firstIndex(of: ".") else { return false }
    let decimals = price[price.index(after: dot)...].reversed().drop { $0 == "0" }.count
    return decimals > decimalDigits(currency)
  }

  /// The numbering systems a locale may ask for with its `numbers` keyword besides its default.
  public static let numberingSystems = ["latn"]

  /// The CLDR identifier a locale name resolves to: `en-GB` and `en_gb` give `en_GB`, `zh_CN`
  /// gives `zh_Hans_CN`, `en_XX` falls back to `en`, Apple's legacy `iw_IL` gives `he_IL`; a
  /// number-system keyword (`ar_SA@numbers=latn`, `ar-SA-u-nu-latn`) is kept as
  /// `ar_SA@numbers=latn`. Nil when CLDR has not even the language, or the keyword names a
  /// numbering system other than `latn`.
  public func resolve(_ locale: String) -> String? {
    let (base, numbers) = Self.splitKeywords(locale)
    if let numbers, !Self.numberingSystems.contains(numbers) { return nil }
    guard let identifier = resolveBase(base) else { return nil }
    return numbers.map { "\(identifier)@numbers=\($0)" } ?? identifier
  }

  private func resolveBase(_ locale: String) -> String? {
    let normal = Self.normalise(locale)
    var candidate = aliases[normal] ?? normal
    while !candidate.isEmpty {
      if locales[candidate] != nil, candidate != "root" { return candidate }
      if let alias = aliases[candidate] { return alias }
      guard let cut = candidate.lastIndex(of: "_") else { return nil }
      candidate = String(candidate[..<cut])
    }
    return nil
  }

  /// The resolved rules of `locale`, or nil when CLDR does not know its language (or its
  /// number-system keyword names a system other than `latn`).
  public func rules(_ locale: String) -> LocaleRules? {
    let (base, numbers) = Self.splitKeywords(locale)
    if let numbers, !Self.numberingSystems.contains(numbers) { return nil }
    guard let identifier = resolveBase(base) else { return nil }
    var rules = rules(identifier: identifier)
    if numbers == "latn", rules.zero != "0" {
      var name: String? = identifier
      while let current = name, latin[current] == nil { name = locales[current]?.parent }
      if let separators = name.flatMap({ latin[$0] }) {
        rules.decimal = separators.decimal
        rules.group = separators.group
      }
      rules.zero = "0"
      rules.identifier = "\(identifier)@numbers=latn"
    }
    return rules
  }

  /// A locale name without its keywords, and the numbering system its `numbers` keyword (ICU's
  /// `@numbers=latn`) or Unicode extension (BCP 47's `-u-nu-latn`) asks for, lower-cased.
  public static func splitKeywords(_ locale: String) -> (base: String, numbers: String?) {
    var base = locale
    var numbers: String?
    if let at = base.firstIndex(of: "@") {
      for keyword in base[base.index(after: at)...].split(separator: ";") {
        let parts = keyword.split(separator: "=", maxSplits: 1)
        if parts.count == 2, parts[0].lowercased() == "numbers" { numbers = parts[1].lowercased() }
      }
      base = String(base[..<at])
    }
    let subtags = base.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
    if let u = subtags.firstIndex(of: "u"), u > 0 {
      let extensions = subtags[(u + 1)...]
      if let nu = extensions.firstIndex(of: "nu"), nu + 1 < subtags.count { numbers = subtags[nu + 1] }
      let kept = base.split(whereSeparator: { $0 == "-" || $0 == "_" }).prefix(u)
      base = kept.joined(separator: "_")
    }
    return (base, numbers)
  }

  private func rules(identifier: String) -> LocaleRules {
    var decimal: String?
    var group: String?
    var pattern: String?
    var zero: String?
    var symbols: [String: String] = [:]
    var next: String? = identifier
    var steps = 0
    while let name = next, let entry = locales[name], steps < 16 {
      decimal = decimal ?? entry.decimal
      group = group ?? entry.group
      pattern = pattern ?? entry.pattern
      zero = zero ?? entry.zero
      for (currency, symbol) in entry.symbols where symbols[currency] == nil { symbols[currency] = symbol }
      next = entry.parent
      steps += 1
    }
    return LocaleRules(
      identifier: identifier, decimal: decimal ?? ".", group: group ?? ",",
      pattern: pattern ?? "¤\u{A0}#,##0.00", zero: zero?.unicodeScalars.first ?? "0", symbols: symbols)
  }

  /// `amount` (a plain decimal such as `0.99` or `4900`) in `currency`, written by `rules`.
  public func format(_ amount: String, currency: String, rules: LocaleRules) -> String {
    let fraction = decimalDigits(currency)
    let (whole, decimals) = Self.rounded(amount, fractionDigits: fraction)
    let pattern = Self.Pattern(rules.pattern)
    var integer = ""
    let digitsOfWhole = Array(whole)
    for (index, digit) in digitsOfWhole.enumerated() {
      let fromRight = digitsOfWhole.count - index
      integer.append(digit)
      if fromRight > 1, pattern.isGroupBoundary(after: fromRight - 1) { integer += "\u{1}" }
    }
    var number = integer.replacing("\u{1}", with: rules.group)
    if fraction > 0 { number += rules.decimal + decimals }
    number = Self.transliterate(number, zero: rules.zero)
    let symbol = rules.symbol(currency)
    var prefix = pattern.prefix.replacing("¤", with: symbol)
    var suffix = pattern.suffix.replacing("¤", with: symbol)
    // CLDR currency spacing: a symbol that meets a digit with a letter gets a no-break space.
    if pattern.prefix.hasSuffix("¤"), let last = symbol.unicodeScalars.last, Self.needsSpace(last) {
      prefix += "\u{A0}"
    }
    if pattern.suffix.hasPrefix("¤"), let first = symbol.unicodeScalars.first, Self.needsSpace(first) {
      suffix = "\u{A0}" + suffix
    }
    return prefix + number + suffix
  }

  /// `amount` in the currency of `storefront`, written by the rules of `locale`; nil when the
  /// storefront or the locale is not in the table.
  public func displayPrice(_ amount: String, storefront: String, locale: String) -> String? {
    let key = PriceKey(amount: amount, storefront: storefront, locale: locale)
    if let known = storage.written.withLock({ $0[key] }) { return known }
    var price: String?
    if let info = self.storefront(storefront), let rules = rules(locale) {
      price = format(amount, currency: info.currency, rules: rules)
    }
    storage.written.withLock { written in
      if written.count >= Storage.writtenLimit { written.removeAll() }
      written[key] = .some(price)
    }
    return price
  }

  /// What a written price depends on besides the table.
  struct PriceKey: Hashable {
    var amount: String
    var storefront: String
    var locale: String
  }

  private static func needsSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol: return false
    case .spaceSeparator, .lineSeparator, .paragraphSeparator: return false
    default: return true
    }
  }

  private static func transliterate(_ text: String, zero: Unicode.Scalar) -> String {
    guard zero != "0" else { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar.value >= 0x30, scalar.value <= 0x39,
        let digit = Unicode.Scalar(zero.value + scalar.value - 0x30)
      {
        scalars.append(digit)
      } else {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  /// The whole and fraction digits of a plain decimal, rounded half to even to `fractionDigits`.
  static func rounded(_ amount: String, fractionDigits: Int) -> (whole: String, fraction: String) {
    let parts = amount.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    var whole = Array(parts.first.map(String.init) ?? "0").compactMap(\.wholeNumberValue)
    if whole.isEmpty { whole = [0] }
    var fraction = Array(parts.count > 1 ? String(parts[1]) : "").compactMap(\.wholeNumberValue)
    if fraction.count > fractionDigits {
      let dropped = Array(fraction[fractionDigits...])
      fraction = Array(fraction[..<fractionDigits])
      let first = dropped[0]
      let rest = dropped.dropFirst().contains { $0 != 0 }
      let last = fraction.last ?? whole.last ?? 0
      if first > 5 || (first == 5 && (rest || last % 2 == 1)) {
        var digits = whole + fraction
        var index = digits.count - 1
        while index >= 0 {
          if digits[index] == 9 {
            digits[index] = 0
            index -= 1
          } else {
            digits[index] += 1
            break
          }
        }
        if index < 0 { digits.insert(1, at: 0) }
        whole = Array(digits[..<(digits.count - fraction.count)])
        fraction = Array(digits[(digits.count - fraction.count)...])
      }
    }
    while fraction.count < fractionDigits { fraction.append(0) }
    while whole.count > 1 && whole.first == 0 { whole.removeFirst() }
    return (whole.map(String.init).joined(), fraction.map(String.init).joined())
  }

  /// A CLDR number pattern split into text before and after the number and its grouping sizes.
  struct Pattern {
    var prefix: String
    var suffix: String
    var primary: Int
    var secondary: Int

    init(_ text: String) {
      let positive = text.split(separator: ";", maxSplits: 1).first.map(String.init) ?? text
      let numberCharacters: Set<Character> = ["#", "0", ",", "."]
      let characters = Array(positive)
      let start = characters.firstIndex { numberCharacters.contains($0) } ?? characters.count
      let end = (characters.lastIndex { numberCharacters.contains($0) } ?? (start - 1)) + 1
      prefix = String(characters[..<start]).replacing("'", with: "")
      suffix = String(characters[end...]).replacing("'", with: "")
      let number = String(characters[start..<end])
      let integer = number.split(separator: ".", maxSplits: 1).first.map(String.init) ?? number
      let groups = integer.split(separator: ",", omittingEmptySubsequences: false)
      primary = groups.count > 1 ? groups[groups.count - 1].count : 0
      secondary = groups.count > 2 ? groups[groups.count - 2].count : primary
    }

    /// Whether a group separator follows the digit that has `count` digits to its right.
    func isGroupBoundary(after count: Int) -> Bool {
      guard primary > 0, count >= primary else { return false }
      if count == primary { return true }
      return secondary > 0 && (count - primary) % secondary == 0
    }
  }

  /// Language codes ISO 639 replaced that Apple's locale identifiers (and Xcode's `.storekit`
  /// files) still use: `iw_IL` is Hebrew in Israel, CLDR's `he_IL`.
  static let legacyLanguages = ["iw": "he", "in": "id", "tl": "fil", "ji": "yi", "jw": "jv", "mo": "ro"]

  /// `en-GB`, `EN_gb` → `en_GB`; `zh-hans-cn` → `zh_Hans_CN`; `iw_IL` → `he_IL`; keywords
  /// (`@numbers=latn`, `-u-nu-latn`) are left out.
  static func normalise(_ locale: String) -> String {
    let parts = splitKeywords(locale).base.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
    guard let first = parts.first else { return "" }
    let language = first.lowercased()
    var result = [legacyLanguages[language] ?? language]
    for part in parts.dropFirst() {
      if part.count == 4, part.allSatisfy(\.isLetter) {
        result.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
      } else if part.count == 2 || (part.count == 3 && part.allSatisfy(\.isNumber)) {
        result.append(part.uppercased())
      } else {
        result.append(part)
      }
    }
    return result.joined(separator: "_")
  }
}

extension PriceFormats {
  /// Why the table could not be read.
  public struct LoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as named to the user.
    public var path: String
    /// What was wrong.
    public var problem: String

    /// One line: `Configuration/price-formats.tsv: line 7: …`.
    public var description: String { "\(path): \(problem)" }
  }

  /// Reads the table from a file.
  public static func load(from url: URL, path: String) throws(LoadError) -> PriceFormats {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw LoadError(path: path, problem: "cannot be read: \(error.readableReason)")
    }
    return try parse(String(decoding: data, as: UTF8.self), path: path)
  }

  /// Reads the table's text.
  public static func parse(_ text: String, path: String) throws(LoadError) -> PriceFormats {
    var storefronts: [StorefrontInfo] = []
    var digitsTable: [String: Int] = [:]
    var aliasTable: [String: String] = [:]
    var localeTable: [String: LocaleEntry] = [:]
    var latinTable: [String: LatinSeparators] = [:]
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      let bad = LoadError(
        path: path, problem: "line \(number + 1): '\(fields[0])' is not a line this table has")
      switch fields[0] {
      case "storefront":
        guard fields.count == 4 else { throw bad }
        storefronts.append(StorefrontInfo(code: fields[1], currency: fields[2], name: fields[3]))
      case "digits":
        guard fields.count == 3 else { throw bad }
        // ISO 4217 currencies have 0 to 4 minor digits; a price is padded to this many.
        guard let digits = Int(fields[2]), (0...4).contains(digits) else {
          throw LoadError(
            path: path,
            problem: "line \(number + 1): \(fields[1])'s decimal digits must be 0 to 4, not '\(fields[2])'")
        }
        digitsTable[fields[1]] = digits
      case "alias":
        guard fields.count == 3 else { throw bad }
        aliasTable[fields[1]] = fields[2]
      case "latn":
        guard fields.count == 4 else { throw bad }
        latinTable[fields[1]] = LatinSeparators(decimal: fields[2], group: fields[3])
      case "locale":
        guard fields.count >= 3 else { throw bad }
        let value: (Int) -> String? = { index in
          index < fields.count && !fields[index].isEmpty ? fields[index] : nil
        }
        var entry = LocaleEntry(
          parent: value(2), decimal: value(3), group: value(4), pattern: value(5), zero: value(6))
        for field in fields.dropFirst(7) {
          guard let equals = field.firstIndex(of: "=") else { throw bad }
          entry.symbols[String(field[..<equals])] = String(field[field.index(after: equals)...])
        }
        localeTable[fields[1]] = entry
      default:
        throw bad
      }
    }
    guard localeTable["root"] != nil, !storefronts.isEmpty else {
      throw LoadError(path: path, problem: "has no root locale or no storefront; generate it again")
    }
    return PriceFormats(
      storage: Storage(
        storefronts: storefronts, digits: digitsTable, locales: localeTable, aliases: aliasTable,
        latin: latinTable))
  }

  /// The table in the `Configuration/` folder: `$QUIETPLACES_CONFIGURATION`, else the first
  /// `Configuration/price-formats.tsv` found walking up from the current folder, then from the
  /// executable's folder; empty when none is found (prices are then written `GBP 0.99`).
  public static let standard: PriceFormats = {
    for folder in configurationFolders() {
      let url = folder.appendingPathComponent(fileName)
      if let table = try? load(from: url, path: url.path) { return table }
    }
    return PriceFormats()
  }()

  /// The table's file name in `Configuration/`.
  public static let fileName = "price-formats.tsv"

  private static func configurationFolders() -> [URL] {
    if let explicit = ProcessInfo.processInfo.environment["QUIETPLACES_CONFIGURATION"], !explicit.isEmpty {
      return [URL(fileURLWithPath: explicit)]
    }
    var folders: [URL] = []
    let starts = [
      URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
      URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        .deletingLastPathComponent(),
    ]
    for start in starts {
      var folder = start.standardizedFileURL
      for _ in 0..<8 {
        folders.append(folder.appendingPathComponent("Configuration"))
        let parent = folder.deletingLastPathComponent()
        if parent.path == folder.path { break }
        folder = parent
      }
    }
    return folders
  }
}
