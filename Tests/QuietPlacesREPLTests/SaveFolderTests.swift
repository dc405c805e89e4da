import Foundation
import QuietPlacesREPL
import Testing

/// Which save folder the REPL launches from, in the order it is looked for, and how it is said.
@Suite struct SaveFolderTests {
  @Test func theOptionWinsThenQuietPlacesHomeThenXDGThenHome() {
    let all = ["QUIETPLACES_HOME": "/q", "XDG_DATA_HOME": "/x", "HOME": "/h"]
    #expect(
      SaveFolder(option: "/o", environment: all)
        == SaveFolder(folder: URL(fileURLWithPath: "/o"), source: .option))
    #expect(SaveFolder(option: nil, environment: all).source == .environment)
    #expect(SaveFolder(option: nil, environment: all).folder.path == "/q")
    var rest = all
    rest["QUIETPLACES_HOME"] = ""
    #expect(SaveFolder(option: "", environment: rest).folder.path == "/x/quietplaces")
    #expect(SaveFolder(option: "", environment: rest).source == .xdg)
    rest["XDG_DATA_HOME"] = nil
    #expect(SaveFolder(option: nil, environment: rest).folder.path == "/h/.local/share/quietplaces")
    #expect(SaveFolder(option: nil, environment: rest).source == .home)
  }

  @Test func theLineAndTheJSONNameTheFolderAndWhy() throws {
    let folder = SaveFolder(folder: URL(fileURLWithPath: "/tmp/a \"b\""), source: .environment)
    #expect(folder.line == "save folder: /tmp/a \"b\" (from QUIETPLACES_HOME)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(folder.json.utf8)) as? [String: String])
    #expect(object == ["folder": "/tmp/a \"b\"", "source": "environment"])
  }
}
