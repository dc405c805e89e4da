import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesStore

/// The invariants of the game's own numbers, of the clock and of refused commands.
extension InvariantChecker {
  // MARK: - postmarks.ledger

  /// Postmarks that the audit's grants and spends do not account for, or below zero.
  func postmarksUnaccounted(_ saves: Saves) -> InvariantBreak? {
    for (name, save) in saves.each {
      let game = save.game
      let audit = game.currentPostmarkAudit
      if game.postmarks < 0 {
        return InvariantBreak(
          .postmarksLedger, expected: "Postmarks never negative", found: "\(game.postmarks) in \(name)")
      }
      // Postmarks stop at the largest count a save may hold; the audit counts on past it.
      let saturated = game.postmarks == GameState.maximumCount && audit.balance >= game.postmarks
      if audit.balance != game.postmarks && !saturated {
        let parts = [
          "\(audit.opening) opening", "\(audit.stamps) stamps", "\(audit.bearings) New Bearings",
          "\(audit.atlas) Atlas", "\(audit.packs.reduce(0) { $0 + $1.postmarks }) packs",
        ].joined(separator: " + ")
        return InvariantBreak(
          .postmarksLedger,
          expected:
            "Postmarks = \(parts) − \(audit.supplies) supplies − \(audit.colours) colours = \(audit.balance)",
          found: "\(game.postmarks) in \(name)")
      }
    }
    return nil
  }

  // MARK: - game.values

  /// An amount that is not finite or below zero, a level past its cap, a route off the chart.
  func valuesOutOfRange(_ saves: Saves) -> InvariantBreak? {
    for (name, save) in saves.each {
      if let problem = save.game.consistencyProblem(rules) {
        return InvariantBreak(
          .gameValues,
          expected: "every amount finite and ≥ 0, levels within their caps, the route on the chart",
          found: "\(problem) in \(name)")
      }
    }
    return nil
  }

  // MARK: - clock.monotonic

  /// The device clock earlier after a step than before it, with no new game or snapshot between.
  func clockWentBack(_ step: StepRecord, before: DeviceInspection, after: DeviceInspection) -> InvariantBreak?
  {
    guard after.epochs.clock == before.epochs.clock, after.clock < before.clock else { return nil }
    return InvariantBreak(
      .clockMonotonic,
      expected: "the clock never to go back (\(Rules.formatInstant(before.clock)) before `\(step.line)`)",
      found: "\(Rules.formatInstant(after.clock)) after it")
  }

  /// The running game's clock apart from the device's, or a save on disk from the device's future.
  func clocksApart(_ inspection: DeviceInspection, _ saves: Saves) -> InvariantBreak? {
    if let running = saves.running, running.game.clock != inspection.clock {
      return InvariantBreak(
        .clockMonotonic,
        expected: "the running game at the device's clock, \(Rules.formatInstant(inspection.clock))",
        found: "the game at \(Rules.formatInstant(running.game.clock))")
    }
    if let disk = saves.disk, disk.game.clock > inspection.clock {
      return InvariantBreak(
        .clockMonotonic,
        expected:
          "the save on disk written at or before the device's clock, \(Rules.formatInstant(inspection.clock))",
        found: "it written at \(Rules.formatInstant(disk.game.clock))")
    }
    return nil
  }

  // MARK: - refused.changes-nothing

  /// What a refused command changed on the device (the faults aside: a one-shot fault is used up
  /// by the failure it causes).
  func refusalChanged(_ step: StepRecord, before: DeviceInspection, after: DeviceInspection)
    -> InvariantBreak?
  {
    let was = before.snapshot
    let now = after.snapshot
    var changed: [String] = []
    if was.clock != now.clock { changed.append("the clock") }
    if was.isOpen != now.isOpen { changed.append(now.isOpen ? "the app (it opened)" : "the app (it closed)") }
    if was.running != now.running, was.isOpen == now.isOpen { changed.append("the running app's save") }
    if was.disk != now.disk { changed.append("the save on disk") }
    if was.account != now.account { changed.append("the App Store account") }
    if was.seed != now.seed || before.epochs != after.epochs { changed.append("the device's history") }
    guard !changed.isEmpty else { return nil }
    return InvariantBreak(
      .refusedChangesNothing, expected: "`\(step.line)`, refused, to leave the device unchanged",
      found: "it changed \(Self.list(changed))")
  }
}
