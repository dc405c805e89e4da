import FoundationEssentials

extension Error {
  /// Why a file could not be read, in a few words for an error line.
  var readableReason: String {
    if let error = self as? CocoaError {
      switch error.code {
      case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file"
      case .fileReadNoPermission: return "permission denied"
      default: return "it cannot be read"
      }
    }
    return "it cannot be read"
  }
}
