import Testing
@testable import Searchlight

/// Snippets highlight what matched however it was typed: accents and case folded, German
/// umlauts spelt with two letters, elided articles, and words inside Chinese, Japanese and Thai text.
extension Multilingual {
    /// The highlighted words of the first result of `text` in `types`, as the snippet shows them.
    func highlighted(_ index: EntityIndex, _ text: String, types: [String] = []) throws -> [String] {
        let result = try #require(try index.search(SearchRequest(text, types: types)).results.first, "no result for \(text)")
        let snippet = try #require(result.snippet, "no snippet for \(text)")
        let scalars = Array(snippet.text.unicodeScalars)
        return snippet.highlights.map { range in
            var word = ""
            word.unicodeScalars.append(contentsOf: scalars[range])
            return word
        }
    }

    @Test func snippetsHighlightWordsTypedWithoutTheirAccents() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        #expect(try highlighted(index, "cafe", types: ["buch"]) == ["Café"])
        #expect(try highlighted(index, "memoires") == ["mémoires"])
        #expect(try highlighted(index, "MÉMOIRES") == ["mémoires"])
    }

    @Test func snippetsHighlightInEachTypesOwnLanguage() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        // German stemming: "erinnerungen" stems as "Erinnerung" does; "haeuser" is "Häuser".
        #expect(try highlighted(index, "erinnerungen", types: ["buch"]) == ["Erinnerung"])
        #expect(try highlighted(index, "haeuser") == ["Häuser"])
        // The elided article of "L'enfant" is set aside; English stemming of the Thai type's English body.
        #expect(try highlighted(index, "enfant", types: ["livre"]).allSatisfy { $0 == "enfant" })
        #expect(try highlighted(index, "shrimps") == ["shrimp"])
    }

    @Test func snippetsHighlightWordsInsideTextWithoutSpaces() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        #expect(try highlighted(index, "白色").contains("白色"))
        #expect(try highlighted(index, "東京", types: ["hon"]).contains("東京"))
        #expect(try highlighted(index, "睡觉").contains("睡觉"))
    }
}
