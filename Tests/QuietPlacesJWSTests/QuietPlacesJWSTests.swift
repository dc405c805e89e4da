import Testing

@Test func placeholderQuietPlacesJWS() { #expect(Bool(true)) }
