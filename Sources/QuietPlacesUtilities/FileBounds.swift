/// The ranges a number read from a file (a save, a device bundle, the App Store account) must fall
/// in before anything computes with it, so that no file can make an addition overflow or a date
/// leave the calendar.
///
/// A loader checks each number against these and refuses the whole file with one sentence naming
/// the field, the range and the value; nothing read is half applied.
public enum FileBounds {
  /// The largest transaction ID an account gives out and a file may hold: 10^15, so that every ID
  /// and the one after it are exact integers however they are stored or added to.
  public static let largestTransactionID: UInt64 = 1_000_000_000_000_000

  /// Transaction IDs a save's ledger, a bundle or an account may hold: 1 to 10^15.
  public static let transactionIDs: ClosedRange<UInt64> = 1...largestTransactionID

  /// The last instant a file may hold: 9999-12-31T23:59:59Z, in seconds since 1970.
  public static let latestInstant: Int64 = 253_402_300_799

  /// Instants (seconds since 1970, UTC) a file may hold, the save clock's range: 1970-01-01 to the
  /// end of 9999.
  public static let instants: ClosedRange<Int64> = 0...latestInstant

  /// Why `id`, read as `field`, is not a transaction ID, or `nil` when it is one.
  public static func transactionIDProblem(_ id: UInt64, field: String) -> String? {
    transactionIDs.contains(id) ? nil : "'\(field)' must be a transaction ID from 1 to 1e15, not \(id)"
  }

  /// Why `seconds`, read as `field`, is not an instant a file may hold, or `nil` when it is one.
  public static func instantProblem(_ seconds: Int64, field: String) -> String? {
    instants.contains(seconds)
      ? nil : "'\(field)' must be 0 (1970) to \(latestInstant) (the end of 9999), not \(seconds)"
  }
}
