import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

/// A program driving the built `quietplaces` through pipes, as a harness would: it sends one line,
/// waits for the answer, and only then sends the next.
final class PipeDriver: @unchecked Sendable {
  // `buffer` and `ended` are guarded by `condition`; the reader thread appends, the test takes.
  private let condition = NSCondition()
  private var buffer = Data()
  private var ended = false
  private let process: Process
  private let input: FileHandle

  init(_ arguments: [String]) throws {
    process = try ChildProcess.make(arguments)
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    input = stdin.fileHandleForWriting
    try process.run()
    let output = stdout.fileHandleForReading
    Thread.detachNewThread { [self] in
      while true {
        let data = output.availableData
        condition.lock()
        if data.isEmpty { ended = true } else { buffer.append(data) }
        condition.broadcast()
        condition.unlock()
        if data.isEmpty { return }
      }
    }
  }

  /// Sends one line.
  func send(_ line: String) {
    input.write(Data((line + "\n").utf8))
  }

  /// The next whole line of output, or `nil` if none arrives within `seconds` (the answer was not
  /// flushed) or the output ended.
  func readLine(within seconds: Double = 20) -> String? {
    let deadline = Date(timeIntervalSinceNow: seconds)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex...newline)
        return line
      }
      if ended || !condition.wait(until: deadline) { return nil }
    }
  }

  /// Lines until one satisfies `done` (included); `nil` if the output stalls first.
  func readLines(until done: (String) -> Bool) -> [String]? {
    var lines: [String] = []
    while let line = readLine() {
      lines.append(line)
      if done(line) { return lines }
    }
    return nil
  }

  /// Closes standard input and waits for the exit status.
  func finish() -> Int32 {
    try? input.close()
    process.waitUntilExit()
    return process.terminationStatus
  }

  deinit {
    if process.isRunning { process.terminate() }
  }
}

