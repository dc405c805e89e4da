import QuietPlacesUtilities

extension InvariantExpression {
  /// Reads tokens into nodes by recursive descent, loosest first: `or`, `and`, `not`, a
  /// comparison, `+ -`, `* / %`, unary `-`, then a field, a value, `count(PATH)` or brackets.
  struct Parser {
    let text: String
    let tokens: [ExpressionToken]
    let state: JSONValue
    var position = 0
    var fields: [String] = []
    /// Brackets, `not` and unary `-` open around the token being read.
    var nesting = 0

    /// The most tokens an expression has: its tree, parsed and evaluated by recursion, stays shallow
    /// enough for any thread's stack (100,000 brackets overflowed it).
    static let maximumTokens = 1_000
    /// The deepest brackets, `not` and unary `-` nest.
    static let maximumNesting = 64

    init(text: String, tokens: [ExpressionToken], state: JSONValue) {
      self.text = text
      self.tokens = tokens
      self.state = state
    }

    typealias Typed = (node: Node, kind: Kind)

    var current: ExpressionToken { tokens[position] }

    func fail(_ problem: String, at token: ExpressionToken? = nil) -> ExpressionError {
      ExpressionError(expression: text, column: (token ?? current).column, problem: problem)
    }

    mutating func advance() { if position < tokens.count - 1 { position += 1 } }

    func isWord(_ word: String) -> Bool { current.kind == .word(word) }
    func isSymbol(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }

    mutating func expectEnd() throws(ExpressionError) {
      guard current.kind == .end else {
        // `owned contains "charts"`, as other languages ask it.
        if case .word(let word) = current.kind,
          ["contains", "includes", "has", "holds"].contains(word.lowercased())
        {
          throw fail(
            "'\(word)' is not a word of an expression; whether a list holds a value is written VALUE in LIST, as in "
              + "\"charts\" in owned")
        }
        throw fail("expected and, or, a comparison or the end, found \(current.described)")
      }
    }

    mutating func expression() throws(ExpressionError) -> Typed {
      if position == 0 && tokens.count > Self.maximumTokens {
        throw ExpressionError(
          expression: text, column: tokens[Self.maximumTokens].column,
          problem:
            "it has \((tokens.count - 1).withThousandsSeparators) words and symbols, more than the "
            + "\(Self.maximumTokens.withThousandsSeparators) an invariant may "
            + "have; split it into several --invariant")
      }
      return try or()
    }

    /// Reads what `body` reads one level deeper in brackets, `not` or `-`, opened at `token`.
    private mutating func nested(
      at token: ExpressionToken, _ body: (inout Parser) throws(ExpressionError) -> Typed
    )
      throws(ExpressionError) -> Typed
    {
      guard nesting < Self.maximumNesting else {
        throw fail(
          "brackets, not and - nest deeper than \(Self.maximumNesting) here; write it with fewer levels",
          at: token)
      }
      nesting += 1
      defer { nesting -= 1 }
      return try body(&self)
    }

    private mutating func or() throws(ExpressionError) -> Typed {
      var left = try and()
      while isWord("or") || isSymbol("||") {
        let token = current
        advance()
        let right = try and()
        try requireTruth(left, right, token)
        left = (.or(left.node, right.node), .truth)
      }
      return left
    }

    private mutating func and() throws(ExpressionError) -> Typed {
      var left = try not()
      while isWord("and") || isSymbol("&&") {
        let token = current
        advance()
        let right = try not()
        try requireTruth(left, right, token)
        left = (.and(left.node, right.node), .truth)
      }
      return left
    }

    private mutating func not() throws(ExpressionError) -> Typed {
      guard isWord("not") || isSymbol("!") else { return try comparison() }
      let token = current
      advance()
      let inner = try nested(at: token) { (parser: inout Parser) throws(ExpressionError) in try parser.not() }
      guard inner.kind == .truth else {
        throw fail(
          "'\(Self.spelling(token))' needs a truth value after it, not \(inner.kind.described)", at: token)
      }
      return (.not(inner.node), .truth)
    }

    private mutating func comparison() throws(ExpressionError) -> Typed {
      let left = try sum()
      if isWord("in") { return try membership(left) }
      guard case .symbol(let symbol) = current.kind, ["<", "<=", ">", ">=", "==", "!="].contains(symbol)
      else {
        return left
      }
      let token = current
      advance()
      let right = try sum()
      if ["==", "!="].contains(symbol) {
        guard left.kind == right.kind, left.kind != .list, left.kind != .object else {
          throw fail(
            "'\(symbol)' compares two values of one kind, not \(left.kind.described) and \(right.kind.described)"
              + (left.kind == .list || right.kind == .list ? "; count(PATH) gives a list's length" : ""),
            at: token)
        }
      } else if left.kind != .number || right.kind != .number {
        throw fail(
          "'\(symbol)' compares numbers, not \(left.kind.described) and \(right.kind.described)"
            + (left.kind == .list || right.kind == .list ? "; count(PATH) gives a list's length" : ""),
          at: token)
      }
      if case .symbol(let next) = current.kind, ["<", "<=", ">", ">=", "==", "!="].contains(next) {
        throw fail("comparisons do not chain; join two with and, as in 1 <= route and route <= 3")
      }
      return (.comparison(symbol, left.node, right.node), .truth)
    }

