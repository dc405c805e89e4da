/// What a sweep's chart shows against simulated days: one of the values every ``Sample`` holds.
public enum Metric: String, Sendable, CaseIterable {
  case knowledge
  case discoveries
  case postmarks
  case generations

  /// Its position in a sample's values.
  public var index: Int { Self.allCases.firstIndex(of: self) ?? 0 }

  /// Its name with a capital, for titles.
  public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
