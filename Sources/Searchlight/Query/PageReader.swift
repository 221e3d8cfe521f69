import XapianIndex

/// Runs a plan and reads one page of it: the tiers in turn, the weight-cutoff runs, the hint's
/// re-ranking in blocks, the scores the list is ordered by, the total and the facet counts.
///
/// Scores never increase down the list, on any page: a hit's score is its weight plus its hint
/// boost, capped at the ceiling its place in the list sets. The hint re-ranks matches within
/// blocks of `Ranking.rerankBlock` in weight order, so a boost may lift a match above the last
/// weight of the block before its own; and the tiers come one after the other (entities with every
/// word before those with some), so a match of a later tier may outweigh the last of an earlier
/// one. The ceiling of a block is the least of the tier's ceiling and the weight of the block
/// before it; a tier's ceiling is the least of the last tier's ceiling and its last weight. Every
/// hit above scores at least that, and the order is unchanged (a capped score orders as the whole
/// one did). Sorted results (`--sort`) are not in score order, and are not capped.
///
/// ```swift
/// let reader = try PageReader(plan: plan, schema: schema, database: database)
/// let page = try reader.read(offset: 20, limit: 10)
/// page.hits.map(\.score)   // never increasing, and no higher than the last score of page 2
/// ```
final class PageReader {
    let plan: QueryPlan
    let database: Database
    /// The enquire every run goes through.
    let enquire: Enquire
    /// The first query that ran for a page, composed and restricted (the plan an explanation shows).
    private(set) var firstPageQuery: Query?
    /// Whether Xapian sorts by the first sort key alone and `sortedByKeys` orders the rest (remote shards).
    private let refinesSort: Bool
    /// The entities a match decider accepts (the plan's predicate, on an index without remote
    /// shards): set on every enquire a run goes through.
    private let accepts: ((UnsafeRawBufferPointer) -> Bool)?

    /// One page: its hits, how many entities match in all, how many of them match every word
    /// (`Int.max` when not counted), and the facet counts.
    struct Page {
        var hits: [Hit]
        var total: MatchCount
        var closeMatches: Int
        var facets: [Facet]
    }

    /// A match, the query it matched in (composed, as it ran), and its score: its weight plus its
    /// hint boost, less what its place in the list caps (see the type's description).
    struct Hit {
        let match: MatchSet.Match
        let query: Query
        let hintBoost: Double
        /// What was taken off the weight and boost so that the score does not pass those above it.
        let capped: Double
        let score: Double

        /// A hit of `candidate` with `hintBoost`, its score capped at `ceiling`.
        init(_ candidate: Candidate, hintBoost: Double = 0, ceiling: Double = .infinity) {
            match = candidate.match
            query = candidate.query
            self.hintBoost = hintBoost
            let whole = candidate.match.weight + hintBoost
            score = min(whole, ceiling)
            capped = whole - score
        }
    }

    /// A match in weight order and the composed query it matched in.
    struct Candidate {
        let match: MatchSet.Match
        let query: Query
    }

    /// A reader of `plan` over `database`; the plan's predicate (what the index cannot answer of a
    /// filter) is checked on each candidate's entity as read back through `schema`: by a match decider
    /// while matching, or on an index with remote shards (whose protocol carries no decider) before
    /// the runs, over every candidate the index narrowed to, the accepted entities then restricting
    /// the runs by their unique terms.
    init(plan: QueryPlan, schema: Schema, database: Database) throws(XapianError) {
        var plan = plan
        self.database = database
        enquire = try Enquire(database: database)
        Ranking.weigh(enquire)
        var accepts: ((UnsafeRawBufferPointer) -> Bool)?
        if let predicate = plan.predicate {
            let accept = { (entity: Entity) in predicate.matches(entity, schema: schema) }
            if database.hasRemoteShards {
                enquire.query = try plan.restricted(plan.anyWords).scaled(by: 0)
                let candidates = try enquire.matches(offset: 0, limit: max(1, try database.documentCount))
                plan.filters.append(try EntitySet.query(of: Array(candidates), in: database, accepting: accept))
                plan.predicate = nil
            } else {
                accepts = { data in EntityIndex.entity(fromData: data).map(accept) ?? false }
                enquire.setDecider(accepts!)
            }
        }
        self.accepts = accepts
        self.plan = plan
        // Xapian's remote protocol sorts by one value slot: the other keys order ties afterwards.
        refinesSort = database.hasRemoteShards && plan.sort.count > 1
        try enquire.setSort(refinesSort ? Array(plan.sort.prefix(1)) : plan.sort)
        for facet in plan.facets { try enquire.addFacet(slot: facet.slot) }
    }

