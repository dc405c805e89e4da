/// `storekit check FILE…`: the report of `quietplaces storekit check` inside a session, so that a
/// golden script can show it. Relative paths in a script are read from the script's folder.
///
/// The last line, the count, is an error when a file was refused or has type mismatches: the
/// command then fails, as the executable exits 1.
struct StoreKitCommand: REPLCommand {
  static let name = "storekit"
  static let usage = ["storekit check FILE..."]
  static let summary =
    "check Xcode StoreKit files: what loads, every problem at its line, type mismatches, what is ignored"
  static let topic = HelpTopic.files

  /// The files as the user gave them.
  let files: [String]

  init(parsing arguments: [String]) throws(CommandError) {
    guard arguments.first?.lowercased() == "check", arguments.count >= 2 else { throw Self.usageError() }
    files = Array(arguments.dropFirst())
  }

  static func completion(after words: [String]) -> ArgumentCompletion {
    words.isEmpty ? .words(["check"]) : .files
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let check = StoreKitCheck(formats: session.environment.storeKit.priceFormats)
    let (lines, summary) = check.check(files, locate: session.fileURL)
    guard summary.failed else { return (lines + [summary.description]).map(OutputLine.info) }
    return lines.map(OutputLine.info) + [.error(.storeKitCheck(summary))]
  }
}
