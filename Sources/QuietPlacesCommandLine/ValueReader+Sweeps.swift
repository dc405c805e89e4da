import QuietPlacesUtilities

extension ValueReader where Value == Int {
  /// The most jobs `--jobs` takes.
  public static var maximumJobs: Int { 1_024 }

  /// `--jobs N`: how many scripts or runs at once, from 1 to ``maximumJobs``.
  public static var jobs: ValueReader {
    ValueReader(
      placeholder: "N", example: "2",
      read: { (text: String, _: String) throws(ValueProblem) in
        guard let jobs = WholeNumber.read(text), (1...maximumJobs).contains(jobs) else {
          throw .notWholeNumber(in: 1...maximumJobs)
        }
        return jobs
      }, text: { String($0) })
  }
}

extension ValueReader where Value == Shard {
  /// `--shard K/N` with 1 ≤ K ≤ N: shard K of N, counted from 1.
  public static var shard: ValueReader {
    ValueReader(
      placeholder: "K/N", example: "1/4",
      read: { (text: String, _: String) throws(ValueProblem) in
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let k = WholeNumber.read(parts[0]), let n = WholeNumber.read(parts[1]) else {
          throw .notAShard
        }
        guard n >= 1 else { throw .noShards }
        guard k >= 1 else { throw .shardFromZero(count: n) }
        guard k <= n else { throw .beyondShards(shard: k, count: n) }
        return Shard(index: k - 1, count: n)
      }, text: \.description)
  }
}

extension ValueReader where Value == [UInt64] {
  /// The most seeds `--seeds` takes.
  public static var maximumSeeds: Int { 10_000_000 }

  /// `--seeds A-B`, `A`, or a comma-separated list of those, in the order given; each seed once.
  public static var seeds: ValueReader {
    ValueReader(
      placeholder: "A-B|LIST", example: "1-100",
      read: { (text: String, _: String) throws(ValueProblem) in
        var seeds: [UInt64] = []
        var ranges: [ClosedRange<UInt64>] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
          let ends = part.split(separator: "-", omittingEmptySubsequences: false)
          guard (1...2).contains(ends.count), let first = UInt64(ends[0]),
            let last = UInt64(ends[ends.count - 1])
          else { throw .notSeeds }
          guard first <= last else { throw .seedsBackwards(part: String(part), first: first, last: last) }
          guard last - first < UInt64(maximumSeeds), seeds.count + Int(last - first) < maximumSeeds else {
            throw .tooManySeeds(limit: maximumSeeds)
          }
          seeds += Array(first...last)
          ranges.append(first...last)
        }
        // A seed given twice would count one player twice in every percentile.
        ranges.sort { $0.lowerBound < $1.lowerBound }
        for (earlier, later) in zip(ranges, ranges.dropFirst()) where later.lowerBound <= earlier.upperBound {
          throw .seedRepeated(later.lowerBound)
        }
        return seeds
      },
      text: { seeds in
        guard let first = seeds.first, let last = seeds.last, first <= last, seeds == Array(first...last)
        else {
          return seeds.map(String.init).joined(separator: ",")
        }
        return first == last ? "\(first)" : "\(first)-\(last)"
      })
  }
}
