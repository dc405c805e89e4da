import QuietPlacesREPL
import QuietPlacesUtilities

/// The arguments of `quietplaces test`, validated, with what the environment adds (`CI`,
/// `XML_OUTPUT_FILE`, Bazel's sharding variables).
public struct TestCommandLine: Sendable, Equatable {
  /// The usage line of `test`.
  public static let usage =
    "quietplaces test [PATH ...] [--update] [--filter TEXT] [--jobs N] [--shard K/N] [--list] "
    + "[--junit FILE] [--tap]"

  /// Files or folders to run; empty means the `Scripts/` folder of the current directory.
  public var paths: [String]
  /// Rewrite the expected output of failing scripts in place.
  public var update: Bool
  /// Keep only scripts whose path contains this text.
  public var filter: String?
  /// How many scripts run at once; `nil` means the number of active processors.
  public var jobs: Int?
  /// Run only one shard; from `--shard K/N`, else from `TEST_TOTAL_SHARDS` and `TEST_SHARD_INDEX`.
  public var shard: Shard?
  /// The file to touch to tell Bazel that sharding is supported (`TEST_SHARD_STATUS_FILE`).
  public var shardStatusFile: String?
  /// List the scripts that would run instead of running them.
  public var list: Bool
  /// Where to write JUnit XML: `--junit FILE`, then `XML_OUTPUT_FILE` when it is set.
  public var junitFiles: [String]
  /// Print TAP version 14 instead of the usual lines.
  public var tap: Bool

  /// Makes a command line from its parts.
  public init(
    paths: [String] = [], update: Bool = false, filter: String? = nil, jobs: Int? = nil,
    shard: Shard? = nil, shardStatusFile: String? = nil, list: Bool = false, junitFiles: [String] = [],
    tap: Bool = false
  ) {
    self.paths = paths
    self.update = update
    self.filter = filter
    self.jobs = jobs
    self.shard = shard
    self.shardStatusFile = shardStatusFile
    self.list = list
    self.junitFiles = junitFiles
    self.tap = tap
  }

  /// Why the arguments were refused; `description` is the one `error: …` line to print.
  public enum ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An option that `test` does not know.
    case unknownOption(String)
    /// An option that needs a value came last.
    case missingValue(String)
    /// `--jobs` with something other than a positive whole number.
    case badJobs(String)
    /// An option given twice.
    case repeated(String)
    /// `--update` while the `CI` environment variable is set.
    case updateInCI
    /// `--shard` with something that is not `K/N` with 1 ≤ K ≤ N.
    case badShard(String, reason: String)
    /// A sharding variable of the environment that does not hold what Bazel puts there.
    case badShardVariable(name: String, value: String?, reason: String)
    /// Two options that cannot go together.
    case conflicting(String, String)

    /// The error line: `error: ` and ``message``.
    public var description: String { OutputLine.errorText(message) }

