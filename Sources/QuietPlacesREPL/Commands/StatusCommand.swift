import QuietPlacesGame

/// `status`: where the ship is and what is held.
struct StatusCommand: REPLCommand {
  static let name = "status"
  static let usage = ["status"]
  static let summary = "the clock, balances, route, equipment, scouts, hold and what is owned"
  static let topic = HelpTopic.time

  init(parsing arguments: [String]) throws(CommandError) { try Self.expectNoArguments(arguments) }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let rules = session.rules
    let device = session.device
    let storefront = await device.storeSnapshot().settings.storefront.rawValue
    guard let game = await device.currentSave()?.game else {
      return .info(
        ["\(Text.instant(device.now)) · app closed · no save on this device (launch starts a new game)"]
          + [session.balanceLine, session.environment.provenance?.line, session.environment.saveFolder?.line]
          .compactMap { $0 })
    }
    let open = device.isOpen
    let signal = game.owns(.signal) ? " + companion" : ""
    let fleet = game.fleetSize(rules)
    let owned = game.owned.isEmpty ? "none" : game.owned.map(Text.permanentName).joined(separator: ", ")
    let colours = game.ownedColours.map(\.rawValue).joined(separator: ", ")
    var lines = [
      "\(Text.instant(device.now)) · app \(open ? "open" : "closed (as saved)") · seed \(game.seed) · storefront \(storefront)",
      "Discoveries \(Text.number(game.discoveries)) · Postmarks \(Text.count(game.postmarks)) · Knowledge \(Text.count(game.knowledge)) · generation \(Text.count(game.generations))",
      "Route \(game.route) \(rules.routeName(game.route)): heading for \(rules.placeName(game.nextPlace)), \(Text.distance(game.legRemaining)) nm left at \(Text.number(game.speed(rules))) knots",
      "Equipment: sails \(Text.count(game.equipment.sails)), spyglass \(Text.count(game.equipment.spyglass)), cargo \(Text.count(game.equipment.cargo)) · scouts \(Text.count(game.hiredScouts)) hired\(signal), effective \(Text.count(GameState.effectiveScouts(fleet, rules: rules)))",
      "Hold \(Text.count(game.holdHours(rules)))h · progress \(Text.number(game.progress)) · New Bearings now: \(Text.count(game.bearingsGain(rules))) Knowledge",
      "Owned: \(owned) · sail \(game.sailColour.rawValue) (owned: \(colours))",
    ]
    if game.currentRemaining > 0 {
      lines.insert(
        "A current runs: speed ×\(Text.number(rules.currentSpeedMultiplier)) for \(Text.duration(game.currentRemaining)) more.",
        at: 3)
    }
    if let balance = session.balanceLine { lines.append(balance) }
    if let provenance = session.environment.provenance { lines.append(provenance.line) }
    if let folder = session.environment.saveFolder { lines.append(folder.line) }
    return .info(lines)
  }
}
