import Foundation
import Testing
import XapianIndex
@testable import Searchlight

/// A sharded index answers every read exactly as one index holding the same entities does.
@Suite struct ShardedIndexes {
    /// The corpus (trails, landmarks, collections) plus landmarks described in German and Chinese.
    static func corpusFiles(in folder: TemporaryFolder) -> [String] {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Corpus").path
        let extra = folder.write("international.jsonl", [
            #"{"type":"landmark","id":"zugspitze","attributes":{"name":"Zugspitze","category":"peak","region":"Bayern","country":"Deutschland","description":"Der höchste Gipfel Deutschlands über dem Eibsee; Gletscher, Seilbahn und Wanderwege mit Blick über die Alpen.","elevation":2962,"rating":4.7,"popularity":9100}}"#,
            #"{"type":"landmark","id":"koenigssee","attributes":{"name":"Königssee","category":"lake","region":"Berchtesgaden","country":"Deutschland","description":"Ein smaragdgrüner See zwischen steilen Felswänden, mit Wanderwegen zur Wallfahrtskirche St. Bartholomä und zum Obersee.","elevation":603,"rating":4.8,"popularity":7600}}"#,
            #"{"type":"landmark","id":"huangshan","attributes":{"name":"黄山","alternateNames":["Huangshan"],"category":"peak","region":"安徽","country":"中国","description":"黄山以奇松、怪石、云海和温泉闻名，山路陡峭，日出时云海翻腾。","elevation":1864,"rating":4.9,"popularity":12000}}"#,
            #"{"type":"landmark","id":"taishan","attributes":{"name":"泰山","category":"peak","region":"山东","country":"中国","description":"泰山是五岳之首，登山石阶六千余级，山顶观日出。","elevation":1545,"rating":4.6,"popularity":8800}}"#,
        ])
        return ["landmarks.jsonl", "trails.jsonl", "collections.jsonl"].map { corpus + "/" + $0 } + [extra]
    }

    static func corpusSchema() throws -> Schema {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Corpus/schema.json").path
        return try Schema(jsonText: String(contentsOfFile: corpus, encoding: .utf8), source: corpus)
    }

    /// An index of the corpus at `path`, in `shards` shards, written in batches of 40 and compacted;
    /// `files` hold `expecting` entities.
    static func build(_ path: String, shards: Int, files: [String], expecting: Int = 329) throws -> EntityIndex {
        let index = try EntityIndex(path: path, mode: .readWrite, shards: shards)
        var options = JSONLinesIngest.Options(schema: try corpusSchema(), batchSize: 40, compactAfterBulkLoad: true)
        options.jobs = 2
        let report = try JSONLinesIngest(index: index, files: files, options: options).run()
        #expect(report.indexed == expecting)
        return index
    }

    static let requests: [SearchRequest] = {
        var requests = [
            SearchRequest("falls"), SearchRequest("granite dome hike"), SearchRequest("lake", limit: 25),
            SearchRequest("trail", limit: 7, offset: 14), SearchRequest("Gletscher"), SearchRequest("Wanderwege"), SearchRequest("云海"),
            SearchRequest("黄山"), SearchRequest("yosemite", types: ["landmark"]), SearchRequest("mist trial"),
            SearchRequest("waterfall views", filter: .compare("rating", .greaterThan, .number(4.5))),
            SearchRequest("", filter: .compare("country", .equal, .string("Deutschland"))),
            SearchRequest("peak", sort: [SortDescriptor("elevation", descending: true)], limit: 20),
            SearchRequest("valley", sort: [SortDescriptor("name")], facets: ["category", "type"], limit: 15),
            SearchRequest("a long verbose query about waterfalls and granite cliffs above the valley", limit: 30),
            SearchRequest("hike", match: .any, facets: ["difficulty"], limit: 12),
            SearchRequest("description:glacier"),
            SearchRequest("El Cap"),
            { var exact = SearchRequest("trail", limit: 5); exact.exactTotal = true; return exact }(),
        ]
        // Four letters and more also match the most frequent words they begin, as a SYNONYM.
        for typed in ["y", "yo", "gra", "half d", "wande", "wate", "moun", "lake tra", "gran"] { requests.append(.typed(typed, limit: 12)) }
        requests.append(.typed("m", limit: 10, offset: 60))
        return requests
    }()

