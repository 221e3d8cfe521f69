import FoundationEssentials
import XapianIndex

/// The Xapian queries of one search and how to run them, as `QueryPlanner` makes them: the page
/// reader runs it, and nothing in it reads the index.
///
/// In relevance order with words to match, a page reads the tiers in turn: `allWords` (entities
/// with every word) first, then the rest of `anyWords` (or `anyWords` alone for `--match any`);
/// each run is `composed` (the whole-title boost, BM25 units) and `restricted` (types, filter
/// terms and ranges, expiry).
///
/// ```swift
/// let plan = try QueryPlanner(searcher: searcher, schema: schema).plan(request, text: text, facts: facts)
/// let page = try PageReader(plan: plan, database: database).read(offset: 0, limit: 10)
/// ```
struct QueryPlan {
    /// How words without operators combine (`best` reads `allWords`, then the rest of `anyWords`).
    var match: SearchRequest.MatchMode
    /// Entities with every word; nil when the text has no words or the match mode is `any`.
    var allWords: Query?
    /// Entities with any word (every entity when the text has none).
    var anyWords: Query
    /// Whether the any-word matches are re-ranked by pseudo-relevance feedback when a page needs them.
    var feedback: Bool
    /// Index-side restrictions every match must pass (types, required terms, filter terms and ranges).
    var filters: [Query]
    /// Entities that have expired by the time of the search; nil when none can have.
    var expired: Query?
    /// The whole-title term an entity whose title is the text gains the weight of.
    var titleBoost: Query?
    /// The filter's predicate, checked on each candidate's entity; nil when there is none or
    /// `filters` answer it exactly (`QueryPlanner.narrowing`).
    var predicate: EntityPredicate?
    /// Sort keys replacing relevance order (relevance breaks ties); empty keeps relevance.
    var sort: [Enquire.SortKey]
    /// Whether results are in relevance order: no sort keys.
    var relevanceOrder: Bool { sort.isEmpty }
    /// What one unit of the stored hint adds to a score, when matches are re-ranked by the hint.
    var hintWeight: Double?
    /// What `hintWeight` adds at the index's highest hint: `Ranking.hintBoost`, or
    /// `Ranking.typedWordHintBoost` while one word is typed.
    var largestHintBoost = Ranking.hintBoost
    /// The facet keys to count and their slots.
    var facets: [(key: String, slot: UInt32)]
    /// Whether the total must be exact even when counting it means visiting every match: with a
    /// filter (whose estimate Xapian scales by the share its decider accepted), with facets
    /// (counted over every match anyway), or when asked (`SearchRequest.exactTotal`).
    var exactTotal: Bool

    /// `query` restricted to what every match must pass.
    func restricted(_ query: Query) throws(XapianError) -> Query {
        let restricted = filters.isEmpty ? query : try Query.combine(.filter, [query] + filters)
        guard let expired else { return restricted }
        return try Query.combine(.andNot, [restricted, expired])
    }

    /// `query` as every run of the search ranks and restricts it.
    func composed(_ query: Query) throws(XapianError) -> Query {
        var boosted = query
        if let titleBoost { boosted = try Query.combine(.andMaybe, [query, titleBoost]) }
        return try restricted(try Ranking.inBM25Units(boosted))
    }
}

/// What a plan needs to know of the index at the time of the search, read once per search.
///
/// ```swift
/// let facts = try IndexFacts(database: database)
/// facts.hintWeight   // nil when no entity has a ranking hint
/// ```
struct IndexFacts {
    /// What one unit of the stored hint (log(1 + hint)) adds to a score, so that the index's highest
    /// hint adds `Ranking.hintBoost`; nil when no entity has a hint.
    var hintWeight: Double?
    /// The present moment, `sortable_serialise`d, when some entity may have expired by it; nil
    /// when none can have (no entity has an expiration date, or the earliest is still ahead), so
    /// that no search pays for a skip in the expiration slot for nothing.
    var expiredBy: [UInt8]?

    init(hintWeight: Double?, expiredBy: [UInt8]?) {
        self.hintWeight = hintWeight
        self.expiredBy = expiredBy
    }

    /// The facts of `database` now.
    init(database: Database) throws(XapianError) {
        hintWeight = try Ranking.hintWeight(database: database)
        let now = Sortable.serialise(Date().timeIntervalSince1970)
        let earliest = try database.valueLowerBound(slot: IndexFormat.Slot.expiration)
        expiredBy = earliest.flatMap { now.lexicographicallyPrecedes($0) ? nil : now }
    }
}
