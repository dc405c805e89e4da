import FoundationEssentials
import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesStore

/// The costly invariants: each works on copies of the device (a save written and read back, a game
/// sailed two ways, the run replayed), so an exploration checks them at a sample of its steps.
extension InvariantChecker {
  /// Seconds either side of an instant that two ways of sailing may round differently.
  static let sailingSlack = 2e-6

  // MARK: - save.round-trip

  /// The whole device written as a bundle and read back equal to what was written: the running
  /// app's save and the one on disk whole (they are written and read by the same coding a save file
  /// uses, and checked as a save file's reading checks them), then the rest of the device.
  func saveRoundTrip(_ inspection: DeviceInspection) -> InvariantBreak? {
    let expected = "saving then loading to give an equal device"
    let snapshot = inspection.snapshot
    let bundle = snapshot.bundle(fingerprints: fingerprints, rules: rules, log: nil)
    let read: DeviceBundle
    do {
      read = try DeviceBundle.decode(try bundle.encoded(), file: "copy", rules: rules)
    } catch {
      return InvariantBreak(
        .saveRoundTrip, expected: expected, found: "the device bundle does not read back: \(error)")
    }
    let saves = [
      ("the running app's save", bundle.running?.save, read.running?.save),
      ("the save on disk", bundle.save, read.save),
    ]
    for case (let name, var written?, let back) in saves {
      guard let back else {
        return InvariantBreak(.saveRoundTrip, expected: expected, found: "\(name) does not read back")
      }
      written.writtenBy = back.writtenBy
      if let difference = GameComparison(written.game, back.game, rules: rules).difference {
        return InvariantBreak(
          .saveRoundTrip, expected: expected, found: "\(name) reads back with \(difference)")
      }
      if back != written {
        return InvariantBreak(
          .saveRoundTrip, expected: expected, found: "\(name) reads back with another ledger")
      }
    }
    let changed = snapshot.changedRules
    let back = DeviceSnapshot(
      read, closed: false, changedRules: read.balanceChanges == changed?.changes ? changed : nil)
    if let difference = Self.difference(snapshot, back, rules: rules, sameKey: true) {
      return InvariantBreak(
        .saveRoundTrip, expected: expected, found: "the device bundle reads back with \(difference)")
    }
    return nil
  }

  // MARK: - time.additive

  /// On a copy of the open game: sailing to the next arrival and then an hour gives what sailing
  /// both at once gives.
  func timeAdditive(_ inspection: DeviceInspection) -> InvariantBreak? {
    guard let game = inspection.running?.game else { return nil }
    let first = Self.secondsToNextArrival(game, rules: rules)
    let second: Int64 = 3_600
    var split = game
    var whole = game
    do {
      // The whole stretch first: one the engine refuses (past the last instant it keeps, or too
      // much sailing) is refused at once, before the split sails any of it.
      _ = try whole.apply(.advance(seconds: first + second), rules: rules)
      _ = try split.apply(.advance(seconds: first), rules: rules)
      _ = try split.apply(.advance(seconds: second), rules: rules)
    } catch {
      // Both refuse alike.
      return nil
    }
    guard let difference = GameComparison(split, whole, rules: rules, slack: Self.sailingSlack).difference
    else {
      return nil
    }
    let a = Self.duration(first)
    let b = Self.duration(second)
    return InvariantBreak(
      .timeAdditive, expected: "advance \(a) then advance \(b) ≡ advance \(Self.duration(first + second))",
      found: "they differ in \(difference)")
  }

  // MARK: - time.stepper

