import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import QuietPlacesUtilities
import Testing

@Suite struct StateFieldsTests {
  func session() async throws -> (Session, URL) {
    let (session, folder) = try await TestSessions.scratch()
    _ = await session.execute("new --seed 7")
    _ = await session.execute("advance 6m")
    return (session, folder)
  }

  @Test func fieldsKeepTheWholeObjectsNestingAndOrder() async throws {
    let (session, folder) = try await session()
    defer { try? FileManager.default.removeItem(at: folder) }
    // advance 6m of seed 7 reaches Lantern Quay for the first time: its stamp is 4 Postmarks
    // (balance arrivals.firstVisitEverPostmarks); no sails were bought, so sails is 0.
    #expect(
      await session.execute("state --json postmarks equipment.sails").texts == [
        #"{"equipment":{"sails":0},"postmarks":4}"#
      ])
    // The order of the request does not matter, and a whole object takes in its own fields.
    #expect(
      await session.execute("state --json equipment.sails postmarks equipment").texts
        == [#"{"equipment":{"cargo":0,"sails":0,"spyglass":0},"postmarks":4}"#])
    let whole = try #require(await session.execute("state --json").texts.first)
    let parsed = try JSONValue(parsing: whole)
    #expect(
      await session.execute("state --json scouts.effective clock").texts.first?.hasPrefix(#"{"clock":""#)
        == true)
    // Every field of the whole object is a field the command accepts (and Tab completes).
    let all = try #require(
      await session.execute("state --json " + fieldPaths(parsed).joined(separator: " ")).texts.first)
    #expect(all == whole)
    // Tab after state --json offers exactly those fields, and leaves out the ones already typed.
    #expect(CommandCompletion().completions(for: "state --json ") == fieldPaths(parsed))
    #expect(
      CommandCompletion().completions(for: "state --json postmarks equipment.s") == [
        "equipment.sails", "equipment.spyglass",
      ])
  }

  /// The dotted paths of every field of `value`.
  func fieldPaths(_ value: JSONValue, prefix: String = "") -> [String] {
    (value.object.map(Array.init) ?? []).flatMap { member -> [String] in
      let path = prefix.isEmpty ? member.key : prefix + "." + member.key
      return [path] + fieldPaths(member.value, prefix: path)
    }
  }

  @Test(arguments: [
    (
      "state --json equipment.sail",
      "error: 'equipment.sail' is not a field of the state; did you mean 'equipment.sails'? "
        + "(equipment has cargo, sails, spyglass)"
    ),
    (
      "state --json sails",
      "error: 'sails' is not a field of the state; did you mean 'equipment.sails'? "
        + "(state --json with no field shows them all)"
    ),
    (
      "state --json postmarks.count",
      "error: 'postmarks.count' is not a field of the state: 'postmarks' is a number, which has no fields; "
        + "write 'postmarks'"
    ),
    (
      "state --json nothing",
      "error: 'nothing' is not a field of the state (state --json with no field shows them all)"
    ),
    (
      "state --json postmarks bogus",
      "error: 'bogus' is not a field of the state (state --json with no field shows them all)"
    ),
  ])
  func anUnknownFieldIsOneErrorWithASuggestion(line: String, message: String) async throws {
    let (session, folder) = try await session()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = await session.execute("state --json").texts
    #expect(await session.execute(line).texts == [message])
    #expect(await session.execute("state --json").texts == before)
  }
}
