/// Where the Postmarks held came from and where they went, since the audit began: the counters
/// the game keeps beside the balance so that `Postmarks = grants − spends` can be checked.
///
/// A new game starts its audit at 0. A save written before audits existed has none; its audit
/// begins, with the Postmarks it held as the opening balance, at the first change it counts.
public struct PostmarkAudit: Sendable, Codable, Equatable {
  /// Postmarks a delivered pack granted, with the transaction that paid for them.
  public struct PackGrant: Sendable, Codable, Equatable {
    /// The App Store transaction delivered.
    public var transaction: UInt64
    /// The Postmarks it granted.
    public var postmarks: Int

    public init(transaction: UInt64, postmarks: Int) {
      self.transaction = transaction
      self.postmarks = postmarks
    }
  }

  /// Postmarks held when the audit began.
  public var opening: Int
  /// Granted by first-ever visits (postmark stamps).
  public var stamps: Int
  /// Granted by New Bearings.
  public var bearings: Int
  /// Granted by Passing the Atlas.
  public var atlas: Int
  /// Granted by delivered packs, one entry per delivery, in order.
  public var packs: [PackGrant]
  /// Spent on supplies.
  public var supplies: Int
  /// Spent on sail colours.
  public var colours: Int

  /// An audit that begins with `opening` Postmarks and nothing counted.
  public init(opening: Int = 0) {
    self.opening = opening
    stamps = 0
    bearings = 0
    atlas = 0
    packs = []
    supplies = 0
    colours = 0
  }

  /// Everything granted since the audit began (stopping at `Int.max`).
  public var granted: Int {
    packs.reduce(stamps.saturatingAdd(bearings).saturatingAdd(atlas)) { $0.saturatingAdd($1.postmarks) }
  }

  /// Everything spent since the audit began.
  public var spent: Int { supplies.saturatingAdd(colours) }

  /// The balance the counters account for: opening + granted − spent.
  public var balance: Int { opening.saturatingAdd(granted).saturatingAdd(-spent) }
}
