import FoundationEssentials
import QuietPlacesUtilities

/// JUnit XML as CI systems read it (Jenkins, GitLab, GitHub actions, Bazel's `XML_OUTPUT_FILE`): one
/// `<testsuite>`, one `<testcase>` per script whose `classname` is the script's folder and whose
/// `name` is its file name, `time` in seconds, and a `<failure>` carrying the diff (an `<error>` for a
/// script that could not run).
public enum JUnitReport {
  /// The whole document.
  public static func xml(_ results: [ScriptResult], name: String, seconds: Double) -> String {
    let failures = results.filter { if case .failed = $0.outcome { !$0.updated } else { false } }.count
    let errors = results.filter { if case .error = $0.outcome { true } else { false } }.count
    let skipped = results.filter { $0.skipReason != nil }.count
    let counts = "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<testsuites name=\"\(escaped(name))\" \(counts) time=\"\(time(seconds))\">",
      "  <testsuite name=\"\(escaped(name))\" \(counts) skipped=\"\(skipped)\" time=\"\(time(seconds))\">",
    ]
    for result in results {
      let (folder, file) = split(result.path)
      let opening =
        "    <testcase name=\"\(escaped(file))\" classname=\"\(escaped(folder))\" "
        + "time=\"\(time(result.seconds))\""
      switch result.outcome {
      case .failed where result.updated, .passed:
        lines.append(opening + "/>")
      case .failed(let diff):
        lines.append(opening + ">")
        lines.append(
          "      <failure message=\"the output differs from the script\" type=\"mismatch\">"
            + escaped(diff.joined(separator: "\n")) + "</failure>")
        lines.append("    </testcase>")
      case .skipped(let reason):
        lines += [opening + ">", "      <skipped message=\"\(escaped(reason))\"/>", "    </testcase>"]
      case .error(let message):
        lines.append(opening + ">")
        lines.append(
          "      <error message=\"\(escaped(message))\" type=\"error\">" + escaped(message) + "</error>")
        lines.append("    </testcase>")
      }
    }
    lines += ["  </testsuite>", "</testsuites>"]
    return lines.joined(separator: "\n") + "\n"
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
