import Dispatch
import Synchronization

/// Writes the batches of an ingest on a thread of its own, so that building the documents of the
/// next entities (JSON, words, compression: about a third of indexing) overlaps Xapian's work on
/// the ones before. A batch arrives in parts, a few hundred entities at a time, so that only a
/// few parts wait in memory, and is committed, with its checkpoint, when its end arrives.
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

    private enum Message: Sendable {
        case part(EntityIndex.BatchPart)
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

    init(index: EntityIndex, adding: Bool) {
        DispatchQueue(label: "searchlight.writer").async { [self] in
            run(index: index, adding: adding)
            done.signal()
        }
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

    private func run(index: EntityIndex, adding: Bool) {
        var first = true
        while case .part(let part) = take() {
            var pending: EntityIndex.BatchPart? = part
            var stoppedInBatch = false
            do {
                // The first commit of a run also deletes the entities that have expired.
                try index.writeBatch(adding: adding, purgingExpired: first) { () throws -> EntityIndex.BatchPart in
                    if let part = pending {
                        pending = nil
                        return part
                    }
                    guard case .part(let part) = take() else {
                        stoppedInBatch = true
                        throw Abandoned()
                    }
                    return part
                }
                committed.withLock { $0 += 1 }
                first = false
            } catch {
                guard !stoppedInBatch else { return }
                failure.withLock { $0 = error }
                // Keep taking what is sent, so the sender never waits for room, until it stops.
                while case .part = take() {}
                return
            }
        }
    }
}
