import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesJWS
import QuietPlacesStore
import QuietPlacesStoreKit
import QuietPlacesUtilities

/// A whole simulated device in one JSON file, as `bundle FILE` writes it and `load FILE` and
/// `quietplaces --bundle FILE` read it: the save on the device, the running app's memory when it is
/// open, the App Store account (transactions, unfinished ones, the Ask to Buy and interrupted
/// queues, settings and storefront), the device clock, the armed faults, and fingerprints of the
/// StoreKit configuration and balance in use, with the version of the tool that wrote it.
///
/// A bare save carries only the game; the next launch then reconciles it with whatever account the
/// tool has, which removes purchases that account does not hold. A bundle carries the account too,
/// so a player's report reproduces from the device as the player left it.
public struct DeviceBundle: Sendable, Codable, Equatable {
  /// The format written now.
  public static let currentFormat = 1
  /// What `kind` holds in every bundle.
  public static let kind = "com.gallaxgames.quietplaces.device-bundle"
  /// The largest bundle or bare save `load` and `--bundle` read: 64 MiB (those the tool writes are a
  /// few kilobytes; one with the account's most transactions a few megabytes).
  public static let maximumFileSize = 64 * 1_048_576

  /// The running app: its game as last changed (saved or not) and the transactions whose delivery
  /// could not be saved, waiting for the next launch.
  public struct Running: Sendable, Codable, Equatable {
    /// The game, balances, entitlements and ledger in the app's memory.
    public var save: AppSave
    /// Transactions held for the next launch after a failed save, in ID order.
    public var heldForLaunch: [TransactionID]

    public init(save: AppSave, heldForLaunch: [TransactionID]) {
      self.save = save
      self.heldForLaunch = heldForLaunch
    }
  }

  /// Faults armed in the app.
  public struct Faults: Sendable, Codable, Equatable {
    /// `off`, `once` or `on`.
    public var saveFails: AppFaults.SaveFailure
    /// A crash after the next verified transaction arrives, before it is saved.
    public var crashBeforeSave: Bool
    /// A crash after the next delivery is saved, before `finish()`.
    public var crashBeforeFinish: Bool

    /// Nothing armed.
    public static let none = Faults(AppFaults.Setting.none)

    /// The faults of a setting.
    public init(_ setting: AppFaults.Setting) {
      saveFails = setting.saveFailure
      crashBeforeSave = setting.crashBeforeSave
      crashBeforeFinish = setting.crashBeforeFinish
    }

    /// The setting these faults arm.
    public var setting: AppFaults.Setting {
      AppFaults.Setting(
        saveFailure: saveFails, crashBeforeSave: crashBeforeSave, crashBeforeFinish: crashBeforeFinish)
    }
  }

  /// SHA-256 digests of the configuration the device ran with.
  public struct Fingerprints: Sendable, Codable, Equatable {
    /// Of the StoreKit configuration's products and settings.
    public var storeKit: String
    /// Of the game's balance.
    public var balance: String

    public init(storeKit: String, balance: String) {
      self.storeKit = storeKit
      self.balance = balance
    }
  }

  /// Always ``currentFormat`` once read.
  public var format: Int
  /// Always ``kind``.
  public var kind: String
  /// The tool that wrote the bundle, such as `quietplaces 1.0.0`.
  public var writtenBy: String
  /// The device clock, in seconds since 1970.
  public var clock: Int64
  /// The device clock as people read it (informative; ``clock`` is what is read back).
  public var clockUTC: String
  /// Whether the app is open.
  public var open: Bool
  /// The voyage seed a launch that finds no save starts with.
  public var seed: UInt64
  /// The save on the device, or `nil` when there is none.
  public var save: AppSave?
  /// The save file's text when it is there but cannot be read (a damaged save), kept as it is.
  public var unreadableSave: String?
  /// The running app when it is open.
  public var running: Running?
  /// The simulated App Store's whole account.
  public var account: StoreAccount
  /// Faults armed in the app.
  public var faults: Faults
  /// The configuration in use.
  public var fingerprints: Fingerprints
  /// The changes to the configuration's balance the game played under (`new --set`), `KEY=VALUE`
  /// each; absent when it played under the configuration's own. A loader plays the bundle under the
  /// same changes.
  public var balanceChanges: [String]?
  /// The event log (`log`), so a recording that starts from the bundle replays it too.
  public var log: [String]?
  /// The session's checkpoints when the bundle was written, oldest first, so that a recording
  /// started after a checkpoint replays its `rewind` and `diff` too; absent in other bundles.
  public var checkpoints: [Checkpoint]?

  /// A named checkpoint: the whole device as it was kept.
  public struct Checkpoint: Sendable, Codable, Equatable {
    /// The name `rewind` and `diff` take.
    public var name: String
    /// The device as the checkpoint kept it, its event log included.
    public var device: DeviceBundle

