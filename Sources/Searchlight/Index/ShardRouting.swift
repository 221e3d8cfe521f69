/// Where an entity lives in a sharded index of `count` shards.
///
/// Its shard is a stable hash (64-bit FNV-1a) of its unique term, `Q<type>:<id>`, modulo the count,
/// the same on every machine and in every run, so an upsert or delete finds the shard its entity
/// was written to. Its docid is chosen so that docid order is the order entities were first written,
/// as in one index: Xapian numbers the combined database's documents so that docid d is docid
/// (d - 1) / count + 1 of shard (d - 1) % count, and an entity at position p (0, 1, 2, … in writing
/// order, across shards) is docid p + 1 of its shard, combined docid p × count + shard + 1. Ties in
/// weight, value sorts and hint order break by docid, so they break as in one index.
///
/// ```swift
/// let routing = ShardRouting(count: 2)
/// let shard = routing.shard(ofUniqueTerm: "Qpackage:vim")   // 0 or 1, always the same
/// let docid = ShardRouting.localDocid(position: 41)          // 42 in that shard
/// ```
struct ShardRouting: Sendable {
    let count: Int

    /// The shard holding the entity with this unique term.
    func shard(ofUniqueTerm term: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in term.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(count))
    }

    /// The docid within its shard of the entity at `position`.
    static func localDocid(position: Int) -> UInt32 { UInt32(position + 1) }

    /// The combined docid of the entity at `position` in `shard`.
    func combinedDocid(position: Int, shard: Int) -> UInt32 { UInt32(position * count + shard + 1) }

    /// The position of the next entity written, given the combined database's last docid.
    func nextPosition(afterLastDocid last: UInt32) -> Int { last == 0 ? 0 : Int(last - 1) / count + 1 }
}