    @Test func aShardedIndexSearchesSuggestsAndCountsAsOneIndexOfTheSameEntities() throws {
        let folder = TemporaryFolder()
        let files = Self.corpusFiles(in: folder)
        let single = try Self.build(folder.path + "/single", shards: 1, files: files)
        let sharded = try Self.build(folder.path + "/sharded", shards: 3, files: files)
        #expect(single.shardCount == 1 && sharded.shardCount == 3)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/sharded/XAPIANDB"))
        let reader = try EntityIndex(path: folder.path + "/sharded")
        try expectSameAnswers(single, reader)
        #expect(try IndexCheckReport(checking: folder.path + "/sharded").isConsistent)
        // Every shard holds the entities routed to it, and the whole index's metadata.
        var total = 0
        for number in 0..<3 {
            let shard = try EntityIndex(path: folder.path + "/sharded/shard-\(number)")
            total += try shard.totalCount
            #expect(try shard.totalCount > 50)
            #expect(shard.schema == single.schema)
            #expect(shard.normalization == single.normalization)
        }
        #expect(total == 329)
    }

    /// A typed word's expansions weigh as one SYNONYM with the same frequency on shards as on one
    /// database: Xapian rounds that frequency at every node of an OR tree, which it would shape by
    /// each shard's own frequencies (`Searcher.synonym` fixes the shape).
    @Test(arguments: [UInt64(2), 4]) func aTypedWordsExpansionsWeighTheSameOnShardsAsOnOneDatabase(seed: UInt64) throws {
        let folder = TemporaryFolder()
        let words = ["confluence", "conference", "confidence", "configuration", "confusion", "confession",
                     "confetti", "confine", "confirm", "conflict", "conform", "confront", "confide", "confer"]
        var state: UInt64 = seed
        func draw() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        // Uneven frequencies, differently uneven in each shard (these seeds gave scores that differed
        // in the fifth digit with Xapian's own SYNONYM).
        let entities = (0..<1500).map { i in
            landmark(i, "Place \(i)", description: (0..<1 + draw() % 3).map { _ in words[min(draw() % words.count, draw() % words.count)] }.joined(separator: " "))
        }
        var scores: [[EntityReference: Double]] = []
        for (name, shards) in [("single", 1), ("sharded", 2)] {
            let index = try EntityIndex(path: folder.path + "/" + name, mode: .readWrite, shards: shards)
            try index.register(outdoorSchema)
            try index.index(entities)
            let found = try index.search(.typed("conf", limit: 60)).results
            #expect(found.count == 60)
            scores.append(Dictionary(uniqueKeysWithValues: found.map { ($0.entity.reference, $0.score) }))
        }
        #expect(Set(scores[0].keys) == Set(scores[1].keys))
        for (reference, score) in scores[0] {
            #expect(abs(score - (scores[1][reference] ?? 0)) < 1e-9, "\(reference)")
        }
    }

