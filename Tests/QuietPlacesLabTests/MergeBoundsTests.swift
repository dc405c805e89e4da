import Testing

@testable import QuietPlacesLab

/// `simulate merge` reads files that may come from anywhere: every number in them at every extreme
/// is either refused with one line naming the file and the line, or merged into results whose table,
/// CSV, JSON Lines and chart can all be printed.
@Suite struct MergeBoundsTests {
  /// A sweep of two runs with one milestone each, as `simulate --format jsonl` writes it.
  static let sweep = """
    {"run":0,"variant":"payback","seed":1,"milestone":"bearings","reached":true,"seconds":3600,"online_seconds":3600,"decisions":5,"spent":120.5}
    {"run":0,"variant":"payback","seed":1,"series":{"seconds":[0,1800,3600],"knowledge":[0,1,2],"discoveries":[0,50.5,100],"postmarks":[0,4,8],"generations":[0,0,0]},"end":3600,"runs":2}
    {"run":1,"variant":"payback","seed":2,"milestone":"bearings","reached":false,"seconds":7200,"online_seconds":7000,"decisions":7,"spent":300}
    {"run":1,"variant":"payback","seed":2,"series":{"seconds":[0,3600,7200],"knowledge":[0,0,1],"discoveries":[0,20,40],"postmarks":[0,4,4],"generations":[0,0,0]},"end":7200,"runs":2}

    """

  static let extremes = [
    "0", "-1", "-9223372036854775808", "9223372036854775807", "18446744073709551615", "1000000000000001",
    "1e300", "-1e300", "0.5",
  ]

  /// Prints every output of merged results, so a value that only traps when shown is found too.
  func printEverything(_ results: [RunResult]) {
    _ = SweepOutput.table(results)
    _ = SweepOutput.csv(results)
    _ = SweepOutput.jsonl(results)
    for metric in Metric.allCases { _ = Chart.svg(results, metric: metric) }
  }

  @Test func theSweepMergesAndPrints() throws {
    let results = try SweepRecords.merge([("sweep.jsonl", Self.sweep)])
    #expect(results.count == 2)
    printEverything(results)
  }

  /// Each number of each record, replaced in turn by each extreme.
  @Test func everyNumberAtEveryExtreme() throws {
    let text = Array(Self.sweep.utf8)
    var numbers: [Range<Int>] = []
    var index = 0
    while index < text.count {
      let isStart =
        "-0123456789".utf8.contains(text[index]) && index > 0 && ":[,".utf8.contains(text[index - 1])
      guard isStart else {
        index += 1
        continue
      }
      var end = index + 1
      while end < text.count, "0123456789.e+-".utf8.contains(text[end]) { end += 1 }
      numbers.append(index..<end)
      index = end
    }
    #expect(numbers.count > 40)
    var refused = 0
    for range in numbers {
      for value in Self.extremes {
        var bytes = text
        bytes.replaceSubrange(range, with: Array(value.utf8))
        let mutated = String(decoding: bytes, as: UTF8.self)
        do {
          printEverything(try SweepRecords.merge([("sweep.jsonl", mutated)]))
        } catch {
          refused += 1
          #expect(!error.message.contains("\n"), "\(error.message)")
        }
      }
    }
    #expect(refused > 0)
  }

  /// Numbers a sweep never writes are refused with the line and what a sweep writes instead.
  @Test(arguments: [
    (#""runs":2}"#, #""runs":-1}"#, "sweep.jsonl:2: 'runs' is -1; a sweep has at least 1 run"),
    (
      #""end":3600"#, #""end":9223372036854775807"#,
      "sweep.jsonl:2: 'end' is 9223372036854775807; a run's simulated seconds are 0 to 3155760000 (100 years)"
    ),
    (
      #""seconds":[0,1800"#, #""seconds":[1e300,1800"#,
      "sweep.jsonl:2: 'series.seconds' is 1e+300; a series holds whole seconds from 0 to 3155760000"
    ),
    (
      #""knowledge":[0,1,2]"#, #""knowledge":[-1e300,1,2]"#,
      "sweep.jsonl:2: 'series.knowledge' is -1e+300; a series holds counts from 0 to 1e15"
    ),
    (
      #""run":1,"variant":"payback","seed":2,"milestone""#,
      #""run":5,"variant":"payback","seed":2,"milestone""#,
      "sweep.jsonl holds run 5, but the sweep has 2 runs (0 to 1); merge the shards of one sweep"
    ),
    (
      #""runs":2}"#, #""runs":9223372036854775807}"#,
      "the files hold 2 of the sweep's 9,223,372,036,854,775,807 runs (missing run 2, 3, 4, 5, 6, …); merge every "
        + "shard's file (a sweep stopped by Ctrl-C or SIGTERM has runs missing: play it again)"
    ),
  ])
  func outOfRangeNumbersAreRefused(original: String, replacement: String, message: String) {
    let mutated = Self.sweep.replacing(original, with: replacement)
    #expect(mutated != Self.sweep)
    #expect {
      try SweepRecords.merge([("sweep.jsonl", mutated)])
    } throws: { error in
      (error as? LabError)?.message == message
    }
  }

  /// The table reads each run's milestones by position, so a run without the sweep's milestones is
  /// refused rather than read past its end.
  @Test func aRunMissingAMilestoneIsRefused() {
    let lines = Self.sweep.split(separator: "\n").map(String.init)
    let withoutSecond = ([lines[0], lines[1], lines[3]]).joined(separator: "\n")
    #expect(
      throws: LabError.milestonesDiffer(run: 1, file: "sweep.jsonl", milestones: [], first: ["bearings"])
    ) { try SweepRecords.merge([("sweep.jsonl", withoutSecond)]) }
    #expect(
      LabError.milestonesDiffer(run: 1, file: "sweep.jsonl", milestones: [], first: ["bearings"]).message
        == "run 1 in sweep.jsonl has the milestones none, run 0 bearings; merge the shards of one sweep")
  }
}
