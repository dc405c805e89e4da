import Foundation

/// Runs the built `quietplaces` executable as a child process.
public enum ChildProcess {
  /// The executable built next to the test bundle (`.build/<triple>/debug/quietplaces`).
  public static let executable: URL? = {
    let candidates = [
      Bundle.main.bundleURL.appendingPathComponent("quietplaces"),
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("quietplaces"),
      Fixtures.packageRoot.appendingPathComponent(".build/debug/quietplaces"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// What a finished child printed and how it ended.
  public struct Result: Sendable {
    /// The exit status.
    public var status: Int32
    /// Standard output and standard error, as they were interleaved.
    public var output: String
    /// The output's lines.
    public var lines: [String] {
      output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
  }

  /// A process set up with the package's configuration and the given arguments.
  public static func make(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = try require(executable)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    // The tool under test runs as on a developer's machine, whatever runs the tests: CI and a
    // Bazel test runner change what `test` accepts and where it writes, and their own tests set
    // them explicitly.
    for name in ["CI", "TESTBRIDGE_TEST_ONLY", "TEST_TMPDIR", "TEST_PREMATURE_EXIT_FILE"] {
      environment[name] = nil
    }
    environment["QUIETPLACES_CONFIGURATION"] = Fixtures.configurationFolder.path
    environment["NO_COLOR"] = "1"
    process.environment = environment
    process.currentDirectoryURL = Fixtures.packageRoot
    return process
  }

  /// Starts it with standard input a pipe (batch mode) and its output discarded; returns the process
  /// and the pipe's writing end, for a test that feeds lines and kills the process.
  public static func startQuietly(_ arguments: [String]) throws -> (process: Process, input: FileHandle) {
    let process = try make(arguments)
    let stdin = Pipe()
    process.standardInput = stdin
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return (process, stdin.fileHandleForWriting)
  }

  /// A started child's pipes: its standard input, output and error.
  public struct Pipes {
    public let input: Pipe
    public let output: Pipe
    public let errors: Pipe
  }

  /// Starts `process` with a pipe for each of standard input, output and error (output and error
  /// into the output pipe when `errorsWithOutput`), for a test that writes lines and reads as it goes.
  public static func start(_ process: Process, errorsWithOutput: Bool = false) throws -> Pipes {
    let pipes = Pipes(input: Pipe(), output: Pipe(), errors: Pipe())
    process.standardInput = pipes.input
    process.standardOutput = pipes.output
    process.standardError = errorsWithOutput ? pipes.output : pipes.errors
    try process.run()
    return pipes
  }

  /// Runs to the end with `input` on standard input (a pipe: batch mode), in `folder` when given
  /// (else the package root).
  public static func run(_ arguments: [String], input: String = "", in folder: URL? = nil) throws -> Result {
    let process = try make(arguments)
    if let folder { process.currentDirectoryURL = folder }
    return try run(process, input: input)
  }

  /// As ``run(_:input:in:)``, with standard input's bytes as given (bytes that are not UTF-8, say).
  public static func run(_ arguments: [String], bytes: Data, in folder: URL? = nil) throws -> Result {
    let process = try make(arguments)
    if let folder { process.currentDirectoryURL = folder }
    return try run(process, bytes: bytes)
  }

  /// Runs `process`, set up as the caller needs (another executable, a wrapper), to the end with
  /// `input` on standard input (a pipe) and standard output and error read together.
  public static func run(_ process: Process, input: String) throws -> Result {
    try run(process, bytes: Data(input.utf8))
  }

  /// As ``run(_:input:)``, with standard input's bytes as given.
  public static func run(_ process: Process, bytes input: Data) throws -> Result {
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stdout
    try process.run()
    stdin.fileHandleForWriting.write(input)
    try stdin.fileHandleForWriting.close()
    let data = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
  }
}

/// `#require` outside a test body: throws when the value is missing.
private func require<T>(_ value: T?) throws -> T {
  guard let value else { throw ChildProcessError.executableNotFound }
  return value
}

/// Why a child could not be started.
public enum ChildProcessError: Error {
  /// No built `quietplaces` was found beside the tests or under `.build/debug`.
  case executableNotFound
}
