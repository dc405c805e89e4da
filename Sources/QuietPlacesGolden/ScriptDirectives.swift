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

  /// `# skip:` lines.
  public var skips: [Directive]
  /// `# requires:` lines.
  public var requirements: [Directive]
  /// Comments that read as a directive misspelled (`# require:`, `# Skip:`), which would otherwise
  /// be passed over as prose: the condition unchecked, the script run where it should not.
  public var misspelled: [Directive]

  /// The first words of comments taken for a directive misspelled, lower-cased.
  static let nearDirectives: Set<String> = [
    "skip", "skips", "skipped", "skipping", "require", "required", "requires", "requirement", "requirements",
  ]

  /// The directives among `script`'s comments.
  public init(_ script: GoldenScript) {
    var skips: [Directive] = []
    var requirements: [Directive] = []
    var misspelled: [Directive] = []
    for entry in script.entries {
      guard case .comment(let line) = entry else { continue }
      let body = line.text.dropFirst().trimmingWhitespace
      if let rest = Self.value(of: "skip:", in: body) {
        skips.append(Directive(line: line.number, text: rest))
      } else if let rest = Self.value(of: "requires:", in: body) {
        requirements.append(Directive(line: line.number, text: rest))
      } else if let colon = body.firstIndex(of: ":"),
        Self.nearDirectives.contains(body[..<colon].lowercased())
      {
        misspelled.append(Directive(line: line.number, text: String(body[...colon])))
      }
    }
    self.skips = skips
    self.requirements = requirements
    self.misspelled = misspelled
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
    if let first = misspelled.first {
      throw GoldenScriptError(
        path: path, line: first.line,
        problem: .badCondition(
          "'# \(first.text)' is not a directive; write '# requires: CONDITION' or '# skip: REASON', "
            + "or reword the comment"))
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
    if let skip = skips.first { return skip.text }
    for requirement in requirements {
      if let reason = try? conditions.unmet(requirement.text) { return reason }
    }
    return nil
  }
}
