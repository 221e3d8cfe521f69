import Foundation
import Testing
@testable import Searchlight

@Suite(.serialized) struct Suggesting {
    let fixture: CorpusFixture
    init() throws { fixture = try CorpusFixture() }

    @Test(arguments: ["g", "gl", "mou", "half d", "lake l"])
    func completionsExtendWhatWasTyped(prefix: String) throws {
        let suggestions = try fixture.index.suggest(prefix)
        #expect(!suggestions.completions.isEmpty)
        for completion in suggestions.completions {
            #expect(completion.text.hasPrefix(prefix.lowercased()), "\(completion.text)")
            #expect(completion.highlights == [0..<prefix.count])
        }
        let counts = suggestions.completions.map(\.count)
        #expect(counts == counts.sorted(by: >))
    }

    @Test func shortPrefixesSuggestEntitiesWhoseTitleHasSuchAWord() throws {
        for prefix in ["h", "ha", "hal"] {
            let entities = try fixture.index.suggest(prefix).entities
            #expect(!entities.isEmpty)
            for result in entities {
                #expect(Words.lowercased(result.displayRepresentation.title).contains { $0.hasPrefix(prefix) },
                        "\(result.displayRepresentation.title)")
            }
        }
    }

    @Test func aMisspeltWordGetsACorrection() throws {
        let suggestions = try fixture.index.suggest("glaciar ")
        #expect(suggestions.correction == "glacier")
    }

    /// A letter missed or mistyped second is beyond the first two letters the scan of title words
    /// begins with, and is corrected all the same: "gacier" is glacier, not a rarer word.
    @Test func aSecondLetterMissedOrMistypedIsCorrected() throws {
        #expect(try fixture.index.suggest("gacier ").correction == "glacier")
        #expect(try fixture.index.suggest("hlf dome ").correction == "half dome")
        #expect(try fixture.index.suggest("gpacier ").correction == "glacier")
    }

    @Test func aMisspeltTypedWordShowsTheEntitiesOfItsCorrection() throws {
        let suggestions = try fixture.index.suggest("glaxi")
        let correction = try #require(suggestions.correction)
        #expect(suggestions.completions.isEmpty)
        #expect(!suggestions.entities.isEmpty)
        // Found as the typed word would have been: titles with a word starting with the correction.
        for result in suggestions.entities {
            #expect(Words.lowercased(result.displayRepresentation.title).contains { $0.hasPrefix(correction) },
                    "\(result.displayRepresentation.title) for \(correction)")
        }
    }

    @Test func anEmptyPrefixSuggestsTheTopEntitiesOfEachType() throws {
        let entities = try fixture.index.suggest("", limit: 6).entities
        #expect(entities.count == 6)
        #expect(Set(entities.map(\.entity.type)) == ["trail", "landmark", "collection"])
        let trails = try fixture.index.search(SearchRequest("", types: ["trail"], limit: 1000)).results
        let best = trails.compactMap { $0.entity.attributes["popularity"]?.doubleValue }.max()
        #expect(entities.first?.entity.attributes["popularity"]?.doubleValue == best)
    }

    @Test func storedPrefixEntitiesAreTheLiveQuerysForEveryTypeFilterAndLimit() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        var entities: [Entity] = []
        for i in 0..<40 {
            var walk = trail("t\(i)", "Harbor walk \(i)", expires: i % 7 == 3 ? Date(timeIntervalSinceNow: -3600) : nil)
            walk.attributes["popularity"] = .int((i * 37) % 23)
            entities.append(walk)
            if i % 3 == 0 { entities.append(landmark(i, "Harbor light \(i)")) }
        }
        try index.index(entities)
        for types in [[], ["trail"], ["landmark"]] {
            for limit in [1, 3, 8, 50] {
                let (stored, live) = try index.read { (state: inout EntityIndex.State) throws in
                    (try #require(try EntityIndex.storedPrefixEntities("ha", types: types, limit: limit, database: state.database)),
                     try EntityIndex.liveTitlePrefixEntities(head: [], prefix: "ha", types: types, limit: limit, state: &state))
                }
                #expect(stored.entities.map(\.id) == live.results.map(\.entity.id), "types \(types), limit \(limit)")
            }
        }
    }

    /// A search for a one- to three-letter word being typed is answered from the stored list (64
    /// entities) while it covers the page and live past it, in the same order, so pages follow on.
    @Test func typedShortPrefixPagesFollowOnPastTheStoredList() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        try index.index((0..<100).map { i in
            var walk = trail("t\(i)", "Harbor walk \(i)")
            walk.attributes["popularity"] = .int((i * 37) % 23)
            return walk
        })
        let whole = try index.search(SearchRequest.typed("ha", limit: 100))
        #expect(whole.results.count == 100 && whole.total == 100)
        for limit in [7, 10, 30] {
            let paged = try pagedIDs(index, SearchRequest.typed("ha"), limit: limit, upTo: 100) { page, offset in
                #expect(page.total == 100 && page.results.map(\.rank) == Array(offset + 1...offset + page.results.count), "limit \(limit), offset \(offset)")
            }
            #expect(paged == whole.results.map(\.entity.id.stringValue), "limit \(limit)")
        }
    }
}
