import Testing

@Test func placeholderQuietPlacesREPL() { #expect(Bool(true)) }
