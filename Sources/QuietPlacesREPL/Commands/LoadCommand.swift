import FoundationEssentials
import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesUtilities

/// `load FILE`: a device bundle puts the whole device back as it was; a bare save replaces only the
/// game, after saying what the current App Store account will do to its purchases.
struct LoadCommand: FileArgumentCommand {
  static let name = "load"
  static let usage = ["load FILE"]
  static let summary =
    "load a device bundle (the whole device) or a bare save (the game only) from a bug report"
  static let topic = HelpTopic.files

  /// The file as the user gave it.
  let path: String

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let data: Data
    if !session.filesToReplay.isEmpty {
      // A replay reads the file as the line read it when it was played.
      data = session.filesToReplay.removeFirst()
    } else {
      data = try read(session.fileURL(path))
    }
    session.filesRead.append(data)
    if DeviceBundle.isBundle(data) { return try await loadBundle(data, in: session) }
    return try await loadSave(data, in: session)
  }

  /// The file's bytes, or the error that says why it cannot be read.
  private func read(_ url: URL) throws(CommandError) -> Data {
    do {
      return try FileBytes.read(url, atMost: DeviceBundle.maximumFileSize)
    } catch .missing {
      throw .file(
        path: path,
        reason:
          "no such file; give the path of a device bundle (written by bundle) or a save (written by save)")
    } catch {
      throw .file(
        path: path,
        reason: "cannot be read: \(error.reason(for: "a device bundle or save")); give the path of a bundle "
          + "or save file")
    }
  }

  /// The whole device as the bundle holds it, open or closed.
  private func loadBundle(_ data: Data, in session: Session) async throws(CommandError) -> [OutputLine] {
    let (bundle, device, carried) = try session.readBundle(data, path: path, closed: false)
    try await session.restore(device, log: bundle.log ?? [], for: Self.name)
    let checkpoints = session.adoptCheckpoints(carried)
    return .info(
      Session.passedOverWarnings(data, written: try? bundle.encoded(), path: path, kind: "a device bundle")
        + Session.bundleWarnings(bundle, path: path) + session.fingerprintNotes(bundle) + [
          "Loaded the device bundle \(path.fromOutside) (\(bundle.writtenBy.fromOutside)):"
        ]
        + device.summary(rules: session.device.configuration.rules) + [checkpoints].compactMap { $0 }
        + (await session.loadedSaveWarnings(path)))
  }

  /// A bare save in place of the running app's game.
  private func loadSave(_ data: Data, in session: Session) async throws(CommandError) -> [OutputLine] {
    try session.requireOpen(Self.name)
    let loaded: AppSave
    do {
      loaded = try SaveCodec.decode(data, file: path, rules: session.rules)
    } catch {
      throw .save(error)
    }
    var lines =
      Session.passedOverWarnings(data, written: try? SaveCodec.encode(loaded), path: path, kind: "a save")
      + (await session.bareSaveWarnings(loaded, path: path))
    let replaced: Device.Replaced
    do {
      replaced = try await session.device.replaceGame(with: loaded)
    } catch {
      throw CommandError(error, command: Self.name)
    }
    let game = replaced.game
    lines += [
      "Loaded \(path): seed \(game.seed), route \(game.route) \(session.rules.routeName(game.route)), clock \(Text.instant(session.device.now)).",
      "  " + Text.position(game, rules: session.rules),
    ]
    // The simulated account numbers its transactions from 1: its next purchases must not take an ID
    // the save's ledger already holds, or the app would finish them without delivering.
    if let highest = replaced.reservedThrough {
      lines.append(
        "note: the App Store account's next transaction ID moves past \(highest), the save's highest, "
          + "so no new purchase is taken for one the save already delivered.")
    }
    if session.device.changedRules != nil {
      lines.append(
        "note: \(path) is a bare save, which carries no balance: it plays under this game's changed balance "
          + "(status names the changes).")
    }
    lines += await session.loadedSaveWarnings(path)
    return .info(lines)
  }
}
