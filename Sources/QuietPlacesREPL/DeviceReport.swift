import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesStoreKit
import QuietPlacesUtilities

extension DeviceSnapshot {
  /// The device's `state --json` line, as the command prints it for this device (under its own
  /// rules when they are not the configuration's `rules`).
  func stateLine(rules configurationRules: Rules) -> String {
    let rules = changedRules?.rules ?? configurationRules
    let save = save(rules: rules) ?? AppSave(game: game(rules: rules))
    return StateJSON(
      save: save, open: isOpen, now: clock,
      unfinished: account.transactions.filter { !$0.finished }.map(\.id),
      storefront: account.settings.storefront.rawValue, rules: rules,
      balanceChanges: changedRules?.changes ?? []
    ).line()
  }

  /// Three lines on what the device holds: clock and app, the save, the App Store account; and a
  /// fourth when the game plays under changed rules, naming the changes.
  func summary(rules configurationRules: Rules) -> [String] {
    let rules = changedRules?.rules ?? configurationRules
    var lines = [
      "  clock \(Text.instant(clock)) · app \(isOpen ? "open" : "closed") · storefront \(account.settings.storefront.rawValue)"
    ]
    let label = isOpen ? "running app" : "save"
    if let save = save(rules: rules) {
      let game = save.game
      let owned = game.owned.isEmpty ? "nothing" : Text.list(game.owned.map(Text.permanentName))
      lines.append(
        "  \(label): seed \(game.seed) · route \(game.route) · Discoveries \(Text.number(game.discoveries))"
          + " · Postmarks \(Text.count(game.postmarks)) · owns \(owned) · ledger \(save.ledger.ids.map(String.init).joined(separator: ", ").nonEmpty ?? "empty")"
      )
    } else {
      lines.append(
        disk == .none
          ? "  save: none (a launch starts a new game)" : "  save: damaged (a launch sets it aside)"
      )
    }
    let transactions = account.transactions
    let unfinished = transactions.filter { !$0.finished }.map { "\($0.id) \(Self.productName($0.productID))" }
    var store = "  App Store account: \(Text.plural(transactions.count, "transaction"))"
    store += unfinished.isEmpty ? ", none unfinished" : ", unfinished \(unfinished.joined(separator: ", "))"
    if !account.pendingApprovals.isEmpty {
      store += ", \(account.pendingApprovals.count) waiting for approval"
    }
    if !account.interruptedPurchases.isEmpty {
      store += ", \(account.interruptedPurchases.count) interrupted"
    }
    lines.append(store)
    if let changes = changedRules?.changes {
      lines.append("  rules: the configuration's balance with \(changes.joined(separator: ", "))")
    }
    return lines
  }

