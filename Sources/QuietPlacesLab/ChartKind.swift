/// Which picture `--chart` draws of a sweep.
public enum ChartKind: String, Sendable, CaseIterable {
  /// A metric against simulated time: per variant a median line and a p10–p90 band.
  case lines
  /// Per milestone, the share of runs that reached it by each moment, per variant.
  case cdf
  /// Per milestone, how many runs reached it in each stretch of time, per variant.
  case histogram
  /// One run (the sweep's first): what was bought when, prestiges, sessions and the metric.
  case timeline
}
