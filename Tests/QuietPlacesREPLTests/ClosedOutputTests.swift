import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

/// When the REPL's answers no longer reach anyone (the reader of a pipe has gone, as `| head` does,
/// or the disk under a redirect is full), the session ends as at the end of input: no further line
/// is read, the app closes, which saves, the clock is kept, and one error on standard error says
/// after which line and why (exit 1). Before, a closed pipe killed the process with the session's
/// time and unsaved play lost, and a full disk lost every answer without a word.
@Suite struct ClosedOutputTests {
  /// A new, empty folder.
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("quietplaces-closed-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Runs `quietplaces ARGUMENTS` with its standard output to a file in `folder`, sends it `signal`
  /// `delay` seconds after it said which configuration it read (once its options are taken, before
  /// its first run), and answers how it ended, its output's lines and what it said on standard error.
  private func signalled(
    _ arguments: [String], signal: Int32, after delay: TimeInterval, in folder: URL
  ) throws -> (exited: Bool, status: Int32, output: [String], errors: String) {
    let process = try ChildProcess.make(arguments)
    process.standardInput = FileHandle.nullDevice
    let output = folder.appendingPathComponent("out-\(UUID()).txt")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: output)
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    var said = Data()
    let deadline = Date().addingTimeInterval(30)
    while !String(decoding: said, as: UTF8.self).contains("configuration:"), Date() < deadline {
      said.append(errors.fileHandleForReading.availableData)
    }
    Thread.sleep(forTimeInterval: delay)
    kill(process.processIdentifier, signal)
    said.append(errors.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)
    return (
      process.terminationReason == .exit, process.terminationStatus, lines,
      String(decoding: said, as: UTF8.self)
    )
  }