  /// What the device holds beyond `state --json`, as `diff` compares it: the App Store account
  /// (every transaction, the queues, the next ID, the test controls), the armed faults, the seed of
  /// the next new game and the save on disk; each with its path under `device.`.
  func deviceFields(rules configurationRules: Rules) -> [(path: String, value: JSONValue)] {
    let rules = changedRules?.rules ?? configurationRules
    func list(_ items: [String]) -> JSONValue { .array(items.map(JSONValue.string)) }
    func waiting(_ purchases: [WaitingPurchase]) -> JSONValue {
      list(purchases.map { "\($0.id) \(ProductID(fullID: $0.productID)?.rawValue ?? $0.productID)" })
    }
    let transactions = account.transactions.map { transaction in
      var text =
        "\(transaction.id) \(ProductID(fullID: transaction.productID)?.rawValue ?? transaction.productID)"
      text += transaction.finished ? " finished" : " unfinished"
      if transaction.isRevoked { text += ", revoked" }
      return text
    }
    let settings = account.settings
    let disk: String
    switch self.disk {
    case .none: disk = "none"
    default:
      if let save = diskSave(rules: rules) {
        let game = save.game
        disk =
          "\(Rules.formatInstant(game.clock)) · Discoveries \(Text.number(game.discoveries)) · Postmarks "
          + "\(Text.count(game.postmarks)) · owns [\(game.owned.map { ProductID($0).rawValue }.joined(separator: ", "))]"
          + " · ledger [\(save.ledger.ids.map(String.init).joined(separator: ", "))]"
      } else {
        disk = "damaged"
      }
    }
    let prices = (settings.prices ?? [:]).sorted { $0.key < $1.key }.map {
      "\(ProductID(fullID: $0.key)?.rawValue ?? $0.key) \($0.value)"
    }
    let fields: [(String, JSONValue)] = [
      ("device.account.transactions", list(transactions)),
      ("device.account.pendingApprovals", waiting(account.pendingApprovals)),
      ("device.account.interruptedPurchases", waiting(account.interruptedPurchases)),
      ("device.account.queuedUpdates", list(account.queuedTransactionIDs.map(String.init))),
      ("device.account.nextTransactionID", .number(String(account.nextTransactionID))),
      (
        "device.storeKitCache",
        .string(
          account.deviceCache.map { "[\($0.map { String($0.id) }.joined(separator: ", "))], not synced" }
            ?? "in step with the account")
      ),
      ("device.store.locale", settings.locale.map(JSONValue.string) ?? .null),
      ("device.store.prices", list(prices)),
      ("device.store.askToBuy", .bool(settings.askToBuy)),
      ("device.store.interrupted", .bool(settings.interrupted)),
      ("device.store.failPurchases", .bool(settings.failPurchases)),
      ("device.store.cancelNext", .bool(settings.cancelNext)),
      ("device.store.offline", .bool(settings.offline)),
      ("device.store.unavailable", list(settings.unavailable.map { ProductID(fullID: $0)?.rawValue ?? $0 })),
      ("device.store.delayRestore", .bool(settings.delayRestore)),
      (
        "device.store.storeKitErrors",
        list(
          (settings.storeKitErrors ?? [:]).sorted { $0.key < $1.key }.map {
            "\($0.key) \($0.value.isEmpty ? "(default)" : $0.value)"
          })
      ),
      ("device.faults.saveFails", .string(faults.saveFailure.rawValue)),
      ("device.faults.crashBeforeSave", .bool(faults.crashBeforeSave)),
      ("device.faults.crashBeforeFinish", .bool(faults.crashBeforeFinish)),
      ("device.newGameSeed", .number(String(seed))),
      ("device.saveOnDisk", .string(disk)),
    ]
    return fields.map { (path: $0.0, value: $0.1) }
  }

  /// A product's name from its full ID, or the ID itself when it is none of the five.
  static func productName(_ productID: String) -> String {
    ProductID(fullID: productID).map(Text.productName) ?? "\(productID.fromOutside)"
  }
}

extension String {
  /// The string, or `nil` when it is empty.
  fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}

extension Session {
  /// The checkpoint of that name, or the error that lists the ones there are.
  /// Takes the checkpoints a bundle carries (a recording's), each replacing one of the same name;
  /// returns the line that says so, if it carried any.
  func adoptCheckpoints(_ carried: [Checkpoint]) -> String? {
    guard !carried.isEmpty else { return nil }
    for checkpoint in carried {
      checkpoints.removeAll { $0.name == checkpoint.name }
      checkpoints.append(checkpoint)
    }
    return Self.checkpointsLine(carried.map(\.name))
  }

  /// One `warning:` line per key of the file `data` (at `path`, a `kind` such as "a save") that its
  /// reading passed over: `written` is what was read, written back. A key mistyped by hand would
  /// otherwise leave its value as it was without a word.
  static func passedOverWarnings(_ data: Data, written: Data?, path: String, kind: String) -> [String] {
    guard let written, let file = try? JSONValue(parsing: data), let back = try? JSONValue(parsing: written)
    else { return [] }
    return file.keysPassedOver(by: back).prefix(5).map { key in
      "warning: \(path.fromOutside): key '\(key.path.fromOutside)' is not part of \(kind), so it was passed over"
        + (key.closest.map { " (did you mean '\($0.fromOutside)'?)" } ?? "")
    }
  }

