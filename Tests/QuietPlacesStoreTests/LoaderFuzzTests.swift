import Foundation
import QuietPlacesGame
import QuietPlacesJWS
import QuietPlacesStore
import QuietPlacesStoreKit
import QuietPlacesTestSupport
import Testing

/// Fuzzers for what the app reads from outside: saves and signed transactions.
@Suite struct LoaderFuzzTests {
  @Test func saveDecoderRefusesDamagedSavesWithAReason() throws {
    var game = newGame(seed: 9)
    _ = try game.apply(.advance(seconds: 86_400), rules: rules)
    game.grant(.signal)
    let valid = Array(try SaveCodec.encode(.of(game, delivered: [(1, .marks100), (2, .signal)])))
    var g = SeededGenerator(seed: 0xF022_0101)
    let inputs = 100_000
    var accepted = 0
    var failures: [String] = []
    for index in 0..<inputs {
      let bytes: [UInt8]
      if index % 10 == 9 {
        // Random JSON-ish text from tokens.
        bytes = JSONMutator.tokenSoup(&g)
      } else {
        bytes = JSONMutator.mutate(valid, &g)
      }
      do {
        let save = try SaveCodec.decode(Data(bytes), file: "save.json", rules: rules)
        accepted += 1
        // Whatever is accepted can be run: a step and a state read never trap or leave a NaN.
        var state = save.game
        _ = try? state.apply(.advance(seconds: 3_600), rules: rules)
        if !state.discoveries.isFinite || !state.progress.isFinite {
          failures.append("an accepted save went non-finite: \(String(decoding: bytes, as: UTF8.self))")
        }
      } catch {
        switch error {
        case .unreadable(let file, let reason, _):
          if file != "save.json" || reason.isEmpty || reason.contains("\n") {
            failures.append("reason \(reason.debugDescription)")
          }
        case .unsupportedFormat(_, let format, _, let writer):
          if format <= AppSave.currentFormat || (writer?.contains("\n") ?? false) {
            failures.append("unsupported format \(format)")
          }
        case .writeFailed, .deleteFailed:
          failures.append("a read reported a write failure")
        }
      }
    }
    print("fuzz save loader: \(inputs) inputs, \(accepted) accepted, failures = \(failures.count)")
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }

  @Test func transactionVerifierAcceptsOnlyTheStoresSignature() throws {
    let key = try ES256PrivateKey()
    let verifier = TransactionVerifier(publicKey: key.publicKey)
    let transaction = Transaction(
      transactionId: 7, originalTransactionId: 7, bundleId: ProductID.bundleID,
      productId: ProductID.hold.fullID, purchaseDate: 1_767_603_600_000, type: "Non-Consumable",
      signedDate: 1_767_603_600_000, storefront: "GBR")
    let payload = try JSONEncoder().encode(transaction)
    let valid = try JWS.sign(payload: payload, key: key, certificateChain: [])
    #expect(verifier.verify(SignedTransaction(jwsRepresentation: valid)) == .verified(transaction))
    let characters = Array(valid)
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ é")
    var g = SeededGenerator(seed: 0xF022_0103)
    let inputs = 100_000
    var accepted = 0
    var failures = 0
    for index in 0..<inputs {
      var mutated = characters
      if index % 4 == 0 {
        // Damage the signature only (a real ECDSA check, which must fail).
        let position = Int.random(in: (mutated.count - 20)..<mutated.count, using: &g)
        mutated[position] = alphabet.randomElement(using: &g)!
      } else {
        for _ in 0..<Int.random(in: 1...3, using: &g) where !mutated.isEmpty {
          let position = Int.random(in: 0..<mutated.count, using: &g)
          switch Int.random(in: 0..<3, using: &g) {
          case 0: mutated[position] = alphabet.randomElement(using: &g)!
          case 1: mutated.remove(at: position)
          default: mutated = Array(mutated.prefix(position))
          }
        }
      }
      let text = String(mutated)
      if case .verified = verifier.verify(SignedTransaction(jwsRepresentation: text)) {
        accepted += 1
        if text != valid, (try? JWS.verifiedPayload(of: text, publicKey: key.publicKey)) != payload {
          failures += 1
        }
      }
    }
    print(
      "fuzz JWS/transaction verifier: \(inputs) inputs, \(accepted) accepted unchanged, failures = \(failures)"
    )
    #expect(failures == 0)
  }
}
