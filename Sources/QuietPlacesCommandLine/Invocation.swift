import QuietPlacesGolden
import QuietPlacesLab
import QuietPlacesREPL
import QuietPlacesStore

/// What `quietplaces` was asked to do, from its arguments.
enum Invocation: Equatable, Sendable {
  /// Options every mode shares.
  struct Options: Equatable, Sendable {
    /// `--save-dir DIR`.
    var saveDirectory: String?
    /// `--storekit FILE`.
    var storeKitFile: String?
    /// `--bail`: stop at the first command that fails.
    var bail = false
    /// `--bundle FILE`: start from a device bundle, in a fresh temporary save folder, app closed.
    var bundleFile: String?
    /// `--closed`: start without launching the app.
    var closed = false
    /// `--jsonl`: batch answers as one JSON object per input line.
    var jsonl = false
  }

  /// The REPL: interactive on a terminal, batch otherwise.
  case repl(Options)
  /// `run FILE.qp [--step] [--then-repl]`.
  case run(RunMode)
  /// `test [PATH ...]` and its options.
  case test(TestMode)
  /// `simulate …`: the balance lab's sweeps.
  case simulate(SimulateMode)
  /// `simulate merge FILE…`.
  case simulateMerge(SimulateMergeMode)
  /// `simulate --help`, `simulate merge --help`.
  case simulateHelp([String])
  /// `storekit check FILE…`: reports every problem and type mismatch of each StoreKit file.
  case storeKitCheck(StoreKitCheckMode)
  /// `--help`.
  case help
  /// `--version`.
  case version

  /// The version `--version` prints.
  static let versionText = AppSave.writer

  /// The usage text `--help` prints.
  static let usage = [
    "usage: quietplaces [--save-dir DIR | --bundle FILE] [--closed] [--storekit FILE] [--bail] [--jsonl]",
    "       quietplaces run FILE.qp [--step] [--then-repl] [--bail] [--save-dir DIR] [--storekit FILE]",
    "       quietplaces test [PATH ...] [--update] [--filter TEXT] [--jobs N] [--shard K/N] [--list]",
    "                        [--junit FILE] [--tap] [--storekit FILE]",
    "       quietplaces simulate [OPTIONS] | simulate merge FILE.jsonl...   (simulate --help lists its options)",
    "       quietplaces storekit check FILE.storekit ...",
    "       quietplaces --help | --version",
    "",
    "With a terminal on standard input it is an interactive REPL (help lists the commands);",
    "otherwise it reads commands from standard input (batch mode: no prompt, no banner, no colour;",
    "each answer is flushed before the next line is read). --jsonl reads standard input in any case",
    "and prints one JSON object per line read: {\"n\",\"command\",\"output\",\"error\"} (n 0 is the launch).",
    "--bundle FILE starts from a device bundle (written by bundle FILE) in a fresh temporary save folder,",
    "with the app closed; --closed starts any save folder without launching (launch opens the app).",
    "Saves live in --save-dir, else $QUIETPLACES_HOME, else $XDG_DATA_HOME/quietplaces (~/.local/share/quietplaces).",
    "History lives in $QUIETPLACES_HISTORY, else ~/.quietplaces_history (interactive only).",
  ]

