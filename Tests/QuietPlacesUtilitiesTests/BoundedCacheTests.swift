import QuietPlacesUtilities
import Testing

@Suite struct BoundedCacheTests {
  @Test func keepsWhatItWasGivenUpToItsLimitThenStartsAgain() {
    let cache = BoundedCache<Int, String>(limit: 2)
    cache[1] = "one"
    cache[2] = "two"
    #expect(cache[1] == "one" && cache[2] == "two")
    // Replacing a kept value is not a new one: nothing is forgotten.
    cache[2] = "deux"
    #expect(cache[1] == "one" && cache[2] == "deux")
    // A third key at the limit: everything kept is forgotten, the new one kept.
    cache[3] = "three"
    #expect(cache[1] == nil && cache[2] == nil && cache[3] == "three")
    cache[3] = nil
    #expect(cache[3] == nil)
  }
}
