import QuietPlacesUtilities

/// A golden run as TAP version 14 (https://testanything.org/tap-version-14-specification.html): the
/// plan first, one test point per script, a YAML block with the diff or the error under a failing
/// one, and the closing lines as comments.
struct TAPReport: GoldenReporter {
  func start(count: Int) -> [String] { ["TAP version 14", "1..\(count)"] }

  func nothingFound(_ error: String) -> [String] { ["Bail out! \(error)"] }

  func note(_ text: String) -> [String] { ["# \(text)"] }

  func summary(_ lines: [String]) -> [String] { lines.map { "# \($0)" } }

  /// The test point for `result`, numbered from 1, and its diagnostics.
  func result(_ result: ScriptResult, number: Int) -> [String] {
    if let reason = result.skipReason {
      return ["ok \(number) - \(Self.escaped(result.path)) # SKIP \(reason)"]
    }
    let status = result.counted ? "ok" : "not ok"
    var lines = ["\(status) \(number) - \(Self.escaped(result.path))"]
    if result.updated { lines.append("# updated \(result.path)") }
    guard !result.counted else { return lines }
    lines.append("  ---")
    switch result.outcome {
    case .passed, .skipped:
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
