import FoundationEssentials
import XapianIndex

/// Expired entities (`expirationDate` at or before now) are gone everywhere: searches leave them out
/// (`QueryPlanner.expiry`), `entities(for:)` and the counts skip them, and writes delete them as they
/// go: `index(_:)`, every batch of a `JSONLinesIngest`'s first commit, the deletes, and `purgeExpired()`.
///
/// ```swift
/// let purged = try index.purgeExpired()   // how many expired entities were deleted
/// ```
extension EntityIndex {
    /// Deletes every expired entity; returns how many there were.
    @discardableResult
    public func purgeExpired() throws(SearchlightError) -> Int {
        let purged = try write { (_: inout State, writer) throws -> Int in try Self.purgeExpired(writer) }
        if purged > 0 { try refreshShortPrefixTables() }
        return purged
    }

    /// Deletes the expired entities in the writer's current transaction; returns how many.
    static func purgeExpired(_ writer: WritableDatabase, now: Date = Date()) throws -> Int {
        let expired = try expiredDocuments(writer, now: now)
        var deleted = 0
        for (_, entity) in expired {
            deleted += try writer.deleteDocuments(withTerm: IndexTerms.unique(type: entity.type, id: entity.id))
        }
        return deleted
    }

    /// The documents of `database` whose entity has expired by `now`, with the entity. Reads the
    /// expiry slot's values only when its lower bound says one can have expired.
    static func expiredDocuments(_ database: Database, now: Date = Date()) throws -> [(docid: UInt32, entity: Entity)] {
        let nowBytes = Sortable.serialise(now.timeIntervalSince1970)
        guard let earliest = try database.valueLowerBound(slot: IndexFormat.Slot.expiration),
              !nowBytes.lexicographicallyPrecedes(earliest) else { return [] }
        var docids: [UInt32] = []
        try database.forEachValue(inSlot: IndexFormat.Slot.expiration) { docid, value in
            if !nowBytes.lexicographicallyPrecedes(value) { docids.append(docid) }
            return true
        }
        return try docids.compactMap { docid in
            guard let data = try database.documentData(docid: docid), let entity = entity(fromData: data) else { return nil }
            return (docid, entity)
        }
    }

    /// How many expired entities of each type the index holds (not yet purged).
    func expiredCountsByType() throws(SearchlightError) -> [String: Int] {
        try read { (state: inout State) throws -> [String: Int] in
            var counts: [String: Int] = [:]
            for (_, entity) in try Self.expiredDocuments(state.database) { counts[entity.type, default: 0] += 1 }
            return counts
        }
    }

    /// Whether `entity` has expired by `now`.
    static func isExpired(_ entity: Entity, now: Date = Date()) -> Bool {
        entity.expirationDate.map { $0 <= now } ?? false
    }
}
