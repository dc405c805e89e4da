import Foundation
import QuietPlacesGame
import QuietPlacesREPL
import QuietPlacesTestSupport
import QuietPlacesUtilities
import Testing

@testable import QuietPlacesDevice
@testable import QuietPlacesExplore
@testable import QuietPlacesStore

/// A device bundle's own coding gives what Foundation's does, on the devices the explorer reaches:
/// purchases, refunds, Ask to Buy and interrupted queues, faults, restores, checkpoints, logs and
/// changed rules.
@Suite(.serialized) struct BundleCodingTests {
  let environment = TestSessions.environment(saveDirectory: FileManager.default.temporaryDirectory)

  /// Every step of `runs` explored runs, as the bundle of the device after it.
  func bundles(runs: Int, steps: Int) async throws -> [DeviceBundle] {
    var options = ExploreOptions()
    options.runs = runs
    options.steps = steps
    options.seed = 7
    let explorer = try await Explorer.make(
      options, findingsIn: FileManager.default.temporaryDirectory, rules: rules, storeKit: storeKit,
      environment: environment)
    let context = explorer.context
    var bundles: [DeviceBundle] = []
    for run in 1...runs {
      var random = SplitMix64(seed: ExploreContext.runSeed(context.seed, run: run))
      let game = 1 + random.next() % 10_000
      let session = try #require(await context.session(game: game))
      var checkpoints: [String] = []
      for number in 1...steps {
        let inspection = try #require(session.inspection)
        let view = StepGenerator.View(
          isOpen: session.device.isOpen, asking: session.isAskingQuestion, restoring: inspection.isRestoring,
          account: inspection.account, checkpoints: checkpoints)
        let step = context.generator.next(&random, view)
        _ = await session.execute(step.line)
        if case .checkpoint(let name) = step, !session.lastStep.refused, !checkpoints.contains(name) {
          checkpoints.append(name)
        }
        let after = try #require(session.inspection)
        var bundle = after.snapshot.bundle(
          fingerprints: session.device.configuration.fingerprints, rules: rules,
          log: number % 3 == 0 ? Self.log(run: run, step: number) : nil)
        if number % 5 == 0 { bundle.balanceChanges = ["ship.speed=\(number)", "odd \"key\"=\\1/2"] }
        if number % 7 == 0, let last = bundles.last {
          bundle.checkpoints = [.init(name: "c\(number)", device: last), .init(name: "é ✓", device: bundle)]
        }
        bundles.append(bundle)
      }
      await session.finish()
    }
    return bundles
  }

  /// Event lines with what must be escaped, and what must not be.
  static func log(run: Int, step: Int) -> [String] {
    [
      "run \(run) step \(step): a/b \"quoted\" back\\slash", "tab\tline\nreturn\r bell\u{7} esc\u{1B}[2J",
      "unicode: Ünïcödé — ✓ 🚢 \u{7F} \u{0} \u{1F}", "",
    ]
  }

  @Test func bundlesAreWrittenByteForByteAsJSONEncoderWritesThem() async throws {
    let bundles = try await bundles(runs: 24, steps: 30)
    #expect(bundles.count == 24 * 30)
    var purchases = 0
    for bundle in bundles {
      // The fast encoder itself, not a fallback to Foundation.
      let fast = try SortedJSONEncoder().encode(bundle)
      let foundation = try DeviceBundle.foundationEncoded(bundle)
      #expect(fast == foundation)
      if fast != foundation { break }
      #expect(try bundle.encoded() == fast + [UInt8(ascii: "\n")])
      purchases += bundle.account.transactions.count
    }
    // The devices reached hold purchases: the comparison covers transactions, not only games.
    #expect(purchases > 100)
  }

  @Test func bundlesAreReadAsJSONDecoderReadsThem() async throws {
    let bundles = try await bundles(runs: 12, steps: 30)
    for bundle in bundles {
      let data = try bundle.encoded()
      // The strict reader itself, not a fallback to Foundation.
      let strict = try #require(DeviceBundle.strictlyDecoded(data))
      let foundation = try DeviceBundle.foundationDecoded(data, file: "copy", rules: rules)
      #expect(strict == foundation)
      #expect(try DeviceBundle.decode(data, file: "copy", rules: rules) == foundation)
    }
  }

  /// The saves of the devices the explorer reaches, running and on disk, are written as
  /// `JSONEncoder` writes them with sorted keys and read as `JSONDecoder` reads them.
  @Test func savesAreCodedAsFoundationCodesThem() async throws {
    let bundles = try await bundles(runs: 12, steps: 30)
    let saves = bundles.flatMap { [$0.save, $0.running?.save].compactMap { $0 } }
    #expect(saves.count > 300)
    let foundation = JSONEncoder()
    foundation.outputFormatting = [.sortedKeys]
    var entries = 0
    for save in saves {
      let data = try SaveCodec.encode(save)
      #expect(data == (try foundation.encode(save)))
      // The fast coders themselves, not a fallback to Foundation.
      #expect(try SortedJSONEncoder(layout: .compact).encode(save) == data)
      let strict = try #require(SaveCodec.strictlyDecoded(data))
      #expect(strict == (try SaveCodec.foundationDecoded(data, file: "save.json")))
      entries += save.ledger.entries.count
    }
    // The saves hold ledgers, not only games.
    #expect(entries > 100)
  }

  /// What the strict reader does not take on goes to Foundation's, whose words are kept.
  @Test func whatTheStrictReaderLeavesIsReadAsBefore() async throws {
    let bundle = try #require(try await bundles(runs: 1, steps: 3).last)
    let text = String(decoding: try bundle.encoded(), as: UTF8.self)
    let changed = [
      text.replacingOccurrences(
        of: "\"kind\" : \"com.gallaxgames.quietplaces.device-bundle\"", with: "\"kind\" : \"other\""),
      text.replacingOccurrences(of: "\"format\" : 1,", with: "\"format\" : 1.0,"),
      text.replacingOccurrences(of: "\"format\" : 2,", with: "\"format\" : 3,"),
      text.replacingOccurrences(of: "\"saveFails\" : \"off\"", with: "\"saveFails\" : \"sometimes\""),
      text.replacingOccurrences(of: "\"open\" : ", with: "\"open\" : 1, \"open\" : "),
      String(text.dropLast(40)),
      text + "x",
    ]
    for changed in changed {
      let data = Data(changed.utf8)
      #expect(changed != text)
      #expect(DeviceBundle.strictlyDecoded(data) == nil)
      var fast: Result<DeviceBundle, BundleError> {
        Result { () throws(BundleError) in try DeviceBundle.decode(data, file: "f", rules: rules) }
      }
      var slow: Result<DeviceBundle, BundleError> {
        Result { () throws(BundleError) in try DeviceBundle.foundationDecoded(data, file: "f", rules: rules) }
      }
      #expect("\(fast)" == "\(slow)")
    }
  }
}
