import Testing
@testable import Searchlight

/// Other names (`alternateNames`) act as query-time synonyms in both directions.
@Suite struct Synonyms {
    let folder = TemporaryFolder()
    let index: EntityIndex

    init() throws {
        index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(try Schema(jsonText: """
        {"types": [{"name": "place", "display": {"title": "name"}, "attributes": [
           {"key": "name", "kind": "text", "weight": 5},
           {"key": "alternateNames", "kind": "text", "weight": 3, "multiValued": true},
           {"key": "description", "kind": "text"}]}]}
        """, source: "test"))
        func place(_ id: String, _ name: String, other: [String] = [], _ description: String) -> Entity {
            Entity(type: "place", id: .string(id), attributes: [
                "name": .string(name), "alternateNames": .list(other.map(AttributeValue.string)), "description": .string(description)])
        }
        try index.index([
            place("falls", "Yosemite Falls", other: ["Cholock", "Big Fall"], "The tallest waterfall of the valley."),
            place("loop", "Valley Loop", "A flat walk with views of Yosemite Falls from the meadow."),
            place("path", "Old Miwok Path", "The way to the cholock viewpoint, as the Miwok called it."),
            place("lake", "Mirror Lake", "A quiet lake below Half Dome."),
        ])
    }

    private func ids(_ text: String) throws -> [String] {
        try index.search(SearchRequest(text)).results.map(\.entity.id.stringValue)
    }

    @Test func anOtherNameAlsoSearchesTheTitleAndTheOtherNames() throws {
        let found = try index.search(SearchRequest("cholock "))
        #expect(found.synonyms.sorted() == ["\"big fall\"", "\"yosemite falls\""])
        let ids = found.results.map(\.entity.id.stringValue)
        #expect(ids.first == "falls")
        #expect(Set(ids) == ["falls", "loop", "path"])
    }

    @Test func theTitleAlsoSearchesTheOtherNames() throws {
        let found = try ids("yosemite falls ")
        #expect(found.contains("path"), "a text using the other name should match the title: \(found)")
        #expect(!found.contains("lake"))
    }

    @Test func aNameInsideALongerQueryIsReplacedInPlace() throws {
        let found = try index.search(SearchRequest("cholock meadow views "))
        #expect(found.synonyms.contains("\"yosemite falls\" meadow views"))
        #expect(found.results.first?.entity.id.stringValue == "loop", "every word matches the loop through the title's name")
    }

    @Test func queriesWithoutNamesAreUntouched() throws {
        #expect(try index.search(SearchRequest("mirror lake ")).synonyms.isEmpty)
        #expect(try index.search(SearchRequest("\"cholock\" OR lake")).synonyms.isEmpty, "operators and quotes are left as written")
    }

    @Test func synonymsNeedTextOrKeywordAttributes() {
        #expect(throws: SearchlightError.self) {
            try Schema(jsonText: """
            {"types": [{"name": "t", "display": {"title": "name"}, "attributes": [
               {"key": "name", "kind": "text"}, {"key": "size", "kind": "integer", "synonyms": true}]}]}
            """, source: "bad")
        }
    }
}
