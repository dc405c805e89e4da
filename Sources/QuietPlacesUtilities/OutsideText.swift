/// Text that came from outside the program (a file's field, a typed word, a script's line), as it
/// may be printed: interpolated into a line, it shows every control character escaped (`\u{1B}`,
/// line breaks too, so it cannot start a line of its own) and at most ``maximumBytes`` of it, cut
/// with `… (N more bytes)`.
///
/// Every printed line passes ``PrintedLine/guarded(_:keepingColour:)`` as well; this bound is
/// tighter, so that one long value is cut where it stands and the rest of its line still reads.
public struct OutsideText: Sendable, Hashable, CustomStringConvertible {
  /// The most bytes of one value shown, its cut mark included.
  public static let maximumBytes = 1_000

  /// The text as it was read.
  public var raw: String

  /// Text read from outside.
  public init(_ raw: String) {
    self.raw = raw
  }

  /// The text as printed: escaped and bounded.
  public var description: String { PrintedLine.bounded(raw, limit: Self.maximumBytes) }
}

extension String {
  /// This text, read from outside the program, as it may be printed (escaped and bounded).
  public var fromOutside: OutsideText { OutsideText(self) }
}

extension String {
  /// A path as a message shows it: whole up to 200 characters, else its first 120 and last 60 with
  /// its length, so that the reason and the advice after it stay within the printed line.
  public var pathForMessage: String {
    count <= 200 ? self : "\(prefix(120))…\(suffix(60)) (\(count) characters)"
  }
}
