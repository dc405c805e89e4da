/// The regular expression of a ` (re)` line, matched against a whole line in time that cannot run away.
///
/// The pattern is compiled (``LineRegexParser``) to a small program of instructions and run by a
/// backtracking machine that remembers every (instruction, position) pair it has tried: a pair that
/// failed once fails again, so no pair is tried twice and the work is bounded by the program's size
/// times the line's length, whatever the nesting of quantifiers (`(a+)+`, `(.*,)*`). Only a
/// backreference (`\1`) makes the result depend on what a group captured; such a pattern is run
/// without that memory and within ``stepBudget`` steps, and running out is its own outcome
/// (``Outcome/tooLong``) rather than a hang.
///
/// Characters are compared as Swift compares them (grapheme clusters), as `Regex` did before.
public struct LineRegex: Sendable {
  /// What matching a line gave.
  public enum Outcome: Sendable, Equatable {
    /// The pattern matches the whole line.
    case matched
    /// It does not.
    case different
    /// A pattern with a backreference ran out of steps before it could tell.
    case tooLong
  }

  /// One step of the compiled program.
  enum Instruction: Sendable, Equatable {
    /// The next character is this one.
    case character(Character)
    /// The next character is any character.
    case any
    /// The next character is in this class.
    case set(LineRegexClass)
    /// Try `first`; when it fails, try `second` at the same position.
    case split(first: Int, second: Int)
    /// Go on at `target`.
    case jump(Int)
    /// Record the position in capture slot `slot` (a group's start is 2·group, its end one more).
    case save(slot: Int)
    /// The text group `group` captured comes next.
    case backreference(group: Int)
    /// The position is the start of the line.
    case lineStart
    /// The position is the end of the line.
    case lineEnd
    /// The position is (`true`) or is not (`false`) a word boundary.
    case wordBoundary(Bool)
    /// The whole line has been matched if the position is its end.
    case match
  }

  /// Work the machine has left: a thread to go on with, or a capture to put back when backtracking.
  private enum Frame {
    case thread(pc: Int, position: Int)
    case restore(slot: Int, value: Int)
  }

  /// How many steps a pattern with a backreference may take on one line.
  public static let stepBudget = 1_000_000

  /// The pattern as written.
  public let pattern: String
  /// The compiled program.
  let program: [Instruction]
  /// How many capturing groups the pattern has.
  let groupCount: Int
  /// Whether the pattern refers back to a group (and so runs within the step budget).
  public let hasBackreferences: Bool

  /// Compiles `pattern`, or says why it is not one this matcher knows.
  public init(_ pattern: String) throws(LineRegexError) {
    let parsed = try LineRegexParser.parse(pattern)
    self.pattern = pattern
    self.groupCount = parsed.groupCount
    self.hasBackreferences = parsed.hasBackreferences
    self.program = try LineRegexCompiler.compile(parsed.node, groupCount: parsed.groupCount)
  }

  /// Whether the pattern matches the whole of `line`.
  public func wholeMatch(_ line: some StringProtocol, budget: Int = LineRegex.stepBudget) -> Outcome {
    let text = Array(line)
    let count = text.count
    var captures = [Int](repeating: -1, count: 2 * (groupCount + 1))
    let remember = !hasBackreferences
    let width = count + 1
    var tried = [UInt64](repeating: 0, count: remember ? (program.count * width + 63) / 64 : 0)
    var stack: [Frame] = [.thread(pc: 0, position: 0)]
    var steps = 0
    while let frame = stack.popLast() {
      var pc: Int
      var position: Int
      switch frame {
      case .restore(let slot, let value):
        captures[slot] = value
        continue
      case .thread(let start, let at):
        pc = start
        position = at
      }
      thread: while true {
        if remember {
          let index = pc * width + position
          let bit = UInt64(1) << UInt64(index % 64)
          if tried[index / 64] & bit != 0 { break thread }
          tried[index / 64] |= bit
        } else {
          steps += 1
          if steps > budget { return .tooLong }
        }
        switch program[pc] {
        case .character(let character):
          guard position < count, text[position] == character else { break thread }
          pc += 1
          position += 1
        case .any:
          guard position < count else { break thread }
          pc += 1
          position += 1
        case .set(let set):
          guard position < count, set.contains(text[position]) else { break thread }
          pc += 1
          position += 1
        case .split(let first, let second):
          stack.append(.thread(pc: second, position: position))
          pc = first
        case .jump(let target):
          pc = target
        case .save(let slot):
          stack.append(.restore(slot: slot, value: captures[slot]))
          captures[slot] = position
          pc += 1
        case .backreference(let group):
          let start = captures[2 * group]
          let end = captures[2 * group + 1]
          guard start >= 0, end >= start else { break thread }
          let length = end - start
          guard position + length <= count,
            text[start..<end].elementsEqual(text[position..<position + length])
          else { break thread }
          pc += 1
          position += length
        case .lineStart:
          guard position == 0 else { break thread }
          pc += 1
        case .lineEnd:
          guard position == count else { break thread }
          pc += 1
        case .wordBoundary(let wanted):
          let before = position > 0 && LineRegexClass.isWord(text[position - 1])
          let after = position < count && LineRegexClass.isWord(text[position])
          guard (before != after) == wanted else { break thread }
          pc += 1
        case .match:
          if position == count { return .matched }
          break thread
        }
      }
    }
    return .different
  }
}
