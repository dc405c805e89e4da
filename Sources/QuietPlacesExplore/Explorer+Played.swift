import QuietPlacesInvariants
import QuietPlacesUtilities

extension Explorer {
  /// Plays runs 1 to `runs`, `jobs` at once (one after another by default), each checked as an
  /// exploration checks it, without shrinking or writing anything; for each run, in order, the
  /// lines it played, starting with the `new --seed N` of its game. The benchmark times this and
  /// drives the same lines through a pipe.
  public func playedLines(runs: Int, jobs: Int = 1) async -> [[String]] {
    let player = RunPlayer(context: context)
    return await BoundedParallel.map(Array(1...max(1, runs)), atMost: jobs) { run in
      let result = await player.play(run: run)
      return ["new --seed \(result.record.game)"] + result.steps.prefix(result.record.steps).map(\.line)
    }
  }

  /// The names of the invariants an exploration checks after step `step` (from 1) of run `run`
  /// (from 1): the cheap ones, then the costly ones due there. The benchmark's pipe harness asks
  /// `check` for the same at the same points.
  public func invariantsChecked(afterStep step: Int, ofRun run: Int) -> [String] {
    (ExploreContext.cheap + ExploreContext.costlyDue(step: step, of: context.steps, run: run)).map(\.name)
  }
}
