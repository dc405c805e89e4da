import QuietPlacesGolden
import Testing

@Suite struct LineRegexTests {
  static let patterns = [
    #"Sails \+1 → level [0-9]{2} for [0-9]+ Discoveries \([0-9]+ left\)\."#,
    #"New game: seed [0-9]+, storefront (GBR|USA), 2026-01-05 09:00:00\."#,
    #"Sails \+(1,?[0-9]{3}) → level \1 for .*"#, #"a.c"#, #"a*b+c?"#, #"(ab|a)(bc|c)"#, #"x{2,3}"#,
    #"x{,2}y"#, #"x{2,}"#, #"[^a-c]+"#, #"[-a]+"#, #"[a-]+"#, #"\d+\.\d\d"#, #"\w+ \W \s*\S"#,
    #"^abc$"#, #"\bcat\b.*"#, #".*\Bat.*"#, #"(?:na)+ batman"#, #"(?<n>[a-z]+)-\1"#, #"a.*?b"#,
    #"£[0-9.]+|\$[0-9.]+"#, #"(a|)+b"#, #"()*x"#, #"[\d,]+ \[ok\]"#, #"{x}"#, #"a{1"#,
  ]
  static let lines = [
    "Sails +1 → level 10 for 123 Discoveries (45 left).", "Sails +1 → level 1 for 1 Discoveries (0 left).",
    "New game: seed 7, storefront GBR, 2026-01-05 09:00:00.",
    "New game: seed 7, storefront FRA, 2026-01-05 09:00:00.",
    "Sails +1,234 → level 1,234 for 9e308", "Sails +1,234 → level 1,235 for 9e308", "abc", "aXc", "bbb",
    "aabbc",
    "abc", "abcc", "xx", "xxx", "xxxx", "y", "xxy", "xxxy", "ddd", "abd", "-a-", "]a]", "12.34", "12.3",
    "ab_1 ! \tz", "cat sat", "concat", "nanana batman", "na batman", "abc-abc", "abc-abd", "axxb", "axxbb",
    "£4.99", "$4.99", "€4.99", "aab", "b", "x", "1,234 [ok]", "{x}", "a{1", "", "é", "ab",
  ]

  @Test func agreesWithSwiftRegexOnTheDocumentedSubset() throws {
    for pattern in Self.patterns {
      let ours = try LineRegex(pattern)
      let theirs = try Regex(pattern)
      for line in Self.lines {
        let expected: LineRegex.Outcome = line.wholeMatch(of: theirs) != nil ? .matched : .different
        #expect(ours.wholeMatch(line) == expected, "\(pattern) on \(line)")
      }
    }
  }

  /// Both patterns ran for minutes with Swift's `Regex` (a backtracking engine); here each match is
  /// bounded by the program's size times the line's length.
  @Test(.timeLimit(.minutes(1))) func nestedQuantifiersFinishAtOnce() throws {
    let state =
      #"{"bearingsGain":0,"clock":"2026-01-05T09:00:00Z","countdowns":{"current":1,"survey":20},"#
      + #""discoveries":0,"equipment":{"cargo":0,"sails":0,"spyglass":0},"postmarks":30,"stamped":[]}"#
    let clock = ContinuousClock()
    let started = clock.now
    #expect(try LineRegex(#"\{(.*,)*"postmarks":99,.*\}"#).wholeMatch(state) == .different)
    #expect(try LineRegex(#"\{(.*,)*"postmarks":30,.*\}"#).wholeMatch(state) == .matched)
    #expect(try LineRegex("(a+)+").wholeMatch(String(repeating: "a", count: 20) + "!") == .different)
    #expect(try LineRegex("(a*)*b").wholeMatch(String(repeating: "a", count: 2000)) == .different)
    #expect(try LineRegex("(x+x+)+y").wholeMatch(String(repeating: "x", count: 2000)) == .different)
    #expect(clock.now - started < .seconds(5))
  }

  @Test func aBackreferenceRunsWithinTheBudget() throws {
    let regex = try LineRegex(#"(a+)+\1b"#)
    #expect(regex.hasBackreferences)
    #expect(regex.wholeMatch("aaab") == .matched)
    #expect(regex.wholeMatch(String(repeating: "a", count: 40)) == .tooLong)
    #expect(regex.wholeMatch("aaaa", budget: 10) == .tooLong)
  }

  @Test(arguments: [
    ("a(b", "column 2: '(' is never closed; add ')' or write '\\(' for a literal '('"),
    ("ab)", "column 3: ')' closes nothing; write '\\)' for a literal ')'"),
    ("[0-9", "column 1: '[' is never closed; add ']' or write '\\[' for a literal '['"),
    ("*a", "column 1: '*' has nothing to repeat; write '\\*' for a literal '*'"),
    ("a**", "column 3: '*' has nothing to repeat; write '\\*' for a literal '*'"),
    ("a{3,2}", "column 2: '{3,2}' is not a count this matcher repeats (from 0 to 1000, the smaller first)"),
    ("a\\", "column 2: the pattern ends with '\\'; write '\\\\' for a literal '\\'"),
    ("(?=a)", "column 1: '(?=a' is not supported (groups are '(…)', '(?:…)' and '(?<name>…)')"),
    ("a*+", "column 3: '*+' (possessive) is not supported; drop the last '+'"),
    ("(a)\\2", "column 4: '\\2' refers to group 2, which is not closed before it"),
    ("[z-a]", "column 2: the range 'z-a' is reversed; write 'a-z'"),
  ])
  func refusesWhatItCannotRead(pattern: String, message: String) {
    #expect(throws: LineRegexError.self) { try LineRegex(pattern) }
    do {
      _ = try LineRegex(pattern)
    } catch {
      #expect(error.description == message)
    }
  }

  /// Groups nest at most 64 deep: 20,000 nested groups overflowed the stack that read them.
  @Test func groupsNestAtMostSixtyFourDeep() throws {
    func nested(_ n: Int) -> String {
      String(repeating: "(", count: n) + "a" + String(repeating: ")", count: n)
    }
    #expect(try LineRegex(nested(64)).wholeMatch("a") == .matched)
    #expect(throws: LineRegexError(column: 65, problem: .tooDeep)) { try LineRegex(nested(65)) }
    #expect(throws: LineRegexError(column: 65, problem: .tooDeep)) { try LineRegex(nested(20_000)) }
    #expect(
      LineRegexError(column: 65, problem: .tooDeep).description
        == "column 65: groups nest deeper than 64 here; write the pattern with fewer levels")
  }

  @Test func anUnknownEscapeNamesTheOnesItKnows() {
    #expect(throws: LineRegexError(column: 2, problem: .unknownEscape("p"))) { try LineRegex("a\\p{L}") }
  }
}
