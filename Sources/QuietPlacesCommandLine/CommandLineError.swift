import QuietPlacesLab
import QuietPlacesREPL
import QuietPlacesUtilities

/// Why `quietplaces` refused its command line: nothing ran, and the exit status is 2.
///
/// The cases carry what was wrong; ``description`` is the one place that turns them into the
/// `error: …` line, saying what was wrong and what would be right.
public enum CommandLineError: Error, Sendable, Equatable, CustomStringConvertible {
  /// An option the mode does not have; the closest name it has, if one is close, or else where
  /// another mode has it (or a name close to it); and every option the mode has.
  case unknownOption(String, command: String, suggestion: String?, elsewhere: Elsewhere?, options: [String])
  /// A flag given a value (`--update=yes`).
  case flagWithValue(option: String)
  /// An option that needs a value came last, or before another option.
  case missingValue(option: String, example: String)
  /// An option given an empty value (`--filter ''`).
  case emptyValue(option: String, example: String)
  /// An option's value that its reader refused.
  case invalidValue(option: String, value: String, problem: ValueProblem, example: String)
  /// An option given twice that is given once.
  case repeated(option: String)
  /// Two options that cannot go together.
  case conflicting(option: String, other: String, reason: String)
  /// An option that would change nothing with the others given (it would be passed over without a
  /// word): why, and what would make it count.
  case changesNothing(option: String, reason: String)
  /// A word where a subcommand was expected; the closest subcommand, if one is close.
  case unknownSubcommand(String, command: String, subcommands: [String], suggestion: String?)
  /// A word that only groups subcommands, given alone.
  case missingSubcommand(command: String, usages: [String])
  /// An argument the mode needs is missing.
  case missingArgument(name: String, command: String, usage: String)
  /// More arguments than the mode takes.
  case unexpectedArgument(String, command: String, usage: String)
  /// Bazel's `TEST_TOTAL_SHARDS` is not a number of shards.
  case badTotalShards(String)
  /// Bazel's `TEST_SHARD_INDEX` is missing or not below `TEST_TOTAL_SHARDS`.
  case badShardIndex(String?, total: Int)
  /// An option refused because the `CI` environment variable is set.
  case refusedInCI(option: String)

  /// An option of another mode: its name and the mode's path.
  public struct Elsewhere: Sendable, Equatable {
    /// The option's name.
    public var option: String
    /// The mode that has it, such as `quietplaces test`.
    public var command: String
  }

  /// The line to print: `error: ` and ``message``.
  public var description: String { OutputLine.errorText(message) }

  /// One sentence: what was wrong, and what would be right. A word holding a typographic dash,
  /// ellipsis or quote (``Lookalike``) is refused for that, with the word in ASCII.
  public var message: String {
    switch self {
    case .unknownOption(let word, let command, _, _, _), .unknownSubcommand(let word, let command, _, _),
      .unexpectedArgument(let word, let command, _):
      if let note = Lookalike.note(for: word, asOption: true) {
        return "'\(word.fromOutside)' for \(command): \(note)"
      }
    case .invalidValue(let option, let value, _, _):
      if let note = Lookalike.note(for: value, fixed: { "\(option) \($0)" }) {
        return "\(option) '\(value.fromOutside)': \(note)"
      }
    default: break
    }
    return plainMessage
  }

