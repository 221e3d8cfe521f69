import Foundation
import Synchronization
import Testing
import XapianIndex
@testable import Searchlight

@Suite struct IndexMaintenance {
    @Test func checkFindsDocumentsThatAreNotEntitiesOrCarryTheWrongUniqueTerm() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        try index.index([trail("mist", "Mist Trail"), landmark(1, "Half Dome")])
        #expect(try IndexCheckReport(checking: index.path).isConsistent)
        #expect(try IndexCheckReport(checking: index.path).documents == 2)

        try index.state.withLock { state in
            let writer = try #require(state.writer)
            let garbage = Document()
            garbage.setData(Array("not json".utf8))
            garbage.addBooleanTerm("Qtrail:garbage")
            try writer.addDocument(garbage)
            let mislabelled = Document()
            mislabelled.setData(StoredData.Encoder().pack(Array(#"{"type":"trail","id":"real","attributes":{}}"#.utf8)))
            mislabelled.addBooleanTerm("Qtrail:other")
            try writer.addDocument(mislabelled)
            try writer.commit()
        }
        let report = try IndexCheckReport(checking: index.path)
        #expect(!report.isConsistent)
        #expect(report.xapianErrors == 0)
        #expect(report.problemCount == 2)
        #expect(report.problems.contains { $0.contains("not a stored entity") })
        #expect(report.problems.contains { $0.contains("unique term is 'Qtrail:other', expected 'Qtrail:real'") })
        #expect(throws: SearchlightError.self) { try IndexCheckReport(checking: folder.path + "/none") }

        try index.state.withLock { state in
            let writer = try #require(state.writer)
            try writer.setMetadata(IndexMetadata.averageLength, Array("long".utf8))
            try writer.commit()
        }
        #expect(try IndexCheckReport(checking: index.path).problems.contains { $0.contains("'long' is not a length") })
    }

    /// The text revision is recorded with the first entities; an index without it (written before
    /// revisions were) reads as revision 1, which `check` warns of without calling it inconsistent,
    /// and a delete that empties the index makes it current again.
    @Test func anIndexTellsTheTextRevisionItsEntitiesWereAnalysedBy() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        #expect(try index.textRevision == IndexFormat.textRevision)
        try index.index([trail("mist", "Mist Trail")])
        #expect(try EntityIndex(path: index.path).textRevision == IndexFormat.textRevision)
        #expect(try IndexCheckReport(checking: index.path).warnings.isEmpty)
        #expect(IndexFormat.textRevisionAdvice(IndexFormat.textRevision) == nil)

        try index.state.withLock { state in
            let writer = try #require(state.writer)
            try writer.setMetadata(IndexMetadata.textRevision, [])
            try writer.commit()
        }
        #expect(try EntityIndex(path: index.path).textRevision == 1)
        let report = try IndexCheckReport(checking: index.path)
        #expect(report.isConsistent)
        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.contains("text revision 1") == true, "\(report.warnings)")
        try index.index([trail("half", "Half Dome Trail")])
        #expect(try index.textRevision == 1, "entities added later do not make the older ones current")
        #expect(IndexFormat.textRevisionAdvice(IndexFormat.textRevision + 1)?.contains("newer") == true)

        try index.deleteAll()
        try index.index([trail("mist", "Mist Trail")])
        #expect(try index.textRevision == IndexFormat.textRevision)
        #expect(try IndexCheckReport(checking: index.path).warnings.isEmpty)

        // Emptied otherwise (by an older build, by a purge), then given entities: current too.
        try index.state.withLock { state in
            let writer = try #require(state.writer)
            try writer.setMetadata(IndexMetadata.textRevision, [])
            _ = try writer.deleteDocuments(withTerm: IndexTerms.type("trail"))
            try writer.commit()
        }
        try index.index([trail("half", "Half Dome Trail")])
        #expect(try index.textRevision == IndexFormat.textRevision)
        // A revision that is not a number is damaged metadata.
        try index.state.withLock { state in
            let writer = try #require(state.writer)
            try writer.setMetadata(IndexMetadata.textRevision, Array("three".utf8))
            try writer.commit()
        }
        #expect(try IndexCheckReport(checking: index.path).problems.contains { $0.contains("'three' is not a revision") })
    }

