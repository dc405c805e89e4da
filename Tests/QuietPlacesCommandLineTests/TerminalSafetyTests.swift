import Foundation
import FoundationXML
import QuietPlacesCommandLine
import QuietPlacesREPL
import QuietPlacesTestSupport
import QuietPlacesUtilities
import Synchronization
import Testing

/// Whatever files and input hold, what the program writes is safe for a terminal: no control
/// character but the line break, and no line over 2,000 bytes, in every mode.
@Suite struct TerminalSafetyTests {
  /// Every control character: C0 but the line break (which ends a typed line), DEL and C1.
  static let controls: [String] = ((0..<0x20).filter { $0 != 0x0A } + Array(0x7F...0x9F)).map {
    String(Character(Unicode.Scalar(UInt32($0))!))
  }

  /// Every control character in one string, with the sequences that do harm on a real terminal.
  static let allControls = controls.joined() + "\u{1B}]0;title\u{7}\u{1B}[2J\u{1B}[31m\r"

  /// The most output one run may print before the test calls it a flood (and stops keeping it).
  static let floodBytes = 2_000_000

  /// What a run printed, checked as it came, so that a run that floods fails instead of filling the
  /// memory or the log.
  struct Printed: Sendable {
    var lines: [String] = []
    var bytes = 0
    var flooded = false

    mutating func append(_ text: String) {
      bytes += text.utf8.count + 1
      if bytes > TerminalSafetyTests.floodBytes { flooded = true } else { lines.append(text) }
    }
  }

  /// Runs `quietplaces ARGUMENTS` with these input lines; returns its standard output and error.
  static func run(
    _ arguments: [String], input: [String] = [], in directory: URL = Fixtures.packageRoot,
    terminal: Bool = false
  ) async -> (status: QuietPlacesCommandLine.ExitStatus, output: Printed, errors: Printed) {
    let printed = Mutex<(output: Printed, errors: Printed)>((Printed(), Printed()))
    let context = ProgramContext(
      environment: ["QUIETPLACES_CONFIGURATION": Fixtures.configurationFolder.path],
      currentDirectory: directory,
      input: {
        ProgramInput(source: ScriptedInput(input.map(LineRead.line)), interactive: false, colour: false)
      },
      print: { line in printed.withLock { $0.output.append(line) } },
      printError: { line in printed.withLock { $0.errors.append(line) } }, outputIsTerminal: terminal)
    let status = await Program.run(arguments, in: context)
    return printed.withLock { (status, $0.output, $0.errors) }
  }

