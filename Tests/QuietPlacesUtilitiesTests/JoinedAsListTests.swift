import QuietPlacesUtilities
import Testing

/// The one list joiner: commas, and the conjunction before the last item only.
@Suite struct JoinedAsListTests {
  @Test(arguments: [
    ([String](), "and", ""),
    (["ivory"], "or", "ivory"),
    (["ivory", "apricot"], "or", "ivory or apricot"),
    (["ivory", "apricot", "turquoise"], "or", "ivory, apricot or turquoise"),
    (
      ["1 code offer", "2 win-back offers", "3 offers", "4 more"], "and",
      "1 code offer, 2 win-back offers, 3 offers and 4 more"
    ),
  ])
  func joins(items: [String], conjunction: String, sentence: String) {
    #expect(items.joinedAsList(conjunction) == sentence)
  }

  @Test func anySliceJoinsAsAList() {
    let words = ["a", "b", "c", "d"]
    #expect(words.dropFirst().joinedAsList("and") == "b, c and d")
  }
}
