import Foundation
import Testing
@testable import Searchlight

/// The ingest's writer thread: batches arrive in parts and commit whole, in order; a batch whose
/// end never arrives is discarded; a failed commit reaches the sender.
@Suite struct PipelinedWriterTests {
    func prepared(_ entities: [Entity], schema: Schema = outdoorSchema) throws -> [EntityIndex.PreparedEntity] {
        let builder = DocumentBuilder()
        return try entities.map { entity in
            EntityIndex.PreparedEntity(document: try builder.document(for: entity, type: schema.type(named: entity.type)!, schema: schema),
                                       uniqueTerm: IndexTerms.unique(type: entity.type, id: entity.id))
        }
    }

    @Test func batchesCommitWholeAndABatchWithoutItsEndIsDiscarded() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        let writer = PipelinedWriter(index: index, adding: true)
        let first = (0..<600).map { trail("a\($0)", "Alpha \($0)") }
        for part in stride(from: 0, to: first.count, by: 100) {
            try writer.send(.entities(try prepared(Array(first[part..<part + 100]))))
        }
        try writer.send(.end(schema: nil, checkpoint: .object([("line", .int(600))]), dictionary: nil, normalization: nil))
        try writer.send(.entities(try prepared([trail("b0", "Beta")])))
        writer.abandon()
        writer.abandon()  // a second call changes nothing
        let reader = try EntityIndex(path: index.path)
        #expect(try reader.totalCount == 600)
        #expect(try reader.checkpoint()?["line"] == .int(600))
        #expect(try reader.entities(for: [EntityReference(type: "trail", id: "b0")]).isEmpty)
    }

    @Test func aFailedCommitReachesTheSenderAndLeavesTheBatchOut() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        let writer = PipelinedWriter(index: index, adding: false)
        try writer.send(.entities(try prepared([trail("a", "Alpha")])))
        try writer.send(.end(schema: nil, checkpoint: nil, dictionary: nil, normalization: nil))
        // The stored schema has trails in English; a schema saying otherwise cannot be stored.
        var conflicting = outdoorSchema
        conflicting.types[0].language = "french"
        try writer.send(.entities(try prepared([trail("b", "Beta")])))
        try writer.send(.end(schema: conflicting, checkpoint: nil, dictionary: nil, normalization: nil))
        defer { writer.abandon() }
        var failure: SearchlightError?
        do {
            // The failure arrives with a later send or with finish, whichever comes first.
            for _ in 0..<50 { try writer.send(.entities([])) }
            try writer.finish()
        } catch {
            failure = error
        }
        guard case .schemaConflict? = failure else { Issue.record("expected the schema conflict, got \(String(describing: failure))"); return }
        #expect(try EntityIndex(path: index.path).totalCount == 1)
    }
}
