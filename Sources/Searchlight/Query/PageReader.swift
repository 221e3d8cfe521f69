import XapianIndex

/// Runs a plan and reads one page of it: the tiers in turn, the weight-cutoff runs, the hint's
/// re-ranking in blocks, the total and the facet counts.
///
/// ```swift
/// let reader = try PageReader(plan: plan, schema: schema, database: database)
/// let page = try reader.read(offset: 20, limit: 10)
/// page.hits.map(\.score)   // descending within each block of `Ranking.rerankBlock` ranks
/// ```
final class PageReader {
    let plan: QueryPlan
    let database: Database
    /// The enquire every run goes through; it holds the last run's query (for explanations).
    let enquire: Enquire
    /// The first query that ran for a page, composed and restricted (the plan an explanation shows).
    private(set) var firstPageQuery: Query?
    /// How many matches a run must check at least (the page's end), so that estimates are as good as the page allows.
    private var checkAtLeast = 0

    /// One page: its hits, how many entities match in all, how many of them match every word
    /// (`Int.max` when not counted), and the facet counts.
    struct Page {
        var hits: [Hit]
        var total: Int
        var closeMatches: Int
        var facets: [Facet]
    }

    /// A match and its score (BM25, plus the hint boost when re-ranked).
    struct Hit {
        let match: MatchSet.Match
        let score: Double
    }

    /// A reader of `plan` over `database`; the plan's predicate is checked on each candidate's
    /// entity as read back through `schema`.
    init(plan: QueryPlan, schema: Schema, database: Database) throws(XapianError) {
        self.plan = plan
        self.database = database
        enquire = try Enquire(database: database)
        Ranking.weigh(enquire)
        if let predicate = plan.predicate {
            enquire.setDecider { data in
                guard let entity = EntityIndex.entity(fromData: data) else { return false }
                return predicate.matches(entity, schema: schema)
            }
        }
        try enquire.setSort(plan.sort)
        for facet in plan.facets { try enquire.addFacet(slot: facet.slot) }
    }

    /// The page of `limit` hits from the `offset`th, with the total and facets.
    func read(offset: Int, limit: Int) throws(XapianError) -> Page {
        checkAtLeast = offset + limit
        var hits: [Hit] = []
        var total = 0
        // Entities matching every word (all of them when the query has no words to lose).
        var closeMatches = Int.max
        // What every facet count and the exact total range over.
        var everything = plan.anyWords
        if let allWords = plan.allWords {
            let (found, firstTotal, first) = try page(allWords, offset: offset, limit: limit)
            hits = found
            let allTotal = hits.count == limit ? firstTotal : countReadThrough(found: hits.count, estimate: firstTotal, offset: offset)
            closeMatches = allTotal
            total = firstTotal
            if plan.match == .all || (!plan.relevanceOrder && firstTotal > 0) {
                everything = allWords
            } else if hits.count < limit {
                // Entities matching every word first, then the rest of those matching any word.
                let any = try anyWordTiers()
                let (more, secondTotal) = try page(tiers: any.tiers.map { (tier: Query) throws(XapianError) in try Query.combine(.andNot, [tier, allWords]) },
                                                   offset: max(0, offset - allTotal), limit: limit - hits.count)
                hits += more
                total = max(allTotal + secondTotal, any.total ?? 0)
            } else {
                // Every entity matching all words matches some: the total is that of any word,
                // estimated from the term frequencies the first run read (sub-queries independent, as
                // Xapian's posting lists estimate), without opening them again; run only when that cannot be done.
                let anyTotal = try first.estimatedMatches(of: plan.composed(plan.anyWords), database: database)
                if let anyTotal {
                    total = max(allTotal, anyTotal)
                } else {
                    let rest = try run(Query.combine(.andNot, [plan.anyWords, allWords]), offset: 0, limit: 0, checkAtLeast: 0)
                    total = allTotal + max(0, rest.estimatedTotal)
                }
            }
        } else {
            let any = try anyWordTiers()
            (hits, total) = try page(tiers: any.tiers, offset: offset, limit: limit)
            total = max(total, any.total ?? 0)
        }

        var facets: [Facet] = []
        if !plan.facets.isEmpty {
            let counted = try run(everything, offset: 0, limit: 0, checkAtLeast: max(1, try database.documentCount))
            total = counted.estimatedTotal
            for (key, slot) in plan.facets {
                let counts = try enquire.facetCounts(slot: slot).map { Facet.Count(value: $0.value, count: $0.count) }
                facets.append(Facet(key: key, counts: counts.sorted { ($0.count, $1.value) > ($1.count, $0.value) }))
            }
        }
        return Page(hits: hits, total: total, closeMatches: min(closeMatches, total), facets: facets)
    }

