/// Environment variables in a script's commands, for scripts run with different parameters:
/// `$NAME` and `${NAME}` are the variable's value, `${NAME:-default}` the default when it is unset
/// or empty, and `$$` a literal `$`. A `$` before anything else is itself. A variable that is not set
/// and has no default is an error: the script does not run rather than run a different command.
public enum CommandSubstitution {
  /// Why a command cannot be substituted.
  public enum Problem: Error, Sendable, Equatable {
    /// `$NAME` or `${NAME}` with NAME unset.
    case unset(String)
    /// A `${` without its `}`.
    case unclosed
    /// `${…}` whose name is not one (`${SEED-7}`): what was inside the braces.
    case badName(String)
  }

  /// `command` with its variables replaced by their values in `environment`.
  public static func substitute(_ command: String, environment: [String: String]) throws(Problem) -> String {
    guard command.contains("$") else { return command }
    let characters = Array(command)
    var result = ""
    var index = 0
    while index < characters.count {
      let character = characters[index]
      index += 1
      guard character == "$", index < characters.count else {
        result.append(character)
        continue
      }
      if characters[index] == "$" {
        result.append("$")
        index += 1
      } else if characters[index] == "{" {
        guard let close = characters[index...].firstIndex(of: "}") else { throw .unclosed }
        let inside = Array(characters[(index + 1)..<close])
        index = close + 1
        if let colon = inside.indices.first(where: {
          inside[$0] == ":" && $0 + 1 < inside.count && inside[$0 + 1] == "-"
        }) {
          let name = String(inside[..<colon])
          guard isName(name) else { throw .badName(String(inside)) }
          let value = environment[name] ?? ""
          result += value.isEmpty ? String(inside[(colon + 2)...]) : value
        } else {
          let name = String(inside)
          guard isName(name) else { throw .badName(name) }
          guard let value = environment[name] else { throw .unset(name) }
          result += value
        }
      } else if isNameStart(characters[index]) {
        var end = index
        while end < characters.count, isNamePart(characters[end]) { end += 1 }
        let name = String(characters[index..<end])
        index = end
        guard let value = environment[name] else { throw .unset(name) }
        result += value
      } else {
        result.append("$")
      }
    }
    return result
  }

  /// Whether `text` is a variable's name: a letter or `_`, then letters, digits and `_`.
  static func isName(_ text: String) -> Bool {
    guard let first = text.first, isNameStart(first) else { return false }
    return text.allSatisfy(isNamePart)
  }

  private static func isNameStart(_ character: Character) -> Bool {
    character == "_" || (character.isASCII && character.isLetter)
  }

  private static func isNamePart(_ character: Character) -> Bool {
    isNameStart(character) || (character.isASCII && character.isNumber)
  }
}
