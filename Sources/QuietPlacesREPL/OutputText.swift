/// How the simulate mode writes an error line.
enum OutputText {
  static func error(_ message: String) -> String { "error: " + message }
}
