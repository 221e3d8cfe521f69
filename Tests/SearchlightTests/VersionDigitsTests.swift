import Testing
@testable import Searchlight

/// A title's words without their version digits name it too: "python requests" is the whole title
/// of "python3-requests", as people type it.
@Suite struct VersionDigits {
    @Test func versionDigitsAreDroppedOnlyAfterLetters() {
        #expect(Words.withoutVersionDigits("python3") == "python")
        #expect(Words.withoutVersionDigits("gtk4") == "gtk")
        #expect(Words.withoutVersionDigits("1984") == "1984")
        #expect(Words.withoutVersionDigits("mp3player") == "mp3player")
        #expect(Words.withoutVersionDigits("москва2") == "москва")
    }
}
