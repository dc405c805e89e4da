import QuietPlacesGame

extension Benchmark {
  /// `quietplaces-benchmark launch-runs FAST STEPPER`: figure (b)'s launch, FAST times by the fast
  /// path and STEPPER times by the per-arrival stepper, untimed — for `valgrind --tool=callgrind`,
  /// whose instruction counts do not move with the machine's load. Instructions a launch are the
  /// difference between two counts of one method, over the difference of the counts.
  mutating func launchRuns(_ arguments: [String]) -> Bool {
    guard arguments.count == 2, let fast = Int(arguments[0]), let slow = Int(arguments[1]), fast >= 0,
      slow >= 0
    else {
      print("launch-runs: give two whole numbers of launches, 0 or more: FAST STEPPER")
      return false
    }
    let closed = LateGame.closed(LateGame.ship(rules))
    let seconds = 32 * Self.hour
    var sum = 0.0
    for _ in 0..<fast {
      sum += EngineRun.launchOnly(closed, after: seconds, method: .closedForm, rules: rules)
    }
    for _ in 0..<slow {
      sum += EngineRun.launchOnly(closed, after: seconds, method: .perArrival, rules: rules)
    }
    checksum += sum
    print("\(fast) fast launches, \(slow) stepper launches of 32h (checksum \(sum))")
    return true
  }
}
