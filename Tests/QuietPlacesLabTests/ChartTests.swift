import Foundation
import FoundationXML
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesLab

/// Every chart kind: well-formed SVG, axes and legend outside the plot, coinciding curves labelled,
/// resets and logarithmic axes drawn honestly; the tornado; the report page, self-contained.
@Suite struct ChartTests {
  /// A run of variant `v` whose metrics follow `values` at evenly spaced instants up to `end`.
  static func run(
    _ index: Int, variant v: Int, of variants: Int = 2, seed: UInt64, end: Int64, values: [[Double]],
    milestone seconds: Int64?
  ) -> RunResult {
    let count = values[0].count
    let instants = (0..<count).map { end * Int64($0) / Int64(max(count - 1, 1)) }
    return RunResult(
      index: index, variant: "variant \(v == 0 ? "A" : v == 1 ? "B" : "C")", variantIndex: v, seed: seed,
      total: 8,
      outcomes: [
        MilestoneOutcome(
          milestone: .bearings(1), reached: seconds != nil, seconds: seconds ?? end, onlineSeconds: 0,
          decisions: 0, spent: 0)
      ],
      seconds: end, series: Series(seconds: instants, values: values))
  }

  /// Two variants, four seeds each, whose runs are the same: every curve of one coincides with the
  /// other's. Discoveries reset to 0 halfway (Knowledge rises there: New Bearings).
  static var twins: [RunResult] {
    var results: [RunResult] = []
    for seed in 0..<4 {
      for v in 0..<2 {
        let shift = Double(seed) * 10
        let knowledge: [Double] = [0, 0, 0, 5, 5, 5]
        let discoveries: [Double] = [0, 100 + shift, 1_000 + shift, 0, 50, 500 + shift]
        let postmarks: [Double] = [0, 1, 2, 3, 4, 5]
        let generations: [Double] = [0, 0, 0, 0, 0, 0]
        results.append(
          run(
            seed * 2 + v, variant: v, seed: UInt64(seed + 1), end: 86_400 * 2,
            values: [knowledge, discoveries, postmarks, generations], milestone: 40_000 + Int64(seed) * 3_600)
        )
      }
    }
    return results
  }

  /// The document, parsed as XML (which fails for anything not well-formed); read without its
  /// namespace, so that paths and attributes are looked up by their plain names.
  func parse(_ svg: String) throws -> XMLElement {
    _ = try XMLDocument(data: Data(svg.utf8), options: [])
    let plain = svg.replacing(" xmlns=\"http://www.w3.org/2000/svg\"", with: "")
    return try #require(try XMLDocument(data: Data(plain.utf8), options: []).rootElement())
  }

  func number(_ element: XMLElement, _ name: String) -> Double {
    Double(element.attribute(forName: name)?.stringValue ?? "") ?? .nan
  }

  /// Every chart kind of a real sweep is well-formed, and the legend and the tick labels lie outside
  /// every plot area.
  @Test(arguments: ChartKind.allCases)
  func everyKindIsWellFormedWithItsLegendOutside(kind: ChartKind) async throws {
    let plan = try SimulatePlan.make(SweepTests.small, balance: rules.balance)
    let results = try await Sweep.run(plan.runs(shard: nil), plan: plan, configuration: storeKit, jobs: 2)
    for metric in [Metric.knowledge, .discoveries] {
      let root = try parse(Chart.svg(results, kind: kind, metric: metric))
      #expect(root.name == "svg")
      let plots = try root.nodes(forXPath: "//rect[@class='plot']").compactMap { $0 as? XMLElement }
      #expect(!plots.isEmpty)
      let legend = try root.nodes(forXPath: "//g[@class='legend']//text").compactMap { $0 as? XMLElement }
      #expect(!legend.isEmpty)
      for plot in plots {
        let (x, y) = (number(plot, "x"), number(plot, "y"))
        let (right, bottom) = (x + number(plot, "width"), y + number(plot, "height"))
        for text in legend {
          let (tx, ty) = (number(text, "x"), number(text, "y"))
          #expect(!(tx > x && tx < right && ty > y && ty < bottom), "legend text inside a plot: \(text)")
        }
      }
      // Every text in the document is outside every plot, but the timeline's and the tornado's
      // data labels (none here).
      let texts = try root.nodes(forXPath: "//text").compactMap { $0 as? XMLElement }
      for plot in plots {
        let (x, y) = (number(plot, "x"), number(plot, "y"))
        let (right, bottom) = (x + number(plot, "width"), y + number(plot, "height"))
        for text in texts where text.attribute(forName: "x") != nil {
          let (tx, ty) = (number(text, "x"), number(text, "y"))
          #expect(!(tx > x + 1 && tx < right - 1 && ty > y + 1 && ty < bottom - 1))
        }
      }
    }
  }

