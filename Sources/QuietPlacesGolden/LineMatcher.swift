/// How an expected line of a `.qp` script is compared with the line the session printed.
///
/// cram's convention: a line ending in ` (re)` is a regular expression that must match the whole
/// actual line; one ending in ` (glob)` is a glob (`*` any run of characters, `?` any one, `\` makes
/// the next character literal); any other line must be equal. A matcher line that is literally equal
/// to the actual line matches too, so output that itself ends in ` (re)` can be pinned as it is.
/// White space at the end of either line is never compared.
public enum LineMatcher: Sendable, Equatable {
  /// The line must be equal.
  case exact(String)
  /// The pattern (without ` (re)`) must match the whole line.
  case regex(String)
  /// The glob (without ` (glob)`) must match the whole line.
  case glob(String)

  /// The suffix that makes an expected line a regular expression.
  public static let regexSuffix = " (re)"
  /// The suffix that makes an expected line a glob.
  public static let globSuffix = " (glob)"

  /// The matcher an expected line stands for.
  ///
  /// White space before the suffix is trimmed as at the end of a literal line: a printed line is
  /// compared without the white space at its end, so a pattern that ended in some could never match
  /// (and an ` (absent)` check made of one would always pass).
  public init(expected line: String) {
    let text = Self.trimmedEnd(line)
    if text.hasSuffix(Self.regexSuffix) {
      self = .regex(String(Self.trimmedEnd(String(text.dropLast(Self.regexSuffix.count)))))
    } else if text.hasSuffix(Self.globSuffix) {
      self = .glob(String(Self.trimmedEnd(String(text.dropLast(Self.globSuffix.count)))))
    } else {
      self = .exact(String(text))
    }
  }

  /// Whether this is a regular expression or a glob rather than an exact line.
  public var isPattern: Bool {
    if case .exact = self { false } else { true }
  }

  /// Why the pattern of a ` (re)` line cannot be used, or `nil` when it can (or is not a regex).
  public var problem: String? {
    guard case .regex(let pattern) = self else { return nil }
    do {
      _ = try LineRegex(pattern)
      return nil
    } catch {
      return error.description
    }
  }

  /// Whether `actual` is a line this matcher accepts.
  public func matches(_ actual: String) -> Bool {
    outcome(actual) == .matched
  }

  /// Whether `actual` is a line this matcher accepts, or (a ` (re)` line with a backreference only)
  /// that the pattern ran out of steps before it could tell (``LineRegex``).
  public func outcome(_ actual: String) -> LineRegex.Outcome {
    let line = Self.trimmedEnd(actual)
    switch self {
    case .exact(let text):
      return line == text ? .matched : .different
    case .regex(let pattern):
      if line == pattern + Self.regexSuffix { return .matched }
      guard let regex = try? LineRegex(pattern) else { return .different }
      return regex.wholeMatch(line)
    case .glob(let pattern):
      if line == pattern + Self.globSuffix { return .matched }
      return Self.globMatches(Array(pattern), Array(line)) ? .matched : .different
    }
  }

  /// The line without white space (or a CR) at its end.
  static func trimmedEnd(_ line: String) -> Substring {
    var text = Substring(line)
    while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
    return text
  }

  /// Glob matching with one point to come back to: a `*` first matches nothing and takes one more
  /// character each time the rest fails, which is enough because a later `*` can absorb anything an
  /// earlier one could.
  static func globMatches(_ pattern: [Character], _ text: [Character]) -> Bool {
    var p = 0
    var t = 0
    var star: (pattern: Int, text: Int)?
    while t < text.count {
      if p < pattern.count {
        switch pattern[p] {
        case "*":
          star = (p, t)
          p += 1
          continue
        case "?":
          p += 1
          t += 1
          continue
        case "\\" where p + 1 < pattern.count:
          if pattern[p + 1] == text[t] {
            p += 2
            t += 1
            continue
          }
        default:
          if pattern[p] == text[t] {
            p += 1
            t += 1
            continue
          }
        }
      }
      guard let resume = star else { return false }
      star = (resume.pattern, resume.text + 1)
      p = resume.pattern + 1
      t = resume.text + 1
    }
    while p < pattern.count && pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}
