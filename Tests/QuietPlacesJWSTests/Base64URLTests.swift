import Foundation
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesJWS

/// RFC 4648 §10 test vectors (unpadded; identical in both alphabets) plus vectors that
/// exercise the two characters where the url alphabet differs (`-` for `+`, `_` for `/`).
private let vectors: [(bytes: [UInt8], text: String)] = [
  (Array("".utf8), ""),
  (Array("f".utf8), "Zg"),
  (Array("fo".utf8), "Zm8"),
  (Array("foo".utf8), "Zm9v"),
  (Array("foob".utf8), "Zm9vYg"),
  (Array("fooba".utf8), "Zm9vYmE"),
  (Array("foobar".utf8), "Zm9vYmFy"),
  ([0xFB, 0xEF, 0xBE], "----"),
  ([0xFF, 0xFF, 0xFF], "____"),
  ([0xFB, 0xFF], "-_8"),
  ([0x00], "AA"),
  ([0x00, 0x00, 0x00, 0x00], "AAAAAA"),
]

@Test(arguments: vectors.indices)
func base64URLEncodesRFC4648Vectors(index: Int) {
  #expect(Base64URL.encode(vectors[index].bytes) == vectors[index].text)
}

@Test(arguments: vectors.indices)
func base64URLDecodesRFC4648Vectors(index: Int) throws {
  #expect(try Base64URL.decode(vectors[index].text) == Data(vectors[index].bytes))
}

@Test(arguments: [
  ("Zg==", Base64URL.DecodingError.invalidCharacter(offset: 2)),
  ("Zm9v+A", .invalidCharacter(offset: 4)),
  ("Zm9v/A", .invalidCharacter(offset: 4)),
  (" Zg", .invalidCharacter(offset: 0)),
  ("Zg\n", .invalidCharacter(offset: 2)),
  ("Zé", .invalidCharacter(offset: 1)),
  ("Z", .invalidLength(1)),
  ("Zm9vY", .invalidLength(5)),
  ("Zh", .nonZeroTrailingBits),
  ("Zm9", .nonZeroTrailingBits),
])
func base64URLRejectsNonCanonicalText(text: String, expected: Base64URL.DecodingError) {
  #expect(throws: expected) { try Base64URL.decode(text) }
}

@Test func base64URLRoundTripsRandomBytesAndRandomTextIsCanonicalOrRejected() {
  var generator = SeededGenerator(seed: 0xB64)
  for _ in 0..<2_000 {
    let bytes = (0..<Int.random(in: 0...70, using: &generator)).map { _ in
      UInt8.random(in: 0...255, using: &generator)
    }
    #expect((try? Base64URL.decode(Base64URL.encode(bytes))) == Data(bytes))
  }
  let characters = Array("ABCXYZabcxyz0189-_+/=. \u{00E9}")
  for _ in 0..<5_000 {
    let text = String(
      (0..<Int.random(in: 0...12, using: &generator)).map { _ in characters.randomElement(using: &generator)!
      })
    if let decoded = try? Base64URL.decode(text) {
      #expect(Base64URL.encode(decoded) == text)
    }
  }
}
