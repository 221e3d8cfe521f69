import XapianIndex

/// What one shard of a sharded index holds (`EntityIndex.shardStatistics()`; `searchlight stats`).
///
/// ```swift
/// for shard in try index.shardStatistics() { print(shard.name, shard.entities, shard.terms, shard.sizeBytes) }
/// ```
public struct ShardStatistics: Sendable, Equatable {
    /// The shard's folder as the index's stub file names it (`shard-0`, …).
    public let name: String
    /// Its unexpired entities.
    public let entities: Int
    /// Its distinct terms.
    public let terms: Int
    /// Bytes of its files.
    public let sizeBytes: Int
}

extension EntityIndex {
    /// One entry per shard, in shard order, for a sharded index; empty for one database. Counting a
    /// shard's distinct terms walks them all (0.06 s for the 950,000 of the Debian corpus's 2 shards).
    ///
    /// ```swift
    /// let shards = try EntityIndex(path: "/tmp/packages").shardStatistics()
    /// print(shards.map(\.entities).reduce(0, +))   // the index's entity count
    /// ```
    /// - Throws: `.storage` when a shard cannot be read.
    public func shardStatistics() throws(SearchlightError) -> [ShardStatistics] {
        guard shardCount > 1 else { return [] }
        return try ShardedFolder.shardFolders(path).map { (folder) throws(SearchlightError) in
            let shard = try EntityIndex(path: folder)
            let terms = try shard.read { (state: inout State) throws -> Int in try state.database.distinctTermCount }
            let name = folder.hasPrefix(path + "/") ? String(folder.dropFirst(path.count + 1)) : folder
            return ShardStatistics(name: name, entities: try shard.totalCount, terms: terms, sizeBytes: shard.sizeOnDisk)
        }
    }
}
