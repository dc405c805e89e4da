/// Two options of a mode that cannot be given together, and why: declared once, checked by the
/// parser and named in the error.
public struct Exclusion: Sendable, Equatable {
  /// The option that rules the other out, such as `--list`.
  public var option: String
  /// The option it rules out, such as `--update`.
  public var other: String
  /// Why, from the first option's point of view: `--list only prints the scripts that would run`.
  public var reason: String

  /// `option` rules out each of `others`, for `reason`.
  public static func exclusive(_ option: String, with others: [String], because reason: String) -> [Exclusion]
  {
    others.map { Exclusion(option: option, other: $0, reason: reason) }
  }
}
