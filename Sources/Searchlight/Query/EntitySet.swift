import XapianIndex

/// A set of matched entities as a query, to restrict later runs to them: the feedback pool
/// (`Ranking.feedback`), and on remote shards the entities a filter's predicate accepts (`PageReader`).
///
/// On local shards it is the matches' docids (`Query.documents`, a posting source of the shim's own);
/// Xapian's remote protocol carries no custom posting source, so on an index with remote shards it is
/// an `OR` of the entities' unique terms (`Q<type>:<id>`), read from their stored data.
///
/// ```swift
/// let pool = try enquire.matches(offset: 0, limit: 200)
/// let members = try EntitySet.query(of: Array(pool), in: database)
/// let rescored = try Query.combine(.filter, [query, members])
/// ```
enum EntitySet {
    /// Exactly the entities of `matches` that `accept` takes (all when nil), as a weightless query.
    /// - Throws: `XapianError` when the index cannot be read.
    static func query(of matches: [MatchSet.Match], in database: Database,
                      accepting accept: ((Entity) -> Bool)? = nil) throws(XapianError) -> Query {
        let remote = database.hasRemoteShards
        if !remote, accept == nil { return try Query.documents(matches.map(\.docid), in: database) }
        var docids: [UInt32] = []
        var terms: [Query] = []
        for match in matches {
            guard let entity = EntityIndex.entity(fromData: try match.data()), accept?(entity) ?? true else { continue }
            if remote { terms.append(Query.term(IndexTerms.unique(type: entity.type, id: entity.id))) } else { docids.append(match.docid) }
        }
        guard remote else { return try Query.documents(docids, in: database) }
        return terms.isEmpty ? Query.matchNothing : try Query.combine(.or, terms).scaled(by: 0)
    }
}
