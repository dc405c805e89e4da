import Foundation
import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesJWS
import QuietPlacesStore
import QuietPlacesStoreKit
import Testing

private let root = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private let tokens: [[UInt8]] = [
  "0", "-1", "1e308", "1e309", "-0", "9223372036854775807", "9223372036854775808", "18446744073709551616",
  "null", "true", "\"\"", "[]", "{}", "\"x\"", "0.5", ",", ":", "\"", "{", "}", "[", "]", "NaN", "\u{0}", "é",
].map { Array($0.utf8) }

/// Mutates JSON bytes: replace, insert or delete a byte, cut the tail, or splice in a JSON token.
private func mutate(_ bytes: [UInt8], _ g: inout SplitMix64) -> [UInt8] {
  var result = bytes
  for _ in 0..<Int.random(in: 1...3, using: &g) where !result.isEmpty {
    let position = Int.random(in: 0..<result.count, using: &g)
    switch Int.random(in: 0..<6, using: &g) {
    case 0: result[position] = UInt8.random(in: 0...255, using: &g)
    case 1: result.insert(UInt8.random(in: 0x20...0x7E, using: &g), at: position)
    case 2: result.remove(at: position)
    case 3: result = Array(result.prefix(position))
    default:
      // Replace a number or literal with a token: the structure survives, the values go wrong.
      var end = position
      while end < result.count, !",}]".utf8.contains(result[end]) { end += 1 }
      var start = position
      while start > 0, !":[,".utf8.contains(result[start - 1]) { start -= 1 }
      result.replaceSubrange(start..<end, with: tokens.randomElement(using: &g)!)
    }
  }
  return result
}

/// Fuzzers for the files the app reads from outside: saves, `.storekit` files, signed transactions.
@Suite struct LoaderFuzzTests {
  @Test func saveDecoderRefusesDamagedSavesWithAReason() throws {
    let rules = try Rules.load(configurationDirectory: root.appendingPathComponent("Configuration"))
    var game = GameState(seed: 9, clock: rules.startClock, rules: rules)
    _ = try game.apply(.advance(seconds: 86_400), rules: rules)
    game.grant(.signal)
    var ledger = TransactionLedger()
    ledger.record(.init(id: 1, product: .marks100))
    ledger.record(.init(id: 2, product: .signal))
    let valid = Array(try SaveCodec.encode(AppSave(game: game, ledger: ledger)))
    var g = SplitMix64(seed: 0xF022_0101)
    let inputs = 100_000
    var accepted = 0
    var failures: [String] = []
    for index in 0..<inputs {
      let bytes: [UInt8]
      if index % 10 == 9 {
        // Random JSON-ish text from tokens.
        bytes = (0..<Int.random(in: 0...12, using: &g)).flatMap { _ in tokens.randomElement(using: &g)! }
      } else {
        bytes = mutate(valid, &g)
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
        case .writeFailed:
          failures.append("a read reported a write failure")
        }
      }
    }
    print("fuzz save loader: \(inputs) inputs, \(accepted) accepted, failures = \(failures.count)")
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }

  @Test func storeKitLoaderRefusesDamagedFilesWithAReason() throws {
    let valid = Array(try Data(contentsOf: root.appendingPathComponent("Configuration/QuietPlaces.storekit")))
    var g = SplitMix64(seed: 0xF022_0102)
    let inputs = 100_000
    var accepted = 0
    var failures = 0
    for _ in 0..<inputs {
      do {
        _ = try StoreKitConfiguration.parse(Data(mutate(valid, &g)), path: "fuzz.storekit")
        accepted += 1
      } catch {
        // A refused file: at least one problem, each one line, at most 20 listed.
        let problems = error.problems
        if problems.isEmpty || problems.count > StoreKitConfiguration.maximumProblems
          || problems.contains(where: { $0.description.contains("\n") || $0.line < 1 || $0.column < 1 })
        {
          failures += 1
        }
      }
    }
    print("fuzz .storekit loader: \(inputs) inputs, \(accepted) accepted, failures = \(failures)")
    #expect(failures == 0)
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
    var g = SplitMix64(seed: 0xF022_0103)
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
