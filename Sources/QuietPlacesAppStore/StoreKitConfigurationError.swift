/// One thing wrong in a StoreKit configuration file: the file as it was named, where in the JSON
/// (`products[3].localizations[0]`, line and column), and what would be right.
public struct StoreKitProblem: Sendable, Equatable, CustomStringConvertible {
  /// The file's path as given.
  public var file: String
  /// The JSON path of the value, such as `products[3].localizations[0].locale`; empty for the file.
  public var jsonPath: String
  /// The line, from 1.
  public var line: Int
  /// The column in characters, from 1.
  public var column: Int
  /// What is wrong and what would be right.
  public var message: String

  /// Makes a problem.
  public init(file: String, jsonPath: String, line: Int, column: Int, message: String) {
    self.file = file
    self.jsonPath = jsonPath
    self.line = line
    self.column = column
    self.message = message
  }

  /// `Shop.storekit:12:9: products[3].localizations[0]: key 'locale' is missing`.
  public var description: String {
    let text = "\(file):\(line):\(column): " + (jsonPath.isEmpty ? "" : "\(jsonPath): ") + message
    return text.replacing("\n", with: "\\n").replacing("\r", with: "\\r")
  }
}

/// Why a StoreKit configuration file was not loaded.
public enum StoreKitConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file could not be read at all.
  case unreadable(path: String, reason: String)
  /// The file is larger than ``StoreKitConfiguration/maximumFileSize``; it was not parsed.
  case tooLarge(path: String, bytes: Int)
  /// The file was read but cannot be used: every problem found (at most
  /// ``StoreKitConfiguration/maximumProblems``) and how many there were in all.
  case refused(path: String, problems: [StoreKitProblem], total: Int)

  /// The problems of a refused file; empty for the other cases.
  public var problems: [StoreKitProblem] {
    if case .refused(_, let problems, _) = self { return problems }
    return []
  }

  /// The message: one line, or for a refused file a first line and one line per problem.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      return "\(path): cannot be read: \(reason)".replacing("\n", with: "\\n")
    case .tooLarge(let path, let bytes):
      return
        "\(path): \(Self.grouped(bytes)) bytes is more than the \(Self.grouped(StoreKitConfiguration.maximumFileSize)) "
        + "(4 MiB) a StoreKit configuration may have; files Xcode writes are a few kilobytes"
    case .refused(let path, let problems, let total):
      var lines = [
        "\(path): refused: \(total) problem\(total == 1 ? "" : "s")"
          + (total > problems.count ? " (the first \(problems.count) listed)" : "")
      ]
      lines += problems.map { "  \($0.description)" }
      return lines.joined(separator: "\n")
    }
  }

  static func grouped(_ number: Int) -> String {
    var text = String(number)
    var index = text.count - 3
    while index > 0 {
      text.insert(",", at: text.index(text.startIndex, offsetBy: index))
      index -= 3
    }
    return text
  }
}