    /// Makes a checkpoint.
    public init(name: String, device: DeviceBundle) {
      self.name = name
      self.device = device
    }
  }

  /// Makes a bundle of the current format.
  public init(
    clock: Int64, open: Bool, seed: UInt64, save: AppSave?, unreadableSave: String?, running: Running?,
    account: StoreAccount, faults: Faults, fingerprints: Fingerprints, log: [String]? = nil,
    checkpoints: [Checkpoint]? = nil, balanceChanges: [String]? = nil
  ) {
    format = Self.currentFormat
    kind = Self.kind
    writtenBy = AppSave.writer
    self.clock = clock
    clockUTC = Rules.formatInstant(clock)
    self.open = open
    self.seed = seed
    self.save = save
    self.unreadableSave = unreadableSave
    self.running = running
    self.account = account
    self.faults = faults
    self.fingerprints = fingerprints
    self.log = log
    self.checkpoints = checkpoints
    self.balanceChanges = balanceChanges
  }

  /// Whether `data` is a bundle rather than a bare save: its `kind` says so.
  public static func isBundle(_ data: Data) -> Bool {
    struct Header: Decodable { var kind: String? }
    return (try? JSONDecoder().decode(Header.self, from: data))?.kind == kind
  }

  /// The bundle's JSON: keys sorted, one key per line, so a bundle reads and diffs well.
  ///
  /// ``SortedJSONEncoder`` writes what `JSONEncoder` would, byte for byte, in a fraction of the
  /// time; whatever it leaves to `JSONEncoder` goes there, which says what it cannot encode.
  public func encoded() throws -> Data {
    var data: Data
    do {
      data = try SortedJSONEncoder().encode(self)
    } catch {
      data = try Self.foundationEncoded(self)
    }
    data.append(UInt8(ascii: "\n"))
    return data
  }

