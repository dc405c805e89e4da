import Foundation
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesJWS

private func hex(_ text: String) -> Data {
  var bytes: [UInt8] = []
  var index = text.startIndex
  while index < text.endIndex {
    let next = text.index(index, offsetBy: 2)
    bytes.append(UInt8(text[index..<next], radix: 16)!)
    index = next
  }
  return Data(bytes)
}

private func coordinate(_ prefix: [UInt8], fill: UInt8 = 0x11) -> [UInt8] {
  prefix + [UInt8](repeating: fill, count: 32 - prefix.count)
}

/// Raw `r‖s` pairs and the DER each must become: high bits set (a zero byte is added),
/// leading zero bytes (they are dropped), zero, and the largest values.
private let conversions: [(r: [UInt8], s: [UInt8], der: String)] = [
  (
    coordinate([0x80]), coordinate([0x7F]),
    "3045" + "022100" + "80" + String(repeating: "11", count: 31) + "0220" + "7f"
      + String(repeating: "11", count: 31)
  ),
  (
    coordinate([0x00, 0x00, 0x01]), coordinate([0x00, 0x80]),
    "3042" + "021e" + "01" + String(repeating: "11", count: 29) + "0220" + "0080"
      + String(repeating: "11", count: 30)
  ),
  ([UInt8](repeating: 0, count: 32), [UInt8](repeating: 0, count: 31) + [0x01], "3006020100020101"),
  (
    [UInt8](repeating: 0xFF, count: 32), [UInt8](repeating: 0, count: 31) + [0x80],
    "3027" + "022100" + String(repeating: "ff", count: 32) + "02020080"
  ),
]

@Test(arguments: conversions.indices)
func rawSignatureConvertsToMinimalDERAndBack(index: Int) throws {
  let (r, s, der) = conversions[index]
  let signature = try ES256Signature(rawRepresentation: Data(r + s))
  #expect(signature.derRepresentation == hex(der))
  #expect(try ES256Signature(derRepresentation: hex(der)).rawRepresentation == Data(r + s))
}

@Test(arguments: [
  ("", "does not start with a SEQUENCE"),
  ("3106020100020101", "does not start with a SEQUENCE"),
  ("3007020100020101", "sequence length"),
  ("30080201000201010000", "bytes after s"),
  ("30820006020100020101", "sequence length"),
  ("300602010002010100", "sequence length"),
  ("30060201000201", "sequence length"),
  ("3006020180020101", "INTEGER r is negative"),
  ("300702020001020101", "INTEGER r is not minimally encoded"),
  ("3006020100030101", "no INTEGER s"),
  ("3003020100", "no INTEGER s"),
  ("3009020100020101020100", "bytes after s"),
  ("3006020000020100", "INTEGER r has length 0"),
  ("3027" + "0222" + "0001" + String(repeating: "00", count: 32) + "020101", "INTEGER r has length 34"),
  ("3026" + "022101" + String(repeating: "00", count: 32) + "020101", "longer than 32 bytes"),
])
func derSignatureRejectsMalformedEncodings(der: String, message: String) {
  do {
    _ = try ES256Signature(derRepresentation: hex(der))
    Issue.record("accepted \(der)")
  } catch {
    guard case .invalidSignatureEncoding(let detail) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(detail.contains(message), "\(detail)")
  }
}

@Test(arguments: [0, 1, 63, 65, 128])
func rawSignatureMustBe64Bytes(count: Int) {
  #expect(throws: ES256Error.self) { try ES256Signature(rawRepresentation: Data(count: count)) }
}

@Test func derConversionNeverCrashesOnRandomBytes() {
  var generator = SeededGenerator(seed: 0xDE5)
  for _ in 0..<10_000 {
    var bytes = (0..<Int.random(in: 0...80, using: &generator)).map { _ in
      UInt8.random(in: 0...255, using: &generator)
    }
    if bytes.count > 2, Bool.random(using: &generator) {
      // Make the framing plausible so the integer parsing is reached.
      bytes[0] = 0x30
      bytes[1] = UInt8(bytes.count - 2)
      bytes[2] = 0x02
    }
    if let signature = try? ES256Signature(derRepresentation: Data(bytes)) {
      // Only the canonical form is accepted, so it must re-encode to the same bytes.
      #expect(signature.derRepresentation == Data(bytes))
    }
  }
}

@Test func signaturesAlwaysConvertThroughLibcryptoAndVerify() throws {
  let key = try ES256PrivateKey()
  for index in 0..<200 {
    let message = Data("message \(index)".utf8)
    let signature = try key.signature(for: message)
    #expect(signature.rawRepresentation.count == 64)
    #expect(try ES256Signature(derRepresentation: signature.derRepresentation) == signature)
    #expect(key.publicKey.isValidSignature(signature, for: message))
    #expect(!key.publicKey.isValidSignature(signature, for: Data("other \(index)".utf8)))
  }
}
