import FoundationEssentials

extension DecodingError {
  /// Why a JSON file did not decode, naming the key path (`game.equipment.sails`, `ledger[3]`).
  public var keyPathReason: String {
    func path(_ keys: [any CodingKey]) -> String {
      keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }
        .description
    }
    switch self {
    case .keyNotFound(let key, let context):
      return "key '\(path(context.codingPath + [key]))' is missing"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "key '\(path(context.codingPath))' has a value of the wrong kind"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "it is not JSON" : "key '\(path(context.codingPath))' cannot be read"
    @unknown default:
      return "it cannot be decoded"
    }
  }
}
