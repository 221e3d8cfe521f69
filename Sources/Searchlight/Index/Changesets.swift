import FoundationEssentials
import Glibc
import Synchronization
import XapianIndex

/// Xapian changesets, which let `xapian-replicate` bring a replica up to date with what a master
/// committed since (instead of copying the whole database).
///
/// Xapian 1.4 writes a changeset with each commit of a writer whose process has the environment
/// variable `XAPIAN_MAX_CHANGESETS` set to N > 0, and keeps the last N. Glass reads the variable
/// when a writer is opened and again after each commit, for the next one. A replicable index stores N
/// in its metadata (`searchlight.changesets`, in every shard), and every writer Searchlight opens on
/// it sets the variable first, so that every later run (`index`, `delete`, `purge`, `compact`, an
/// app's writes) keeps writing changesets, not only the run that made it replicable.
///
/// The variable is the process's: once set it stays set (at the largest N asked for), so a process
/// that writes a replicable index writes changesets for any other index it writes afterwards too.
/// It is set under a lock, but `setenv` is not safe against `getenv` in other threads (Xapian calls
/// it at every commit): an app should open its first writer of a replicable index before it starts
/// writing from several threads.
///
/// ```swift
/// let index = try EntityIndex(path: "/srv/packages", mode: .readWrite)
/// try index.makeReplicable(keepingChangesets: 10)
/// ```
public enum Changesets {
    /// Changesets kept when none is said: Xapian's documentation advises 10 to start with.
    public static let defaultCount = 10

    /// The most changesets an index may keep.
    public static let maximumCount = 1_000_000

    /// Xapian's environment variable.
    static let variable = "XAPIAN_MAX_CHANGESETS"

    private static let lock = Mutex(())

    /// Makes this process's writers, from the next one opened (or the next commit of one open),
    /// write changesets and keep the last `count`: sets `XAPIAN_MAX_CHANGESETS` unless it already
    /// asks for at least that many.
    static func keep(_ count: Int) {
        lock.withLock { _ in
            if let current = getenv(variable).flatMap({ Int(String(cString: $0)) }), current >= count { return }
            setenv(variable, String(count), 1)
        }
    }

    /// The number stored in a database's metadata, nil when it keeps none.
    static func stored(in database: Database) throws(XapianError) -> Int? {
        try database.metadata(IndexMetadata.changesets).flatMap { Int(String(decoding: $0, as: UTF8.self)) }.flatMap { $0 > 0 ? $0 : nil }
    }

    /// Before a writer opens the index at `path`: when the index stores a number of changesets, asks
    /// this process's writers for them (`keep`). An index that cannot be read is left to the open.
    static func prepareWriter(at path: String) {
        guard let database = try? Database(path: path), let count = try? stored(in: database) else { return }
        keep(count)
    }
}

extension EntityIndex {
    /// Makes the index replicable: its writers, this one and every later one, write Xapian
    /// changesets and keep the last `count` (in every shard of a sharded index), which
    /// `xapian-replicate-server` sends to replicas (README: Replicas). The setting is stored in the
    /// index; calling this again changes the number.
    ///
    /// ```swift
    /// let index = try EntityIndex(path: "/srv/packages", mode: .readWrite)
    /// try index.makeReplicable()            // 10 changesets
    /// print(try index.keptChangesets ?? 0)  // 10
    /// ```
    /// - Parameter count: how many changesets to keep, 1 to `Changesets.maximumCount`. A replica that
    ///   falls further behind than the changesets kept gets a whole copy.
    /// - Throws: `.readOnly` for a reader; `.input` for a count out of range; `.storage`.
    public func makeReplicable(keepingChangesets count: Int = Changesets.defaultCount) throws(SearchlightError) {
        guard (1...Changesets.maximumCount).contains(count) else {
            throw .input(path: path, reason: "cannot keep \(count) changesets: the number must be between 1 and \(Changesets.maximumCount)")
        }
        Changesets.keep(count)
        try write { (_: inout State, writer) throws in
            try writer.setMetadata(IndexMetadata.changesets, Array(String(count).utf8))
        }
    }

    /// How many changesets the index's writers keep for replicas; nil when it is not replicable.
    public var keptChangesets: Int? {
        get throws(SearchlightError) { try read { (state: inout State) throws -> Int? in try Changesets.stored(in: state.database) } }
    }
}