    /// `VALUE in LIST`: whether the list field holds the number or string on the left.
    private mutating func membership(_ left: Typed) throws(ExpressionError) -> Typed {
      let token = current
      advance()
      let listToken = current
      let right = try sum()
      guard case .field(let path) = right.node, right.kind == .list else {
        throw fail(
          "'in' needs a list of the state after it, such as owned or sail.owned, not \(right.kind.described)",
          at: listToken)
      }
      guard left.kind == .number || left.kind == .text else {
        throw fail(
          "'in' looks for a number or a \"string\" in a list, not \(left.kind.described), as in \"charts\" in owned",
          at: token)
      }
      // A list that holds values of the other kind would never hold this one: by the contract's type,
      // or for a list it does not name, by the values it holds now.
      var items: InvariantExpression.Kind?
      if let known = InvariantExpression.listItems[path.description] {
        items = known
      } else if case .array(let values) = state[path] {
        items = values.first.flatMap(InvariantExpression.kind(of:))
      }
      if let first = items, first != left.kind {
        throw fail(
          "'\(path.description)' holds \(first.plural), "
            + "so it never holds \(left.kind.described)",
          at: token)
      }
      if case .symbol(let next) = current.kind, ["<", "<=", ">", ">=", "==", "!="].contains(next) {
        throw fail("comparisons do not chain; join two with and, as in \"charts\" in owned and route <= 3")
      }
      return (.contains(path, left.node), .truth)
    }

    private mutating func sum() throws(ExpressionError) -> Typed {
      var left = try product()
      while case .symbol(let symbol) = current.kind, symbol == "+" || symbol == "-" {
        let token = current
        advance()
        let right = try product()
        try requireNumbers(left, right, token, symbol)
        left = (.arithmetic(symbol, left.node, right.node), .number)
      }
      return left
    }

    private mutating func product() throws(ExpressionError) -> Typed {
      var left = try unary()
      while case .symbol(let symbol) = current.kind, symbol == "*" || symbol == "/" || symbol == "%" {
        let token = current
        advance()
        let right = try unary()
        try requireNumbers(left, right, token, symbol)
        if symbol != "*" { try requireDivisor(right, token, symbol) }
        left = (.arithmetic(symbol, left.node, right.node), .number)
      }
      return left
    }

    /// A division or remainder divides by a number that is not 0 whatever the state: by a field it
    /// could divide by zero on some state, and an expression that cannot be worked out would be
    /// reported as the engine's fault.
    private func requireDivisor(_ right: Typed, _ token: ExpressionToken, _ symbol: String)
      throws(ExpressionError)
    {
      let readsNoField = !Self.readsField(right.node)
      let value = readsNoField ? InvariantExpression.evaluate(right.node, .object(JSONObject())) : nil
      guard readsNoField, case .number(let divisor)? = value, divisor != 0, divisor.isFinite else {
        let rewrite = symbol == "/" ? "; multiply instead, as in discoveries >= 2 * scouts.hired" : ""
        throw fail(
          readsNoField
            ? "'\(symbol)' divides by 0; divide by a number other than 0"
            : "'\(symbol)' divides by a field, which can be 0 on some state; divide only by a number other "
              + "than 0\(rewrite)",
          at: token)
      }
    }

    /// Whether `node` reads the state (a field or a count).
    private static func readsField(_ node: InvariantExpression.Node) -> Bool {
      switch node {
      case .field, .count: true
      case .number, .text, .truth: false
      case .contains: true
      case .negate(let inner), .not(let inner): readsField(inner)
      case .and(let a, let b), .or(let a, let b), .arithmetic(_, let a, let b), .comparison(_, let a, let b):
        readsField(a) || readsField(b)
      }
    }

    private mutating func unary() throws(ExpressionError) -> Typed {
      guard isSymbol("-") else { return try primary() }
      let token = current
      advance()
      let inner = try nested(at: token) { (parser: inout Parser) throws(ExpressionError) in try parser.unary()
      }
      guard inner.kind == .number else {
        throw fail("'-' needs a number after it, not \(inner.kind.described)", at: token)
      }
      return (.negate(inner.node), .number)
    }

