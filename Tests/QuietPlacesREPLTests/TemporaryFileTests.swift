import Foundation
import QuietPlacesTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The temporaries behind every write of a file: a link planted where the old scheme put them
/// (`.NAME.tmp-PID`) is never written through, and what a killed process left half-written is gone
/// after the next start.
@Suite struct TemporaryFileTests {
  private func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("quietplaces-temporaries-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  private func temporaries(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
      $0.contains(".tmp-")
    }
    .sorted()
  }

  /// Links to a file outside, planted at the old temporary name of every file a session writes (the
  /// save, the account, the device clock, a copy of the save and a bundle), once the process is
  /// known: the linked file is untouched and each file is written as itself.
  @Test func linksAtTheOldTemporaryNamesAreNeverWrittenThrough() throws {
    guard ChildProcess.executable != nil else {
      Issue.record("the quietplaces executable was not found next to the tests")
      return
    }
    let root = try scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    let saves = root.appendingPathComponent("saves")
    let out = root.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let victim = root.appendingPathComponent("victim.txt")
    try Data("precious\n".utf8).write(to: victim)

    let process = try ChildProcess.make(["--save-dir", saves.path])
    let pipes = try ChildProcess.start(process, errorsWithOutput: true)
    let (input, output) = (pipes.input, pipes.output)
    let pid = process.processIdentifier
    // The process holds its folder once its ID is in the lock.
    for _ in 0..<1_000 {
      if let data = FileManager.default.contents(atPath: saves.appendingPathComponent("lock").path),
        String(decoding: data, as: UTF8.self) == "\(pid)\n"
      {
        break
      }
      usleep(10_000)
    }
    let planted = [
      (saves, "save.json"), (saves, "appstore-account.json"), (saves, "device-clock"), (out, "copy.json"),
      (out, "device.bundle.json"),
    ]
    for (folder, name) in planted {
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent(".\(name).tmp-\(pid)").path, withDestinationPath: victim.path)
    }
    let lines = [
      "buy marks100", "save \(out.path)/copy.json", "bundle \(out.path)/device.bundle.json", "quit",
    ]
    input.fileHandleForWriting.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    try input.fileHandleForWriting.close()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(printed)")
    #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
    for (folder, name) in planted {
      let file = folder.appendingPathComponent(name)
      var status = stat()
      #expect(lstat(file.path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG, "\(name)")
    }
    #expect(
      try String(contentsOf: out.appendingPathComponent("copy.json"), encoding: .utf8).contains("marks100"))
  }

  /// A session that writes on every line, killed at fifty instants: the kills leave temporaries
  /// behind, and each next start on the folder removes them all.
  @Test func theNextStartRemovesWhatAKilledProcessLeft() throws {
    guard ChildProcess.executable != nil else {
      Issue.record("the quietplaces executable was not found next to the tests")
      return
    }
    let script = String(repeating: "buy marks100\nadvance 1m\nstore buy-outside marks550\n", count: 15)
    let reference = try scratch()
    defer { try? FileManager.default.removeItem(at: reference) }
    let started = Date()
    _ = try ChildProcess.run(["--save-dir", reference.path], input: script)
    let duration = Date().timeIntervalSince(started)

    let kills = 50
    let tally = Mutex((left: 0, foldersWithLeftovers: 0, remaining: [String]()))
    DispatchQueue.concurrentPerform(iterations: 2) { worker in
      for point in stride(from: worker, to: kills, by: 2) {
        do {
          let folder = try scratch()
          defer { try? FileManager.default.removeItem(at: folder) }
          let (process, input) = try ChildProcess.startQuietly(["--save-dir", folder.path])
          input.write(Data(script.utf8))
          try input.close()
          usleep(UInt32(duration * 0.95 * Double(point + 1) / Double(kills) * 1_000_000))
          kill(process.processIdentifier, SIGKILL)
          process.waitUntilExit()
          let left = temporaries(folder)
          _ = try ChildProcess.run(["--save-dir", folder.path], input: "quit\n")
          let remaining = temporaries(folder)
          tally.withLock { tally in
            tally.left += left.count
            tally.foldersWithLeftovers += left.isEmpty ? 0 : 1
            tally.remaining += remaining.map { "kill \(point): \($0)" }
          }
        } catch {
          tally.withLock { $0.remaining.append("kill \(point): \(error)") }
        }
      }
    }
    let (left, folders, remaining) = tally.withLock { ($0.left, $0.foldersWithLeftovers, $0.remaining) }
    print(
      "temporaries: \(kills) kills left \(left) temporaries in \(folders) folders; after the next start \(remaining.count)"
    )
    #expect(remaining.isEmpty, "\(remaining.prefix(10).joined(separator: "\n"))")
  }
}