  @Test func aReaderThatGoesAwayEndsTheSessionWhichSaves() throws {
    let executable = try #require(ChildProcess.executable)
    let saves = try folder()
    defer { try? FileManager.default.removeItem(at: saves) }
    // As a designer types it: the input never ends (yes), the reader stops after three lines.
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = [
      "-c",
      #"(printf 'new --seed 4\nadvance 2h\n'; yes status) | "$0" --save-dir "$1" | head -3"#,
      executable.path, saves.path,
    ]
    shell.environment = try ChildProcess.make([]).environment
    let result = try ChildProcess.run(shell, input: "")
    #expect(result.status == 0)
    // What head read: the new game (route 1's first leg is 1.0 nm) and the two hours' summary.
    #expect(
      Array(result.lines.prefix(2)) == [
        "New game: seed 4, storefront GBR, 2026-01-05 09:00:00.",
        "Sailing Harbour Reach for Lantern Quay, 1.0 nm ahead.",
      ])
    #expect(result.lines.count > 2 && result.lines[2].hasPrefix("Sailed 2h: "))
    let error = try #require(result.lines.first { $0.hasPrefix("error:") })
    #expect(error.hasPrefix("error: standard output could not be written after line "))
    #expect(
      error.hasSuffix(
        " (its reader has gone: a closed pipe); the session ended there, as at the end of input: the app "
          + "closes, which saves"))
    // The two hours played are kept: the close saved the game and the device's clock.
    let next = try ChildProcess.run(["--save-dir", saves.path], input: "state --json clock seed\n")
    #expect(next.lines.contains(#"{"clock":"2026-01-05T11:00:00Z","seed":4}"#))
  }

  /// `run FILE.qp | head` stops the script at its next command; the session finishes as at the
  /// script's end, so a save folder given keeps what the script played.
  @Test func aRunWhoseReaderGoesAwayStopsTheScriptWhichSaves() throws {
    let executable = try #require(ChildProcess.executable)
    let saves = try folder()
    defer { try? FileManager.default.removeItem(at: saves) }
    let script = saves.appendingPathComponent("long.qp")
    let statuses = String(repeating: "> status\n", count: 3_000)
    try Data(("> new --seed 4\n> advance 2h\n" + statuses + "> advance 5h\n").utf8).write(to: script)
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    // The reader leaves once it has read what the second command printed (awk exits there).
    let commands =
      #""$0" run "$1" --save-dir "$2" 2>&1 >/dev/null | cat; "#
      + #""$0" run "$1" --save-dir "$2/piped" | awk '{ print } /^Sailed 2h/ { exit }'"#
    shell.arguments = ["-c", commands, executable.path, script.path, saves.path]
    shell.environment = try ChildProcess.make([]).environment
    try FileManager.default.createDirectory(
      at: saves.appendingPathComponent("piped"), withIntermediateDirectories: true)
    let result = try ChildProcess.run(shell, input: "")
    #expect(result.lines.contains("> new --seed 4"))
    let error = try #require(result.lines.first { $0.hasPrefix("error:") })
    #expect(
      error.hasPrefix("error: standard output could not be written (its reader has gone: a closed pipe); "))
    #expect(error.hasSuffix("and the session ended as at the end of the script: the app closes, which saves"))
    // Read to its end, the script plays 7 hours; cut short after its second command, the 2 hours it
    // had played when the reader left are kept, and not the 5 after.
    let whole = try ChildProcess.run(["--save-dir", saves.path], input: "state --json clock\n")
    #expect(whole.lines.contains(#"{"clock":"2026-01-05T16:00:00Z"}"#))
    let piped = try ChildProcess.run(
      ["--save-dir", saves.appendingPathComponent("piped").path], input: "state --json clock\n")
    #expect(piped.lines.contains(#"{"clock":"2026-01-05T11:00:00Z"}"#))
  }

  @Test func aFullDiskEndsTheSessionWithAnErrorRatherThanLosingEveryAnswer() throws {
    let saves = try folder()
    defer { try? FileManager.default.removeItem(at: saves) }
    let process = try ChildProcess.make(["--save-dir", saves.path])
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data("new --seed 4\nadvance 2h\nadvance 1h\n".utf8))
    try input.fileHandleForWriting.close()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    // A new save folder's launch says nothing; the first answer, the new game's, is the first lost.
    let expected =
      "error: standard output could not be written after line 1 (no space left on device); the "
      + "session ended there, as at the end of input: the app closes, which saves"
    #expect(said.split(separator: "\n").last.map(String.init) == expected)
    let next = try ChildProcess.run(["--save-dir", saves.path], input: "state --json clock seed\n")
    #expect(next.lines.contains(#"{"clock":"2026-01-05T09:00:00Z","seed":4}"#))
  }

  /// `timeout`, a driver's `terminate()` or a closed terminal sends SIGTERM or SIGHUP: the session
  /// ends as at the end of input (the app closes, which saves; the clock is kept), a note says so
  /// on standard error, and the exit status is 128 + the signal.
  @Test(arguments: [(SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")])
  func aTerminationSignalEndsTheSessionWhichSaves(signal: Int32, name: String) throws {
    let saves = try folder()
    defer { try? FileManager.default.removeItem(at: saves) }
    let process = try ChildProcess.make(["--save-dir", saves.path])
    let pipes = try ChildProcess.start(process)
    // The input stays open: the session waits for its next line when the signal comes.
    pipes.input.fileHandleForWriting.write(Data("new --seed 4\nadvance 2h\n".utf8))
    var printed = Data()
    let deadline = Date().addingTimeInterval(30)
    while !String(decoding: printed, as: UTF8.self).contains("Sailed 2h"), Date() < deadline {
      printed.append(pipes.output.fileHandleForReading.availableData)
    }
    kill(process.processIdentifier, signal)
    let said = String(decoding: pipes.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try pipes.input.fileHandleForWriting.close()
    #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal)
    #expect(
      said.split(separator: "\n").last.map(String.init)
        == "note: \(name) ended the input: no further line was read, and the program ended as at the end "
        + "of input (exit status \(128 + signal))")
    let next = try ChildProcess.run(["--save-dir", saves.path], input: "state --json clock seed\n")
    #expect(next.lines.contains(#"{"clock":"2026-01-05T11:00:00Z","seed":4}"#))
  }

  /// A mode that reads no line keeps the signal's default: a script being run (here, a month of
  /// autoplay, minutes on disk) ends at once, as before, rather than playing on to its end.
  @Test func aScriptBeingRunEndsAtOnceOnSIGTERM() throws {
    let saves = try folder()
    defer { try? FileManager.default.removeItem(at: saves) }
    let script = saves.appendingPathComponent("month.qp")
    try Data("> new --seed 3\n> autoplay payback for 30d\n".utf8).write(to: script)
    let process = try ChildProcess.make(["run", script.path])
    process.standardInput = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    Thread.sleep(forTimeInterval: 1)
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
  }

  /// A long exploration stopped by SIGINT (Ctrl-C, or `kill -INT` where there is no terminal) or
  /// SIGTERM (a `timeout`, a batch system's time limit) reports the runs it played and says what
  /// stopped it, with exit status 128 + the signal; what was played is not lost.
  @Test(arguments: [(SIGINT, "Ctrl-C (SIGINT)"), (SIGTERM, "SIGTERM")])
  func anExplorationStoppedByASignalReportsTheRunsItPlayed(signal: Int32, name: String) throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let stopped = try signalled(
      [
        "explore", "--runs", "100000000", "--jobs", "1", "--findings",
        folder.appendingPathComponent("f").path,
      ],
      signal: signal, after: 0.5, in: folder)
    #expect(stopped.exited && stopped.status == 128 + signal)
    let report = stopped.output
    let runs = try #require(report.first?.split(separator: " ").first.map(String.init))
    let word = runs == "1" ? "run" : "runs"
    #expect(report.first?.hasPrefix("\(runs) \(word), ") == true && runs != "0")
    #expect(
      report.dropFirst(2).first
        == "interrupted by \(name): \(runs) \(word) played of the 100,000,000 runs asked for; the rest "
        + "were not played, and this report counts only those played")
    #expect(report.contains("findings: none"))
    #expect(stopped.errors.contains("explore: interrupted by \(name): \(runs) \(word) played"))
  }

  /// A long sweep stopped by SIGINT or SIGTERM shows the table of the seeds every variant played,
  /// saying so above it and on standard error, with exit status 128 + the signal; streamed JSON Lines
  /// are those of the runs played, and `simulate merge` refuses them as a sweep with runs missing.
  @Test(arguments: [(SIGINT, "Ctrl-C (SIGINT)"), (SIGTERM, "SIGTERM")])
  func aSweepStoppedByASignalShowsTheSeedsItPlayed(signal: Int32, name: String) throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func stopped(_ arguments: [String]) throws -> (status: Int32, output: [String], errors: String) {
      let run = try signalled(
        ["simulate", "--seeds", "1-100000", "--until", "atlas"] + arguments, signal: signal, after: 1,
        in: folder)
      #expect(run.exited)
      return (run.status, run.output, run.errors)
    }
    let table = try stopped(["--strategy", "idle", "--strategy", "payback", "--jobs", "2"])
    #expect(table.status == 128 + signal)
    let first = try #require(table.output.first)
    #expect(first.hasPrefix("interrupted by \(name): "))
    #expect(first.contains(" of the 100,000 seeds ") && first.contains(" played by every variant ("))
    #expect(first.hasSuffix("the rest were not played, and the output counts only those seeds"))
    #expect(table.output.dropFirst().first?.hasPrefix("milestone ") == true)
    #expect(table.errors.contains("simulate: " + first))
    // The seeds counted are those the table's cells count.
    let seeds = try #require(first.split(separator: " ").dropFirst(signal == SIGINT ? 4 : 3).first)
    #expect(table.output.contains { $0.hasPrefix("atlas ") && $0.contains("(\(seeds)/\(seeds))") })

    let records = try stopped(["--strategy", "idle", "--format", "jsonl", "--jobs", "1"])
    #expect(records.status == 128 + signal)
    // Each run's records begin `{"run":N,`.
    let runs = Set(records.output.compactMap { $0.split(separator: ",").first }).count
    #expect(runs > 0)
    #expect(
      records.errors.contains(
        "simulate: interrupted by \(name): \(runs) of the 100,000 runs were played, and their records printed; "
          + "the rest were not played (simulate merge refuses records with runs missing)"))
    let file = folder.appendingPathComponent("part.jsonl")
    try (records.output.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    let merge = try ChildProcess.run(["simulate", "merge", file.path])
    #expect(merge.status == 2)
    #expect(
      merge.output.contains("the files hold \(runs) of the sweep's 100,000 runs (missing run \(runs), "))
  }

  /// `explore --format jsonl | head`: the records stream as the runs end, and once the reader has
  /// gone no run starts; the exploration ends with one error line saying why, and exit status 1,
  /// rather than playing on to its end.
  @Test func anExplorationStreamingToAReaderThatGoesAwayStops() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = try ChildProcess.make([
      "explore", "--runs", "100000000", "--format", "jsonl", "--findings",
      folder.appendingPathComponent("f").path,
    ])
    process.standardInput = FileHandle.nullDevice
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    var read = Data()
    let deadline = Date().addingTimeInterval(30)
    while read.filter({ $0 == 0x0A }).count < 3, Date() < deadline {
      read.append(output.fileHandleForReading.availableData)
    }
    let lines = String(decoding: read, as: UTF8.self).split(separator: "\n")
    #expect(lines.first?.hasPrefix(#"{"commands":"#) == true)
    #expect(lines.dropFirst().first?.contains(#""type":"run""#) == true)
    try output.fileHandleForReading.close()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 1)
    #expect(
      said.split(separator: "\n").last.map(String.init)
        == "error: standard output could not be written (its reader has gone: a closed pipe), so the "
        + "exploration stopped; the runs it played found nothing")
  }

  @Test func theLoopReadsNoLineOnceTheOutputIsGone() async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = ScriptedInput(["new --seed 4", "advance 1h", "advance 1h", "advance 1h"].map { .line($0) })
    var answered: [Int] = []
    let failed = await REPLLoop.run(
      session, input: input, bail: false, answer: { answered.append($0.number) },
      outputGone: { answered.count >= 2 })
    #expect(!failed)
    // Gone once line 2 was answered: line 3 is never read, and the session has closed.
    #expect(answered == [1, 2])
    #expect(input.prompts.count == 2)
    #expect(!session.device.isOpen)
  }
}
