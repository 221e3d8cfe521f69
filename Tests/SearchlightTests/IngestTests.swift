import Foundation
import Testing
import XapianIndex
@testable import Searchlight

@Suite struct JSONLinesIngesting {
    let goodLines = [
        #"{"type": "trail", "id": "a", "attributes": {"name": "Alpha", "length": 3}}"#,
        #"{"type": "landmark", "id": 1, "attributes": {"name": "One"}}"#,
        "",
        #"{"type": "trail", "id": "b", "domain": "d", "attributes": {"name": "Beta", "activities": ["biking"]}}"#,
    ]

    func ingest(_ index: EntityIndex, _ files: [String], _ options: JSONLinesIngest.Options = .init()) throws -> JSONLinesIngest.Report {
        try JSONLinesIngest(index: index, files: files, options: options).run()
    }

    @Test func linesAreIndexedWithCountsPerType() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        let report = try ingest(index, [folder.write("a.jsonl", goodLines)])
        #expect(report.indexed == 3)
        #expect(report.countsByType.map(\.type) == ["trail", "landmark"])
        #expect(report.countsByType.map(\.count) == [2, 1])
        #expect(try index.checkpoint()?["line"] == .int(4))
        // The average length comes from the lines sampled in the first pass: here all of them.
        let entities = try index.entities(for: index.search(SearchRequest("", limit: 100)).results.map(\.entity.reference))
        let average = entities.reduce(0) { $0 + LengthNormalization.lengths(of: $1, type: outdoorSchema.type(named: $1.type)!).total } / 3
        #expect(index.normalization?.averageLength == average)
        // A later run keeps it.
        _ = try ingest(index, [folder.write("b.jsonl", [#"{"type":"trail","id":"z","attributes":{"name":"Z","description":"one two three four five six seven eight nine ten eleven twelve"}}"#])])
        #expect(index.normalization?.averageLength == average)
    }

    @Test func theAverageLengthOfALargeInputIsEstimatedWithoutFavouringLongLines() throws {
        // About 3 MB, more than the first pass samples: mostly short lines, every tenth a long one.
        let words = (0..<9_000).map { $0 % 10 == 0 ? 600 : 3 + $0 % 7 }
        let lines = words.enumerated().map { i, count in
            #"{"type":"trail","id":"t\#(i)","attributes":{"name":"T\#(i)","description":"\#((0..<count).map { "w\($0 % 97)" }.joined(separator: " "))"}}"#
        }
        #expect(lines.reduce(0) { $0 + $1.utf8.count } > 2 * StoredData.Dictionary.trainingBytes / 2 + 500_000)
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        _ = try ingest(index, [folder.write("big.jsonl", lines)])
        // Each entity: its one-word name at weight 5, its description's words at weight 1.
        let exact = Double(words.reduce(0) { $0 + 5 + $1 }) / Double(words.count)
        let stored = try #require(index.normalization).averageLength
        #expect(abs(stored - exact) / exact < 0.05, "stored \(stored), exact \(exact)")
    }

    @Test func aRunThatCreatesOrDoublesTheIndexCompactsIt() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        let bulk = JSONLinesIngest.Options(compactAfterBulkLoad: true)
        let first = try ingest(index, [folder.write("a.jsonl", goodLines)], bulk)
        let compaction = try #require(first.compaction)
        #expect(compaction.entities == 3)
        #expect(compaction.bytesAfter < compaction.bytesBefore)
        let more = [#"{"type": "trail", "id": "c", "attributes": {"name": "Gamma"}}"#]
        #expect(try ingest(index, [folder.write("b.jsonl", more)], bulk).compaction == nil, "one entity does not double three")
        #expect(try ingest(index, [folder.write("c.jsonl", goodLines)]).compaction == nil, "off unless asked")
        #expect(try index.totalCount == 4)
        #expect(try index.search(SearchRequest("gamma")).results.map(\.entity.id) == ["c"])
        #expect(try IndexCheckReport(checking: index.path).isConsistent)
    }

    @Test func anInvalidLineStopsTheRunWithFileAndLineAndWritesNothing() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        _ = try ingest(index, [folder.write("ok.jsonl", goodLines)])
        let before = try index.totalCount
        let file = folder.write("bad.jsonl", [#"{"type": "trail", "id": "c", "attributes": {"name": "C"}}"#,
                                              #"{"type": "trail", "id": "d", "attributes": {"name": "D", "length": "far"}}"#])
        let error = #expect(throws: SearchlightError.self) { try ingest(index, [file], .init(batchSize: 1)) }
        #expect(error?.description.hasPrefix("\(file):2: length: expected a number") == true, "\(error?.description ?? "")")
        #expect(try index.totalCount == before)
        #expect(try EntityIndex(path: index.path).entities(for: [EntityReference(type: "trail", id: "c")]).isEmpty)
    }

    @Test func skippingInvalidLinesIndexesTheRestAndReportsEach() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        let file = folder.write("mixed.jsonl", goodLines + ["{not json", #"{"type": "ghost", "id": 1, "attributes": {}}"#])
        let report = try ingest(index, [file], .init(skipInvalid: true))
        #expect(report.indexed == 3)
        #expect(report.skipped.map(\.location.line) == [5, 6])
        #expect(report.skipped[0].reason.contains("invalid JSON at column"))
        #expect(report.skipped[1].reason.contains("unknown entity type 'ghost'"))
    }

    @Test func flatObjectsWithADefaultTypeInferTheirSchema() throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        let file = folder.write("docs.jsonl", [#"{"id": 1, "title": "Granite", "body": "domes"}"#, #"{"id": 2, "title": "Water", "body": "falls"}"#])
        let report = try ingest(index, [file], .init(defaultType: "doc"))
        #expect(report.indexed == 2)
        #expect(index.schema.type(named: "doc")?.display.title == "title")
        #expect(try index.search(SearchRequest("domes")).results.first?.displayRepresentation.title == "Granite")
    }

    /// A UTF-8 byte-order mark before the first line, as some editors write, is skipped; the
    /// checkpoint still counts the file's lines.
    @Test func aByteOrderMarkBeforeTheFirstLineIsSkipped() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        let file = folder.write("bom.jsonl", ["\u{FEFF}" + goodLines[0], goodLines[1]])
        #expect(try ingest(index, [file]).indexed == 2)
        #expect(try index.search(SearchRequest("alpha")).results.map(\.entity.id.stringValue) == ["a"])
        #expect(try index.checkpoint()?["line"] == .int(2))
    }

    /// Each attribute searched by default that the schema weighs above 1 is normalised by its own
    /// average length, as titles are, and the averages are kept for later runs.
    @Test func weightedAttributesKeepTheirOwnAverageLength() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        _ = try ingest(index, [folder.write("a.jsonl", goodLines)])
        let averages = try #require(index.normalization?.averageFieldLengths)
        #expect(averages["name"] == 1)
        _ = try ingest(index, [folder.write("b.jsonl", [#"{"type":"trail","id":"z","attributes":{"name":"Zeta Trail Loop"}}"#])])
        #expect(index.normalization?.averageFieldLengths == averages)
        let stored = try #require(try Database(path: folder.path + "/index").metadata(IndexMetadata.averageFieldLengths))
        #expect(LengthNormalization.fieldLengths(stored) == averages)
    }

    @Test func duplicateIDsInOneRunKeepTheLastAndAreCounted() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        let file = folder.write("dup.jsonl", [#"{"type": "trail", "id": "a", "attributes": {"name": "First"}}"#,
                                              #"{"type": "trail", "id": "a", "attributes": {"name": "Second"}}"#])
        let report = try ingest(index, [file])
        #expect(report.duplicates == 1)
        #expect(try index.entities(for: [EntityReference(type: "trail", id: "a")]).first?.attributes["name"] == "Second")
    }

    @Test(arguments: [
        ([""], "the file is empty"),
        (["[1, 2]"], "expected a JSON object"),
        ([#"{"type": "trail", "attributes": {}}"#], "id: missing id"),
        ([#"{"type": "trail", "id": "", "attributes": {}}"#], "id: expected a non-empty string"),
        ([#"{"id": 1, "title": "x"}"#], "type: a flat object needs a type"),
        ([#"{"type": "trail", "id": "a", "attributes": {"name": "x", "updated": "soon"}}"#], "updated: expected an ISO-8601 date"),
        ([#"{"type": "trail", "id": "\#(String(repeating: "x", count: 300))", "attributes": {}}"#], "id: id is 300 bytes long"),
        ([#"{"type": "landmark", "id": "one", "attributes": {}}"#], "expected an integer for type 'landmark'"),
        ([#"{"type": "trail", "id": "a", "attributes": {"name": ["a", "b"]}}"#], "got an array"),
        ([#"{"type": "trail", "id": "a", "attributes": {"name": "\#(String(repeating: "y", count: 1_100_000))"}}"#], "the limit is 1048576 bytes"),
    ])
    func badLinesGetASpecificMessage(lines: [String], expected: String) throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        let error = #expect(throws: SearchlightError.self) { try ingest(index, [folder.write("bad.jsonl", lines)]) }
        #expect(error?.description.contains(expected) == true, "\(error?.description.prefix(300) ?? "")")
        #expect(try index.totalCount == 0)
    }
}
