/// Damages JSON bytes the way fuzz tests of the loaders do: a replaced, inserted or deleted byte, a cut
/// tail, or a number or literal replaced by another JSON token.
public enum JSONMutator {
  /// JSON tokens and near-tokens that make a structure survive with its values gone wrong.
  public static let tokens: [[UInt8]] = [
    "0", "-1", "1e308", "1e309", "-0", "9223372036854775807", "9223372036854775808", "18446744073709551616",
    "null", "true", "\"\"", "[]", "{}", "\"x\"", "0.5", ",", ":", "\"", "{", "}", "[", "]", "NaN", "\u{0}",
    "é",
  ].map { Array($0.utf8) }

  /// `bytes` with one to three mutations drawn from `g`.
  public static func mutate(_ bytes: [UInt8], _ g: inout SeededGenerator) -> [UInt8] {
    var result = bytes
    for _ in 0..<Int.random(in: 1...3, using: &g) where !result.isEmpty {
      let position = Int.random(in: 0..<result.count, using: &g)
      switch Int.random(in: 0..<6, using: &g) {
      case 0: result[position] = UInt8.random(in: 0...255, using: &g)
      case 1: result.insert(UInt8.random(in: 0x20...0x7E, using: &g), at: position)
      case 2: result.remove(at: position)
      case 3: result = Array(result.prefix(position))
      default:
        // Replace a number or literal with a token: the structure survives, the values go wrong.
        var end = position
        while end < result.count, !",}]".utf8.contains(result[end]) { end += 1 }
        var start = position
        while start > 0, !":[,".utf8.contains(result[start - 1]) { start -= 1 }
        result.replaceSubrange(start..<end, with: tokens.randomElement(using: &g)!)
      }
    }
    return result
  }

  /// Zero to twelve tokens end to end: text that looks like JSON and rarely is.
  public static func tokenSoup(_ g: inout SeededGenerator) -> [UInt8] {
    (0..<Int.random(in: 0...12, using: &g)).flatMap { _ in tokens.randomElement(using: &g)! }
  }
}
