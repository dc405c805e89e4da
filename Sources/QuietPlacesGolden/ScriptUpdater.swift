import FoundationEssentials
import QuietPlacesUtilities

/// `--update`: a failing script rewritten in place with what its commands printed. Commands,
/// comments, blank lines, the blocks that match and the pattern lines that still match are kept
/// byte for byte (``GoldenScript/rendered(actualOutputs:)``); the file is replaced atomically.
enum ScriptUpdater {
  /// Writes `script` with `outputs` in place of its failing blocks' expected output to `url`.
  static func update(_ script: GoldenScript, outputs: [[String]], at url: URL) throws(AtomicFile.WriteError) {
    try AtomicFile.write(script.rendered(actualOutputs: outputs), to: url)
  }
}
