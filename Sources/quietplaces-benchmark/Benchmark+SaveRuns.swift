import Foundation
import QuietPlacesStore

extension Benchmark {
  /// `quietplaces-benchmark save-runs CODEC FOUNDATION`: figure (f)'s late-game save encoded and
  /// decoded CODEC times as the app codes it (``SaveCodec``) and FOUNDATION times as it did with
  /// Foundation's coders alone (`JSONEncoder` with `[.sortedKeys]`; `JSONDecoder` for the format,
  /// then the save; the consistency check), untimed — for `valgrind --tool=callgrind`. Instructions a round trip of one way are the difference between two counts
  /// of it, over the difference of the counts. Both ways must give the same bytes and the same save.
  mutating func saveRuns(_ arguments: [String]) -> Bool {
    struct Header: Decodable { var format: Int }
    guard arguments.count == 2, let codec = Int(arguments[0]), let foundation = Int(arguments[1]), codec >= 0,
      foundation >= 0
    else {
      print("save-runs: give two whole numbers of round trips, 0 or more: CODEC FOUNDATION")
      return false
    }
    let save = LateGame.save(rules)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let expected = try? encoder.encode(save), (try? SaveCodec.encode(save)) == expected,
      (try? SaveCodec.decode(expected, file: "save.json", rules: rules)) == save
    else {
      print("save-runs: the save's coding and Foundation's differ")
      return false
    }
    var bytes = 0
    for _ in 0..<codec {
      let data = (try? SaveCodec.encode(save)) ?? Data()
      bytes += data.count
      checksum += Double((try? SaveCodec.decode(data, file: "save.json", rules: rules))?.game.postmarks ?? 0)
    }
    for _ in 0..<foundation {
      let data = (try? encoder.encode(save)) ?? Data()
      bytes += data.count
      let format = (try? JSONDecoder().decode(Header.self, from: data))?.format ?? 0
      let read = try? JSONDecoder().decode(AppSave.self, from: data)
      checksum += Double(format + (read?.consistencyProblem(rules) == nil ? read?.game.postmarks ?? 0 : 0))
    }
    print("\(codec) round trips through SaveCodec, \(foundation) through Foundation, \(bytes) bytes written")
    return true
  }
}
