/// `test --update[=MODE]`: where the rewritten scripts go.
enum UpdateMode: String, CaseIterable, Sendable, Equatable {
  /// Over the scripts themselves (`--update` alone).
  case inPlace = "in-place"
  /// To `NAME.qp.new` beside each, for `--accept` or `--reject` later.
  case pending
}
