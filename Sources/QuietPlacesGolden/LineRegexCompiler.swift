/// Turns a parsed ` (re)` pattern into the instructions ``LineRegex`` runs: each group saves its start
/// and end, a repetition is written out `min` times and then as optional copies or a loop, and the
/// program ends with ``LineRegex/Instruction/match``.
enum LineRegexCompiler {
  /// The most instructions a pattern may compile to.
  static let largestProgram = 20_000

  /// The program for `node`, whose pattern has `groupCount` capturing groups.
  static func compile(_ node: LineRegexParser.Node, groupCount: Int) throws(LineRegexError)
    -> [LineRegex.Instruction]
  {
    var program: [LineRegex.Instruction] = [.save(slot: 0)]
    try emit(node, into: &program)
    program += [.save(slot: 1), .match]
    return program
  }

  private static func emit(_ node: LineRegexParser.Node, into program: inout [LineRegex.Instruction])
    throws(LineRegexError)
  {
    guard program.count <= largestProgram else { throw LineRegexError(column: 1, problem: .tooLarge) }
    switch node {
    case .empty:
      break
    case .character(let character):
      program.append(.character(character))
    case .any:
      program.append(.any)
    case .set(let set):
      program.append(.set(set))
    case .lineStart:
      program.append(.lineStart)
    case .lineEnd:
      program.append(.lineEnd)
    case .wordBoundary(let wanted):
      program.append(.wordBoundary(wanted))
    case .backreference(let group):
      program.append(.backreference(group: group))
    case .group(let inner, let capture):
      if let capture { program.append(.save(slot: 2 * capture)) }
      try emit(inner, into: &program)
      if let capture { program.append(.save(slot: 2 * capture + 1)) }
    case .sequence(let nodes):
      for node in nodes { try emit(node, into: &program) }
    case .alternation(let branches):
      var jumps: [Int] = []
      for (offset, branch) in branches.enumerated() {
        if offset < branches.count - 1 {
          let split = program.count
          program.append(.jump(-1))
          try emit(branch, into: &program)
          jumps.append(program.count)
          program.append(.jump(-1))
          program[split] = .split(first: split + 1, second: program.count)
        } else {
          try emit(branch, into: &program)
        }
      }
      for jump in jumps { program[jump] = .jump(program.count) }
    case .repetition(let inner, let min, let max, let lazy):
      for _ in 0..<min { try emit(inner, into: &program) }
      if let max {
        // Each optional copy may be skipped, and skipping one skips every later one.
        var exits: [Int] = []
        for _ in min..<max {
          exits.append(program.count)
          program.append(.jump(-1))
          try emit(inner, into: &program)
        }
        for exit in exits {
          program[exit] = split(body: exit + 1, after: program.count, lazy: lazy)
        }
      } else {
        let loop = program.count
        program.append(.jump(-1))
        try emit(inner, into: &program)
        program.append(.jump(loop))
        program[loop] = split(body: loop + 1, after: program.count, lazy: lazy)
      }
    }
    guard program.count <= largestProgram else { throw LineRegexError(column: 1, problem: .tooLarge) }
  }

  /// A split that tries the body first (greedy) or the way past it first (lazy).
  private static func split(body: Int, after: Int, lazy: Bool) -> LineRegex.Instruction {
    lazy ? .split(first: after, second: body) : .split(first: body, second: after)
  }
}
