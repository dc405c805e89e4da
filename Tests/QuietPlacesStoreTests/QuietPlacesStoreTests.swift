import Testing

@Test func placeholderQuietPlacesStore() { #expect(Bool(true)) }
