import QuietPlacesUtilities

/// A golden run as TAP version 13 (https://testanything.org/tap-version-13-specification.html), the
/// version Debian 12's `prove` and PyPI's `tap.py` read: the plan first, one test point per script,
/// a YAML block with the diff or the error under a failing one, and the closing lines as comments.
///
/// Every one-line YAML value is a double-quoted scalar with every character YAML may not hold raw
/// escaped, so the block stays valid YAML whatever a script printed (control characters, quotes,
/// `: `, a leading `-`). The diff is a literal block scalar (`diff: |`), its lines as they are: the
/// one form of many lines that Perl's `TAP::Parser::YAMLish::Reader` (behind `prove`) reads whatever
/// the lines hold (it takes a list item such as `- "-error: x"` for a mapping and gives up).
struct TAPReport: GoldenReporter {
  func start(count: Int) -> [String] { ["TAP version 13", "1..\(count)"] }

  func nothingFound(_ error: String) -> [String] { ["Bail out! \(Self.oneLine(error))"] }

  func note(_ text: String) -> [String] { ["# \(Self.oneLine(text))"] }

  func summary(_ lines: [String]) -> [String] { lines.map { "# \(Self.oneLine($0))" } }

  /// The test point for `result`, numbered from 1, and its diagnostics.
  func result(_ result: ScriptResult, number: Int) -> [String] {
    if let reason = result.skipReason {
      return ["ok \(number) - \(Self.escaped(result.path)) # SKIP \(Self.oneLine(reason))"]
    }
    let status = result.counted ? "ok" : "not ok"
    var lines = ["\(status) \(number) - \(Self.escaped(result.path))"]
    if result.updated { lines.append("# updated \(Self.oneLine(result.path))") }
    guard !result.counted else { return lines }
    lines.append("  ---")
    switch result.outcome {
    case .passed, .skipped:
      break
    case .failed(let diff):
      // What failed, as JUnit's message says it: the cause, else the first differing line's place.
      let message =
        result.cause?.message ?? result.firstDifference?.place
        ?? "\(result.path):1: the output differs from the script"
      lines.append("  message: " + Self.yamlQuoted(message))
      if let first = result.firstDifference {
        lines.append("  at: " + Self.yamlQuoted(first.place))
      } else if let line = result.cause?.line {
        lines.append("  at: " + Self.yamlQuoted("\(result.path):\(line)"))
      }
      lines += Self.block("diff", diff)
    case .error(let message):
      lines.append("  message: " + Self.yamlQuoted(message))
      if let line = result.cause?.line {
        lines.append("  at: " + Self.yamlQuoted("\(result.path):\(line)"))
      }
    }
    lines.append("  ...")
    return lines
  }

  /// `key: |` and `lines` as a literal block scalar indented under it; or, when a line cannot stand
  /// in such a block as it is (a control character, an empty first line or one that starts with
  /// white space, which would need an indentation indicator Perl's reader does not know, an empty
  /// line, which ends the block for that reader), all the lines as one double-quoted scalar.
  static func block(_ key: String, _ lines: [String]) -> [String] {
    let literal =
      !lines.isEmpty
      && lines.allSatisfy { line in
        !line.isEmpty
          && line.unicodeScalars.allSatisfy { $0 == "\t" || isPrintable($0) }
      } && lines[0].first.map { $0 != " " && $0 != "\t" } == true
    guard literal else { return ["  \(key): " + yamlQuoted(lines.joined(separator: "\n"))] }
    return ["  \(key): |"] + lines.map { "    " + $0 }
  }

  /// A description on one line with `\` and `#` escaped (a `#` would start a directive).
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in oneLine(text) {
      if character == "\\" || character == "#" { result.append("\\") }
      result.append(character)
    }
    return result
  }

  /// Text kept on its line: line breaks and other control characters written as `\u{…}`.
  static func oneLine(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether YAML holds `scalar` as it is, on its line: its printable set, less the byte-order mark
  /// and the characters YAML 1.1 reads as line breaks (NEL, U+2028, U+2029).
  static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return (0x20...0x7E).contains(value)
      || (0xA0...0xD7FF).contains(value) && value != 0x2028 && value != 0x2029
      || (0xE000...0xFFFD).contains(value) && value != 0xFEFF || (0x10000...0x10FFFF).contains(value)
  }

  /// A YAML double-quoted scalar: `"` and `\` escaped, and every character outside YAML's printable
  /// set (C0 and C1 controls, DEL, surrogates, U+FFFE/U+FFFF, and the line breaks NEL, U+2028 and
  /// U+2029) written as `\xXX` or `\uXXXX`; tab,
  /// line feed and carriage return as `\t`, `\n`, `\r`.
  ///
  /// The scalar and the key before it fit a printed line (``PrintedLine/maximumBytes``, 2,000 bytes):
  /// a longer text is cut inside the quotes with `… (N more bytes)`, so the line is never cut after
  /// its closing quote was written, which left the YAML unreadable.
  static func yamlQuoted(_ text: String) -> String {
    let budget = PrintedLine.maximumBytes - 64
    var result = "\""
    var taken = 0
    for scalar in text.unicodeScalars {
      if result.utf8.count > budget {
        let rest = text.utf8.count - taken
        return result + "… (\(rest.withThousandsSeparators) more bytes)\""
      }
      taken += String(scalar).utf8.count
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\t": result += "\\t"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      default:
        let value = scalar.value
        if isPrintable(scalar) {
          result.unicodeScalars.append(scalar)
        } else if value <= 0xFF {
          let hex = String(value, radix: 16)
          result += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
        } else {
          let hex = String(value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
      }
    }
    return result + "\""
  }
}
