/// How many times a part of a device's history was replaced from outside the app's own flow.
///
/// Within one epoch the clock only moves forward, the save changes only by the app's own writes,
/// and the App Store account only by the store's own answers and controls; a checker that keeps
/// history (the clock it last saw, the transactions the account issued, what was finished) starts
/// that history afresh when the matching count moves.
public struct DeviceEpochs: Sendable, Equatable {
  /// The clock was put back: a new game, or a snapshot (a checkpoint, a bundle) put back.
  public var clock = 0
  /// The save was replaced: the app deleted, a new game, a save loaded from a file, a snapshot put
  /// back.
  public var save = 0
  /// The App Store account was replaced: a new game's fresh account, or a snapshot put back.
  public var account = 0

  public init() {}
}
