import QuietPlacesUtilities

/// A studio's own invariant: a small expression over the fields of `state --json`, such as
/// `postmarks <= 10000` or `equipment.sails <= 40 and not (route > 2)`, checked like the built-in
/// ones.
///
/// The language:
/// - **fields** are dotted paths into `state --json` (`postmarks`, `equipment.sails`,
///   `rates.ordinary`, `open`, `sail.selected`); `count(PATH)` is the length of a list (`owned`,
///   `ledger`, `stamped`);
/// - **values**: numbers (`10000`, `2.5`, `1e6`, `10_000`), strings in double quotes (`"ivory"`),
///   `true` and `false`;
/// - **arithmetic** on numbers: `+ - * / %` and unary `-`, with the usual precedence and brackets;
///   `/` and `%` divide only by a number other than 0, never by a field (which can be 0);
/// - **comparisons**: `< <= > >=` on numbers, `== !=` on any two values of one kind, and `in`,
///   whether a list holds a number or a string (`"charts" in owned`, `3 in ledger`);
/// - **logic** on truth values: `not` (`!`), `and` (`&&`), `or` (`||`), loosest last.
///
/// The whole expression must be a truth value. Every field and kind is checked against the state
/// when the expression is read, so a mistake is one error with its column, never a surprise in
/// the middle of a run.
public struct InvariantExpression: Sendable, Equatable {
  /// The kinds of value an expression works with.
  enum Kind: String, Sendable, Equatable {
    case number
    case truth = "a truth value"
    case text = "a string"
    case list = "a list"
    case object = "an object"

    /// `a number`, `a truth value`, …
    var described: String { self == .number ? "a number" : rawValue }

    /// `numbers`, `strings`, …
    var plural: String {
      switch self {
      case .number: "numbers"
      case .truth: "truth values"
      case .text: "strings"
      case .list: "lists"
      case .object: "objects"
      }
    }
  }

  /// A value an expression computes.
  enum Value: Equatable {
    case number(Double)
    case truth(Bool)
    case text(String)
    /// Arithmetic went beyond the largest number a Double holds (about ±1.8e308): whatever uses
    /// it cannot be checked, so the expression does not hold (an infinity is never compared).
    case beyondRange
  }

  /// A node of the parsed expression.
  indirect enum Node: Sendable, Equatable {
    case number(Double)
    case text(String)
    case truth(Bool)
    case field(JSONKeyPath)
    case count(JSONKeyPath)
    case negate(Node)
    case not(Node)
    case arithmetic(String, Node, Node)
    case comparison(String, Node, Node)
    /// Whether the list at the path holds the value.
    case contains(JSONKeyPath, Node)
    case and(Node, Node)
    case or(Node, Node)
  }

  /// The expression as given.
  public let text: String
  let root: Node
  /// The fields it reads, in the order they first appear.
  public let fields: [String]

