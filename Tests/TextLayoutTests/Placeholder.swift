import Testing

@Test("package builds") func packageBuilds() { #expect(1 + 1 == 2) }
