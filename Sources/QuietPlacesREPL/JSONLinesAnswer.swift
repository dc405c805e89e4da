import QuietPlacesUtilities

/// The `--jsonl` form of a batch answer: one JSON object on one line,
/// `{"n":1,"command":"status","output":["…"],"error":false}`, keys in that order; `error` is true
/// when one of the lines is an error (``OutputLine/error(_:)``).
///
/// The object is as long as its output, but no string in it is longer than
/// ``PrintedLine/maximumBytes``: the output lines are bounded as printed lines are, and so is the
/// command; a line refused for its length (``InputLimit``) is not echoed (`command` is empty).
public enum JSONLinesAnswer {
  /// The object for `answer`.
  public static func line(_ answer: REPLLoop.Answer) -> String {
    let output = answer.output.texts.map(\.jsonQuoted).joined(separator: ",")
    var command = InputLimit.echo(answer.command)
    if command.utf8.count > PrintedLine.maximumBytes { command = PrintedLine.bounded(command) }
    return "{\"n\":\(answer.number),\"command\":\(command.jsonQuoted),"
      + "\"output\":[\(output)],\"error\":\(answer.failed)}"
  }
}
