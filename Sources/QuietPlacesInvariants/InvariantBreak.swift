/// An invariant found broken: what was expected and what was found, in words a tester reads.
public struct InvariantBreak: Sendable, Equatable, Codable {
  /// The invariant's name, or for a studio's own `--invariant`, its expression quoted.
  public var name: String
  /// What should have held.
  public var expected: String
  /// What was found instead.
  public var found: String

  public init(name: String, expected: String, found: String) {
    self.name = name
    self.expected = expected
    self.found = found
  }

  /// A break of a named invariant.
  init(_ invariant: Invariant, expected: String, found: String) {
    self.init(name: invariant.name, expected: expected, found: found)
  }

  /// The sentence after `error: `: `invariant NAME broken: expected …, found …`.
  public var message: String { "invariant \(name) broken: expected \(expected), found \(found)" }
}
