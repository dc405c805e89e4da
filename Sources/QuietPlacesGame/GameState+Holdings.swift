extension GameState {
  /// The state's three lists — permanent purchases, sail colours, the Postmark audit — behind one
  /// reference.
  ///
  /// A game state is copied at every step the engine takes (a command is applied to a copy, a
  /// launch credits a copy, a strategy tries copies); each list on its own would be a reference
  /// counted at every copy and every release. The lists change seldom (a purchase, a colour, a
  /// Postmark counted), so a change makes a new box and the lists inside are never written in place.
  final class Holdings: Sendable, Equatable {
    let owned: [PermanentPurchase]
    let ownedColours: [SailColour]
    let audit: PostmarkAudit?
    /// ``owned`` as one bit each (``PermanentPurchase/bit``): what ``GameState/owns(_:)`` reads on
    /// the sailing path, with no list to walk.
    let ownedBits: UInt8

    init(owned: [PermanentPurchase], ownedColours: [SailColour], audit: PostmarkAudit?) {
      self.owned = owned
      ownedBits = PermanentPurchase.bits(of: owned)
      self.ownedColours = ownedColours
      self.audit = audit
    }

    static func == (lhs: Holdings, rhs: Holdings) -> Bool {
      lhs === rhs
        || (lhs.owned == rhs.owned && lhs.ownedColours == rhs.ownedColours && lhs.audit == rhs.audit)
    }
  }
}
