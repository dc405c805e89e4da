import QuietPlacesInvariants
import QuietPlacesUtilities
import Testing

/// The `--invariant` language: what reads, what it computes, and the one error with its column for
/// what does not read.
@Suite struct InvariantExpressionTests {
  /// A state shaped like `state --json`'s, with the kinds of value it has.
  let state = try! JSONValue(
    parsing: """
      {"equipment":{"cargo":1,"sails":12,"spyglass":3},"ledger":[1,3],"open":true,"owned":["charts","hold"],\
      "postmarks":340,\
      "rates":{"ordinary":2.5,"scouts":0.5,"travel":2},"route":2,"sail":{"owned":["ivory"],"selected":"ivory"}}
      """)

  @Test(arguments: [
    ("postmarks <= 10000", true),
    ("postmarks < 340", false),
    ("postmarks == 340 and equipment.sails <= 40", true),
    ("postmarks > 1000 or route == 2", true),
    ("not (route == 2)", false),
    ("!open || postmarks >= 0", true),
    ("equipment.sails + equipment.spyglass * 2 == 18", true),
    ("(equipment.sails + equipment.spyglass) * 2 == 30", true),
    ("-postmarks < 0", true),
    ("postmarks % 100 == 40", true),
    ("rates.ordinary == rates.travel + rates.scouts", true),
    ("count(owned) == 2 and count(sail.owned) >= 1", true),
    ("sail.selected == \"ivory\" and sail.selected != 'apricot'", true),
    ("open == true", true),
    ("postmarks <= 1e3 and postmarks >= 10_0", true),
    ("postmarks / 4 == 85 and postmarks / -(1 + 1) == -170", true),
    ("\"charts\" in owned and \"hold\" in owned", true),
    ("\"signal\" in owned", false),
    ("not (\"signal\" in owned) and \"ivory\" in sail.owned", true),
    ("3 in ledger and not (2 in ledger) and 1 + 2 in ledger", true),
    ("\"apricot\" in sail.owned or postmarks > 1000", false),
  ])
  func evaluates(text: String, holds: Bool) throws {
    #expect(try InvariantExpression(text, state: state).holds(on: state) == holds)
  }

