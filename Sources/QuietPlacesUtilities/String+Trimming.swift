extension String {
  /// The text without the white space at either end.
  public var trimmingWhitespace: String { self[...].trimmingWhitespace }
}

extension Substring {
  /// The text without the white space at either end.
  ///
  /// White space is what `Character.isWhitespace` says it is. A line whose ends are ASCII (every
  /// command line, nearly) is trimmed on its UTF-8 bytes, where a grapheme boundary between two
  /// ASCII characters is every byte; any other is trimmed a character at a time.
  public var trimmingWhitespace: String {
    let bytes = utf8
    var start = bytes.startIndex
    var end = bytes.endIndex
    while start != end, Self.isASCIIWhitespace(bytes[start]) { start = bytes.index(after: start) }
    if start == end { return "" }
    while Self.isASCIIWhitespace(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
    // A non-ASCII character at either new end may join the white space beside it in one
    // character (a combining mark after a space, a prepended mark before one).
    if bytes[start] < 0x80, bytes[bytes.index(before: end)] < 0x80 {
      return String(self[start..<end])
    }
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }

  /// Tab, line feed, vertical tab, form feed, carriage return and space.
  private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }
}
