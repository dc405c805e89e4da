import Testing

@Test func placeholderQuietPlacesGame() { #expect(Bool(true)) }
