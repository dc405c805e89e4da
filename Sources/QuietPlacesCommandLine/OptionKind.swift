/// What follows an option's name.
public enum OptionKind: Equatable, Sendable {
  /// Nothing: it is on or off.
  case flag
  /// One value, such as `N`.
  case value(placeholder: String)
  /// One value each time it is given; every value is kept.
  case repeating(placeholder: String)
}
