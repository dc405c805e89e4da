import Foundation
import QuietPlacesUtilities
import Testing

/// A file that is JSON, with a number its field cannot hold, is said to be so, by the key, whichever
/// way `JSONDecoder` reports it.
@Suite struct JSONNumberRangeTests {
  struct Account: Decodable {
    struct Waiting: Decodable { var id: UInt64 }
    var nextTransactionID: UInt64
    var pending: [Waiting]
  }
  struct Game: Decodable {
    struct Inner: Decodable { var clock: Int64 }
    var format: Int
    var game: Inner
  }

  /// What `JSONNumberRange` says of `text` decoded as a `T`: from the document alone, or, `typed`,
  /// read as the type it failed to be.
  func problem<T: Decodable>(_ type: T.Type, _ text: String, typed: Bool = false) -> String? {
    let data = Data(text.utf8)
    do {
      _ = try JSONDecoder().decode(type, from: data)
      return "decoded"
    } catch {
      return typed
        ? JSONNumberRange.problem(error, in: data, decoding: type) : JSONNumberRange.problem(error, in: data)
    }
  }

  @Test func aNegativeIDIsNamedByItsKey() {
    #expect(
      problem(Account.self, #"{"nextTransactionID":4,"pending":[{"id":-5}]}"#)
        == "it is JSON, but key 'pending[0].id' is -5, and no ID, count or clock is negative")
  }

  @Test func aNumberBeyondSixtyFourBitsIsNamedByItsKey() {
    #expect(
      problem(Game.self, #"{"format":1,"game":{"clock":1000000000000000000000000000000}}"#)
        == "it is JSON, but key 'game.clock' is 1000000000000000000000000000000, beyond what a whole-number field holds"
    )
  }

  @Test func aFractionWhereAWholeNumberBelongsIsSaidWithoutAKey() {
    #expect(
      problem(Game.self, #"{"format":1,"game":{"clock":1.5}}"#)
        == "it is JSON, but a number in it does not fit its field (a fraction where a whole number belongs, or one out of range)"
    )
  }

  struct Save: Decodable {
    struct Random: Decodable { var state: UInt64 }
    struct Equipment: Decodable { var sails: Int }
    var random: Random
    var equipment: Equipment
    var ledger: [UInt64]
  }

  /// Read as its type, the number that failed is found where it stands: a fraction in a whole-number
  /// field was blamed on the first number past 2^63 (a generator state its UInt64 field holds), or
  /// on no key at all.
  @Test func readAsItsTypeTheFieldThatFailedIsNamed() {
    let big = "15755400384260043846"
    #expect(
      problem(Save.self, #"{"random":{"state":\#(big)},"equipment":{"sails":2.5},"ledger":[1]}"#, typed: true)
        == "it is JSON, but key 'equipment.sails' is 2.5, and that field holds a whole number")
    #expect(
      problem(Save.self, #"{"random":{"state":5},"equipment":{"sails":2},"ledger":[1,-3]}"#, typed: true)
        == "it is JSON, but key 'ledger[1]' is -3, and no ID, count or clock is negative")
    #expect(
      problem(Save.self, #"{"random":{"state":1e30},"equipment":{"sails":2},"ledger":[]}"#, typed: true)
        == "it is JSON, but key 'random.state' is 1e30, beyond what that field holds")
    #expect(
      problem(Save.self, #"{"random":{"state":\#(big)},"equipment":{"sails":2},"ledger":[]}"#, typed: true)
        == "decoded")
  }

  @Test func otherProblemsAreLeftToTheirOwnWords() {
    // Not JSON at all, a string for a number, a missing key: not a number's range.
    #expect(problem(Game.self, #"{"format":1,"game":{"clock":"#) == nil)
    #expect(problem(Game.self, #"{"format":1,"game":{"clock":"x"}}"#) == nil)
    #expect(problem(Game.self, #"{"format":1}"#) == nil)
    #expect(problem(Game.self, #"{"format":1,"game":{"clock":5}}"#) == "decoded")
  }

  @Test func theFirstMatchingValueComesWithItsPath() throws {
    let value = try JSONValue(parsing: #"{"a":[1,{"b":-2}],"c":-3}"#)
    let found = try #require(
      value.first { if case .number(let text) = $0 { text.hasPrefix("-") } else { false } })
    #expect(found.path == "a[1].b" && found.value == .number("-2"))
  }
}

/// The keys a reading passed over: in the file, not in what was read written back.
@Suite struct KeysPassedOverTests {
  @Test func aMistypedKeyIsFoundWithTheKeyItMeant() throws {
    let file = try JSONValue(
      parsing:
        #"{"game":{"postmark":500,"clock":3,"note":null},"ledger":[{"id":1,"prodct":"x"}],"extra":true}"#)
    let back = try JSONValue(
      parsing: #"{"game":{"postmarks":0,"clock":3},"ledger":[{"id":1,"product":"x"}]}"#)
    let found = file.keysPassedOver(by: back)
    #expect(found.map(\.path) == ["game.postmark", "ledger[0].prodct", "extra"])
    #expect(found.map(\.closest) == ["game.postmarks", "ledger[0].product", nil])
  }

  @Test func aFileReadWholeHasNone() throws {
    let text = #"{"a":[1,{"b":2}],"c":{"d":"e"}}"#
    #expect(try JSONValue(parsing: text).keysPassedOver(by: JSONValue(parsing: text)).isEmpty)
  }
}
