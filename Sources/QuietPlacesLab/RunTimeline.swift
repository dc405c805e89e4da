/// What one run did and when, for the timeline chart: each purchase, supply crate, prestige and
/// absence at its simulated second, and the metrics along the way.
///
/// Kept for the sweep's first run and carried in its JSON Lines (a `timeline` record), so the shards
/// of a sweep merge into the same timeline.
public struct RunTimeline: Sendable, Equatable {
  /// One thing the run did.
  public struct Event: Sendable, Equatable, Codable {
    /// Simulated seconds from the start of the run.
    public var at: Int64
    /// What: `sails`, `spyglass`, `cargo`, `scout`, `charter`, `supplies`, `bearings`, `atlas`,
    /// `away`, or a product's name (`charts`).
    public var what: String
    /// For `away`, how long; 0 otherwise.
    public var seconds: Int64
    /// How many of the run's events it stands for: 1, or more where a very long run's events of one
    /// kind close together were merged (``BoundedRunLog``); merged absences span them all.
    public var count: Int

    public init(at: Int64, what: String, seconds: Int64 = 0, count: Int = 1) {
      self.at = at
      self.what = what
      self.seconds = seconds
      self.count = count
    }

    private enum CodingKeys: String, CodingKey {
      case at, what, seconds, count
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      at = try container.decode(Int64.self, forKey: .at)
      what = try container.decode(String.self, forKey: .what)
      seconds = try container.decode(Int64.self, forKey: .seconds)
      // Records written before events were merged hold one event each.
      count = try container.decodeIfPresent(Int.self, forKey: .count) ?? 1
    }
  }

  /// Everything but waiting with the app open, in order.
  public var events: [Event]
  /// The metrics at some of the run's steps: every step's when there are few, else evenly chosen
  /// ones and those on either side of each prestige.
  public var series: Series

  /// At most this many of the run's samples are kept.
  static let samples = 400

  public init(events: [Event], series: Series) {
    self.events = events
    self.series = series
  }

  /// The event a step is on a timeline, taken `at` seconds into the run; `nil` for waiting online.
  static func event(_ step: PlayStep, at: Int64) -> Event? {
    switch step {
    case .buyProduct(let product): Event(at: at, what: product.rawValue)
    case .upgrade(let equipment): Event(at: at, what: equipment.rawValue)
    case .hire: Event(at: at, what: "scout")
    case .charter: Event(at: at, what: "charter")
    case .supplies: Event(at: at, what: "supplies")
    case .prestige(let layer): Event(at: at, what: layer.rawValue)
    case .away(let seconds): Event(at: at, what: "away", seconds: seconds)
    case .advance: nil
    }
  }

  /// The timeline of a run with its `events` and `samples` (one before the first step and after each,
  /// or what ``BoundedRunLog`` kept of them): a sample on either side of each reset of the
  /// Discoveries, and evenly chosen others.
  init(events: [Event], samples: [Sample]) {
    var keep = Set<Int>()
    for i in samples.indices.dropFirst() where samples[i].voyage != samples[i - 1].voyage {
      keep.formUnion([i - 1, i])
    }
    let stride = max(1, (samples.count + Self.samples - 1) / Self.samples)
    keep.formUnion(Swift.stride(from: 0, to: samples.count, by: stride))
    if !samples.isEmpty { keep.insert(samples.count - 1) }
    let kept = keep.filter { $0 < samples.count }.sorted().map { samples[$0] }
    var values = Array(repeating: [Double](), count: Sample.metrics.count)
    for sample in kept {
      for m in values.indices { values[m].append(Series.rounded(sample.value(m))) }
    }
    self.init(events: events, series: Series(seconds: kept.map(\.seconds), values: values))
  }
}

extension RunTimeline {
  /// How a `timeline` record holds it in JSON Lines: the events and the metrics by name.
  struct Record: Decodable {
    var events: [Event]
    var series: [String: [Double]]
  }

  /// The value of a `timeline` record.
  var json: String {
    let events = events.map {
      "{\"at\":\($0.at),\"what\":\($0.what.jsonQuoted),\"seconds\":\($0.seconds)"
        + ($0.count == 1 ? "}" : ",\"count\":\($0.count)}")
    }
    var series = "\"seconds\":[\(self.series.seconds.map(String.init).joined(separator: ","))]"
    for (m, metric) in Sample.metrics.enumerated() {
      series += ",\"\(metric)\":[\(self.series.values[m].map(SweepOutput.number).joined(separator: ","))]"
    }
    return "{\"events\":[\(events.joined(separator: ","))],\"series\":{\(series)}}"
  }

  /// Read back from a record; `nil` when its series are not of one length.
  init?(_ record: Record) {
    guard let seconds = record.series["seconds"] else { return nil }
    let values = Sample.metrics.map { record.series[$0] ?? [] }
    guard values.allSatisfy({ $0.count == seconds.count }) else { return nil }
    self.init(events: record.events, series: Series(seconds: seconds.map { Int64($0) }, values: values))
  }
}
