import Foundation
import Testing
@testable import Searchlight
import XapianIndex

/// BM25's length normalisation, written into the wdfs (`LengthNormalization`), must score as BM25 does.
@Suite struct LengthNormalizedRanking {
    static let schema = try! Schema(jsonText: """
        {"types": [{"name": "note", "display": {"title": "text"}, "attributes": [{"key": "text", "kind": "text"}]}]}
        """, source: "test")

    @Test func scoresAreBM25WithItsLengthNormalisation() throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Self.schema)
        let texts = ["1": "alpha beta", "2": "alpha b c d e f g h i j k l", "3": "gamma", "4": "alpha alpha alpha delta"]
        try index.index(texts.sorted { $0.key < $1.key }.map { Entity(type: "note", id: .string($0.key), attributes: ["text": .string($0.value)]) })

        let lengths = texts.mapValues { Double($0.split(separator: " ").count) }
        let average = lengths.values.reduce(0, +) / Double(lengths.count)
        #expect(try #require(index.normalization).averageLength == average)
        // The text is the title too, normalised by its own length: the same here, with weight 1.
        #expect(try #require(index.normalization).averageTitleLength == average)

        // Xapian's BM25 idf for a term in 3 of 4 documents (its floor for common terms included).
        let ratio = (4.0 - 3 + 0.5) / (3 + 0.5)
        let idf = log(ratio < 2 ? ratio * 0.5 + 1 : ratio)
        let found = try index.search(SearchRequest("alpha "))
        #expect(found.results.count == 3)
        for result in found.results {
            let id = result.entity.id.stringValue
            let occurrences = Double(texts[id]!.split(separator: " ").filter { $0 == "alpha" }.count)
            // BM25: tf / (1 - b + b * max(length / average, 0.5)), with the wdf's rounding to 1/32.
            let normalized = occurrences * Double(LengthNormalization(averageLength: average, averageTitleLength: nil).wdf(weight: 1, length: lengths[id]!)) / LengthNormalization.scale
            let expected = idf * (Ranking.k1 + 1) * normalized / (Ranking.k1 + normalized)
            #expect(abs(result.score - expected) < 1e-9, "note \(id): \(result.score) vs \(expected)")
        }
        // The short note beats the long one, which has the word as often.
        #expect(found.results.map(\.entity.id.stringValue) == ["4", "1", "2"])
    }

    /// An entity's whole title weighs as its title's words do, by the title's length: a long
    /// description does not lower the boost of the name typed whole.
    @Test func theWholeTitleBoostDoesNotDependOnTheRestOfTheEntity() throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Schema(jsonText: """
            {"types": [{"name": "app", "display": {"title": "name"},
                        "attributes": [{"key": "name", "kind": "text"}, {"key": "about", "kind": "text"}]}]}
            """, source: "test"))
        let long = (0..<60).map { "word\($0)" }.joined(separator: " ")
        try index.index([Entity(type: "app", id: "short", attributes: ["name": "Ffmpeg", "about": "video tools"]),
                         Entity(type: "app", id: "long", attributes: ["name": "Ffmpeg", "about": .string(long)]),
                         Entity(type: "app", id: "other", attributes: ["name": "Gimp", "about": "images"])])
        var request = SearchRequest("ffmpeg")
        request.explain = true
        let found = try index.search(request)
        let boosts = try found.results.map { result in
            try #require(result.explanation?.matches.first { $0.field == "whole title" }).weight
        }
        #expect(boosts.count == 2 && boosts[0] > 0 && abs(boosts[0] - boosts[1]) < 1e-9, "\(boosts)")
    }

    /// A typed word's title prefix carries no weight: entities matching only through it follow every
    /// weighted match, in the order they were indexed, on every page.
    @Test func unweightedMatchesFollowTheWeightedOnesInIndexOrder() throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Self.schema)
        var entities = (0..<30).map { Entity(type: "note", id: .string("p\($0)"), attributes: ["text": .string("lizard number \($0)")]) }
        entities.insert(Entity(type: "note", id: .string("w1"), attributes: ["text": "zebra crossing"]), at: 7)
        entities.insert(Entity(type: "note", id: .string("w2"), attributes: ["text": "zebra zebra"]), at: 20)
        try index.index(entities)

        let unweighted = entities.map(\.id.stringValue).filter { $0.hasPrefix("p") }
        let whole = try index.search(SearchRequest.typed("zebra li", match: .any, limit: 40))
        #expect(whole.results.map(\.entity.id.stringValue) == ["w2", "w1"] + unweighted)
        #expect(whole.results.prefix(2).allSatisfy { $0.score > 0 } && whole.results.dropFirst(2).allSatisfy { $0.score == 0 })
        #expect(whole.total == 32)
        for limit in [1, 3, 10] {
            let paged = try pagedIDs(index, SearchRequest.typed("zebra li", match: .any), limit: limit, upTo: 32)
            #expect(paged == whole.results.map(\.entity.id.stringValue), "limit \(limit)")
        }
        // Best match: the entities with every word first ("li" begins "lizard" but no zebra note's word).
        // Paged, a page past the end of the all-words matches goes on into the others.
        let everyWordFirst = try index.search(SearchRequest.typed("zebra lizard", limit: 40))
        #expect(everyWordFirst.results.count == 32 && everyWordFirst.total == 32)
        for limit in [1, 3, 10] {
            let paged = try pagedIDs(index, SearchRequest.typed("zebra lizard"), limit: limit, upTo: 32) { page, offset in
                // An estimate, but of these 32 entities: never fewer than shown so far, never more than there are.
                #expect(page.total >= offset + page.results.count && page.total <= 32, "limit \(limit), offset \(offset): \(page.total)")
            }
            #expect(paged == everyWordFirst.results.map(\.entity.id.stringValue), "limit \(limit)")
        }
        let best = try index.search(SearchRequest.typed("zebra li", limit: 5))
        #expect(best.results.map(\.entity.id.stringValue) == ["w2", "w1"] + unweighted.prefix(3))
    }

    @Test func theAverageIsFixedByTheFirstEntitiesAndStored() throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Self.schema)
        #expect(index.normalization == nil)
        try index.index([Entity(type: "note", id: "1", attributes: ["text": "one two three four"])])
        try index.index([Entity(type: "note", id: "2", attributes: ["text": "one"])])
        #expect(index.normalization?.averageLength == 4)
        let reader = try EntityIndex(path: folder.path + "/index")
        #expect(reader.normalization?.averageLength == 4)
        #expect(reader.normalization?.averageTitleLength == 4)
    }

    /// BM25F's normalisation of the title by its own length: of the entities whose titles and
    /// descriptions hold a word alike, the shortest title ranks first, however long its description.
    @Test func titlesAreNormalisedByTheirOwnLength() throws {
        let schema = try Schema(jsonText: """
            {"types": [{"name": "package", "display": {"title": "name"}, "attributes": [
              {"key": "name", "kind": "text", "weight": 3}, {"key": "description", "kind": "text"}]}]}
            """, source: "test")
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(schema)
        let long = Array(repeating: "a lightweight framework for web applications with templates and routing", count: 3).joined(separator: " ")
        try index.index([
            Entity(type: "package", id: "python3-flask", attributes: ["name": "python3-flask", "description": .string("Flask is \(long)")]),
            Entity(type: "package", id: "python3-flask-mail", attributes: ["name": "python3-flask-mail",
                   "description": "Sends mail from Flask applications through a configured server"]),
            Entity(type: "package", id: "python3-flask-login", attributes: ["name": "python3-flask-login",
                   "description": "User session management for Flask with remember me cookies"]),
        ])
        let normalization = try #require(index.normalization)
        #expect(normalization.averageTitleLength == 8.0 / 3)
        let found = try index.search(SearchRequest("flask"))
        #expect(found.results.first?.entity.id.stringValue == "python3-flask", "\(found.results.map(\.entity.id))")

        // An index written before titles and attributes had their own averages keeps normalising them with the rest.
        try index.state.withLock { state in
            let writer = try #require(state.writer)
            try writer.setMetadata(IndexMetadata.averageTitleLength, [])
            try writer.setMetadata(IndexMetadata.averageFieldLengths, [])
            try writer.commit()
        }
        let before = try EntityIndex(path: folder.path + "/index")
        #expect(before.normalization == LengthNormalization(averageLength: normalization.averageLength, averageTitleLength: nil))
    }

    @Test func aSurveyMeasuresInferredTypesFromAUniformSampleOfTheirLines() throws {
        var survey = LengthSurvey()
        var exact = 0.0
        for i in 0..<5_000 {
            let count = i % 10 == 0 ? 300 : 2 + i % 5
            exact += Double(count)
            let line = #"{"type":"note","id":"\#(i)","attributes":{"text":"\#(String(repeating: "word ", count: count))"}}"#
            Array(line.utf8).withUnsafeBytes { survey.sampleLineOfInferredType($0) }
        }
        exact /= 5_000
        let normalization = try #require(survey.normalization(decoder: EntityDecoder(schema: Self.schema)))
        #expect(abs(normalization.averageLength - exact) / exact < 0.1, "\(normalization.averageLength) vs \(exact)")
        // The note's text is its title.
        #expect(normalization.averageTitleLength == normalization.averageLength)
        #expect(LengthSurvey().normalization(decoder: EntityDecoder(schema: Self.schema)) == nil)
    }

    @Test func wdfsAreWeightTimesScaleOverBM25sDivisor() {
        let normalization = LengthNormalization(averageLength: 100, averageTitleLength: 4)
        #expect(normalization.wdf(weight: 1, length: 100) == 32)
        #expect(normalization.wdf(weight: 5, length: 10) == 256)            // shorter than half the average counts as half
        #expect(normalization.wdf(weight: 1, length: 1_000) == 4)           // 32 / 7.75
        #expect(normalization.wdf(weight: 1, length: 1_000_000) == 1)       // never 0
        // A title word by the title's length alone, whatever the entity's.
        #expect(normalization.titleWdf(weight: 1, titleLength: 4, length: 1_000) == 32)
        #expect(normalization.titleWdf(weight: 3, titleLength: 1, length: 1_000) == 154)   // shorter than half the average counts as half
        #expect(normalization.titleWdf(weight: 1, titleLength: 12, length: 10) == 13)      // 32 / 2.5
        // Without an average title length, as the rest of the entity.
        let before = LengthNormalization(averageLength: 100, averageTitleLength: nil)
        #expect(before.titleWdf(weight: 1, titleLength: 4, length: 1_000) == 4)
        #expect(LengthNormalization(stored: normalization.stored, storedTitle: normalization.storedTitle) == normalization)
        #expect(LengthNormalization(stored: before.stored, storedTitle: before.storedTitle) == before)
        #expect(LengthNormalization(stored: normalization.stored, storedTitle: Array("wide".utf8)) == before)
        #expect(LengthNormalization(stored: Array("not a number".utf8), storedTitle: nil) == nil)
    }
}

