import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

extension Error {
  /// Why a file could not be read or written, in a few words for an error line.
  public var readableReason: String {
    if let error = self as? CocoaError {
      switch error.code {
      case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file"
      case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
      default: break
      }
      if let underlying = error.underlying as? POSIXError {
        return String(cString: strerror(underlying.code.rawValue)).lowercased()
      }
    }
    return "it cannot be read or written"
  }
}
