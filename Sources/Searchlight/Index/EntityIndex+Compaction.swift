import Dispatch
import FoundationEssentials
import Glibc
import Synchronization
import XapianIndex

extension EntityIndex {
    /// Rewrites the index compactly and swaps it in place, holding the writer lock throughout.
    ///
    /// Xapian compacts the last committed revision into a sibling folder; that copy is opened for
    /// writing (which takes its lock before anyone else can), checked by Xapian and for the same
    /// entity count, and only then exchanged with the index folder (see `FolderExchange`). The
    /// old folder is deleted last. Any failure before the exchange leaves the index untouched.
    ///
    /// Requires an index opened `.readWrite`. Afterwards it writes the compacted index: Xapian
    /// keeps the path a database was opened at, so the copy's writer is closed and one is opened
    /// at the index path. Another process may take the lock in that instant (harmlessly: the swap
    /// is complete); then this index is left open for reading and its writes throw `.readOnly`.
    ///
    /// A sharded index is compacted shard by shard, each as the index it is, in parallel (see
    /// `compactShards`), unless `mergingShards`: then its shards become one database, which answers
    /// every read as the sharded index did (the same ids, order, scores, totals and facets). Its
    /// documents keep their combined docids (so the order of ties and the docids of the short-prefix
    /// tables hold), its metadata is the first shard's, and the folder then holds one database in
    /// place of the stub and shards, swapped in as a compaction is. Readers of the sharded index
    /// reopen it as the one database.
    ///
    /// ```swift
    /// let index = try EntityIndex(path: "/tmp/packages", mode: .readWrite)
    /// let report = try index.compact(mergingShards: true)
    /// print(index.shardCount, report.bytesAfter)   // 1, …
    /// ```
    /// - Parameter mergingShards: merge a sharded index into one database (nothing more for one database).
    /// - Throws: `.readOnly` for a reader; `.storage` when the folders are not writable or the copy fails
    ///   (the index is then left as it was).
    public func compact(mergingShards: Bool = false) throws(SearchlightError) -> CompactionReport {
        let merging = mergingShards && shardCount > 1
        if shardCount > 1, !merging { return try compactShards() }
        let started = ContinuousClock.now
        let (sibling, aside, unmerged) = Self.compactionSiblings(of: path)
        let before = sizeOnDisk
        return try read { (state: inout State) throws -> CompactionReport in
            guard let writer = state.writer else { throw SearchlightError.readOnly }
            // Everything the swap needs is checked first, so that a compaction that cannot finish
            // changes nothing: the copy is written beside the index and renamed in its parent, and the
            // old files are deleted from the index folder afterwards.
            let (parent, _) = Self.split(path)
            for folder in [parent.isEmpty ? "." : parent, path] where access(folder, W_OK | X_OK) != 0 {
                throw SearchlightError.storage(StorageFailure(kind: .io, message: "cannot compact the index at \(path): "
                    + (folder == path ? "the index folder" : "the folder holding it, \(folder),") + " is not writable (\(String(cString: strerror(errno)))); the index was left as it was"))
            }
            try writer.commit()
            let entities = try writer.documentCount
            // Leftovers of an interrupted compaction: nobody else can be using them while we hold the lock.
            try Self.removeCompactionLeftovers(of: path)
            let compacted: WritableDatabase
            do {
                if merging {
                    // Xapian's compaction of several databases would renumber their documents shard by
                    // shard; written one by one, they keep their combined docids, and then are compacted.
                    try Database(path: path).merge(into: unmerged)
                    try Database(path: unmerged).compact(to: sibling)
                    try? FileManager.default.removeItem(atPath: unmerged)
                } else {
                    try Database(path: path).compact(to: sibling)
                }
                compacted = try Self.openWriter(sibling)
                WriterLock.record(path: sibling)
                let check = try Database.check(path: sibling)
                guard check.errors == 0, try compacted.documentCount == entities else {
                    throw SearchlightError.storage(StorageFailure(kind: .corrupt, message:
                        "the compacted copy holds \(try compacted.documentCount) entities and \(check.errors) errors; expected \(entities) and none; the index was left as it was"))
                }
                try Self.copyOwnershipAndModes(from: path, to: sibling)
            } catch {
                for folder in [sibling, unmerged] { try? FileManager.default.removeItem(atPath: folder) }
                throw error
            }
            let old = try FolderExchange.replace(path, with: sibling, keepingOldAt: aside)
            try writer.close()
            // The swap is done: an old copy that cannot be deleted is named, and the next writer deletes it.
            var leftover: String?
            do { try FileManager.default.removeItem(atPath: old) } catch { leftover = old }
            try compacted.close()
            try reopen(&state)
            return CompactionReport(bytesBefore: before, bytesAfter: Self.folderSize(path), entities: entities,
                                    exchangedAtomically: old == sibling, seconds: (ContinuousClock.now - started).seconds,
                                    oldCopyLeftAt: leftover)
        }
    }