  /// Expects every line printed to be safe: no control byte but the line break, no C1 control, at
  /// most 2,000 bytes a line (a JSON record only safe, since it is never cut), and no flood.
  static func expectSafe(
    _ printed: Printed, records: Bool = false, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(!printed.flooded, "\(what): a flood of \(printed.bytes) bytes", sourceLocation: sourceLocation)
    for line in printed.lines.flatMap({ $0.split(separator: "\n", omittingEmptySubsequences: false) }) {
      let unsafe = line.unicodeScalars.first(where: PrintedLine.isControl)
      #expect(
        unsafe == nil, "\(what): U+\(String(unsafe?.value ?? 0, radix: 16)) printed in \(line.prefix(120))",
        sourceLocation: sourceLocation)
      if !records {
        #expect(
          line.utf8.count <= PrintedLine.maximumBytes, "\(what): a line of \(line.utf8.count) bytes",
          sourceLocation: sourceLocation)
      }
    }
  }

  /// Lines a person might type, each holding control characters or far too much.
  static var hostileLines: [String] {
    var lines: [String] = []
    for control in controls {
      lines += [
        "buy x\(control)y", "\(control)status", "advance 1\(control)h", "upgrade sails\(control)",
        "state --json a\(control)b", "store foreign com.example.\(control)", "load no\(control)such.json",
      ]
    }
    lines += [
      "buy \(allControls)", "help \(allControls)", "store foreign \(allControls)",
      "buy " + String(repeating: "x", count: 50_000), "load " + String(repeating: "\u{1B}", count: 20_000),
      String(repeating: "w", count: InputLimit.maximumBytes + 1),
      "log", "transactions", "status", "buy \u{1B}]0;title\u{7}",
    ]
    var generator = SeededGenerator(seed: 8)
    for _ in 0..<200 {
      var line = ["buy ", "store foreign ", "advance ", "", "upgrade "].randomElement(using: &generator)!
      for _ in 0..<Int.random(in: 1..<80, using: &generator) {
        let value = UInt32.random(in: 0..<0xB0, using: &generator)
        if value != 0x0A { line.unicodeScalars.append(Unicode.Scalar(value)!) }
      }
      lines.append(line)
    }
    return lines
  }

  @Test func batchModeEscapesAndBoundsTypedWords() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let run = await Self.run(["--save-dir", folder.url.path], input: Self.hostileLines)
    Self.expectSafe(run.output, "batch")
    Self.expectSafe(run.errors, "batch, standard error")
    #expect(
      run.output.lines.contains { $0.hasPrefix("error: '\\u{1B}]0;title\\u{7}' is not something to buy") })
    // The over-long line: one error, and nothing of it echoed.
    let refused = run.output.lines.filter { $0.hasPrefix("error: the line is longer than 1,000,000 bytes") }
    #expect(refused.count == 1)
    #expect(!run.output.lines.contains { $0.hasPrefix("www") })
  }

  @Test func jsonlRecordsHoldOnlyBoundedStrings() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = Self.hostileLines
    let run = await Self.run(["--jsonl", "--save-dir", folder.url.path], input: input)
    Self.expectSafe(run.output, records: true, "--jsonl")
    #expect(run.output.lines.count == input.count + 1)
    for line in run.output.lines {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let strings = [object["command"] as? String ?? ""] + (object["output"] as? [String] ?? [])
      for string in strings { #expect(string.utf8.count <= PrintedLine.maximumBytes) }
    }
    let refused = try #require(
      run.output.lines.first { $0.contains("error: the line is longer than 1,000,000 bytes") })
    #expect(refused.contains("\"command\":\"\""))
  }

  /// The package's StoreKit configuration with a display name of every control character, one of
  /// 900,000 characters, and two products Quiet Places does not sell whose IDs hold them too.
  static func hostileStoreKit(in folder: TemporaryFolder) throws -> URL {
    let data = try Data(
      contentsOf: Fixtures.configurationFolder.appendingPathComponent("QuietPlaces.storekit"))
    var root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var products = try #require(root["products"] as? [[String: Any]])
    func renamed(_ product: [String: Any], _ name: String) -> [String: Any] {
      var product = product
      product["localizations"] = (product["localizations"] as? [[String: Any]] ?? []).map {
        var localization = $0
        localization["displayName"] = name
        return localization
      }
      return product
    }
    products[0] = renamed(products[0], "100 " + allControls)
    products[1] = renamed(products[1], String(repeating: "N", count: 900_000))
    for (index, id) in ["com.example.\(allControls)", "com.example." + String(repeating: "i", count: 5_000)]
      .enumerated()
    {
      var other = products[2]
      other["productID"] = id
      other["internalID"] = "0000000\(index)"
      products.append(other)
    }
    root["products"] = products
    let file = folder.url.appendingPathComponent("hostile.storekit")
    try JSONSerialization.data(withJSONObject: root).write(to: file)
    return file
  }

  @Test func storeKitFilesShowEscapedAndBounded() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let storeKit = try Self.hostileStoreKit(in: folder).path
    let shop = await Self.run(
      ["--storekit", storeKit, "--save-dir", folder.url.appendingPathComponent("save").path],
      input: ["shop", "buy marks100", "buy marks550", "transactions"])
    Self.expectSafe(shop.output, "shop")
    Self.expectSafe(shop.errors, "shop, standard error")
    // The long name is cut where it stands; the price after it still shows.
    #expect(
      shop.output.lines.contains { $0.hasPrefix("  marks550  NNN") && $0.hasSuffix(" more bytes) £3.99") })
    let check = await Self.run(["storekit", "check", storeKit, "no\(Self.allControls)such.storekit"])
    Self.expectSafe(check.output, "storekit check")
    Self.expectSafe(check.errors, "storekit check, standard error")
    #expect(check.output.lines.contains { $0.contains("com.example.\\u{0}\\u{1}") })
    let inSession = await Self.run(
      ["--save-dir", folder.url.appendingPathComponent("save2").path], input: ["storekit check \(storeKit)"])
    Self.expectSafe(inSession.output, "storekit check in a session")
  }

  /// The README's bundle fixture with every control character in its writtenBy (2 MB of them in the
  /// second), log and fingerprint.
  static func hostileBundles(in folder: TemporaryFolder) throws -> [URL] {
    let data = try Data(
      contentsOf: Fixtures.packageRoot.appendingPathComponent(
        "Scripts/support/fixtures/deep-hold-crash.bundle.json"))
    var urls: [URL] = []
    for (index, writtenBy) in [allControls, String(repeating: "W\u{7}", count: 1_000_000)].enumerated() {
      var root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      root["writtenBy"] = writtenBy
      root["log"] = ["an event " + allControls, String(repeating: "L", count: 30_000)]
      var fingerprints = try #require(root["fingerprints"] as? [String: Any])
      fingerprints["balance"] = "sha256:" + allControls
      root["fingerprints"] = fingerprints
      let file = folder.url.appendingPathComponent("hostile-\(index).bundle.json")
      try JSONSerialization.data(withJSONObject: root).write(to: file)
      urls.append(file)
    }
    return urls
  }

  @Test func bundleFieldsShowEscapedAndBounded() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for (index, bundle) in try Self.hostileBundles(in: folder).enumerated() {
      let loaded = await Self.run(
        ["--save-dir", folder.url.appendingPathComponent("save-\(index)").path],
        input: ["load \(bundle.path)", "log", "launch", "transactions", "status"])
      Self.expectSafe(loaded.output, "load of bundle \(index)")
      #expect(loaded.output.bytes < 50_000, "a bundle's writtenBy is printed whole")
      let started = await Self.run(["--bundle", bundle.path], input: ["log"])
      Self.expectSafe(started.output, "--bundle \(index)")
      Self.expectSafe(started.errors, "--bundle \(index), standard error")
    }
  }

  /// A script whose commands, comments and expected output hold every control character and lines
  /// far too long, so that `test` prints diffs of them.
  static func hostileScript(in folder: TemporaryFolder) throws -> URL {
    var text = "# a comment \(allControls)\n# " + String(repeating: "c", count: 5_000) + "\n"
    for control in controls {
      text += "> buy x\(control)\nerror: expected \(control) here\n"
    }
    text += "> status\n" + String(repeating: "e", count: 10_000) + allControls + "\n"
    text += "> \u{1B}[8mconcealed\u{1B}[0m\nnot this\n"
    text += "> " + String(repeating: "v", count: InputLimit.maximumBytes + 10) + "\n"
    text += "> advance 1" + String(repeating: "h", count: 3_000) + "\n"
    return try folder.write(text, to: "hostile.qp")
  }

  @Test func runAndTestReportsAreSafe() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let script = try Self.hostileScript(in: folder)
    let run = await Self.run([
      "run", script.path, "--save-dir", folder.url.appendingPathComponent("save").path,
    ])
    Self.expectSafe(run.output, "run")
    Self.expectSafe(run.errors, "run, standard error")
    #expect(!run.output.lines.contains { $0.hasPrefix("> vvv") })
    #expect(run.output.lines.contains { $0.hasPrefix("error: the line is longer than 1,000,000 bytes") })

    let junit = folder.url.appendingPathComponent("report.xml")
    let test = await Self.run(["test", script.path, "--junit", junit.path])
    #expect(test.status == .failure)
    Self.expectSafe(test.output, "test")
    Self.expectSafe(test.errors, "test, standard error")
    // On a terminal the diff is coloured: its own colour sequences are the only escapes printed.
    let coloured = await Self.run(["test", script.path], terminal: true)
    let escapes = coloured.output.lines.joined(separator: "\n")
      .matches(of: #/\x{1B}(\[[0-9;]*m)?/#).map { $0.output.1 == nil ? "bare" : "colour" }
    #expect(escapes.contains("colour"))
    #expect(!escapes.contains("bare"))
    let bell = coloured.output.lines.joined().unicodeScalars.contains {
      PrintedLine.isControl($0) && $0 != "\u{1B}"
    }
    #expect(!bell)
    #expect(coloured.output.lines.allSatisfy { $0.utf8.count <= PrintedLine.maximumBytes })
    // A colour sequence in the script is shown escaped, though colour sequences are printed.
    let uncoloured = coloured.output.lines.map { $0.replacing(#/\x{1B}\[[0-9;]*m/#, with: "") }
    #expect(uncoloured.contains { $0.contains("> \\u{1B}[8mconcealed\\u{1B}[0m") })
    let tap = await Self.run(["test", script.path, "--tap"])
    Self.expectSafe(tap.output, "test --tap")

    let xml = try Data(contentsOf: junit)
    #expect(!xml.contains { $0 < 0x20 && $0 != 0x0A })
    _ = try XMLDocument(data: xml)
    // Each line of the diff is bounded before the XML escapes, which at most sextuple it (`&quot;`).
    let longest = String(decoding: xml, as: UTF8.self).split(separator: "\n").map(\.utf8.count).max() ?? 0
    #expect(longest <= PrintedLine.maximumBytes * 6 + 200)
  }

  @Test func commandLineErrorsAndSimulateAreSafe() async throws {
    let hostile = "x" + Self.allControls + String(repeating: "y", count: 3_000)
    for arguments in [
      ["--\(hostile)"], ["simulate", "--strategy", hostile], ["simulate", "--set", "\(hostile)=1"],
      ["simulate", "--seeds", hostile], ["test", "--filter", hostile, "no\(hostile).qp"],
      ["run", "no\(hostile).qp"], ["--bundle", "no\(hostile).json"], ["storekit", "check", hostile],
      [hostile],
    ] {
      // On a terminal too: only a line the program painted keeps colour sequences.
      for terminal in [false, true] {
        let run = await Self.run(arguments, terminal: terminal)
        Self.expectSafe(run.output, "\(arguments.first ?? "")")
        Self.expectSafe(run.errors, "\(arguments.first ?? ""), standard error")
        #expect(run.output.lines.count + run.errors.lines.count > 0)
      }
    }
    let sweep = await Self.run(["simulate", "--seeds", "1-2", "--until", "bearings", "--format", "jsonl"])
    #expect(sweep.status == .success)
    // Records `simulate merge` reads back: a run's series line may pass 2,000 bytes, and is never cut.
    Self.expectSafe(sweep.output, records: true, "simulate --format jsonl")
    for line in sweep.output.lines {
      #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line.prefix(120))")
    }
  }
}
