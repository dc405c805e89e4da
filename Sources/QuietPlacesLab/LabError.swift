import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesUtilities

/// Why the lab refused a request or stopped a run. Each case carries what was wrong; ``message`` is
/// the one place they become a sentence that says what was wrong and what would be right. The REPL
/// and the executable print it after `error: `.
public indirect enum LabError: Error, Sendable, Equatable, CustomStringConvertible {
  // MARK: Values as written

  /// A strategy's name that is none.
  case notAStrategy(String)
  /// `--bearings-at` that is no ratio.
  case notARatio(String)
  /// An `on|off` option (named) with another word.
  case notASwitch(String, option: String)
  /// A word of `--owned` that is no product.
  case notAnOwnedProduct(String)
  /// `none` inside a list of `--owned` (`none,charts`).
  case noneInOwnedList(String)
  /// A milestone that is none.
  case notAMilestone(String)
  /// A milestone whose count after the colon is not from 1 to 1,000,000.
  case milestoneCount(String, kind: String)
  /// A `route` or `knowledge` milestone without its number.
  case milestoneNumberMissing(String, kind: String)
  /// A `spent` milestone whose amount is not from 1 to 10^15.
  case milestoneAmount(String)
  /// A `time` or `idle` milestone without its duration.
  case milestoneDurationMissing(String)
  /// An empty list of milestones.
  case noMilestone
  /// A milestone of a list that an earlier one of it already is (as written, both).
  case repeatedMilestone(String, earlier: String)
  /// A session model that is none.
  case notASessionModel(String)
  /// A session model whose online (or away) part is no time.
  case sessionPartEmpty(String, online: Bool)
  /// A duration, as the user wrote it (`shown`), that is not one a run takes; `example` shows right
  /// ones for where it was written.
  case duration(LabDuration.Problem, shown: String, example: String)
  /// `--set` that is not `KEY=VALUE`.
  case notKeyValue(String)
  /// A key that is not a path of keys.
  case notAKeyPath(String)
  /// `--baseline` that names no variant of the sweep.
  case notABaseline(String, variants: [String])
  /// `--baseline` in a sweep of one variant (named): there is nothing to compare.
  case baselineAlone(String, variant: String)
  /// `--percentiles` that is not a list of numbers from 0 to 100.
  case notPercentiles(String)
  /// A product given twice in `--owned`.
  case repeatedProduct(ProductID)
  /// A percentile given twice in `--percentiles` (as written, both).
  case repeatedPercentile(String, earlier: String)
  /// A `--vary` range `KEY=FROM..TO/STEPS` that does not read.
  case notARange(String)
  /// A `--vary` range whose two ends are the same value (its key, and the first end as written).
  case rangeWithoutWidth(String, key: String, end: String)
  /// A `--vary` range of a number of steps outside 1 to ``BalanceVariation/maximumSteps``.
  case rangeSteps(String, steps: Int)
  /// `--sensitivity` without `--vary`.
  case sensitivityWithoutVary
  /// A Postmarks policy that is none.
  case notASuppliesPolicy(String)
  /// A `colour:` milestone whose colour is none.
  case notAColour(String)

  // MARK: Balances

  /// A balance file that cannot be read.
  case balanceFileUnreadable(String)
  /// A balance file (by name) that is not JSON.
  case balanceFileNotJSON(String)
  /// A `--set` or `--vary` setting the balance cannot take, and why.
  case setting(BalanceSetting, SettingProblem)
  /// A `--set` key the balance has with no value (`null`).
  case nullSetKey(String)
  /// The game refused the balance.
  case balance(BalanceError)
  /// A balance that cannot be turned into JSON (or a changed one back).
  case balanceNotJSON(changed: Bool)
  /// A milestone route beyond the atlas.
  case routeBeyondAtlas(Int, routes: Int)
  /// `route:1`, which every game has reached from its start (the ship sails route 1 or beyond).
  case routeOne(String)
  /// A time milestone (as written: `time:2h`, `for 2h`) of `seconds` beyond the `limit` a run plays:
  /// it would never be reached, though it is the milestone that always is.
  case timeBeyondLimit(String, seconds: Int64, limit: Int64)
  /// More variants than a sweep takes.
  case tooManyVariants(Int)
  /// A shard that holds no run of the sweep (of `seeds` × `variants` runs).
  case emptyShard(Shard, seeds: Int, variants: Int)
  /// A value given twice to a repeated option (`value`, and how it was written the first time).
  case repeatedValue(option: String, value: String, earlier: String)
  /// Two balance files (as named) that hold the same balance.
  case sameBalanceFiles(String, String)
  /// A key given several `--set` values and varied by `--vary` too.
  case setAndVaried(String)

  // MARK: Merging shards

  /// A line of a file that is not a record.
  case notARecord(file: String, line: Int)
  /// A run in two files.
  case runInTwoFiles(run: Int, first: String, second: String)
  /// A file given twice.
  case fileTwice(String)
  /// A run's record (its series or one milestone's) twice in one file.
  case runTwiceInFile(run: Int, file: String, line: Int)
  /// A series record without its columns.
  case seriesIncomplete(file: String, line: Int)
  /// A series record whose series differ in length.
  case seriesLengthsDiffer(file: String, line: Int)
  /// A milestone record without all its columns.
  case milestoneColumnsMissing(file: String, line: Int)
  /// A milestone record whose milestone does not read.
  case recordMilestone(file: String, line: Int, LabError)
  /// Files without a run.
  case noRuns
  /// A sweep (or shard) of more runs than one process keeps; `shards` would each be small enough.
  case tooManyRuns(runs: Int, limit: Int, shards: Int)
  /// Files that do not hold every run of the sweep: how many they hold, and the first missing ones.
  case runsMissing(total: Int, present: Int, first: [Int])
  /// A record's number outside what a sweep writes: its key, its value as written, and its range.
  case recordNumber(file: String, line: Int, key: String, value: String, RecordRange)
  /// A series record giving another run count than an earlier one.
  case runCountsDiffer(file: String, line: Int, runs: Int, earlier: Int)
  /// A run played on other files than an earlier run of the merge (`played_on`).
  case playedOnDiffer(file: String, line: Int, playedOn: String?, earlierFile: String, earlier: String?)
  /// A run of a sweep with other settings than an earlier run of the merge (`sweep`; `nil`: not
  /// recorded).
  case sweepDiffers(
    file: String, line: Int, these: SweepSettings?, earlierFile: String, earlier: SweepSettings?)
  /// A run numbered beyond the sweep's runs.
  case runBeyondSweep(run: Int, file: String, total: Int)
  /// A run whose milestones are not the first run's.
  case milestonesDiffer(run: Int, file: String, milestones: [String], first: [String])

  // MARK: Runs

  /// The device of a run could not be made or launched.
  case deviceNotStarted(DeviceError)
  /// A strategy asked to play on a closed app.
  case appClosed
  /// The app closed during a run.
  case appClosedDuringRun(at: Int64)
  /// The app refused a step.
  case stepRefused(at: Int64, DeviceError)
  /// The app could not save after a player's action.
  case actionNotSaved(at: Int64, SaveError)
  /// Closing the app did not save.
  case closeNotSaved(at: Int64, SaveError)
  /// A purchase crashed the app.
  case purchaseStopped(ProductID)
  /// A purchase ended otherwise than bought.
  case purchaseIncomplete(ProductID, PurchaseOutcome)
  /// A run was told to stop while it played (a signal), before its end.
  case stoppedPlaying
  /// A run of a sweep failed.
  case run(index: Int, variant: String, seed: UInt64, LabError)
  /// `--owned` names a product the StoreKit configuration (by name) does not have.
  case ownedNotSold(ProductID, file: String)

  /// The sentence.
  /// How a purchase that did not complete ended, in words.
  static func describe(_ outcome: PurchaseOutcome) -> String {
    switch outcome {
    case .purchased, .returnedExisting: "it was bought"
    case .cancelled: "the purchase was cancelled"
    case .pending: "it waits for approval (Ask to Buy)"
    case .failed(_, let error): "the store failed (\(error))"
    case .unavailable: "the store answers that it is unavailable"
    case .storeUnreachable(_, let error): "the store could not be reached (\(error))"
    case .alreadyOwned: "it is already owned"
    }
  }

  public var message: String {
    switch self {
    case .notAStrategy(let text):
      return
        "'\(text.fromOutside)' is not a strategy; write \(StrategyKind.allCases.map(\.rawValue).joined(separator: ", "))"
    case .notARatio(let text):
      return
        "'\(text.fromOutside)' is not a ratio for --bearings-at; write a number from 0 to 1000 (0 means as soon as available), such as 0.5, or never"
    case .notASwitch(let text, let option):
      return "'\(text.fromOutside)' is not a setting of \(option); write \(option) on or \(option) off"
    case .notAnOwnedProduct(let text):
      return
        "'\(text.fromOutside)' is not a product for --owned; write none or a list of \(ProductID.allCases.map(\.rawValue).joined(separator: ", ")), such as charts,hold"
    case .noneInOwnedList(let text):
      let others = text.split(separator: ",").filter { $0.lowercased() != "none" }.joined(separator: ",")
      let compared = others.isEmpty ? "" : " --owned \(others.fromOutside)"
      return
        "'\(text.fromOutside)': none cannot be in a list of --owned (one list is what one variant owns); to "
        + "compare owning nothing with owning the rest, repeat the option: --owned none\(compared)"
    case .notAMilestone(let text):
      return "'\(text.fromOutside)' is not a milestone; write \(Milestone.forms)"
    case .milestoneCount(let text, let kind):
      return
        "'\(text.fromOutside)' needs a whole number from 1 to 1,000,000 after the colon, such as \(kind):2"
    case .milestoneNumberMissing(let text, let kind):
      return
        "'\(text.fromOutside)' needs a number; write \(kind):N, such as \(Self.numberExample[kind] ?? "knowledge:100")"
    case .milestoneAmount(let text):
      return
        "'\(text.fromOutside)' needs an amount of Discoveries from 1 to 1e15 after the colon, such as spent:100000"
    case .milestoneDurationMissing(let text):
      let kind = text.lowercased().hasPrefix("idle") ? "idle" : "time"
      return
        "'\(text.fromOutside)' needs a duration of at least 1s after the colon, such as \(kind == "idle" ? "idle:1h or idle:8h" : "time:30d or time:12h")"
    case .noMilestone:
      return "no milestone given; write \(Milestone.forms)"
    case .repeatedMilestone(let written, let earlier):
      let again = written == earlier ? "is given twice" : "is \(earlier) again, written otherwise"
      return "milestone \(written) \(again); a run reaches each milestone once, so give each once"
    case .notASessionModel(let text):
      return "'\(text.fromOutside)' is not a session model; \(SessionModel.example)"
    case .sessionPartEmpty(let text, let online):
      return
        "the \(online ? "online" : "away") part of '\(text.fromOutside)' is no time at all; \(SessionModel.example)"
    case .duration(.noTime, let shown, let example):
      return "'\(shown.fromOutside)' is no time at all; write at least 1s, such as \(example)"
    case .duration(.tooLong, let shown, let example):
      return
        "'\(shown.fromOutside)' is beyond the maximum of 100 years; write 100y or less, such as \(example)"
    case .duration(.notADuration, let shown, let example):
      return
        "'\(shown.fromOutside)' is not a duration; write whole numbers with units y, w, d, h, m, s (largest first), such as \(example)"
    case .notKeyValue(let text):
      return
        "'\(text.fromOutside)' is not KEY=VALUE; write a path into balance.json and a value, such as equipment.sails.priceGrowth=1.5"
    case .notAKeyPath(let key):
      return "'\(key)' is not a key path; write keys joined by dots, such as routes[1].charterCost"
    case .notABaseline(let text, let variants):
      let names = variants.prefix(4).map { "'\($0)'" }.joined(separator: ", ")
      return
        "'\(text.fromOutside)' is not a variant of this sweep for --baseline; write a variant's name or its position from 1 to \(variants.count), such as \(names)\(variants.count > 4 ? ", …" : "")"
    case .baselineAlone(let text, let variant):
      return
        "--baseline \(text) compares the other variants with it, and this sweep has one, '\(variant)'; add another (a second --strategy, --owned, --set or --vary value) or leave out --baseline"
    case .notPercentiles(let text):
      return
        "'\(text.fromOutside)' is not a list of percentiles; write numbers from 0 to 100 separated by commas, such as 10,50,90"
    case .repeatedPercentile(let written, let earlier):
      let again = written == earlier ? "\(written) twice" : "\(written), which is \(earlier) again"
      return
        "--percentiles gives \(again); each percentile is a part of every cell, so give each once, such as 10,50,90"
    case .repeatedProduct(let id):
      return "--owned names \(id.rawValue) twice; a purchase is owned once, so name each product once"
    case .notARange(let text):
      return
        "'\(text.fromOutside)' is not KEY=A,B,… or KEY=FROM..TO/STEPS; write values such as equipment.sails.priceGrowth=1.5,1.7 or a range such as equipment.sails.priceGrowth=1.4..1.8/4 (4 equal steps, 5 values)"
    case .rangeWithoutWidth(let text, let key, let end):
      return
        "'\(text.fromOutside)' runs from \(end) to \(end) again; give a range two different ends (FROM..TO/STEPS), or give the one value as \(key)=\(end)"
    case .rangeSteps(let text, let steps):
      return
        "'\(text.fromOutside)' asks for \(steps.withThousandsSeparators) steps; a range takes 1 to \(BalanceVariation.maximumSteps) (each step is one more variant), such as equipment.sails.priceGrowth=1.4..1.8/4"
    case .sensitivityWithoutVary:
      return "--sensitivity compares the values of --vary with the baseline; add --vary KEY=A,B"
    case .notASuppliesPolicy(let text):
      return
        "'\(text.fromOutside)' is not a Postmarks policy for --supplies; write \(SuppliesPolicy.allCases.map(\.rawValue).joined(separator: ", "))"
    case .notAColour(let text):
      return
        "'\(text.fromOutside)' is not a sail colour; write colour:NAME with one of \(SailColour.allCases.map(\.rawValue).joined(separator: ", "))"
    case .nullSetKey(let key):
      return "\(key) is null in balance.json: the key has no value to change (routes[0] is never chartered)"
    case .setting(let setting, let problem):
      return problem.sentence(setting)
    case .balanceFileUnreadable(let file):
      return "cannot read the balance file \(file); give the path of a balance.json"
    case .balanceFileNotJSON(let name):
      return "\(name) is not JSON; a balance file is an object like Configuration/balance.json"
    case .balance(let error):
      return error.description
    case .balanceNotJSON(let changed):
      return changed
        ? "--set: the changed balance could not be written as JSON" : "the balance could not be read as JSON"
    case .routeBeyondAtlas(let route, let routes):
      return "route:\(route) is beyond the atlas's \(routes) routes; write route:2 to route:\(routes)"
    case .routeOne(let text):
      return "'\(text.fromOutside)' is reached from the start (every game sails route 1 or beyond), so it "
        + "measures nothing; write route:2 or a later route"
    case .timeBeyondLimit(let shown, let seconds, let limit):
      return "\(shown) lies beyond --limit \(LabDuration.typed(limit)), where play stops, so it would "
        + "never be reached; raise --limit to at least \(LabDuration.typed(seconds)), or lower the time"
    case .tooManyVariants(let count):
      return "the options make \(count) variants; give at most 10,000 (fewer repeated values)"
    case .emptyShard(let shard, let seeds, let variants):
      let runs = seeds * variants
      let sweep =
        "\(runs) run\(runs == 1 ? "" : "s") (\(seeds) seed\(seeds == 1 ? "" : "s") × \(variants) variant\(variants == 1 ? "" : "s"))"
      return
        "--shard \(shard) holds no run: the sweep has \(sweep), so only shards 1 to \(runs) of \(shard.count) hold "
        + "any; split it into at most \(runs) shards, --shard K/\(runs) or fewer"
    case .repeatedValue(let option, let value, let earlier):
      let again =
        value == earlier
        ? "\(option) \(value) is given twice"
        : "\(option) \(value) is \(option) \(earlier) again, written otherwise"
      return
        "\(again); each value of \(option) makes a variant, and the second would play every seed as the first does, "
        + "so give each value once"
    case .sameBalanceFiles(let first, let second):
      return
        "--balance \(first) and --balance \(second) hold the same balance, so their variants would play the same "
        + "runs; give one of them"
    case .setAndVaried(let key):
      return
        "\(key) has several --set values and a --vary too; each --vary value replaces the key's --set value, so "
        + "the variants of each --set value would repeat; give the key one --set value, or vary it with --vary alone"
    case .notARecord(let file, let line):
      return "\(file):\(line) is not a record of simulate --format jsonl"
    case .runInTwoFiles(let run, let first, let second):
      return "run \(run) is in both \(first) and \(second); give each shard's file once"
    case .fileTwice(let file):
      return "\(file) is given twice; give each shard's file once"
    case .runTwiceInFile(let run, let file, let line):
      return
        "\(file):\(line) repeats a record of run \(run); give each shard's file once, as simulate wrote it"
    case .seriesIncomplete(let file, let line):
      return "\(file):\(line) is a series record without seconds, end or runs"
    case .seriesLengthsDiffer(let file, let line):
      return "\(file):\(line) has series of different lengths"
    case .milestoneColumnsMissing(let file, let line):
      return "\(file):\(line) lacks a column of a milestone record"
    case .recordMilestone(let file, let line, let error):
      return "\(file):\(line): \(error.message)"
    case .noRuns:
      return "the files hold no runs"
    case .tooManyRuns(let runs, let limit, let shards):
      return "this sweep plays \(runs.withThousandsSeparators) runs in one process, more than the "
        + "\(limit.withThousandsSeparators) whose results one process keeps for a table, chart, report, file or "
        + "recording; print --format csv or jsonl alone (which keeps none), or split it with --shard K/\(shards) "
        + "(K from 1 to \(shards), each its own process) and join the --format jsonl files with simulate merge"
    case .runsMissing(let total, let present, let first):
      let shown = first.map(String.init).joined(separator: ", ")
      return
        "the files hold \(present.withThousandsSeparators) of the sweep's \(total.withThousandsSeparators) runs "
        + "(missing run \(shown)\(total - present > first.count ? ", …" : "")); merge every shard's file (a sweep "
        + "stopped by Ctrl-C or SIGTERM has runs missing: play it again)"
    case .recordNumber(let file, let line, let key, let value, let range):
      return "\(file):\(line): '\(key)' is \(value); \(range.sentence)"
    case .runCountsDiffer(let file, let line, let runs, let earlier):
      return
        "\(file):\(line) says the sweep has \(runs) runs, an earlier record \(earlier); merge the shards of one sweep"
    case .playedOnDiffer(let file, let line, let playedOn, let earlierFile, let earlier):
      let these = playedOn.map { "was played on (\($0.fromOutside))" } ?? "does not say what it was played on"
      let those = earlier.map { "\(earlierFile) on (\($0.fromOutside))" } ?? "\(earlierFile) does"
      return "\(file):\(line) \(these), \(those); merge the shards of one sweep, played on the same files"
    case .sweepDiffers(let file, let line, let these, let earlierFile, let earlier):
      let advice = "merge the shards of one sweep, played with the same settings"
      guard let these, let earlier else {
        let (silent, other) =
          these == nil ? ("\(file):\(line)", earlierFile) : (earlierFile, "\(file):\(line)")
        return "\(silent) does not say which sweep it belongs to, \(other) does; \(advice)"
      }
      guard let (mine, theirs) = these.firstDifference(from: earlier) else {
        return "\(file):\(line) belongs to another sweep than \(earlierFile); \(advice)"
      }
      return
        "\(file):\(line) was played with \(mine.shown.fromOutside), \(earlierFile) with \(theirs.shown.fromOutside); \(advice)"
    case .runBeyondSweep(let run, let file, let total):
      return
        "\(file) holds run \(run), but the sweep has \(total) runs (0 to \(total - 1)); merge the shards of one sweep"
    case .milestonesDiffer(let run, let file, let milestones, let first):
      let names: ([String]) -> String = { $0.isEmpty ? "none" : $0.joined(separator: ", ") }
      return
        "run \(run) in \(file) has the milestones \(names(milestones)), run 0 \(names(first)); merge the shards of one sweep"
    case .deviceNotStarted(let error):
      return "the simulated device could not start: \(Self.describe(error))"
    case .appClosed:
      return "the app is closed; launch it before a strategy plays"
    case .appClosedDuringRun(let instant):
      return "the app closed at \(Rules.formatInstant(instant)); the run stops"
    case .stepRefused(let instant, let error):
      return "the app refused a step at \(Rules.formatInstant(instant)): \(Self.describe(error))"
    case .actionNotSaved(let instant, let error):
      return "the app could not save at \(Rules.formatInstant(instant)): \(error)"
    case .closeNotSaved(let instant, let error):
      return "closing the app at \(Rules.formatInstant(instant)) did not save: \(error)"
    case .purchaseStopped(let id):
      return "buying \(id.rawValue) stopped the app"
    case .purchaseIncomplete(let id, let outcome):
      return "buying \(id.rawValue) did not complete: \(Self.describe(outcome))"
    case .stoppedPlaying:
      return "the run was stopped while it played, before its end"
    case .run(let index, let variant, let seed, let error):
      return "run \(index) (\(variant), seed \(seed)): \(error.message)"
    case .ownedNotSold(let id, let file):
      return
        "--owned \(id.rawValue): \(file) has no \(id.fullID), so the store answers that it is unavailable "
        + "and no run can buy it; leave it out of --owned, or give a StoreKit file that sells it"
    }
  }

  public var description: String { message }

  /// Why a balance cannot take a `--set` or `--vary` setting.
  public enum SettingProblem: Sendable, Equatable {
    /// The path leads to no key: the closest key at the level where it first leads nowhere, or
    /// (with none close) the keys at that level.
    case unknownKey(closest: String?, keys: [String])
    /// The path goes past a list's end (or into a list by key): the list and its length.
    case beyondList(String, count: Int)
    /// The path goes on past a value (a number, a string, true or false), named.
    case insideValue(String)
    /// The key holds an object or a list, not one value: the keys (or elements) inside it, and the
    /// first value under it.
    case holdsMore([String], example: String)
    /// The value is not of the key's type (`a number`, `true or false`).
    case type(String)
    /// A fraction for a key that holds a whole number.
    case notWholeNumber
    /// A value beyond what the key can hold: the range, as the end of "takes …".
    case outOfRange(String)

    /// The sentence, naming the option and the setting as given.
    func sentence(_ setting: BalanceSetting) -> String {
      let key = setting.key
      let unknown = "\(setting.option): unknown key \(key) in balance.json"
      switch self {
      case .unknownKey(let closest?, _):
        return "\(unknown); did you mean \(closest)?"
      case .unknownKey(nil, let keys):
        return "\(unknown); the keys at that level are \(keys.joined(separator: ", "))"
      case .beyondList(let list, let count):
        let elements =
          count == 1 ? "one element, \(list)[0]" : "\(count) elements, \(list)[0] to \(list)[\(count - 1)]"
        return count == 0
          ? "\(unknown); \(list) is an empty list" : "\(unknown); \(list) is a list of \(elements)"
      case .insideValue(let value):
        return
          "\(unknown); \(value) is a value with no keys inside, so write \(setting.option) \(value)=VALUE"
      case .holdsMore(let inside, let example):
        let shown =
          inside.count > 6 ? inside.prefix(6).joined(separator: ", ") + ", …" : inside.joined(separator: ", ")
        return
          "\(setting.shown): \(key) holds \(shown), not one value; set one of them, such as \(setting.option) \(example)=VALUE"
      case .type(let type):
        if let note = Lookalike.note(for: setting.value, fixed: { "\(setting.option) \(setting.key)=\($0)" })
        {
          return "\(setting.shown): \(note)"
        }
        return "\(setting.shown): \(key) takes \(type), not '\(setting.value)'"
      case .notWholeNumber:
        return "\(setting.shown): \(key) takes a whole number, not \(setting.value)"
      case .outOfRange(let range):
        return "\(setting.shown): \(key) takes \(range), not \(setting.value)"
      }
    }
  }

  /// What a sweep writes in a record's field, for ``recordNumber(file:line:key:value:_:)``.
  public enum RecordRange: Sendable, Equatable {
    /// A run's index.
    case runIndex
    /// The sweep's number of runs.
    case runCount
    /// A run's simulated seconds.
    case seconds
    /// Decisions made.
    case decisions
    /// Discoveries spent.
    case spent
    /// The instants of a run's series.
    case seriesSeconds
    /// Knowledge, Postmarks or generations in a series.
    case count
    /// Discoveries in a series.
    case discoveries

    /// What the field holds, as the end of a sentence.
    var sentence: String {
      switch self {
      case .runIndex: "runs are numbered from 0"
      case .runCount: "a sweep has at least 1 run"
      case .seconds: "a run's simulated seconds are 0 to \(LabDuration.maximumSeconds) (100 years)"
      case .decisions: "a run makes 0 or more"
      case .spent: "a run spends 0 or more Discoveries"
      case .seriesSeconds: "a series holds whole seconds from 0 to \(LabDuration.maximumSeconds)"
      case .count: "a series holds counts from 0 to 1e15"
      case .discoveries: "a series holds Discoveries from 0 to 1.80e308"
      }
    }
  }

  /// An example of each milestone that takes a number.
  private static let numberExample = [
    "route": "route:3", "knowledge": "knowledge:100", "postmarks": "postmarks:100", "supplies": "supplies:5",
    "spent": "spent:100000",
  ]

  /// What a device refused, as a run reports it.
  private static func describe(_ error: DeviceError) -> String {
    switch error {
    case .appClosed: "the app is closed"
    case .appOpen: "the app is open"
    case .restoreInFlight: "a restore waits for the store to continue"
    case .game(let error): "the game refused it (\(error))"
    case .save(let error), .launch(.unsupportedSave(let error)): "the save failed (\(error))"
    case .launch(.crashed(let crash)), .crashed(let crash):
      "the app crashed \(crash.point.rawValue) (transaction \(crash.transaction))"
    case .store(let error): error.description
    case .folder(let path): "the folder \(path) cannot be created"
    case .saveNotRestored(let reason): "the save could not be put back (\(reason))"
    }
  }
}
