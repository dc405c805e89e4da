import Foundation
import QuietPlacesTestSupport
import Testing

/// The line editor's C helpers keep the state the SIGINT handler and `qp_readline` share in a
/// `static`: one copy per object file that calls them. An optimised build that inlined a caller into
/// another Swift file installed the handler from there, reading a copy `qp_readline` never set, and
/// Ctrl-C stopped discarding the line. A debug build never inlines, so the interactive tmux check
/// cannot see it; this test holds the rule that keeps it away: the calls are in one file, in
/// functions that are never inlined.
@Suite struct LineEditorSignalStateTests {
  static let helpers = ["qp_el_prepare_sigint(", "qp_readline("]

  @Test func theSignalHelpersAreCalledFromOneFileInFunctionsNeverInlined() throws {
    let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
    let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
    var callers: [String: [String]] = [:]
    for case let url as URL in walker where url.pathExtension == "swift" {
      let lines = try String(contentsOf: url, encoding: .utf8).split(
        separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated()
      where Self.helpers.contains(where: { line.contains($0) })
        && !line.trimmingCharacters(in: .whitespaces).hasPrefix("///")
      {
        // The function the call is in, and the attribute lines just above its declaration.
        let declaration = try #require(
          lines[..<index].lastIndex { $0.contains("func ") }, "\(url.lastPathComponent):\(index + 1)")
        let attributes = lines[..<declaration].reversed().prefix {
          $0.trimmingCharacters(in: .whitespaces).hasPrefix("@")
            || $0.trimmingCharacters(in: .whitespaces).hasPrefix("///")
        }
        callers[url.lastPathComponent, default: []].append(String(lines[declaration]))
        #expect(
          attributes.contains { $0.contains("@inline(never)") },
          "\(url.lastPathComponent):\(declaration + 1): \(lines[declaration].trimmingCharacters(in: .whitespaces)) calls a signal helper and must be @inline(never)"
        )
      }
    }
    #expect(Array(callers.keys) == ["LineEditor.swift"], "\(callers)")
    #expect(callers["LineEditor.swift"]?.count == 2)
  }
}
