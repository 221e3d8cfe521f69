import Foundation
import Testing
@testable import Searchlight

@Suite struct EntityIndexWriting {
    @Test func upsertingTheSameEntitiesTwiceKeepsOneCopyOfEach() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        let batch = [trail("mist", "Mist Trail"), trail("panorama", "Panorama Trail"), landmark(1, "Half Dome")]
        try index.index(batch)
        try index.index(batch)
        #expect(try index.totalCount == 3)
        try index.index([trail("mist", "Mist Trail (renamed)")])
        let found = try index.entities(for: [EntityReference(type: "trail", id: "mist")])
        #expect(found.first?.attributes["name"] == "Mist Trail (renamed)")
        #expect(try index.totalCount == 3)
    }

    @Test func lookupsKeepTheOrderAskedAndSkipMissingOnes() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        try index.index([trail("a", "A"), trail("b", "B"), landmark(7, "Seven")])
        let refs = [EntityReference(type: "landmark", id: .string("7")), EntityReference(type: "trail", id: "zzz"),
                    EntityReference(type: "trail", id: "b"), EntityReference(type: "trail", id: "a")]
        let found = try index.entities(for: refs)
        #expect(found.map(\.reference.description) == ["landmark:7", "trail:b", "trail:a"])
        #expect(found[0].id == .int(7))
    }

    @Test func entitiesReadBackEqualToWhatWasWritten() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        let original = Entity(type: "trail", id: "x", domain: "yosemite", expirationDate: ISO8601.parse("2099-01-01"),
                              attributes: ["name": "Trail Ünïcode 🏔", "length": 12.25, "popularity": 40,
                                           "activities": ["hiking", "biking"], "landmarks": ["1", "2"], "updated": "2024-05-01"])
        try index.index([original])
        #expect(try index.entities(for: [original.reference]) == [original])
    }

    @Test func aTypedWordMatchesEveryWordItBeginsWithoutExpansionsItsStemCovers() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        try index.index([trail("a", "Alpha", description: "a ridge crossing"), trail("b", "Beta", description: "two ridges"),
                         trail("c", "Gamma", description: "ridgeline views"), trail("d", "Delta", description: "flat meadow")])
        var request = SearchRequest.typed("ridge")
        request.explain = true
        let found = try index.search(request)
        #expect(Set(found.results.map(\.entity.id.stringValue)) == ["a", "b", "c"])
        // "ridges" matches through the stem of "ridge"; only "ridgeline" needs expanding to. Both
        // are whole titles the typist may be finishing ("XEridges"), the word as typed a whole one.
        let plan = try #require(found.plan)
        #expect(plan.contains("SYNONYM ridgeline)") && !plan.contains(" ridges"), "\(plan)")
        #expect(plan.contains("1 * XEridge OR (0.5 * (XEridgeline OR XEridges) AND_NOT XEridge)"), "\(plan)")
        #expect(found.results.allSatisfy { $0.explanation!.matches.allSatisfy { $0.term != "ridges" } })

        // Xapian stems no word that begins with a digit: there the expansions stay whole.
        try index.index([trail("e", "Epsilon", description: "4wheels club")])
        #expect(try index.search(SearchRequest.typed("4wheel")).results.map(\.entity.id.stringValue) == ["e"])
    }

    @Test func aTypeThatIsNotStemmedKeepsEveryExpansion() throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(try Schema(jsonText: """
            {"types": [{"name": "note", "attributes": [{"key": "text", "kind": "text"}]},
                       {"name": "memo", "attributes": [{"key": "text", "kind": "text"}]},
                       {"name": "code", "language": "none", "attributes": [{"key": "text", "kind": "text"}]}]}
            """, source: "test"))
        try index.index([Entity(type: "note", id: "1", attributes: ["text": "two ridges"]),
                         Entity(type: "code", id: "2", attributes: ["text": "two ridges"])])
        // The "none" type has no stemmed terms: its "ridges" is found only through the expansion.
        let found = try index.search(SearchRequest.typed("ridge"))
        #expect(Set(found.results.map(\.entity.reference.description)) == ["note:1", "code:2"])
    }

    @Test func deletesRemoveExactlyWhatTheyName() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        try index.index([trail("a", "A", domain: "north"), trail("b", "B", domain: "north"), trail("c", "C", domain: "south"),
                         landmark(1, "One"), landmark(2, "Two")])
        #expect(try index.deleteEntities([EntityReference(type: "trail", id: "c"), EntityReference(type: "trail", id: "nope")]) == 1)
        #expect(try index.deleteEntities(inDomain: "north") == 2)
        #expect(try index.countsByType().map(\.count) == [0, 2])
        #expect(try index.deleteEntities(ofType: "landmark") == 2)
        try index.index([trail("d", "D")])
        #expect(try index.deleteAll() == 1)
        #expect(try index.totalCount == 0)
        #expect(index.schema.types.count == 2)
    }

    @Test func aBatchWithOneInvalidEntityWritesNothing() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        try index.index([trail("keep", "Keep")])
        var bad = trail("bad", "Bad")
        bad.attributes["length"] = "very long"
        let error = #expect(throws: SearchlightError.self) { try index.index([trail("new", "New"), bad]) }
        #expect(error?.description.contains("trail:bad.length") == true, "\(error?.description ?? "")")
        #expect(try index.totalCount == 1)
        #expect(try EntityIndex(path: index.path).totalCount == 1)
    }

    @Test func unknownTypesAndAttributesAreRejected() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        #expect(throws: SearchlightError.self) { try index.index([Entity(type: "ghost", id: "1")]) }
        #expect(throws: SearchlightError.self) { try index.index([Entity(type: "trail", id: "1", attributes: ["colour": "red"])]) }
        #expect(throws: SearchlightError.self) {
            try index.index([Entity(type: "trail", id: "1", attributes: ["activities": ["flying"]])])
        }
        #expect(try index.totalCount == 0)
    }

    @Test func readersSeeCommittedBatchesAfterReopening() throws {
        let folder = TemporaryFolder()
        let writer = try openIndex(folder)
        let reader = try EntityIndex(path: writer.path)
        try writer.index([trail("a", "A")])
        try reader.reopen()
        #expect(try reader.totalCount == 1)
        #expect(throws: SearchlightError.self) { try reader.index([trail("b", "B")]) }
    }

    @Test func aSecondWriterIsToldTheIndexIsLocked() throws {
        let folder = TemporaryFolder()
        let writer = try openIndex(folder)
        let error = #expect(throws: SearchlightError.self) { try EntityIndex(path: writer.path, mode: .readWrite) }
        guard case .indexLocked = error else { Issue.record("expected indexLocked, got \(String(describing: error))"); return }
        #expect(error?.description.contains("being written by") == true)
    }

    @Test func foldersThatAreNotIndexesAreRefused() throws {
        let folder = TemporaryFolder()
        _ = folder.write("notes.txt", ["hello"])
        #expect(throws: SearchlightError.self) { try EntityIndex(path: folder.path, mode: .readWrite) }
        #expect(throws: SearchlightError.self) { try EntityIndex(path: folder.path) }
        let missing = #expect(throws: SearchlightError.self) { try EntityIndex(path: folder.path + "/none") }
        guard case .indexNotFound = missing else { Issue.record("expected indexNotFound"); return }
    }
}