  /// A chart file says what it was computed from: the footer's lines (a long one wrapped at 140
  /// characters) under everything else, in a taller picture; without a footer, nothing is added.
  @Test(arguments: ChartKind.allCases)
  func aFooterSaysWhatTheChartWasComputedFrom(kind: ChartKind) throws {
    let plain = Chart.svg(Self.twins, kind: kind, metric: .postmarks)
    let command =
      "sweep: quietplaces simulate " + Array(repeating: "--strategy payback", count: 9).joined(separator: " ")
    let footer = [command, "played on: balance 05a22b6106da, storekit 239f96d8d328"]
    let svg = Chart.svg(Self.twins, kind: kind, metric: .postmarks, footer: footer)
    let (before, after) = (try parse(plain), try parse(svg))
    let lines = try after.nodes(forXPath: "//g[@class='provenance']/text").compactMap(\.stringValue)
    #expect(command.count > 140)
    #expect(lines.count == 3)
    #expect(lines.joined(separator: " ") == footer.joined(separator: " "))
    #expect(lines.allSatisfy { $0.count <= 140 })
    // Taller by the lines, everything else the same.
    #expect(number(after, "height") == number(before, "height") + 4 + 14 * 3)
    let lowest = try after.nodes(forXPath: "//g[@class='provenance']/text").compactMap { $0 as? XMLElement }
      .map { number($0, "y") }
    #expect(lowest.allSatisfy { $0 > number(before, "height") && $0 < number(after, "height") })
    #expect(svg.contains(plain.split(separator: "\n").dropFirst(2).dropLast().joined(separator: "\n")))
    #expect(Chart.svg(Self.twins, kind: kind, metric: .postmarks, footer: []) == plain)
  }

