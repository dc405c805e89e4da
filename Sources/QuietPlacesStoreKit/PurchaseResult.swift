/// What a purchase sheet ended in.
public enum PurchaseResult: Sendable, Equatable {
  /// Paid: the transaction still has to be verified, delivered and finished.
  case success(SignedTransaction)
  /// The user cancelled the sheet.
  case userCancelled
  /// Waiting for approval (Ask to Buy); an approved purchase arrives through `updates`.
  case pending
}
