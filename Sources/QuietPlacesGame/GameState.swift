/// Everything a player's game is at one instant: the value the engine steps and the save holds.
///
/// Time and randomness come in as values (``clock``, ``random``); nothing here reads the real clock.
public struct GameState: Sendable, Equatable {
  /// Levels of each piece of equipment.
  public struct EquipmentLevels: Sendable, Codable, Equatable {
    public var sails = 0
    public var spyglass = 0
    public var cargo = 0

    /// The level of one piece.
    public subscript(_ item: Equipment) -> Int {
      get {
        switch item {
        case .sails: sails
        case .spyglass: spyglass
        case .cargo: cargo
        }
      }
      set {
        switch item {
        case .sails: sails = newValue
        case .spyglass: spyglass = newValue
        case .cargo: cargo = newValue
        }
      }
    }
  }

  /// Totals that only the fresh voyage clears.
  public struct LifetimeStatistics: Sendable, Codable, Equatable {
    /// Arrivals at any place.
    public var arrivals = 0
    /// Discoveries earned from arrivals, bonuses, surveys, scouts and supplies.
    public var discoveriesEarned = 0.0
    /// Exceptional surveys.
    public var surveys = 0
    /// Currents that started.
    public var currents = 0
    /// New Bearings taken.
    public var bearings = 0
  }

  /// The instant this state describes, in seconds since 1970 (UTC).
  public var clock: Int64
  /// Whether the app is open.
  public var isOpen: Bool
  /// The voyage seed the generator started from.
  public var seed: UInt64
  /// The random generator; never re-seeded by a reset.
  public var random: SplitMix64
  /// Discoveries held.
  public var discoveries: Double
  /// Postmarks held; never expire.
  public var postmarks: Int
  /// Knowledge held.
  public var knowledge: Int
  /// Times the Atlas was passed.
  public var generations: Int
  /// The current route, 1-based: the highest chartered this voyage.
  public var route: Int
  /// Index (0–4) on the route of the place the ship sails to.
  public var legIndex: Int
  /// Nautical miles left on the leg.
  public var legRemaining: Double
  /// Seconds of current left; 0 when none runs.
  public var currentRemaining: Double
  /// Equipment levels.
  public var equipment: EquipmentLevels
  /// Scouts hired this voyage.
  public var hiredScouts: Int
  /// Voyage progress: Discoveries earned this voyage as they would be without purchased bonuses.
  public var progress: Double
  /// Arrivals until the next exceptional survey.
  public var surveyCountdown: Int
  /// Arrivals until the next current.
  public var currentCountdown: Int
  /// Places visited this voyage, one bit per ``PlaceID``.
  public var visited: UInt64
  /// Places with a postmark stamp (visited ever), one bit per ``PlaceID``.
  public var stamped: UInt64
  /// Permanent purchases owned, in catalogue order.
  public private(set) var owned: [PermanentPurchase] {
    get { holdings.owned }
    set { holdings = Holdings(owned: newValue, ownedColours: holdings.ownedColours, audit: holdings.audit) }
  }
  /// The sail colour shown.
  public var sailColour: SailColour
  /// Sail colours owned, in catalogue order.
  public var ownedColours: [SailColour] {
    get { holdings.ownedColours }
    set { holdings = Holdings(owned: holdings.owned, ownedColours: newValue, audit: holdings.audit) }
  }
  /// Lifetime totals.
  public var lifetime: LifetimeStatistics
  /// Where the Postmarks came from and went since the audit began; `nil` for a save written before
  /// audits, until its first counted change (``currentPostmarkAudit`` reads it either way).
  public var postmarkAudit: PostmarkAudit? {
    get { holdings.audit }
    set { holdings = Holdings(owned: holdings.owned, ownedColours: holdings.ownedColours, audit: newValue) }
  }
  /// The three lists above, behind one reference (set through their properties).
  var holdings: Holdings

  /// A new game at `clock`, drawing the survey countdown and then the current countdown from `seed`.
  public init(seed: UInt64, clock: Int64, rules: Rules) {
    self.clock = clock
    isOpen = true
    self.seed = seed
    random = SplitMix64(seed: seed)
    discoveries = 0
    postmarks = 0
    knowledge = 0
    generations = 0
    route = 1
    legIndex = 0
    legRemaining = rules.legs[0]
    currentRemaining = 0
    equipment = EquipmentLevels()
    hiredScouts = 0
    progress = 0
    surveyCountdown = random.nextCountdown(logOfMiss: rules.surveyLogOfMiss)
    currentCountdown = random.nextCountdown(logOfMiss: rules.currentLogOfMiss)
    visited = 0
    stamped = 0
    sailColour = .ivory
    lifetime = LifetimeStatistics()
    holdings = Holdings(
      owned: [],
      ownedColours: rules.balance.sailColours.enumerated().filter(\.element.free).map {
        SailColour.allCases[$0.offset]
      },
      audit: PostmarkAudit())
  }

  /// Whether a permanent purchase is owned.
  public func owns(_ purchase: PermanentPurchase) -> Bool {
    holdings.ownedBits & purchase.bit != 0
  }

  /// The place the ship is sailing to.
  public var nextPlace: PlaceID { Rules.place(route: route, index: legIndex) }

  /// Whether the place was visited this voyage.
  public func hasVisited(_ place: PlaceID) -> Bool { visited & (1 << UInt64(place)) != 0 }

  /// Whether the place has its postmark stamp.
  public func isStamped(_ place: PlaceID) -> Bool { stamped & (1 << UInt64(place)) != 0 }

  /// Adds a permanent purchase; its benefit starts at once. Returns whether it was new.
  @discardableResult
  public mutating func grant(_ purchase: PermanentPurchase) -> Bool {
    guard !owns(purchase) else { return false }
    owned.append(purchase)
    owned.sort()
    return true
  }

  /// Removes a permanent purchase; its benefit stops at once. Returns whether it was owned.
  @discardableResult
  public mutating func revoke(_ purchase: PermanentPurchase) -> Bool {
    guard let index = owned.firstIndex(of: purchase) else { return false }
    owned.remove(at: index)
    return true
  }

  /// Adds the Postmarks of a pack that `transaction` paid for, and counts them in the audit.
  public mutating func receivePack(_ amount: Int, transaction: UInt64) {
    countPostmarks { $0.packs.append(.init(transaction: transaction, postmarks: amount)) }
    addPostmarks(amount)
  }

  /// The Postmark audit as it stands: the one kept, or for a save from before audits, one that
  /// begins now with the Postmarks held.
  public var currentPostmarkAudit: PostmarkAudit {
    postmarkAudit ?? PostmarkAudit(opening: postmarks)
  }

  /// Counts a change of Postmarks in the audit; called before the balance changes, so that a save
  /// from before audits opens its audit with the balance it held.
  mutating func countPostmarks(_ change: (inout PostmarkAudit) -> Void) {
    var audit = currentPostmarkAudit
    change(&audit)
    postmarkAudit = audit
  }

  /// Adds Postmarks, stopping at `Int.max`.
  mutating func addPostmarks(_ amount: Int) {
    postmarks = postmarks.addingReportingOverflow(amount).overflow ? Int.max : postmarks + amount
  }
}
