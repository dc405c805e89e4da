import FoundationEssentials
import QuietPlacesDevice
import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// What a file a user names for `save FILE`, `bundle FILE` or `record FILE` may replace.
///
/// A name mistyped or completed wrongly must not cost a file that is not the tool's: a file is
/// replaced only when nothing is there, when it is empty, or when it is of a kind the command writes
/// (a Quiet Places save or a device bundle for `save` and `bundle`, a recording quietplaces made for
/// `record`). Anything else (notes, a hand-written golden script, a system file) gets one error
/// line and stays as it was.
enum ReplacedFile {
  /// The kinds of file a command writes, and so may write over.
  enum Kind {
    /// A save or a device bundle (JSON).
    case saveOrBundle
    /// A `.qp` transcript `record` wrote: its first line is ``recordingMark``….
    case recording
  }

  /// How every recording begins.
  static let recordingMark = "# Recorded with quietplaces"

  /// Why the file at `path` may not be replaced by a file of `kind`, or `nil` when it may.
  static func problem(at path: String, replacingWith kind: Kind) -> String? {
    let url = URL(fileURLWithPath: path)
    guard FileKind(of: url) == .regular else { return nil }
    switch kind {
    case .saveOrBundle:
      guard let data = try? FileBytes.read(url, atMost: DeviceBundle.maximumFileSize) else {
        return refusal("is not a Quiet Places save or device bundle")
      }
      if data.allSatisfy(Self.isWhiteSpace) || Self.isSaveOrBundle(data) { return nil }
      return refusal("is not a Quiet Places save or device bundle")
    case .recording:
      // Only the start is read: a recording added to for months may be large.
      let mark = Array(recordingMark.utf8)
      let reader = open(path, O_RDONLY | O_CLOEXEC)
      guard reader >= 0 else {
        return refusal("cannot be read to tell whether it is a recording quietplaces made")
      }
      defer { close(reader) }
      var start = [UInt8](repeating: 0, count: mark.count)
      let count = start.withUnsafeMutableBytes { pread(reader, $0.baseAddress!, mark.count, 0) }
      if count == 0 || (count == mark.count && start == mark) { return nil }
      return refusal("is not a recording quietplaces made (its first line is not '\(recordingMark)…')")
    }
  }

  /// The words of a refusal: what is there, and what would be right.
  private static func refusal(_ what: String) -> String {
    "not replaced: the file there \(what); remove it first or give another name"
  }

  /// Whether `data` is a JSON object that is a device bundle (its `kind` says so) or a save (a
  /// whole-number `format` and a `game` object), whatever version wrote it.
  static func isSaveOrBundle(_ data: Data) -> Bool {
    guard let object = (try? JSONValue(parsing: data))?.object else { return false }
    if case .string(let kind)? = object["kind"], kind == DeviceBundle.kind { return true }
    guard case .number(let format)? = object["format"], Int(format) != nil else { return false }
    return object["game"]?.object != nil
  }

  private static func isWhiteSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}
