/// A question a command asked (`buy supplies`, buying a sail colour, `fresh-voyage`); the next line
/// answers it. `y` or `yes` runs ``confirmed(in:)``; any other answer cancels and changes nothing.
protocol PendingQuestion: Sendable {
  /// Does what was asked, now that it is confirmed.
  func confirmed(in session: Session) async throws(CommandError) -> [OutputLine]
}
