extension JSONValue {
  /// The value as compact JSON text: no white space, members in order, numbers as their text.
  ///
  /// Strings are written as `String.jsonQuoted` writes them, which is how `JSONEncoder` writes them
  /// without escaping slashes (but for backspace and form feed, written as `\u0008` and `\u000c`),
  /// so a value read from an encoder's line is written back as the same characters.
  public var text: String {
    var output = ""
    write(into: &output)
    return output
  }

  private func write(into output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let text): output += text
    case .string(let text): output += text.jsonQuoted
    case .array(let items):
      output += "["
      for (index, item) in items.enumerated() {
        if index > 0 { output += "," }
        item.write(into: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { output += "," }
        output += member.key.jsonQuoted + ":"
        member.value.write(into: &output)
      }
      output += "}"
    }
  }
}
