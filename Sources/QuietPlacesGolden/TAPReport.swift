import QuietPlacesUtilities

/// The lines of a TAP version 14 report (https://testanything.org/tap-version-14-specification.html):
/// one test point per script, a YAML block with the diff or the error under a failing one.
public enum TAPReport {
  /// The test point for `result`, numbered from 1, and its diagnostics.
  public static func lines(for result: ScriptResult, number: Int) -> [String] {
    let status = result.counted ? "ok" : "not ok"
    var lines = ["\(status) \(number) - \(escaped(result.path))"]
    if result.updated { lines.append("# updated \(result.path)") }
    guard !result.counted else { return lines }
    lines.append("  ---")
    switch result.outcome {
    case .passed:
      break
    case .failed(let diff):
      lines.append("  message: \"the output differs from the script\"")
      lines.append("  diff: |")
      lines += diff.map { "    " + $0 }
    case .error(let message):
      lines.append("  message: " + message.jsonQuoted)
    }
    lines.append("  ...")
    return lines
  }

  /// A description with `\` and `#` escaped, as TAP 14 asks.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if character == "\\" || character == "#" { result.append("\\") }
      result.append(character)
    }
    return result
  }
}
