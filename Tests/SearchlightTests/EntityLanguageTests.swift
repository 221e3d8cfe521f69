import Foundation
import Testing
@testable import Searchlight

/// Entities of one type in different languages, each naming its own in an attribute (the type's
/// `languageAttribute`): each is analysed, and found, in its language.
@Suite struct EntityLanguages_ {
    static let schema = try! Schema(jsonText: """
    {"types": [
      {"name": "article", "language": "en", "languageAttribute": "lang", "display": {"title": "title"},
       "attributes": [{"key": "title", "kind": "text", "weight": 3}, {"key": "body", "kind": "text"},
                      {"key": "tags", "kind": "text", "language": "en"}, {"key": "lang", "kind": "keyword"}]},
      {"name": "buch", "language": "de", "display": {"title": "titel"}, "attributes": [{"key": "titel", "kind": "text"}]}
    ]}
    """, source: "per-entity language test schema")

    static let entities = [
        Entity(type: "article", id: "de", attributes: ["title": "Erinnerungen", "body": "Die Häuser am Fluss", "lang": "de"]),
        Entity(type: "article", id: "fr", attributes: ["title": "L'Étranger", "body": "Les mémoires d'un enfant", "lang": "fr-FR"]),
        Entity(type: "article", id: "ru", attributes: ["title": "Воспоминания", "body": "Старые дома у реки", "lang": "russian"]),
        Entity(type: "article", id: "zh", attributes: ["title": "我的猫", "body": "我家有一只白色的猫", "lang": "zh-Hans"]),
        Entity(type: "article", id: "th", attributes: ["title": "ข้าวผัดกุ้ง", "body": "อาหารไทย", "tags": "cooking recipes", "lang": "th"]),
        Entity(type: "article", id: "unknown", attributes: ["title": "Running shoes", "body": "Trainers", "lang": "unknown"]),
        Entity(type: "article", id: "none", attributes: ["title": "Walking boots", "body": "Hiking"]),
        Entity(type: "buch", id: "1", attributes: ["titel": "Erinnerung an Häuser"]),
    ]

