import QuietPlacesAppStore
import QuietPlacesGame

/// `new [--seed N] [--storefront GBR|USA]`: a fresh game and a fresh test store account.
enum NewCommand: REPLCommand {
  static let name = "new"
  static let usage = ["new [--seed N] [--storefront GBR|USA]"]
  static let summary = "a fresh game and a fresh test store account, clock back to the start"
  static let topic = HelpTopic.time

  static func completion(after words: [String]) -> ArgumentCompletion {
    switch words.last {
    case "--storefront": .words(["GBR", "USA"])
    case "--seed": .none
    default: .words(["--seed", "--storefront"].filter { !words.contains($0) })
    }
  }

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    var seed: UInt64 = 1
    var storefront: Storefront?
    var rest = arguments[...]
    while let option = rest.popFirst() {
      guard let value = rest.popFirst() else { throw usageError() }
      switch option.lowercased() {
      case "--seed":
        guard let number = UInt64(value) else {
          throw .badArgument(
            argument: value, expected: "a seed; write a whole number from 0 to 18446744073709551615")
        }
        seed = number
      case "--storefront":
        guard let chosen = Storefront(argument: value) else {
          throw .badArgument(argument: value, expected: "a storefront; write GBR or USA")
        }
        storefront = chosen
      default:
        throw .badArgument(
          argument: option, expected: "an option of new; write --seed N or --storefront GBR|USA")
      }
    }
    return await session.startNewGame(seed: seed, storefront: storefront)
  }
}
