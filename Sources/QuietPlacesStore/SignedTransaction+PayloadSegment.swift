import QuietPlacesStoreKit

extension SignedTransaction {
  /// The payload part of the JWS: equal for two signings of the same transaction at the same
  /// instant, whatever their (randomised) signatures.
  var payloadSegment: Substring {
    // Found by its dots in the UTF-8 bytes: the header before it holds a whole certificate.
    let token = jwsRepresentation
    let bytes = token.utf8
    guard let first = bytes.firstIndex(of: UInt8(ascii: ".")) else { return "" }
    let start = bytes.index(after: first)
    let end = bytes[start...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
    return token[start..<end]
  }
}
