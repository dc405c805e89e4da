import FoundationEssentials
import QuietPlacesREPL
import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// A parsed `.qp` script: comments, commands and each command's expected output, with line numbers.
///
/// The format (repl.md §2): a line starting with `> ` is a command (a tab after `>` works too); a line
/// starting with `#` is a comment; the lines after a command, up to the next command or comment, are its
/// expected output. Blank lines between blocks are ignored and trailing blank lines of a block are not
/// compared; an expected line ending in ` (re)` or ` (glob)` is a pattern (``LineMatcher``). The script
/// keeps its original text so that ``rendered(actualOutputs:)`` can rewrite only the output that
/// changed, leaving commands, comments, blank lines and still-matching patterns byte for byte.
public struct GoldenScript: Sendable, Equatable {
  /// The largest script read: 8 MiB, a million short commands (the largest of `Scripts/` is 11 kB);
  /// a larger file is refused before it is read, as running it could take gigabytes.
  public static let maximumFileSize = 8 * 1_048_576

  /// One line of the script: its 1-based number and its text (without the line ending).
  public struct Line: Sendable, Equatable {
    /// The 1-based line number in the file.
    public var number: Int
    /// The text, without the line ending.
    public var text: String

    /// Makes a line.
    public init(number: Int, text: String) {
      self.number = number
      self.text = text
    }
  }

  /// A command and the output expected from it.
  public struct Block: Sendable, Equatable {
    /// The command as the session receives it, without the `> ` and surrounding white space.
    public var command: String
    /// The 1-based line number of the command.
    public var line: Int
    /// The expected output lines, without the block's trailing blank lines.
    public var expected: [Line]

    /// Makes a block.
    public init(command: String, line: Int, expected: [Line]) {
      self.command = command
      self.line = line
      self.expected = expected
    }

    /// The expected lines compared line for line: every one but the ` (absent)` checks.
    public var positional: [Line] {
      expected.filter { AbsentLine(expected: $0.text) == nil }
    }

    /// The ` (absent)` checks and their lines.
    public var absent: [(line: Line, check: AbsentLine)] {
      expected.compactMap { line in AbsentLine(expected: line.text).map { (line, $0) } }
    }

    /// Whether `actual` is the output this block expects.
    ///
    /// Line for line, each expected line matches as its ``LineMatcher`` says (exact, ` (re)` or
    /// ` (glob)`), and no line is one an ` (absent)` check forbids. Trailing blank lines are ignored on
    /// both sides, and so is white space at the end of a line (editors strip it, and a test should not
    /// fail on what nobody can see).
    public func matches(_ actual: [String]) -> Bool {
      let wanted = GoldenScript.trimmingTrailingBlanks(positional.map(\.text))
      let got = GoldenScript.trimmingTrailingBlanks(actual)
      guard wanted.count == got.count else { return false }
      guard zip(wanted, got).allSatisfy({ LineMatcher(expected: $0).matches($1) }) else { return false }
      return absent.allSatisfy { $0.check.violation(in: got) == nil }
    }

    /// The ` (absent)` checks that `actual` breaks, each with the line that breaks it.
    public func absentViolations(_ actual: [String]) -> [(line: Line, actual: String)] {
      absent.compactMap { line, check in check.violation(in: actual).map { (line, $0) } }
    }

    /// The output to write in place of this block's expected lines: `actual`, except that an expected
    /// ` (re)` or ` (glob)` line that still matches the line it lines up with is kept as it was.
    ///
    /// Expected and actual lines are lined up by a longest common subsequence in which a line pairs
    /// with the lines its matcher accepts, so a pattern survives lines added or removed around it.
    /// With `widening` (`--update`), a pattern line that no longer matches the line in its place is
    /// kept with the same fixed parts when one matches (``PatternWidening``), and a note (its index
    /// among the lines returned) says what was done with it either way.
    ///
    /// The ` (absent)` checks stay where they were among the other lines (after as many lines as
    /// preceded them, or at the end).
    func rewritten(_ actual: [String], widening: Bool = false) -> (lines: [String], notes: [ScriptUpdateNote])
    {
      var (result, notes) = rewrittenPositional(actual, widening: widening)
      var before = 0
      for line in expected {
        if AbsentLine(expected: line.text) != nil {
          let index = min(before, result.count)
          result.insert(line.text, at: index)
          for note in notes.indices where notes[note].line >= index { notes[note].line += 1 }
          before = index + 1
        } else {
          before += 1
        }
      }
      return (result, notes)
    }

