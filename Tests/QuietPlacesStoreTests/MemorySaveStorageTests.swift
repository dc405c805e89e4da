import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesTestSupport
import Testing

/// The one in-memory storage: what the lab's devices save to, and what app tests read back.
@Suite struct MemorySaveStorageTests {
  func save(postmarks: Int) -> AppSave {
    var game = newGame()
    game.postmarks = postmarks
    return AppSave(game: game, ledger: TransactionLedger())
  }

  @Test func keepsTheLastSaveUntilDeleted() throws {
    let storage = MemorySaveStorage()
    #expect(try storage.read() == nil)
    try storage.write(save(postmarks: 4))
    try storage.write(save(postmarks: 8))
    #expect(try storage.read()?.game.postmarks == 8)
    #expect(storage.saved?.game.postmarks == 8)
    try storage.delete()
    #expect(try storage.read() == nil)
    #expect(try MemorySaveStorage(save(postmarks: 2)).read()?.game.postmarks == 2)
  }

  @Test func anArmedFailureRefusesOneWriteAndKeepsThePreviousSave() throws {
    let storage = MemorySaveStorage(save(postmarks: 4))
    storage.failNextWrite()
    #expect(throws: SaveError.writeFailed(file: "memory", reason: "a write was made to fail")) {
      try storage.write(save(postmarks: 8))
    }
    #expect(storage.saved?.game.postmarks == 4)
    try storage.write(save(postmarks: 8))
    #expect(storage.saved?.game.postmarks == 8)
  }
}
