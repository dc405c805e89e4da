import Foundation
import QuietPlacesTestSupport
import Testing

/// The app side shows only what the store returns: it holds no price of its own.
@Suite struct AppSidePriceTests {
  /// The app side holds no price of its own: no currency symbol before a digit and no two-place
  /// decimal such as `0.99` in any string or number literal under `Sources/QuietPlacesStore/`.
  @Test func theAppSideHoldsNoPriceLiteral() throws {
    let folder = Fixtures.packageRoot.appendingPathComponent("Sources/QuietPlacesStore")
    let walker = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
    let files = walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    #expect(!files.isEmpty)
    let currency = try Regex(#"[£€¥]\s*\d|\$\s*\d+[.,]\d|\b(?:GBP|USD|EUR)\s*\d"#)
    let decimal = try Regex(#"(?:^|[^\w.])\d+\.\d{2}(?![\w.])"#)
    var findings: [String] = []
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        // Documentation may describe what the store returns; code and literals may not hold it.
        let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
        if code.contains(currency) || code.contains(decimal) {
          findings.append(
            "\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
        }
      }
    }
    #expect(findings.isEmpty, "price literals on the app side:\n\(findings.joined(separator: "\n"))")
  }

  /// The scanner itself finds what it is meant to find.
  @Test(arguments: [
    (#"let price = "£0.99""#, true), ("let price = 4.99", true), (#"let p = "$2.99""#, true),
    ("let p = Decimal(string: \"3.99\")", true), ("items.map { $0.id }", false), ("let ratio = 1.5", false),
  ])
  func thePriceScannerRecognisesPrices(line: String, isPrice: Bool) throws {
    let currency = try Regex(#"[£€¥]\s*\d|\$\s*\d+[.,]\d|\b(?:GBP|USD|EUR)\s*\d"#)
    let decimal = try Regex(#"(?:^|[^\w.])\d+\.\d{2}(?![\w.])"#)
    #expect((line.contains(currency) || line.contains(decimal)) == isPrice)
  }
}
