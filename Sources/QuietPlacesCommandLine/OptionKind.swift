/// What follows an option's name.
public enum OptionKind: Equatable, Sendable {
  /// Nothing: it is on or off.
  case flag
  /// One value, such as `N`.
  case value(placeholder: String)
  /// One value each time it is given; every value is kept.
  case repeating(placeholder: String)
  /// On by itself (`--update`), or given a value after `=` (`--update=pending`); never the next word.
  case optionalValue(placeholder: String)

  /// Whether the word after the name may be the option's value.
  var takesNextWord: Bool {
    switch self {
    case .flag, .optionalValue: false
    case .value, .repeating: true
    }
  }
}
