/// A transaction as it travels from the store: its JWS compact serialization, unverified.
public struct SignedTransaction: Sendable, Equatable, Hashable {
  /// `header.payload.signature`, ES256.
  public var jwsRepresentation: String

  public init(jwsRepresentation: String) {
    self.jwsRepresentation = jwsRepresentation
  }
}
