import QuietPlacesAppStore
import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesInvariants
import QuietPlacesLab
import QuietPlacesStore
import QuietPlacesStoreKit
import QuietPlacesUtilities

/// Why a line was refused or a step failed. The one place these become sentences is ``message``.
public enum CommandError: Error, Sendable, Equatable {
  /// No command of that name.
  case unknownCommand(String, suggestion: String?)
  /// The name of one of the command line's modes (`simulate`, `explore`, `test`, `run`), typed as a
  /// command: what it is, and the REPL command nearest to it.
  case commandLineMode(String)
  /// A shell's command line (`quietplaces status`, `$ quietplaces …`) typed as a command: the REPL
  /// command it holds.
  case shellLine(command: String)
  /// A line of JSON sent as a command (a driver that took `--jsonl` to read JSON too); the command
  /// line one of its strings holds, when one does.
  case jsonLine(command: String?)
  /// The command's words are not of its form.
  case usage(command: String, expected: String)
  /// A file name typed in quotes, which are not read (`inside`: what they hold).
  case quotedFileName(command: String, typed: String, inside: String)
  /// One argument is not among what the command accepts.
  case badArgument(argument: String, expected: String)
  /// A duration that does not parse.
  case duration(DurationFormat.ParseError)
  /// A count that does not parse.
  case count(CountArgument.ParseError)
  /// The game refused the command.
  case game(GameError)
  /// The command needs the app open.
  case appClosed(command: String)
  /// The command needs the app closed.
  case appOpen(command: String)
  /// A restore waits for `store continue`; the command cannot run meanwhile.
  case restoreInFlight(command: String)
  /// The app died at an armed crash point.
  case appCrashed(AppCrash)
  /// Reading or writing the save failed.
  case save(SaveError)
  /// Reading or writing the save failed during a launch or a close, with what followed from it.
  case saveDuringLifecycle(SaveError, then: SaveAftermath)
  /// A file could not be read or written.
  case file(path: String, reason: String)
  /// The simulated App Store refused a control.
  case store(AppStoreError)
  /// The App Store did not return the product (`buy`).
  case productUnavailable(ProductID)
  /// The App Store cannot be reached, or loading products failed (`buy`).
  case storeUnreachable(ProductID, StoreError)
  /// `record stop` with nothing being recorded.
  case noRecording
  /// `record FILE` while this file is being recorded.
  case alreadyRecording(String)
  /// A `y`/`n` with no question waiting.
  case noQuestion(String)
  /// The balance lab refused a request or stopped a strategy; its sentence says why.
  case lab(LabError)
  /// `autoplay` without a strategy.
  case autoplayWithoutStrategy
  /// An option of `autoplay` without its value.
  case autoplayValueMissing(option: String)
  /// `autoplay` told where to stop twice (`until` and `for`, or one of them again).
  case autoplayStopsTwice
  /// `autoplay` without where to stop.
  case autoplayWithoutStop
  /// An option the command does not have, with the closest one it has.
  case unknownOption(String, command: String, closest: String?)
  /// A command `autoplay` ran printed this error; the strategy stopped there.
  indirect case autoplayStopped(line: String, CommandError)
  /// The app closed during the commands of one of `autoplay`'s steps.
  case autoplayAppClosed(during: [String])
  /// `state --json FIELD…` named a field the state does not have.
  case stateField(JSONFieldSelection.Problem)
  /// `storekit check` found files refused or with type mismatches; the summary counts them.
  case storeKitCheck(StoreKitCheck.Summary)
  /// `check` found an invariant broken.
  case invariantBroken(InvariantBreak)
  /// `check` was given a name that is no invariant nor family of them.
  case unknownInvariant(String, suggestion: String?)
  /// `check --invariant` was given an expression that does not read.
  case invariantExpression(ExpressionError)
  /// `check` was given an expression without `--invariant`, as typed.
  case expressionWithoutOption(String)
  /// `check --invariant` was given more than one quoted expression: the first, then the rest.
  case severalExpressions(String, then: String)
  /// An input line longer than ``InputLimit/maximumBytes``: not run, and not shown.
  case lineTooLong(limit: Int)
  /// A line whose bytes are not UTF-8 text.
  case lineNotUTF8
  /// The transcript being recorded could not be written; the recording has ended.
  case recordingFailed(path: String, reason: String)

  /// What followed from a save that failed while the app launched or closed.
  public enum SaveAftermath: Sendable, Equatable {
    /// The save could not be read; a new game started in its place.
    case newGameStarted
    /// The save is of a format this version cannot read; the app did not open.
    case appStaysClosed
    /// Closing could not write the save; progress since the last save is gone.
    case progressLost
    /// The save after a player's action failed; the action stands in memory until the next save.
    case actionUnsaved

