import QuietPlacesGame
import QuietPlacesLab
import QuietPlacesUtilities

/// `autoplay STRATEGY [options] until MILESTONE,… | for DURATION`: a strategy of the balance lab plays
/// from the current state, every decision an ordinary command run through this session (so a
/// recording holds those commands, not `autoplay`), then a summary.
struct AutoplayCommand: REPLCommand {
  static let name = "autoplay"
  static let usage = [
    "autoplay payback|cheapest|idle [--bearings-at R|never] [--atlas on|off] [--supplies eager|bridge|hold] "
      + "[--sessions ON/OFF|always] [--owned LIST] [--limit DURATION] until MILESTONE,... | for DURATION"
  ]
  static let summary =
    "a strategy (payback, cheapest, idle) plays as ordinary commands until a milestone or for a while"
  static let topic = HelpTopic.play
  static let isRecorded = false

  /// The options a strategy takes, in the order usage gives them.
  enum Option: String, CaseIterable {
    case bearingsAt = "--bearings-at"
    case atlas = "--atlas"
    case supplies = "--supplies"
    case sessions = "--sessions"
    case owned = "--owned"
    case limit = "--limit"
  }

  /// The strategy and where it stops.
  let request: AutoplayRequest

  init(parsing arguments: [String]) throws(CommandError) {
    var rest = arguments[...]
    guard let name = rest.popFirst() else { throw .autoplayWithoutStrategy }
    var strategy: Strategy
    do {
      strategy = Strategy(kind: try StrategyKind.parse(name))
    } catch {
      throw .lab(error)
    }
    var stop: AutoplayRequest.Stop?
    var limit = PlayGoal.defaultLimit
    while let word = rest.popFirst() {
      guard let value = rest.popFirst() else { throw .autoplayValueMissing(option: word) }
      let key = word.lowercased()
      if key == "until" || key == "for", stop != nil { throw .autoplayStopsTwice }
      do throws(LabError) {
        switch Option(rawValue: key) {
        case .bearingsAt: strategy.bearingsAt = try Strategy.parseBearingsAt(value)
        case .atlas: strategy.atlas = try Strategy.parseSwitch(value, option: key)
        case .supplies: strategy.supplies = try SuppliesPolicy.parse(value)
        case .sessions: strategy.sessions = try SessionModel.parse(value)
        case .owned: strategy.owned = try Strategy.parseOwned(value)
        case .limit:
          let written = Self.durationWritten(value, then: rest)
          limit = try LabDuration.positive(
            written, shown: "--limit \(written)", example: "--limit 30d or --limit 1y")
        case nil where key == "until": stop = .until(try Milestone.parseList(value))
        case nil where key == "for":
          let written = Self.durationWritten(value, then: rest)
          stop = .after(
            try LabDuration.positive(written, shown: "for \(written)", example: "for 8h or for 2d"))
        case nil:
          break
        }
      } catch {
        throw .lab(error)
      }
      guard Self.words.contains(key) else {
        throw .unknownOption(
          word, command: Self.name, closest: EditDistance.closest(to: word, in: Self.words))
      }
    }
    guard let stop else { throw .autoplayWithoutStop }
    request = AutoplayRequest(strategy: strategy, stop: stop, limit: limit)
    if let seconds = request.goal.timeBeyondLimit {
      let shown =
        if case .after = stop { "for \(LabDuration.typed(seconds))" } else { Milestone.time(seconds).name }
      throw .lab(.timeBeyondLimit(shown, seconds: seconds, limit: limit))
    }
  }

  /// A duration's value with the words after it that write it on in words (`for 2 days`, `for 1
  /// hour 30 minutes`), so the error that refuses it names all of it and writes it in letters; the
  /// value alone when none do.
  private static func durationWritten(_ value: String, then rest: ArraySlice<String>) -> String {
    for count in stride(from: rest.count, through: 1, by: -1) {
      let written = ([value] + rest.prefix(count)).joined(separator: " ")
      if DurationWords.letters(for: written) != nil { return written }
    }
    return value
  }

  /// The words that may follow the strategy's name.
  static let words = Option.allCases.map(\.rawValue) + ["until", "for"]

