import Foundation
import QuietPlacesREPL
import Testing

/// A folder with `bug-1.qp`, `bug-2.qp`, `café.json`, `.hidden` and the folders `saves/` (holding
/// `one.json`) and `scripts/`, removed when the test ends.
private func withSampleFolder(_ body: (String) throws -> Void) throws {
  let fileManager = FileManager.default
  let folder = fileManager.temporaryDirectory.appendingPathComponent("qp-files-\(UUID().uuidString)").path
  defer { try? fileManager.removeItem(atPath: folder) }
  for name in ["saves", "scripts"] {
    try fileManager.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
  }
  for name in ["bug-1.qp", "bug-2.qp", "café.json", ".hidden", "saves/one.json"] {
    #expect(fileManager.createFile(atPath: folder + "/" + name, contents: Data()))
  }
  try body(folder)
}

@Test(arguments: [
  ("", ["bug-1.qp", "bug-2.qp", "café.json", "saves/", "scripts/"]),
  ("bug", ["bug-1.qp", "bug-2.qp"]),
  ("caf", ["café.json"]),
  ("s", ["saves/", "scripts/"]),
  ("saves/", ["saves/one.json"]),
  ("saves/o", ["saves/one.json"]),
  (".", [".hidden"]),
  ("nothing", []),
  ("missing/", []),
])
func fileNameCompletionsRelative(partial: String, expected: [String]) throws {
  try withSampleFolder { folder in
    #expect(fileNameCompletions(for: partial, relativeTo: folder) == expected)
  }
}

@Test func fileNameCompletionsAbsolute() throws {
  try withSampleFolder { folder in
    #expect(fileNameCompletions(for: folder + "/sav", relativeTo: "/") == [folder + "/saves/"])
  }
}
