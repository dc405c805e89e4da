/// A path into a JSON value: object keys and array indices, written `routes[1].charterCost`.
///
/// The one way the package names a place inside a JSON document: the lab's `--set KEY=VALUE`, the
/// fields of `state --json FIELD…`, the StoreKit reader's findings and the parser's positions.
public struct JSONKeyPath: Sendable, Hashable, CustomStringConvertible {
  /// One step: into an object by key, or into an array by index (from 0).
  public enum Segment: Sendable, Hashable {
    case key(String)
    case index(Int)
  }

  /// The steps, outermost first; none for the value itself.
  public var segments: [Segment]

  /// A path of these steps.
  public init(_ segments: [Segment] = []) {
    self.segments = segments
  }

  /// Reads `routes[1].charterCost`, or `routes.1.charterCost` (a part of digits only is an index);
  /// `nil` for an empty part or a bracket that holds no index.
  public init?(parsing text: String) {
    var segments: [Segment] = []
    for part in text.split(separator: ".", omittingEmptySubsequences: false) {
      var rest = Substring(part)
      guard !rest.isEmpty else { return nil }
      if let bracket = rest.firstIndex(of: "[") {
        let key = rest[..<bracket]
        if !key.isEmpty { segments.append(Self.segment(key)) }
        rest = rest[bracket...]
        while rest.hasPrefix("[") {
          guard let close = rest.firstIndex(of: "]"),
            let index = Int(rest[rest.index(after: rest.startIndex)..<close])
          else { return nil }
          segments.append(.index(index))
          rest = rest[rest.index(after: close)...]
        }
        guard rest.isEmpty else { return nil }
      } else {
        segments.append(Self.segment(rest))
      }
    }
    self.segments = segments
  }

  /// Keys only, split at every dot and nothing else: `equipment.sails`.
  public init(keys text: String) {
    segments = text.split(separator: ".", omittingEmptySubsequences: false).map { .key(String($0)) }
  }

  /// A part of digits only is an index; any other part (or digits beyond `Int`) a key.
  private static func segment(_ part: Substring) -> Segment {
    guard part.allSatisfy(\.isNumber), let index = Int(part) else { return .key(String(part)) }
    return .index(index)
  }

  /// The path written canonically: keys joined by dots, indices in brackets (`routes[1].charterCost`).
  public var description: String { written { "[\($0)]" } }

  /// The path with every index written `[]`: the shape that all elements of an array share
  /// (`routes[].places[].name`).
  public var shape: String { written { _ in "[]" } }

  /// Whether the path goes into an array anywhere.
  public var passesThroughArray: Bool {
    segments.contains { if case .index = $0 { true } else { false } }
  }

  /// The path one step further.
  public func appending(_ segment: Segment) -> JSONKeyPath {
    JSONKeyPath(segments + [segment])
  }

  /// The first `count` steps.
  public func prefix(_ count: Int) -> JSONKeyPath {
    JSONKeyPath(Array(segments.prefix(count)))
  }

  private func written(index: (Int) -> String) -> String {
    var text = ""
    for segment in segments {
      switch segment {
      case .key(let key): text += text.isEmpty ? key : "." + key
      case .index(let position): text += index(position)
      }
    }
    return text
  }
}
