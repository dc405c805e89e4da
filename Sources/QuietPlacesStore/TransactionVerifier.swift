import FoundationEssentials
import QuietPlacesJWS
import QuietPlacesStoreKit
import QuietPlacesUtilities

/// A transaction after the app checked its signature, as StoreKit's `VerificationResult`.
public enum VerificationResult: Sendable, Equatable {
  /// The signature is the store's and the payload decodes.
  case verified(Transaction)
  /// Not to be trusted, and why; the payload, where it decodes at all, is only for the log.
  case unverified(Transaction?, reason: JWSError)
}

/// Checks a signed transaction with the store's public key and decodes its payload.
///
/// Verification is a pure function of the token's bytes and the key, so the transactions of
/// tokens that verified are kept, by their whole compact serialization: the same token handed
/// out again (an entitlement at every launch) is the same verified transaction, without checking
/// the signature and decoding the payload again. Copies of a verifier share what it kept.
public struct TransactionVerifier: Sendable {
  /// The key the store signs with.
  public let publicKey: ES256PublicKey
  /// Transactions of tokens that verified with ``publicKey``, by token.
  private let verified = VerifiedTokens()

  public init(publicKey: ES256PublicKey) {
    self.publicKey = publicKey
  }

  /// Verifies the signature, then decodes the payload.
  public func verify(_ signed: SignedTransaction) -> VerificationResult {
    if let transaction = verified[signed.jwsRepresentation] { return .verified(transaction) }
    switch JWS.verify(signed.jwsRepresentation, publicKey: publicKey) {
    case .success(let payload):
      guard let transaction = Self.decode(payload) else {
        return .unverified(nil, reason: .invalidEncoding("the payload is not a transaction"))
      }
      verified[signed.jwsRepresentation] = transaction
      return .verified(transaction)
    case .failure(let error):
      let payload = try? JWS.unverifiedPayload(of: signed.jwsRepresentation)
      return .unverified(payload.flatMap(Self.decode), reason: error)
    }
  }

  private static func decode(_ payload: Data) -> Transaction? {
    try? StrictJSONDecoder.decodeDeferring(Transaction.self, from: payload)
  }
}

/// The transactions of tokens that verified, by token; at most ``limit`` are kept (all are
/// forgotten when it is reached, and verified again when they come back).
///
/// A token is found by its length and its last 16 bytes (the end of its signature), then compared
/// whole: hashing the whole token with its certificate chain, at every launch, for each
/// entitlement, cost far more.
final class VerifiedTokens: Sendable {
  /// The most tokens kept.
  static let limit = 256

  /// Where a token is looked for: its length in UTF-8 and its last 16 bytes.
  private struct Key: Hashable {
    var count: Int
    var tail: UInt64
    var beforeTail: UInt64
  }

  /// A token kept, whole, with its transaction.
  private struct Kept: Sendable {
    var token: String
    var transaction: Transaction
  }

  private let tokens = BoundedCache<Key, Kept>(limit: limit)

  subscript(token: String) -> Transaction? {
    get {
      guard let kept = tokens[Self.key(of: token)], kept.token == token else { return nil }
      return kept.transaction
    }
    set { tokens[Self.key(of: token)] = newValue.map { Kept(token: token, transaction: $0) } }
  }

  private static func key(of token: String) -> Key {
    let key = token.utf8.withContiguousStorageIfAvailable { bytes in
      var tail: (UInt64, UInt64) = (0, 0)
      let count = min(16, bytes.count)
      let last = UnsafeBufferPointer(rebasing: bytes[(bytes.count - count)...])
      withUnsafeMutableBytes(of: &tail) { $0.copyMemory(from: UnsafeRawBufferPointer(last)) }
      return Key(count: bytes.count, tail: tail.1, beforeTail: tail.0)
    }
    return key ?? Key(count: token.utf8.count, tail: UInt64(UInt(bitPattern: token.hashValue)), beforeTail: 0)
  }
}
