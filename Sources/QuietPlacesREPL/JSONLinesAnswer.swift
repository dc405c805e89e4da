import QuietPlacesUtilities

/// The `--jsonl` form of a batch answer: one JSON object on one line,
/// `{"n":1,"command":"status","output":["…"],"error":false}`, keys in that order; `error` is true
/// when one of the lines is an error (``OutputLine/error(_:)``). Then, only when they apply:
/// `"skipped":true` for a line skipped as a pasted command's expected output, `"warning"` for what
/// such a line should have been, `"question"` with the question when the command waits for `y` or
/// `n`, and `"configuration"` and `"saveFolder"` (the launch's record) with the files the session
/// reads and the folder its game was launched from.
///
/// The object is as long as its output, but no string in it is longer than
/// ``PrintedLine/maximumBytes``: the output lines are bounded as printed lines are, and so is the
/// command; a line refused for its length (``InputLimit``) is not echoed (`command` is empty).
public enum JSONLinesAnswer {
  /// The object for `answer`.
  public static func line(
    _ answer: REPLLoop.Answer, configuration: ConfigurationProvenance? = nil, saveFolder: SaveFolder? = nil
  ) -> String {
    let output = answer.output.texts.map(\.jsonQuoted).joined(separator: ",")
    var command = InputLimit.echo(answer.command)
    if command.utf8.count > PrintedLine.maximumBytes { command = PrintedLine.bounded(command) }
    var text =
      "{\"n\":\(answer.number),\"command\":\(command.jsonQuoted),"
      + "\"output\":[\(output)],\"error\":\(answer.failed)"
    if answer.skipped { text += ",\"skipped\":true" }
    if let warning = answer.warning { text += ",\"warning\":\(warning.jsonQuoted)" }
    if let question = answer.question { text += ",\"question\":\(question.jsonQuoted)" }
    if let configuration { text += ",\"configuration\":\(configuration.json)" }
    if let saveFolder { text += ",\"saveFolder\":\(saveFolder.json)" }
    return text + "}"
  }
}
