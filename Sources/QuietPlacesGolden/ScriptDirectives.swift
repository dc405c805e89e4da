import QuietPlacesUtilities

/// The comments that decide whether a script runs at all: `# skip: REASON` and
/// `# requires: CONDITION` (``ScriptConditions``), anywhere in the script.
public struct ScriptDirectives: Sendable, Equatable {
  /// A directive and the line it is on.
  public struct Directive: Sendable, Equatable {
    /// The 1-based line.
    public var line: Int
    /// What follows `# skip:` or `# requires:`, trimmed.
    public var text: String
  }

  /// A comment that reads as a directive misspelled, and the directive it was probably meant to be.
  public struct Misspelling: Sendable, Equatable {
    /// The 1-based line.
    public var line: Int
    /// The comment as written, `#` included, trimmed.
    public var written: String
    /// The directive it would be, written right (`# requires: storefront USA`).
    public var meant: String
  }

  /// `# skip:` lines.
  public var skips: [Directive]
  /// `# requires:` lines.
  public var requirements: [Directive]
  /// Comments that read as a directive misspelled (`# require:`, `# Skip:`, `# reqiures: …`,
  /// `# requires : …`, `# requires storefront USA`, `# skip flaky`), which would otherwise be passed
  /// over as prose: the condition unchecked, the script run where it should not.
  public var misspelled: [Misspelling]

  /// First words taken for a directive misspelled when a colon follows them, beyond the typos within
  /// reach of `requires` and `skip` (lower-cased).
  static let nearDirectives: Set<String> = [
    "skips", "skipped", "skipping", "requirement", "requirements",
  ]

  /// The directives among `script`'s comments.
  public init(_ script: GoldenScript) {
    var skips: [Directive] = []
    var requirements: [Directive] = []
    var misspelled: [Misspelling] = []
    for entry in script.entries {
      guard case .comment(let line) = entry else { continue }
      let body = line.text.dropFirst().trimmingWhitespace
      if let rest = Self.value(of: "skip:", in: body) {
        skips.append(Directive(line: line.number, text: rest))
      } else if let rest = Self.value(of: "requires:", in: body) {
        requirements.append(Directive(line: line.number, text: rest))
      } else if let meant = Self.meant(body) {
        misspelled.append(Misspelling(line: line.number, written: "# " + body, meant: meant))
      }
    }
    self.skips = skips
    self.requirements = requirements
    self.misspelled = misspelled
  }

  /// The directive a comment's text (after `#`) was probably meant to be, or `nil` for prose.
  ///
  /// Its first word is a typo of `requires` (two edits or fewer: `reqiures`, `require`, `Requires`)
  /// or of `skip` (one edit, or two letters swapped, keeping its `k` and `p`: `Skip`, `skpi`), and
  /// either a colon follows it (spaces before the colon allowed: `# requires : storefront USA`), or,
  /// with no colon, what follows is a condition (`# requires storefront USA`) or it is `skip` itself,
  /// in lower case (`# skip flaky`; `# Skip to the end` is prose). A prose comment seldom starts so;
  /// one that does is reworded.
  static func meant(_ body: String) -> String? {
    let word = String(body.prefix { $0.isLetter })
    guard !word.isEmpty else { return nil }
    var rest = body.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }
    let colon = rest.first == ":"
    if colon { rest = rest.dropFirst() }
    // The word alone, or followed by a colon or white space (not `skip-list`, `requires.`).
    guard colon || rest.count < body.count - word.count || body.count == word.count else { return nil }
    let value = rest.trimmingWhitespace
    let lower = word.lowercased()
    let requires = lower.count >= 5 && Self.near(lower, "requires", within: 2)
    let skip = lower.contains("k") && lower.contains("p") && Self.near(lower, "skip", within: 1)
    let known = colon && Self.nearDirectives.contains(lower)
    let meant: String
    if requires || (known && lower.hasPrefix("req")) {
      let condition = value.split(separator: " ").first.map { $0.lowercased() }
      guard colon || condition.map(ScriptConditions.words.contains) == true else { return nil }
      meant = "requires: " + (value.isEmpty ? "CONDITION" : value)
    } else if skip || known {
      // Without a colon, only the directive's own word as it is written: `# Skip to …` is prose.
      guard colon || word == "skip" else { return nil }
      meant = "skip: " + (value.isEmpty ? "REASON" : value)
    } else {
      return nil
    }
    return "# " + meant
  }

  /// Whether `word` is within `limit` edits of `target`, or is `target` with two letters swapped.
  static func near(_ word: String, _ target: String, within limit: Int) -> Bool {
    if EditDistance.between(Array(word), Array(target), atMost: limit) != nil { return true }
    let (a, b) = (Array(word), Array(target))
    guard a.count == b.count else { return false }
    let differ = a.indices.filter { a[$0] != b[$0] }
    return differ.count == 2 && differ[1] == differ[0] + 1 && a[differ[0]] == b[differ[1]]
      && a[differ[1]] == b[differ[0]]
  }

  private static func value(of keyword: String, in body: String) -> String? {
    guard body.hasPrefix(keyword) else { return nil }
    return String(body.dropFirst(keyword.count)).trimmingWhitespace
  }

  /// Why the script does not run here (the first `# skip:` reason, else the first condition that does
  /// not hold), or `nil` when it runs. A condition that cannot be read is an error at its line.
  public func skipReason(under conditions: ScriptConditions, path: String) throws(GoldenScriptError)
    -> String?
  {
    try skipping(under: conditions, path: path)?.reason
  }

  /// The skip reason and the line of the directive that gives it (what a CI report points at).
  public func skipping(under conditions: ScriptConditions, path: String) throws(GoldenScriptError)
    -> (reason: String, line: Int)?
  {
    if let first = misspelled.first {
      throw GoldenScriptError(
        path: path, line: first.line,
        problem: .badCondition(
          "'\(first.written)' is not a directive; write '\(first.meant)', or reword the comment"))
    }
    if let skip = skips.first(where: { $0.text.isEmpty }) {
      throw GoldenScriptError(
        path: path, line: skip.line,
        problem: .badCondition("'# skip:' without a reason; say why, such as '# skip: waits for route 9'"))
    }
    for requirement in requirements {
      do {
        _ = try conditions.unmet(requirement.text)
      } catch {
        throw GoldenScriptError(path: path, line: requirement.line, problem: .badCondition(error.sentence))
      }
    }
    if let skip = skips.first { return (skip.text, skip.line) }
    for requirement in requirements {
      if let reason = try? conditions.unmet(requirement.text) { return (reason, requirement.line) }
    }
    return nil
  }
}
