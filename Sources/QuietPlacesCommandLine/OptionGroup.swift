/// Options several modes share, declared once (swift-argument-parser's `OptionGroup`): a mode keeps
/// the group in a property and adds ``declared(in:)`` to its options.
public protocol OptionGroup: Sendable {
  /// The group with every option at its default.
  init()
  /// The group's options.
  static var options: [OptionDeclaration<Self>] { get }
}

extension OptionGroup {
  /// The group's options as options of a mode that keeps the group at `keyPath`.
  public static func declared<Mode>(in keyPath: WritableKeyPath<Mode, Self>) -> [OptionDeclaration<Mode>] {
    options.map { $0.lifted(keyPath) }
  }
}
