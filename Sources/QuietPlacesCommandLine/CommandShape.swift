/// A mode's declaration with its type left out: what help texts and errors need to know about a
/// mode, and about the modes around it.
struct CommandShape {
  /// One option: its names, value, help line and default as shown.
  struct Option {
    var names: [String]
    var kind: OptionKind
    var help: String
    var defaultText: String?

    /// The name options are known by (the last, after any short alias).
    var name: String { names[names.count - 1] }

    /// As the usage line writes it: `[--jobs N]`, `[--strategy S]...`, `[--update]`.
    var synopsis: String {
      switch kind {
      case .flag: "[\(name)]"
      case .value(let placeholder): "[\(name) \(placeholder)]"
      case .repeating(let placeholder): "[\(name) \(placeholder)]..."
      case .optionalValue(let placeholder): "[\(name)[=\(placeholder)]]"
      }
    }

    /// As `--help`'s list starts it: `-j, --jobs N`.
    var label: String {
      let names = names.joined(separator: ", ")
      switch kind {
      case .flag: return names
      case .value(let placeholder), .repeating(let placeholder): return "\(names) \(placeholder)"
      case .optionalValue(let placeholder): return "\(names)[=\(placeholder)]"
      }
    }
  }

  /// One argument that is not an option.
  struct Argument {
    var name: String
    var synopsis: String
    var help: String
    var defaultText: String?
  }

  var name: String
  var abstract: String
  var discussion: [String]
  var options: [Option]
  var arguments: [Argument]
  var subcommands: [Subcommand]
  var version: String?
}
