extension Explorer {
  /// Plays runs 1 to `runs` one after another, each checked as an exploration checks it, without
  /// shrinking or writing anything; for each run, the lines it played, starting with the
  /// `new --seed N` of its game. The benchmark times this and drives the same lines through a pipe.
  public func playedLines(runs: Int) async -> [[String]] {
    let player = RunPlayer(context: context)
    var lines: [[String]] = []
    for run in 1...max(1, runs) {
      let result = await player.play(run: run)
      lines.append(
        ["new --seed \(result.record.game)"] + result.steps.prefix(result.record.steps).map(\.line))
    }
    return lines
  }
}