    /// Searches (`requests`), suggestions, lookups and counts of `sharded` are those of `single`.
    func expectSameAnswers(_ single: EntityIndex, _ sharded: EntityIndex, requests: [SearchRequest] = Self.requests,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        for request in requests {
            let one = try single.search(request), many = try sharded.search(request)
            #expect(one.results.map(\.entity.reference) == many.results.map(\.entity.reference), "\(request.text)", sourceLocation: sourceLocation)
            #expect(one.results.count == many.results.count && zip(one.results, many.results).allSatisfy { abs($0.score - $1.score) < 1e-9 },
                    "scores of \(request.text)", sourceLocation: sourceLocation)
            // An exact total is the same; an estimate is Xapian's, which sums each shard's estimate
            // from that shard's own frequencies (a known difference: see README, Shards).
            #expect(one.totalIsExact == many.totalIsExact, "total of \(request.text)", sourceLocation: sourceLocation)
            if one.totalIsExact {
                #expect(one.total == many.total, "total of \(request.text)", sourceLocation: sourceLocation)
            } else {
                #expect(abs(one.total - many.total) <= max(2, one.total / 10), "estimated total of \(request.text)", sourceLocation: sourceLocation)
            }
            #expect(one.facets == many.facets, "facets of \(request.text)", sourceLocation: sourceLocation)
            #expect(one.correction == many.correction && one.synonyms == many.synonyms, sourceLocation: sourceLocation)
        }
        for prefix in ["y", "ha", "gran", "黄", "zug", "mist tr"] {
            #expect(try single.suggest(prefix) == sharded.suggest(prefix), "suggest \(prefix)", sourceLocation: sourceLocation)
        }
        let references = [EntityReference(type: "landmark", id: "half-dome"), EntityReference(type: "landmark", id: "huangshan"),
                          EntityReference(type: "trail", id: "mist-trail"), EntityReference(type: "landmark", id: "nowhere")]
        #expect(try single.entities(for: references) == sharded.entities(for: references), sourceLocation: sourceLocation)
        #expect(try single.totalCount == sharded.totalCount, sourceLocation: sourceLocation)
        #expect(try single.countsByType().map { "\($0.type)=\($0.count)" } == sharded.countsByType().map { "\($0.type)=\($0.count)" },
                sourceLocation: sourceLocation)
    }

    @Test func anUpsertAndADeleteLandInTheirEntitysShard() throws {
        let folder = TemporaryFolder()
        let files = Self.corpusFiles(in: folder)
        let single = try Self.build(folder.path + "/single", shards: 1, files: files)
        let sharded = try Self.build(folder.path + "/sharded", shards: 2, files: files)
        let changed = Entity(type: "landmark", id: .string("zugspitze"),
                             attributes: ["name": "Zugspitze", "description": "Gipfelkreuz über dem Höllental, erreichbar über Klettersteige.", "popularity": 50])
        let added = Entity(type: "landmark", id: .string("lijiang"), attributes: ["name": "玉龙雪山", "description": "丽江城北的雪山，冰川公园与蓝月谷。"])
        for index in [single, sharded] {
            try index.index([changed, added])
            #expect(try index.deleteEntities([EntityReference(type: "landmark", id: "half-dome")]) == 1)
        }
        let routing = ShardRouting(count: 2)
        for entity in [changed, added] {
            let home = routing.shard(ofUniqueTerm: IndexTerms.unique(type: entity.type, id: entity.id))
            for number in 0..<2 {
                let shard = try EntityIndex(path: folder.path + "/sharded/shard-\(number)")
                let found = try shard.entities(for: [entity.reference])
                #expect(found.count == (number == home ? 1 : 0), "\(entity.id) in shard \(number)")
            }
        }
        // A later ingest run into the existing index: an upsert, a new entity, in a batch of its own.
        let later = folder.write("later.jsonl", [
            #"{"type":"landmark","id":"taishan","attributes":{"name":"泰山","description":"泰山日出，玉皇顶与十八盘。","popularity":1}}"#,
            #"{"type":"landmark","id":"watzmann","attributes":{"name":"Watzmann","description":"Die Watzmann-Ostwand über dem Königssee.","popularity":4000}}"#,
        ])
        for index in [single, sharded] {
            let report = try JSONLinesIngest(index: index, files: [later], options: .init(schema: try Self.corpusSchema())).run()
            #expect(report.indexed == 2)
        }
        let halfDome = IndexTerms.unique(type: "landmark", id: .string("half-dome"))
        let gone = try EntityIndex(path: folder.path + "/sharded/shard-\(routing.shard(ofUniqueTerm: halfDome))")
        #expect(try gone.entities(for: [EntityReference(type: "landmark", id: "half-dome")]).isEmpty)
        try expectSameAnswers(single, try EntityIndex(path: folder.path + "/sharded"))
        #expect(try sharded.search(SearchRequest("Höllental")).results.map(\.entity.id.stringValue) == ["zugspitze"])
        #expect(try sharded.search(SearchRequest("玉龙")).results.first?.entity.id.stringValue == "lijiang")
        #expect(try sharded.search(SearchRequest("Ostwand")).results.map(\.entity.id.stringValue) == ["watzmann"])
        #expect(try sharded.totalCount == 329 + 1 - 1 + 1)
    }

    /// With one job, shard 0 is written through the whole input before shard 1 starts: stopped in
    /// shard 1's pass, the shards' checkpoints differ, and each resumes after its own.
    @Test(arguments: [(jobs: 2, stopAfterLines: 329 + 200), (jobs: 1, stopAfterLines: 329 + 329 + 150)])
    func resumingAnInterruptedShardedRunGivesTheIndexOfAnUninterruptedOne(jobs: Int, stopAfterLines: Int) throws {
        let folder = TemporaryFolder()
        let files = Self.corpusFiles(in: folder)
        let single = try Self.build(folder.path + "/single", shards: 1, files: files)
        let path = folder.path + "/sharded"
        do {
            let index = try EntityIndex(path: path, mode: .readWrite, shards: 2)
            var options = JSONLinesIngest.Options(schema: try Self.corpusSchema(), batchSize: 30)
            options.jobs = jobs
            var lines = 0
            // Pass 1 reads the 329 lines once, then each group of shards reads them.
            let report = try JSONLinesIngest(index: index, files: files, options: options).run(shouldStop: {
                lines += 1
                return lines > stopAfterLines
            })
            #expect(report.interrupted && report.indexed > 0)
        }
        let checkpoints = try (0..<2).map { try EntityIndex(path: path + "/shard-\($0)").checkpoint()?["line"]?.intValue }
        #expect((checkpoints[0] != checkpoints[1]) == (jobs == 1), "\(checkpoints)")
        let index = try EntityIndex(path: path, mode: .readWrite, shards: 2)
        #expect(try index.totalCount < 329)
        var options = JSONLinesIngest.Options(schema: try Self.corpusSchema(), batchSize: 30, resume: true)
        options.jobs = jobs
        let report = try JSONLinesIngest(index: index, files: files, options: options).run()
        #expect(report.resumedAfter != nil && !report.interrupted)
        try expectSameAnswers(single, try EntityIndex(path: path))
    }

    /// `compact(mergingShards:)` turns the shards into one database that answers as one index built
    /// directly does, and goes on doing so after later writes; a reader of the shards reopens onto it.
    @Test func mergingTheShardsGivesOneDatabaseThatAnswersAsOneIndexBuiltDirectly() throws {
        let folder = TemporaryFolder()
        let files = Self.corpusFiles(in: folder)
        let single = try Self.build(folder.path + "/single", shards: 1, files: files)
        let path = folder.path + "/sharded"
        let sharded = try Self.build(path, shards: 3, files: files)
        for index in [single, sharded] { #expect(try index.deleteEntities([EntityReference(type: "landmark", id: "half-dome")]) == 1) }
        let reader = try EntityIndex(path: path)
        try expectSameAnswers(single, reader)
        let report = try sharded.compact(mergingShards: true)
        #expect(report.entities == 328 && sharded.shardCount == 1)
        #expect(!FileManager.default.fileExists(atPath: path + "/XAPIANDB") && !FileManager.default.fileExists(atPath: path + "/shard-0"))
        #expect(FileManager.default.fileExists(atPath: path + "/iamglass"))
        #expect(try IndexCheckReport(checking: path).isConsistent)
        try reader.reopen()
        #expect(reader.shardCount == 1)
        try expectSameAnswers(single, reader)
        try expectSameAnswers(single, try EntityIndex(path: path))
        // Later writes land alike: an upsert, and a new entity after the last position.
        let changed = Entity(type: "landmark", id: .string("zugspitze"), attributes: ["name": "Zugspitze", "description": "Gipfelkreuz über dem Höllental.", "popularity": 50])
        let added = Entity(type: "landmark", id: .string("watzmann"), attributes: ["name": "Watzmann", "description": "Die Watzmann-Ostwand über dem Königssee."])
        for index in [single, sharded] { try index.index([changed, added]) }
        try expectSameAnswers(single, try EntityIndex(path: path))
    }

    @Test func checkFindsAShardWhoseSharedMetadataDiffers() throws {
        let folder = TemporaryFolder()
        _ = try Self.build(folder.path + "/sharded", shards: 2, files: Self.corpusFiles(in: folder))
        #expect(try IndexCheckReport(checking: folder.path + "/sharded").isConsistent)
        let shard = try WritableDatabase(path: folder.path + "/sharded/shard-1", mode: .open)
        try shard.setMetadata(IndexMetadata.averageLength, Array("12.5".utf8))
        try shard.close()
        let report = try IndexCheckReport(checking: folder.path + "/sharded")
        #expect(!report.isConsistent)
        #expect(report.problems.contains { $0.contains("searchlight.averageLength of shard-1") })
    }

    @Test func anIndexOpensOnlyWithItsOwnNumberOfShards() throws {
        let folder = TemporaryFolder()
        let files = Self.corpusFiles(in: folder)
        _ = try Self.build(folder.path + "/sharded", shards: 2, files: files)
        #expect(throws: SearchlightError.self) { try EntityIndex(path: folder.path + "/sharded", mode: .readWrite, shards: 3) }
        #expect(try EntityIndex(path: folder.path + "/sharded", mode: .readWrite).shardCount == 2)
        #expect(throws: SearchlightError.self) { try EntityIndex(path: folder.path + "/sharded/shard-0", mode: .readWrite, shards: 2) }
    }
}
