/// The command a report shows: `quietplaces` and the arguments as given, quoted where a shell would
/// need it, without `--jobs` (results never depend on it, so the same sweep gives the same page).
enum ReportCommand {
  static func text(_ arguments: [String]) -> String {
    var shown: [String] = []
    var skipNext = false
    for argument in arguments {
      if skipNext {
        skipNext = false
        continue
      }
      if argument == "--jobs" || argument == "-j" {
        skipNext = true
        continue
      }
      if argument.hasPrefix("--jobs=") { continue }
      shown.append(quoted(argument))
    }
    return (["quietplaces"] + shown).joined(separator: " ")
  }

  /// `argument`, in single quotes when it holds anything but letters, digits and `-_.,:/=+@%`.
  static func quoted(_ argument: String) -> String {
    let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,:/=+@%")
    if !argument.isEmpty && argument.allSatisfy(plain.contains) { return argument }
    return "'" + argument.replacing("'", with: "'\\''") + "'"
  }
}
