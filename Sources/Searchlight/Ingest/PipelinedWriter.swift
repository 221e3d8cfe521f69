import Dispatch
import Synchronization
import XapianIndex

/// Writes the batches of an ingest on a thread of its own, so that building the documents of the
/// next entities (JSON, words, compression: about a third of indexing) overlaps Xapian's work on
/// the ones before. A batch arrives in parts, a few hundred entities at a time, so that only a
/// few parts wait in memory, and is committed, with its checkpoint, when its end arrives.
///
/// A writer of one shard of a sharded index also builds the documents (`sendToBuild`): the reading
/// thread then only reads and routes, and the shards' threads share the rest of the work.
///
/// ```swift
/// let writer = PipelinedWriter(index: index, adding: true)
/// try writer.send(.entities(prepared))
/// try writer.send(.end(schema: nil, checkpoint: checkpoint, dictionary: nil, normalization: nil))
/// try writer.finish()   // waits for the last commit; throws the first failure
/// ```
final class PipelinedWriter: Sendable {
    /// Parts that may wait for the writer before `send` blocks.
    static let depth = 4

    /// An entity whose document the writer's thread builds, with what it is written under.
    struct Unbuilt: Sendable {
        var entity: Entity
        var uniqueTerm: String
        var shardDocid: UInt32?
    }

    /// How the writer's thread builds documents: the schema, and the dictionary and length
    /// normalisation they are written with.
    struct Building: Sendable {
        var schema: Schema
        var dictionary: StoredData.Dictionary?
        var normalization: LengthNormalization?
    }

    private enum Message: Sendable {
        case part(EntityIndex.BatchPart)
        /// Entities of the batch to build (only for a writer made with `building`).
        case unbuilt([Unbuilt])
        /// No more batches: the writer stops after the last one.
        case stop
        /// The sender gave up: a batch in progress is discarded, not committed.
        case abandon
    }

    private struct Abandoned: Error {}

    private let queue = Mutex<[Message]>([])
    private let waiting = DispatchSemaphore(value: 0)
    private let room = DispatchSemaphore(value: PipelinedWriter.depth)
    private let done = DispatchSemaphore(value: 0)
    private let failure = Mutex<SearchlightError?>(nil)
    private let stopped = Mutex(false)
    private let committed = Mutex(0)

    /// How many batches were committed so far.
    var batchesCommitted: Int { committed.withLock { $0 } }

    /// - Parameter building: given, the writer also builds the documents sent with `sendToBuild`.
    init(index: EntityIndex, adding: Bool, building: Building? = nil) {
        DispatchQueue(label: "searchlight.writer").async { [self] in
            let builder = building.map { building in
                let builder = DocumentBuilder()
                builder.dictionary = building.dictionary
                builder.normalization = building.normalization
                return (builder, building.schema)
            }
            run(index: index, adding: adding, builder: builder)
            done.signal()
        }
    }

    /// Hands over entities for the writer's thread to build and write, like `send(.entities(_:))`.
    func sendToBuild(_ entities: [Unbuilt]) throws(SearchlightError) {
        if let error = failure.withLock({ $0 }) { throw error }
        put(.unbuilt(entities))
    }

    /// Hands over the next part; waits while `depth` parts wait. Throws the writer's failure, if it had one.
    func send(_ part: EntityIndex.BatchPart) throws(SearchlightError) {
        if let error = failure.withLock({ $0 }) { throw error }
        put(.part(part))
    }

    /// Waits for every batch sent to be committed; throws the first failure. Call once, after the last batch's end.
    /// With `discardingOpenBatch`, a batch whose end was not sent is discarded rather than awaited.
    func finish(discardingOpenBatch: Bool = false) throws(SearchlightError) {
        stop(discardingOpenBatch ? .abandon : .stop)
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Stops the writer, discarding a batch whose end was not sent; for the sender's own failures.
    func abandon() { stop(.abandon) }

    private func stop(_ message: Message) {
        guard !stopped.withLock({ (stopped: inout Bool) -> Bool in defer { stopped = true }; return stopped }) else { return }
        put(message)
        done.wait()
    }

    private func put(_ message: Message) {
        room.wait()
        queue.withLock { $0.append(message) }
        waiting.signal()
    }

    private func take() -> Message {
        waiting.wait()
        let message = queue.withLock { $0.removeFirst() }
        room.signal()
        return message
    }

    private func run(index: EntityIndex, adding: Bool, builder: (DocumentBuilder, Schema)?) {
        var first = true
        /// The next part of a batch, its documents built if they came unbuilt; nil when the sender stopped.
        func nextPart() throws -> EntityIndex.BatchPart? {
            switch take() {
            case .part(let part): return part
            case .unbuilt(let entities):
                guard let (builder, schema) = builder else { preconditionFailure("unbuilt entities sent to a writer that does not build") }
                return .entities(try entities.map { unbuilt in
                    guard let type = schema.type(named: unbuilt.entity.type) else {
                        throw SearchlightError.unknownType(unbuilt.entity.type, known: schema.types.map(\.name))
                    }
                    return EntityIndex.PreparedEntity(document: try builder.document(for: unbuilt.entity, type: type, schema: schema),
                                                      uniqueTerm: unbuilt.uniqueTerm, shardDocid: unbuilt.shardDocid)
                })
            case .stop, .abandon: return nil
            }
        }
        var failed: (any Error)?
        while failed == nil {
            var pending: EntityIndex.BatchPart?
            do { pending = try nextPart() } catch { failed = error; break }
            guard pending != nil else { return }
            var stoppedInBatch = false
            do {
                // The first commit of a run also deletes the entities that have expired.
                try index.writeBatch(adding: adding, purgingExpired: first) { () throws -> EntityIndex.BatchPart in
                    if let part = pending {
                        pending = nil
                        return part
                    }
                    guard let part = try nextPart() else {
                        stoppedInBatch = true
                        throw Abandoned()
                    }
                    return part
                }
                committed.withLock { $0 += 1 }
                first = false
            } catch {
                guard !stoppedInBatch else { return }
                failed = error
            }
        }
        failure.withLock {
            switch failed {
            case let error as SearchlightError: $0 = error
            case let error as XapianError: $0 = .storage(error)
            default: $0 = .storage(StorageFailure(kind: .other, message: "\(failed.map { "\($0)" } ?? "")"))
            }
        }
        // Keep taking what is sent, so the sender never waits for room, until it stops.
        while true {
            switch take() {
            case .part, .unbuilt: continue
            case .stop, .abandon: return
            }
        }
    }
}
