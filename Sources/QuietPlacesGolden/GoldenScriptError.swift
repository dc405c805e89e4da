import QuietPlacesUtilities

/// Why a `.qp` script could not be read or parsed: where it went wrong and what was wrong.
///
/// `description` is the one sentence a user sees: `path:line: what was wrong; what would be right`.
public struct GoldenScriptError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was wrong.
  public enum Problem: Sendable, Equatable {
    /// A non-blank line that is neither a command nor a comment comes before the first command.
    case outputBeforeAnyCommand
    /// A non-blank line that is neither a command nor a comment follows a comment.
    case outputAfterComment
    /// A line that is just `>` (perhaps with spaces): a command with nothing in it.
    case emptyCommand
    /// A line such as `>status`: the prompt is not followed by a space.
    case missingSpaceAfterPrompt
    /// The bytes of the line are not UTF-8.
    case notUTF8
    /// The script has no commands at all.
    case noCommands
    /// Its lines end in a carriage return alone (classic Mac OS), so it reads as one line.
    case carriageReturnsOnly
    /// The file could not be read; the reason comes from the file system.
    case unreadable(String)
    /// The file holds this many bytes, more than ``GoldenScript/maximumFileSize``; it was not read.
    case tooLarge(Int)
    /// A ` (re)` line whose pattern is not a regular expression; the reason comes from the parser.
    case badRegex(String)
    /// A `# requires:` line whose condition cannot be read; the sentence says why.
    case badCondition(String)
    /// A command names an environment variable that is not set and gives no default.
    case unsetVariable(String)
    /// A `${` in a command without its `}`.
    case unclosedVariable
    /// A `${…}` in a command whose braces hold no variable's name (`${SEED-7}`): what they hold.
    case badVariable(String)
  }

  /// The script's path as the user named it.
  public var path: String
  /// The 1-based line the problem is on, when it is on one line.
  public var line: Int?
  /// What was wrong.
  public var problem: Problem

  /// Makes an error for `path`, at `line` when the problem is on one line.
  public init(path: String, line: Int?, problem: Problem) {
    self.path = path
    self.line = line
    self.problem = problem
  }

  /// `path:line: sentence`, the way the runner prints it.
  public var description: String {
    let place = line.map { "\(path):\($0)" } ?? path
    return "\(place): \(sentence)"
  }

  private var sentence: String {
    switch problem {
    case .outputBeforeAnyCommand:
      return "output line before any command; start a command with '> ' (or the terminal's 'qp> ')"
    case .outputAfterComment:
      return
        "output line after a comment (a comment ends a command's output); "
        + "move it above the comment or start a command with '> '"
    case .emptyCommand:
      return
        "empty command; write the command after '> ', for example '> status' (a '> ' with nothing "
        + "after it is read only as the empty answer to a question, right after a line ending '[y/N]')"
    case .missingSpaceAfterPrompt:
      return "'>' must be followed by a space; write '> ' and then the command"
    case .notUTF8:
      return "not UTF-8 text; save the script as UTF-8"
    case .carriageReturnsOnly:
      return
        "its lines end in a carriage return alone (CR, as classic Mac OS wrote them), so it reads as one "
        + "line; save it with LF (or CRLF) line endings"
    case .noCommands:
      return "no commands; a script needs at least one line starting with '> '"
    case .unreadable(let reason):
      return "cannot be read (\(reason)); check the path and its permissions"
    case .tooLarge(let bytes):
      return FileBytes.Problem.tooLarge(bytes: bytes, limit: GoldenScript.maximumFileSize).reason(
        for: "a script")
        + "; split it into scripts of fewer commands"
    case .badRegex(let reason):
      return
        "the pattern before ' (re)' is not a regular expression (\(reason)); "
        + "fix it, or escape the characters meant literally with '\\'"
    case .badCondition(let sentence):
      return sentence
    case .unsetVariable(let name):
      return
        "the command uses $\(name), which is not set; set it (\(name)=VALUE quietplaces test …) "
        + "or give a default: ${\(name):-VALUE}"
    case .badVariable(let inside):
      let name = String(inside.prefix { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) })
      let rest = inside.dropFirst(name.count)
      let meant =
        if CommandSubstitution.isName(name), let first = rest.first, "-=?+:".contains(first) {
          // The shell's other forms (`${SEED-7}`, `${SEED=7}`): the default is the one form here.
          "; write ${\(name):-\(rest.drop { "-=?+:".contains($0) })} for \(name) with a default"
        } else {
          "; write ${NAME}, or ${NAME:-default} for a default"
        }
      return "'${\(inside)}' is not a variable (a name is a letter or '_', then letters, digits and '_')"
        + meant
    case .unclosedVariable:
      return "'${' is not closed; write ${NAME} or ${NAME:-default}, or $$ for a literal '$'"
    }
  }
}
