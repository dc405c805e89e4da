import QuietPlacesStore
import Testing

/// What a save of a format this version does not read is answered with: the version to open it
/// with, unless the version it names never wrote that format.
@Suite struct NewerFormatAdviceTests {
  @Test func aNewerWriterIsTheVersionToOpenItWith() {
    #expect(
      AppSave.newerFormatAdvice(writtenBy: "quietplaces 2.0.0") == "open it with quietplaces 2.0.0 or later")
    #expect(
      AppSave.newerFormatAdvice(writtenBy: "quietplaces 1.0.1") == "open it with quietplaces 1.0.1 or later")
    #expect(AppSave.newerFormatAdvice(writtenBy: nil) == "open it with a newer quietplaces")
  }

  /// This version, or an older one, wrote no newer format: the number was edited.
  @Test(arguments: ["quietplaces 1.0.0", "quietplaces 0.9", "quietplaces 1"])
  func thisOrAnOlderWriterMeansTheNumberWasEdited(writer: String) {
    #expect(
      AppSave.newerFormatAdvice(writtenBy: writer)
        == "\(writer) writes no such format, so the number was changed after it was written; set it back, "
        + "or give a save quietplaces wrote")
  }
}
