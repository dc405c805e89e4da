/// One option of a mode, declared once: its name, its value's reader, its default and its help line.
/// The parser, the `--help` text and the usage errors all read it.
///
/// A flag (`--update`) is given at most once. An option with a value (`--jobs N`) too, the value
/// after it or after `=` (`--jobs=2`). A repeating option (`--strategy S`…) collects every value
/// given, in order; the first one given replaces the default.
public struct OptionDeclaration<Mode> {
  /// The name, such as `--jobs`.
  public let name: String
  /// Other names that mean the same, such as `-j`.
  public let aliases: [String]
  /// What follows the name.
  public let kind: OptionKind
  /// One line: what it does.
  public let help: String
  /// An example of a whole option, for errors: `--jobs 2`.
  public let example: String
  /// The default as `--help` shows it, read from a fresh mode; `nil` when there is none to show.
  let defaultText: (Mode) -> String?
  /// Clears a repeating option's default before its first value.
  let reset: (inout Mode) -> Void
  /// Sets the option (the value is empty for a flag).
  let set: (inout Mode, String) throws(ValueProblem) -> Void

  /// Every name it answers to: aliases first, as `--help` lists them.
  public var names: [String] { aliases + [name] }

  /// The value's placeholder, `nil` for a flag.
  public var placeholder: String? {
    switch kind {
    case .flag: nil
    case .value(let placeholder), .repeating(let placeholder), .optionalValue(let placeholder): placeholder
    }
  }

  /// Whether a value follows the name.
  var takesValue: Bool { kind != .flag }

  /// The same option for a mode that keeps this option's mode (a group) at `keyPath`.
  func lifted<Parent>(_ keyPath: WritableKeyPath<Parent, Mode>) -> OptionDeclaration<Parent> {
    let defaultText = defaultText
    let reset = reset
    let set = set
    return OptionDeclaration<Parent>(
      name: name, aliases: aliases, kind: kind, help: help, example: example,
      defaultText: { defaultText($0[keyPath: keyPath]) },
      reset: { reset(&$0[keyPath: keyPath]) },
      set: { (parent: inout Parent, text: String) throws(ValueProblem) in
        try set(&parent[keyPath: keyPath], text)
      })
  }

  init(
    name: String, aliases: [String], kind: OptionKind, help: String, example: String,
    defaultText: @escaping (Mode) -> String?, reset: @escaping (inout Mode) -> Void,
    set: @escaping (inout Mode, String) throws(ValueProblem) -> Void
  ) {
    self.name = name
    self.aliases = aliases
    self.kind = kind
    self.help = help
    self.example = example
    self.defaultText = defaultText
    self.reset = reset
    self.set = set
  }

  /// A flag: `--update`.
  public static func flag(
    _ name: String, aliases: [String] = [], _ keyPath: WritableKeyPath<Mode, Bool>, help: String
  ) -> OptionDeclaration {
    OptionDeclaration(
      name: name, aliases: aliases, kind: .flag, help: help, example: name, defaultText: { _ in nil },
      reset: { _ in }, set: { mode, _ in mode[keyPath: keyPath] = true })
  }

  /// An option that is on by itself, as `bare`, or takes a value after `=`: `--update[=pending]`.
  public static func flag<Value>(
    _ name: String, _ keyPath: WritableKeyPath<Mode, Value?>, bare: Value, _ reader: ValueReader<Value>,
    help: String
  ) -> OptionDeclaration {
    OptionDeclaration(
      name: name, aliases: [], kind: .optionalValue(placeholder: reader.placeholder), help: help,
      example: "\(name)=\(reader.example)", defaultText: { _ in nil }, reset: { _ in },
      set: { (mode: inout Mode, text: String) throws(ValueProblem) in
        mode[keyPath: keyPath] = text.isEmpty ? bare : try reader.read(text, name)
      })
  }

  /// An option with one value and no default of its own: `--filter TEXT`, `--jobs N`. `default` is
  /// what `--help` says happens without it.
  public static func option<Value>(
    _ name: String, aliases: [String] = [], _ keyPath: WritableKeyPath<Mode, Value?>,
    _ reader: ValueReader<Value>, placeholder: String? = nil, example: String? = nil,
    default: String? = nil, help: String
  ) -> OptionDeclaration {
    let shownDefault = `default`
    return OptionDeclaration(
      name: name, aliases: aliases, kind: .value(placeholder: placeholder ?? reader.placeholder),
      help: help, example: "\(name) \(example ?? reader.example)",
      defaultText: { _ in shownDefault }, reset: { _ in },
      set: { (mode: inout Mode, text: String) throws(ValueProblem) in
        mode[keyPath: keyPath] = try reader.read(text, name)
      })
  }

  /// An option with one value whose default is the fresh mode's: `--limit DURATION`.
  public static func option<Value>(
    _ name: String, aliases: [String] = [], _ keyPath: WritableKeyPath<Mode, Value>,
    _ reader: ValueReader<Value>, placeholder: String? = nil, example: String? = nil, help: String
  ) -> OptionDeclaration {
    OptionDeclaration(
      name: name, aliases: aliases, kind: .value(placeholder: placeholder ?? reader.placeholder),
      help: help, example: "\(name) \(example ?? reader.example)",
      defaultText: { reader.text($0[keyPath: keyPath]) }, reset: { _ in },
      set: { (mode: inout Mode, text: String) throws(ValueProblem) in
        mode[keyPath: keyPath] = try reader.read(text, name)
      })
  }

  /// An option given any number of times, each value kept in order: `--strategy S`. Its default is
  /// the fresh mode's list (shown joined by commas), or `default` when that list is empty.
  ///
  /// With `written`, each value is also kept there as it was typed (`on` where the value is `eager`),
  /// for messages that quote the command line.
  public static func repeating<Value>(
    _ name: String, _ keyPath: WritableKeyPath<Mode, [Value]>, _ reader: ValueReader<Value>,
    written: WritableKeyPath<Mode, [String]>? = nil,
    placeholder: String? = nil, example: String? = nil, default: String? = nil, help: String
  ) -> OptionDeclaration {
    let shownDefault = `default`
    return OptionDeclaration(
      name: name, aliases: [], kind: .repeating(placeholder: placeholder ?? reader.placeholder),
      help: help, example: "\(name) \(example ?? reader.example)",
      defaultText: { mode in
        let values = mode[keyPath: keyPath]
        return values.isEmpty ? shownDefault : values.map(reader.text).joined(separator: ", ")
      },
      reset: { $0[keyPath: keyPath] = [] },
      set: { (mode: inout Mode, text: String) throws(ValueProblem) in
        mode[keyPath: keyPath].append(try reader.read(text, name))
        if let written { mode[keyPath: written].append(text) }
      })
  }
}
