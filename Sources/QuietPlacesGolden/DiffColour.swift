import QuietPlacesUtilities

/// Colours a unified diff for a terminal: headers bold, hunk ranges cyan, removed lines red, added
/// lines green, and within a removed line and the added line paired with it the changed words in
/// reverse video.
///
/// Only for a terminal: the runner uses it when standard output is one and `NO_COLOR` is not set;
/// files (JUnit), TAP and pipes always get the plain text.
public enum DiffColour {
  static let bold = "\u{1B}[1m"
  static let red = "\u{1B}[31m"
  static let green = "\u{1B}[32m"
  static let cyan = "\u{1B}[36m"
  static let reverse = "\u{1B}[7m"
  static let noReverse = "\u{1B}[27m"
  static let reset = "\u{1B}[0m"

  /// The lines of a diff with colours; lines that are not part of a unified diff stay as they are.
  /// Each line is escaped first, so that the only escape sequences in what it returns are its own.
  public static func paint(_ lines: [String]) -> [String] {
    let lines = lines.map { PrintedLine.guarded($0) }
    var result: [String] = []
    var index = 0
    while index < lines.count {
      let line = lines[index]
      if line.hasPrefix("--- ") || line.hasPrefix("+++ ") {
        result.append(bold + line + reset)
        index += 1
      } else if line.hasPrefix("@@ ") {
        result.append(cyan + line + reset)
        index += 1
      } else if line.hasPrefix("-") || line.hasPrefix("+") {
        // A run of removed lines and the run of added lines after it: pair them in order.
        var removed: [String] = []
        var added: [String] = []
        while index < lines.count, lines[index].hasPrefix("-"), !lines[index].hasPrefix("--- ") {
          removed.append(String(lines[index].dropFirst()))
          index += 1
        }
        while index < lines.count, lines[index].hasPrefix("+"), !lines[index].hasPrefix("+++ ") {
          added.append(String(lines[index].dropFirst()))
          index += 1
        }
        var paintedRemoved = removed.map { red + "-" + $0 + reset }
        var paintedAdded = added.map { green + "+" + $0 + reset }
        for pair in 0..<min(removed.count, added.count) {
          let (old, new) = highlighted(old: removed[pair], new: added[pair])
          paintedRemoved[pair] = red + "-" + old + reset
          paintedAdded[pair] = green + "+" + new + reset
        }
        result += paintedRemoved + paintedAdded
      } else {
        result.append(line)
        index += 1
      }
    }
    return result
  }

  /// The two lines with the words that differ between them in reverse video.
  static func highlighted(old: String, new: String) -> (String, String) {
    let oldWords = words(old)
    let newWords = words(new)
    var oldText = ""
    var newText = ""
    for edit in LineDiff.edits(from: oldWords, to: newWords) {
      switch edit {
      case .same(let x, let y):
        oldText += oldWords[x]
        newText += newWords[y]
      case .delete(let x):
        oldText += reverse + oldWords[x] + noReverse
      case .insert(let y, _):
        newText += reverse + newWords[y] + noReverse
      }
    }
    return (oldText, newText)
  }

  /// The line cut into words (runs of letters, digits, `.` and `_`) and single other characters,
  /// which together give the line back.
  static func words(_ line: String) -> [String] {
    var result: [String] = []
    var word = ""
    for character in line {
      if character.isLetter || character.isNumber || character == "." || character == "_" {
        word.append(character)
      } else {
        if !word.isEmpty { result.append(word) }
        word = ""
        result.append(String(character))
      }
    }
    if !word.isEmpty { result.append(word) }
    return result
  }
}
