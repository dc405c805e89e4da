/// The arguments of `quietplaces test [PATH ...] [--update] [--filter TEXT] [--jobs N]`, validated.
public struct TestCommandLine: Sendable, Equatable {
  /// Files or folders to run; empty means the `Scripts/` folder of the current directory.
  public var paths: [String]
  /// Rewrite the expected output of failing scripts in place.
  public var update: Bool
  /// Keep only scripts whose path contains this text.
  public var filter: String?
  /// How many scripts run at once; `nil` means the number of active processors.
  public var jobs: Int?

  /// Makes a command line from its parts.
  public init(paths: [String] = [], update: Bool = false, filter: String? = nil, jobs: Int? = nil) {
    self.paths = paths
    self.update = update
    self.filter = filter
    self.jobs = jobs
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

    /// The error line: `error: ` and ``message``.
    public var description: String { OutputLine.errorText(message) }

    /// One sentence: what was wrong, and what would be right.
    public var message: String {
      let usage = "quietplaces test [PATH ...] [--update] [--filter TEXT] [--jobs N]"
      switch self {
      case .unknownOption(let option):
        return "unknown option '\(option)'; use \(usage)"
      case .missingValue(let option):
        let value = option == "--jobs" ? "a number of scripts to run at once, such as 2" : "the text to match"
        return "\(option) needs a value; write \(option) and then \(value)"
      case .badJobs(let value):
        return
          "--jobs '\(value)' is not a positive whole number; write --jobs 1 or more, such as --jobs 2"
      case .repeated(let option):
        return "\(option) is given more than once; give it once"
      case .updateInCI:
        return "--update is refused because CI is set (CI never records); run without --update, "
          + "or update on your own machine"
      }
    }
  }

  /// Parses the arguments after `test`; `environment` is checked for `CI`.
  public static func parse(
    _ arguments: [String], environment: [String: String]
  ) throws(ParseError) -> TestCommandLine {
    var result = TestCommandLine()
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
      case "--update" where inline == nil:
        if result.update { throw .repeated(option) }
        result.update = true
      case "--filter":
        if result.filter != nil { throw .repeated(option) }
        result.filter = try value(for: option, inline: inline)
      case "--jobs", "-j":
        if result.jobs != nil { throw .repeated("--jobs") }
        let text = try value(for: "--jobs", inline: inline)
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let jobs = Int(text), jobs > 0 else {
          throw .badJobs(text)
        }
        result.jobs = jobs
      default:
        throw .unknownOption(argument)
      }
    }
    if result.update && environment["CI"] != nil { throw .updateInCI }
    return result
  }
}
