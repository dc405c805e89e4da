import FoundationEssentials
import QuietPlacesStoreKit
import QuietPlacesUtilities

/// The simulated store's account file: read with a precise complaint, written atomically.
///
/// A write goes to a temporary file in the same folder, is flushed with `fsync`, renamed over the
/// account file, and the folder is flushed too, so a process killed at any instant leaves either
/// the old account or the new one, never a mixture.
struct AccountFile: Sendable {
  /// The largest account file read: 64 MiB, as for a save (an account of a hundred thousand
  /// transactions is a few megabytes); a larger one is refused as corrupt, unread.
  static let maximumFileSize = 64 * 1_048_576

  /// Where the account lives.
  let url: URL

  /// The account in the file, nil if there is no file, or an error naming what is wrong.
  func read() throws(AppStoreError) -> StoreAccount? {
    let path = url.path
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let data: Data
    do {
      data = try FileBytes.read(url, atMost: Self.maximumFileSize)
    } catch {
      let reason = error.reason(for: "an App Store account")
      guard case .tooLarge = error else { throw .accountUnreadable(path: path, reason: reason) }
      throw .accountCorrupt(path: path, problem: reason)
    }
    guard !data.isEmpty else { throw .accountCorrupt(path: path, problem: "the file is empty") }
    if let reason = JSONValue.repeatedKeyReason(data) { throw .accountCorrupt(path: path, problem: reason) }
    let account: StoreAccount
    do {
      account = try JSONDecoder().decode(StoreAccount.self, from: data)
    } catch let error as DecodingError {
      throw .accountCorrupt(
        path: path,
        problem: JSONNumberRange.problem(error, in: data, decoding: StoreAccount.self) ?? Self.describe(error)
      )
    } catch {
      throw .accountCorrupt(
        path: path,
        problem: JSONNumberRange.problem(error, in: data, decoding: StoreAccount.self)
          ?? "it is not valid JSON")
    }
    if let problem = account.problem() { throw .accountCorrupt(path: path, problem: problem) }
    return account
  }

  /// Replaces the file with `account`, atomically and durably.
  func write(_ account: StoreAccount) throws(AppStoreError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data: Data
    do {
      data = try encoder.encode(account)
    } catch {
      throw .accountWriteFailed(path: url.path, reason: "could not encode the account")
    }
    try Self.replace(url, with: data)
  }

  /// Writes `data` to a temporary file beside `url`, flushes it, renames it over `url` and flushes the folder.
  static func replace(_ url: URL, with data: Data) throws(AppStoreError) {
    do {
      try AtomicFile.write(data, to: url)
    } catch {
      throw .accountWriteFailed(path: url.path, reason: error.reason)
    }
  }

  /// A one-line account of a decoding error: the key path and what was expected.
  static func describe(_ error: DecodingError) -> String {
    func path(_ codingPath: [any CodingKey]) -> String {
      var text = ""
      for key in codingPath {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += (text.isEmpty ? "" : ".") + key.stringValue
        }
      }
      return text.isEmpty ? "the top level" : "'\(text)'"
    }
    switch error {
    case .keyNotFound(let key, let context):
      let parent = context.codingPath.isEmpty ? "the top level" : path(context.codingPath)
      return "key '\(key.stringValue)' is missing in \(parent)"
    case .typeMismatch(let type, let context):
      return "\(path(context.codingPath)) is not a \(type)"
    case .valueNotFound(let type, let context):
      return "\(path(context.codingPath)) is null, expected a \(type)"
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty { return "it is not valid JSON" }
      return "\(path(context.codingPath)) is invalid: \(context.debugDescription)"
    @unknown default:
      return "it could not be decoded"
    }
  }
}
