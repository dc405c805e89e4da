import QuietPlacesStoreKit
import QuietPlacesUtilities

/// Tokens signed with one key, by the payload they carry: shared by the stores made from one
/// account (a factory's devices in memory), so that a payload signed for one device is not signed
/// again for the next.
///
/// A token is a pure function of its payload and the key, up to the signature's random nonce, and
/// either signature verifies: handing the same token to another device of the same key is what
/// signing again would give, minus the cost (each purchase a lab run owns from the start is the
/// same payload in every run). At most ``limit`` are kept; all are forgotten when it is reached.
public final class SignedTokens: Sendable {
  /// The most tokens kept.
  public static let limit = 1_024

  private let tokens = BoundedCache<Transaction, SignedTransaction>(limit: limit)

  /// An empty set of tokens.
  public init() {}

  /// The token signed for `payload`, if one was.
  subscript(payload: Transaction) -> SignedTransaction? {
    get { tokens[payload] }
    set { tokens[payload] = newValue }
  }
}
