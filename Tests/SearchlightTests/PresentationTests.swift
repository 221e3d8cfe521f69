import Foundation
import Testing
@testable import Searchlight
import XapianIndex

@Suite(.serialized) struct Presentation {
    let fixture: CorpusFixture
    init() throws { fixture = try CorpusFixture() }

    private func hint(_ entity: Entity) -> Double {
        let key = fixture.index.schema.type(named: entity.type)?.rankingHint
        return Ranking.hintScale(key.flatMap { entity.attributes[$0]?.elements.first?.doubleValue } ?? -1)
    }

    @Test func snippetsHighlightTheMatchedWords() throws {
        let results = try fixture.index.search(SearchRequest("granite waterfalls ", limit: 20)).results
        #expect(results.contains { !($0.snippet?.highlights.isEmpty ?? true) })
        for result in results {
            guard let snippet = result.snippet else { continue }
            let scalars = Array(snippet.text.unicodeScalars)
            for range in snippet.highlights {
                var word = ""
                word.unicodeScalars.append(contentsOf: scalars[range])
                #expect(["granit", "waterfal"].contains { word.lowercased().hasPrefix($0) }, "\(word) in \(snippet.text)")
            }
        }
    }

    @Test func aSnippetIsCutAroundTheFirstMatchAndHighlightsByCodePoint() throws {
        let builder = try #require(SnippetBuilder(text: QueryText("Waterfalls gran", typing: true, stopwords: []),
                                                          languages: [(.english, try Stemmer(language: "english"))]))
        let type = try #require(outdoorSchema.type(named: "trail"))
        let before = String(repeating: "Crème brûlée près du lac. ", count: 4)
        let text = before + "The WATERFALL\tdrops by granite slabs; waterfalls again, then " + String(repeating: "forest ", count: 40)
        let snippet = try #require(builder.snippet(for: trail("t", "T", description: text), type: type))
        #expect(snippet.text.hasPrefix("…") && snippet.text.hasSuffix("…"), "cut on both sides: \(snippet.text)")
        #expect(!snippet.text.contains("\t"), "tabs show as spaces")
        let scalars = Array(snippet.text.unicodeScalars)
        let words = snippet.highlights.map { range -> String in var word = ""; word.unicodeScalars.append(contentsOf: scalars[range]); return word }
        #expect(words == ["WATERFALL", "granite", "waterfalls"])
        #expect(snippet.text.utf8.count <= SnippetBuilder.length + 6)
    }

    @Test func explanationsNameTheMatchedFieldsAndThePlan() throws {
        var request = SearchRequest("granite dome ")
        request.explain = true
        let found = try fixture.index.search(request)
        #expect(found.plan?.contains("Zgranit") == true)
        for result in found.results {
            let explanation = try #require(result.explanation)
            #expect(explanation.matches.contains { $0.word.hasPrefix("granit") || $0.word.hasPrefix("dome") })
            #expect(explanation.hintBoost >= 0 && explanation.hintBoost <= Ranking.hintBoost)
        }
        #expect(found.results.contains { $0.explanation!.hintBoost > 0 })
    }

    @Test func explainedWeightsAddUpToTheScore() throws {
        // One word, not being typed, no whole-title match: the score is that word's weights plus the hint.
        var request = SearchRequest("granite ")
        request.explain = true
        for result in try fixture.index.search(request).results {
            let explanation = try #require(result.explanation)
            let sum = explanation.matches.reduce(0) { $0 + $1.weight } + explanation.hintBoost
            #expect(abs(sum - result.score) < 1e-6, "\(explanation.matches) + \(explanation.hintBoost) vs \(result.score)")
            #expect(explanation.matches.allSatisfy { $0.weight > 0 && $0.expandedFrom == nil })
        }
    }

    @Test func explanationsListTheWordsATypedPrefixExpandedTo() throws {
        var request = SearchRequest.typed("waterf")
        request.explain = true
        let found = try fixture.index.search(request)
        #expect(!found.results.isEmpty)
        for result in found.results {
            let expanded = result.explanation!.matches.filter { $0.expandedFrom != nil }
            #expect(expanded.allSatisfy { $0.expandedFrom == "waterf" && $0.term.hasPrefix("waterf") && $0.weight > 0 })
        }
        #expect(found.results.contains { $0.explanation!.matches.contains { $0.expandedFrom != nil } })
    }

    @Test func aMisspeltQueryOffersACorrection() throws {
        let found = try fixture.index.search(SearchRequest("yosemte "))
        #expect(found.correction == "yosemite")
        #expect(try fixture.index.search(SearchRequest("yosemite ")).correction == nil)
    }

    @Test func theWholeTitleRanksFirst() throws {
        let first = try #require(try fixture.index.search(SearchRequest("half dome ")).results.first)
        #expect(first.displayRepresentation.title == "Half Dome")
    }

    @Test(arguments: ["h", "ha", "gla", "mo"])
    func aShortTypedWordGivesTheBestEntitiesWithSuchATitleWord(prefix: String) throws {
        let results = try fixture.index.search(SearchRequest.typed(prefix, limit: 8)).results
        #expect(!results.isEmpty)
        for result in results {
            #expect(Words.lowercased(result.displayRepresentation.title).contains { $0.hasPrefix(prefix) })
        }
        let hints = results.map { hint($0.entity) }
        #expect(hints == hints.sorted(by: >))
        // The same as ranking every entity with such a title word by its hint.
        let live = try fixture.index.read { (state: inout EntityIndex.State) throws in
            try EntityIndex.liveTitlePrefixEntities(head: [], prefix: prefix, types: [], limit: 8, state: &state).results
        }
        #expect(live.map { hint($0.entity) } == hints)
    }

    @Test func bodyTextIsSearchableByItsOwnFieldName() throws {
        #expect(fixture.index.schema.type(named: "trail")?.attribute("description")?.fieldSearchable == true)
        #expect(fixture.index.schema.type(named: "trail")?.attribute("name")?.fieldSearchable == true)
        let results = try fixture.index.search(SearchRequest("description:cables ", types: ["trail"], limit: 100)).results
        #expect(results.contains { $0.entity.id == "half-dome-trail" })
        #expect(results.allSatisfy { $0.entity.attributes["description"]?.text.lowercased().contains("cable") == true })
    }

    @Test func smallTypesAndEnumsEnumerate() throws {
        let collections = try fixture.index.allEntities(ofType: "collection")
        #expect(collections.count == fixture.source.filter { $0["type"] as? String == "collection" }.count)
        let titles = collections.map { fixture.index.schema.displayRepresentation(of: $0).title.lowercased() }
        #expect(titles == titles.sorted())
        #expect(throws: SearchlightError.self) { try fixture.index.allEntities(ofType: "trail", limit: 10) }
        #expect(try fixture.index.allCases(ofEnum: "difficulty").map(\.value) == ["easy", "moderate", "strenuous"])
        #expect(throws: SearchlightError.self) { try fixture.index.allCases(ofEnum: "nope") }
    }
}

@Test func urlPlaceholdersArePercentEncoded() {
    #expect(Schema.percentEncoded("a b/ü-x_y.z~") == "a%20b%2F%C3%BC-x_y.z~")
    #expect(Schema.percentEncoded("rock&roll:1") == "rock&roll:1")
    let schema = try! Schema(jsonText: """
        {"types": [{"name": "trail", "url": "https://x.test/{region}/t/{id}?v={grade}&{missing}", "attributes": [
            {"key": "region", "kind": "keyword", "multiValued": true}, {"key": "grade", "kind": "integer"}]}]}
        """, source: "test")
    let entity = Entity(type: "trail", id: "mist/1", attributes: ["region": ["Sierra Nevada", "Yosemite"], "grade": 3])
    #expect(schema.url(of: entity) == "https://x.test/Sierra%20Nevada/t/mist%2F1?v=3&")
}

@Test func datesFarOutsideISO8601FormatAsSeconds() {
    #expect(ISO8601.format(Date(timeIntervalSince1970: 1e19)) == "1e+19")
    #expect(ISO8601.format(Date(timeIntervalSince1970: 86_400)) == "1970-01-02")
}
