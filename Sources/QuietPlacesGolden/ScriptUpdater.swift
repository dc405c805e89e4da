import FoundationEssentials
import QuietPlacesUtilities

/// `--update`: a failing script rewritten with what its commands printed. Commands, comments, blank
/// lines, the blocks that match and the pattern lines that still match are kept byte for byte, and a
/// pattern line that no longer matches keeps its fixed parts where it can
/// (``GoldenScript/updatedText(actualOutputs:)``); the file is replaced atomically.
///
/// The script is rewritten only if its bytes are still those read before it ran: an edit made
/// meanwhile is never overwritten, and the new text goes to the pending file `NAME.qp.new` instead
/// (``PendingFiles``), as it always does with `--update=pending`.
enum ScriptUpdater {
  /// What an update wrote.
  struct Outcome: Equatable {
    /// What was done with each pattern line that no longer matched.
    var notes: [ScriptUpdateNote]
    /// The new text went to the pending file rather than over the script.
    var pending: Bool
    /// The script had changed since it was read (and so the new text is pending).
    var editedMeanwhile: Bool
  }

  /// Writes `script` (read as `original`) with `outputs` in place of its failing blocks' expected
  /// output: over the file at `url`, or to its pending file when `pending` or when the file changed.
  static func update(
    _ script: GoldenScript, read original: Data, outputs: [[String]], at url: URL, pending: Bool
  ) throws(AtomicFile.WriteError) -> Outcome {
    let (text, notes) = script.updatedText(actualOutputs: outputs)
    let now = try? Data(contentsOf: url)
    let edited = !pending && now != original
    if pending || edited {
      // It names the script as it is now: --accept refuses it once the script changes again.
      let header = PendingFiles.header(script: url.lastPathComponent, read: now ?? original)
      try AtomicFile.write(header + "\n" + text, to: PendingFiles.url(for: url))
      return Outcome(notes: notes, pending: true, editedMeanwhile: edited)
    }
    try AtomicFile.write(text, to: url)
    return Outcome(notes: notes, pending: false, editedMeanwhile: false)
  }
}
