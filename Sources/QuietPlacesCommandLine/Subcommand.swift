/// A word after `quietplaces` (or after another subcommand) that selects what runs.
public enum Subcommand {
  /// A mode of its own: `test`, `run`, `simulate`, `merge`.
  case mode(any CommandLineMode.Type)
  /// A word that only groups subcommands and does nothing alone: `storekit` (`storekit check`).
  case group(name: String, abstract: String, subcommands: [Subcommand])

  /// The word that selects it.
  public var name: String {
    switch self {
    case .mode(let mode): mode.shape.name
    case .group(let name, _, _): name
    }
  }

  /// Its one-line summary.
  var abstract: String {
    switch self {
    case .mode(let mode): mode.shape.abstract
    case .group(_, let abstract, _): abstract
    }
  }

  /// What follows it.
  var subcommands: [Subcommand] {
    switch self {
    case .mode(let mode): mode.shape.subcommands
    case .group(_, _, let subcommands): subcommands
    }
  }
}
