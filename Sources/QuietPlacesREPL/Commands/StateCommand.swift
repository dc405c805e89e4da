import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesUtilities

/// `state --json [FIELD ...]`: the machine-readable state, or only the fields named, on one line.
struct StateCommand: REPLCommand {
  static let name = "state"
  static let usage = ["state --json [FIELD ...]"]
  static let summary =
    "the state as one line of JSON, or only the fields named (dotted: equipment.sails); from the save on "
    + "disk while the app is closed"
  static let topic = HelpTopic.files

  static func completion(after words: [String]) -> ArgumentCompletion {
    guard let first = words.first else { return .words(["--json"]) }
    guard first == "--json" else { return .none }
    return .words(StateJSON.fieldPaths.filter { !words.dropFirst().contains($0) })
  }

  /// The fields asked for; empty for the whole state.
  let fields: [String]

  init(parsing arguments: [String]) throws(CommandError) {
    // A person who types `state` wants the state in words: that is `status`; one who names fields
    // (`state postmarks`, `state postmarks --json`) is shown the line that prints them.
    guard arguments.first == "--json" else {
      let fields = arguments.filter { $0 != "--json" }
      let line =
        fields.isEmpty || fields.contains(where: { $0.hasPrefix("-") })
        ? "" : "; for those fields, write state --json \(fields.joined(separator: " ").fromOutside)"
      throw .usage(command: Self.name, expected: "\(Self.usage[0])\(line) (status shows the state in words)")
    }
    fields = Array(arguments.dropFirst())
    // A field named twice is printed once: refused, as a list that did not say what it asked.
    var seen = Set<String>()
    if let twice = fields.first(where: { !seen.insert($0).inserted }) {
      var kept = Set<String>()
      let once = fields.filter { kept.insert($0).inserted }.map { "\($0.fromOutside)" }
      throw .usage(
        command: Self.name,
        expected:
          "each field once (\(twice.fromOutside) is named twice, and the line holds it once), such as "
          + "state --json \(once.joined(separator: " "))")
    }
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let rules = session.rules
    let device = session.device
    let save =
      await device.currentSave()
      ?? AppSave(game: GameState(seed: device.seed, clock: device.now, rules: rules))
    let snapshot = await device.storeSnapshot()
    let unfinished = snapshot.transactions.filter { !$0.finished }.map(\.id)
    let state = StateJSON(
      save: save, open: device.isOpen, now: device.now, unfinished: unfinished,
      storefront: snapshot.settings.storefront.rawValue, rules: rules,
      balanceChanges: device.changedRules?.changes ?? [])
    do {
      return [.record(try state.line(fields: fields))]
    } catch {
      throw .stateField(error)
    }
  }
}