/// The ranking hint re-orders the matches by weight plus boost within blocks in weight order;
/// candidates that cannot reach the page are not read, which must not change any page, and every
/// page size and offset must cut the same order.
@Suite struct HintReranking {
    static let schema = try! Schema(jsonText: """
        {"types": [{"name": "note", "display": {"title": "text"}, "rankingHint": "popularity",
                    "attributes": [{"key": "text", "kind": "text"}, {"key": "popularity", "kind": "integer"}]}]}
        """, source: "test")

    @Test func everyPageIsCutFromTheSameBlockwiseRanking() throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Self.schema)
        var entities: [Entity] = []
        // 48 matches whose weights spread over more than the largest boost, the lighter ones the
        // popular ones (more filler or fewer "alpha": the whole boost, the others none); 1,000 other
        // notes give the word an idf that spreads them.
        for i in 0..<48 {
            let text = Array(repeating: "alpha", count: 1 + i % 6) + Array(repeating: "filler", count: i % 11)
            entities.append(Entity(type: "note", id: .string("m\(i)"),
                                   attributes: ["text": .string(text.joined(separator: " ")), "popularity": .int(i % 11 >= 5 || i % 6 <= 1 ? 100 : 0)]))
        }
        for i in 0..<1000 { entities.append(Entity(type: "note", id: .string("o\(i)"), attributes: ["text": "other words here"])) }
        try index.index(entities)

        // Every match, re-ranked with its hint (no page is smaller than the whole set here).
        var explained = SearchRequest("alpha ", limit: 100, offset: 0)
        explained.explain = true
        let whole = try index.search(explained)
        #expect(whole.results.count == 48)
        let maximum = log1p(100.0)
        let boost = { (result: SearchResult) in Ranking.hintBoost * log1p(result.entity.attributes["popularity"]!.elements.first!.doubleValue!) / maximum }
        #expect(whole.results.allSatisfy { abs($0.explanation!.hintBoost - boost($0)) < 1e-9 })
        // Xapian's order by weight alone (the score before boost and cap), docid breaking ties;
        // the order is that of weight plus boost, which the cap does not change.
        let byWeight = whole.results.map { result in
            let weight = result.score - result.explanation!.hintBoost + result.explanation!.capped
            return (id: result.entity.id.stringValue, weight: (weight * 1e9).rounded() / 1e9, score: weight + boost(result))
        }.sorted { ($0.weight, Int($1.id.dropFirst())!) > ($1.weight, Int($0.id.dropFirst())!) }
        #expect(byWeight.first!.weight - byWeight.last!.weight > 2 * Ranking.hintBoost)
        // Each block of 30 in weight order, re-ordered by score (ties keep the weight order).
        let expected = stride(from: 0, to: byWeight.count, by: Ranking.rerankBlock).flatMap { start in
            byWeight[start..<min(start + Ranking.rerankBlock, byWeight.count)].enumerated()
                .sorted { ($0.element.score, $1.offset) > ($1.element.score, $0.offset) }.map(\.element.id)
        }
        #expect(whole.results.map(\.entity.id.stringValue) == expected)
        for limit in [1, 2, 3, 5, 10, 29, 31] {
            let paged = try pagedIDs(index, SearchRequest("alpha "), limit: limit, upTo: 48) { page, offset in
                #expect(page.results.map(\.entity.id.stringValue) == Array(expected.dropFirst(offset).prefix(limit)), "limit \(limit), offset \(offset)")
            }
            #expect(paged == expected, "limit \(limit)")
        }
    }
}

