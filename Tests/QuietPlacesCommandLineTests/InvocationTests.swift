import Testing

@testable import QuietPlacesCommandLine

/// `simulate` on the command line: its own options, the shared `--storekit` before or after the mode,
/// and one clear error for misuse.
@Suite struct SimulateInvocationTests {
  @Test func sharedOptionsGoBeforeOrAfterTheMode() throws {
    let before = try Invocation.parse(
      ["--storekit", "x.storekit", "simulate", "--seeds", "1-3"], environment: [:])
    let after = try Invocation.parse(
      ["simulate", "--seeds", "1-3", "--storekit", "x.storekit"], environment: [:])
    #expect(before == after)
    guard case .simulate(let mode) = before else {
      Issue.record("not simulate: \(before)")
      return
    }
    #expect(mode.request.seeds == [1, 2, 3] && mode.storeKit.file == "x.storekit")
  }

  @Test func misuseIsOneUsageError() {
    #expect(
      throws: Invocation.UsageError(
        message:
          "--shard '3/2': there is no shard 3 of 2; K runs from 1 to N, so write --shard 1/2 to --shard 2/2")
    ) {
      try Invocation.parse(["simulate", "--shard", "3/2"], environment: [:])
    }
  }
}

/// `storekit check` on the command line.
@Suite struct StoreKitCheckInvocationTests {
  @Test func storeKitCheckUsageErrors() {
    for arguments in [
      ["storekit"], ["storekit", "check"], ["storekit", "verify", "x"], ["storekit", "check", "--x"],
    ] {
      #expect(throws: Invocation.UsageError.self) { try Invocation.parse(arguments, environment: [:]) }
    }
    #expect(
      (try? Invocation.parse(["storekit", "check", "a.storekit", "b.storekit"], environment: [:]))
        == .storeKitCheck(StoreKitCheckMode(files: ["a.storekit", "b.storekit"])))
  }
}
