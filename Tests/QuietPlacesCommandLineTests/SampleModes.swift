import QuietPlacesCommandLine
import QuietPlacesUtilities

/// A small tree of modes, declared as the program's are, for the parser's tests: a root with a
/// shared group, a mode with a subcommand, and a group word.
struct SampleRoot: CommandLineMode {
  var shared = SampleShared()
  var quiet = false

  static var declaration: CommandDeclaration<SampleRoot> {
    CommandDeclaration(
      "sample", abstract: "A sample program.", discussion: ["It only parses."],
      options: SampleShared.declared(in: \.shared) + [.flag("--quiet", \.quiet, help: "say less")],
      subcommands: [
        .mode(SampleCheck.self),
        .group(name: "files", abstract: "Work on files.", subcommands: [.mode(SampleList.self)]),
      ],
      version: "sample 1.0")
  }

  func run(in context: ProgramContext) async -> ExitStatus { .success }
}

/// A group of options two modes share.
struct SampleShared: OptionGroup {
  var folder: String?

  static var options: [OptionDeclaration<SampleShared>] {
    [.option("--folder", \.folder, .path("DIR"), help: "where the files are")]
  }
}

/// A mode with values of every kind, an exclusion and a subcommand.
struct SampleCheck: CommandLineMode {
  enum Format: String, CaseIterable, Sendable { case table, csv }

  var shared = SampleShared()
  var paths: [String] = []
  var update = false
  var list = false
  var filter: String?
  var jobs: Int?
  var shard: Shard?
  var formats: [Format] = [.table]
  var seeds: [UInt64] = Array(1...100)

  static var declaration: CommandDeclaration<SampleCheck> {
    CommandDeclaration(
      "check", abstract: "Checks the paths.",
      arguments: [.many("PATH", \.paths, default: "Scripts", help: "files or folders")],
      options: [
        .flag("--update", \.update, help: "rewrite what fails"),
        .flag("--list", \.list, help: "only list"),
        .option("--filter", \.filter, .text, help: "keep paths with this text"),
        .option(
          "--jobs", aliases: ["-j"], \.jobs, .jobs, default: "one per processor", help: "how many at once"),
        .option("--shard", \.shard, .shard, help: "run one shard"),
        .repeating("--format", \.formats, .choice, help: "a format"),
        .option("--seeds", \.seeds, .seeds, help: "the seeds"),
      ] + SampleShared.declared(in: \.shared),
      exclusions: Exclusion.exclusive("--list", with: ["--update"], because: "--list only lists"),
      subcommands: [.mode(SampleMerge.self)])
  }

  func run(in context: ProgramContext) async -> ExitStatus { .success }
}

/// A subcommand of a mode.
struct SampleMerge: CommandLineMode {
  var files: [String] = []

  static var declaration: CommandDeclaration<SampleMerge> {
    CommandDeclaration(
      "merge", abstract: "Merges files.", arguments: [.many("FILE", \.files, atLeast: 1, help: "the files")])
  }

  func run(in context: ProgramContext) async -> ExitStatus { .success }
}

/// A mode under a group word, with exactly one argument.
struct SampleList: CommandLineMode {
  var file = ""

  static var declaration: CommandDeclaration<SampleList> {
    CommandDeclaration("list", abstract: "Lists a file.", arguments: [.one("FILE", \.file, help: "the file")])
  }

  func run(in context: ProgramContext) async -> ExitStatus { .success }
}

/// Parses `arguments` for the sample tree.
func parseSample(_ arguments: [String], environment: [String: String] = [:]) throws(CommandLineError)
  -> ParsedCommandLine
{
  try CommandLineParser.parse(arguments, root: SampleRoot.self, environment: environment)
}

/// The mode `arguments` select, or nil when they ask for help or the version.
func sampleMode<Mode: CommandLineMode>(_ type: Mode.Type, _ arguments: [String]) throws -> Mode? {
  guard case .mode(let mode) = try parseSample(arguments) else { return nil }
  return mode as? Mode
}

/// The error line `arguments` give, or nil when they parse.
func sampleError(_ arguments: [String]) -> String? {
  do {
    _ = try parseSample(arguments)
    return nil
  } catch {
    return error.description
  }
}