    /// The lines that replace the positional ones (without the ` (absent)` checks), and the notes.
    private func rewrittenPositional(_ actual: [String], widening: Bool) -> ([String], [ScriptUpdateNote]) {
      let got = GoldenScript.trimmingTrailingBlanks(actual)
      let wanted = positional.map(\.text)
      let matchers = wanted.map(LineMatcher.init(expected:))
      guard matchers.contains(where: \.isPattern) else { return (got, []) }
      let n = wanted.count
      let m = got.count
      // lengths[i][j]: the longest alignment of wanted[i...] with got[j...].
      var lengths = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
      for i in stride(from: n - 1, through: 0, by: -1) {
        for j in stride(from: m - 1, through: 0, by: -1) {
          lengths[i][j] =
            matchers[i].matches(got[j])
            ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
        }
      }
      var result = got
      var notes: [ScriptUpdateNote] = []
      // Lines left unpaired between two paired ones: a pattern among them lines up, in order, with
      // the printed line in its place.
      var gapWanted: [Int] = []
      var gapGot: [Int] = []
      func closeGap() {
        for (i, j) in zip(gapWanted, gapGot) where matchers[i].isPattern && widening {
          let widened = PatternWidening.widened(matchers[i], toMatch: got[j])
          if let widened { result[j] = widened }
          notes.append(
            ScriptUpdateNote(line: j, was: positional[i].number, original: wanted[i], widened: widened))
        }
        gapWanted = []
        gapGot = []
      }
      var i = 0
      var j = 0
      while i < n && j < m {
        if matchers[i].matches(got[j]) && lengths[i][j] == lengths[i + 1][j + 1] + 1 {
          closeGap()
          if matchers[i].isPattern { result[j] = wanted[i] }
          i += 1
          j += 1
        } else if lengths[i + 1][j] >= lengths[i][j + 1] {
          gapWanted.append(i)
          i += 1
        } else {
          gapGot.append(j)
          j += 1
        }
      }
      gapWanted += Array(i..<n)
      gapGot += Array(j..<m)
      closeGap()
      return (result, notes)
    }
  }

  /// A comment or a command block, in the order they appear.
  public enum Entry: Sendable, Equatable {
    /// A comment line, `#` included.
    case comment(Line)
    /// A command with its expected output.
    case command(Block)
  }

  /// The script's path as the user named it, used in messages.
  public let path: String
  /// Comments and commands in file order.
  public let entries: [Entry]
  /// The file's lines as they were, without `\n` (a `\r` of a CRLF ending stays, so nothing is lost).
  private let rawLines: [String]
  /// Whether the last line ended with a line break.
  private let endsWithNewline: Bool
  /// Whether the file began with a byte-order mark, which a rewritten file keeps.
  private var byteOrderMark = false

  /// The command blocks in file order.
  public var blocks: [Block] {
    entries.compactMap { entry in
      if case .command(let block) = entry { return block }
      return nil
    }
  }

  /// Parses the text of a script named `path`.
  public static func parse(_ text: String, path: String) throws(GoldenScriptError) -> GoldenScript {
    var body = Substring(text)
    let byteOrderMark = body.hasPrefix("\u{FEFF}")
    if byteOrderMark { body = body.dropFirst() }
    // Line breaks that are a CR alone (classic Mac OS): the whole file would read as one line. (A CR
    // at the very end only is the line's ending, as in CRLF.)
    if !body.utf8.contains(UInt8(ascii: "\n")), body.utf8.dropLast().contains(UInt8(ascii: "\r")) {
      throw GoldenScriptError(path: path, line: nil, problem: .carriageReturnsOnly)
    }
    // Split on the byte: as a Character, "\r\n" is one grapheme and would not match "\n".
    var raw = body.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    let endsWithNewline = raw.count > 1 && raw.last == ""
    if endsWithNewline || raw == [""] { raw.removeLast() }
    let entries = try parseEntries(raw, path: path)
    var script = GoldenScript(path: path, entries: entries, rawLines: raw, endsWithNewline: endsWithNewline)
    script.byteOrderMark = byteOrderMark
    return script
  }

