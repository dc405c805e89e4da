import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesInvariants
import QuietPlacesREPL

/// Plays one run of an exploration: a fresh device, up to the context's number of steps drawn from
/// the run's seed, the cheap invariants (and the studio's) after every step, the costly ones when
/// due; the run stops at the first one broken.
struct RunPlayer: Sendable {
  let context: ExploreContext

  /// Plays run `run` (from 1).
  func play(run: Int) async -> RunResult {
    let seed = ExploreContext.runSeed(context.seed, run: run)
    var random = SplitMix64(seed: seed)
    let game = 1 + random.next() % 10_000
    var record = RunRecord(
      run: run, seed: seed, game: game, steps: 0, checks: [:], coverage: [:], broken: nil)
    var steps: [ExploreStep] = []
    guard let session = await context.session(game: game) else { return RunResult(record: record, steps: []) }
    var coverage = Coverage()
    var states: Set<Coverage.TransactionState> = []
    var checkpoints: [String] = []
    var checked: [Invariant: Int] = [:]
    var checks: [String: Int] = [:]
    var previous: ExploreStep?
    // A studio's property the fresh device already breaks is found before any step, with no step
    // to blame (the built-in invariants hold on a new game by construction).
    if !context.expressions.isEmpty {
      let state = await session.stateJSON()
      for expression in context.expressions {
        checks["'\(expression.text)'", default: 0] += 1
        if let found = expression.check(on: state), record.broken == nil {
          record.broken = RunRecord.Broken(
            invariant: found.name, step: 0, expected: found.expected, found: found.found)
        }
      }
    }
    for number in 1...context.steps {
      if record.broken != nil { break }
      let before = session.inspection
      var account = before?.account
      if account == nil { account = await session.device.account() }
      let view = StepGenerator.View(
        isOpen: session.device.isOpen, asking: session.isAskingQuestion,
        restoring: before?.isRestoring ?? false,
        account: account!, checkpoints: checkpoints)
      let step = context.generator.next(&random, view)
      steps.append(step)
      _ = await session.execute(step.line)
      let done = session.lastStep
      let after = session.inspection
      // Any line but an answer, typed while a question waits, only cancels it.
      let cancelled = view.asking && step.kind != .yes && step.kind != .no
      coverage.step(
        step, among: context.generator.kinds, refused: done.refused, cancelled: cancelled,
        events: done.storeEvents, before: before,
        after: after)
      if !done.refused && !cancelled {
        switch step {
        case .checkpoint(let name) where !checkpoints.contains(name): checkpoints.append(name)
        default: break
        }
        Self.countPrestige(step, after: previous, before: before, after: after, into: &coverage)
      }
      previous = step
      if let after { Coverage.transactionStates(after, into: &states) }
      let invariants =
        ExploreContext.cheap
        + ExploreContext.costlyDue(step: number, of: context.steps, run: run)
      var broken = await session.check(invariants)
      for invariant in invariants { checked[invariant, default: 0] += 1 }
      if !context.expressions.isEmpty {
        let state = await session.stateJSON()
        for expression in context.expressions {
          checks["'\(expression.text)'", default: 0] += 1
          if let found = expression.check(on: state) { broken.append(found) }
        }
      }
      record.steps = number
      if let first = broken.first {
        record.broken = RunRecord.Broken(
          invariant: first.name, step: number, expected: first.expected, found: first.found)
        break
      }
    }
    await session.finish()
    for state in states { coverage.add("transaction states", state.state.rawValue) }
    for (invariant, count) in checked { checks[invariant.name] = count }
    record.checks = checks
    record.coverage = coverage.counts
    return RunResult(record: record, steps: steps)
  }

  /// Counts a prestige the step made: New Bearings, Passing the Atlas, or a fresh voyage (a `y`
  /// after `fresh-voyage` asked).
  private static func countPrestige(
    _ step: ExploreStep, after previous: ExploreStep?, before: DeviceInspection?, after: DeviceInspection?,
    into coverage: inout Coverage
  ) {
    guard before?.running != nil, after?.running != nil else { return }
    switch (step, previous) {
    case (.bearings, _): coverage.prestige("New Bearings")
    case (.atlas, _): coverage.prestige("Passing the Atlas")
    case (.answer(true), .freshVoyage?): coverage.prestige("fresh voyage")
    default: break
    }
  }

  /// Replays `steps` on a fresh device of game `game`, checking `target` after every step (a
  /// replay of the whole run only after the last); the step (from 1) where it broke and how.
  func replay(_ steps: [ExploreStep], game: UInt64, target: Target) async -> (
    step: Int, broken: InvariantBreak
  )? {
    guard let session = await context.session(game: game) else { return nil }
    var result: (Int, InvariantBreak)?
    if case .expression(let expression) = target, let found = expression.check(on: await session.stateJSON())
    {
      await session.finish()
      return (0, found)
    }
    for (index, step) in steps.enumerated() {
      _ = await session.execute(step.line)
      let last = index == steps.count - 1
      switch target {
      case .invariant(.determinism) where !last:
        continue
      case .invariant(let invariant):
        result = await session.check([invariant]).first.map { (index + 1, $0) }
      case .expression(let expression):
        result = expression.check(on: await session.stateJSON()).map { (index + 1, $0) }
      }
      if result != nil { break }
    }
    await session.finish()
    return result
  }

  /// What a finding broke: a named invariant or a studio's expression.
  enum Target: Sendable {
    case invariant(Invariant)
    case expression(InvariantExpression)
  }
}
