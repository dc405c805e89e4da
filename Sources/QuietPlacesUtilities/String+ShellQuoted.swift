extension String {
  /// The characters a word keeps unquoted on a shell's command line: no POSIX shell, bash or zsh
  /// reads any of them specially (`[`, `]`, `*`, `?` are globs, `~` a home, `!` history, `^` a zsh glob).
  private static let plainInShell = Set(
    "abcdefghijklmnopqrstuvwxyz" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ" + "0123456789" + "-_./:=,+@%")

  /// The text as one word of a shell command line, which the shell reads back as exactly this text:
  /// as it is when every character is plain (and it does not start with `=`, which zsh expands), else
  /// in single quotes, each `'` written `'\''`; `''` for no text. `Kelp Shallows` → `'Kelp Shallows'`.
  public var shellQuoted: String {
    if !isEmpty, first != "=", allSatisfy(Self.plainInShell.contains) { return self }
    return "'" + replacing("'", with: "'\\''") + "'"
  }
}
