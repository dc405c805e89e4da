import FoundationEssentials
import QuietPlacesREPL

extension ProgramContext {
  /// The text of each shard file a `merge` names (paths from the current folder), in the order
  /// given; `nil` after one `error:` line naming the first that cannot be read.
  func readShardFiles(_ files: [String]) -> [(name: String, text: String)]? {
    var texts: [(name: String, text: String)] = []
    for file in files {
      guard let data = try? Data(contentsOf: SweepOutputOptions.url(file, in: self))
      else {
        printError(OutputLine.errorText("cannot read \(file); give the jsonl files the shards printed"))
        return nil
      }
      texts.append((file, String(decoding: data, as: UTF8.self)))
    }
    return texts
  }
}
