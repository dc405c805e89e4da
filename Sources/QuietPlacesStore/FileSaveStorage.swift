import FoundationEssentials
import QuietPlacesGame
import QuietPlacesJWS
import QuietPlacesUtilities

/// The save as `save.json` in a folder, written atomically: a temporary file in the same folder,
/// flushed and synced, renamed over the old one, then the folder synced.
public struct FileSaveStorage: SaveStorage {
  /// The save file's name in its folder.
  public static let fileName = "save.json"

  /// The folder.
  public let directory: URL
  /// The rules a save must make sense under.
  public let rules: Rules

  /// The save file.
  public let url: URL

  public init(directory: URL, rules: Rules) {
    self.directory = directory
    self.rules = rules
    url = directory.appendingPathComponent(Self.fileName)
  }

  /// The largest save read: 64 MiB, as for a device bundle (a save is a few kilobytes). A larger file
  /// in a save folder is kept aside, unread, as any save that cannot be read.
  public static let maximumFileSize = 64 * 1_048_576

  public func read() throws(SaveError) -> AppSave? {
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    let data: Data
    do {
      data = try FileBytes.read(url, atMost: Self.maximumFileSize)
    } catch {
      guard case .tooLarge = error else {
        throw .unreadable(file: Self.fileName, reason: "it cannot be read", keptAs: nil)
      }
      throw .unreadable(file: Self.fileName, reason: error.reason(for: "a save"), keptAs: keepAside())
    }
    do {
      return try SaveCodec.decode(data, file: Self.fileName, rules: rules)
    } catch {
      if case .unsupportedFormat = error { throw error }
      guard case .unreadable(let file, let reason, _) = error else { throw error }
      throw .unreadable(file: file, reason: reason, keptAs: keepAside())
    }
  }

  public func write(_ save: AppSave) throws(SaveError) {
    try write(save, flushed: true)
  }

  public func writeUnflushed(_ save: AppSave) throws(SaveError) {
    try write(save, flushed: false)
  }

  public func flush() throws(SaveError) {
    do {
      try AtomicFile.flush(url)
    } catch {
      throw .writeFailed(file: Self.fileName, reason: error.reason)
    }
  }

  private func write(_ save: AppSave, flushed: Bool) throws(SaveError) {
    let data: Data
    do {
      data = try SaveCodec.encode(save)
    } catch {
      throw .writeFailed(file: Self.fileName, reason: "the game could not be encoded")
    }
    do {
      try AtomicFile.write(data, to: url, flushed: flushed)
    } catch {
      throw .writeFailed(file: Self.fileName, reason: error.reason)
    }
  }

  public func delete() throws(SaveError) {
    guard FileManager.default.fileExists(atPath: url.path) else { return }
    do {
      try FileManager.default.removeItem(at: url)
    } catch {
      throw .deleteFailed(file: Self.fileName, reason: error.readableReason)
    }
  }

  /// Renames an unreadable save so nothing overwrites it; returns the new name.
  private func keepAside() -> String? {
    for n in 1...999 {
      let name = "save.unreadable-\(n).json"
      let target = directory.appendingPathComponent(name)
      if FileManager.default.fileExists(atPath: target.path) { continue }
      return (try? FileManager.default.moveItem(at: url, to: target)) != nil ? name : nil
    }
    return nil
  }
}

/// The save's JSON form, with its format number checked on the way in.
public enum SaveCodec {
  /// Save formats this version reads.
  public static let readableFormats = 1...AppSave.currentFormat

  /// JSON with sorted keys, so equal saves are equal bytes: `JSONEncoder`'s `[.sortedKeys]` text,
  /// written by ``SortedJSONEncoder`` (the app saves after every action, so this is the time a save
  /// takes), or by `JSONEncoder` itself for anything that encoder leaves to it.
  public static func encode(_ save: AppSave) throws -> Data {
    if let data = try? SortedJSONEncoder(layout: .compact).encode(save) { return data }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(save)
  }

  /// The format number and the writer's name a save begins with.
  private struct Header: Decodable {
    var format: Int
    var writtenBy: String?
  }

  /// Decodes a save, naming the file and the problem when it is not one.
  public static func decode(_ data: Data, file: String, rules: Rules) throws(SaveError) -> AppSave {
    let save: AppSave
    if let strict = strictlyDecoded(data) {
      save = strict
    } else {
      save = try foundationDecoded(data, file: file)
    }
    if let problem = save.consistencyProblem(rules) {
      throw .unreadable(file: file, reason: problem, keptAs: nil)
    }
    return save
  }

  /// Reads a save with `JSONDecoder`, as ``decode(_:file:rules:)`` does for what
  /// ``strictlyDecoded(_:)`` does not take on: the format first, then the save, each refusal in
  /// its own words. Its consistency is not checked here.
  static func foundationDecoded(_ data: Data, file: String) throws(SaveError) -> AppSave {
    if let reason = JSONValue.repeatedKeyReason(data) {
      throw .unreadable(file: file, reason: reason, keptAs: nil)
    }
    let header: Header
    do {
      header = try JSONDecoder().decode(Header.self, from: data)
    } catch {
      // An object without its format number is a save cut or edited; anything else says what it is.
      let isObject: Bool
      if case .object? = try? JSONDecoder().decode(JSONValue.self, from: data) {
        isObject = true
      } else {
        isObject = false
      }
      throw .unreadable(
        file: file,
        reason: JSONNumberRange.problem(error, in: data)
          ?? (isObject ? "it has no save format number" : JSONValue.notJSONReason(data)),
        keptAs: nil)
    }
    guard header.format >= readableFormats.lowerBound else {
      throw .unreadable(
        file: file, reason: "its format number \(header.format) is not one any version writes", keptAs: nil)
    }
    guard header.format <= readableFormats.upperBound else {
      // Only a short printable name is repeated in the one-line message.
      let writer = header.writtenBy.flatMap { name in
        name.count <= 40 && name.allSatisfy { $0.isASCII && !$0.isNewline && $0.asciiValue! >= 0x20 }
          ? name : nil
      }
      throw .unsupportedFormat(
        file: file, format: header.format, supported: readableFormats, writtenBy: writer)
    }
    let save: AppSave
    do {
      save = try JSONDecoder().decode(AppSave.self, from: data)
    } catch let error as DecodingError {
      throw .unreadable(
        file: file,
        reason: JSONNumberRange.problem(error, in: data, decoding: AppSave.self) ?? error.keyPathReason,
        keptAs: nil)
    } catch {
      throw .unreadable(
        file: file, reason: JSONNumberRange.problem(error, in: data, decoding: AppSave.self) ?? "\(error)",
        keptAs: nil)
    }
    return save
  }

  /// The save in `data` as ``StrictJSONDecoder`` reads it, when it takes all of it on and its
  /// format is one this version reads; otherwise `nil`, and `JSONDecoder` reads it, saying what is
  /// wrong in the words a refused save has always had.
  static func strictlyDecoded(_ data: Data) -> AppSave? {
    let decoder = StrictJSONDecoder()
    guard let document = try? decoder.parse(data),
      let header = try? decoder.decode(Header.self, from: document),
      readableFormats.contains(header.format)
    else { return nil }
    return try? decoder.decode(AppSave.self, from: document)
  }
}
