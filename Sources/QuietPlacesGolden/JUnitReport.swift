import FoundationEssentials
import QuietPlacesUtilities

/// JUnit XML as CI systems read it (Jenkins, GitLab, GitHub actions, Buildkite, Bazel's
/// `XML_OUTPUT_FILE`), valid against Jenkins' `junit-10.xsd` and Ant's strict `JUnit.xsd` but for the
/// extensions those schemas do not declare.
///
/// One `<testsuite>` with a `timestamp` without zone (as Ant writes it), the `hostname`, the
/// configuration read in `<properties>`, and the run's usual lines in its `<system-out>`. One
/// `<testcase>` per script: `classname` its folder in dotted form (`Scripts.game`), `name` its file
/// name, `time` in seconds, and the `file` and `line` that GitLab and Buildkite read (the first
/// differing line of a failing script, else 1); a `<failure message="file:line: first differing
/// line">` with the diff in its body, an `<error>` for a script that could not run, and the session's
/// transcript in the testcase's own `<system-out>`.
public enum JUnitReport {
  /// What the suite says about the run beyond its results.
  public struct Run: Sendable, Equatable {
    /// The suite's name.
    public var name: String
    /// How long the whole run took.
    public var seconds: Double
    /// When it started, `2026-01-05T09:00:00` (UTC, no zone, as Ant writes it).
    public var timestamp: String
    /// The machine it ran on (`localhost` when unknown).
    public var hostname: String
    /// `name` → `value` pairs for `<properties>` (the configuration and its fingerprints).
    public var properties: [(name: String, value: String)]
    /// The run's usual lines, for the suite's `<system-out>`.
    public var output: [String]

    /// Makes a description of a run.
    public init(
      name: String, seconds: Double, timestamp: String = "1970-01-01T00:00:00",
      hostname: String = "localhost",
      properties: [(name: String, value: String)] = [], output: [String] = []
    ) {
      self.name = name
      self.seconds = seconds
      self.timestamp = timestamp
      self.hostname = hostname
      self.properties = properties
      self.output = output
    }

    public static func == (left: Run, right: Run) -> Bool {
      left.name == right.name && left.seconds == right.seconds && left.timestamp == right.timestamp
        && left.hostname == right.hostname && left.output == right.output
        && left.properties.map(\.name) == right.properties.map(\.name)
        && left.properties.map(\.value) == right.properties.map(\.value)
    }
  }

  /// The whole document for a run named `name` that took `seconds`.
  public static func xml(_ results: [ScriptResult], name: String, seconds: Double) -> String {
    xml(results, run: Run(name: name, seconds: seconds))
  }