  @Test func aBreakShowsEveryFieldItRead() throws {
    let expression = try InvariantExpression("postmarks < 50 and equipment.sails <= 40", state: state)
    let found = try #require(expression.check(on: state))
    #expect(
      found.message == "invariant 'postmarks < 50 and equipment.sails <= 40' broken: expected "
        + "postmarks < 50 and equipment.sails <= 40, found postmarks = 340 and equipment.sails = 12")
    #expect(expression.fields == ["postmarks", "equipment.sails"])
  }

  @Test(arguments: [
    ("postmarks <=", 13, "expected a field, a number or '(', found the end"),
    (
      "equipment.sail > 1", 1, "'equipment.sail' is not a field of the state; did you mean 'equipment.sails'?"
    ),
    (
      "owned + 1 > 2", 7,
      "'+' needs numbers on both sides, not a list and a number; count(PATH) gives a list's length"
    ),
    ("postmarks", 1, "it is a number, not a truth value; compare it, as in postmarks <= 10000"),
    ("postmarks = 4", 11, "a single '=' compares nothing; write '==' to compare"),
    ("1 < postmarks < 3", 15, "comparisons do not chain; join two with and, as in 1 <= route and route <= 3"),
    ("(postmarks > 1", 15, "expected ')' to close the '(' at column 1, found the end"),
    (
      "postmarks > 1 and route", 15,
      "'and' joins truth values, not a truth value and a number; compare first, as in postmarks <= 10000"
    ),
    ("sail.selected < 3", 15, "'<' compares numbers, not a string and a number"),
    ("equipment > 1", 1, "'equipment' is an object; name one of its fields, such as equipment.cargo"),
    ("count(postmarks) > 1", 7, "count( needs a list, and 'postmarks' is a number"),
    (
      "len(owned) <= 5", 1,
      "'len(' is not a function of an expression; the one function is count(PATH), a list's length, as in "
        + "count(owned)"
    ),
    (
      "owned.count <= 3", 1,
      "'owned.count' is not a field of the state; a list's length is count(owned)"
    ),
    (
      "sail.owned.length > 1", 1,
      "'sail.owned.length' is not a field of the state; a list's length is count(sail.owned)"
    ),
    ("postmarks > 1 route", 15, "expected and, or, a comparison or the end, found 'route'"),
    (
      "postmarks # 2", 11,
      "'#' is not part of an expression; write fields, numbers, + - * / %, comparisons, and, or, not"
    ),
    ("sail.selected == \"ivory", 18, "this string has no closing \""),
    ("not 3", 1, "'not' needs a truth value after it, not a number"),
    (
      "postmarks / equipment.cargo >= 0", 11,
      "'/' divides by a field, which can be 0 on some state; divide only by a number other than 0; "
        + "multiply instead, as in discoveries >= 2 * scouts.hired"
    ),
    ("postmarks % (2 - 2) == 0", 11, "'%' divides by 0; divide by a number other than 0"),
    ("rates.ordinary / 0 > 1", 16, "'/' divides by 0; divide by a number other than 0"),
    (
      "owned.charts", 1,
      "'owned.charts' is not a field of the state; 'owned' is a list: to ask whether it holds charts, write "
        + "\"charts\" in owned"
    ),
    (
      "owned contains \"charts\"", 7,
      "'contains' is not a word of an expression; whether a list holds a value is written VALUE in LIST, as in "
        + "\"charts\" in owned"
    ),
    (
      "\"charts\" in postmarks", 13,
      "'in' needs a list of the state after it, such as owned or sail.owned, not a number"
    ),
    (
      "owned in owned", 7,
      "'in' looks for a number or a \"string\" in a list, not a list, as in \"charts\" in owned"
    ),
    ("\"1\" in ledger", 5, "'ledger' holds numbers, so it never holds a string"),
    ("2 in owned", 3, "'owned' holds strings, so it never holds a number"),
  ])
  func refusesWithTheColumn(text: String, column: Int, problem: String) {
    #expect(throws: ExpressionError(expression: text, column: column, problem: problem)) {
      try InvariantExpression(text, state: state)
    }
  }

  /// What a list holds is the contract's type, not what it holds now: an empty list refuses a value
  /// of the other kind just as a full one does (when it read its first item, `3 in owned` was
  /// checked, and broken, at every step of a new game and refused once something was bought).
  @Test func anEmptyListRefusesAValueOfTheOtherKindToo() throws {
    let empty = try! JSONValue(parsing: #"{"ledger":[],"owned":[],"unfinished":[],"visited":[]}"#)
    for (text, column, problem) in [
      ("3 in owned", 3, "'owned' holds strings, so it never holds a number"),
      ("\"1\" in ledger", 5, "'ledger' holds numbers, so it never holds a string"),
      ("\"x\" in unfinished", 5, "'unfinished' holds numbers, so it never holds a string"),
      ("1 in visited", 3, "'visited' holds strings, so it never holds a number"),
    ] {
      #expect(throws: ExpressionError(expression: text, column: column, problem: problem)) {
        try InvariantExpression(text, state: empty)
      }
    }
    #expect(try InvariantExpression("\"charts\" in owned", state: empty).holds(on: empty) == false)
  }

  /// A line break or another control character is refused where it is, in one line: a finding's
  /// script ends with the expression on one `check --invariant` line.
  @Test func aControlCharacterIsRefusedOnOneLine() {
    #expect(
      throws: ExpressionError(
        expression: "postmarks\n< 0", column: 10,
        problem: "a line break (\\u{A}) cannot be part of an expression; write it on one line")
    ) {
      try InvariantExpression("postmarks\n< 0", state: state)
    }
    let error = ExpressionError(expression: "a\u{7}b", column: 2, problem: "p")
    #expect(error.message == "invariant 'a\\u{7}b' is malformed at column 2: p")
  }

  /// An expression that reads no field and does not hold says so (it said "found it false").
  @Test func anExpressionOfNoFieldSaysWhyItNeverHolds() throws {
    let broken = try #require(try InvariantExpression("1 == 2", state: state).check(on: state))
    #expect(broken.found == "that it reads no field of the state, and never holds")
    #expect(
      try InvariantExpression("postmarks < 0", state: state).check(on: state)?.found == "postmarks = 340")
  }

  /// Arithmetic past the largest Double made an infinity that compared as a number: `postmarks *
  /// 1e308 * 10 > 0` held, and `x - x == 0` broke with nothing but the fields' values to show why. It
  /// now never holds, and says it could not be computed; on numbers alone it is refused when read.
  @Test func arithmeticBeyondTheLargestNumberIsNeverCompared() throws {
    let beyond =
      "that its arithmetic goes beyond the largest number (about ±1.8e308), so it cannot be computed"
    for text in [
      "postmarks * 1e308 * 10 > 0", "postmarks * 1e308 * 10 - postmarks * 1e308 * 10 == 0",
      "-(postmarks * 1e308 * 10) < 0", "postmarks * 1e308 * 10 > 0 or true",
      "not (postmarks * 1e308 * 10 > 0)",
      "postmarks * 1e308 * 10 in ledger",
    ] {
      let expression = try InvariantExpression(text, state: state)
      #expect(!expression.holds(on: state), "\(text)")
      #expect(
        expression.check(on: state)?.found.hasPrefix(beyond + ", with postmarks = 340") == true, "\(text)")
    }
    // Within range, the same arithmetic is checked as before.
    #expect(try InvariantExpression("postmarks * 1e305 > 0", state: state).holds(on: state))
    #expect(try InvariantExpression("1e308 * 1.5 / 2 > 0", state: state).holds(on: state))
    for text in ["1e308 * 10 - 1e308 * 10 == 0", "postmarks + 1e308 * 10 > 0", "-(1e308 * 10) < postmarks"] {
      #expect(throws: ExpressionError.self, "\(text)") { try InvariantExpression(text, state: state) }
      do {
        _ = try InvariantExpression(text, state: state)
      } catch {
        #expect(
          error.message.contains("is malformed at column 1: its arithmetic on numbers alone goes beyond"))
      }
    }
  }

  @Test func theErrorIsOneSentenceWithTheColumn() {
    let error = ExpressionError(expression: "postmarks <=", column: 13, problem: "expected a field")
    #expect(error.message == "invariant 'postmarks <=' is malformed at column 13: expected a field")
  }

  /// Brackets, not and unary minus nest at most 64 deep, and an expression has at most 1,000 words and
  /// symbols: 100,000 brackets overflowed the stack of the thread that parsed them.
  @Test func deepOrLongExpressionsAreRefusedNotOverflowed() {
    let nesting = "brackets, not and - nest deeper than 64 here; write it with fewer levels"
    func brackets(_ n: Int) -> String {
      String(repeating: "(", count: n) + "postmarks >= 0" + String(repeating: ")", count: n)
    }
    #expect((try? InvariantExpression(brackets(64), state: state)) != nil)
    #expect(throws: ExpressionError(expression: brackets(65), column: 65, problem: nesting)) {
      try InvariantExpression(brackets(65), state: state)
    }
    // `not ` is four characters: the 65th starts at column 257.
    let nots = String(repeating: "not ", count: 65) + "postmarks >= 0"
    #expect(throws: ExpressionError(expression: nots, column: 257, problem: nesting)) {
      try InvariantExpression(nots, state: state)
    }
    let minuses = "postmarks >= " + String(repeating: "- ", count: 65) + "1"
    #expect(throws: ExpressionError(expression: minuses, column: 14 + 64 * 2, problem: nesting)) {
      try InvariantExpression(minuses, state: state)
    }
    // 334 comparisons joined by 333 ands: 3 · 334 + 333 = 1,335 words and symbols; the 1,001st is the
    // 251st comparison's field, each comparison and its `and` 19 characters.
    let long = Array(repeating: "postmarks >= 0", count: 334).joined(separator: " and ")
    #expect(
      throws: ExpressionError(
        expression: long, column: 1 + 250 * 19,
        problem: "it has 1,335 words and symbols, more than the 1,000 an invariant may have; split it into "
          + "several --invariant")
    ) { try InvariantExpression(long, state: state) }
    // 100,000 brackets: refused for their number before any is read.
    #expect(throws: ExpressionError.self) { try InvariantExpression(brackets(100_000), state: state) }
    // A long expression is quoted by its ends, so the problem stays on the line.
    let error = ExpressionError(expression: brackets(100), column: 65, problem: nesting)
    #expect(
      error.message
        == "invariant '\(String(repeating: "(", count: 70))…\(String(repeating: ")", count: 20)) (214 characters)' "
        + "is malformed at column 65: \(nesting)")
  }
}