    var sentence: String {
      switch self {
      case .newGameStarted: "a new game started"
      case .appStaysClosed: "the app stays closed"
      case .progressLost: "progress since the last save is lost"
      case .actionUnsaved: "the action stands, and the next save (at the latest the close) writes it"
      }
    }
  }

  /// A device's refusal of a verb, as the command that asked for it says it.
  init(_ error: DeviceError, command: String) {
    switch error {
    case .appClosed: self = .appClosed(command: command)
    case .appOpen: self = .appOpen(command: command)
    case .restoreInFlight: self = .restoreInFlight(command: command)
    case .game(let error): self = .game(error)
    case .save(let error): self = .save(error)
    case .launch(.unsupportedSave(let error)): self = .saveDuringLifecycle(error, then: .appStaysClosed)
    case .launch(.crashed(let crash)), .crashed(let crash): self = .appCrashed(crash)
    case .store(let error): self = .store(error)
    case .folder(let path): self = .file(path: path, reason: "the folder cannot be created")
    case .saveNotRestored(let reason): self = .file(path: FileSaveStorage.fileName, reason: reason)
    }
  }

  /// The sentence after `error: `: what was wrong and what would be right. A refused word that
  /// holds a typographic dash, ellipsis or quote (`log −3`, `buy “charts”`) prints like the right
  /// one, so the sentence ends by naming that character.
  public var message: String {
    let sentence = plainMessage
    guard let word = refusedWord, let naming = Lookalike.naming(in: word), !sentence.contains(naming) else {
      return sentence
    }
    return "\(sentence) (\(naming))"
  }

  /// The word typed that the error refuses, when it refuses one.
  private var refusedWord: String? {
    switch self {
    case .unknownCommand(let word, _), .badArgument(let word, _), .noQuestion(let word): word
    case .count(.notACount(let word)), .count(.tooMany(let word)): word
    case .duration(let error): error.text
    default: nil
    }
  }

