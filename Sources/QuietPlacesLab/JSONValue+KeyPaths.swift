import FoundationEssentials
import QuietPlacesUtilities

/// A JSON document read by key path, so the lab can read `balance.json`, change one value and hand
/// the result back to the balance loader (which validates it).
extension JSONValue {
  /// Every leaf's path (`equipment.sails.priceGrowth`, `routes[1].charterCost`), in key order.
  var leafPaths: [String] {
    var paths: [String] = []
    func walk(_ node: JSONValue, _ path: String) {
      switch node {
      case .object(let members):
        for key in members.keys.sorted() { walk(members[key]!, path.isEmpty ? key : "\(path).\(key)") }
      case .array(let items):
        for (index, item) in items.enumerated() { walk(item, "\(path)[\(index)]") }
      default:
        paths.append(path)
      }
    }
    walk(self, "")
    return paths
  }

  /// Every path, leaves and inner nodes, with array indices written `[]`: the document's shape.
  var shapePaths: Set<String> {
    var paths = Set<String>()
    func walk(_ node: JSONValue, _ path: String) {
      if !path.isEmpty { paths.insert(path) }
      switch node {
      case .object(let members):
        for (key, value) in members { walk(value, path.isEmpty ? key : "\(path).\(key)") }
      case .array(let items):
        for item in items { walk(item, "\(path)[]") }
      default: break
      }
    }
    walk(self, "")
    return paths
  }

  /// The path's segments: object keys and array indices.
  enum Segment: Equatable {
    case key(String)
    case index(Int)
  }

  /// Splits `routes[1].charterCost` (or `routes.1.charterCost`) into segments.
  static func segments(_ path: String) -> [Segment]? {
    var result: [Segment] = []
    for part in path.split(separator: ".", omittingEmptySubsequences: false) {
      var text = Substring(part)
      guard !text.isEmpty else { return nil }
      if let bracket = text.firstIndex(of: "[") {
        let key = text[..<bracket]
        if !key.isEmpty { result.append(key.allSatisfy(\.isNumber) ? .index(Int(key)!) : .key(String(key))) }
        text = text[bracket...]
        while text.hasPrefix("[") {
          guard let close = text.firstIndex(of: "]"),
            let index = Int(text[text.index(after: text.startIndex)..<close])
          else { return nil }
          result.append(.index(index))
          text = text[text.index(after: close)...]
        }
        guard text.isEmpty else { return nil }
      } else if text.allSatisfy(\.isNumber) {
        result.append(.index(Int(text)!))
      } else {
        result.append(.key(String(text)))
      }
    }
    return result
  }

  /// The path written canonically: `routes[1].charterCost`.
  static func canonical(_ segments: [Segment]) -> String {
    var text = ""
    for segment in segments {
      switch segment {
      case .key(let key): text += text.isEmpty ? key : ".\(key)"
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }

  /// The leaf at `segments`, replaced by `value`; `nil` if there is no leaf there.
  func replacing(_ segments: ArraySlice<Segment>, with value: JSONValue) -> JSONValue? {
    guard let first = segments.first else {
      switch self {
      case .object, .array: return nil
      default: return value
      }
    }
    switch (self, first) {
    case (.object(var members), .key(let key)):
      guard let child = members[key]?.replacing(segments.dropFirst(), with: value) else { return nil }
      members[key] = child
      return .object(members)
    case (.array(var items), .index(let index)):
      guard items.indices.contains(index),
        let child = items[index].replacing(segments.dropFirst(), with: value)
      else { return nil }
      items[index] = child
      return .array(items)
    default:
      return nil
    }
  }

  /// A typed value: a number (written as `Decimal` writes it), `true`/`false`, `null`, else a string.
  static func literal(_ text: String) -> JSONValue {
    if let number = Double(text), number.isFinite, let decimal = Decimal(string: "\(number)") {
      return .number("\(decimal)")
    }
    switch text {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "null": return .null
    default: return .string(text)
    }
  }
}