    /// The page of `limit` hits from the `offset`th, with the total and facets. The total is exact
    /// when the plan asks for it (`QueryPlan.exactTotal`: a filter, facets, or asked), when the
    /// page ends the list, or when Xapian's bounds meet; otherwise it is Xapian's estimate, at
    /// least what this page has shown and one more when more follow.
    func read(offset: Int, limit: Int) throws(XapianError) -> Page {
        var hits: [Hit] = []
        var total: MatchCount
        // Entities matching every word (all of them when the query has no words to lose).
        var closeMatches = Int.max
        // What every facet count and the exact total range over.
        var everything = plan.anyWords
        var ceiling = Double.infinity
        if let allWords = plan.allWords {
            let first = try page(allWords, offset: offset, limit: limit, ceiling: &ceiling)
            hits = first.hits
            total = first.total
            closeMatches = first.total.count
            if plan.match == .all || (!plan.relevanceOrder && first.total.count > 0) {
                everything = allWords
            } else if hits.count < limit {
                // Every entity matching all words was read (its count is exact), then the rest of those matching any word.
                let any = try anyWordTiers()
                let rest = try page(tiers: any.tiers.map { (tier: Query) throws(XapianError) in try Query.combine(.andNot, [tier, allWords]) },
                                    offset: max(0, offset - first.total.count), limit: limit - hits.count, ceiling: &ceiling)
                hits += rest.hits
                total = first.total + rest.total
                if !total.isExact, let anyTotal = any.total { total.count = max(total.count, anyTotal) }
            } else if let anyTotal = try first.set.estimatedMatches(of: plan.composed(plan.anyWords), database: database) {
                // Every entity matching all words matches some: the total is that of any word,
                // estimated from the term frequencies the first run read (sub-queries independent, as
                // Xapian's posting lists estimate), without opening them again.
                total = MatchCount(count: max(first.total.count, anyTotal), isExact: false)
            } else {
                // A query whose estimate needs a run: the entities matching only some words, counted by Xapian's estimate.
                let rest = try run(plan.composed(Query.combine(.andNot, [plan.anyWords, allWords])), limit: 0, checkAtLeast: 0)
                total = first.total + MatchCount(rest, found: 0, asked: 0)
            }
        } else {
            let any = try anyWordTiers()
            let found = try page(tiers: any.tiers, offset: offset, limit: limit, ceiling: &ceiling)
            hits = found.hits
            total = found.total
            if !total.isExact, let anyTotal = any.total { total.count = max(total.count, anyTotal) }
        }

        var facets: [Facet] = []
        if !plan.facets.isEmpty || (plan.exactTotal && !total.isExact) {
            // Every match visited, unweighted: the exact count, and the facets' counts over all of them.
            let counted = try run(plan.composed(everything).scaled(by: 0), limit: 0, checkAtLeast: max(1, try database.documentCount))
            total = .exact(counted.estimatedTotal)
            for (key, slot) in plan.facets {
                let counts = try enquire.facetCounts(slot: slot).map { Facet.Count(value: $0.value, count: $0.count) }
                facets.append(Facet(key: key, counts: counts.sorted { ($0.count, $1.value) > ($1.count, $0.value) }))
            }
        }
        return Page(hits: hits, total: total, closeMatches: min(closeMatches, total.count), facets: facets)
    }

    /// Runs `composed` (a query as `QueryPlan.composed` makes it) for its first `limit` matches,
    /// looking at `checkAtLeast` at least.
    private func run(_ composed: Query, limit: Int, checkAtLeast: Int) throws(XapianError) -> MatchSet {
        enquire.query = composed
        if limit > 0, firstPageQuery == nil { firstPageQuery = composed }
        return try enquire.matches(offset: 0, limit: limit, checkAtLeast: checkAtLeast)
    }

