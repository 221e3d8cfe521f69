import CMappedReads
import Foundation
import Testing
import XapianIndex

/// A fresh folder under the system temporary directory, removed when the test ends.
final class TemporaryFolder {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "mappedreads-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A document with `data` and the boolean `terms`.
private func document(_ data: String, terms: [String] = []) throws -> Document {
    let doc = Document()
    doc.setData(Array(data.utf8))
    for term in terms { doc.addBooleanTerm(term) }
    return doc
}

/// Readers' table files are memory-mapped (CMappedReads, as in the `searchlight` tool) once a
/// descriptor has been read from often: blocks must then come from the mapping, a reopened reader
/// must read its new revision, and a closed file's mapping must never serve the file that takes its
/// descriptor.
@Suite struct MappedReads {
    init() {
        // Mapping is off until a program turns it on; the environment may keep it off.
        #expect(mapped_reads_enable() == (ProcessInfo.processInfo.environment["SEARCHLIGHT_MAPPED_READS"] != "0"))
    }

    /// Enough documents that reading each of them passes the 256 kernel reads after which a
    /// table file is mapped.
    private static let count = 3000

    /// `count` documents whose data is `label` and the document's number, padded so they fill blocks.
    private func fill(_ db: WritableDatabase, label: String, from start: Int = 0, count: Int = MappedReads.count) throws {
        for i in start..<(start + count) {
            let data = "\(label) \(i) " + String(repeating: "x", count: 200)
            try db.replaceDocument(uniqueTerm: "Q\(i)", with: try document(data, terms: ["Q\(i)"]))
        }
        try db.commit()
    }

    /// Whether every document of `reader` reads back as `label(i)`, visited in a scattered order so
    /// that consecutive reads need other blocks.
    private func readsBack(_ reader: Database, count: Int = MappedReads.count, _ label: (Int) -> String) throws -> Bool {
        for step in 0..<count {
            let i = step * 7919 % count
            let data = try reader.documentData(forTerm: "Q\(i)").map { String(decoding: $0, as: UTF8.self) }
            guard data?.components(separatedBy: " x").first == label(i) else { return false }
        }
        return true
    }

    @Test func aReaderReadsItsBlocksFromTheMapping() throws {
        let folder = TemporaryFolder()
        try fill(try WritableDatabase(path: folder.path), label: "doc")
        let before = mapped_reads_count()
        #expect(try readsBack(try Database(path: folder.path)) { "doc \($0)" })
        #expect(mapped_reads_count() > before)
    }

    @Test func wholeDatabaseScansReadWithTheKernel() throws {
        let folder = TemporaryFolder()
        // Data that zlib cannot shrink much, so that one pass over the documents reads well over 256
        // blocks of the document-data table.
        let writer = try WritableDatabase(path: folder.path + "/db")
        var seed: UInt64 = 42
        for i in 0..<8000 {
            let noise = String((0..<400).map { _ -> Character in
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                return Character(UnicodeScalar(UInt8(33 + (seed >> 33) % 90)))
            })
            try writer.replaceDocument(uniqueTerm: "Q\(i)", with: try document(noise, terms: ["Q\(i)"]))
        }
        try writer.commit()
        let reader = try Database(path: folder.path + "/db")
        let before = mapped_reads_count()
        var visited = 0
        try reader.forEachDocument(termPrefix: "Q") { _, _, _ in visited += 1; return true }
        try reader.compact(to: folder.path + "/compacted")
        #expect(visited == 8000)
        #expect(try Database.check(path: folder.path + "/compacted").errors == 0)
        #expect(mapped_reads_count() == before)
        // Lookups by the same reader are mapped as before, once its descriptors pass 256 reads.
        for step in 0..<8000 { _ = try reader.documentData(forTerm: "Q\(step * 7919 % 8000)") }
        #expect(mapped_reads_count() > before)
    }

    @Test func aReaderReopenedAfterItsTablesGrewReadsTheNewRevision() throws {
        let folder = TemporaryFolder()
        let writer = try WritableDatabase(path: folder.path)
        try fill(writer, label: "old")
        let reader = try Database(path: folder.path)
        #expect(try readsBack(reader) { "old \($0)" })
        try fill(writer, label: "new", from: Self.count, count: Self.count)
        try reader.reopen()
        #expect(try readsBack(reader, count: 2 * Self.count) { $0 < Self.count ? "old \($0)" : "new \($0)" })
    }

    @Test func aClosedTablesDescriptorReusedByAnotherIndexReadsTheOtherIndex() throws {
        let first = TemporaryFolder(), second = TemporaryFolder()
        try fill(try WritableDatabase(path: first.path), label: "first")
        try fill(try WritableDatabase(path: second.path), label: "other")
        for _ in 0..<3 {
            for (folder, label) in [(first, "first"), (second, "other")] {
                let reader = try Database(path: folder.path)
                #expect(try readsBack(reader) { "\(label) \($0)" })
                try reader.close()
            }
        }
    }
}
