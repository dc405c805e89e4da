/// Characters that word processors, chat apps and web pages put where a command line's ASCII was
/// typed: the dashes that `--` and `-` become, the ellipsis that `...` becomes, curly quotes. A
/// value holding one looks right in an error (`--seeds '1–100' … such as --seeds 1-100`), so the
/// errors that refuse such a value name the character and write the value in ASCII.
public enum Lookalike {
  /// Each character, what it is called, and what was most likely typed.
  private static let table: [Character: (name: String, ascii: String)] = [
    "\u{2010}": ("a hyphen (U+2010)", "-"),
    "\u{2011}": ("a non-breaking hyphen (U+2011)", "-"),
    "\u{2012}": ("a figure dash (U+2012)", "-"),
    "\u{2013}": ("an en dash (U+2013)", "-"),
    "\u{2014}": ("an em dash (U+2014)", "-"),
    "\u{2015}": ("a horizontal bar (U+2015)", "-"),
    "\u{2212}": ("a minus sign (U+2212)", "-"),
    "\u{2026}": ("an ellipsis (U+2026)", ".."),
    "\u{2018}": ("a curly quote (U+2018)", "'"),
    "\u{2019}": ("a curly quote (U+2019)", "'"),
    "\u{201C}": ("a curly quote (U+201C)", "\""),
    "\u{201D}": ("a curly quote (U+201D)", "\""),
  ]

  /// The first such character of `text` and its name, if it holds one.
  public static func first(in text: String) -> (character: Character, name: String)? {
    guard let character = text.first(where: { table[$0] != nil }), let entry = table[character] else {
      return nil
    }
    return (character, entry.name)
  }

  /// `text` in ASCII: each such character replaced by what was most likely typed; with `asOption`,
  /// a dash that starts the text becomes `--`, since that is what turns into one (`—format` →
  /// `--format`).
  public static func ascii(_ text: String, asOption: Bool = false) -> String {
    var result = ""
    for (index, character) in text.enumerated() {
      guard let entry = table[character] else {
        result.append(character)
        continue
      }
      result += asOption && index == 0 && entry.ascii == "-" ? "--" : entry.ascii
    }
    return result
  }

  /// What the first such character of `text` is and what it stands for (`'−' is a minus sign
  /// (U+2212), which word processors, chats and web pages put for -`); `nil` when it holds none.
  /// An error whose own words are right for the value ends with it, so the value that prints like
  /// the right one is explained.
  public static func naming(in text: String, asOption: Bool = false) -> String? {
    guard let (character, name) = first(in: text), let meant = table[character]?.ascii else { return nil }
    let typed = asOption && text.first == character && meant == "-" ? "--" : meant
    return "'\(character)' is \(name), which word processors, chats and web pages put for \(typed)"
  }

  /// The clause an error ends with when `text` holds such a character: what it is, and `text` in
  /// ASCII (``ascii(_:asOption:)``), as `fixed` shows it (`--seeds 1-100`); `nil` when it holds none.
  public static func note(for text: String, asOption: Bool = false, fixed: (String) -> String = { $0 })
    -> String?
  {
    guard let naming = naming(in: text, asOption: asOption) else { return nil }
    return "\(naming); write \(fixed(ascii(text, asOption: asOption)))"
  }
}