@Suite struct EntityIndexSearching {
    func sampleIndex(_ folder: TemporaryFolder) throws -> EntityIndex {
        let index = try openIndex(folder)
        try index.index([
            trail("mist", "Mist Trail", description: "Granite steps beside a roaring waterfall", length: 4.8),
            trail("valley", "Valley Loop", description: "Flat walk on the valley floor past meadows", length: 18),
            trail("closed", "Closed Waterfall Path", description: "waterfall", expires: Date(timeIntervalSinceNow: -3600)),
            landmark(1, "Yosemite Falls", description: "The tallest waterfall in the park"),
            landmark(2, "Half Dome", description: "A granite dome above the valley"),
        ])
        return index
    }

    @Test func oneSearchReturnsEntitiesOfEveryTypeInOneRankedList() throws {
        let folder = TemporaryFolder()
        let results = try sampleIndex(folder).search(SearchRequest("waterfall"))
        #expect(Set(results.results.map(\.entity.type)) == ["trail", "landmark"])
        #expect(results.results.map(\.rank) == Array(1...results.results.count))
        #expect(zip(results.results, results.results.dropFirst()).allSatisfy { $0.score >= $1.score })
    }

    @Test func expiredEntitiesAreNotReturned() throws {
        let folder = TemporaryFolder()
        let results = try sampleIndex(folder).search(SearchRequest("waterfall"))
        #expect(!results.results.contains { $0.entity.id == "closed" })
    }

