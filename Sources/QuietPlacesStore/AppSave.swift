import QuietPlacesGame
import QuietPlacesUtilities

/// Everything the app keeps on the device: the game, its balances and entitlements, and the ledger.
///
/// Balances and the ledger live in one file so a delivery and its record are saved together.
///
/// ## Formats
///
/// - **1**: `format`, `game`, `ledger`.
/// - **2** (now): adds `kind` (always ``kind``), so a file that merely looks like JSON with a
///   `format` key (the store's account file, a `.storekit` file) is not taken for a save, and
///   `writtenBy` (the program that wrote it, such as `quietplaces 1.0.0`), so a save too new for
///   this version can say what reads it.
///
/// Reading migrates every older format to the current one in memory; the next write stores the
/// current format. A save of a newer format is refused, never rewritten.
public struct AppSave: Sendable, Codable, Equatable {
  /// The format written now.
  public static let currentFormat = 2
  /// What `kind` holds in every save of format 2 or later.
  public static let kind = "com.gallaxgames.quietplaces.save"
  /// The program that writes saves of ``currentFormat``; `quietplaces --version` prints it.
  public static let writer = "quietplaces 1.0.0"

  /// The format of this save: always ``currentFormat`` once read (older formats are migrated).
  public var format: Int
  /// The program that wrote the save that was read (``writer`` for a new one; `nil` for format 1).
  public var writtenBy: String?
  /// The game, with Postmarks and the permanent purchases owned.
  public var game: GameState
  /// Delivered transactions.
  public var ledger: TransactionLedger

  public init(game: GameState, ledger: TransactionLedger = TransactionLedger()) {
    format = Self.currentFormat
    writtenBy = Self.writer
    self.game = game
    self.ledger = ledger
  }

  private enum CodingKeys: String, CodingKey {
    case format, kind, writtenBy, game, ledger
  }

  /// Reads any readable format, migrating it to the current one.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let stored = try container.decode(Int.self, forKey: .format)
    if stored >= 2 {
      // Format 2 names itself; format 1 had no `kind` and no `writtenBy` (migration: none needed).
      let kind = try container.decode(String.self, forKey: .kind)
      guard kind == Self.kind else {
        throw DecodingError.dataCorruptedError(
          forKey: .kind, in: container, debugDescription: "not a Quiet Places save: \(kind)")
      }
    }
    writtenBy = try container.decodeIfPresent(String.self, forKey: .writtenBy)
    game = try container.decode(GameState.self, forKey: .game)
    ledger = try container.decode(TransactionLedger.self, forKey: .ledger)
    format = Self.currentFormat
  }

  /// Writes the current format, whatever format was read.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.currentFormat, forKey: .format)
    try container.encode(Self.kind, forKey: .kind)
    try container.encode(Self.writer, forKey: .writtenBy)
    try container.encode(game, forKey: .game)
    try container.encode(ledger, forKey: .ledger)
  }
}

extension AppSave {
  /// The save as the next launch reads it: one written while the app was open (the app died
  /// without closing) is closed first, so a current that was running has ended (game.md: closing
  /// ends any active current). What the device shows of a closed app is this.
  public func asTheNextLaunchReadsIt(rules: Rules) -> AppSave {
    guard game.isOpen else { return self }
    var closed = self
    _ = try? closed.game.apply(.close, rules: rules)
    return closed
  }
}

extension AppSave {
  /// What to do with a save of a format newer than this version reads, written by `writer` (as
  /// the save names it): open it with that version or later; but when that version is this one or
  /// an older one, which never wrote such a format, the number was changed after it was written.
  public static func newerFormatAdvice(writtenBy writer: String?) -> String {
    guard let writer else { return "open it with a newer quietplaces" }
    // Names such as `quietplaces 1.0.0`: the version is the last word.
    let ours = VersionNumber.parts(String(Self.writer.split(separator: " ").last ?? ""))
    if let theirs = VersionNumber.parts(String(writer.split(separator: " ").last ?? "")), let ours,
      theirs.lexicographicallyPrecedes(ours) || theirs == ours
    {
      return "\(writer) writes no such format, so the number was changed after it was written; set it back, "
        + "or give a save quietplaces wrote"
    }
    return "open it with \(writer) or later"
  }
}