    /// Compacts each shard of a sharded index as above, all at once: Xapian's own compaction of the
    /// combined database would merge the shards into one. This writer is closed meanwhile (each
    /// shard's compaction takes its lock) and then reopened; if another process took a lock in
    /// between, this index is left open for reading. A shard whose compaction fails is left as it
    /// was, and the first failure is thrown after the others finished.
    private func compactShards() throws(SearchlightError) -> CompactionReport {
        let started = ContinuousClock.now
        let before = sizeOnDisk
        return try read { (state: inout State) throws -> CompactionReport in
            guard let writer = state.writer else { throw SearchlightError.readOnly }
            let count = writer.shardCount
            let entities = try writer.documentCount
            try writer.close()
            let results = Mutex<[Result<CompactionReport, SearchlightError>?]>(Array(repeating: nil, count: count))
            DispatchQueue.concurrentPerform(iterations: count) { number in
                let shard = path + "/" + ShardedFolder.shardName(number)
                let result = Result { () throws(SearchlightError) in try EntityIndex(path: shard, mode: .readWrite).compact() }
                results.withLock { $0[number] = result }
            }
            try reopen(&state)
            let reports = try results.withLock { $0 }.map { (result) throws(SearchlightError) in try result!.get() }
            return CompactionReport(bytesBefore: before, bytesAfter: Self.folderSize(path), entities: entities,
                                    exchangedAtomically: reports.allSatisfy(\.exchangedAtomically),
                                    seconds: (ContinuousClock.now - started).seconds, oldCopyLeftAt: reports.compactMap(\.oldCopyLeftAt).first)
        }
    }

    /// The sibling folders of a compaction of the index at `path`: the compacted copy, where the
    /// old folder goes when the folders cannot be exchanged atomically, and the merged shards before
    /// their compaction.
    static func compactionSiblings(of path: String) -> (copy: String, aside: String, merged: String) {
        let (parent, name) = split(path)
        let prefix = parent.isEmpty ? "" : parent == "/" ? "/" : parent + "/"
        return (prefix + ".\(name).compacting", prefix + ".\(name).old", prefix + ".\(name).merging")
    }

    /// Deletes what a compaction killed part-way left beside the index at `path`. Only while holding
    /// the index's writer lock: a compaction in progress holds it until its old copy is gone.
    static func removeCompactionLeftovers(of path: String) throws(SearchlightError) {
        let (copy, aside, merged) = compactionSiblings(of: path)
        for leftover in [copy, aside, merged] where FileManager.default.fileExists(atPath: leftover) {
            do { try FileManager.default.removeItem(atPath: leftover) } catch {
                throw .storage(StorageFailure(kind: .io, message: "cannot remove \(leftover), left by an interrupted compaction of \(path): \(describe(error))"))
            }
        }
    }

    /// Gives the compacted copy the index folder's mode and owner, and each of its files those of
    /// the file of the same name in the index, so that the swap changes no permission.
    private static func copyOwnershipAndModes(from original: String, to copy: String) throws(SearchlightError) {
        var info = stat()
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: copy)) ?? [])
        for (from, to) in [(original, copy)] + names.map({ (original + "/" + $0, copy + "/" + $0) }) {
            guard stat(from, &info) == 0 else { continue }
            if geteuid() == 0 { _ = chown(to, info.st_uid, info.st_gid) }
            guard chmod(to, info.st_mode & 0o7777) == 0 else {
                throw .storage(StorageFailure(kind: .io, message: "cannot give \(to) the mode of \(from): \(String(cString: strerror(errno))); the index was left as it was"))
            }
        }
    }

    /// A file error's path and reason, without Foundation's wrapping.
    static func describe(_ error: any Error) -> String {
        if let error = error as? CocoaError {
            let path = error.userInfo["NSFilePath"] as? String
            let reason = (error.userInfo["NSUnderlyingError"] as? POSIXError).map { String(cString: strerror($0.code.rawValue)) } ?? "\(error.code)"
            return (path.map { "\($0): " } ?? "") + reason
        }
        return "\(error)"
    }

    /// Opens this index again after a compaction closed its writer: for writing when no other
    /// process took the lock meanwhile, else for reading; the searcher is made anew.
    private func reopen(_ state: inout State) throws(XapianError) {
        if let reopened = try? Self.openWriter(path) {
            WriterLock.record(path: path)
            state.database = reopened
        } else {
            state.database = try Database(path: path)
        }
        state.madeSearcher = nil
    }
}

extension EntityIndex {
    /// Opens the fresh compacted copy, or the index after the exchange, for writing. A child that
    /// another thread of this process forks (a `Process`, Xapian's own lock helper) inherits the
    /// locks this process held on them (while compacting, and before the exchange), until the child
    /// execs or exits: retry for a moment. Only another process's writer keeps the lock longer.
    static func openWriter(_ path: String) throws(XapianError) -> WritableDatabase {
        let deadline = ContinuousClock.now + .seconds(5)
        while true {
            do {
                return try WritableDatabase(path: path, mode: .open)
            } catch {
                guard error.kind == .databaseLock, ContinuousClock.now < deadline else { throw error }
                usleep(10_000)
            }
        }
    }

    /// The folder holding `path` ("" for a bare name, "/" at the root) and its last component,
    /// trailing slashes ignored.
    static func split(_ path: String) -> (parent: String, name: String) {
        var bytes = path.utf8[...]
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes = bytes.dropLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return ("", String(Substring(bytes))) }
        let parent = bytes[..<slash].isEmpty ? "/" : String(Substring(bytes[..<slash]))
        return (parent, String(Substring(bytes[bytes.index(after: slash)...])))
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