  /// Lines that would be drawn on top of each other are labelled so in the legend, in the lines
  /// chart, the CDF and the histogram.
  @Test(arguments: [ChartKind.lines, .cdf, .histogram])
  func coincidingCurvesAreLabelled(kind: ChartKind) throws {
    let svg = Chart.svg(Self.twins, kind: kind, metric: .postmarks)
    _ = try parse(svg)
    #expect(
      svg.contains("coincides with &quot;variant B&quot;") || svg.contains("coincides with 'variant B'"))
    #expect(svg.contains("coincides with 'variant A'"))
    // Runs that differ are not said to coincide.
    var apart = Self.twins
    for i in apart.indices where apart[i].variantIndex == 1 {
      apart[i].series.values[2] = apart[i].series.values[2].map { $0 * 3 }
      apart[i].outcomes[0].seconds *= 2
    }
    #expect(!Chart.svg(apart, kind: kind, metric: .postmarks).contains("coincides"))
  }

  /// A metric that New Bearings resets is drawn as two voyages with a dotted drop between them, never
  /// as a median sliding to 0; its logarithmic axis has no tick at 0 and starts at 1 or above.
  @Test func aResetIsVisibleAndTheLogAxisHasNoZero() throws {
    let svg = Chart.svg(Self.twins, kind: .lines, metric: .discoveries)
    let root = try parse(svg)
    let lines = svg.split(separator: "\n")
    // Per variant two median lines (before and after the reset), and one dotted drop.
    #expect(lines.filter { $0.hasPrefix("<polyline ") }.count == 4)
    #expect(lines.filter { $0.hasPrefix("<line ") && $0.contains("stroke-dasharray=\"1 3\"") }.count == 2)
    let plot = try #require(try root.nodes(forXPath: "//rect[@class='plot']").first as? XMLElement)
    let left = number(plot, "x")
    let yLabels = try root.nodes(forXPath: "//text").compactMap { $0 as? XMLElement }
      .filter { number($0, "x") < left }.compactMap(\.stringValue)
    #expect(!yLabels.isEmpty && !yLabels.contains("0"))
    #expect(yLabels.allSatisfy { $0.first != "0" })
    #expect(svg.contains("Discoveries resets at New Bearings"))
  }

  /// Knowledge resets to 0 at Passing the Atlas (game.md §8). Five runs gain Knowledge at steady
  /// rates and pass the Atlas at 1,000, after 10, 12, 15, 20 and 30 hours; a run's series holds the
  /// 1,000 it passed it with and the 0 it left, at the Atlas's second. Until the median run (15 h)
  /// passes it, the median is that run's own Knowledge, 1,000 · t / 15 h: the runs that passed it
  /// count the 1,000 they passed it with, so none pulls the median down before the Atlas. From 15 h
  /// the median run is in the next generation, which every run starts at 0: the median drops to 0
  /// there, once, as a dotted drop.
  @Test func aResetIsDrawnWhereTheMedianRunResets() throws {
    let end: Int64 = 40 * 3_600
    let runs = [10, 12, 15, 20, 30].enumerated().map { i, hours in
      let atlas = Int64(hours) * 3_600
      return RunResult(
        index: i, variant: "payback", variantIndex: 0, seed: UInt64(i + 1), total: 5, outcomes: [],
        seconds: end,
        series: Series(
          seconds: [0, atlas, atlas, end],
          values: [[0, 1_000, 0, 0], [0, 0, 0, 0], [0, 0, 10, 10], [0, 0, 1, 1]], voyages: [0, 0, 1, 1]))
    }
    let curve = ChartLines(results: runs, metric: .knowledge).curve(runs, end: Double(end))
    #expect(curve.count == ChartLines.steps + 1)
    for (k, point) in curve.enumerated() {
      let t = Double(end) * Double(k) / Double(ChartLines.steps)
      if t < 15 * 3_600 {
        #expect(point.voyage == 0 && isClose(point.median, 1_000 * t / (15 * 3_600)), "at \(t) s")
      } else {
        #expect(point.voyage == 1 && point.median == 0, "at \(t) s")
      }
    }
    let svg = Chart.svg(runs, kind: .lines, metric: .knowledge)
    _ = try parse(svg)
    let lines = svg.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("<line ") && $0.contains("stroke-dasharray=\"1 3\"") }.count == 1)
    #expect(svg.contains("Knowledge resets at Passing the Atlas"))
  }

  /// A run's series holds, at the second of a prestige, the values just before it: New Bearings
  /// then the Atlas at one second (the Atlas follows the New Bearings that brings Knowledge to
  /// 1,000) give a point with the Discoveries New Bearings wiped and the Knowledge the Atlas reset,
  /// then the instant's point after both; the voyages count the two prestiges. The JSON Lines carry
  /// it, and a merge reads it back.
  @Test func aSeriesKeepsTheValuesAPrestigeReset() throws {
    let samples = [
      Sample(seconds: 0, values: [0, 0, 0, 0]),
      Sample(seconds: 100, values: [700, 5_000, 20, 0]),
      Sample(seconds: 100, values: [1_050, 0, 22, 0], voyage: 1),
      Sample(seconds: 100, values: [0, 0, 32, 1], voyage: 2),
      Sample(seconds: 150, values: [0, 40, 32, 1], voyage: 2),
    ]
    // 32 stretches of 100 s: the first ends at 100 s, where both prestiges are.
    let series = Series(samples: samples, end: 3_200)
    #expect(Array(series.seconds.prefix(4)) == [0, 100, 100, 200])
    #expect(
      series.values.map { Array($0.prefix(4)) } == [
        [0, 1_050, 0, 0], [0, 5_000, 0, 40], [0, 20, 32, 32], [0, 0, 1, 1],
      ])
    #expect(Array(series.voyages.prefix(4)) == [0, 0, 2, 2])
    #expect(series.seconds.count == 34 && series.voyages.count == 34)
    let run = RunResult(
      index: 0, variant: "payback", variantIndex: 0, seed: 1, total: 1, outcomes: [], seconds: 3_200,
      series: series)
    let merged = try SweepRecords.merge([("all.jsonl", SweepOutput.jsonl([run]).joined(separator: "\n"))])
    #expect(merged.first?.series == series)
  }

  /// The timeline shows the sweep's first run: its purchases and absences, from its own record.
  @Test func theTimelineShowsTheFirstRun() async throws {
    let request = SimulateRequest(
      seeds: [3, 4], strategies: [.payback], sessions: [.cycle(online: 900, offline: 28_800)],
      owned: [[.charts]], milestones: [.bearings(1)])
    let plan = try SimulatePlan.make(request, balance: rules.balance)
    let results = try await Sweep.run(plan.runs(shard: nil), plan: plan, configuration: storeKit, jobs: 2)
    let timeline = try #require(results[0].timeline)
    #expect(results.dropFirst().allSatisfy { $0.timeline == nil })
    #expect(timeline.events.first == RunTimeline.Event(at: 0, what: "charts"))
    #expect(timeline.events.contains { $0.what == "away" && $0.seconds == 28_800 })
    #expect(timeline.events.contains { $0.what == "bearings" })
    #expect(timeline.events.map(\.at) == timeline.events.map(\.at).sorted())
    let svg = Chart.svg(results, kind: .timeline, metric: .knowledge)
    _ = try parse(svg)
    #expect(svg.contains("seed 3, payback"))
    let absences = timeline.events.count { $0.what == "away" }
    #expect(svg.contains("away (app closed)<tspan fill=\"#555\"> — \(absences) absences"))
    // The timeline travels in the JSON Lines, so a merge draws the same one.
    let merged = try SweepRecords.merge([("all.jsonl", SweepOutput.jsonl(results).joined(separator: "\n"))])
    #expect(merged[0].timeline == timeline)
    #expect(Chart.svg(merged, kind: .timeline, metric: .knowledge) == svg)
  }

  /// The tornado puts the key that moves the milestone most first, and every bar's value beside it.
  @Test func theTornadoOrdersKeysByTheirReach() throws {
    let bars = [
      TornadoBar(key: "small.key", value: "2", median: 600, lower: 100, upper: 1_100),
      TornadoBar(key: "big.key", value: "1.5", median: -7_200, lower: -9_000, upper: -5_000),
      TornadoBar(key: "big.key", value: "1.7", median: 3_600, lower: 1_800, upper: 5_400),
    ]
    let svg = ChartTornado.svg(bars, milestone: "atlas")
    let root = try parse(svg)
    let texts = try root.nodes(forXPath: "//text").compactMap { ($0 as? XMLElement)?.stringValue }
    let big = try #require(texts.firstIndex(of: "big.key"))
    let small = try #require(texts.firstIndex(of: "small.key"))
    #expect(big < small)
    for value in ["= 2", "= 1.5", "= 1.7"] { #expect(texts.contains(value)) }
  }

  /// Ticks below 0 read with one minus sign before the whole value (they read `-1.-2` and `0.-8`).
  @Test(arguments: [
    (-1.2, "−1.2"), (-0.8, "−0.8"), (-2, "−2"), (-0.05, "−0.05"), (-1_500, "−1,500"), (0, "0"),
  ])
  func aTickBelowZeroHasItsSignInFront(value: Double, label: String) {
    #expect(ChartStyle.label(value) == label)
  }

  /// A bar from fewer than six seeds in both has no whisker, says so beside its value, and the
  /// footnote says why; the axis still reaches past its label.
  @Test func aBarWithNoIntervalHasNoWhiskerAndSaysSo() throws {
    let bars = [
      TornadoBar(key: "k", value: "1.5", median: -3_000, lower: nil, upper: nil),
      TornadoBar(key: "k", value: "1.7", median: 1_440, lower: 700, upper: 2_000),
    ]
    let root = try parse(ChartTornado.svg(bars, milestone: "bearings"))
    let texts = try root.nodes(forXPath: "//text").compactMap { ($0 as? XMLElement)?.stringValue }
    #expect(texts.contains("= 1.5 (no interval)") && texts.contains("= 1.7"))
    #expect(texts.contains { $0.contains("a bar with no") })
    let whiskers = try root.nodes(forXPath: "//line[@stroke='#222']")
    #expect(whiskers.count == 1)
    let withIntervals = try parse(
      ChartTornado.svg(
        [TornadoBar(key: "k", value: "1.7", median: 1_440, lower: 700, upper: 2_000)], milestone: "b"))
    let footnotes = try withIntervals.nodes(forXPath: "//text").compactMap {
      ($0 as? XMLElement)?.stringValue
    }
    #expect(!footnotes.contains { $0.contains("no interval") || $0.contains("a bar with no") })
  }

  /// The report holds the command, the fingerprints, every table line and every chart inline, and
  /// names no address: nothing is fetched.
  @Test func theReportIsSelfContained() async throws {
    let plan = try SimulatePlan.make(SweepTests.small, balance: rules.balance)
    let results = try await Sweep.run(plan.runs(shard: nil), plan: plan, configuration: storeKit, jobs: 2)
    let table = SweepOutput.table(results)
    let page = ReportPage(
      command: "quietplaces simulate --seeds 1-4 --report r.html",
      provenance: [("balance.json", "0123456789ab"), ("version", "quietplaces 1.0.0")],
      tables: [("Time to each milestone", table)], charts: ReportPage.charts(results, metric: .knowledge))
    let html = page.html
    #expect(!html.contains("http") && !html.contains("//"))
    #expect(!html.contains("<script") && !html.contains("<link") && !html.contains("@import"))
    for line in table { #expect(html.contains(ChartStyle.escape(line))) }
    #expect(
      html.contains("0123456789ab")
        && html.contains("<span>--seeds</span> <span>1-4</span> <span>--report</span>"))
    #expect(html.components(separatedBy: "<svg ").count - 1 == 7)
    // A sensitivity analysis adds its tornado, one per milestone.
    let bar = TornadoBar(
      key: "equipment.sails.priceGrowth", value: "1.5", median: -60, lower: -90, upper: -30)
    let charts = ReportPage.charts(results, metric: .knowledge, sensitivity: [("bearings", [bar])])
    #expect(charts.map(\.title).last == "Sensitivity of bearings")
    #expect(charts.count == 8 && charts.last?.svg == ChartTornado.svg([bar], milestone: "bearings"))
    // The same results draw the same page, whatever the number of jobs.
    let again = try await Sweep.run(plan.runs(shard: nil), plan: plan, configuration: storeKit, jobs: 1)
    let other = ReportPage(
      command: page.command, provenance: page.provenance,
      tables: [("Time to each milestone", SweepOutput.table(again))],
      charts: ReportPage.charts(again, metric: .knowledge))
    #expect(other.html == html)
  }
}
