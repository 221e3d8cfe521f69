import Foundation
import Testing
@testable import Searchlight

/// Every page of a search read to the end, with several page sizes: the entities listed, the
/// total each page gives and the scores, against a brute-force count of the entities indexed.
struct Paging {
    /// One page's total and the results it holds.
    struct Page {
        var offset: Int
        var total: Int
        var totalIsExact: Bool
        var results: [SearchResult]
    }

    let pages: [Page]

    /// Reads `request` page by page, `limit` at a time, until a page comes back short.
    init(_ index: EntityIndex, _ request: SearchRequest, limit: Int) throws {
        var pages: [Page] = []
        var offset = 0
        while true {
            var paged = request
            paged.limit = limit
            paged.offset = offset
            let found = try index.search(paged)
            pages.append(Page(offset: offset, total: found.total, totalIsExact: found.totalIsExact, results: found.results))
            if found.results.count < limit { break }
            offset += limit
        }
        self.pages = pages
    }

    var results: [SearchResult] { pages.flatMap(\.results) }
    var ids: [String] { results.map { $0.entity.reference.description } }

    /// Checks the pages against `expected`, the number of entities the search should list: none
    /// listed twice, every page's total at least what it and the pages before listed (plus one
    /// when more follow), an exact total equal to `expected`, and the last page's total exact.
    func check(against expected: Int, exactEverywhere: Bool, _ comment: Comment) {
        #expect(ids.count == expected, comment)
        #expect(Set(ids).count == ids.count, "no entity twice: \(comment)")
        for page in pages {
            let shown = page.offset + page.results.count
            let more = shown < expected
            #expect(page.total >= shown + (more ? 1 : 0), "offset \(page.offset): total \(page.total) below what can be paged to: \(comment)")
            if page.totalIsExact { #expect(page.total == expected, "offset \(page.offset): exact total \(page.total): \(comment)") }
            if exactEverywhere { #expect(page.totalIsExact, "offset \(page.offset) not exact: \(comment)") }
        }
        #expect(pages.last?.totalIsExact == true, "the page that ends the list counts it: \(comment)")
    }

    /// Checks that scores never increase down the list, and that each result's explanation adds
    /// up to its score.
    func checkScores(_ comment: Comment) {
        var previous = Double.infinity
        for result in results {
            #expect(result.score <= previous, "rank \(result.rank) scores \(result.score) under \(previous): \(comment)")
            previous = result.score
            guard let explanation = result.explanation else { continue }
            let parts = explanation.matches.reduce(0) { $0 + $1.weight } + explanation.hintBoost - explanation.capped
            #expect(abs(parts - result.score) < 1e-9, "rank \(result.rank): parts \(parts) vs score \(result.score): \(comment)")
            #expect(explanation.capped >= 0)
        }
    }
}

/// The page sizes every search is read with.
private let pageSizes = [1, 3, 7, 10, 29, 30, 31, 100]

@Suite(.serialized) struct TotalsOnTheCorpus {
    let fixture: CorpusFixture
    let entities: [Entity]

    init() throws {
        let fixture = try CorpusFixture()
        self.fixture = fixture
        entities = try fixture.index.schema.types.flatMap { try fixture.index.allEntities(ofType: $0.name) }
    }

    /// The entities whose default-searchable words (text, keywords, enum values and titles)
    /// include one of `words`, as whole words, case folded.
    func holding(_ words: Set<String>) -> Int {
        let schema = fixture.index.schema
        return entities.filter { entity in
            guard let type = schema.type(named: entity.type) else { return false }
            return type.attributes.filter(\.searchableByDefault).contains { attribute in
                (entity.attributes[attribute.key]?.elements ?? []).contains { value in
                    var text = value.text
                    if let name = attribute.enumName, let title = schema.enumType(named: name)?.enumCase(text)?.display.title { text += " " + title }
                    return !words.isDisjoint(with: text.lowercased().split { !$0.isLetter }.map(String.init))
                }
            }
        }.count
    }

    @Test func theCorpusIsAllThere() {
        #expect(entities.count == fixture.source.count)
    }

    @Test func pagingToTheEndListsTheTotalOfAWordSearch() throws {
        let cases: [(text: String, words: Set<String>)] = [
            ("granite", ["granite"]), ("granite waterfall", ["granite", "waterfall", "waterfalls"]),
        ]
        for (text, words) in cases {
            let expected = holding(words)
            #expect(expected > 30, "enough matches to page through: \(text)")
            for limit in pageSizes {
                try Paging(fixture.index, SearchRequest(text), limit: limit).check(against: expected, exactEverywhere: false, "\(text) by \(limit)")
                var exact = SearchRequest(text)
                exact.exactTotal = true
                try Paging(fixture.index, exact, limit: limit).check(against: expected, exactEverywhere: true, "\(text) exactly, by \(limit)")
            }
        }
    }

    @Test func aFilterHasAnExactTotalOnEveryPage() throws {
        // Bounds that entities have exactly (rating 4.7, elevation 50, updated 2024-04-19), and filters
        // the index answers alone or with each candidate's entity checked.
        let filters = ["rating > 4.5", "rating > 4.7", "rating >= 4.7", "elevation < 50", "elevation <= 50",
                       "updated >= $time.iso(2024-01-01T00:00:00Z)", "updated < $time.iso(2024-04-19)", "dogFriendly == true && length < 10",
                       "country == \"Chile\"", "difficulty == \"easy\"", "rating > 4.5 || elevation < 500"]
        for text in filters {
            let filter = try EntityPredicate(spotlight: text)
            let expected = entities.filter { filter.matches($0, schema: fixture.index.schema) }.count
            #expect(expected > 0, "\(text) matches some")
            for query in ["", "lake", "trail"] {
                let expectedHere = query.isEmpty ? expected
                    : entities.filter { filter.matches($0, schema: fixture.index.schema) && holdsWord(query, $0) }.count
                for limit in pageSizes {
                    try Paging(fixture.index, SearchRequest(query, filter: filter), limit: limit)
                        .check(against: expectedHere, exactEverywhere: true, "\(text) '\(query)' by \(limit)")
                }
            }
        }
    }

    /// Whether `entity` holds `word` (or its plural) in its default-searchable words.
    private func holdsWord(_ word: String, _ entity: Entity) -> Bool {
        let schema = fixture.index.schema
        let type = schema.type(named: entity.type)!
        return type.attributes.filter(\.searchableByDefault).contains { attribute in
            (entity.attributes[attribute.key]?.elements ?? []).contains { value in
                var text = value.text
                if let name = attribute.enumName, let title = schema.enumType(named: name)?.enumCase(text)?.display.title { text += " " + title }
                return text.lowercased().split { !$0.isLetter }.contains { $0 == word || $0 == word + "s" }
            }
        }
    }

    @Test func fieldValuesInTheQueryHaveExactTotals() throws {
        let cases: [(String, (Entity) -> Bool)] = [
            ("elevation:..1000", { ($0.attributes["elevation"]?.elements.first?.doubleValue).map { $0 <= 1000 } ?? false }),
            ("rating:4.7", { $0.attributes["rating"]?.elements.first?.doubleValue == 4.7 }),
            ("dogFriendly:true", { $0.attributes["dogFriendly"] == .bool(true) }),
            ("activities:\"Horseback Riding\"", { $0.attributes["activities"]?.elements.contains(.string("horseback")) ?? false }),
            ("updated:2024", { $0.attributes["updated"]?.text.hasPrefix("2024") ?? false }),
        ]
        for (text, accept) in cases {
            let expected = entities.filter(accept).count
            #expect(expected > 0, "\(text) matches some")
            for limit in pageSizes {
                try Paging(fixture.index, SearchRequest(text), limit: limit).check(against: expected, exactEverywhere: true, "\(text) by \(limit)")
            }
        }
    }

    @Test func facetsAndTitlePrefixesCountExactly() throws {
        let all = entities.count
        for limit in [10, 100] {
            try Paging(fixture.index, SearchRequest("", facets: ["type"]), limit: limit).check(against: all, exactEverywhere: true, "facets by \(limit)")
        }
        // One to three typed letters list the entities with a title word starting with them.
        let titled = entities.filter { fixture.index.schema.displayRepresentation(of: $0).title.lowercased()
            .split { !$0.isLetter && !$0.isNumber }.contains { $0.hasPrefix("gr") } }.count
        for limit in [1, 5, 10, 64, 65] {
            try Paging(fixture.index, SearchRequest.typed("gr"), limit: limit).check(against: titled, exactEverywhere: false, "gr by \(limit)")
            try Paging(fixture.index, SearchRequest.typed("gr", types: ["landmark"]), limit: limit)
                .check(against: entities.filter { $0.type == "landmark" && fixture.index.schema.displayRepresentation(of: $0).title.lowercased()
                    .split { !$0.isLetter && !$0.isNumber }.contains { $0.hasPrefix("gr") } }.count, exactEverywhere: false, "gr landmarks by \(limit)")
        }
    }

    @Test func scoresNeverIncreaseDownTheListAndExplanationsAddUp() throws {
        let texts = ["granite waterfall", "lake glacier", "lake OR glacier -trail", "a steep climb beside the river with granite steps"]
        for text in texts {
            var request = SearchRequest(text)
            request.explain = true
            let whole = try Paging(fixture.index, request, limit: 500)
            whole.checkScores("\(text) in one page")
            #expect(whole.results.contains { $0.explanation!.hintBoost > 0 }, "the hint is on: \(text)")
            for limit in pageSizes {
                let paged = try Paging(fixture.index, request, limit: limit)
                paged.checkScores("\(text) by \(limit)")
                #expect(paged.ids == whole.ids, "\(text) by \(limit): the same list")
                #expect(paged.results.map(\.score) == whole.results.map(\.score), "\(text) by \(limit): the same scores")
            }
        }
        var typed = SearchRequest.typed("granite wat")
        typed.explain = true
        for limit in [1, 10, 31] { try Paging(fixture.index, typed, limit: limit).checkScores("granite wat, typed, by \(limit)") }
    }

    @Test func sortedResultsFollowTheirKeyNotTheirScore() throws {
        // With sort keys the list is in key order; the score is relevance alone, which may rise.
        var request = SearchRequest("granite", sort: [SortDescriptor("rating", descending: true)])
        request.explain = true
        for limit in [1, 7, 100] {
            let paged = try Paging(fixture.index, request, limit: limit)
            let ratings = paged.results.map { $0.entity.attributes["rating"]?.elements.first?.doubleValue ?? -1 }
            #expect(ratings == ratings.sorted(by: >), "by \(limit)")
            #expect(paged.results.allSatisfy { $0.explanation!.hintBoost == 0 && $0.explanation!.capped == 0 })
            for result in paged.results {
                let parts = result.explanation!.matches.reduce(0) { $0 + $1.weight }
                #expect(abs(parts - result.score) < 1e-9)
            }
        }
    }
}

/// The same checks on German, French and Chinese entities generated with known words, so the
/// count of a word search is known without the engine.
@Suite struct TotalsInSeveralLanguages {
    static let schema = try! Schema(jsonText: """
    {"types": [
      {"name": "buch", "language": "de", "display": {"title": "titel"}, "rankingHint": "beliebtheit",
       "attributes": [{"key": "titel", "kind": "text", "weight": 3}, {"key": "text", "kind": "text"},
                      {"key": "beliebtheit", "kind": "integer"}, {"key": "preis", "kind": "double"}]},
      {"name": "livre", "language": "fr", "display": {"title": "titre"}, "rankingHint": "beliebtheit",
       "attributes": [{"key": "titre", "kind": "text", "weight": 3}, {"key": "texte", "kind": "text"},
                      {"key": "beliebtheit", "kind": "integer"}, {"key": "preis", "kind": "double"}]},
      {"name": "shu", "language": "zh", "display": {"title": "title"}, "rankingHint": "beliebtheit",
       "attributes": [{"key": "title", "kind": "text", "weight": 3}, {"key": "body", "kind": "text"},
                      {"key": "beliebtheit", "kind": "integer"}, {"key": "preis", "kind": "double"}]}
    ]}
    """, source: "multilingual totals schema")

    /// Words each language's entities draw from: none a stem or stopword of another.
    static let vocabulary: [String: [String]] = [
        "buch": ["Straße", "Müller", "Brücke", "Gewitter", "Schmetterling", "Kirche", "Apfelbaum"],
        "livre": ["château", "forêt", "éléphant", "boulangerie", "fromage", "crépuscule", "hôpital"],
        "shu": ["猫", "山", "河", "雨", "书", "茶", "鸟"],
    ]

    let folder = TemporaryFolder()
    let index: EntityIndex
    var entities: [Entity] = []

    init() throws {
        index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Self.schema)
        var seed: UInt64 = 24
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        for (type, words) in Self.vocabulary.sorted(by: { $0.key < $1.key }) {
            let (titleKey, textKey) = type == "buch" ? ("titel", "text") : type == "livre" ? ("titre", "texte") : ("title", "body")
            for i in 0..<90 {
                let chosen = (0..<(1 + next(4))).map { _ in words[next(words.count)] }
                let separator = type == "shu" ? "，" : " "
                entities.append(Entity(type: type, id: .string("\(type)\(i)"), attributes: [
                    titleKey: .string(words[next(words.count)] + separator + String(i)), textKey: .string(chosen.joined(separator: separator)),
                    "beliebtheit": .int(next(1000)), "preis": .double(Double(next(100)) / 4)]))
            }
        }
        try index.index(entities)
    }

    /// The entities holding any of `words` in their title or text.
    func holding(_ words: [String]) -> Int {
        entities.filter { entity in entity.attributes.entries.contains { _, value in words.contains { value.text.contains($0) } } }.count
    }

    @Test func pagingToTheEndListsTheTotal() throws {
        let cases: [[String]] = [["Straße"], ["Müller", "Kirche"], ["château"], ["forêt", "fromage"], ["猫"], ["山", "茶"], ["Brücke", "河"]]
        for words in cases {
            let text = words.joined(separator: " ")
            let expected = holding(words)
            #expect(expected > 10, "\(text) matches enough to page through")
            for limit in pageSizes {
                var request = SearchRequest(text)
                request.explain = true
                let paged = try Paging(index, request, limit: limit)
                paged.check(against: expected, exactEverywhere: false, "\(text) by \(limit)")
                paged.checkScores("\(text) by \(limit)")
                request.exactTotal = true
                try Paging(index, request, limit: limit).check(against: expected, exactEverywhere: true, "\(text) exactly, by \(limit)")
            }
        }
    }

    @Test func aFilterOverSeveralLanguagesHasAnExactTotal() throws {
        let filter = try EntityPredicate(spotlight: "preis < 10")
        for words in [["Straße", "château", "猫"], ["Gewitter"]] {
            let expected = entities.filter { entity in
                filter.matches(entity, schema: Self.schema) && entity.attributes.entries.contains { _, value in words.contains { value.text.contains($0) } }
            }.count
            for limit in pageSizes {
                try Paging(index, SearchRequest(words.joined(separator: " "), filter: filter), limit: limit)
                    .check(against: expected, exactEverywhere: true, "\(words) under \(limit)")
            }
        }
    }
}
