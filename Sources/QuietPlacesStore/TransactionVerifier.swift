import FoundationEssentials
import QuietPlacesJWS
import QuietPlacesStoreKit

/// A transaction after the app checked its signature, as StoreKit's `VerificationResult`.
public enum VerificationResult: Sendable, Equatable {
  /// The signature is the store's and the payload decodes.
  case verified(Transaction)
  /// Not to be trusted, and why; the payload, where it decodes at all, is only for the log.
  case unverified(Transaction?, reason: JWSError)
}

/// Checks a signed transaction with the store's public key and decodes its payload.
public struct TransactionVerifier: Sendable {
  /// The key the store signs with.
  public let publicKey: ES256PublicKey

  public init(publicKey: ES256PublicKey) {
    self.publicKey = publicKey
  }

  /// Verifies the signature, then decodes the payload.
  public func verify(_ signed: SignedTransaction) -> VerificationResult {
    switch JWS.verify(signed.jwsRepresentation, publicKey: publicKey) {
    case .success(let payload):
      guard let transaction = Self.decode(payload) else {
        return .unverified(nil, reason: .invalidEncoding("the payload is not a transaction"))
      }
      return .verified(transaction)
    case .failure(let error):
      let payload = try? JWS.unverifiedPayload(of: signed.jwsRepresentation)
      return .unverified(payload.flatMap(Self.decode), reason: error)
    }
  }

  private static func decode(_ payload: Data) -> Transaction? {
    try? JSONDecoder().decode(Transaction.self, from: payload)
  }
}
