import QuietPlacesStore

/// What a driver (the REPL, the explorer) saw one step do, beside the device before and after it:
/// the facts the checker cannot read from the device itself.
public struct StepRecord: Sendable {
  /// The line as typed.
  public var line: String
  /// Whether the command was refused: its whole answer one `error:` line.
  public var refused = false
  /// What the app's delivery pipeline and reconciliation reported, in order.
  public var storeEvents: [StoreEvent] = []
  /// Whether a launch completed: the app opened and reconciled with current entitlements.
  public var launched = false
  /// How a restore that finished in the step ended.
  public var restored: RestoreOutcome?
  /// The product a purchase in the app was attempted for.
  public var purchase: ProductID?

  public init(line: String) {
    self.line = line
  }
}