  private var plainMessage: String {
    switch self {
    case .unknownCommand(let name, let suggestion):
      if let suggestion {
        return
          "unknown command '\(name.fromOutside)'; did you mean '\(suggestion)'? (help lists every command)"
      }
      return "unknown command '\(name.fromOutside)'; help lists every command"
    case .commandLineMode(let name):
      let nearest =
        switch name {
        case "simulate": "; in this session, autoplay plays a strategy"
        case "explore": "; in this session, check checks the invariants on this device"
        case "run": "; in this session, paste the script's lines"
        default: "; in this session, record FILE writes a script of what follows"
        }
      return "'\(name)' is not a command here but a mode of the command line: run quietplaces \(name) from a "
        + "shell (quietplaces \(name) --help says how)\(nearest)"
    case .shellLine(let command):
      guard !command.isEmpty else {
        return "this line is a shell's command line, and this session is quietplaces already: "
          + "type a command alone (help lists them)"
      }
      return
        "this line is a shell's command line; in this session, type the command alone: \(command.fromOutside)"
    case .jsonLine(let command):
      let hint = command.map { ": send \($0.fromOutside)" } ?? ", such as advance 8h"
      return "this line is JSON, and commands are read as plain text, one a line (with --jsonl too, "
        + "whose answers are JSON)\(hint)"
    case .usage(let command, let expected):
      return "\(command): expected \(expected)"
    case .quotedFileName(let command, let typed, let inside):
      let suggestion = inside.split(whereSeparator: \.isWhitespace).joined(separator: "-")
      guard !inside.contains(where: \.isWhitespace) else {
        return "\(command): \(typed.fromOutside) is written in quotes, which are not read, and a file name "
          + "here is one word: use a name without spaces, such as \(suggestion.fromOutside)"
      }
      return "\(command): \(typed.fromOutside) is written in quotes, which are not read and would be part "
        + "of the file's name; write \(command) \(suggestion.isEmpty ? "FILE" : suggestion.fromOutside.description)"
    case .badArgument(let argument, let expected):
      return "'\(argument.fromOutside)' is not \(expected)"
    case .duration(let error):
      return error.description
    case .count(let error):
      return error.description
    case .game(let error):
      return Self.message(for: error)
    case .appClosed(let command):
      return "\(command) needs the app open; it is closed (launch opens it)"
    case .appOpen(let command):
      return "\(command) needs the app closed; it is open (close closes it)"
    case .restoreInFlight(let command):
      return "\(command): expected no restore in flight; one waits for store continue"
    case .appCrashed(let crash):
      return "the app crashed \(crash.point.rawValue) (transaction \(crash.transaction)); launch recovers"
    case .save(let error):
      return Self.message(for: error)
    case .saveDuringLifecycle(let error, let aftermath):
      return Self.message(for: error) + "; " + aftermath.sentence
    case .file(let path, let reason):
      return "\(path.pathForMessage.fromOutside): \(reason)"
    case .store(let error):
      return error.description
    case .productUnavailable(let id):
      return
        "buy \(id.rawValue): expected a product the App Store returned; \(Text.productName(id)) is unavailable, so it has no price and cannot be bought"
    case .storeUnreachable(let id, .simulated(let api, let error)):
      return
        "buy \(id.rawValue): expected the App Store's products to load; the StoreKit configuration's \(api) error (\(error)) fails them, so nothing can be bought or priced"
    case .storeUnreachable(let id, _):
      return
        "buy \(id.rawValue): expected the App Store to be reachable; it is not (offline), so nothing can be bought or priced"
    case .noRecording:
      return "record stop: expected a recording to stop; start one with record FILE"
    case .alreadyRecording(let path):
      return
        "record: expected no recording running; \(path.fromOutside) is being recorded (record stop ends it)"
    case .noQuestion(let answer):
      return "'\(answer.fromOutside)' answers no question; nothing is waiting for a yes or no"
    case .lab(let error):
      return error.message
    case .autoplayWithoutStrategy:
      return "autoplay needs a strategy; write \(AutoplayCommand.usage[0])"
    case .autoplayValueMissing(let option):
      return "'\(option)' needs a value; write \(AutoplayCommand.usage[0])"
    case .autoplayStopsTwice:
      return "give one of until or for, not both; write \(AutoplayCommand.usage[0])"
    case .autoplayWithoutStop:
      return "autoplay needs where to stop: until MILESTONE (\(Milestone.forms)) or for DURATION"
    case .unknownOption(let word, let command, _) where Lookalike.first(in: word) != nil:
      return
        "'\(word.fromOutside)' is not an option of \(command): \(Lookalike.note(for: word, asOption: true) ?? "")"
    case .unknownOption(let word, let command, let closest):
      return
        "'\(word.fromOutside)' is not an option of \(command)\(closest.map { "; did you mean \($0)?" } ?? "")"
    case .autoplayStopped(let line, let error):
      return "autoplay stopped at '\(line)': \(OutputLine.errorText(error.message))"
    case .autoplayAppClosed(let lines):
      return "the app closed during \(lines.joined(separator: " then ")); the run stops"
    case .stateField(let problem):
      return problem.description
    case .storeKitCheck(let summary):
      return summary.description
    case .invariantBroken(let broken):
      return broken.message
    case .unknownInvariant(let name, let suggestion):
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      return "'\(name)' is not an invariant\(hint) (check with no name checks them all: "
        + Invariant.families.joined(separator: ", ") + "; help check lists every name)"
    case .invariantExpression(let error):
      return error.message
    case .expressionWithoutOption(let text):
      return "'\(text.fromOutside)' is an expression, not an invariant's name; check one with "
        + "check --invariant '\(text.fromOutside)'"
    case .severalExpressions(let first, let rest):
      let after = rest.first == "'" || rest.first == "\"" ? "\(rest.fromOutside)" : "'\(rest.fromOutside)'"
      return "check --invariant takes one expression in one pair of quotes, and '\(first.fromOutside)' is "
        + "followed by \(after); to check two, join them with and inside the quotes: "
        + "check --invariant '\(first.fromOutside) and …'"
    case .lineTooLong(let limit):
      return "the line is longer than \(limit.withThousandsSeparators) bytes, the most one line may hold; "
        + "it was not run (nor shown): put long text in a file"
    case .lineNotUTF8:
      return "the line is not UTF-8 text (each byte that is not shows as \u{FFFD}), so it was not run; "
        + "send it as UTF-8"
    case .recordingFailed(let path, let reason):
      return
        "cannot record to \(path) (\(reason)); the recording stopped, and \(path) ends with the last "
        + "command written whole; make room or choose another folder, then record again"
    }
  }