/// Pseudo-relevance feedback re-weighs a pool of the query's best matches; the pages it gives must
/// be those of the expanded query over every match.
@Suite struct PseudoRelevanceFeedback {
    @Test func thePoolRanksAsTheExpandedQueryOverEveryMatch() throws {
        let folder = TemporaryFolder()
        let db = try WritableDatabase(path: folder.path + "/db")
        let generator = try TermGenerator(stemmer: try Stemmer(language: "english"))
        // In docid order: 5 best matches, with the feedback words "basalt lava"; 40 as good without
        // them; 20 a little less good with them, which the feedback lifts past those 40 (so a pool
        // of only the best 30 would miss them); 400 weak matches; 10 with only the feedback words
        // (the expanded query alone would match them); 125 with neither.
        let groups: [(count: Int, text: String)] = [(5, "granite granite granite granite granite basalt lava"),
                                                    (40, "granite granite granite granite granite"),
                                                    (20, "granite granite granite granite basalt lava"),
                                                    (400, "granite cliff"), (10, "basalt lava"), (125, "pebble")]
        for (count, text) in groups {
            for _ in 0..<count {
                let document = Document()
                generator.document = document
                try generator.indexText(text)
                _ = try db.addDocument(document)
            }
        }
        try db.commit()
        let enquire = try Enquire(database: db)
        Ranking.weigh(enquire)
        let query = try Query.combine(.or, [Query.term("Zgranit"), Query.term("Zcliff")])
        let run = { (query: Query, count: Int) throws(XapianError) -> MatchSet in
            enquire.query = query
            return try enquire.matches(offset: 0, limit: count)
        }
        let feedback = try #require(try Ranking.feedback(for: query, enquire: enquire, matches: run))

        // The same feedback terms, weighed over every match.
        let terms = try enquire.expansionTerms(from: run(query, Ranking.feedbackDocuments).map(\.docid), maxTerms: Ranking.expansionTerms,
                                               includingQueryTerms: true)
        #expect(terms.contains { $0.term == "Zbasalt" })
        let expansion = try Query.combine(.or, terms.map { Query.term($0.term) }).scaled(by: Ranking.expansionWeight)
        let everywhere = try run(Query.combine(.andMaybe, [query, expansion]), Ranking.rerankBlock)
        let pooled = try run(feedback.pool, Ranking.rerankBlock)
        #expect(everywhere.prefix(Ranking.feedbackDocuments + 20).map(\.docid) == Array(1...5) + Array(46...65))
        #expect(pooled.map(\.docid) == everywhere.map(\.docid))
        #expect(pooled.map(\.weight) == everywhere.map(\.weight))
        // The pool and the rest share out the query's matches, and the total is the query's own
        // (Xapian's estimate from the pool's run).
        let pool = Set(try run(feedback.pool, 600).map(\.docid)), rest = Set(try run(feedback.rest, 600).map(\.docid))
        #expect(pool.count == Ranking.feedbackPool && pool.isDisjoint(with: rest) && pool.count + rest.count == 465)
        #expect(try feedback.total == run(query, Ranking.feedbackPool).estimatedTotal)
    }

    /// A verbose search finds what its words match, re-ranked by the feedback, and nothing that
    /// only the feedback terms match.
    @Test func feedbackReRanksTheMatchesAndAddsNone() throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(LengthNormalizedRanking.schema)
        var entities = (0..<40).map { i in
            Entity(type: "note", id: .string("m\(i)"), attributes: ["text": .string(["granite cliff", "valley trail", "summit"][i % 3] + " basalt lava")])
        }
        entities += (0..<10).map { Entity(type: "note", id: .string("f\($0)"), attributes: ["text": "basalt lava flows"]) }
        entities += (0..<50).map { Entity(type: "note", id: .string("o\($0)"), attributes: ["text": "pebble beach"]) }
        try index.index(entities)
        for match in [SearchRequest.MatchMode.any, .best] {
            let found = try index.search(SearchRequest("granite cliff valley trail summit", match: match, limit: 100))
            #expect(found.results.count == 40 && found.results.allSatisfy { $0.entity.id.stringValue.hasPrefix("m") }, "\(match)")
            #expect(found.total == 40, "\(match)")
        }
    }
}