  /// On copies: the closed form against the per-arrival stepper, to the next arrival and over a
  /// stretch of up to 2,000 arrivals while the app is open; over the absence the next launch
  /// would credit while it is closed. A stretch that may hold more than ``stepperArrivals`` is not
  /// compared (only a ship far past any level a player reaches, as a hand-edited save may hold,
  /// sails that many in the shortest stretch), as a stretch the engine refuses to sail is not.
  func timeStepper(_ inspection: DeviceInspection) -> InvariantBreak? {
    if let game = inspection.running?.game {
      let perSecond =
        game.speed(rules) / 3600 / (rules.route(game.route).loopLength / Double(Rules.placesPerRoute))
      let stretch = Int64(min(21_600, max(60, (2_000 / max(perSecond, 1e-9)).rounded(.down))))
      for seconds in [Self.secondsToNextArrival(game, rules: rules), stretch]
      where game.arrivalsAtMost(seconds: Double(seconds), online: true, rules: rules) <= Self.stepperArrivals
      {
        var fast = game
        var stepped = game
        guard (try? fast.apply(.advance(seconds: seconds), rules: rules, method: .closedForm)) != nil,
          (try? stepped.apply(.advance(seconds: seconds), rules: rules, method: .perArrival)) != nil
        else { continue }
        if let difference = GameComparison(fast, stepped, rules: rules, slack: Self.sailingSlack).difference {
          return InvariantBreak(
            .timeStepper,
            expected: "the closed form equal to the per-arrival stepper over \(Self.duration(seconds))",
            found: "they differ in \(difference)")
        }
      }
      return nil
    }
    guard var closed = inspection.diskSave(rules: rules)?.game, inspection.clock > closed.clock else {
      return nil
    }
    if closed.isOpen { _ = try? closed.apply(.close, rules: rules) }
    let credited = Double(min(inspection.clock - closed.clock, Int64(closed.holdHours(rules)) * 3_600))
    guard closed.arrivalsAtMost(seconds: credited, online: false, rules: rules) <= Self.stepperArrivals
    else { return nil }
    var fast = closed
    var stepped = closed
    guard (try? fast.launch(at: inspection.clock, rules: rules, method: .closedForm)) != nil,
      (try? stepped.launch(at: inspection.clock, rules: rules, method: .perArrival)) != nil
    else { return nil }
    guard let difference = GameComparison(fast, stepped, rules: rules, slack: Self.sailingSlack).difference
    else {
      return nil
    }
    return InvariantBreak(
      .timeStepper,
      expected:
        "the closed form equal to the per-arrival stepper over the \(Self.duration(inspection.clock - closed.clock)) "
        + "the next launch credits",
      found: "they differ in \(difference)")
  }

  // MARK: - determinism

  /// Everything played so far, replayed on a fresh device, ends as this device.
  func determinism(_ inspection: DeviceInspection, replay: Replay?) async -> InvariantBreak? {
    guard let replay, let replayed = await replay() else { return nil }
    guard let difference = Self.difference(inspection.snapshot, replayed, rules: rules, sameKey: false) else {
      return nil
    }
    return InvariantBreak(
      .determinism, expected: "replaying the run from its start to give the same device",
      found: "the replay ends with \(difference) (the device's value first, then the replay's)")
  }

  // MARK: - Helpers

  /// What differs between two devices, in words; `nil` when they are the same. Without `sameKey`,
  /// accounts may be signed by different keys (a new game makes a new one).
  static func difference(_ a: DeviceSnapshot, _ b: DeviceSnapshot, rules: Rules, sameKey: Bool) -> String? {
    if a.clock != b.clock { return "another clock: \(Rules.formatInstant(b.clock))" }
    if a.isOpen != b.isOpen { return b.isOpen ? "the app open" : "the app closed" }
    if let x = a.running, let y = b.running {
      if let difference = GameComparison(x.save.game, y.save.game, rules: rules).difference {
        return "another running game: \(difference)"
      }
      if x.save.ledger != y.save.ledger { return "another ledger in the running app" }
      if x.held != y.held { return "other transactions held for the next launch" }
    }
    let disk = (a.diskSave(rules: rules), b.diskSave(rules: rules))
    if (disk.0 == nil) != (disk.1 == nil) { return disk.1 == nil ? "no save on disk" : "a save on disk" }
    if let x = disk.0, let y = disk.1 {
      if let difference = GameComparison(x.game, y.game, rules: rules).difference {
        return "another save on disk: \(difference)"
      }
      if x.ledger != y.ledger { return "another ledger on disk" }
    }
    let sameAccount = sameKey ? a.account == b.account : a.account.holdsSameHistory(as: b.account)
    if !sameAccount { return "another App Store account" }
    if a.faults != b.faults { return "other faults armed" }
    if a.seed != b.seed { return "another seed" }
    if a.changedRules != b.changedRules {
      return "other balance changes: \(b.changedRules?.changes.joined(separator: " ") ?? "none")"
    }
    return nil
  }

  /// The most arrivals the per-arrival stepper sails in one comparison of `time.stepper`: at some
  /// 50–100 ns an arrival (random events included), 0.1 s at most. An hour at the top speed of
  /// 10^12 knots would otherwise be billions of arrivals stepped one by one, minutes of `check`.
  static let stepperArrivals: Double = 1_000_000

  /// Whole seconds until the ship next arrives (at least 1).
  static func secondsToNextArrival(_ game: GameState, rules: Rules) -> Int64 {
    let seconds = game.legRemaining / max(game.speed(rules), 1e-300) * 3600
    guard seconds.isFinite, seconds < 1e12 else { return 1 }
    return max(1, Int64(seconds.rounded(.up)))
  }

  /// `1h 2m 3s`.
  static func duration(_ seconds: Int64) -> String {
    var parts: [String] = []
    var rest = seconds
    for (unit, size) in [("d", Int64(86_400)), ("h", 3_600), ("m", 60)] where rest >= size {
      parts.append("\(rest / size)\(unit)")
      rest %= size
    }
    if rest > 0 || parts.isEmpty { parts.append("\(rest)s") }
    return parts.joined(separator: " ")
  }
}