    /// The first `count` matches of `query` in order, and how many there are (looking at one past
    /// them, so that a full run still tells whether more follow). In relevance order, matches
    /// weighing 0 (those matching only unweighted parts, such as the title prefix of a word being
    /// typed) come after every weighted one, in docid order. A run with a weight cutoff finds the
    /// weighted ones while Xapian skips the unweighted parts; only when they fall short and the
    /// query has such parts does a run with every weight 0, which Xapian ends after `count`
    /// documents, supply the rest. In one run Xapian would walk every unweighted match looking for
    /// a better one ("conntrack li" on debian-x1: 28,000 titles begin "li").
    private func ranked(_ query: Query, count: Int) throws(XapianError) -> (candidates: [Candidate], total: MatchCount, set: MatchSet) {
        let composed = try plan.composed(query)
        guard plan.relevanceOrder, count > 0 else {
            let set = try run(composed, limit: count, checkAtLeast: count + 1)
            let matches = refinesSort && count > 0 ? try sortedByKeys(set, composed: composed, count: count) : Array(set)
            return (matches.map { Candidate(match: $0, query: composed) }, MatchCount(set, found: set.count, asked: count), set)
        }
        enquire.weightCutoff = .leastNormalMagnitude
        let weighted = try run(composed, limit: count, checkAtLeast: count + 1)
        enquire.weightCutoff = 0
        let candidates = weighted.map { Candidate(match: $0, query: composed) }
        guard weighted.count < count, try query.mayWeighZero(in: database) else {
            return (candidates, MatchCount(weighted, found: weighted.count, asked: count), weighted)
        }
        let zero = try plan.composed(query.scaled(by: 0))
        let unweighted = try firstInDocidOrder(zero, count: count)
        let seen = Set(weighted.map(\.docid))
        let rest = unweighted.matches.lazy.filter { !seen.contains($0.docid) }.prefix(count - weighted.count).map { Candidate(match: $0, query: zero) }
        return (candidates + rest, unweighted.total, weighted)
    }

    /// The first `count` matches of `zero` (a query weighing every match 0) in docid order, and
    /// how many there are. On one database Xapian stops after them; on a combined one it reads the
    /// shards one after another, so docids do not arrive in order and it walks every match ("qtsensors
    /// pyt" while typing, on debian-x1: 0.04 ms on one database, 0.75 ms on two shards). There each
    /// shard's first `count`, renumbered as the combined database numbers them, are merged instead.
    /// The total is what one database tells: exact when at most `count` entities match (Xapian
    /// checked `count + 1`), else an estimate, the shards' estimates and bounds added up as Xapian's
    /// combined database adds them (even when each shard's own count is exact, since one database
    /// would have stopped after `count + 1`).
    private func firstInDocidOrder(_ zero: Query, count: Int) throws(XapianError) -> (matches: [MatchSet.Match], total: MatchCount) {
        let shards = database.shardCount
        guard shards > 1, database.missingShards.isEmpty else {
            let set = try run(zero, limit: count, checkAtLeast: count + 1)
            return (Array(set), MatchCount(set, found: set.count, asked: count))
        }
        var merged: [MatchSet.Match] = []
        var lower = 0, upper = 0, estimated = 0
        for shard in 0..<shards {
            let reader = try Enquire(database: try database.shardReader(shard))
            if let accepts { reader.setDecider(accepts) }
            reader.query = zero
            let set = try reader.matches(offset: 0, limit: count, checkAtLeast: count + 1)
            merged += set.map { $0.inCombinedDatabase(shard: shard, of: shards) }
            (lower, upper, estimated) = (lower + set.totalLowerBound, upper + set.totalUpperBound, estimated + set.estimatedTotal)
        }
        let first = Array(merged.sorted { $0.docid < $1.docid }.prefix(count))
        let total = lower == upper && lower <= count ? MatchCount.exact(lower)
            : MatchCount(count: max(estimated, lower, first.count), isExact: false)
        return (first, total)
    }

    /// The first `count` matches of `composed` in the order of every sort key, from `first`, its
    /// first `count` in the order of the first key alone (as Xapian's remote protocol sorts): a
    /// key maker's order (each key ascending or descending, documents without a value last), ties
    /// by relevance, then docid. Every group of equal first keys wholly inside `first` is there in
    /// full and is re-ordered; the last group may continue past it, so all its matches are read.
    private func sortedByKeys(_ first: MatchSet, composed: Query, count: Int) throws(XapianError) -> [MatchSet.Match] {
        guard let last = first.prefix(count).last else { return [] }
        let key = plan.sort[0]
        let boundary = try last.value(slot: key.slot)
        var before: [MatchSet.Match] = []
        for match in first.prefix(count) where try match.value(slot: key.slot) != boundary { before.append(match) }
        // The matches whose first key equals the last one's (or that, like it, have none).
        let present = try Query.valueRange(slot: key.slot, low: [0], high: nil)
        let group = boundary.isEmpty ? try Query.combine(.andNot, [composed, present])
            : try Query.combine(.filter, [composed, Query.valueRange(slot: key.slot, low: boundary, high: boundary)])
        enquire.query = group
        let tied = try enquire.matches(offset: 0, limit: max(1, try database.documentCount))
        enquire.query = composed
        return Array(try Self.ordered(before + Array(tied), by: plan.sort).prefix(count))
    }

