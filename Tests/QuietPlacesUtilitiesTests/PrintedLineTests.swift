import QuietPlacesTestSupport
import QuietPlacesUtilities
import Testing

/// The last guard of every printed line, and text from outside as it is interpolated.
@Suite struct PrintedLineTests {
  /// Every byte of `text` that is a control byte other than the line break.
  static func controlBytes(_ text: String) -> [UInt8] {
    text.utf8.filter { $0 < 0x20 && $0 != 0x0A || $0 == 0x7F }
  }

  @Test func ordinaryLinesPassUnchanged() {
    for line in ["", "Bought 100 Postmarks for £0.99.", "a\nb", String(repeating: "é", count: 1000)] {
      #expect(PrintedLine.guarded(line) == line)
    }
  }

  @Test func everyControlCharacterIsEscaped() {
    let controls = (0..<0x20).filter { $0 != 0x0A } + Array(0x7F...0x9F)
    for value in controls {
      let scalar = Unicode.Scalar(UInt32(value))!
      let line = PrintedLine.guarded("a\(Character(scalar))b")
      let hex = String(value, radix: 16, uppercase: true)
      #expect(line == "a\\u{\(hex)}b")
      #expect(!line.unicodeScalars.contains(where: PrintedLine.isControl))
    }
  }

  @Test func aCharacterThatPrintsAsNothingIsShown() {
    // A byte order mark, a zero-width space, a soft hyphen, a word joiner, an override and an isolate
    // of direction, the line and paragraph separators: format characters (Cf), Zl and Zp.
    for value: UInt32 in [0xFEFF, 0x200B, 0xAD, 0x2060, 0x202E, 0x2066, 0x2028, 0x2029] {
      let scalar = Unicode.Scalar(value)!
      let hex = String(value, radix: 16, uppercase: true)
      #expect(PrintedLine.isInvisible(scalar))
      #expect(PrintedLine.guarded("a\(Character(scalar))b") == "a\\u{\(hex)}b")
      #expect("a\(Character(scalar))b".fromOutside.description == "a\\u{\(hex)}b")
    }
  }

  @Test func aPricesMarksOfDirectionPrintButAValueShowsThem() {
    // CLDR writes some locales' prices with these marks; a value read from outside shows them.
    for value: UInt32 in [0x200E, 0x200F, 0x061C] {
      let scalar = Unicode.Scalar(value)!
      let hex = String(value, radix: 16, uppercase: true)
      #expect(PrintedLine.guarded("\(Character(scalar))₪9.90") == "\(Character(scalar))₪9.90")
      #expect("1\(Character(scalar))h".fromOutside.description == "1\\u{\(hex)}h")
    }
  }

  @Test func joinersOfScriptsAndEmojiPrintAsTheyAre() {
    for text in ["👩\u{200D}💻", "क्\u{200D}ष", "می\u{200C}خواهم", "é", "日本"] {
      #expect(PrintedLine.guarded(text) == text)
      #expect(text.fromOutside.description == text)
    }
  }

  @Test func anEscapedScalarCountsItsWholeWidthTowardsTheCut() {
    // `\u{FEFF}` is 8 bytes on the line: 250 of them are 2,000 bytes, which is the whole line.
    let line = String(repeating: "\u{FEFF}", count: 250)
    #expect(PrintedLine.guarded(line).utf8.count == 2_000)
    #expect(PrintedLine.guarded(line + "\u{FEFF}").utf8.count <= 2_000)
    #expect(PrintedLine.guarded(line + "\u{FEFF}").hasSuffix("more bytes)"))
  }

  @Test func anEscapeSequenceShowsAsText() {
    #expect(PrintedLine.guarded("\u{1B}]0;title\u{7}x") == "\\u{1B}]0;title\\u{7}x")
    #expect(PrintedLine.guarded("one\rtwo") == "one\\u{D}two")
  }

