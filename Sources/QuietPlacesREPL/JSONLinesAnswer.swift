import QuietPlacesUtilities

/// The `--jsonl` form of a batch answer: one JSON object on one line,
/// `{"n":1,"command":"status","output":["…"],"error":false}`, keys in that order; `error` is true
/// when one of the lines is an error (``OutputLine/error(_:)``).
public enum JSONLinesAnswer {
  /// The object for `answer`.
  public static func line(_ answer: REPLLoop.Answer) -> String {
    let output = answer.output.texts.map(\.jsonQuoted).joined(separator: ",")
    return "{\"n\":\(answer.number),\"command\":\(answer.command.jsonQuoted),"
      + "\"output\":[\(output)],\"error\":\(answer.failed)}"
  }
}