    @Test func anEntityLeavesTheResultsWhenItsExpirationDatePassesWithNoWriteInBetween() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        // The earliest expiration is still ahead: searches skip the expiry check until it is not.
        // Five seconds leave the first search time to run on a loaded machine.
        let expiry = Date(timeIntervalSinceNow: 5)
        try index.index([trail("soon", "Waterfall Overlook", expires: expiry), trail("always", "Waterfall Ridge")])
        #expect(Set(try index.search(SearchRequest("waterfall")).results.map(\.entity.id)) == ["soon", "always"])
        Thread.sleep(until: expiry.addingTimeInterval(0.2))
        #expect(try index.search(SearchRequest("waterfall")).results.map(\.entity.id) == ["always"])
    }

    @Test func typeFiltersAndFieldPrefixesNarrowTheResults() throws {
        let folder = TemporaryFolder()
        let index = try sampleIndex(folder)
        #expect(try index.search(SearchRequest("granite", types: ["landmark"])).results.map(\.entity.id) == [.int(2)])
        #expect(try index.search(SearchRequest("type:trail granite")).results.map(\.entity.id) == ["mist"])
        #expect(try index.search(SearchRequest("name:valley")).results.map(\.entity.id) == ["valley"])
        #expect(try index.search(SearchRequest("length:10..20")).results.map(\.entity.id) == ["valley"])
    }

    @Test func entitiesMatchingAllWordsComeBeforeThoseMatchingFewer() throws {
        let folder = TemporaryFolder()
        let index = try sampleIndex(folder)
        let results = try index.search(SearchRequest("granite valley "))
        #expect(results.results.first?.entity.id == .int(2))
        #expect(results.results.count == 3)
        let strict = try index.search(SearchRequest("granite valley ", match: .all))
        #expect(strict.results.map(\.entity.id) == [.int(2)])
    }

    @Test func aOneShotSearchMatchesCompleteWordsOnly() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        try index.index([trail("sea", "Sea Cliff Walk"), trail("seattle", "Seattle Waterfront"), trail("ice", "Ice Lake")])
        #expect(try index.search(SearchRequest("sea")).results.map(\.entity.id) == ["sea"])
        #expect(Set(try index.search(SearchRequest.typed("sea")).results.map(\.entity.id)) == ["sea", "seattle"])
        #expect(try index.search(SearchRequest("seatt")).results.isEmpty)
    }

    @Test func aFieldTakesOneNumberAndAnUnknownFieldIsNamed() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        try index.index([trail("short", "Short Loop", length: 5), trail("twelve", "Twelve Mile Trail", length: 12),
                         trail("half", "Twelve And A Half", length: 12.5)])
        #expect(try index.search(SearchRequest("length:12")).results.map(\.entity.id) == ["twelve"])
        #expect(try index.search(SearchRequest("length:12.5")).results.map(\.entity.id) == ["half"])
        #expect(try index.search(SearchRequest("twelve (length:12)", match: .all)).results.map(\.entity.id) == ["twelve"])
        #expect(Set(try index.search(SearchRequest("length:12..13")).results.map(\.entity.id)) == ["twelve", "half"])
        let error = #expect(throws: SearchlightError.self) { try index.search(SearchRequest("colour:red loop")) }
        #expect(error?.description.contains("unknown field 'colour'") == true)
        #expect(error?.description.contains("length") == true)
        // Tokens that only look like fields are words.
        #expect(throws: Never.self) { try index.search(SearchRequest("https://example.org loop")) }
        #expect(throws: Never.self) { try index.search(SearchRequest("loop at 12:30")) }
    }

    @Test func theLastWordBeingTypedMatchesAsAPrefix() throws {
        let folder = TemporaryFolder()
        let results = try sampleIndex(folder).search(SearchRequest.typed("meado"))
        #expect(results.results.map(\.entity.id) == ["valley"])
    }

    @Test func aStopwordTypedAfterOtherWordsWaitsForItsNextLetter() throws {
        let folder = TemporaryFolder()
        let index = try sampleIndex(folder)
        try index.index([trail("ofelia", "Ofelia Loop", description: "a loop through the valley past a roaring creek")])
        func ids(_ text: String) throws -> [EntityIdentifier] { try index.search(SearchRequest.typed(text)).results.map(\.entity.id) }
        // "roaring a" is searched as "roaring ": not every entity with an "a", nor only titles beginning with one.
        let typed = try index.search(SearchRequest.typed("roaring a"))
        let finished = try index.search(SearchRequest.typed("roaring "))
        #expect(typed.results.map(\.entity.id) == finished.results.map(\.entity.id))
        #expect(typed.total == finished.total)
        #expect(Set(try ids("roaring a")) == ["mist", "ofelia"])
        #expect(typed.results.allSatisfy { $0.snippet?.highlights.count == 1 })
        #expect(Set(try ids("valley of")) == ["valley", "ofelia", .int(2)])
        // Not a stopword, or no other word to search: the typed word still matches as a prefix.
        #expect(Set(try index.search(SearchRequest.typed("valley lo", match: .all)).results.map(\.entity.id)) == ["valley", "ofelia"])
        #expect(try index.search(SearchRequest.typed("the of", match: .all)).results.map(\.entity.id) == ["ofelia"])
    }

    @Test func resultsCarryDisplayAndURL() throws {
        let folder = TemporaryFolder()
        let result = try #require(try sampleIndex(folder).search(SearchRequest("mist", types: ["trail"])).results.first)
        #expect(result.displayRepresentation == DisplayRepresentation(title: "Mist Trail", subtitle: "Sierra"))
        #expect(result.url == "https://x.test/t/mist")
    }

    @Test func brokenSyntaxIsSearchedAsPlainWords() throws {
        let folder = TemporaryFolder()
        let results = try sampleIndex(folder).search(SearchRequest("granite AND"))
        #expect(!results.results.isEmpty)
    }
}