    /// Runs `query` as composed by the plan.
    private func run(_ query: Query, offset: Int, limit: Int, checkAtLeast: Int? = nil) throws(XapianError) -> MatchSet {
        enquire.query = try plan.composed(query)
        if limit > 0, firstPageQuery == nil { firstPageQuery = enquire.query }
        return try enquire.matches(offset: offset, limit: limit, checkAtLeast: checkAtLeast ?? self.checkAtLeast)
    }

    /// The first `count` matches of `query` in order, and the estimate of them all. In relevance
    /// order, matches weighing 0 (those matching only unweighted parts, such as the title prefix
    /// of a word being typed) come after every weighted one, in docid order. A run with a weight
    /// cutoff finds the weighted ones while Xapian skips the unweighted parts; only when they
    /// fall short and the query has such parts does a run with every weight 0, which Xapian
    /// ends after `count` documents, supply the rest. In one run Xapian would walk every
    /// unweighted match looking for a better one ("conntrack li" on debian-x1: 28,000 titles begin "li").
    private func ranked(_ query: Query, count: Int) throws(XapianError) -> (matches: [MatchSet.Match], estimatedTotal: Int, set: MatchSet) {
        guard plan.relevanceOrder, count > 0 else {
            let set = try run(query, offset: 0, limit: count)
            return (Array(set), set.estimatedTotal, set)
        }
        enquire.weightCutoff = .leastNormalMagnitude
        let weighted = try run(query, offset: 0, limit: count)
        enquire.weightCutoff = 0
        guard weighted.count < count, try query.mayWeighZero(in: database) else {
            return (Array(weighted), weighted.estimatedTotal, weighted)
        }
        let unweighted = try run(query.scaled(by: 0), offset: 0, limit: count)
        let seen = Set(weighted.map(\.docid))
        let rest = unweighted.lazy.filter { !seen.contains($0.docid) }.prefix(count - weighted.count)
        return (Array(weighted) + rest, unweighted.estimatedTotal, weighted)
    }

    /// A page of `query` with its scores and the estimated total; with hints, the matches are
    /// re-ordered by score plus hint boost within blocks of `Ranking.rerankBlock` in weight
    /// order, and the page is cut from the blocks it overlaps.
    private func page(_ query: Query, offset: Int, limit: Int) throws(XapianError) -> (hits: [Hit], total: Int, set: MatchSet) {
        guard let hintWeight = plan.hintWeight, limit > 0 else {
            let (matches, total, set) = try ranked(query, count: offset + limit)
            return (matches.dropFirst(offset).map { Hit(match: $0, score: $0.weight) }, total, set)
        }
        let block = Ranking.rerankBlock, pageEnd = offset + limit, first = offset / block * block
        let (matches, total, set) = try ranked(query, count: (pageEnd + block - 1) / block * block)
        var ordered: [Hit] = []
        for start in stride(from: first, to: min(pageEnd, matches.count), by: block) {
            let members = Array(matches[start..<min(start + block, matches.count)])
            let boosts = try Ranking.hintBoosts(members, pageEnd: pageEnd - start, hintWeight: hintWeight, database: database)
            let scored = zip(members, boosts).map { Hit(match: $0, score: $0.weight + $1) }
            ordered += scored.enumerated().sorted { ($0.element.score, $1.offset) > ($1.element.score, $0.offset) }.map(\.element)
        }
        return (Array(ordered.dropFirst(offset - first).prefix(limit)), total, set)
    }

    /// How many matches a query has when its page (from `offset`, of `found` hits) came back
    /// short: the run read them all, ending inside the page or before it.
    private func countReadThrough(found: Int, estimate: Int, offset: Int) -> Int {
        found == 0 ? min(estimate, offset) : offset + found
    }

    /// A page of `tiers` read in order, every match of one before the next's, and how many
    /// they hold up to the tier the page ends in (that one estimated).
    private func page(tiers: [Query], offset: Int, limit: Int) throws(XapianError) -> (hits: [Hit], total: Int) {
        var hits: [Hit] = []
        var before = 0
        for (index, tier) in tiers.enumerated() {
            let tierOffset = max(0, offset - before)
            let (found, estimate, _) = try page(tier, offset: tierOffset, limit: limit - hits.count)
            hits += found
            if hits.count == limit || index == tiers.count - 1 { return (hits, before + estimate) }
            before += countReadThrough(found: found.count, estimate: estimate, offset: tierOffset)
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
