import Foundation
import QuietPlacesExplore
import QuietPlacesREPL
import QuietPlacesTestSupport
import Synchronization
import Testing

@testable import QuietPlacesCommandLine

/// JSON a program reads is printed whole, however long: a printed line is cut at 2,000 bytes, and a
/// cut record is no longer JSON (`state --json` of a long ledger, a run's record of an exploration).
@Suite struct RecordsPrintedWholeTests {
  /// What a context printed on standard output.
  final class Printed: Sendable {
    let lines = Mutex<[String]>([])
  }

  func context(_ printed: Printed) -> ProgramContext {
    ProgramContext(
      environment: [:],
      input: { ProgramInput(source: ScriptedInput([]), interactive: false, colour: false) },
      print: { line in printed.lines.withLock { $0.append(line) } }, printError: { _ in })
  }

  @Test func aCommandsRecordIsWholeAndItsOtherLinesAreCut() throws {
    let printed = Printed()
    let context = context(printed)
    let ledger = (1...600).map(String.init).joined(separator: ",")
    let record = "{\"ledger\":[\(ledger)]}"
    #expect(record.utf8.count > 2_000)
    context.print(OutputLine.record(record))
    context.print(OutputLine.info(String(repeating: "x", count: 3_000)))
    let lines = printed.lines.withLock { $0 }
    #expect(lines.first == record)
    #expect(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) is [String: Any])
    #expect(lines[1].utf8.count <= 2_000 && lines[1].hasSuffix(" more bytes)"))
  }

  @Test func explorationJSONLinesAreWholeAndItsSummaryIsCut() throws {
    let printed = Printed()
    let context = context(printed)
    let long = "{\"type\":\"run\",\"coverage\":{\"" + String(repeating: "c", count: 2_500) + "\":1}}"
    ExploreMode.print(Explorer.Outcome(output: long + "\n", found: false), format: .jsonl, in: context)
    ExploreMode.print(Explorer.Outcome(output: long + "\n", found: false), format: .text, in: context)
    let lines = printed.lines.withLock { $0 }
    #expect(lines.first == long)
    #expect(lines.last != long && lines.last?.hasSuffix(" more bytes)") == true)
  }
}
