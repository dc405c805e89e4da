import FoundationEssentials
import QuietPlacesJWS

/// A configuration file's fingerprint, as `# requires: balance HASH` pins it: the first 12 hex digits
/// of the SHA-256 of the file's bytes (`missing` when it cannot be read).
enum ConfigurationFingerprint {
  /// How many hex digits a fingerprint has.
  static let length = 12

  /// The fingerprint of the file at `url`.
  static func of(_ url: URL) -> String {
    guard let data = try? Data(contentsOf: url) else { return "missing" }
    return String(SHA256.hex(data).prefix(length))
  }
}
