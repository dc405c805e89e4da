import QuietPlacesInvariants
import QuietPlacesUtilities

/// `check [NAME ...]` or `check --invariant 'EXPR'`: the engine's invariants on this device, or a
/// studio's own property over `state --json`. Changes nothing.
struct CheckCommand: REPLCommand {
  static let name = "check"
  static let usage = ["check [NAME ...]", "check --invariant 'EXPR'"]
  static let summary =
    "check the engine's invariants on this device (all, or those named), or an expression over state --json"
  static let topic = HelpTopic.files

  static func completion(after words: [String]) -> ArgumentCompletion {
    words.first == "--invariant"
      ? .none : .words(Invariant.allNames.filter { !words.contains($0) } + ["--invariant"])
  }

  /// What to check.
  enum Subject: Equatable {
    /// Named invariants, in their order.
    case invariants([Invariant])
    /// An expression over `state --json`, as typed (quotes around it taken off).
    case expression(String)
  }

  let subject: Subject

  init(parsing arguments: [String]) throws(CommandError) {
    if arguments.first == "--invariant" {
      let typed = arguments.dropFirst().joined(separator: " ")
      if let (first, rest) = Self.quotedThenMore(typed) { throw .severalExpressions(first, then: rest) }
      let text = Self.unquoted(typed)
      guard !text.isEmpty else { throw Self.usageError() }
      subject = .expression(text)
      return
    }
    // Names and an expression are two checks: two lines.
    if arguments.contains("--invariant") { throw Self.usageError() }
    // Names in quotes (`check "money"`) are names: quotes are not read elsewhere either.
    let names = arguments.map(Self.unquoted)
    // A name is letters, dots and dashes: a comparison or a quote is an expression's.
    if names.contains(where: { $0.contains(where: { "<>=!'\"".contains($0) }) }) {
      throw .expressionWithoutOption(Self.unquoted(arguments.joined(separator: " ")))
    }
    var chosen: Set<Invariant> = []
    for name in names {
      guard let named = Invariant.named(name) else {
        throw .unknownInvariant(
          name,
          suggestion: EditDistance.closest(
            to: name, in: Invariant.allNames, within: EditDistance.tolerance(for: name)))
      }
      chosen.formUnion(named)
    }
    subject = .invariants(chosen.isEmpty ? Invariant.allCases : chosen.sorted())
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    switch subject {
    case .invariants(let invariants):
      let broken = await session.check(invariants)
      guard broken.isEmpty else { return broken.map { .error(.invariantBroken($0)) } }
      return .info(Self.allHold(invariants))
    case .expression(let text):
      let state = await session.stateJSON()
      let expression: InvariantExpression
      do {
        expression = try InvariantExpression(text, state: state)
      } catch {
        throw .invariantExpression(error)
      }
      if let broken = expression.check(on: state) { return [.error(.invariantBroken(broken))] }
      return [.info("invariant '\(text)' holds")]
    }
  }

  /// What `check` prints when every invariant checked holds: one line per family (`money 6/6 hold`
  /// when all of it was checked, the names checked and how many of the family's otherwise), then
  /// the count (`all 14 invariants hold`, or how many of all were checked).
  static func allHold(_ invariants: [Invariant]) -> [String] {
    var lines: [String] = []
    for family in Invariant.families {
      let checked = invariants.filter { $0.family == family }
      guard !checked.isEmpty else { continue }
      let all = Invariant.allCases.filter { $0.family == family }.count
      let verb = checked.count == 1 ? "holds" : "hold"
      if checked.count == all {
        lines.append("\(family) \(all)/\(all) \(verb)")
      } else {
        let names = checked.map(\.name).joined(separator: ", ")
        lines.append("\(names) \(verb) (\(checked.count) of \(family)'s \(all) checked)")
      }
    }
    let total = Invariant.allCases.count
    if invariants.count == total {
      lines.append("all \(total) invariants hold")
    } else if invariants.count == 1 {
      lines.append("the 1 invariant checked holds (of \(total))")
    } else {
      lines.append("the \(invariants.count) invariants checked hold (of \(total))")
    }
    return lines
  }

  /// The first quoted part of `text` and what follows it, when `text` starts with a quote that
  /// closes before its end (`'a <= 1' 'b <= 2'`); `nil` otherwise.
  static func quotedThenMore(_ text: String) -> (String, String)? {
    // A double quote may open the expression's own string (`"charts" in owned`); a single one only
    // wraps an expression.
    guard let quote = text.first, quote == "'" else { return nil }
    let inside = text.dropFirst()
    guard let close = inside.firstIndex(of: quote) else { return nil }
    let rest = inside[inside.index(after: close)...].trimmingWhitespace
    return rest.isEmpty ? nil : (String(inside[..<close]), rest)
  }

  /// The text with one pair of surrounding quotes (`'…'` or `"…"`) taken off, as a shell would.
  static func unquoted(_ text: String) -> String {
    guard text.count >= 2, let first = text.first, first == "'" || first == "\"", text.last == first else {
      return text
    }
    let inside = text.dropFirst().dropLast()
    // `"a" == "b"` is an expression with two strings, not one wrapped in quotes.
    return inside.contains(first) ? text : String(inside)
  }
}

extension CheckCommand: HelpDetails {
  /// The invariants by family: a family's name checks all of it, an invariant's name only itself.
  static var helpDetails: [String] {
    ["  names (a family checks all of its own; * marks those checked on copies of the device):"]
      + Invariant.families.map { family in
        let names = Invariant.allCases.filter { $0.family == family }
          .map { $0.name + ($0.isCostly ? " *" : "") }
        return "    \(Text.padded(family, 12)) \(names.joined(separator: ", "))"
      }
  }
}