  static func completion(after words: [String]) -> ArgumentCompletion {
    if words.isEmpty { return .words(StrategyKind.allCases.map(\.rawValue)) }
    switch words.last {
    case "--atlas": return .words(["on", "off"])
    case "--supplies": return .words(SuppliesPolicy.allCases.map(\.rawValue))
    case "--bearings-at": return .words(["0", "0.5", "never"])
    case "--sessions": return .words(["always", "15m/8h"])
    case "--owned": return .words(["none", "charts", "hold", "signal", "marks100", "marks550"])
    case "until":
      return .words([
        "bearings", "atlas", "route:", "knowledge:", "time:", "postmarks:", "colour:", "supplies:", "spent:",
        "idle:",
      ])
    default: return .words(Self.words)
    }
  }

  /// The strategy plays on the session's device, each step typed as its ordinary commands.
  ///
  /// Each action is saved as the app saves it, but without waiting for the disk to hold each save
  /// (a month of late-game play makes some 100,000): the save file is replaced as one step each
  /// time, so a process killed meanwhile finds the last action's save, and the last one is flushed
  /// once the run ends. A delivery's save still waits before its `finish()`.
  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let device = session.device
    device.setActionSavesFlushed(false)
    let played: Result<[OutputLine], CommandError>
    do {
      played = .success(try await play(in: session))
    } catch {
      played = .failure(error)
    }
    if let failure = device.setActionSavesFlushed(true) {
      let error = CommandError.save(failure)
      switch played {
      case .success(let lines): return lines + [.error(error)]
      case .failure: break
      }
    }
    return try played.get()
  }

  private func play(in session: Session) async throws(CommandError) -> [OutputLine] {
    guard let game = await session.device.game else { throw .appClosed(command: Self.name) }
    if case .until(let milestones) = request.stop {
      let routes = session.rules.routeCount
      for case .route(let route) in milestones where route > routes {
        throw .lab(.routeBeyondAtlas(route, routes: routes))
      }
    }
    var autoplay = Autoplay(request.strategy, goal: request.goal, rules: session.rules, from: game)
    var stopped = false
    // On a terminal, a run that takes a while says how far it got, a few times a second.
    let start = game.clock
    let clock = ContinuousClock()
    var nextProgress = clock.now + session.progressDelay
    var showingProgress = false
    defer { if showingProgress { session.showProgress(nil) } }
    while let step = autoplay.nextStep() {
      for line in step.commandLines {
        let output = await session.execute(line)
        for case .error(let error) in output { throw .autoplayStopped(line: line, error) }
      }
      guard let game = await session.device.game else { throw .autoplayAppClosed(during: step.commandLines) }
      autoplay.stepped(to: game)
      if clock.now >= nextProgress {
        session.showProgress(progress(seconds: game.clock - start, decisions: autoplay.report.decisions))
        showingProgress = true
        nextProgress = clock.now + session.progressInterval
      }
      // Ctrl-C on a terminal stops the run after the step in progress; the game stays as played.
      if session.stopRequested() {
        autoplay.stop()
        stopped = true
      }
    }
    return .info(summary(autoplay.report, stopped: stopped))
  }

  /// How far the run got, on one short line: `autoplay: 8d 11h of 30d simulated, 26,809 decisions
  /// so far; Ctrl-C stops`.
  func progress(seconds: Int64, decisions: Int) -> String {
    let of: String
    switch request.stop {
    case .after(let total): of = " of \(Text.duration(total))"
    case .until: of = ""
    }
    return
      "autoplay: \(Text.duration(seconds))\(of) simulated, \(Text.plural(decisions, "decision")) so far; "
      + "Ctrl-C stops"
  }

  /// What the strategy did.
  private func summary(_ report: PlayReport, stopped: Bool = false) -> [String] {
    let strategy = ([request.strategy.kind.rawValue] + [Self.optionText(request.strategy)]).filter {
      !$0.isEmpty
    }
    let online =
      report.onlineSeconds == report.seconds ? "all online" : "\(Text.duration(report.onlineSeconds)) online"
    var lines = [
      "Autoplay \(strategy.joined(separator: " ")) \(stopText)\(stopped ? ", stopped by Ctrl-C" : ""): \(Text.duration(report.seconds)) simulated, \(online); \(Text.plural(report.decisions, "decision"))."
    ]
    var bought = Buyable.allCases.compactMap { item in
      report.bought[item].map { "\(item.rawValue) ×\(Text.count($0))" }
    }
    if report.supplies > 0 { bought.append("supplies ×\(Text.count(report.supplies))") }
    if !report.products.isEmpty {
      bought.insert(report.products.map(\.rawValue).joined(separator: ", "), at: 0)
    }
    lines.append(
      "  Bought: " + (bought.isEmpty ? "nothing" : bought.joined(separator: ", "))
        + " (\(Text.number(report.spent)) Discoveries spent).")
    lines.append(
      "  New Bearings ×\(Text.count(report.bearings)) · Passing the Atlas ×\(Text.count(report.atlases)) · away "
        + "×\(Text.count(report.absences)).")
    for wiped in report.wiped.prefix(3) {
      let crates = wiped.crates > 0 ? ", \(Text.plural(wiped.crates, "crate")) of supplies among it" : ""
      lines.append(
        "  Saved \(Text.number(wiped.discoveries)) for \(Self.article(wiped.item))\(crates); \(wiped.by == .atlas ? "Passing the Atlas" : "New Bearings") wiped it."
      )
    }
    if report.wiped.count > 3 {
      lines.append("  … and \(report.wiped.count - 3) more savings wiped by a prestige.")
    }
    let carried = Buyable.allCases.compactMap { item in
      report.savedPastSession[item].map { "\(item.rawValue) ×\($0)" }
    }
    if !carried.isEmpty {
      lines.append("  Still saving when an online session ended: \(carried.joined(separator: ", ")).")
    }
    for outcome in report.outcomes {
      lines.append(
        outcome.reached
          ? "  \(outcome.milestone.name): reached after \(Text.duration(outcome.seconds)) (\(Text.duration(outcome.onlineSeconds)) online, \(Text.plural(outcome.decisions, "decision")))."
          : "  \(outcome.milestone.name): not reached within \(Text.duration(outcome.seconds)).")
    }
    let game = report.final
    lines.append(
      "  Now: Discoveries \(Text.number(game.discoveries)) · Knowledge \(Text.count(game.knowledge)) · Postmarks \(Text.count(game.postmarks)) · route \(game.route)."
    )
    return lines
  }

  /// An item with its article: `a charter`, `sails`.
  static func article(_ item: Buyable) -> String {
    switch item {
    case .sails: "a sails level"
    case .spyglass: "a spyglass level"
    case .cargo: "a cargo level"
    case .scout: "a scout"
    case .charter: "a charter"
    }
  }

  /// Where it stops, as written: `until bearings,atlas` or `for 8h`.
  private var stopText: String {
    switch request.stop {
    case .until(let milestones): "until " + milestones.map(\.name).joined(separator: ",")
    case .after(let seconds): "for " + LabDuration.typed(seconds)
    }
  }

  /// A strategy's options as they are written after its name, defaults left out.
  static func optionText(_ strategy: Strategy) -> String {
    var words: [String] = []
    if strategy.bearingsAt != 0.5 {
      words.append("\(Option.bearingsAt.rawValue) \(strategy.bearingsAt.map(Strategy.ratioText) ?? "never")")
    }
    if !strategy.atlas { words.append("\(Option.atlas.rawValue) off") }
    if strategy.supplies != .bridge {
      words.append("\(Option.supplies.rawValue) \(strategy.supplies.rawValue)")
    }
    if strategy.sessions != .always { words.append("\(Option.sessions.rawValue) \(strategy.sessions.name)") }
    if !strategy.owned.isEmpty {
      words.append("\(Option.owned.rawValue) \(strategy.owned.map(\.rawValue).joined(separator: ","))")
    }
    return words.joined(separator: " ")
  }
}

extension AutoplayCommand: HelpDetails {
  /// The strategies, the milestones, and what a long run does on a terminal.
  static var helpDetails: [String] {
    [
      "  strategies: payback buys the option with the least payback, cheapest the cheapest, idle nothing "
        + "(each prestiges as --bearings-at and --atlas say)",
      "  milestones (as simulate --until): \(Milestone.forms); it plays until all are reached, or --limit "
        + "(default \(Text.duration(PlayGoal.defaultLimit)))",
      "  each decision runs as its ordinary command and is saved as the app saves it; on a terminal a run "
        + "longer than half a second shows how far it got, and Ctrl-C stops it after the step in progress",
    ]
  }
}
