/// How an option's value is read from its text, and written back for `--help`'s defaults: one
/// reader per kind of value (a shard, a number of jobs, a list of seeds, a duration…), so each is
/// parsed by one function wherever it is an option.
public struct ValueReader<Value> {
  /// The value's placeholder in usage and help: `N`, `K/N`, `FILE`, `table|csv|jsonl`.
  public var placeholder: String
  /// A value that would be right, for errors: `2`, `1/4`.
  public var example: String
  /// Reads the text given for the option named by the second argument.
  public var read: (String, String) throws(ValueProblem) -> Value
  /// The value as it would be written on the command line.
  public var text: (Value) -> String

  /// Makes a reader.
  public init(
    placeholder: String, example: String, read: @escaping (String, String) throws(ValueProblem) -> Value,
    text: @escaping (Value) -> String
  ) {
    self.placeholder = placeholder
    self.example = example
    self.read = read
    self.text = text
  }
}

extension ValueReader where Value == String {
  /// Any text that is not empty, such as `--filter TEXT`.
  public static var text: ValueReader { path("TEXT") }

  /// A path, shown as `placeholder` (`FILE`, `DIR`).
  public static func path(_ placeholder: String) -> ValueReader {
    ValueReader(placeholder: placeholder, example: placeholder, read: { text, _ in text }, text: { $0 })
  }

  /// A path that ends in `suffix`, such as `--chart FILE.svg`.
  public static func path(endingIn suffix: String) -> ValueReader {
    ValueReader(
      placeholder: "FILE\(suffix)", example: "FILE\(suffix)",
      read: { (text: String, _: String) throws(ValueProblem) in
        guard text.hasSuffix(suffix) else { throw .wrongSuffix(suffix) }
        return text
      }, text: { $0 })
  }
}

extension ValueReader where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
  /// One of the names of an enumeration, such as `--format table|csv|jsonl`.
  public static var choice: ValueReader {
    let names = Value.allCases.map(\.rawValue)
    return ValueReader(
      placeholder: names.joined(separator: "|"), example: names.first ?? "",
      read: { (text: String, _: String) throws(ValueProblem) in
        guard let value = Value(rawValue: text.lowercased()) else { throw .notOneOf(names) }
        return value
      }, text: \.rawValue)
  }
}