  /// ``message`` for a word of ASCII.
  private var plainMessage: String {
    switch self {
    case .unknownOption(let option, let command, let suggestion, let elsewhere, let options):
      let known =
        options.isEmpty
        ? "\(command) takes no options"
        : options.count <= 6
          ? "\(command) takes \(options.joinedAsList("and"))" : "\(command) --help lists its options"
      if let suggestion {
        return "unknown option '\(option)' for \(command); did you mean \(suggestion)? (\(known))"
      }
      if let elsewhere, elsewhere.option == option {
        return "\(option) is an option of \(elsewhere.command), not of \(command); \(known)"
      }
      if let elsewhere {
        return
          "unknown option '\(option)' for \(command); did you mean \(elsewhere.command) \(elsewhere.option)? "
          + "(\(known))"
      }
      return "unknown option '\(option)' for \(command); \(known)"
    case .flagWithValue(let option):
      return "\(option) takes no value; write \(option) alone"
    case .missingValue(let option, let example):
      return "\(option) needs a value; write it after the option, such as \(example)"
    case .emptyValue(let option, let example):
      return "\(option) is given an empty value; write one, such as \(example)"
    case .invalidValue(let option, let value, let problem, let example):
      return Self.sentence(problem, option: option, value: value, example: example)
    case .repeated(let option):
      return "\(option) is given more than once; give it once"
    case .conflicting(let option, let other, let reason):
      return "\(option) and \(other) cannot go together; \(reason), so leave out \(other)"
    case .changesNothing(let option, let reason):
      return "\(option) changes nothing here: \(reason)"
    case .unknownSubcommand(let word, let command, let subcommands, let suggestion):
      let known = "\(command) --help shows each"
      if let suggestion {
        return "unknown subcommand '\(word)' for \(command); did you mean \(suggestion)? (\(known))"
      }
      return
        "unknown subcommand '\(word)' for \(command); write one of \(subcommands.joinedAsList("or")) (\(known))"
    case .missingSubcommand(let command, let usages):
      return "\(command) needs a subcommand; write \(usages.joinedAsList("or"))"
    case .missingArgument(let name, let command, let usage):
      return "\(command) needs \(name); write \(usage)"
    case .unexpectedArgument(let word, let command, let usage):
      return "unexpected argument '\(word)' for \(command); write \(usage)"
    case .badTotalShards(let value):
      return "TEST_TOTAL_SHARDS '\(value)': not a positive whole number; set it to the number of shards, "
        + "such as 4, or unset it"
    case .badShardIndex(let value, let total):
      let shown = value.map { "'\($0)'" } ?? "is not set"
      return "TEST_SHARD_INDEX \(shown): with TEST_TOTAL_SHARDS=\(total) it must be a whole number from 0 to "
        + "\(total - 1) (0-based)"
    case .refusedInCI(let option):
      return "\(option) is refused because CI is set (CI never records); run without \(option), "
        + "or update on your own machine"
    }
  }

  /// What was wrong with `value`, given for `option`.
  private static func sentence(_ problem: ValueProblem, option: String, value: String, example: String)
    -> String
  {
    switch problem {
    case .notWholeNumber(let range):
      return "\(option) '\(value)' is not a whole number from \(range.lowerBound) to \(range.upperBound); "
        + "write one, such as \(example)"
    case .notAShard:
      return "\(option) '\(value)': not K/N; write the shard and the number of shards as whole numbers, "
        + "such as \(example)"
    case .noShards:
      return "\(option) '\(value)': the number of shards must be 1 or more; write K/N such as \(example)"
    case .shardFromZero(let count):
      return
        "\(option) '\(value)': shards count from 1; write \(option) 1/\(count) to \(option) \(count)/\(count)"
    case .beyondShards(let shard, let count):
      return "\(option) '\(value)': there is no shard \(shard) of \(count); K runs from 1 to N, so write "
        + "\(option) 1/\(count) to \(option) \(count)/\(count)"
    case .notSeeds:
      return "\(option) '\(value)' is not a list of seeds; write A-B or a list, such as \(option) 1-100 or "
        + "\(option) 1,5,9"
    case .seedsBackwards(let part, let first, let last):
      return "\(option) \(part) runs backwards; write the smaller seed first, such as \(last)-\(first)"
    case .seedRepeated(let seed):
      return "\(option) \(value) gives seed \(seed) more than once, which would count one player several "
        + "times; give each seed once"
    case .tooManySeeds(let limit):
      return "\(option) \(value) is more than \(limit.withThousandsSeparators) seeds; split the sweep with "
        + "--shard K/N instead"
    case .notOneOf(let names):
      let said = "\(option) '\(value)' is not one of \(names.joinedAsList("or"))"
      if let closest = EditDistance.closest(
        to: value, in: names, within: max(2, EditDistance.tolerance(for: value)))
      {
        return "\(said); did you mean \(option) \(closest)?"
      }
      return "\(said); write one of them, such as \(example)"
    case .wrongSuffix(let suffix):
      return "\(option) '\(value)' does not end in \(suffix); write \(option) FILE\(suffix)"
    case .lab(let error):
      return error.message
    }
  }
}