  /// A bundle file read under the rules it was played with (the configuration's balance with the
  /// bundle's changes), with the device and the checkpoints it holds; `closed` closes the app
  /// whatever the bundle says.
  func readBundle(_ data: Data, path: String, closed: Bool) throws(CommandError) -> (
    bundle: DeviceBundle, device: DeviceSnapshot, checkpoints: [Checkpoint]
  ) {
    struct Header: Decodable { var balanceChanges: [String]? }
    let changes = (try? JSONDecoder().decode(Header.self, from: data))?.balanceChanges
    let changed = try bundleRules(changes, path: path)
    let bundle: DeviceBundle
    do {
      bundle = try DeviceBundle.decode(
        data, file: path, rules: changed?.rules ?? device.configuration.rules)
    } catch {
      throw .file(path: error.file, reason: error.problem)
    }
    // What only the StoreKit file in use can check: products, storefronts, locale, currencies.
    let accounts =
      [("account", bundle.account)]
      + (bundle.checkpoints ?? []).map { ("checkpoint '\($0.name)': account", $0.device.account) }
    for (name, account) in accounts {
      if let problem = account.catalogueProblem(device.catalogue) {
        throw .file(path: path, reason: "\(name): \(problem)")
      }
    }
    var carried: [Checkpoint] = []
    for checkpoint in bundle.checkpoints ?? [] {
      let rules = try bundleRules(checkpoint.device.balanceChanges, path: path)
      carried.append(
        Checkpoint(
          name: checkpoint.name,
          device: DeviceSnapshot(checkpoint.device, closed: false, changedRules: rules),
          log: checkpoint.device.log ?? []))
    }
    return (bundle, DeviceSnapshot(bundle, closed: closed, changedRules: changed), carried)
  }

  /// The rules of a bundle's balance changes, or the error that says why they do not apply here.
  private func bundleRules(_ changes: [String]?, path: String) throws(CommandError) -> ChangedRules? {
    switch changedRules(ofBundle: changes) {
    case .success(let rules): return rules
    case .failure(let error):
      throw .file(
        path: path,
        reason: "its balanceChanges do not apply to this configuration's balance (\(error.message)); "
          + "load it with the configuration it was made with")
    }
  }

  /// `Checkpoints from the bundle: a, b (rewind and diff reach them).`
  static func checkpointsLine(_ names: [String]) -> String {
    "Checkpoints from the bundle: \(names.joined(separator: ", ")) (rewind and diff reach them)."
  }

  func checkpoint(named name: String) throws(CommandError) -> Checkpoint {
    guard let found = checkpoints.last(where: { $0.name == name }) else {
      let names = checkpoints.map(\.name)
      throw .badArgument(
        argument: name,
        expected: names.isEmpty
          ? "a checkpoint; there are none yet (checkpoint NAME keeps one)"
          : "a checkpoint; write one of \(names.joined(separator: ", "))")
    }
    return found
  }

  /// A file named in a command: the file this session wrote under that name, if it did; else
  /// relative to the script's folder when a script runs and the file is there; else as given
  /// (relative to the current folder).
  func fileURL(_ path: String) -> URL {
    if let written = writtenFiles[path], FileManager.default.fileExists(atPath: written.path) {
      return written
    }
    if !path.hasPrefix("/"), let folder = environment.scriptFolder {
      let candidate = folder.appendingPathComponent(path)
      if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
    }
    return URL(fileURLWithPath: path)
  }

  /// Where a file a command writes to `path` goes: under the environment's write folder for a
  /// relative path when there is one (created when first needed; a folder within it is not, as a
  /// missing folder is not where the path says), else where the path says.
  func writeURL(_ path: String) -> URL {
    guard !path.hasPrefix("/"), let folder = environment.writeFolder else {
      return URL(fileURLWithPath: path)
    }
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(path)
  }

  /// Writes `device` as a bundle to `path`, with the event log as it is now.
  func writeBundle(_ device: DeviceSnapshot, to path: String, withCheckpoints: Bool = false)
    throws(CommandError)
  {
    let data: Data
    let fingerprints = self.device.configuration.fingerprints
    do {
      var bundle = device.bundle(fingerprints: fingerprints, rules: rules, log: recentEvents)
      if withCheckpoints && !checkpoints.isEmpty {
        bundle.checkpoints = checkpoints.map { checkpoint in
          DeviceBundle.Checkpoint(
            name: checkpoint.name,
            device: checkpoint.device.bundle(fingerprints: fingerprints, rules: rules, log: checkpoint.log))
        }
      }
      data = try bundle.encoded()
    } catch {
      throw .file(path: path, reason: "the device could not be encoded")
    }
    try writeFile(data, to: path)
  }