    private mutating func primary() throws(ExpressionError) -> Typed {
      let token = current
      switch token.kind {
      case .number(let value):
        advance()
        return (.number(value), .number)
      case .string(let value):
        advance()
        return (.text(value), .text)
      case .symbol("("):
        advance()
        let inner = try nested(at: token) { (parser: inout Parser) throws(ExpressionError) in
          try parser.expression()
        }
        guard isSymbol(")") else {
          throw fail("expected ')' to close the '(' at column \(token.column), found \(current.described)")
        }
        advance()
        return inner
      case .word("true"), .word("false"):
        advance()
        return (.truth(token.kind == .word("true")), .truth)
      case .word("count") where tokens[position + 1].kind == .symbol("("):
        advance()
        advance()
        let fieldToken = current
        guard case .word(let path) = fieldToken.kind else {
          throw fail("count( needs a field that is a list, such as count(owned); found \(current.described)")
        }
        let kind = try field(path, at: fieldToken)
        guard kind == .list else {
          throw fail("count( needs a list, and '\(path)' is \(kind.described)", at: fieldToken)
        }
        advance()
        guard isSymbol(")") else {
          throw fail("expected ')' after count(\(path), found \(current.described)")
        }
        advance()
        return (.count(JSONKeyPath(keys: path)), .number)
      case .word(let word) where ["and", "or", "not"].contains(word):
        throw fail("expected a field, a number or '(' before '\(word)'")
      case .word(let name) where tokens[position + 1].kind == .symbol("("):
        throw fail(
          "'\(name)(' is not a function of an expression; the one function is count(PATH), a list's length, "
            + "as in count(owned)", at: token)
      case .word(let path):
        let kind = try field(path, at: token)
        advance()
        guard kind != .object else {
          throw fail(
            "'\(path)' is an object; name one of its fields, such as \(path).\(firstKey(path))", at: token)
        }
        return (.field(JSONKeyPath(keys: path)), kind)
      case .end:
        throw fail("expected a field, a number or '(', found the end")
      default:
        throw fail("expected a field, a number or '(', found \(token.described)")
      }
    }

    /// The list `path` asks the length of as other languages write it (`unfinished.count`,
    /// `owned.length`), when what comes before that last word is a list of the state.
    static func lengthOf(_ path: String, in state: JSONValue) -> String? {
      guard let (list, last) = listAndLastWord(path, in: state),
        ["count", "length", "size", "len"].contains(last.lowercased())
      else { return nil }
      return list
    }

    /// The list and the item of `owned.charts`, when what comes before the last word is a list of the
    /// state (a membership written as a field).
    static func memberOf(_ path: String, in state: JSONValue) -> (list: String, item: String)? {
      listAndLastWord(path, in: state).map { (list: $0.list, item: $0.last) }
    }

    /// `path` split before its last word, when what comes before it is a list of the state.
    private static func listAndLastWord(_ path: String, in state: JSONValue) -> (list: String, last: String)?
    {
      guard let dot = path.lastIndex(of: ".") else { return nil }
      let list = String(path[..<dot])
      let keys = JSONKeyPath(keys: list)
      let (depth, reached) = state.follow(keys)
      guard depth == keys.segments.count, InvariantExpression.kind(of: reached) == .list else { return nil }
      return (list, String(path[path.index(after: dot)...]))
    }

    /// The kind of the field at `path` in the state, or the error that names the nearest field.
    private mutating func field(_ path: String, at token: ExpressionToken) throws(ExpressionError) -> Kind {
      let keys = JSONKeyPath(keys: path)
      let (depth, reached) = state.follow(keys)
      guard depth == keys.segments.count, let kind = InvariantExpression.kind(of: reached) else {
        var all: [String] = []
        state.forEachNode(intoArrays: false) { path, _ in
          let written = path.description
          if !written.isEmpty, !path.passesThroughArray { all.append(written) }
        }
        let hint =
          Self.lengthOf(path, in: state).map { "; a list's length is count(\($0))" }
          ?? Self.memberOf(path, in: state).map {
            "; '\($0.list)' is a list: to ask whether it holds \($0.item), write \"\($0.item)\" in \($0.list)"
          }
          ?? EditDistance.closest(to: path, in: all, within: EditDistance.tolerance(for: path))
          .map { "; did you mean '\($0)'?" } ?? " (state --json shows them all)"
        throw fail("'\(path)' is not a field of the state\(hint)", at: token)
      }
      if !fields.contains(path) { fields.append(path) }
      return kind
    }

    private func firstKey(_ path: String) -> String {
      state[JSONKeyPath(keys: path)]?.object?.keys.first ?? "…"
    }

    private func requireNumbers(_ left: Typed, _ right: Typed, _ token: ExpressionToken, _ symbol: String)
      throws(ExpressionError)
    {
      guard left.kind == .number, right.kind == .number else {
        let hint = left.kind == .list || right.kind == .list ? "; count(PATH) gives a list's length" : ""
        throw fail(
          "'\(symbol)' needs numbers on both sides, not \(left.kind.described) and \(right.kind.described)\(hint)",
          at: token)
      }
    }

    private func requireTruth(_ left: Typed, _ right: Typed, _ token: ExpressionToken) throws(ExpressionError)
    {
      guard left.kind == .truth, right.kind == .truth else {
        throw fail(
          "'\(Self.spelling(token))' joins truth values, not \(left.kind.described) and \(right.kind.described); "
            + "compare first, as in postmarks <= 10000",
          at: token)
      }
    }

    private static func spelling(_ token: ExpressionToken) -> String {
      switch token.kind {
      case .word(let word): word
      case .symbol(let symbol): symbol
      default: token.described
      }
    }
  }
}