  /// Parses the bytes of a script named `path`, reporting the first line that is not UTF-8.
  public static func parse(data: Data, path: String) throws(GoldenScriptError) -> GoldenScript {
    // Not `String(data:encoding:)`, which drops a byte-order mark the rewritten file must keep.
    if let text = String(validating: data, as: UTF8.self) {
      return try parse(text, path: path)
    }
    var lineNumber = 1
    for lineBytes in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      if String(data: Data(lineBytes), encoding: .utf8) == nil { break }
      lineNumber += 1
    }
    throw GoldenScriptError(path: path, line: lineNumber, problem: .notUTF8)
  }

  /// Reads and parses the script at `url`; `path` is how messages name it.
  public static func load(from url: URL, path: String) throws(GoldenScriptError) -> GoldenScript {
    try read(from: url, path: path).script
  }

  /// Reads and parses the script at `url`, returning the bytes read too (`--update` checks that the
  /// file still holds them before it rewrites it).
  public static func read(from url: URL, path: String) throws(GoldenScriptError) -> (
    script: GoldenScript, data: Data
  ) {
    let data: Data
    do {
      data = try FileBytes.read(url, atMost: maximumFileSize)
    } catch .tooLarge(let bytes, _) {
      throw GoldenScriptError(path: path, line: nil, problem: .tooLarge(bytes))
    } catch {
      throw GoldenScriptError(path: path, line: nil, problem: .unreadable(error.reason(for: "a script")))
    }
    return (try parse(data: data, path: path), data)
  }

  /// The script's text exactly as it was parsed.
  public func rendered() -> String {
    join(rawLines)
  }

  /// The script's text with the expected output of every block that does not match replaced by
  /// `actualOutputs` (one array per block, in order); commands, comments, blank lines, matching
  /// blocks and the pattern lines that still match are kept exactly.
  public func rendered(actualOutputs: [[String]]) -> String {
    let lines = renderedLines(actualOutputs: actualOutputs)
    return join(lines)
  }

  /// The file's lines with failing blocks' output replaced, as ``rendered(actualOutputs:)`` writes them.
  public func renderedLines(actualOutputs: [[String]]) -> [String] {
    updated(actualOutputs: actualOutputs, widening: false).lines
  }

  /// The file's lines as `--update` writes them: failing blocks' output replaced, pattern lines that
  /// no longer match kept with their fixed parts where one matches; and a note for each such line.
  public func updated(actualOutputs: [[String]], widening: Bool = true) -> (
    lines: [String], notes: [ScriptUpdateNote]
  ) {
    let crlf = rawLines.first?.hasSuffix("\r") ?? false
    var result: [String] = []
    var notes: [ScriptUpdateNote] = []
    var next = 0
    for (index, block) in blocks.enumerated() where index < actualOutputs.count {
      let actual = actualOutputs[index]
      guard !block.matches(actual) else { continue }
      let start = block.line  // the 0-based index of the first line after the command
      result += rawLines[next..<start]
      let (lines, blockNotes) = block.rewritten(actual, widening: widening)
      notes += blockNotes.map { note in
        var note = note
        note.line += result.count + 1
        return note
      }
      result += lines.map { crlf ? $0 + "\r" : $0 }
      next = start + block.expected.count
    }
    result += rawLines[next...]
    return (result, notes)
  }

  /// The file's text as `--update` writes it, and the notes on its pattern lines.
  public func updatedText(actualOutputs: [[String]]) -> (text: String, notes: [ScriptUpdateNote]) {
    let (lines, notes) = updated(actualOutputs: actualOutputs)
    return (join(lines), notes)
  }

  /// The file's lines as they were, without line endings.
  public var lines: [String] {
    rawLines.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
  }

  // MARK: - Parsing

  private static func parseEntries(_ raw: [String], path: String) throws(GoldenScriptError) -> [Entry] {
    enum Place { case start, comment, command }  // what the last non-blank line was
    var entries: [Entry] = []
    var place = Place.start
    var current: Block?
    var pending: [Line] = []  // output lines of the current block, blank ones included

    func closeBlock() {
      guard var block = current else { return }
      while let last = pending.last, isBlank(last.text) { pending.removeLast() }
      block.expected = pending
      entries.append(.command(block))
      current = nil
      pending = []
    }

    for (index, rawLine) in raw.enumerated() {
      let number = index + 1
      var text = rawLine.hasSuffix("\r") ? String(rawLine.dropLast()) : rawLine
      // A session copied from the terminal: its prompt `qp> ` is a script's `> `, and `? ` after a
      // question (a line ending `[y/N]`) is the answer typed at the question's prompt.
      let asked =
        place == .command && pending.last(where: { !isBlank($0.text) })?.text.hasSuffix("[y/N]") == true
      // The REPL reads a pasted line by the same rule; `> ` lines keep their own checks below.
      if asked && PastedLine.isEmptyAnswer(text) {
        // Enter pressed at the question: recorded as `> `, copied from the terminal as `? ` (an
        // editor strips the space). The empty answer is the question's default, No.
        closeBlock()
        current = Block(command: "", line: number, expected: [])
        place = .command
        continue
      } else if PastedLine.isEmptyPrompt(text) {
        text = ""
      } else if !text.hasPrefix(">"), let command = PastedLine.afterPrompt(text, asking: asked) {
        text = "> " + command
      }
      if text.hasPrefix(">") {
        let rest = text.dropFirst()
        if rest.allSatisfy(\.isWhitespace) {
          throw GoldenScriptError(path: path, line: number, problem: .emptyCommand)
        }
        guard let first = rest.first, first == " " || first == "\t" else {
          throw GoldenScriptError(path: path, line: number, problem: .missingSpaceAfterPrompt)
        }
        closeBlock()
        let command = rest.trimmingWhitespace
        current = Block(command: command, line: number, expected: [])
        place = .command
      } else if text.hasPrefix("#") {
        closeBlock()
        entries.append(.comment(Line(number: number, text: text)))
        place = .comment
      } else if place == .command {
        let matcher = AbsentLine(expected: text)?.matcher ?? LineMatcher(expected: text)
        if let problem = matcher.problem {
          throw GoldenScriptError(path: path, line: number, problem: .badRegex(problem))
        }
        pending.append(Line(number: number, text: text))
      } else if !isBlank(text) {
        let commandSeen = entries.contains { if case .command = $0 { true } else { false } }
        let problem: GoldenScriptError.Problem = commandSeen ? .outputAfterComment : .outputBeforeAnyCommand
        throw GoldenScriptError(path: path, line: number, problem: problem)
      }
    }
    closeBlock()
    guard entries.contains(where: { if case .command = $0 { true } else { false } }) else {
      throw GoldenScriptError(path: path, line: nil, problem: .noCommands)
    }
    return entries
  }

  // MARK: - Helpers

  static func isBlank(_ text: some StringProtocol) -> Bool {
    text.allSatisfy { $0 == " " || $0 == "\t" }
  }

  static func trimmingTrailingBlanks(_ lines: [String]) -> [String] {
    var lines = lines
    while let last = lines.last, isBlank(last) { lines.removeLast() }
    return lines
  }

  /// The file's text from its lines, with its line break at the end and its byte-order mark, if it
  /// had them.
  private func join(_ lines: [String]) -> String {
    var text = (byteOrderMark ? "\u{FEFF}" : "") + lines.joined(separator: "\n")
    if endsWithNewline && !lines.isEmpty { text += "\n" }
    return text
  }

}