  /// The whole document.
  public static func xml(_ results: [ScriptResult], run: Run) -> String {
    let failures = results.filter { if case .failed = $0.outcome { !$0.updated } else { false } }.count
    let errors = results.filter { if case .error = $0.outcome { true } else { false } }.count
    let skipped = results.filter { $0.skipReason != nil }.count
    let counts = "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
    let name = escaped(run.name)
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      // Ant's strict schema allows no attribute on the aggregate; the counts are the suite's.
      "<testsuites>",
      "  <testsuite name=\"\(name)\" \(counts) skipped=\"\(skipped)\" time=\"\(time(run.seconds))\" "
        + "timestamp=\"\(escaped(run.timestamp))\" hostname=\"\(escaped(run.hostname))\" id=\"0\" "
        + "package=\"quietplaces\">",
    ]
    if run.properties.isEmpty {
      lines.append("    <properties/>")
    } else {
      lines.append("    <properties>")
      lines += run.properties.map {
        "      <property name=\"\(escaped($0.name))\" value=\"\(escaped($0.value))\"/>"
      }
      lines.append("    </properties>")
    }
    for result in results {
      lines += testcase(result)
    }
    lines.append("    <system-out>\(escaped(run.output.map { $0 + "\n" }.joined()))</system-out>")
    lines += ["    <system-err></system-err>", "  </testsuite>", "</testsuites>"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// One script's `<testcase>`.
  static func testcase(_ result: ScriptResult) -> [String] {
    let (folder, file) = split(result.path)
    let line = result.reportedLine
    var lines = [
      "    <testcase name=\"\(escaped(file))\" classname=\"\(escaped(dotted(folder)))\" "
        + "time=\"\(time(result.seconds))\" file=\"\(escaped(result.path))\" line=\"\(line)\">"
    ]
    switch result.outcome {
    case .failed where result.updated, .passed:
      break
    case .failed(let diff):
      let message =
        result.cause?.message ?? result.firstDifference?.place
        ?? "\(result.path):1: the output differs from the script"
      let type = result.cause?.kind ?? "mismatch"
      lines.append(
        "      <failure message=\"\(escaped(message))\" type=\"\(escaped(type))\">"
          + escaped(diff.joined(separator: "\n")) + "</failure>")
    case .skipped(let reason):
      lines.append("      <skipped message=\"\(escaped(reason))\"/>")
    case .error(let message):
      lines.append(
        "      <error message=\"\(escaped(message))\" type=\"error\">" + escaped(message) + "</error>")
    }
    lines.append("      <system-out>\(escaped(result.transcript.map { $0 + "\n" }.joined()))</system-out>")
    lines.append("    </testcase>")
    return lines
  }

  /// A folder path in the dotted form of a class name: `Scripts/game` → `Scripts.game`. A dot in a
  /// folder's own name is written `%2E` (and `%` as `%25`), so that `a.b/x.qp` and `a/b/x.qp` are
  /// two classes, not one.
  static func dotted(_ folder: String) -> String {
    let parts = folder.split(separator: "/").filter { $0 != "." && !$0.isEmpty }.map { part in
      part.map { $0 == "%" ? "%25" : $0 == "." ? "%2E" : String($0) }.joined()
    }
    return parts.isEmpty ? "." : parts.joined(separator: ".")
  }

  /// Why a report file could not be written.
  struct WriteError: Error, Sendable, Equatable {
    /// The file as given.
    var file: String
    /// What went wrong.
    var reason: String
    /// What would be right.
    var advice: String

    /// One sentence: what was wrong, and what would be right.
    var message: String { "the JUnit report \(file) cannot be written (\(reason)); \(advice)" }
  }

  /// Writes `xml` to each of `files` (a relative one under `folder`), making missing folders; returns
  /// the files that could not be written.
  static func write(_ xml: String, to files: [String], relativeTo folder: URL) -> [WriteError] {
    var failures: [WriteError] = []
    for file in files {
      let url = file.hasPrefix("/") ? URL(fileURLWithPath: file) : folder.appendingPathComponent(file)
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(xml, to: url)
      } catch {
        let (reason, advice) =
          (error as? AtomicFile.WriteError).map { ($0.reason, $0.advice) }
          ?? (error.readableReason, "pass a path in a writable folder")
        failures.append(WriteError(file: file, reason: reason, advice: advice))
      }
    }
    return failures
  }

  /// The folder (`.` for none) and the file name of a script path.
  static func split(_ path: String) -> (folder: String, file: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }

  /// Seconds with millisecond precision, as JUnit's `time` attributes are usually written.
  static func time(_ seconds: Double) -> String {
    let milliseconds = Int((max(0, seconds) * 1000).rounded())
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  /// Text safe in XML content and in double-quoted attributes, and bounded as a printed line is: XML
  /// 1.0 cannot hold most control characters at all, so each is written as it is shown on a terminal
  /// (`\u{1B}`), and each line is at most ``PrintedLine/maximumBytes`` before the XML escapes.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in PrintedLine.guarded(text).unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\n": result.unicodeScalars.append(scalar)
      case let control where PrintedLine.isControl(control): result += PrintedLine.escaped(control)
      case "\u{FFFE}", "\u{FFFF}": result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
