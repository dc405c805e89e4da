import Foundation
import QuietPlacesAppStore
import QuietPlacesCommandLine
import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesLab
import QuietPlacesREPL
import Synchronization

/// The balance lab played inside this process: the runs of a sweep one after the other, for
/// `valgrind --tool=callgrind` (which cannot follow the `quietplaces` executable's asynchronous
/// main to its end) and for the profile of where a run's time goes.
struct LabInProcess {
  let rules: Rules
  let storeKit: StoreKitConfiguration

  /// The Configuration folder.
  let configuration: URL

  init(configuration: URL) throws {
    self.configuration = configuration
    (rules, storeKit) = try SessionEnvironment.load(configurationDirectory: configuration)
  }

  /// The plan of `quietplaces simulate ARGUMENTS`.
  func plan(_ arguments: [String]) throws -> SimulatePlan {
    guard
      let request = try Program.simulateRequest(
        arguments, environment: ["QUIETPLACES_CONFIGURATION": configuration.path])
    else { throw LabInProcessError.helpAsked }
    return try SimulatePlan.make(request, balance: rules.balance)
  }

  /// Plays `quietplaces simulate ARGUMENTS` as the program does, in this process; the lines it
  /// printed on standard output and on standard error, counted.
  func sweep(_ arguments: [String]) throws -> (output: Int, errors: Int, status: ExitStatus) {
    let lines = LineCounts()
    let context = ProgramContext(
      environment: ["QUIETPLACES_CONFIGURATION": configuration.path],
      input: { ProgramInput(source: NoInput(), interactive: false, colour: false) },
      print: { _ in lines.add(error: false) }, printError: { _ in lines.add(error: true) })
    let status = try Self.blocking { await Program.run(["simulate"] + arguments, in: context) }
    let (output, errors) = lines.counts
    return (output, errors, status)
  }

  /// Where the runs of `quietplaces simulate ARGUMENTS` spend their time: each run played as the
  /// sweep plays it (a fresh device from one factory, launched, the strategy's steps), with the
  /// phases timed; `setup` is the fresh device and its first launch.
  func profile(_ arguments: [String]) throws -> (phases: RunProfile, setup: UInt64, runs: Int) {
    let plan = try plan(arguments)
    let configuration = DeviceConfiguration(rules: rules, storeKit: storeKit)
    return try Self.blocking { () async throws -> (RunProfile, UInt64, Int) in
      let factory = try DeviceFactory(configuration)
      var total = RunProfile()
      var setup: UInt64 = 0
      let runs = plan.runs(shard: nil)
      for run in runs {
        let variant = plan.variants[run.variant]
        let start = Stopwatch.now()
        let device = try factory.with(rules: variant.rules).makeDevice(seed: run.seed)
        _ = try await device.launch()
        setup += Stopwatch.now() - start
        let report = try await Autoplay.run(
          variant.strategy, goal: plan.goal, on: device,
          keeping: Autoplay.Keeping(samples: true, profile: true))
        total = total + (report.profile ?? RunProfile())
      }
      return (total, setup, runs.count)
    }
  }

  /// Runs `body` to its end on the concurrency pool and waits for it here.
  static func blocking<Value: Sendable>(
    _ body: @escaping @Sendable () async throws -> Value
  ) throws -> Value {
    let box = ResultBox<Value>()
    let done = DispatchSemaphore(value: 0)
    Task {
      do {
        box.result = .success(try await body())
      } catch {
        box.result = .failure(error)
      }
      done.signal()
    }
    done.wait()
    return try box.result!.get()
  }
}

/// Why the in-process lab did not play.
enum LabInProcessError: Error, CustomStringConvertible {
  /// The arguments ask for help, not for a sweep.
  case helpAsked

  var description: String {
    switch self {
    case .helpAsked: "the arguments ask for help; give simulate's options only"
    }
  }
}

/// Lines printed, counted from any thread.
private final class LineCounts: Sendable {
  private let lines = Mutex((output: 0, errors: 0))

  func add(error: Bool) {
    lines.withLock { if error { $0.errors += 1 } else { $0.output += 1 } }
  }

  var counts: (output: Int, errors: Int) { lines.withLock { $0 } }
}

/// An input with no lines: `simulate` reads none.
private final class NoInput: LineInput {
  func readLine(prompt: String, context: CompletionContext) -> LineRead { .end }
  func addHistory(_ line: String) {}
}

/// The result of a task, handed to the thread that waits for it (the semaphore orders the accesses).
private final class ResultBox<Value>: @unchecked Sendable {
  var result: Result<Value, any Error>?
}
