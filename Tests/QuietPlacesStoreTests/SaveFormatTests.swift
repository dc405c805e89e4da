import Foundation
import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesTestSupport
import Testing

/// The save format: migration from format 1, refusal of newer formats, atomic writes, unreadable saves.
@Suite struct SaveFormatTests {
  /// A format-1 save written by the first release, kept as it was written.
  private func formatOneFixture() throws -> Data {
    try Data(contentsOf: Fixtures.saves.appendingPathComponent("save-format-1.json"))
  }

  @Test func formatOneSaveLoadsAndIsWrittenBackAsTheCurrentFormat() throws {
    let data = try formatOneFixture()
    #expect(String(decoding: data, as: UTF8.self).hasPrefix(#"{"format":1,"#))
    let save = try SaveCodec.decode(data, file: "save-format-1.json", rules: rules)
    #expect(save.format == AppSave.currentFormat)
    #expect(save.writtenBy == nil)
    #expect(save.game.postmarks == 104)
    #expect(save.ledger.ids == [1, 2])
    #expect(save.game.owns(.charts))

    let written = try SaveCodec.encode(save)
    let object = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
    #expect(object["format"] as? Int == 2)
    #expect(object["kind"] as? String == AppSave.kind)
    #expect(object["writtenBy"] as? String == AppSave.writer)
    let again = try SaveCodec.decode(written, file: "save.json", rules: rules)
    #expect(again.game == save.game)
    #expect(again.ledger == save.ledger)
    #expect(again.writtenBy == AppSave.writer)
  }

  @Test func newerFormatIsRefusedNamingItsFormatAndWhatReadsIt() throws {
    var object = try #require(try JSONSerialization.jsonObject(with: formatOneFixture()) as? [String: Any])
    object["format"] = 3
    object["writtenBy"] = "quietplaces 2.0.0"
    let data = try JSONSerialization.data(withJSONObject: object)
    #expect(
      throws: SaveError.unsupportedFormat(
        file: "save.json", format: 3, supported: 1...2, writtenBy: "quietplaces 2.0.0")
    ) {
      try SaveCodec.decode(data, file: "save.json", rules: rules)
    }
    // A launch leaves such a save untouched on disk.
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let storage = FileSaveStorage(directory: folder, rules: rules)
    try data.write(to: storage.url)
    #expect(throws: SaveError.self) { try storage.read() }
    #expect(try Data(contentsOf: storage.url) == data)
  }

  @Test func anotherKindOfFileIsNotASave() throws {
    var object = try #require(try JSONSerialization.jsonObject(with: formatOneFixture()) as? [String: Any])
    object["format"] = 2
    object["kind"] = "com.gallaxgames.quietplaces.appstore-account"
    let data = try JSONSerialization.data(withJSONObject: object)
    #expect {
      try SaveCodec.decode(data, file: "x.json", rules: rules)
    } throws: { error in
      guard case SaveError.unreadable("x.json", let reason, nil) = error else { return false }
      return reason.contains("kind")
    }
  }

  @Test func failedWriteLeavesThePreviousSaveIntact() throws {
    let scratch = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: scratch) }
    // The temporary file cannot be made: the save's folder is so deep that `save.json` in it can be
    // named but its temporary beside it, with a longer name, cannot (a path has at most 4,095
    // bytes). This fails even for root, which ignores a read-only folder's mode, and whatever name
    // the temporary gets.
    let total = 4_070
    var deep = scratch
    while deep.path.utf8.count + 151 <= total - 60 {
      deep.appendPathComponent(String(repeating: "d", count: 150))
    }
    deep.appendPathComponent(String(repeating: "e", count: total - deep.path.utf8.count - 1))
    try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
    #expect(deep.path.utf8.count == total)
    let storage = FileSaveStorage(directory: deep, rules: rules)
    let first = AppSave(game: newGame())
    try SaveCodec.encode(first).write(to: storage.url)
    let before = try Data(contentsOf: storage.url)
    var second = first
    second.game.receivePack(550, transaction: 1)
    #expect {
      try storage.write(second)
    } throws: { error in
      guard case SaveError.writeFailed("save.json", _) = error else { return false }
      return true
    }
    #expect(try Data(contentsOf: storage.url) == before)
    #expect(try storage.read() == first)
    #expect(try FileManager.default.contentsOfDirectory(atPath: deep.path) == ["save.json"])
    // Once the disk accepts writes again (here: the folder moved where paths are short), the next
    // write replaces the save whole.
    let folder = scratch.appendingPathComponent("saves")
    try FileManager.default.moveItem(at: deep, to: folder)
    let moved = FileSaveStorage(directory: folder, rules: rules)
    #expect(try moved.read() == first)
    try moved.write(second)
    #expect(try moved.read() == second)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["save.json"])
  }

  @Test(arguments: [
    ("{\"format\":1,\"game\":{", "it is not JSON (unexpected end of data at line 1, column 21)"),
    ("[1,2,3]", "it is a JSON array, not an object as the game's files are"),
    ("{\"format\":1}", "key 'game' is missing"),
    ("{\"format\":0}", "its format number 0 is not one any version writes"),
  ])
  func unreadableSaveIsKeptAsideNamedAndNeverOverwritten(text: String, reason: String) throws {
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let storage = FileSaveStorage(directory: folder, rules: rules)
    // An earlier unreadable save already kept aside is not overwritten either.
    let earlier = folder.appendingPathComponent("save.unreadable-1.json")
    try Data("earlier".utf8).write(to: earlier)
    try Data(text.utf8).write(to: storage.url)
    #expect(throws: SaveError.unreadable(file: "save.json", reason: reason, keptAs: "save.unreadable-2.json"))
    {
      try storage.read()
    }
    #expect(try String(contentsOf: earlier, encoding: .utf8) == "earlier")
    #expect(
      try String(contentsOf: folder.appendingPathComponent("save.unreadable-2.json"), encoding: .utf8) == text
    )
    #expect(!FileManager.default.fileExists(atPath: storage.url.path))
    // A new save goes to save.json and leaves the kept files alone.
    try storage.write(AppSave(game: newGame()))
    #expect(
      try String(contentsOf: folder.appendingPathComponent("save.unreadable-2.json"), encoding: .utf8) == text
    )
  }
}