  /// Reads `text`, checking every field and kind against `state` (a `state --json` object).
  public init(_ text: String, state: JSONValue) throws(ExpressionError) {
    // An expression is one line of a script: a line break or another control character in it would
    // split the `check --invariant` line a finding's script ends with.
    if let index = text.unicodeScalars.firstIndex(where: { $0.properties.generalCategory == .control }) {
      let scalar = text.unicodeScalars[index]
      throw ExpressionError(
        expression: text,
        column: text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index) + 1,
        problem:
          "\(scalar == "\n" ? "a line break" : "a control character") (\\u{\(String(scalar.value, radix: 16, uppercase: true))}) "
          + "cannot be part of an expression; write it on one line")
    }
    var parser = Parser(text: text, tokens: try ExpressionToken.tokens(of: text), state: state)
    let (root, kind) = try parser.expression()
    try parser.expectEnd()
    guard kind == .truth else {
      throw ExpressionError(
        expression: text, column: 1,
        problem: "it is \(kind.described), not a truth value; compare it, as in postmarks <= 10000")
    }
    // Numbers alone whose arithmetic goes beyond the largest number (`1e308 * 10`) could never be
    // computed, whatever the state: refused here rather than broken at every step.
    if Self.overflowsAlone(root) {
      throw ExpressionError(
        expression: text, column: 1,
        problem: "its arithmetic on numbers alone goes beyond the largest number (about ±1.8e308), so it "
          + "could never be computed; write numbers whose results stay within it")
    }
    self.text = text
    self.root = root
    fields = parser.fields
  }

  /// Whether `other` reads as the same expression, however it is spaced (`postmarks<=3` and
  /// `postmarks <= 3`): checked twice, it would be counted twice.
  public func reads(as other: InvariantExpression) -> Bool { root == other.root }

  /// Whether it holds on `state`.
  public func holds(on state: JSONValue) -> Bool {
    Self.evaluate(root, state) == .truth(true)
  }

  /// The break when it does not hold on `state`: expected the expression, found the fields' values
  /// (and, when its arithmetic went beyond the largest number, that it could not be computed).
  public func check(on state: JSONValue) -> InvariantBreak? {
    let result = Self.evaluate(root, state)
    guard result != .truth(true) else { return nil }
    let values = fields.map { "\($0) = \(Self.describe(state[JSONKeyPath(keys: $0)]))" }
    var found =
      values.isEmpty ? "that it reads no field of the state, and never holds" : values.joinedAsList("and")
    if result == .beyondRange {
      found =
        "that its arithmetic goes beyond the largest number (about ±1.8e308), so it cannot be computed"
        + (values.isEmpty ? "" : ", with " + values.joinedAsList("and"))
    }
    return InvariantBreak(name: "'\(text)'", expected: text, found: found)
  }

  static func evaluate(_ node: Node, _ state: JSONValue) -> Value {
    switch node {
    case .number(let value): return .number(value)
    case .text(let value): return .text(value)
    case .truth(let value): return .truth(value)
    case .field(let path): return value(of: state[path])
    case .count(let path):
      if case .array(let items) = state[path] { return .number(Double(items.count)) }
      return .number(0)
    case .negate(let inner):
      let value = evaluate(inner, state)
      return value == .beyondRange ? value : .number(-number(value))
    case .not(let inner):
      let value = evaluate(inner, state)
      return value == .beyondRange ? value : .truth(!truth(value))
    case .and(let left, let right):
      return logic(evaluate(left, state), evaluate(right, state)) { $0 && $1 }
    case .or(let left, let right):
      return logic(evaluate(left, state), evaluate(right, state)) { $0 || $1 }
    case .arithmetic(let symbol, let left, let right):
      let (first, second) = (evaluate(left, state), evaluate(right, state))
      guard first != .beyondRange, second != .beyondRange else { return .beyondRange }
      let (a, b) = (number(first), number(second))
      let result: Double
      switch symbol {
      case "+": result = a + b
      case "-": result = a - b
      case "*": result = a * b
      case "/": result = a / b
      default: result = a.truncatingRemainder(dividingBy: b)
      }
      return result.isFinite ? .number(result) : .beyondRange
    case .contains(let path, let item):
      guard case .array(let items) = state[path] else { return .truth(false) }
      let sought = evaluate(item, state)
      guard sought != .beyondRange else { return sought }
      return .truth(items.contains { value(of: $0) == sought })
    case .comparison(let symbol, let left, let right):
      let a = evaluate(left, state)
      let b = evaluate(right, state)
      guard a != .beyondRange, b != .beyondRange else { return .beyondRange }
      switch symbol {
      case "==": return .truth(a == b)
      case "!=": return .truth(a != b)
      default:
        let (x, y) = (number(a), number(b))
        switch symbol {
        case "<": return .truth(x < y)
        case "<=": return .truth(x <= y)
        case ">": return .truth(x > y)
        default: return .truth(x >= y)
        }
      }
    }
  }

  /// Whether a part of `node` that reads no field computes beyond the largest number.
  static func overflowsAlone(_ node: Node) -> Bool {
    switch node {
    case .number, .text, .truth, .field, .count: return false
    case .negate(let inner), .not(let inner), .contains(_, let inner): return overflowsAlone(inner)
    case .arithmetic(_, let left, let right), .comparison(_, let left, let right), .and(let left, let right),
      .or(let left, let right):
      if overflowsAlone(left) || overflowsAlone(right) { return true }
      guard readsNoField(node) else { return false }
      return evaluate(node, .null) == .beyondRange
    }
  }

  /// Whether `node` computes the same whatever the state.
  private static func readsNoField(_ node: Node) -> Bool {
    switch node {
    case .number, .text, .truth: true
    case .field, .count, .contains: false
    case .negate(let inner), .not(let inner): readsNoField(inner)
    case .arithmetic(_, let left, let right), .comparison(_, let left, let right), .and(let left, let right),
      .or(let left, let right):
      readsNoField(left) && readsNoField(right)
    }
  }

  /// `and` and `or`: beyond range when either side is (both sides are always computed).
  private static func logic(_ a: Value, _ b: Value, _ combine: (Bool, Bool) -> Bool) -> Value {
    guard a != .beyondRange, b != .beyondRange else { return .beyondRange }
    return .truth(combine(truth(a), truth(b)))
  }

  private static func number(_ value: Value) -> Double {
    if case .number(let number) = value { number } else { .nan }
  }

  private static func truth(_ value: Value) -> Bool {
    if case .truth(let truth) = value { truth } else { false }
  }

  private static func value(of json: JSONValue?) -> Value {
    switch json {
    case .number(let text): .number(Double(text) ?? .nan)
    case .bool(let value): .truth(value)
    case .string(let text): .text(text)
    default: .number(.nan)
    }
  }

  /// What each list of `state --json` holds (the contract's types), so that `VALUE in LIST` is
  /// checked whether or not the list is empty when the expression is read.
  static let listItems: [String: Kind] = [
    "balanceChanges": .text, "ledger": .number, "owned": .text, "sail.owned": .text, "stamped": .text,
    "unfinished": .number, "visited": .text,
  ]

  /// The kind of a JSON value.
  static func kind(of json: JSONValue) -> Kind? {
    switch json {
    case .number: .number
    case .bool: .truth
    case .string: .text
    case .array: .list
    case .object: .object
    case .null: nil
    }
  }

  /// A field's value as a message shows it.
  static func describe(_ json: JSONValue?) -> String {
    switch json {
    case .number(let text): text
    case .bool(let value): value ? "true" : "false"
    case .string(let text): "\"\(text)\""
    case .array(let items): "[" + items.map { describe($0) }.joined(separator: ", ") + "]"
    case .object: "{…}"
    case .null, nil: "null"
    }
  }
}
