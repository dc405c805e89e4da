import COpenSSL
import FoundationEssentials

/// A self-signed X.509 certificate for an ES256 key, for a JWS header's `x5c`.
///
/// Xcode's local StoreKit testing signs transactions with a local certificate
/// rather than Apple's chain; the simulated store does the same with this one.
/// Verification here trusts the store's public key, not this certificate.
public struct SelfSignedCertificate: Sendable, Hashable {
  /// The certificate in DER form.
  public let derRepresentation: Data

  /// The DER form in standard base64 with padding, as an `x5c` entry holds it.
  public var base64EncodedString: String { derRepresentation.base64EncodedString() }

  /// Makes and signs (ECDSA P-256 / SHA-256) a version 3 certificate whose subject and issuer
  /// are `commonName`, valid for `validityDays` days from `notBefore`.
  public init(
    key: ES256PrivateKey,
    commonName: String = "Quiet Places Local StoreKit Testing",
    serialNumber: Int = 1,
    notBefore: Date,
    validityDays: Int = 365
  ) throws(ES256Error) {
    guard !commonName.isEmpty, commonName.utf8.count <= 64, !commonName.utf8.contains(0) else {
      throw .cryptoFailure("common name must be 1 to 64 UTF-8 bytes without NUL")
    }
    guard serialNumber > 0, serialNumber <= Int(Int32.max) else {
      throw .cryptoFailure("serial number must be between 1 and \(Int32.max)")
    }
    guard (1...36_500).contains(validityDays) else {
      throw .cryptoFailure("validity must be between 1 and 36500 days")
    }
    let seconds = notBefore.timeIntervalSince1970.rounded(.down)
    guard seconds.isFinite, seconds >= 0, seconds < 253_402_300_799 - Double(validityDays) * 86_400 else {
      throw .cryptoFailure("notBefore must fall between 1970 and 9999")
    }
    let evp = key.evpKey
    guard
      let certificate = qp_self_signed_certificate(
        evp.pointer, commonName, CLong(serialNumber), Int64(seconds), Int32(validityDays))
    else {
      throw .cryptoFailure("could not make the certificate")
    }
    defer { X509_free(certificate) }
    guard let der = EVPKey.serialize({ qp_certificate_der(certificate, $0, $1) }) else {
      throw .cryptoFailure("could not encode the certificate")
    }
    self.derRepresentation = der
  }
}