    /// `matches` in the order of `keys` (as `sortedByKeys` describes).
    private static func ordered(_ matches: [MatchSet.Match], by keys: [Enquire.SortKey]) throws(XapianError) -> [MatchSet.Match] {
        var rows: [(values: [[UInt8]], match: MatchSet.Match)] = []
        for match in matches { rows.append((try keys.map { (key) throws(XapianError) in try match.value(slot: key.slot) }, match)) }
        return rows.sorted { a, b in
            for (index, key) in keys.enumerated() where a.values[index] != b.values[index] {
                let (x, y) = (a.values[index], b.values[index])
                // Without a value: last, ascending or descending.
                if x.isEmpty || y.isEmpty { return y.isEmpty }
                return key.descending ? y.lexicographicallyPrecedes(x) : x.lexicographicallyPrecedes(y)
            }
            return (a.match.weight, b.match.docid) > (b.match.weight, a.match.docid)
        }.map(\.match)
    }

    /// A page of `query` with its scores and its count; with hints, the matches are re-ordered by
    /// weight plus hint boost within blocks of `Ranking.rerankBlock` in weight order, and the page
    /// is cut from the blocks it overlaps. Scores are capped at `ceiling` and the block ceilings;
    /// when the page reads `query` to its end, `ceiling` becomes the ceiling of what follows.
    private func page(_ query: Query, offset: Int, limit: Int,
                      ceiling: inout Double) throws(XapianError) -> (hits: [Hit], total: MatchCount, set: MatchSet) {
        let hintWeight = limit > 0 ? plan.hintWeight : nil
        let block = hintWeight == nil ? 1 : Ranking.rerankBlock, pageEnd = offset + limit
        let count = limit > 0 ? (pageEnd + block - 1) / block * block : 0
        let (candidates, total, set) = try ranked(query, count: count)
        guard plan.relevanceOrder else {
            return (candidates.dropFirst(offset).prefix(limit).map { Hit($0) }, total, set)
        }
        let tierCeiling = ceiling
        if candidates.count < count, let last = candidates.last { ceiling = min(ceiling, last.match.weight) }
        var ordered: [Hit] = []
        let first = offset / block * block
        for start in stride(from: first, to: min(pageEnd, candidates.count), by: block) {
            let members = Array(candidates[start..<min(start + block, candidates.count)])
            let blockCeiling = start == 0 ? tierCeiling : min(tierCeiling, candidates[start - 1].match.weight)
            guard let hintWeight else {
                ordered += members.map { Hit($0, ceiling: blockCeiling) }
                continue
            }
            let boosts = try Ranking.hintBoosts(members.map(\.match), pageEnd: pageEnd - start, hintWeight: hintWeight,
                                                  largestBoost: plan.largestHintBoost, database: database)
            let scored = zip(members, boosts).map { Hit($0, hintBoost: $1, ceiling: blockCeiling) }
            // By weight plus boost (capping keeps that order), ties in weight order.
            ordered += scored.enumerated().sorted {
                ($0.element.score + $0.element.capped, $1.offset) > ($1.element.score + $1.element.capped, $0.offset)
            }.map(\.element)
        }
        return (Array(ordered.dropFirst(offset - first).prefix(limit)), total, set)
    }

    /// A page of `tiers` read in order, every match of one before the next's, and how many they
    /// hold up to the tier the page ends in (those before it read to their end, so counted exactly).
    private func page(tiers: [Query], offset: Int, limit: Int, ceiling: inout Double) throws(XapianError) -> (hits: [Hit], total: MatchCount) {
        var hits: [Hit] = []
        var before = MatchCount.exact(0)
        for (index, tier) in tiers.enumerated() {
            let (found, total, _) = try page(tier, offset: max(0, offset - before.count), limit: limit - hits.count, ceiling: &ceiling)
            hits += found
            if hits.count == limit || index == tiers.count - 1 { return (hits, before + total) }
            before = before + total
        }
        return (hits, before)
    }

    /// The any-word matches as the tiers a page reads, and how many there are when a run tells:
    /// with feedback (verbose queries), their best re-ranked, then the others. Asked only when a
    /// page needs them (not when the entities with every word fill the page).
    private func anyWordTiers() throws(XapianError) -> (tiers: [Query], total: Int?) {
        guard plan.feedback,
              let feedback = try Ranking.feedback(for: plan.anyWords, enquire: enquire, matches: { (query, count) throws(XapianError) in
                  enquire.query = try plan.restricted(query)
                  return try enquire.matches(offset: 0, limit: count)
              }) else { return ([plan.anyWords], nil) }
        return ([feedback.pool, feedback.rest], feedback.total)
    }
}
