import QuietPlacesUtilities

/// Whether a script's commands printed what it expects (each block's lines as their ``LineMatcher``
/// says) and, when not, what differs: a unified diff, each hunk labelled with the command it is in,
/// and for JSON lines the fields that differ, one line each.
enum ScriptComparison {
  /// The lines that show how `outputs` differ from what `script` (printed as `path`) expects, or
  /// `nil` when every block matches.
  ///
  /// With `widening` (`--update`, `--review`), the new side is the text that will be written, pattern
  /// lines widened as ``GoldenScript/updated(actualOutputs:widening:)`` widens them, so what is shown
  /// is what the file will hold; without it, the lines printed (pattern lines that matched kept).
  static func differences(_ script: GoldenScript, outputs: [[String]], path: String, widening: Bool = false)
    -> (diff: [String], fields: [String])?
  {
    let blocks = script.blocks
    guard zip(blocks, outputs).contains(where: { !$0.matches($1) }) else { return nil }
    let actualLines = script.updated(actualOutputs: outputs, widening: widening).lines.map {
      $0.hasSuffix("\r") ? String($0.dropLast()) : $0
    }
    let diff = LineDiff.unified(
      old: script.lines, new: actualLines, oldHeader: "\(path) (expected)", newHeader: "\(path) (actual)"
    ) { index in
      let block = blocks.last { $0.line - 1 <= index } ?? blocks[0]
      return "\(path):\(block.line): > \(block.command)"
    }
    let fields = fieldDifferences(expected: script.lines, actual: actualLines) { index in
      let block = blocks.last { $0.line - 1 <= index } ?? blocks[0]
      return "\(path):\(index + 1) (> \(block.command))"
    }
    let checks = absentViolations(blocks, outputs: outputs, path: path)
    return (diff, fields + checks + slowPatterns(blocks, outputs: outputs, path: path))
  }

  /// `path:line: …` for each ` (absent)` check a block's output breaks, with the line that breaks it.
  static func absentViolations(_ blocks: [GoldenScript.Block], outputs: [[String]], path: String) -> [String]
  {
    zip(blocks, outputs).flatMap { block, actual in
      block.absentViolations(actual).map { line, printed in
        absentMessage(path: path, block: block, check: line, printed: printed)
      }
    }
  }

  /// `path:line: '> CMD' printed a line this (absent) check forbids: LINE`.
  static func absentMessage(
    path: String, block: GoldenScript.Block, check: GoldenScript.Line, printed: String
  )
    -> String
  {
    "\(path):\(check.number): '> \(block.command)' printed a line this (absent) check forbids: \(printed)"
  }

  /// `path:line: the pattern took too long …` for each ` (re)` line of a failing block that ran out of
  /// steps on the line it lines up with (only a pattern with a backreference can: ``LineRegex``).
  static func slowPatterns(_ blocks: [GoldenScript.Block], outputs: [[String]], path: String) -> [String] {
    zip(blocks, outputs).flatMap { block, actual in
      zip(block.expected, actual).compactMap { expected, line in
        guard LineMatcher(expected: expected.text).outcome(line) == .tooLong else { return nil }
        let budget = LineRegex.stepBudget.withThousandsSeparators
        return "\(path):\(expected.number): the pattern took too long (over \(budget) steps, "
          + "backtracking into its backreference); write it without the backreference"
      }
    }
  }

  /// The first line of `script` (printed as `path`) that differs from what its commands printed.
  static func firstDifference(_ script: GoldenScript, outputs: [[String]], path: String)
    -> ScriptResult.Difference?
  {
    let expected = script.lines
    let actual = script.renderedLines(actualOutputs: outputs).map {
      $0.hasSuffix("\r") ? String($0.dropLast()) : $0
    }
    for edit in LineDiff.edits(from: expected, to: actual) {
      switch edit {
      case .same: continue
      case .delete(let old): return .init(path: path, line: old + 1, text: "-" + expected[old])
      case .insert(let new, let before):
        return .init(path: path, line: min(before + 1, max(expected.count, 1)), text: "+" + actual[new])
      }
    }
    return nil
  }

  /// For each expected line that was replaced by an actual line and both are JSON, a heading and one
  /// line per differing field (`  postmarks: expected 20, got 24`).
  ///
  /// Removed and added lines pair up in order within each change of the diff. `place` names an
  /// expected line by its 0-based index.
  static func fieldDifferences(
    expected: [String], actual: [String], place: (Int) -> String
  ) -> [String] {
    var lines: [String] = []
    var removed: [Int] = []
    var added: [Int] = []
    func pairUp() {
      for (old, new) in zip(removed, added) {
        guard
          let differences = JSONFieldDiff.differences(expectedLine: expected[old], actualLine: actual[new]),
          !differences.isEmpty
        else { continue }
        let count = differences.count == 1 ? "1 field differs" : "\(differences.count) fields differ"
        lines.append("\(place(old)): \(count) in the JSON line:")
        lines += differences.map { "  \($0)" }
      }
      removed = []
      added = []
    }
    for edit in LineDiff.edits(from: expected, to: actual) {
      switch edit {
      case .same: pairUp()
      case .delete(let old): removed.append(old)
      case .insert(let new, _): added.append(new)
      }
    }
    pairUp()
    return lines
  }
}