  static func message(for error: GameError) -> String {
    switch error {
    case .appClosed:
      return "the app is closed; launch opens it"
    case .appOpen:
      return "the app is already open"
    case .invalidCount(let count):
      return "\(count) is not a count; write a whole number from 1 to 1,000,000, or max"
    case .invalidDuration(let seconds):
      return "\(seconds) s is not a duration the game accepts; write 1 second to 100 years"
    case .notAffordable(let item, let count, let cost, let held) where !cost.isFinite:
      let verb = count == 1 ? "costs" : "cost"
      return
        "\(name(item, count: count)) \(verb) more Discoveries than any balance can hold (beyond \(NumberFormat.readable(Double.greatestFiniteMagnitude))); "
        + "you hold \(NumberFormat.readable(held)); buy fewer, or max"
    case .notAffordable(let item, let count, let cost, let held):
      let verb = count == 1 ? "costs" : "cost"
      return
        "\(name(item, count: count)) \(verb) \(NumberFormat.amount(cost)) Discoveries; you hold \(NumberFormat.amount(held))"
    case .nothingAffordable(let item, let cost, let held):
      return
        "no \(name(item)) is affordable: the next costs \(NumberFormat.amount(cost)) Discoveries; "
        + "you hold \(NumberFormat.amount(held))"
    case .overLimit(let item, let limit, let level, let requested):
      let room = max(0, limit - level)
      guard room > 0 else {
        return
          "\(item.rawValue) is at its limit of \(NumberFormat.grouped(limit)) levels; nothing more can be bought"
      }
      return
        "\(item.rawValue) stops at level \(NumberFormat.grouped(limit)); you have \(NumberFormat.grouped(level)), so at most \(NumberFormat.grouped(room)) more, not \(NumberFormat.grouped(requested))"
    case .allRoutesChartered(let routes):
      return "all \(routes) routes are chartered; there is nothing further to charter"
    case .notEnoughPostmarks(let item, let cost, let held):
      return
        "\(name(item)) costs \(NumberFormat.grouped(cost)) Postmarks; you hold \(NumberFormat.grouped(held))"
    case .bearingsNotReady(let gain, let minimum):
      return
        "New Bearings would give \(NumberFormat.grouped(gain)) Knowledge; it needs at least \(NumberFormat.grouped(minimum)) (preview bearings shows why)"
    case .atlasNotReady(let knowledge, let required):
      return
        "Passing the Atlas needs \(NumberFormat.grouped(required)) Knowledge; you hold \(NumberFormat.grouped(knowledge))"
    case .tooMuchSailing(let estimate, let limit):
      return
        "at this speed that advance would sail about \(NumberFormat.readable(estimate)) arrivals; one advance sails at "
        + "most \(NumberFormat.readable(limit)) (each random event is stepped); advance a shorter time"
    case .beyondLastInstant(let latest):
      return
        "the clock cannot pass \(Rules.formatInstant(latest)), the last instant a save holds; advance less"
    case .clockBackwards(let from, let to):
      return "the clock cannot go back from \(Rules.formatInstant(from)) to \(Rules.formatInstant(to))"
    }
  }

  /// How a refusal names what was to be bought: `sails`, `3 levels of sails`, `scout`, `4 scouts`,
  /// `charter`, `supplies`, `the apricot sail`.
  static func name(_ item: Purchasable, count: Int = 1) -> String {
    switch item {
    case .equipment(let equipment):
      count == 1 ? equipment.rawValue : "\(NumberFormat.grouped(count)) levels of \(equipment.rawValue)"
    case .scouts: count == 1 ? "scout" : "\(NumberFormat.grouped(count)) scouts"
    case .charter: "charter"
    case .supplies: "supplies"
    case .colour(let colour): "the \(colour.rawValue) sail"
    }
  }

  static func message(for error: SaveError) -> String {
    switch error {
    case .writeFailed(let file, let reason):
      return "\(file) was not written: \(reason); the previous save is intact"
    case .deleteFailed(let file, let reason):
      return "\(file) could not be deleted: \(reason); the app and its save stay as they were"
    case .unreadable(let file, let reason, let keptAs):
      let kept = keptAs.map { "; it was kept aside as \($0)" } ?? ""
      return "\(file) is not a Quiet Places save: \(reason)\(kept)"
    case .unsupportedFormat(let file, let format, let supported, let writtenBy):
      let reads =
        "this version (\(AppSave.writer)) reads formats \(supported.lowerBound) to \(supported.upperBound)"
      guard format > supported.upperBound else {
        return "\(file) is a save of format \(format), which no version of quietplaces writes; \(reads)"
      }
      let by = writtenBy.map { ", written by \($0.fromOutside)" } ?? ""
      let advice = AppSave.newerFormatAdvice(writtenBy: writtenBy.map { "\($0.fromOutside)" })
      return "\(file) is a save of format \(format)\(by); \(reads); \(advice)"
    }
  }
}
