/// A dotted version number (`1.2`, `1.0.3`) as its three numbers, to compare versions.
public enum VersionNumber {
  /// `1.2` as `[1, 2, 0]`: three numbers, missing ones zero; `nil` when it is not dotted numbers.
  public static func parts(_ text: String) -> [Int]? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard !part.isEmpty, part.allSatisfy(\.isASCII), let number = Int(part), number >= 0 else { return nil }
      numbers.append(number)
    }
    return numbers + Array(repeating: 0, count: 3 - numbers.count)
  }
}
