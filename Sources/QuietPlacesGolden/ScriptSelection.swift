/// What a run covers: the scripts found (after `--filter`), the ones of this shard, and the PATHs
/// that do not exist (reported by the first shard only, so a sharded run counts each once).
public struct ScriptSelection: Sendable, Equatable {
  /// Every script found and kept by `--filter`, sorted by path.
  public var found: [ScriptFile]
  /// The scripts this run runs: `found`, or this shard's part of it.
  public var scripts: [ScriptFile]
  /// A failed result for each PATH that does not exist.
  public var problems: [ScriptResult]
  /// Why nothing can run, when nothing was found at all.
  public var emptyError: String?
}
