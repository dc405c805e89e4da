/// The words of a mode that are not options, declared once: `FILE.qp`, `PATH ...`.
public struct ArgumentDeclaration<Mode> {
  /// How many words it takes.
  public enum Count: Equatable, Sendable {
    /// Exactly one.
    case one
    /// Any number from `atLeast` up; only the last argument of a mode can be this.
    case many(atLeast: Int)
  }

  /// The placeholder: `FILE.qp`, `PATH`.
  public let name: String
  /// How many words it takes.
  public let count: Count
  /// One line: what it is.
  public let help: String
  /// What happens without it, as `--help` says.
  public let defaultText: String?
  /// Sets the words.
  let set: (inout Mode, [String]) -> Void

  /// The argument as the usage line writes it: `FILE.qp`, `[PATH ...]`, `FILE.storekit ...`.
  var synopsis: String {
    switch count {
    case .one: name
    case .many(let atLeast): atLeast == 0 ? "[\(name) ...]" : "\(name) ..."
    }
  }

  /// Exactly one word: `run FILE.qp`.
  public static func one(
    _ name: String, _ keyPath: WritableKeyPath<Mode, String>, help: String
  ) -> ArgumentDeclaration {
    ArgumentDeclaration(name: name, count: .one, help: help, defaultText: nil) { mode, words in
      mode[keyPath: keyPath] = words[0]
    }
  }

  /// Any number of words from `atLeast` up: `test [PATH ...]`.
  public static func many(
    _ name: String, _ keyPath: WritableKeyPath<Mode, [String]>, atLeast: Int = 0, default: String? = nil,
    help: String
  ) -> ArgumentDeclaration {
    ArgumentDeclaration(name: name, count: .many(atLeast: atLeast), help: help, defaultText: `default`) {
      mode, words in
      mode[keyPath: keyPath] = words
    }
  }
}