@Suite struct BatchDriverTests {
  func saveFolder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("qp-driver-\(UUID().uuidString)")
  }

  @Test func eachAnswerArrivesBeforeTheNextLineIsSent() throws {
    let folder = saveFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let driver = try PipeDriver(["--save-dir", folder.path])
    driver.send("new --seed 7")
    // If batch output waited for the end of input, nothing would arrive here: the next line is not
    // sent until this answer is read.
    let first = try #require(driver.readLines { $0.hasPrefix("Sailing Harbour Reach") })
    #expect(first.first == "New game: seed 7, storefront GBR, 2026-01-05 09:00:00.")
    driver.send("advance 6m")
    let second = try #require(driver.readLines { $0.contains("Discoveries 88 ·") })
    #expect(second.first == "Sailed 6m: 1 arrival, +88 Discoveries.")
    driver.send("state --json postmarks")
    #expect(driver.readLine() == #"{"postmarks":4}"#)
    // status ends with the files read and the save folder the game was launched from.
    driver.send("status")
    let status = try #require(driver.readLines { $0.hasPrefix("save folder: ") })
    #expect(status.last == "save folder: \(folder.path) (from --save-dir)")
    #expect(status.dropLast().last?.hasPrefix("configuration: ") == true)
    #expect(driver.finish() == 0)
  }

  /// A line whose bytes are not UTF-8 (text from a Latin-1 document) is not run: `save café.json`
  /// would otherwise save to a name nobody typed. One error line, the line counted, the rest runs.
  @Test func aLineThatIsNotUTF8IsNotRun() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var input = Data("new --seed 3\nsave caf".utf8)
    input += [0xE9]
    input += Data(".json\nstate --json postmarks\n".utf8)
    let result = try ChildProcess.run(["--jsonl", "--save-dir", "saves"], bytes: input, in: folder.url)
    let records = result.lines.filter { !$0.isEmpty }
    #expect(records.count == 4, "\(records)")
    #expect(
      records[2]
        == #"{"n":2,"command":"save caf\#u{FFFD}.json","output":["error: the line is not UTF-8 text (each byte "#
        + #"that is not shows as \#u{FFFD}), so it was not run; send it as UTF-8"],"error":true}"#)
    #expect(
      records[3]
        == #"{"n":3,"command":"state --json postmarks","output":["{\"postmarks\":0}"],"error":false}"#)
    let saved = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter {
      $0.hasPrefix("caf")
    }
    #expect(saved.isEmpty, "\(saved)")
    #expect(result.status == 1)
  }

  @Test func jsonlGivesOneObjectPerLineRead() throws {
    let folder = saveFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let driver = try PipeDriver(["--jsonl", "--save-dir", folder.path])
    // n 0 is what the launch printed (nothing, for a fresh save folder) and the files it read.
    let launch = try #require(driver.readLine())
    #expect(launch.hasPrefix(#"{"n":0,"command":"","output":[],"error":false,"configuration":{"#))
    let record = try #require(try JSONSerialization.jsonObject(with: Data(launch.utf8)) as? [String: Any])
    let configuration = record["configuration"] as? [String: String]
    // And the save folder whose game it launched, and why that one.
    #expect(record["saveFolder"] as? [String: String] == ["folder": folder.path, "source": "option"])
    let balance = try Data(contentsOf: Fixtures.configurationFolder.appendingPathComponent("balance.json"))
    #expect(configuration?["balance"] == ConfigurationProvenance.fingerprint(of: balance))
    #expect(configuration?["source"] == "environment")
    driver.send("new --seed 7")
    #expect(
      driver.readLine()
        == #"{"n":1,"command":"new --seed 7","output":["New game: seed 7, storefront GBR, 2026-01-05 09:00:00.","Sailing Harbour Reach for Lantern Quay, 1.0 nm ahead."],"error":false}"#
    )
    driver.send("upgrade rudder")
    let refused = try #require(driver.readLine())
    let object = try #require(try JSONSerialization.jsonObject(with: Data(refused.utf8)) as? [String: Any])
    #expect(object["n"] as? Int == 2)
    #expect(object["command"] as? String == "upgrade rudder")
    #expect(object["error"] as? Bool == true)
    let output = try #require(object["output"] as? [String])
    #expect(output.count == 1 && output[0].hasPrefix(OutputLine.errorText("")))
    driver.send("")
    #expect(driver.readLine() == #"{"n":3,"command":"","output":[],"error":false}"#)
    driver.send("state --json \"postmarks\"")
    let quoted = try #require(driver.readLine())
    #expect(quoted.hasPrefix(#"{"n":4,"command":"state --json \"postmarks\"","output":["error: "#))
    driver.send("quit")
    #expect(driver.readLine() == #"{"n":5,"command":"quit","output":[],"error":false}"#)
    #expect(driver.readLine(within: 5) == nil)
    // A command failed, so the exit status is 1, as in plain batch mode.
    #expect(driver.finish() == 1)
  }

  @Test func aPastedQuitIsWarnedAboutAndObeyedSoTheDriverNeverHangs() throws {
    let folder = saveFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let driver = try PipeDriver(["--jsonl", "--save-dir", folder.path])
    _ = driver.readLine()
    driver.send("> new --seed 7")
    #expect(driver.readLine()?.hasPrefix(#"{"n":1,"command":"> new --seed 7","output":["New game"#) == true)
    driver.send("New game: seed 7, storefront GBR, 2026-01-05 09:00:00.")
    #expect(
      driver.readLine()
        == #"{"n":2,"command":"New game: seed 7, storefront GBR, 2026-01-05 09:00:00.","output":[],"error":false,"skipped":true}"#
    )
    driver.send("advance 1h")
    let advance = try #require(driver.readLine())
    #expect(advance.contains(#""skipped":true,"warning":"warning: line 3 (advance 1h) is a command"#))
    driver.send("quit")
    let quit = try #require(driver.readLine())
    #expect(quit.contains(#""skipped":true,"warning":"warning: line 4 (quit) was read as"#))
    // The skipped quit is obeyed: the output ends without standard input being closed.
    #expect(driver.readLine(within: 10) == nil)
    #expect(driver.finish() == 0)
  }

  @Test func aCommandWaitingForYesOrNoSaysItsQuestion() throws {
    let folder = saveFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let driver = try PipeDriver(["--jsonl", "--save-dir", folder.path])
    _ = driver.readLine()
    driver.send("new --seed 7")
    _ = driver.readLine()
    driver.send("fresh-voyage")
    let asked = try #require(driver.readLine())
    let object = try #require(try JSONSerialization.jsonObject(with: Data(asked.utf8)) as? [String: Any])
    let output = try #require(object["output"] as? [String])
    #expect(object["question"] as? String == output.last)
    #expect(output.last?.hasSuffix("[y/N]") == true)
    driver.send("n")
    #expect(driver.readLine()?.contains(#""question""#) == false)
    #expect(driver.finish() == 0)
  }

  @Test func batchModeNamesTheSkippedLinesOnStandardError() throws {
    let folder = saveFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try ChildProcess.run(
      ["--save-dir", folder.path],
      input: "> new --seed 7\nNew game: seed 7\nSailing on\n\nstatus\n> advance 1m\nquit\nstatus\n")
    #expect(
      result.lines.contains(
        "note: lines 2-3 were skipped as the expected output of line 1 (> new --seed 7); "
          + "an empty line ends a pasted block"))
    #expect(
      result.lines.contains(
        "warning: line 7 (quit) was read as a pasted command's expected output, but it is quit; quitting as it says"
      ))
    // The status after the skipped quit never runs: one status answer, from line 5.
    #expect(result.lines.filter { $0.hasPrefix("Discoveries ") }.count == 1)
    #expect(result.status == 0)
  }

  @Test func aLineOverTheLimitIsOneErrorWithoutItsText() throws {
    let folder = saveFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let long = String(repeating: "advance 1m ", count: InputLimit.maximumBytes / 11 + 2)
    let result = try ChildProcess.run(["--jsonl", "--save-dir", folder.path], input: long + "\nstatus\n")
    let lines = result.lines.filter { !$0.isEmpty }
    // The launch, the refused line, status: nothing of the long line is echoed beyond its start.
    #expect(lines.count == 3)
    #expect(lines.allSatisfy { $0.utf8.count < 2_000 })
    #expect(lines[1].contains(#""command":"","output":["error: the line is longer than "#))
    #expect(lines[1].contains("1,000,000 bytes, the most one line may hold; it was not run"))
    #expect(result.status == 1)
  }

  @Test func jsonlIsRefusedOutsideTheREPL() throws {
    let result = try ChildProcess.run(["test", "--jsonl"])
    #expect(result.status == 2)
    #expect(
      result.output.hasPrefix(
        OutputLine.errorText("--jsonl is an option of quietplaces, not of quietplaces test")))
  }
}
