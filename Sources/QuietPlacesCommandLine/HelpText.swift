/// The usage lines and `--help` texts, derived from the modes' declarations.
enum HelpText {
  /// The width lines are wrapped to.
  static let width = 100
  /// A mode with more options than this is shown as `[OPTIONS]` in another mode's usage lines.
  static let inlineOptions = 10
  /// Where `--help`'s lists put the help lines, at most.
  static let labelColumn = 30

  /// A mode's usage line, unwrapped: its path, its arguments and its options (or `[OPTIONS]` when
  /// `short` and there are many).
  static func synopsis(_ shape: CommandShape, path: [String], short: Bool = false) -> String {
    let options =
      short && shape.options.count > inlineOptions ? ["[OPTIONS]"] : shape.options.map(\.synopsis)
    return (path + shape.arguments.map(\.synopsis) + options).joined(separator: " ")
  }

  /// The usage lines of `node` and of every mode below it, unwrapped and short, each with the number
  /// of words its mode's path has.
  static func usages(of node: Subcommand, path: [String]) -> [(line: String, words: Int)] {
    var lines: [(line: String, words: Int)] = []
    if case .mode(let mode) = node {
      lines.append((synopsis(mode.shape, path: path, short: true), path.count))
    }
    for subcommand in node.subcommands {
      lines += usages(of: subcommand, path: path + [subcommand.name])
    }
    return lines
  }

  /// The whole `--help` text of `node`, reached by `path`.
  static func help(for node: Subcommand, path: [String]) -> [String] {
    var usageLines: [(line: String, words: Int)] = []
    if case .mode(let mode) = node { usageLines.append((synopsis(mode.shape, path: path), path.count)) }
    for subcommand in node.subcommands {
      usageLines += usages(of: subcommand, path: path + [subcommand.name])
    }
    var lines: [String] = []
    for (number, usage) in usageLines.enumerated() {
      lines += wrapped(usage.line, first: number == 0 ? "usage: " : "       ", hangingAfter: usage.words)
    }
    var shape: CommandShape?
    if case .mode(let mode) = node { shape = mode.shape }
    if let version = shape?.version, !version.isEmpty {
      lines.append("       \(path.joined(separator: " ")) --help | --version")
    }
    lines.append("")
    lines += wrap(node.abstract, indent: "")
    if let discussion = shape?.discussion, !discussion.isEmpty {
      lines.append("")
      lines += discussion.flatMap { wrap($0, indent: "") }
    }
    if let shape, !shape.arguments.isEmpty {
      lines += ["", "arguments:"]
      lines += table(
        shape.arguments.map { ($0.synopsis, $0.help + ($0.defaultText.map { " (default: \($0))" } ?? "")) })
    }
    if let shape {
      var rows = shape.options.map { option in
        var notes: [String] = []
        if case .repeating = option.kind { notes.append("repeatable") }
        if let shown = option.defaultText { notes.append("default: \(shown)") }
        return (option.label, option.help + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"))
      }
      if shape.version != nil { rows.append((CommandLineParser.versionName, "print the version and stop")) }
      rows.append((CommandLineParser.helpNames.joined(separator: ", "), "print this help and stop"))
      lines += ["", "options:"]
      lines += table(rows)
    }
    let below = descendants(of: node, path: [])
    if !below.isEmpty {
      lines += ["", "subcommands:"]
      lines += table(below)
      lines += ["", "\(path.joined(separator: " ")) SUBCOMMAND --help shows a subcommand's options."]
    }
    return lines
  }

  /// Every mode below `node`, by its path from `node`, with its abstract.
  private static func descendants(of node: Subcommand, path: [String]) -> [(String, String)] {
    node.subcommands.flatMap { subcommand -> [(String, String)] in
      let name = (path + [subcommand.name]).joined(separator: " ")
      var rows: [(String, String)] = []
      if case .mode = subcommand { rows.append((name, subcommand.abstract)) }
      return rows + descendants(of: subcommand, path: path + [subcommand.name])
    }
  }

  /// Two columns: each label indented by two spaces, each text in the column after the longest
  /// label (at most ``labelColumn``; a longer label puts its text on the next line), wrapped.
  static func table(_ rows: [(String, String)]) -> [String] {
    let column = min(labelColumn, (rows.map(\.0.count).max() ?? 0) + 4)
    var lines: [String] = []
    for (label, text) in rows {
      let start = "  " + label
      let indent = String(repeating: " ", count: column)
      if start.count + 2 <= column {
        let body = wrap(text, indent: indent)
        lines.append(start + String(repeating: " ", count: column - start.count) + body[0].dropFirst(column))
        lines += body.dropFirst()
      } else {
        lines.append(start)
        lines += wrap(text, indent: indent)
      }
    }
    return lines
  }

  /// `text` in lines of at most ``width`` characters, each starting with `indent`; a word longer
  /// than a line has a line of its own.
  static func wrap(_ text: String, indent: String) -> [String] {
    var lines: [String] = []
    var line = indent
    for word in text.split(separator: " ") {
      if line.count > indent.count && line.count + 1 + word.count > width {
        lines.append(line)
        line = indent
      }
      line += (line.count > indent.count ? " " : "") + word
    }
    lines.append(line)
    return lines
  }

  /// A usage line wrapped at the spaces between its parts (never inside `[--jobs N]`), its first
  /// line after `first` and the rest lined up after the command's first `hangingAfter` words.
  static func wrapped(_ usage: String, first: String, hangingAfter words: Int) -> [String] {
    var parts: [String] = []
    var depth = 0
    var current = ""
    for character in usage {
      if character == "[" { depth += 1 }
      if character == "]" { depth -= 1 }
      if character == " " && depth == 0 {
        parts.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    parts.append(current)
    let head = parts.prefix(words).joined(separator: " ")
    let indent = String(repeating: " ", count: first.count + head.count + 1)
    var lines: [String] = []
    var line = first + head
    for part in parts.dropFirst(words) {
      if line.count > indent.count && line.count + 1 + part.count > width {
        lines.append(line)
        line = indent + part
      } else {
        line += " " + part
      }
    }
    lines.append(line)
    return lines
  }
}
