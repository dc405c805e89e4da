import Foundation
import QuietPlacesTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A sweep asks whether a signal has asked it to stop before each run starts and before each run's
/// script is written; here a counter stands for the signal, so the stop comes at a known ask.
@Suite struct SweepStopTests {
  /// Answers `signal` from the `from`th ask on.
  static func signal(_ signal: Int32, fromAsk from: Int) -> @Sendable () -> Int32? {
    let asks = Mutex(0)
    return {
      asks.withLock { count in
        count += 1
        return count >= from ? signal : nil
      }
    }
  }

  /// A new, empty folder.
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("quietplaces-stop-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Stopped before the fourth run of two variants: three runs played, the first seed whole; the
  /// table is of it and says so, both of its runs' scripts are written, and the status is 130.
  @Test func aStoppedSweepShowsAndRecordsItsWholeSeeds() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = await ProgramRun.run(
      [
        "simulate", "--seeds", "1-5", "--owned", "none", "--owned", "charts", "--until", "time:1h", "--jobs",
        "1",
        "--record", "rec", "--report", "r.html",
      ], in: folder, stopSignal: Self.signal(SIGINT, fromAsk: 4))
    #expect(run.status == .interrupted)
    let line =
      "interrupted by Ctrl-C (SIGINT): 1 of the 5 seeds was played by every variant (2 of the 10 runs); 1 run "
      + "of the next seed, not played by every variant, is left out; the rest were not played, and the output "
      + "counts only those seeds"
    let lines = run.output.flatMap { $0.split(separator: "\n").map(String.init) }
    #expect(lines.first == line)
    #expect(run.errors.contains("simulate: " + line))
    #expect(lines.contains { $0.hasPrefix("time:1h ") && $0.contains("(1/1)") })
    let scripts = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("rec").path)
    #expect(scripts.sorted() == ["0000-owned-none-seed-1.qp", "0001-owned-charts-seed-1.qp"])
    // The report says it under Provenance, at the top of the page, and above its table.
    let report = try String(contentsOf: folder.appendingPathComponent("r.html"), encoding: .utf8)
    #expect(report.contains("<td>stopped</td><td><code>\(line)</code></td>"))
    #expect(report.components(separatedBy: line).count == 3)
  }

  /// A stopped sweep with nothing to show says why and shows nothing: before every variant played
  /// the first seed, or a shard (whose output would be merged as if whole).
  @Test func aStoppedSweepWithNoWholeSeedOrAShardShowsNothing() async throws {
    let sweep = ["simulate", "--seeds", "1-5", "--owned", "none", "--owned", "charts", "--until", "time:1h"]
    let early = await ProgramRun.run(sweep + ["--jobs", "1"], stopSignal: Self.signal(SIGTERM, fromAsk: 2))
    #expect(early.status == .terminated)
    #expect(early.output.isEmpty)
    #expect(
      early.errors.last
        == "error: interrupted by SIGTERM before every variant had played the first seed (1 of the 10 runs "
        + "played): nothing to show")
    let shard = await ProgramRun.run(
      sweep + ["--jobs", "1", "--shard", "1/2"], stopSignal: Self.signal(SIGINT, fromAsk: 3))
    #expect(shard.status == .interrupted)
    #expect(shard.output.isEmpty)
    #expect(
      shard.errors.last
        == "error: interrupted by Ctrl-C (SIGINT): 2 of the 5 runs of shard 1 of 2 were played; a shard is "
        + "merged only whole, so nothing is printed or written: play the shard again")
  }

  /// A stop that comes while the scripts are written (the sweep whole: six asks before its runs)
  /// stops the writing: two scripts of six, said so; the table counts every run; status 143.
  @Test func aStopWhileScriptsAreWrittenStopsTheWriting() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = await ProgramRun.run(
      ["simulate", "--seeds", "1-6", "--until", "time:1h", "--jobs", "2", "--record", "rec"], in: folder,
      stopSignal: Self.signal(SIGTERM, fromAsk: 9))
    #expect(run.status == .terminated)
    #expect(
      run.errors.contains(
        "simulate: interrupted by SIGTERM while the runs' commands were written: 2 of the 6 scripts are in rec "
          + "(the rest were not written); the output counts every run played"))
    let lines = run.output.flatMap { $0.split(separator: "\n").map(String.init) }
    #expect(lines.first?.hasPrefix("milestone ") == true)
    #expect(lines.contains { $0.hasPrefix("time:1h ") && $0.contains("(6/6)") })
    let scripts = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("rec").path)
    #expect(scripts.count == 2)
  }
}
