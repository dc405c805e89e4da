import QuietPlacesUtilities

/// The fields in which two JSON values differ, one line each: `postmarks: expected 20, got 24`.
///
/// Objects are compared key by key (dotted paths, `equipment.sails`), in the expected value's order
/// and then the keys only the actual value has; lists of the same length item by item (`ledger[1]`);
/// anything else as a whole. A field one side lacks is `(missing)` on that side.
public enum JSONFieldDiff {
  /// One differing field.
  public struct Difference: Sendable, Equatable, CustomStringConvertible {
    /// The dotted path, such as `equipment.sails` or `ledger[1]`; empty for the whole value.
    public var path: String
    /// The expected value as compact JSON, or `nil` when the expected value has no such field.
    public var expected: String?
    /// The actual value as compact JSON, or `nil` when the actual value has no such field.
    public var actual: String?

    /// `path: expected X, got Y`.
    public var description: String {
      let name = path.isEmpty ? "the value" : path
      return "\(name): expected \(expected ?? "(missing)"), got \(actual ?? "(missing)")"
    }
  }

  /// The differences between `expected` and `actual`, in order; empty when they are equal.
  public static func differences(expected: JSONValue, actual: JSONValue) -> [Difference] {
    var result: [Difference] = []
    compare(expected, actual, path: "", into: &result)
    return result
  }

  /// The differences between two lines when both are JSON objects or lists; `nil` when either is not.
  public static func differences(expectedLine: String, actualLine: String) -> [Difference]? {
    guard let expected = structured(expectedLine), let actual = structured(actualLine) else { return nil }
    return differences(expected: expected, actual: actual)
  }

  /// The line as a JSON object or list, or `nil` when it is anything else.
  static func structured(_ line: String) -> JSONValue? {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    guard trimmed.first == "{" || trimmed.first == "[", let value = try? JSONValue(parsing: line) else {
      return nil
    }
    return value
  }

  private static func compare(
    _ expected: JSONValue, _ actual: JSONValue, path: String, into result: inout [Difference]
  ) {
    switch (expected, actual) {
    case (.object(let wanted), .object(let got)):
      for (key, value) in wanted {
        let child = join(path, key)
        if let other = got[key] {
          compare(value, other, path: child, into: &result)
        } else {
          result.append(Difference(path: child, expected: value.text, actual: nil))
        }
      }
      for (key, value) in got where wanted[key] == nil {
        result.append(Difference(path: join(path, key), expected: nil, actual: value.text))
      }
    case (.array(let wanted), .array(let got)) where wanted.count == got.count:
      for (index, pair) in zip(wanted, got).enumerated() {
        compare(pair.0, pair.1, path: "\(path)[\(index)]", into: &result)
      }
    default:
      if expected != actual {
        result.append(Difference(path: path, expected: expected.text, actual: actual.text))
      }
    }
  }

  private static func join(_ path: String, _ key: String) -> String {
    path.isEmpty ? key : path + "." + key
  }
}