  @Test func colourIsKeptOnlyWhenAskedAndOnlyColour() {
    let red = "\u{1B}[31merror: no\u{1B}[0m"
    #expect(PrintedLine.guarded(red, keepingColour: true) == red)
    #expect(PrintedLine.guarded(red) == "\\u{1B}[31merror: no\\u{1B}[0m")
    #expect(
      PrintedLine.guarded("\u{1B}[2J\u{1B}]0;x\u{7}", keepingColour: true) == "\\u{1B}[2J\\u{1B}]0;x\\u{7}")
  }

  @Test func aCutColouredLineEndsWithTheReset() {
    let line = "\u{1B}[31m" + String(repeating: "r", count: 3_000) + "\u{1B}[0m"
    let printed = PrintedLine.guarded(line, keepingColour: true)
    #expect(printed.utf8.count <= PrintedLine.maximumBytes)
    #expect(printed.hasPrefix("\u{1B}[31mrrr"))
    #expect(printed.hasSuffix(" more bytes)\u{1B}[0m"))
  }

  @Test func aLongLineIsCutWithTheCountOfWhatWasLeftOut() {
    let line = String(repeating: "a", count: 1_234_567)
    let printed = PrintedLine.guarded(line)
    #expect(printed.utf8.count <= PrintedLine.maximumBytes)
    let mark =
      "… (\((1_234_567 - printed.prefix(while: { $0 == "a" }).count).withThousandsSeparators) more bytes)"
    #expect(printed.hasSuffix(mark))
    #expect(printed.utf8.count > PrintedLine.maximumBytes - 10)
  }

  @Test func theCutCountsEscapesAsPrintedAndNeverSplitsOne() {
    // 1,000 ESCs print as 6,000 bytes.
    let printed = PrintedLine.guarded(String(repeating: "\u{1B}", count: 1000))
    let kept = printed.prefix(while: { $0 != "…" })
    #expect(kept.utf8.count % 6 == 0)
    #expect(printed.hasSuffix("… (\((6000 - kept.utf8.count).withThousandsSeparators) more bytes)"))
    #expect(printed.utf8.count <= PrintedLine.maximumBytes)
  }

  @Test func eachLineOfAManyLineTextIsBoundedOnItsOwn() {
    let text = String(repeating: "x", count: 3000) + "\nshort\n" + String(repeating: "y", count: 2500)
    let lines = PrintedLine.guarded(text).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3)
    #expect(lines[1] == "short")
    #expect(lines.allSatisfy { $0.utf8.count <= PrintedLine.maximumBytes })
  }

  @Test func aMultiByteCharacterIsNeverSplit() {
    let printed = PrintedLine.guarded(String(repeating: "€", count: 1000))
    #expect(printed.utf8.count <= PrintedLine.maximumBytes)
    #expect(printed.hasPrefix("€€€"))
    #expect(printed.unicodeScalars.allSatisfy { $0 == "€" || $0.isASCII || $0 == "…" })
  }

  @Test func aRecordIsNeverCutAndItsControlsAreJSONEscapes() {
    let json = "{\"name\":\"" + String(repeating: "n", count: 5000) + "\u{9B}\u{7F}\"}"
    let printed = PrintedLine.record(json)
    #expect(printed.hasSuffix("\\u009b\\u007f\"}"))
    #expect(printed.utf8.count == json.utf8.count - 3 + 12)  // U+009B is two bytes, DEL one; each becomes six
  }

  @Test func outsideTextEscapesLineBreaksAndIsBoundedTighter() {
    #expect("\(OutsideText("a\nb\tc"))" == "a\\u{A}b\\u{9}c")
    let long = "\(OutsideText(String(repeating: "w", count: 50_000)))"
    #expect(long.utf8.count <= OutsideText.maximumBytes)
    #expect(long.hasSuffix(" more bytes)"))
    #expect("\("quietplaces 1.0.0".fromOutside)" == "quietplaces 1.0.0")
  }

  @Test func noControlByteSurvivesAnyInput() {
    var generator = SeededGenerator(seed: 19)
    for _ in 0..<2_000 {
      let length = Int.random(in: 0..<300, using: &generator)
      var text = ""
      for _ in 0..<length {
        let value = UInt32.random(in: 0..<0x180, using: &generator)
        text.unicodeScalars.append(Unicode.Scalar(value)!)
      }
      let printed = PrintedLine.guarded(text)
      #expect(Self.controlBytes(printed).isEmpty)
      #expect(!printed.unicodeScalars.contains(where: { PrintedLine.isControl($0) && $0 != "\n" }))
    }
  }
}