    /// An index of the article schema holding `entities`, in `folder`.
    func indexed(_ entities: [Entity], in folder: TemporaryFolder) throws -> EntityIndex {
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Self.schema)
        try index.index(entities)
        return index
    }

    func ids(_ index: EntityIndex, _ text: String, types: [String] = []) throws -> Set<String> {
        Set(try index.search(SearchRequest(text, types: types)).results.map { "\($0.entity.type):\($0.entity.id)" })
    }

    @Test func eachEntityIsAnalysedInTheLanguageItNames() throws {
        let folder = TemporaryFolder()
        let index = try indexed(Self.entities, in: folder)
        // German stems ("erinnerung" and "Erinnerungen" share one; English stems keep them apart),
        // with the static German type alongside.
        #expect(try ids(index, "erinnerung") == ["article:de", "buch:1"])
        #expect(try ids(index, "erinnerung", types: ["article"]) == ["article:de"])
        // French elisions, Russian stems, Chinese n-grams, Thai pairs.
        #expect(try ids(index, "etranger") == ["article:fr"])
        #expect(try ids(index, "дом") == ["article:ru"])
        #expect(try ids(index, "猫") == ["article:zh"])
        #expect(try ids(index, "ข้าวผัด") == ["article:th"])
        // An attribute with its own language keeps it: English stems in a Thai entity's tags.
        #expect(try ids(index, "recipe") == ["article:th"])
        // A value that is not a language, or none, falls back to the type's English.
        #expect(try ids(index, "run") == ["article:unknown"])
        #expect(try ids(index, "boot") == ["article:none"])
    }

    /// In an index that mixes languages, a word no entity has is a slip even when another
    /// language's stemmer reads it as an inflection of a word that only a third language's text
    /// has: French stems "kafkaa" as "kafka", but only the German entity says "Kafka".
    @Test func aStemOnlyAnotherLanguageHoldsIsNoInflection() throws {
        let folder = TemporaryFolder()
        let index = try indexed([
            Entity(type: "article", id: "de", attributes: ["title": "Die Verwandlung", "body": "Franz Kafka erzählt von Gregor Samsa", "lang": "de"]),
            Entity(type: "article", id: "fr", attributes: ["title": "L'Étranger", "body": "Albert Camus raconte la vie de Meursault", "lang": "fr"]),
        ], in: folder)
        let found = try index.search(SearchRequest("kafkaa"))
        #expect(found.results.map(\.entity.id.stringValue) == ["de"])
        #expect(found.correction == "kafka")
        // A word French inflects is still its stem's, not a slip: "raconter" finds "raconte".
        let inflected = try index.search(SearchRequest("raconter"))
        #expect(inflected.results.map(\.entity.id.stringValue) == ["fr"])
        #expect(inflected.correction == nil)
    }

    /// In an index that mixes languages, a query ranks the entities of the language whose function
    /// words it uses above other languages' entities that share its names, and still finds those.
    @Test func aQueryRanksItsOwnLanguageFirst() throws {
        let folder = TemporaryFolder()
        let index = try indexed([
            Entity(type: "article", id: "en", attributes: ["title": "Anthem", "body": "Victoria, Victoria will never die", "lang": "en"]),
            Entity(type: "article", id: "de", attributes: ["title": "Bundesstaat", "body": "Victoria ist ein Bundesstaat", "lang": "de"]),
        ], in: folder)
        func ranked(_ text: String) throws -> [String] { try index.search(SearchRequest(text)).results.map(\.entity.id.stringValue) }
        // Neither has every word; both have the name, the English entity twice.
        #expect(try ranked("Wo liegt Victoria?") == ["de", "en"])
        #expect(try ranked("Where is Victoria?") == ["en", "de"])
        // No function word of either language: no language is preferred.
        #expect(try ranked("Victoria") == ["en", "de"])
    }

    @Test func theLanguagesSeenAreStoredForReadersAndIngests() throws {
        let folder = TemporaryFolder()
        let writer = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try writer.register(Self.schema)
        let lines = Self.entities.prefix(3).map(\.jsonValue.jsonText)
        _ = try JSONLinesIngest(index: writer, files: [folder.write("a.jsonl", lines)], options: .init()).run()
        let reader = try EntityIndex(path: folder.path + "/index", mode: .readOnly)
        #expect(try ids(reader, "etranger") == ["article:fr"])
        #expect(try ids(reader, "дом") == ["article:ru"])
        // A language new to the index reaches the writer's own searches and, reopened, readers'.
        try writer.index([Self.entities[3]])
        #expect(try ids(writer, "猫") == ["article:zh"])
        try reader.reopen()
        #expect(try ids(reader, "猫") == ["article:zh"])
        let stored = try #require(reader.read { try $0.database.metadata(IndexMetadata.languages) })
        #expect(String(decoding: stored, as: UTF8.self) == #"{"article":["de","fr","ru","zh"]}"#)
    }

    /// A type inferred from data without a language key keeps its one language when later data
    /// brings one: its entities carry no language of their own. The run says so, and how to get it.
    @Test func anInferredTypeKeepsItsLanguageWhenLaterDataNamesEach() throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        let first = [#"{"type": "book", "id": "1", "attributes": {"title": "Running shoes for the road"}}"#]
        _ = try JSONLinesIngest(index: index, files: [folder.write("a.jsonl", first)], options: .init()).run()
        let later = [#"{"type": "book", "id": "2", "attributes": {"title": "L'Étranger", "lang": "fr"}}"#]
        let report = try JSONLinesIngest(index: index, files: [folder.write("b.jsonl", later)], options: .init()).run()
        #expect(report.schemaChanges.contains { $0.contains("attribute 'lang' names each entity's language") && $0.contains("new folder") },
                "\(report.schemaChanges)")
        let type = try #require(index.schema.type(named: "book"))
        #expect(type.languageAttribute == nil && type.attribute("lang")?.kind == .keyword)
        #expect(try ids(index, "run") == ["book:1"])
        #expect(try ids(index, "lang:fr") == ["book:2"], "filterable by its language all the same")
    }

    @Test func everyShardStoresTheLanguagesOfAllEntitiesAndSearchesAsOneIndex() throws {
        let folder = TemporaryFolder()
        let file = folder.write("articles.jsonl", Self.entities.map(\.jsonValue.jsonText))
        var options = JSONLinesIngest.Options(schema: Self.schema, batchSize: 3)
        options.jobs = 2
        let single = try EntityIndex(path: folder.path + "/single", mode: .readWrite)
        let sharded = try EntityIndex(path: folder.path + "/sharded", mode: .readWrite, shards: 3)
        for index in [single, sharded] { _ = try JSONLinesIngest(index: index, files: [file], options: options).run() }
        let expected = #"{"article":["de","en","fr","ru","th","zh"]}"#
        for number in 0..<3 {
            let shard = try EntityIndex(path: folder.path + "/sharded/shard-\(number)")
            let stored = try #require(shard.read { try $0.database.metadata(IndexMetadata.languages) })
            #expect(String(decoding: stored, as: UTF8.self) == expected, "shard \(number)")
        }
        let reader = try EntityIndex(path: folder.path + "/sharded")
        for text in ["erinnerung", "Häuser", "etranger", "дом", "猫", "ข้าวผัด", "recipe", "run", "boot"] {
            let one = try single.search(SearchRequest(text)).results, many = try reader.search(SearchRequest(text)).results
            #expect(!one.isEmpty && one.map(\.entity.reference) == many.map(\.entity.reference), "\(text)")
            #expect(zip(one, many).allSatisfy { abs($0.score - $1.score) < 1e-9 }, "scores of \(text)")
        }
        #expect(try IndexCheckReport(checking: folder.path + "/sharded").isConsistent)
    }

    @Test func eachLanguageParseIsRestrictedToItsEntities() throws {
        var seen = EntityLanguages()
        seen.insert(Language("de")!, type: "article")
        seen.insert(Language("german2")!, type: "article")
        let searcher = try Searcher(schema: Self.schema, languages: seen, database: nil)
        #expect(searcher.languages.map(\.analyzer.language.tag).sorted() == ["de", "german2"])
        let text = QueryText("haus", typing: false, stopwords: searcher.stopwords)
        let parsed = try searcher.parse(text, allWords: false, types: []).anyWords.description
        #expect(parsed.contains("XL:german2"))
        #expect(parsed.contains("(XT:buch OR XL:de)"))
        // Narrowed to the static type, the per-entity languages drop out.
        #expect(!(try searcher.parse(text, allWords: false, types: ["buch"]).anyWords.description.contains("XL:")))
    }

    @Test(arguments: [
        (#"{"types": [{"name": "t", "languageAttribute": "lang", "attributes": []}]}"#, "types[0].languageAttribute: 'lang' is not"),
        (#"{"types": [{"name": "t", "languageAttribute": "lang", "attributes": [{"key": "lang", "kind": "text"}]}]}"#, "keyword or enum"),
        (#"{"types": [{"name": "t", "languageAttribute": "lang", "attributes": [{"key": "lang", "kind": "keyword", "multiValued": true}]}]}"#,
         "single-valued"),
    ])
    func aLanguageAttributeMustBeAKeyword(text: String, expected: String) {
        let error = #expect(throws: SearchlightError.self) { try Schema(jsonText: text, source: "s.json") }
        #expect(error?.description.contains(expected) == true, "\(error?.description ?? "")")
    }

    @Test func aChangedLanguageAttributeIsAConflictAndTheStoredFormKeepsIt() throws {
        let stored = try Schema().merged(with: Self.schema)
        #expect(try Schema(jsonText: stored.jsonValue.jsonText, source: "stored") == stored)
        var changed = Self.schema
        changed.types[0].languageAttribute = nil
        let error = #expect(throws: SearchlightError.self) { try stored.merged(with: changed) }
        #expect(error?.description.contains("language attribute") == true)
    }
}