  /// Why `path` cannot name a file to write: it ends in `/`, so it names a folder (a file would be
  /// written in its place, under the folder's name); `nil` otherwise.
  static func folderPathProblem(_ path: String, example: String) -> String? {
    guard path.hasSuffix("/") else { return nil }
    return "names a folder (it ends in /); give a file's path, such as \(path)\(example)"
  }

  /// Writes a file the user named (a bundle, a copy of the save) atomically, or says why not; a file
  /// already there is replaced only when it is a save or a bundle itself (``ReplacedFile``).
  func writeFile(_ data: Data, to path: String) throws(CommandError) {
    if let problem = Self.folderPathProblem(path, example: "copy.json") {
      throw .file(path: path, reason: problem)
    }
    let url = writeURL(path)
    if let problem = ReplacedFile.problem(at: url.path, replacingWith: .saveOrBundle) {
      throw .file(path: path, reason: problem)
    }
    do {
      try AtomicFile.write(data, to: url)
    } catch {
      throw .file(path: path, reason: "cannot be written (\(error.reason)); \(error.advice)")
    }
    writtenFiles[path] = url
  }

  /// What loading a bare save would do to its purchases with this App Store account, said before
  /// anything changes: owned purchases the account does not hold (the next launch or restore removes
  /// them), ledger IDs the account uses for another product, and ledger IDs the account would give
  /// to its next purchases.
  func bareSaveWarnings(_ save: AppSave, path: String) async -> [String] {
    let account = await device.account()
    let bundleID = device.catalogue.bundleID
    let held = Set(
      account.transactions.filter { $0.bundleID == bundleID && !$0.isRevoked }.compactMap {
        ProductID(fullID: $0.productID)?.permanent
      })
    var lines: [String] = []
    let missing = save.game.owned.filter { !held.contains($0) }
    if !missing.isEmpty {
      let names = Text.list(missing.map(Text.permanentName))
      lines.append(
        "warning: \(path) is a bare save: it owns \(names), which this App Store account does not hold; "
          + "the next launch or restore will remove \(missing.count == 1 ? "it" : "them").")
      lines.append(
        "  To reproduce the player's device with its purchases, load a device bundle (bundle FILE on "
          + "that device, or quietplaces --bundle FILE) instead of a bare save.")
    }
    // A finished pack the save never delivered: StoreKit does not deliver a finished transaction
    // again, so loading this save loses its Postmarks for good.
    for transaction in account.transactions
    where transaction.bundleID == bundleID && transaction.finished && !transaction.isRevoked
      && !save.ledger.contains(transaction.id)
    {
      guard let product = ProductID(fullID: transaction.productID), let pack = product.pack else { continue }
      lines.append(
        "warning: this App Store account finished transaction \(transaction.id) (\(Text.productName(product))), "
          + "which \(path) never delivered (it is not in the save's ledger); StoreKit does not deliver a finished "
          + "transaction again, so its \(Text.count(rules.postmarks(in: pack))) Postmarks are not in this game."
      )
    }
    lines += Self.ledgerConflicts(save, account: account, save: "the save", account: "this App Store account")
    return lines
  }

  /// One warning per ledger entry of `save` whose ID the account gives to another product.
  static func ledgerConflicts(
    _ save: AppSave, account: StoreAccount, save saveName: String, account accountName: String
  ) -> [String] {
    save.ledger.entries.compactMap { entry in
      guard let other = account.transactions.first(where: { $0.id == entry.id }),
        other.productID != entry.product.fullID
      else { return nil }
      return
        "warning: \(saveName)'s ledger holds transaction \(entry.id) (\(Text.productName(entry.product))), "
        + "but \(accountName)'s transaction \(entry.id) is \(DeviceSnapshot.productName(other.productID)): two "
        + "different purchases under one ID; the app takes the account's for one already delivered and "
        + "never delivers it."
    }
  }

