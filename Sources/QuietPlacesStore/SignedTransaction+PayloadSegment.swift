import QuietPlacesStoreKit

extension SignedTransaction {
  /// The payload part of the JWS: equal for two signings of the same transaction at the same
  /// instant, whatever their (randomised) signatures.
  var payloadSegment: Substring {
    jwsRepresentation.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first ?? ""
  }
}
