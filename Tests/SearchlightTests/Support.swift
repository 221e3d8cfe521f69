import Foundation
@testable import Searchlight

/// A fresh folder under the system temporary directory, removed when the test ends.
final class TemporaryFolder {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "searchlight-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ name: String, _ lines: [String]) -> String {
        let file = path + "/" + name
        try! lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }
}

/// The entity ids of `request`'s results read page by page, `limit` at a time from offset 0 up to
/// `count`; `check` sees each page with its offset.
func pagedIDs(_ index: EntityIndex, _ request: SearchRequest, limit: Int, upTo count: Int,
              check: (_ page: SearchResults, _ offset: Int) -> Void = { _, _ in }) throws -> [String] {
    var ids: [String] = []
    for offset in stride(from: 0, to: count, by: limit) {
        var paged = request
        paged.limit = limit
        paged.offset = offset
        let page = try index.search(paged)
        check(page, offset)
        ids += page.results.map(\.entity.id.stringValue)
    }
    return ids
}

/// A small two-type schema with an enum, used across the tests.
let outdoorSchema = try! Schema(jsonText: """
{"types": [
  {"name": "trail", "display": {"title": "name", "subtitle": "region"}, "url": "https://x.test/t/{id}", "rankingHint": "popularity",
   "attributes": [
     {"key": "name", "kind": "text", "weight": 5, "sortable": true},
     {"key": "region", "kind": "text", "weight": 2},
     {"key": "description", "kind": "text"},
     {"key": "length", "kind": "double"},
     {"key": "popularity", "kind": "integer"},
     {"key": "activities", "kind": "enum", "enum": "activity", "multiValued": true},
     {"key": "landmarks", "kind": "reference", "references": "landmark", "multiValued": true},
     {"key": "updated", "kind": "date"}]},
  {"name": "landmark", "idKind": "int", "display": {"title": "name"},
   "attributes": [
     {"key": "name", "kind": "text", "weight": 5},
     {"key": "description", "kind": "text"},
     {"key": "elevation", "kind": "integer"}]}
 ],
 "enums": [{"name": "activity", "cases": [{"value": "hiking", "title": "Hiking"}, {"value": "biking", "title": "Biking"}]}]}
""", source: "test schema")

func trail(_ id: String, _ name: String, description: String = "", domain: String? = nil, length: Double = 5,
           expires: Date? = nil) -> Entity {
    Entity(type: "trail", id: .string(id), domain: domain, expirationDate: expires,
           attributes: ["name": .string(name), "region": "Sierra", "description": .string(description),
                        "length": .double(length), "activities": ["hiking"]])
}

func landmark(_ id: Int, _ name: String, description: String = "") -> Entity {
    Entity(type: "landmark", id: .int(id), attributes: ["name": .string(name), "description": .string(description)])
}

func openIndex(_ folder: TemporaryFolder) throws -> EntityIndex {
    let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
    try index.register(outdoorSchema)
    return index
}

extension SearchRequest {
    /// A request for text being typed (its last word a prefix), as `searchlight search --typing` makes.
    static func typed(_ text: String, types: [String] = [], match: MatchMode = .best, filter: EntityPredicate? = nil,
                      sort: [Searchlight.SortDescriptor] = [], facets: [String] = [], limit: Int = 10, offset: Int = 0) -> SearchRequest {
        var request = SearchRequest(text, types: types, match: match, filter: filter, sort: sort, facets: facets, limit: limit, offset: offset)
        request.typing = true
        return request
    }
}
