import QuietPlacesGame

/// One stretch of sailing through the engine's public entry point, `GameState.apply`.
struct EngineRun {
  /// The state after the stretch.
  var state: GameState
  /// What the stretch produced.
  var report: SailingReport

  /// Random events (surveys and currents) in the stretch.
  var events: Int { report.surveys + report.currents }

  /// `advance` with the app open.
  static func advance(
    _ start: GameState, seconds: Int64, method: SailingMethod, rules: Rules
  ) -> EngineRun {
    var state = start
    do {
      let events = try state.apply(.advance(seconds: seconds), rules: rules, method: method)
      guard case .sailed(let report) = events.first else { fatalError("advance reported \(events)") }
      return EngineRun(state: state, report: report)
    } catch {
      fatalError("advance failed: \(error)")
    }
  }

  /// A launch after `seconds` closed, and nothing else: what the timed loops repeat. Returns the
  /// voyage progress afterwards.
  static func launchOnly(
    _ closed: GameState, after seconds: Int64, method: SailingMethod, rules: Rules
  ) -> Double {
    var state = closed
    _ = try? state.launch(at: closed.clock + seconds, rules: rules, method: method)
    return state.progress
  }

  /// `advance` and nothing else: what the timed loops repeat. Returns the voyage progress afterwards.
  static func advanceOnly(
    _ start: GameState, seconds: Int64, method: SailingMethod, rules: Rules
  ) -> Double {
    var state = start
    _ = try? state.apply(.advance(seconds: seconds), rules: rules, method: method)
    return state.progress
  }

  /// A launch after `seconds` closed: the offline credit.
  static func launch(
    _ closed: GameState, after seconds: Int64, method: SailingMethod, rules: Rules
  ) -> EngineRun {
    var state = closed
    do {
      let events = try state.apply(.launch(clock: closed.clock + seconds), rules: rules, method: method)
      guard case .launched(let absence) = events.first else { fatalError("launch reported \(events)") }
      return EngineRun(state: state, report: absence.sailing)
    } catch {
      fatalError("launch failed: \(error)")
    }
  }
}
