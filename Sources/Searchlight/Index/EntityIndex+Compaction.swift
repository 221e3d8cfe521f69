import FoundationEssentials
import Glibc
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
    public func compact() throws(SearchlightError) -> CompactionReport {
        let started = ContinuousClock.now
        let (parent, name) = Self.split(path)
        let sibling = (parent.isEmpty ? "" : parent + "/") + ".\(name).compacting"
        let aside = (parent.isEmpty ? "" : parent + "/") + ".\(name).old"
        let before = sizeOnDisk
        return try read { (state: inout State) throws -> CompactionReport in
            guard let writer = state.writer else { throw SearchlightError.readOnly }
            try writer.commit()
            let entities = try writer.documentCount
            // Leftovers of an interrupted compaction: nobody else can be using them while we hold the lock.
            for leftover in [sibling, aside] where FileManager.default.fileExists(atPath: leftover) {
                try FileManager.default.removeItem(atPath: leftover)
            }
            let compacted: WritableDatabase
            do {
                try Database(path: path).compact(to: sibling)
                compacted = try Self.openWriter(sibling)
                WriterLock.record(path: sibling)
                let check = try Database.check(path: sibling)
                guard check.errors == 0, try compacted.documentCount == entities else {
                    throw SearchlightError.storage(StorageFailure(kind: .corrupt, message:
                        "the compacted copy holds \(try compacted.documentCount) entities and \(check.errors) errors; expected \(entities) and none; the index was left as it was"))
                }
            } catch {
                try? FileManager.default.removeItem(atPath: sibling)
                throw error
            }
            let old = try FolderExchange.replace(path, with: sibling, keepingOldAt: aside)
            try writer.close()
            try FileManager.default.removeItem(atPath: old)
            try compacted.close()
            if let reopened = try? Self.openWriter(path) {
                WriterLock.record(path: path)
                state.database = reopened
            } else {
                state.database = try Database(path: path)
            }
            state.madeSearcher = nil
            return CompactionReport(bytesBefore: before, bytesAfter: Self.folderSize(path), entities: entities,
                                    exchangedAtomically: old == sibling, seconds: (ContinuousClock.now - started).seconds)
        }
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