    /// One sentence: what was wrong, and what would be right.
    public var message: String {
      switch self {
      case .unknownOption(let option):
        return "unknown option '\(option)'; use \(TestCommandLine.usage)"
      case .missingValue(let option):
        let value =
          switch option {
          case "--jobs": "a number of scripts to run at once, such as 2"
          case "--shard": "the shard and the number of shards, such as 1/4"
          case "--junit": "the file to write, such as .build/golden-junit.xml"
          default: "the text to match"
          }
        return "\(option) needs a value; write \(option) and then \(value)"
      case .badJobs(let value):
        return
          "--jobs '\(value)' is not a positive whole number; write --jobs 1 or more, such as --jobs 2"
      case .repeated(let option):
        return "\(option) is given more than once; give it once"
      case .updateInCI:
        return "--update is refused because CI is set (CI never records); run without --update, "
          + "or update on your own machine"
      case .badShard(let value, let reason):
        return "--shard '\(value)': \(reason)"
      case .badShardVariable(let name, let value, let reason):
        let shown = value.map { "'\($0)'" } ?? "is not set"
        return "\(name) \(shown): \(reason)"
      case .conflicting(let first, let second):
        return
          "\(first) and \(second) cannot go together; \(first) only prints the scripts that would "
          + "run, so leave out \(second)"
      }
    }
  }

  /// Parses the arguments after `test`; `environment` is read for `CI`, `XML_OUTPUT_FILE`,
  /// `TEST_TOTAL_SHARDS`, `TEST_SHARD_INDEX` and `TEST_SHARD_STATUS_FILE`.
  public static func parse(
    _ arguments: [String], environment: [String: String]
  ) throws(ParseError) -> TestCommandLine {
    var result = TestCommandLine()
    var junit: String?
    var index = 0
    var optionsEnded = false
    func value(for option: String, inline: String?) throws(ParseError) -> String {
      if let inline { return inline }
      index += 1
      guard index < arguments.count else { throw .missingValue(option) }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      defer { index += 1 }
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        result.paths.append(argument)
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let option = String(parts[0])
      let inline = parts.count > 1 ? String(parts[1]) : nil
      switch option {
      case "--":
        optionsEnded = true
      case "--update" where inline == nil, "--list" where inline == nil, "--tap" where inline == nil:
        let flag: WritableKeyPath<TestCommandLine, Bool> =
          option == "--update" ? \.update : option == "--list" ? \.list : \.tap
        if result[keyPath: flag] { throw .repeated(option) }
        result[keyPath: flag] = true
      case "--filter":
        if result.filter != nil { throw .repeated(option) }
        result.filter = try value(for: option, inline: inline)
      case "--jobs", "-j":
        if result.jobs != nil { throw .repeated("--jobs") }
        let text = try value(for: "--jobs", inline: inline)
        guard let jobs = positiveWholeNumber(text) else { throw .badJobs(text) }
        result.jobs = jobs
      case "--shard":
        if result.shard != nil { throw .repeated(option) }
        result.shard = try parseShard(try value(for: option, inline: inline))
      case "--junit":
        if junit != nil { throw .repeated(option) }
        let file = try value(for: option, inline: inline)
        guard !file.isEmpty else { throw .missingValue(option) }
        junit = file
      default:
        throw .unknownOption(argument)
      }
    }
    if result.update && environment["CI"] != nil { throw .updateInCI }
    if result.list {
      if result.update { throw .conflicting("--list", "--update") }
      if result.tap { throw .conflicting("--list", "--tap") }
      if junit != nil { throw .conflicting("--list", "--junit") }
    }
    if result.shard == nil { result.shard = try shardFromEnvironment(environment) }
    if let status = environment["TEST_SHARD_STATUS_FILE"], !status.isEmpty { result.shardStatusFile = status }
    result.junitFiles = [junit].compactMap { $0 }
    if !result.list, let file = environment["XML_OUTPUT_FILE"], !file.isEmpty, file != junit {
      result.junitFiles.append(file)
    }
    return result
  }

  /// `K/N` with 1 ≤ K ≤ N, as a 0-based shard.
  static func parseShard(_ text: String) throws(ParseError) -> Shard {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 2, let k = positiveWholeNumber(parts[0]) ?? zero(parts[0]),
      let n = positiveWholeNumber(parts[1]) ?? zero(parts[1])
    else {
      throw .badShard(
        text,
        reason: "not K/N; write the shard and the number of shards as whole numbers, such as --shard 1/4")
    }
    guard n >= 1 else {
      throw .badShard(text, reason: "the number of shards must be 1 or more; write K/N such as --shard 1/4")
    }
    guard k >= 1 else {
      throw .badShard(text, reason: "shards count from 1; write --shard 1/\(n) to --shard \(n)/\(n)")
    }
    guard k <= n else {
      throw .badShard(
        text,
        reason:
          "there is no shard \(k) of \(n); K runs from 1 to N, so write --shard 1/\(n) to --shard \(n)/\(n)")
    }
    return Shard(index: k - 1, count: n)
  }

  /// Bazel's `TEST_TOTAL_SHARDS` and 0-based `TEST_SHARD_INDEX`, when the first is set.
  static func shardFromEnvironment(_ environment: [String: String]) throws(ParseError) -> Shard? {
    guard let totalText = environment["TEST_TOTAL_SHARDS"], !totalText.isEmpty else { return nil }
    guard let total = positiveWholeNumber(totalText) else {
      throw .badShardVariable(
        name: "TEST_TOTAL_SHARDS", value: totalText,
        reason: "not a positive whole number; set it to the number of shards, such as 4, or unset it")
    }
    let indexText = environment["TEST_SHARD_INDEX"]
    guard let indexText, let index = positiveWholeNumber(indexText) ?? zero(indexText), index < total else {
      throw .badShardVariable(
        name: "TEST_SHARD_INDEX", value: indexText,
        reason: "with TEST_TOTAL_SHARDS=\(total) it must be a whole number from 0 to \(total - 1) (0-based)")
    }
    return Shard(index: index, count: total)
  }

  /// The value of digits-only text above 0, or `nil`.
  static func positiveWholeNumber(_ text: String) -> Int? {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text), value > 0
    else {
      return nil
    }
    return value
  }

  /// 0 for text that is all zeros, else `nil`.
  private static func zero(_ text: String) -> Int? {
    !text.isEmpty && text.allSatisfy { $0 == "0" } ? 0 : nil
  }
}
