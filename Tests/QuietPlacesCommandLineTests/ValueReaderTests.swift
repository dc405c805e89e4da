import QuietPlacesCommandLine
import QuietPlacesUtilities
import Testing

/// The one reader of each kind of value: shards, jobs, seeds, names, suffixes.
@Suite struct ValueReaderTests {
  @Test(arguments: [
    ("1/4", Shard(index: 0, count: 4)), ("4/4", Shard(index: 3, count: 4)),
    ("1/1", Shard(index: 0, count: 1)),
  ])
  func shards(text: String, shard: Shard) throws {
    #expect(try ValueReader.shard.read(text, "--shard") == shard)
    #expect(ValueReader.shard.text(shard) == text)
  }

  @Test(arguments: [
    ("2", ValueProblem.notAShard), ("-1/2", .notAShard), ("x/y", .notAShard), ("1/2/3", .notAShard),
    ("1/0", .noShards), ("0/2", .shardFromZero(count: 2)), ("3/2", .beyondShards(shard: 3, count: 2)),
  ])
  func badShards(text: String, problem: ValueProblem) {
    #expect(throws: problem) { try ValueReader.shard.read(text, "--shard") }
  }

  @Test func jobsAreWholeNumbersFromOneToTheMaximum() throws {
    #expect(try ValueReader.jobs.read("1", "--jobs") == 1)
    #expect(try ValueReader.jobs.read("1024", "--jobs") == ValueReader<Int>.maximumJobs)
    for text in ["0", "1025", "-1", "+2", "2.0", " 2", "x"] {
      #expect(throws: ValueProblem.notWholeNumber(in: 1...1024)) { try ValueReader.jobs.read(text, "--jobs") }
    }
  }

  @Test func seedsAreRangesAndLists() throws {
    #expect(try ValueReader.seeds.read("1-3", "--seeds") == [1, 2, 3])
    #expect(try ValueReader.seeds.read("7,1-2,9", "--seeds") == [7, 1, 2, 9])
    #expect(ValueReader.seeds.text(Array(1...100)) == "1-100")
    #expect(ValueReader.seeds.text([7, 1]) == "7,1")
    #expect(throws: ValueProblem.seedsBackwards(part: "5-1", first: 5, last: 1)) {
      try ValueReader.seeds.read("5-1", "--seeds")
    }
    #expect(throws: ValueProblem.notSeeds) { try ValueReader.seeds.read("1-2-3", "--seeds") }
    #expect(throws: ValueProblem.seedRepeated(1)) { try ValueReader.seeds.read("1,1,1", "--seeds") }
    #expect(throws: ValueProblem.seedRepeated(3)) { try ValueReader.seeds.read("3-5,1-3", "--seeds") }
    #expect(throws: ValueProblem.seedRepeated(4)) { try ValueReader.seeds.read("1-5,9,4", "--seeds") }
    #expect(try ValueReader.seeds.read("4-5,1-3", "--seeds") == [4, 5, 1, 2, 3])
    #expect(throws: ValueProblem.tooManySeeds(limit: 10_000_000)) {
      try ValueReader.seeds.read("1-10000001", "--seeds")
    }
  }

  @Test func pathsWithASuffix() throws {
    #expect(try ValueReader.path(endingIn: ".svg").read("a.svg", "--chart") == "a.svg")
    #expect(throws: ValueProblem.wrongSuffix(".svg")) {
      try ValueReader.path(endingIn: ".svg").read("a.png", "--chart")
    }
  }
}
