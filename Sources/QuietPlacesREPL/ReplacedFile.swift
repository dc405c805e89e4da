import FoundationEssentials
import QuietPlacesDevice
import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// What a file a user names for the tool to write may replace: the REPL's `save FILE`, `bundle
/// FILE` and `record FILE`, and the command line's `simulate --csv`, `--jsonl`, `--table`,
/// `--chart`, `--report`, `test --junit` and the findings `explore` writes.
///
/// A name mistyped or completed wrongly must not cost a file that is not the tool's, and a run writes
/// its file again and again (a sweep re-run, every CI run): a file is replaced only when nothing is
/// there, when it is empty, or when it is of the kind being written as this tool writes it. Anything
/// else (notes, a README, a golden script written by hand, a designer's own chart, a system file)
/// gets one error line and stays as it was.
public enum ReplacedFile {
  /// Whether a file with something in it stands at `path`: what a write there replaces, and says so.
  public static func holdsContent(at path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_size > 0
  }

  /// The kinds of file the tool writes, each known by what its writer puts first.
  public enum Kind: Sendable, CaseIterable {
    /// A save or a device bundle: a JSON object with a whole-number `format` and a `game`, or the
    /// bundle's `kind` (whatever version wrote it; a save the iOS app wrote counts).
    case saveOrBundle
    /// A `.qp` transcript `record` wrote: its first line begins ``recordingMark``.
    case recording
    /// A sweep's CSV: its header (an earlier version's has fewer columns after the first four).
    case csv
    /// A sweep's JSON Lines: a record with its run, variant and seed first.
    case jsonl
    /// A sweep's table: its header row, and the provenance lines it ends with.
    case table
    /// A sweep's chart: the SVG's opening tag as the lab writes it.
    case chart
    /// The lab's HTML report: its title.
    case report
    /// `test`'s JUnit report: its suite.
    case junit
    /// A finding's script that `explore` wrote: its first line begins ``findingMark``.
    case finding

    /// What the file is when this tool wrote it, for the refusal.
    public var name: String {
      switch self {
      case .saveOrBundle: "a Quiet Places save or device bundle"
      case .recording: "a recording quietplaces made"
      case .csv: "a CSV that simulate wrote"
      case .jsonl: "JSON Lines that simulate wrote"
      case .table: "a table that simulate wrote"
      case .chart: "a chart that simulate drew"
      case .report: "a report that simulate wrote"
      case .junit: "a JUnit report that test wrote"
      case .finding: "a finding that explore wrote"
      }
    }

    /// The most bytes read to tell: every kind says what it is near its start (a table at its end,
    /// and a table is small); a file larger than any of its kind is not one.
    var readLimit: Int {
      switch self {
      case .saveOrBundle: DeviceBundle.maximumFileSize
      case .recording: ReplacedFile.recordingMark.utf8.count
      case .finding: ReplacedFile.findingMark.utf8.count
      default: 1_048_576
      }
    }

    /// Whether `data` (the file's first ``readLimit`` bytes) is a file of this kind as this tool
    /// writes it.
    public func isWritten(_ data: Data) -> Bool {
      let text = String(decoding: data, as: UTF8.self)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      let first = lines.first.map(String.init) ?? ""
      switch self {
      case .saveOrBundle:
        guard let object = (try? JSONValue(parsing: data))?.object else { return false }
        if case .string(let kind)? = object["kind"], kind == DeviceBundle.kind { return true }
        guard case .number(let format)? = object["format"], Int(format) != nil else { return false }
        return object["game"]?.object != nil
      case .recording:
        return first.hasPrefix(ReplacedFile.recordingMark)
      case .finding:
        return first.hasPrefix(ReplacedFile.findingMark)
      case .csv:
        return first.hasPrefix("run,variant,seed,milestone,")
      case .jsonl:
        guard let record = (try? JSONValue(parsing: first))?.object else { return false }
        return ["run", "variant", "seed"].allSatisfy { record[$0] != nil }
      case .table:
        let header = first.hasPrefix("milestone ") || first.hasPrefix("variant ") || first.hasPrefix("shard ")
        return header && lines.contains { $0.hasPrefix("sweep: ") }
          && lines.contains { $0.hasPrefix("played on: ") }
      case .chart:
        return first.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width=""#)
          && first.hasSuffix(#"font-family="Helvetica, Arial, sans-serif" font-size="13">"#)
      case .report:
        return first == "<!DOCTYPE html>"
          && lines.prefix(8).contains { $0 == "<title>Balance lab report</title>" }
      case .junit:
        return first == #"<?xml version="1.0" encoding="UTF-8"?>"# && lines.count > 2
          && lines[1] == "<testsuites>"
          && lines[2].hasPrefix("  <testsuite ") && lines[2].contains(#"package="quietplaces">"#)
      }
    }
  }

  /// How every recording begins.
  static let recordingMark = "# Recorded with quietplaces"
  /// How every finding's script begins.
  public static let findingMark = "# Found by quietplaces explore"

  /// Why the file at `path` (from the current folder) may not be replaced by a file of `kind`, or
  /// `nil` when it may.
  public static func problem(at path: String, replacingWith kind: Kind) -> String? {
    problem(at: URL(fileURLWithPath: path), replacingWith: kind)
  }

  /// Why the file at `url` may not be replaced by a file of `kind`, or `nil` when it may: nothing is
  /// there (or something that is not a regular file, which the writer refuses itself), the file is
  /// empty, or it is of that kind.
  public static func problem(at url: URL, replacingWith kind: Kind) -> String? {
    guard FileKind(of: url) == .regular else { return nil }
    guard let data = start(of: url, atMost: kind.readLimit) else {
      return refusal("cannot be read to tell whether it is \(kind.name)")
    }
    if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) || kind.isWritten(data) {
      return nil
    }
    let detail =
      switch kind {
      case .recording: " (its first line is not '\(recordingMark)…')"
      case .finding: " (its first line is not '\(findingMark)…')"
      default: ""
      }
    return refusal("is not \(kind.name)\(detail)")
  }

  /// The words of a refusal: what is there, and what would be right.
  private static func refusal(_ what: String) -> String {
    "not replaced: the file there \(what); remove it first or give another name"
  }

  /// The first `limit` bytes of the file at `url` (all of it when shorter), or `nil` when it cannot
  /// be read.
  private static func start(of url: URL, atMost limit: Int) -> Data? {
    let reader = open(url.path, O_RDONLY | O_CLOEXEC)
    guard reader >= 0 else { return nil }
    defer { close(reader) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: min(limit, 1 << 16))
    while bytes.count < limit {
      let count = chunk.withUnsafeMutableBytes {
        read(reader, $0.baseAddress, min($0.count, limit - bytes.count))
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { break }
      bytes += chunk[..<count]
    }
    return Data(bytes)
  }
}