/// An app-declared entity type, as in the README.
struct Peak: IndexedEntity {
    static let typeName = "peak"
    static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Peak")
    static let attributeKeys = [AttributeKey("name", kind: .text, weight: 5), AttributeKey("elevation", kind: .integer)]
    static let displayTemplate = DisplayTemplate(title: "name")

    var id: UUID
    var name: String
    var elevation: Int

    init(id: UUID, name: String, elevation: Int) {
        self.id = id
        self.name = name
        self.elevation = elevation
    }

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: name, subtitle: "\(elevation) m") }
    var attributeSet: AttributeSet { ["name": .string(name), "elevation": .int(elevation)] }

    init(id: UUID, attributeSet: AttributeSet) throws {
        self.init(id: id, name: attributeSet["name"]?.stringValue ?? "", elevation: Int(attributeSet["elevation"]?.doubleValue ?? 0))
    }
}

@Suite struct AppDeclaredEntities {
    @Test func entitiesDeclaredInCodeRoundTripThroughTheIndex() throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        let peaks = [Peak(id: UUID(), name: "Mount Whitney", elevation: 4421), Peak(id: UUID(), name: "Mont Blanc", elevation: 4806)]
        try index.index(peaks)
        let back = try index.entities(Peak.self, for: [peaks[1].id, peaks[0].id])
        #expect(back.map(\.name) == ["Mont Blanc", "Mount Whitney"])
        let hit = try #require(try index.search(SearchRequest("whitney")).results.first)
        #expect(hit.displayRepresentation.subtitle == "4421 m")
        #expect(index.schema.type(named: "peak")?.idKind == .uuid)
    }
}
