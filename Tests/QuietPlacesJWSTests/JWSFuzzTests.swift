import Foundation
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesJWS

private let tokenAlphabet = Array(
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.+/= \n{}\"\u{0}é🙂")

@Test func verifyRejectsTenThousandRandomStrings() throws {
  let key = try ES256PrivateKey()
  var generator = SeededGenerator(seed: 0x5EED_0001)
  for _ in 0..<10_000 {
    let length = Int.random(in: 0...300, using: &generator)
    let text = String((0..<length).map { _ in tokenAlphabet.randomElement(using: &generator)! })
    guard case .failure = JWS.verify(text, publicKey: key.publicKey) else {
      Issue.record("accepted random text \(text.debugDescription)")
      return
    }
    _ = try? JWS.unverifiedPayload(of: text)
    _ = try? JWS.unverifiedHeader(of: text)
  }
}

@Test func verifyRejectsMutatedValidTokens() throws {
  let key = try ES256PrivateKey()
  let other = try ES256PrivateKey()
  let payload = Data(#"{"transactionId":"7","productId":"com.gallaxgames.quietplaces.hold"}"#.utf8)
  let valid = try JWS.sign(payload: payload, key: key, certificateChain: ["MIIBfake"])
  let foreign = try JWS.sign(payload: payload, key: other, certificateChain: [])
  var generator = SeededGenerator(seed: 0x5EED_0002)
  for _ in 0..<5_000 {
    var characters = Array(valid)
    for _ in 0..<Int.random(in: 1...4, using: &generator) where !characters.isEmpty {
      let position = Int.random(in: 0..<characters.count, using: &generator)
      switch Int.random(in: 0..<5, using: &generator) {
      case 0: characters[position] = tokenAlphabet.randomElement(using: &generator)!
      case 1: characters.insert(tokenAlphabet.randomElement(using: &generator)!, at: position)
      case 2: if characters.count > 1 { characters.remove(at: position) }
      case 3: characters = Array(characters.prefix(position))
      default:
        // Splice in the foreign token's tail: a valid signature by the wrong key.
        let cut = Int.random(in: 0..<foreign.count, using: &generator)
        characters = Array(characters.prefix(position)) + Array(foreign.dropFirst(cut))
      }
    }
    let mutated = String(characters)
    if case .success = JWS.verify(mutated, publicKey: key.publicKey) {
      #expect(mutated == valid, "accepted mutated token \(mutated)")
    }
  }
}

@Test func keyAndSignatureParsersRejectRandomBytes() {
  var generator = SeededGenerator(seed: 0x5EED_0003)
  for _ in 0..<2_000 {
    let bytes = Data(
      (0..<Int.random(in: 0...140, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator)
      })
    #expect(throws: ES256Error.self) { try ES256PrivateKey(pkcs8DERRepresentation: bytes) }
    var point = bytes.prefix(65)
    if point.count == 65 { point[point.startIndex] = 0x04 }
    #expect(throws: ES256Error.self) { try ES256PublicKey(x963Representation: point) }
  }
}