    /// An index written before reserved keys were refused, with an attribute named `type`, opens
    /// (so it can be read and checked) and `check` reports the key, since every search fails with it.
    @Test func checkFindsAnAttributeWithAReservedName() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        try index.index([trail("mist", "Mist Trail")])
        #expect(try IndexCheckReport(checking: index.path).isConsistent)
        try index.state.withLock { state in
            let writer = try #require(state.writer)
            var schema = state.schema
            let t = try #require(schema.types.firstIndex { $0.name == "trail" })
            schema.types[t].attributes.append(AttributeKey("type", kind: .keyword))
            try writer.setMetadata(IndexMetadata.schema, Array(schema.jsonValue.jsonText.utf8))
            try writer.commit()
        }
        let reader = try EntityIndex(path: index.path)
        #expect(reader.schema.type(named: "trail")?.attribute("type") != nil)
        let report = try IndexCheckReport(checking: index.path)
        #expect(!report.isConsistent)
        #expect(report.problems.contains { $0.contains("type 'trail': attribute key 'type' is reserved") }, "\(report.problems)")
    }

    @Test func compactionKeepsEveryEntityHoldsTheLockAndLeavesTheIndexWritable() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        try index.index((0..<400).map { trail("t\($0)", "Trail \($0)", description: "granite waterfall \($0)") })
        try index.deleteEntities((0..<200).map { EntityReference(type: "trail", id: .string("t\($0 * 2)")) })
        let report = try index.compact()
        #expect(report.entities == 200)
        #expect(report.exchangedAtomically)
        #expect(report.bytesAfter < report.bytesBefore)
        #expect(try index.totalCount == 200)
        #expect(try index.entities(for: [EntityReference(type: "trail", id: "t3")]).first?.attributes["name"] == .string("Trail 3"))
        #expect(try index.search(SearchRequest("granite", limit: 5)).results.count == 5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["index"], "no leftover folders")
        #expect(throws: SearchlightError.self) { try EntityIndex(path: index.path, mode: .readWrite) }
        try index.index([trail("after", "After Compaction")])
        #expect(try EntityIndex(path: index.path).totalCount == 201)
        #expect(try IndexCheckReport(checking: index.path).isConsistent)
        #expect(throws: SearchlightError.self) { try EntityIndex(path: index.path).compact() }
    }

    @Test func aReaderRetriesAnOpenTornByAWriterButNotARealCorruption() throws {
        var calls = 0
        let opened = try EntityIndex.retryingTornOpen { () throws(XapianError) -> String in
            calls += 1
            if calls < 3 { throw XapianError(kind: .databaseCorrupt, message: "Expected block 5 to be level 1, not 0") }
            return "open"
        }
        #expect(opened == "open" && calls == 3)

        calls = 0
        #expect(throws: XapianError.self) {
            try EntityIndex.retryingTornOpen { () throws(XapianError) in
                calls += 1
                throw XapianError(kind: .databaseCorrupt, message: "always")
            }
        }
        #expect(calls == EntityIndex.openRetries + 1)

        calls = 0
        #expect(throws: XapianError.self) {
            try EntityIndex.retryingTornOpen { () throws(XapianError) in
                calls += 1
                throw XapianError(kind: .databaseNotFound, message: "no index")
            }
        }
        #expect(calls == 1, "only corruption is retried")
    }

    @Test func aWriterWaitsForTheLockUntilItsDeadline() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/index"
        let first = Mutex<EntityIndex?>(try EntityIndex(path: path, mode: .readWrite))
        let started = ContinuousClock.now
        do {
            _ = try EntityIndex(path: path, mode: .readWrite, waitingForWriterUpTo: .milliseconds(300))
            Issue.record("the lock should still be held")
        } catch {
            guard case .indexLocked = error else { throw error }
        }
        #expect(ContinuousClock.now - started >= .milliseconds(300))
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { first.withLock { $0 = nil } }
        let second = try EntityIndex(path: path, mode: .readWrite, waitingForWriterUpTo: .seconds(20))
        #expect(second.mode == .readWrite)
    }

    @Test func manyTasksReadOneIndexWhileOneTaskWritesWholeBatches() async throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        let batch = 50
        try await withThrowingTaskGroup(of: [Int].self) { group in
            group.addTask {
                for round in 0..<20 {
                    try index.index((0..<batch).map { trail("r\(round)-\($0)", "Granite Trail \(round) \($0)") })
                }
                return []
            }
            for reader in 0..<8 {
                group.addTask {
                    var counts: [Int] = []
                    let own = reader.isMultiple(of: 2) ? nil : try EntityIndex(path: index.path)
                    for _ in 0..<40 {
                        if let own {
                            try own.reopen()
                            counts.append(try own.totalCount)
                        } else {
                            counts.append(try index.search(SearchRequest("granite", limit: 1000)).results.count)
                        }
                        await Task.yield()
                    }
                    return counts
                }
            }
            for try await counts in group {
                #expect(counts.allSatisfy { $0 % batch == 0 }, "a reader saw a partial batch: \(counts)")
                #expect(counts == counts.sorted())
            }
        }
        #expect(try index.totalCount == 20 * batch)
    }
}
