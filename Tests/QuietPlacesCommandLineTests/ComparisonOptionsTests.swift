import QuietPlacesLab
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesCommandLine

/// `simulate`'s table options, `--vary` and `--supplies`: parsed, and refused before any run.
@Suite struct ComparisonOptionsTests {
  func simulate(_ arguments: [String]) throws -> SimulateMode {
    let parsed = try CommandLineParser.parse(["simulate"] + arguments, root: REPLMode.self, environment: [:])
    guard case .mode(let mode) = parsed, let simulate = mode as? SimulateMode else { throw NotSimulate() }
    return simulate
  }

  struct NotSimulate: Error {}

  @Test func optionsAreTyped() throws {
    let mode = try simulate([
      "--vary", "equipment.sails.priceGrowth=1.5,1.7", "--vary", "scouts.priceGrowth=1.1..1.2/2",
      "--supplies", "hold", "--supplies", "bridge", "--percentiles", "25,50,75", "--baseline", "2", "--due",
      "--transpose", "--sensitivity",
    ])
    #expect(mode.request.variations.map(\.key) == ["equipment.sails.priceGrowth", "scouts.priceGrowth"])
    #expect(mode.request.variations[1].values == ["1.1", "1.15", "1.2"])
    #expect(mode.request.supplies == [.hold, .bridge])
    #expect(
      mode.output.table
        == SweepTableOptions(
          percentiles: [25, 50, 75], baseline: "2", due: true, transpose: true, sensitivity: true))
    #expect(
      mode.output.table.table
        == SweepTable.Options(percentiles: [25, 50, 75], baseline: "2", due: true, transpose: true))
    #expect(try simulate([]).request.supplies.isEmpty)
    #expect(Strategy(kind: .payback).supplies == .bridge)
  }

  @Test(arguments: [
    (
      ["--percentiles", "10,200"],
      "error: '10,200' is not a list of percentiles; write numbers from 0 to 100 separated by commas, such as 10,50,90"
    ),
    (
      ["--percentiles", "10,50,50.0"],
      "error: --percentiles gives 50.0, which is 50 again; each percentile is a part of every cell, so give each "
        + "once, such as 10,50,90"
    ),
    (
      ["--percentiles", "90,10,90"],
      "error: --percentiles gives 90 twice; each percentile is a part of every cell, so give each once, such as "
        + "10,50,90"
    ),
    (
      ["--supplies", "often"],
      "error: 'often' is not a Postmarks policy for --supplies; write eager, bridge, hold"
    ),
    (
      ["--vary", "equipment.sails.priceGrowth=1.5..1.7"],
      "error: 'equipment.sails.priceGrowth=1.5..1.7' is not KEY=A,B,… or KEY=FROM..TO/STEPS; write values such as "
        + "equipment.sails.priceGrowth=1.5,1.7 or a range such as equipment.sails.priceGrowth=1.4..1.8/4 (4 equal "
        + "steps, 5 values)"
    ),
    (
      ["--owned", "charts,charts"],
      "error: --owned names charts twice; a purchase is owned once, so name each product once"
    ),
  ])
  func badValuesSayWhatWouldBeRight(arguments: [String], message: String) {
    #expect(throws: CommandLineError.self) { try simulate(arguments) }
    do {
      _ = try simulate(arguments)
    } catch {
      #expect((error as? CommandLineError)?.description == message)
    }
  }

  /// Refused before any run, with exit status 2: a baseline that names no variant, sensitivity
  /// without --vary, a --vary value of the wrong type or out of the game's range, a null key.
  @Test(arguments: [
    (
      ["--seeds", "1", "--owned", "none", "--owned", "charts", "--baseline", "3"],
      "error: '3' is not a variant of this sweep for --baseline; write a variant's name or its position from 1 "
        + "to 2, such as 'owned=none', 'owned=charts'"
    ),
    (
      ["--seeds", "1", "--sensitivity"],
      "error: --sensitivity compares the values of --vary with the baseline; add --vary KEY=A,B"
    ),
    (
      ["--seeds", "1", "--vary", "equipment.sails.priceGrowth=1.5,fast"],
      "error: --vary equipment.sails.priceGrowth=fast: equipment.sails.priceGrowth takes a number, not 'fast'"
    ),
    (
      ["--seeds", "1", "--set", "routes[0].charterCost=100"],
      "error: routes[0].charterCost is null in balance.json: the key has no value to change (routes[0] is never "
        + "chartered)"
    ),
  ])
  func refusedBeforeAnyRun(arguments: [String], message: String) async {
    let run = await ProgramRun.run(["simulate"] + arguments)
    #expect(run.status == .usage)
    #expect(run.output.isEmpty)
    #expect(run.errors == [message])
  }

  /// A sweep printed with a baseline and --vary's sensitivity: the rows a designer reads.
  @Test func sensitivityIsPrinted() async {
    let run = await ProgramRun.run([
      "simulate", "--seeds", "1-3", "--vary", "equipment.sails.priceGrowth=1.5", "--baseline", "baseline",
      "--sensitivity",
    ])
    #expect(run.status == .success)
    let lines = run.output.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
    #expect(lines.first?.hasPrefix("milestone      baseline") == true, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("  vs baseline  baseline") })
    #expect(lines.contains { $0.hasPrefix("milestone  rank  key") })
    #expect(lines.contains { $0.hasPrefix("bearings   1     equipment.sails.priceGrowth  1.5") })
  }
}