  /// What a bundle holds that its reading settles without a word otherwise: a `clockUTC` that is not
  /// its `clock` (the clock is read from `clock`), and ledger entries whose IDs its own account gives
  /// to other products.
  static func bundleWarnings(_ bundle: DeviceBundle, path: String) -> [String] {
    var lines: [String] = []
    let clock = Rules.formatInstant(bundle.clock)
    if bundle.clockUTC != clock {
      lines.append(
        "warning: \(path.fromOutside): 'clockUTC' reads \(bundle.clockUTC.fromOutside), but 'clock' "
          + "\(bundle.clock) is \(clock); the device's clock is read from 'clock' (clockUTC is only for "
          + "people): change 'clock' to move it")
    }
    for (name, save) in [
      ("the bundle's save", bundle.save), ("the bundle's running app", bundle.running?.save),
    ] {
      guard let save else { continue }
      lines += ledgerConflicts(save, account: bundle.account, save: name, account: "the bundle's account")
    }
    return lines
  }
}

extension Session {
  /// A note for each part of the configuration that differs from the one the bundle was made with.
  func fingerprintNotes(_ bundle: DeviceBundle) -> [String] {
    let mine = device.configuration.fingerprints
    var notes: [String] = []
    func short(_ print: String) -> String { "\(String(print.prefix(19)).fromOutside)…" }
    if bundle.fingerprints.storeKit != mine.storeKit {
      notes.append(
        "note: the bundle was made with another StoreKit configuration (\(short(bundle.fingerprints.storeKit)), "
          + "this one is \(short(mine.storeKit)), of the products and settings as read, not the file's bytes "
          + "that status shows); products and prices may differ from the player's.")
    }
    if bundle.fingerprints.balance != mine.balance {
      notes.append(
        "note: the bundle was made with another balance (\(short(bundle.fingerprints.balance)), this one is "
          + "\(short(mine.balance)), of the numbers as read, not the file's bytes that status shows); the game's "
          + "numbers may differ from the player's.")
    }
    if bundle.writtenBy != AppSave.writer {
      notes.append(
        "note: the bundle was written by \(bundle.writtenBy.fromOutside); this is \(AppSave.writer).")
    }
    return notes
  }
}

extension Session {
  /// `quietplaces --bundle FILE`: the device the bundle holds, in this session's (fresh) save
  /// folder, with the app closed whatever the bundle says, so the next `launch` runs as the
  /// player's device would.
  public func startFromBundle(_ path: String) async throws(CommandError) -> [OutputLine] {
    try await start(from: try readStartBundle(path))
  }

  /// A device bundle as `--bundle` reads it, checked against this session's configuration and not
  /// yet put on the device.
  public struct StartBundle: Sendable {
    let path: String
    let data: Data
    let bundle: DeviceBundle
    let device: DeviceSnapshot
  }

  /// Reads and checks the bundle `--bundle FILE` names; nothing on the device changes. Every error
  /// is about the file: it cannot be read, or is not a bundle this configuration takes.
  public func readStartBundle(_ path: String) throws(CommandError) -> StartBundle {
    let data: Data
    do {
      data = try FileBytes.read(URL(fileURLWithPath: path), atMost: DeviceBundle.maximumFileSize)
    } catch {
      throw .file(
        path: path,
        reason: "cannot be read: \(error.reason(for: "a device bundle")); give the path of a device bundle "
          + "written by bundle FILE")
    }
    let (bundle, device, _) = try readBundle(data, path: path, closed: true)
    return StartBundle(path: path, data: data, bundle: bundle, device: device)
  }

  /// Puts the bundle `readStartBundle` read on the device, closed; what the session says of it.
  public func start(from start: StartBundle) async throws(CommandError) -> [OutputLine] {
    let (path, data, bundle, device) = (start.path, start.data, start.bundle, start.device)
    try await restore(device, log: bundle.log ?? [], for: "--bundle")
    // The player's device is where this session starts: checking (and a replay) begin from it.
    await beginChecking()
    var lines =
      Self.passedOverWarnings(data, written: try? bundle.encoded(), path: path, kind: "a device bundle")
      + Self.bundleWarnings(bundle, path: path) + fingerprintNotes(bundle) + [
        "Started from the device bundle \(path.fromOutside) (\(bundle.writtenBy.fromOutside)):"
      ]
    lines += device.summary(rules: rules)
    if bundle.open {
      lines.append(
        "The bundle was made with the app open; it starts closed, as a crash would leave it: launch reads the "
          + "save as last written (load \(path) opens it as it was).")
    } else {
      lines.append(
        "The app is closed: status and state --json show the device before any recovery; launch opens it.")
    }
    lines += await loadedSaveWarnings(path)
    return .info(lines)
  }
}
