/// An expected line ending in ` (absent)`: a negative check, as lit's `CHECK-NOT`. No output line of
/// its block may be equal to it, or, when what precedes ` (absent)` ends in ` (re)` or ` (glob)`,
/// match that pattern (`Bought * (glob) (absent)`). It does not take a place in the block's
/// line-for-line comparison.
public struct AbsentLine: Sendable, Equatable {
  /// The suffix that makes an expected line a negative check.
  public static let suffix = " (absent)"

  /// What no output line may match.
  public var matcher: LineMatcher

  /// The negative check an expected line stands for, or `nil` when it is an ordinary line.
  public init?(expected line: String) {
    let text = LineMatcher.trimmedEnd(line)
    guard text.hasSuffix(Self.suffix) else { return nil }
    matcher = LineMatcher(expected: String(text.dropLast(Self.suffix.count)))
  }

  /// The first line of `actual` that the check forbids, or `nil` when there is none.
  public func violation(in actual: [String]) -> String? {
    actual.first { matcher.matches($0) }
  }
}
