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
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      return
        "key '\(path(context.codingPath))' has a value of the wrong kind; it holds \(Self.kind(of: type))"
    case .dataCorrupted(let context):
      guard !context.codingPath.isEmpty else { return "it is not JSON" }
      return "key '\(path(context.codingPath))' cannot be read"
        + (Self.why(context.debugDescription).map { " (\($0))" } ?? "")
    @unknown default:
      return "it cannot be decoded"
    }
  }

  /// What a value of `type` is written as in JSON, for a message.
  static func kind(of type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is any BinaryInteger.Type: "a whole number"
    case is any BinaryFloatingPoint.Type: "a number"
    case is [Any].Type: "a list"
    case is [String: Any].Type: "an object"
    default: "a value of another kind"
    }
  }

  /// A decoder's own reason in words a file's reader follows: the value a raw-value type does not
  /// take is quoted; a reason written for people is kept; `nil` for none.
  static func why(_ description: String) -> String? {
    if let range = description.firstRange(of: "from invalid String value ") {
      return "'\(description[range.upperBound...])' is not one of the values it takes"
    }
    if let range = description.firstRange(of: "from invalid Int value ") {
      return "\(description[range.upperBound...]) is not one of the values it takes"
    }
    guard !description.isEmpty, !description.hasPrefix("The given data"), !description.hasPrefix("Cannot ")
    else { return nil }
    return description
  }
}