  /// A usage error: one line, exit status 2.
  struct UsageError: Error, Equatable, CustomStringConvertible {
    var message: String
    var description: String { OutputLine.errorText(message) }
  }

  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError)
    -> Invocation
  {
    if arguments.first == "simulate" {
      return try parseSimulate(Array(arguments.dropFirst()), environment: environment)
    }
    if arguments.contains("--help") || arguments.contains("-h") { return .help }
    if arguments.contains("--version") { return .version }
    var options = Options()
    var rest: [String] = []
    var words = arguments[...]
    while let word = words.popFirst() {
      switch word {
      case "--save-dir", "--storekit", "--bundle":
        guard let value = words.popFirst(), !value.hasPrefix("--") else {
          throw UsageError(
            message: "\(word) needs a value; write \(word) \(word == "--save-dir" ? "DIR" : "FILE")")
        }
        switch word {
        case "--save-dir": options.saveDirectory = value
        case "--storekit": options.storeKitFile = value
        default: options.bundleFile = value
        }
      case "--closed":
        options.closed = true
      case "--bail":
        options.bail = true
      case "--jsonl":
        options.jsonl = true
      default:
        rest.append(word)
      }
    }
    if let mode = rest.first, options.bundleFile != nil || options.closed {
      throw UsageError(
        message:
          "--bundle and --closed start the REPL; write quietplaces --bundle FILE or quietplaces --closed, "
          + "without \(mode)")
    }
    if options.bundleFile != nil, options.saveDirectory != nil {
      throw UsageError(
        message: "--bundle starts in a fresh temporary save folder; leave out --save-dir (or load FILE in a "
          + "session on that folder)")
    }
    if options.jsonl, let mode = rest.first, mode == "run" || mode == "test" {
      throw UsageError(
        message: "--jsonl is for the REPL reading standard input, not for \(mode); write quietplaces --jsonl")
    }
    switch rest.first {
    case nil:
      return .repl(options)
    case "run":
      var words = Array(rest.dropFirst())
      if let folder = options.saveDirectory { words += ["--save-dir", folder] }
      if let file = options.storeKitFile { words += ["--storekit", file] }
      if options.bail { words.append("--bail") }
      return .run(try parseMode(RunMode.self, words, path: ["run"], environment: environment))
    case "test":
      var words = Array(rest.dropFirst())
      if let file = options.storeKitFile { words += ["--storekit", file] }
      return .test(try parseMode(TestMode.self, words, path: ["test"], environment: environment))
    case "storekit":
      return try parseStoreKit(Array(rest.dropFirst()))
    case "simulate":
      // Shared options came before the mode (`quietplaces --storekit FILE simulate …`).
      var words = Array(rest.dropFirst())
      if let file = options.storeKitFile { words += ["--storekit", file] }
      return try parseSimulate(words, environment: environment)
    case let word?:
      if word.hasPrefix("-") {
        throw UsageError(message: "unknown option '\(word)'; quietplaces --help lists the options")
      }
      throw UsageError(
        message: "unknown mode '\(word)'; write quietplaces, quietplaces run FILE.qp, quietplaces test, "
          + "quietplaces simulate or quietplaces storekit check FILE")
    }
  }

  /// `storekit check FILE…`.
  static func parseStoreKit(_ words: [String]) throws(UsageError) -> Invocation {
    let form = "write quietplaces storekit check FILE.storekit ..."
    guard let mode = words.first else { throw UsageError(message: "storekit needs a mode; \(form)") }
    guard mode == "check" else {
      throw UsageError(message: "storekit '\(mode)' is not a storekit mode; \(form)")
    }
    return .storeKitCheck(
      try parseMode(
        StoreKitCheckMode.self, Array(words.dropFirst()), path: ["storekit", "check"], environment: [:]))
  }

  /// The words of one mode, read by its declaration.
  static func parseMode<Mode: CommandLineMode>(
    _ type: Mode.Type, _ words: [String], path: [String], environment: [String: String]
  ) throws(UsageError) -> Mode {
    do {
      let parsed = try CommandLineParser.parse(
        Mode.self, words, path: ["quietplaces"] + path, tree: .mode(Mode.self), environment: environment)
      guard case .mode(let mode) = parsed, let chosen = mode as? Mode else { return Mode() }
      return chosen
    } catch {
      throw UsageError(message: error.message)
    }
  }

  /// `simulate …` and `simulate merge …`.
  static func parseSimulate(_ words: [String], environment: [String: String]) throws(UsageError) -> Invocation
  {
    let merge = words.first == "merge"
    if words.contains("--help") || words.contains("-h") {
      return merge
        ? .simulateHelp(
          HelpText.help(for: .mode(SimulateMergeMode.self), path: ["quietplaces", "simulate", "merge"]))
        : .simulateHelp(HelpText.help(for: .mode(SimulateMode.self), path: ["quietplaces", "simulate"]))
    }
    if merge {
      return .simulateMerge(
        try parseMode(
          SimulateMergeMode.self, Array(words.dropFirst()), path: ["simulate", "merge"],
          environment: environment))
    }
    return .simulate(try parseMode(SimulateMode.self, words, path: ["simulate"], environment: environment))
  }
}