  /// `value` as `JSONEncoder` writes it with the layout of a bundle (without the final newline).
  public static func foundationEncoded(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value)
  }

  /// Reads a bundle named `file`, checking what a loader must: the kind and format, the saves'
  /// consistency under `rules`, the account's, and the clock's range.
  public static func decode(_ data: Data, file: String, rules: Rules) throws(BundleError) -> DeviceBundle {
    if let bundle = strictlyDecoded(data) {
      try bundle.check(file: file, rules: rules, within: "")
      return bundle
    }
    return try foundationDecoded(data, file: file, rules: rules)
  }

  /// The bundle in `data` as ``StrictJSONDecoder`` reads it, when it takes all of it on and the
  /// checks that come before decoding pass (kind, format, the saves' formats); otherwise `nil`, and
  /// `JSONDecoder` reads it, saying what is wrong.
  static func strictlyDecoded(_ data: Data) -> DeviceBundle? {
    struct SaveFormat: Decodable { var format: Int? }
    struct SaveFormats: Decodable {
      struct Running: Decodable { var save: SaveFormat? }
      var save: SaveFormat?
      var running: Running?
    }
    let decoder = StrictJSONDecoder()
    guard let document = try? decoder.parse(data),
      let bundle = try? decoder.decode(DeviceBundle.self, from: document),
      let saves = try? decoder.decode(SaveFormats.self, from: document),
      bundle.kind == kind, (1...currentFormat).contains(bundle.format)
    else { return nil }
    for format in [saves.save?.format, saves.running?.save?.format] {
      if let format, format > SaveCodec.readableFormats.upperBound { return nil }
    }
    return bundle
  }

  /// Reads a bundle with `JSONDecoder`, as ``decode(_:file:rules:)`` does for what
  /// ``strictlyDecoded(_:)`` does not take on.
  static func foundationDecoded(_ data: Data, file: String, rules: Rules) throws(BundleError) -> DeviceBundle
  {
    if let reason = JSONValue.repeatedKeyReason(data) { throw BundleError(file: file, problem: reason) }
    // An embedded save of a format this version cannot read is refused as a bare save of that
    // format is, before anything else of it is read.
    struct SaveHeader: Decodable {
      var format: Int?
      var writtenBy: String?
    }
    struct SavesHeader: Decodable {
      struct Running: Decodable { var save: SaveHeader? }
      var save: SaveHeader?
      var running: Running?
    }
    struct FaultsHeader: Decodable {
      struct Faults: Decodable { var saveFails: String? }
      var faults: Faults?
    }
    // What is checked before the whole is decoded, read in one pass: the kind and format must
    // read, the saves' formats and the faults are looked at only where they read.
    struct Header: Decodable {
      var kind: String?
      var format: Int?
      var saves: SavesHeader?
      var faults: FaultsHeader?

      enum CodingKeys: String, CodingKey { case kind, format }

      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decodeIfPresent(String.self, forKey: .kind)
        format = try container.decodeIfPresent(Int.self, forKey: .format)
        saves = try? SavesHeader(from: decoder)
        faults = try? FaultsHeader(from: decoder)
      }
    }
    // The header and the whole bundle read from one pass over the document; what the whole's
    // reading threw is reported only once the header's checks pass.
    struct Document: Decodable {
      var header: Header?
      var bundle: Result<DeviceBundle, any Error>

      init(from decoder: any Decoder) throws {
        header = try? Header(from: decoder)
        bundle = Result { try DeviceBundle(from: decoder) }
      }
    }
    let document: Document
    do {
      document = try JSONDecoder().decode(Document.self, from: data)
    } catch {
      throw BundleError(
        file: file,
        problem: JSONNumberRange.problem(error, in: data, decoding: Document.self)
          ?? JSONValue.notJSONReason(data))
    }
    guard let header = document.header else {
      throw BundleError(file: file, problem: JSONValue.notJSONReason(data))
    }
    guard header.kind == kind else {
      // A save given for a bundle: it holds the game without the App Store account.
      if case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: data),
        members["game"] != nil, members["format"] != nil
      {
        throw BundleError(
          file: file,
          problem: "it is a Quiet Places save, not a device bundle (a save holds the game without the App "
            + "Store account); load it in the REPL with load \(file), or give a bundle written by bundle FILE"
        )
      }
      throw BundleError(file: file, problem: "it is not a device bundle (no kind \(kind))")
    }
    guard let format = header.format else {
      throw BundleError(
        file: file,
        problem:
          "it has no 'format' (a bundle written by bundle FILE has \"format\" : \(currentFormat)): "
          + "it was cut or edited; write 'format' back, or give the bundle as it was written")
    }
    guard format >= 1, format <= currentFormat else {
      throw BundleError(
        file: file,
        problem: "its format \(format) is not one this version reads "
          + "(1 to \(currentFormat)); read it with the quietplaces that wrote it")
    }
    let saves = header.saves
    for (name, save) in [("save", saves?.save), ("running.save", saves?.running?.save)] {
      guard let format = save?.format, format > SaveCodec.readableFormats.upperBound else { continue }
      let readable = SaveCodec.readableFormats
      let writer = save?.writtenBy.flatMap {
        $0.count <= 40 && $0.allSatisfy { $0.isASCII && !$0.isNewline } ? $0 : nil
      }
      let by = writer.map { ", written by \($0)" } ?? ""
      throw BundleError(
        file: file,
        problem: "\(name) is a save of format \(format)\(by); this version (\(AppSave.writer)) reads formats "
          + "\(readable.lowerBound) to \(readable.upperBound); \(AppSave.newerFormatAdvice(writtenBy: writer))"
      )
    }
    if let saveFails = header.faults?.faults?.saveFails,
      AppFaults.SaveFailure(rawValue: saveFails) == nil
    {
      throw BundleError(file: file, problem: "faults.saveFails is '\(saveFails)', not off, once or on")
    }
    let bundle: DeviceBundle
    do {
      bundle = try document.bundle.get()
    } catch let error as DecodingError {
      throw BundleError(
        file: file,
        problem: JSONNumberRange.problem(error, in: data, decoding: Document.self) ?? error.keyPathReason)
    } catch {
      throw BundleError(
        file: file,
        problem: JSONNumberRange.problem(error, in: data, decoding: Document.self) ?? "it cannot be decoded")
    }
    try bundle.check(file: file, rules: rules, within: "")
    return bundle
  }

  /// What decoding cannot check: the clock's range, the saves' consistency under `rules`, the
  /// account's, and the same of every checkpoint (named `within` them in a problem).
  private func check(file: String, rules: Rules, within: String) throws(BundleError) {
    let bundle = self
    guard (0...GameState.latestClock).contains(bundle.clock) else {
      throw BundleError(file: file, problem: "\(within)its clock \(bundle.clock) is outside 1970 to 9999")
    }
    for (name, save) in [("save", bundle.save), ("running.save", bundle.running?.save)] {
      if let problem = save?.consistencyProblem(rules) {
        throw BundleError(file: file, problem: "\(within)\(name): \(problem)")
      }
    }
    for (index, id) in (bundle.running?.heldForLaunch ?? []).enumerated() {
      if let problem = FileBounds.transactionIDProblem(id, field: "running.heldForLaunch[\(index)]") {
        throw BundleError(file: file, problem: within + problem)
      }
    }
    if bundle.open != (bundle.running != nil) {
      throw BundleError(
        file: file,
        problem:
          "\(within)'open' is \(bundle.open) but 'running' is \(bundle.running == nil ? "missing" : "there")")
    }
    if let problem = bundle.account.problem() ?? SimulatedAppStore.keyProblem(of: bundle.account) {
      throw BundleError(file: file, problem: "\(within)account: \(problem)")
    }
    for checkpoint in bundle.checkpoints ?? [] {
      try checkpoint.device.check(
        file: file, rules: rules, within: "\(within)checkpoint \(checkpoint.name): ")
    }
  }
}
