import COpenSSL
import Foundation
import Testing

@testable import QuietPlacesJWS

/// A new key's PKCS#8 form and a certificate's public key are built without libcrypto's encoder,
/// and are byte for byte what that encoder writes.
struct KeyEncodingTests {
  @Test func aNewKeysPKCS8IsWhatLibcryptosEncoderWrites() throws {
    for _ in 0..<20 {
      let key = try ES256PrivateKey()
      let pointer = key.evpKey.pointer
      let encoded = try #require(EVPKey.serialize { qp_private_to_pkcs8(pointer, $0, $1) })
      #expect(key.pkcs8DERRepresentation == encoded)
      #expect(key.pkcs8DERRepresentation.count == Int(QP_P256_PKCS8_SIZE))
      // And it reads back as the same key.
      let read = try ES256PrivateKey(pkcs8DERRepresentation: encoded)
      #expect(read.publicKey == key.publicKey)
    }
  }

  @Test func aCertificatesPublicKeyIsWhatLibcryptosEncoderWrites() throws {
    for _ in 0..<10 {
      let key = try ES256PrivateKey()
      let certificate = try SelfSignedCertificate(
        key: key, notBefore: Date(timeIntervalSince1970: 0), validityDays: 36_500)
      let pointer = key.evpKey.pointer
      let spki = try #require(EVPKey.serialize { qp_public_key_spki(pointer, $0, $1) })
      let parsed = try #require(
        certificate.derRepresentation.withUnsafeBytes { raw -> OpaquePointer? in
          var cursor = raw.bindMemory(to: UInt8.self).baseAddress
          return d2i_X509(nil, &cursor, raw.count)
        })
      defer { X509_free(parsed) }
      let publicKey = try #require(X509_get_X509_PUBKEY(parsed))
      let written = try #require(
        EVPKey.serialize { out, capacity in
          let length = Int(i2d_X509_PUBKEY(publicKey, nil))
          guard out != nil, length <= capacity else { return length }
          var cursor = out
          return Int(i2d_X509_PUBKEY(publicKey, &cursor))
        })
      #expect(written == spki)
      // The certificate's own signature holds under the key.
      #expect(X509_verify(parsed, pointer) == 1)
    }
  }
}
