import FoundationEssentials
import XapianIndex

extension EntityIndex {
    /// Runs a ranked string query, optionally with a property filter, sort keys and facets, and
    /// returns one list over all requested types (App Intents' `entities(matching:)` and union results).
    public func search(_ request: SearchRequest) throws(SearchlightError) -> SearchResults {
        let schema = self.schema
        try Self.check(request, against: schema)
        let trimmed = request.text.trimming(\.isWhitespace)
        if let shortPrefix = Self.shortTypedPrefix(request, trimmed: trimmed) {
            var found = try entitiesByTitlePrefix(head: "", prefix: shortPrefix, types: request.types, offset: request.offset, limit: request.limit)
            found.query = request.text
            return found
        }
        var (found, closeMatches) = try read { (state: inout State) throws -> (SearchResults, Int) in
            if state.searcher == nil { state.searcher = try Searcher(schema: state.schema, database: state.database) }
            let searcher = state.searcher!
            let enquire = try Enquire(database: state.database)
            Ranking.weigh(enquire)
            let restrict = try Self.restriction(types: request.types, filter: request.filter, required: request.requiredTerms, schema: schema,
                                                database: state.database)
            if let filter = request.filter {
                enquire.setDecider { data in
                    guard let entity = Self.entity(fromData: data) else { return false }
                    return filter.matches(entity, schema: schema)
                }
            }
            try enquire.setSort(request.rankByHint ? [Enquire.SortKey(slot: IndexFormat.Slot.rankingHint, descending: true)] : request.sort.map { descriptor in
                Enquire.SortKey(slot: schema.numericSlot(descriptor.key) ?? schema.stringSlot(descriptor.key)!, descending: descriptor.descending)
            })
            let facetSlots = request.facets.map { schema.facetSlot($0)! }
            for slot in facetSlots { try enquire.addFacet(slot: slot) }

            let relevanceOrder = request.sort.isEmpty && !request.rankByHint
            let relevance = relevanceOrder && !trimmed.isEmpty
            let boost = relevance ? try Ranking.wholeTitleBoost(text: trimmed) : nil
            let hintWeight = relevance ? try Ranking.hintWeight(database: state.database) : nil
            var plan: Query?
            /// `query` as every run of this search ranks and restricts it.
            func composed(_ query: Query) throws -> Query {
                try restrict(try Ranking.inBM25Units(try boost.map { try Query.combine(.andMaybe, [query, $0]) } ?? query))
            }
            func run(_ query: Query, offset: Int, limit: Int, checkAtLeast: Int? = nil) throws -> MatchSet {
                enquire.query = try composed(query)
                if limit > 0, plan == nil { plan = enquire.query }
                return try enquire.matches(offset: offset, limit: limit, checkAtLeast: checkAtLeast ?? request.offset + request.limit)
            }
            /// The first `count` matches of `query` in order, and the estimate of them all. In relevance
            /// order, matches weighing 0 (those matching only unweighted parts, such as the title prefix
            /// of a word being typed) come after every weighted one, in docid order. A run with a weight
            /// cutoff finds the weighted ones while Xapian skips the unweighted parts; only when they
            /// fall short and the query has such parts does a run with every weight 0, which Xapian
            /// ends after `count` documents, supply the rest. In one run Xapian would walk every
            /// unweighted match looking for a better one ("conntrack li" on debian-x1: 28,000 titles begin "li").
            func ranked(_ query: Query, count: Int) throws -> (matches: [MatchSet.Match], estimatedTotal: Int, set: MatchSet) {
                guard relevanceOrder, count > 0 else {
                    let set = try run(query, offset: 0, limit: count)
                    return (Array(set), set.estimatedTotal, set)
                }
                enquire.weightCutoff = .leastNormalMagnitude
                let weighted = try run(query, offset: 0, limit: count)
                enquire.weightCutoff = 0
                guard weighted.count < count, try query.mayWeighZero(in: state.database) else {
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
            func page(_ query: Query, offset: Int, limit: Int) throws -> (hits: [Hit], total: Int, set: MatchSet) {
                guard let hintWeight, limit > 0 else {
                    let (matches, total, set) = try ranked(query, count: offset + limit)
                    return (matches.dropFirst(offset).map { Hit(match: $0, score: $0.weight) }, total, set)
                }
                let block = Ranking.rerankBlock, pageEnd = offset + limit, first = offset / block * block
                let (matches, total, set) = try ranked(query, count: (pageEnd + block - 1) / block * block)
                var ordered: [Hit] = []
                for start in stride(from: first, to: min(pageEnd, matches.count), by: block) {
                    let members = Array(matches[start..<min(start + block, matches.count)])
                    let boosts = try Ranking.hintBoosts(members, pageEnd: pageEnd - start, hintWeight: hintWeight, database: state.database)
                    let scored = zip(members, boosts).map { Hit(match: $0, score: $0.weight + $1) }
                    ordered += scored.enumerated().sorted { ($0.element.score, $1.offset) > ($1.element.score, $0.offset) }.map(\.element)
                }
                return (Array(ordered.dropFirst(offset - first).prefix(limit)), total, set)
            }
            /// How many matches a query has when its page (from `offset`, of `found` hits) came back
            /// short: the run read them all, ending inside the page or before it.
            func countReadThrough(found: Int, estimate: Int, offset: Int) -> Int {
                found == 0 ? min(estimate, offset) : offset + found
            }
            /// A page of `tiers` read in order, every match of one before the next's, and how many
            /// they hold up to the tier the page ends in (that one estimated).
            func page(tiers: [Query], offset: Int, limit: Int) throws -> (hits: [Hit], total: Int) {
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

            var hits: [Hit] = []
            var total = 0
            // Entities matching every word (all of them when the query has no words to lose).
            var closeMatches = Int.max
            let partial = request.isTypingLastWord && !searcher.waitsForNextLetter(trimmed)
            let variants = try searcher.synonyms.variants(of: trimmed, database: state.database)
            var expansions = searcher.expansions(database: state.database)
            let anyWords = trimmed.isEmpty ? Query.matchAll
                : try searcher.parse(trimmed, variants: variants, defaultOperator: .or, partial: partial, expansions: &expansions)
            /// The any-word matches as the tiers a page reads, and how many there are when a run
            /// tells: with feedback (verbose queries), their best re-ranked, then the others. Asked
            /// only when a page needs them (not when the entities with every word fill the page).
            func anyWordTiers() throws -> (tiers: [Query], total: Int?) {
                guard request.sort.isEmpty, request.match != .all, Ranking.wantsExpansion(trimmed),
                      let feedback = try Ranking.feedback(for: anyWords, enquire: enquire, matches: { (query, count) throws(XapianError) in
                          enquire.query = try restrict(query)
                          return try enquire.matches(offset: 0, limit: count)
                      }) else { return ([anyWords], nil) }
                return ([feedback.pool, feedback.rest], feedback.total)
            }
            // What every facet count and the exact total range over.
            var everything = anyWords
            if trimmed.isEmpty || request.match == .any {
                let any = try anyWordTiers()
                (hits, total) = try page(tiers: any.tiers, offset: request.offset, limit: request.limit)
                total = max(total, any.total ?? 0)
            } else {
                let allWords = try searcher.parse(trimmed, variants: variants, defaultOperator: .and, partial: partial, expansions: &expansions)
                let (found, firstTotal, first) = try page(allWords, offset: request.offset, limit: request.limit)
                hits = found
                let allTotal = hits.count == request.limit ? firstTotal
                    : countReadThrough(found: hits.count, estimate: firstTotal, offset: request.offset)
                closeMatches = allTotal
                total = firstTotal
                if request.match == .all || (!request.sort.isEmpty && firstTotal > 0) {
                    everything = allWords
                } else if hits.count < request.limit {
                    // Entities matching every word first, then the rest of those matching any word.
                    let any = try anyWordTiers()
                    let (more, secondTotal) = try page(tiers: any.tiers.map { try Query.combine(.andNot, [$0, allWords]) },
                                                       offset: max(0, request.offset - allTotal), limit: request.limit - hits.count)
                    hits += more
                    total = max(allTotal + secondTotal, any.total ?? 0)
                } else {
                    // Every entity matching all words matches some: the total is that of any word,
                    // estimated from the term frequencies the first run read (sub-queries independent, as
                    // Xapian's posting lists estimate), without opening them again; run only when that cannot be done.
                    let anyTotal = try first.estimatedMatches(of: composed(anyWords), database: state.database)
                    total = try anyTotal.map { max(allTotal, $0) }
                        ?? allTotal + max(0, run(Query.combine(.andNot, [anyWords, allWords]), offset: 0, limit: 0, checkAtLeast: 0).estimatedTotal)
                }
            }

            var facets: [Facet] = []
            if !request.facets.isEmpty {
                let counted = try run(everything, offset: 0, limit: 0, checkAtLeast: max(1, try state.database.documentCount))
                total = counted.estimatedTotal
                for (key, slot) in zip(request.facets, facetSlots) {
                    let counts = try enquire.facetCounts(slot: slot).map { Facet.Count(value: $0.value, count: $0.count) }
                    facets.append(Facet(key: key, counts: counts.sorted { ($0.count, $1.value) > ($1.count, $0.value) }))
                }
            }

            let snippets = request.snippets && !trimmed.isEmpty
                ? SnippetBuilder(query: ([trimmed] + variants).joined(separator: " "), partial: partial, stemmer: searcher.stemmer,
                                 stopwords: searcher.stopwords)
                : nil
            var expanded: [String: Set<String>] = [:]
            if request.explain {
                expanded = expansions.words.mapValues(Set.init)
                for prefix in ([trimmed] + variants).compactMap({ searcher.parserWildcardPrefix($0, partial: partial) }) {
                    expanded[prefix] = Set(try Searcher.mostFrequentWords(beginning: prefix, limit: Int(Searcher.partialExpansionLimit),
                                                                         database: state.database))
                }
            }
            var results: [SearchResult] = []
            results.reserveCapacity(hits.count)
            for (position, hit) in hits.enumerated() {
                guard let entity = Self.entity(fromData: try hit.match.data()) else { continue }
                let type = schema.type(named: entity.type)
                var result = SearchResult(entity: entity, rank: request.offset + position + 1, score: hit.score, schema: schema, type: type)
                if let snippets, let type { result.snippet = snippets.snippet(for: entity, type: type) }
                if request.explain {
                    result.explanation = try Explanation(docid: hit.match.docid, uniqueTerm: IndexTerms.unique(type: entity.type, id: entity.id),
                                                         enquire: enquire, expansions: expanded, database: state.database,
                                                         hintBoost: try Ranking.hintBoost(of: entity, schema: schema, database: state.database))
                }
                results.append(result)
            }
            var found = SearchResults(query: request.text, total: total, results: results, facets: facets)
            found.synonyms = variants
            if request.explain { found.plan = plan?.description }
            return (found, min(closeMatches, total))
        }
        if closeMatches < Self.fewResults, request.offset == 0, request.sort.isEmpty, !request.rankByHint,
           let words = Searcher.plainWords(trimmed),
           let correction = try spellingCorrection(Words.lowercased(trimmed), keepingLast: request.isTypingLastWord, acceptingTextWords: true),
           correction != words.head + (words.head.isEmpty ? "" : " ") + words.last {
            found.correction = correction
        }
        return found
    }

    /// A match and its score (BM25, plus the hint boost when re-ranked).
    struct Hit {
        let match: MatchSet.Match
        let score: Double
    }

    /// Searches where fewer entities than this match every word offer a spelling correction when one exists.
    static let fewResults = 3

    /// The word of a request that is only a one- to three-letter word being typed, ranked by
    /// relevance with nothing else asked: it is answered as `suggest` answers it, the entities with
    /// a title word it begins, best hint first, from the list stored in the index.
    static func shortTypedPrefix(_ request: SearchRequest, trimmed: String) -> String? {
        guard request.isTypingLastWord, request.filter == nil, request.sort.isEmpty, request.facets.isEmpty,
              request.requiredTerms.isEmpty, request.match != .all, let (head, last) = Searcher.plainWords(trimmed),
              head.isEmpty, last.count <= ShortPrefixTables.longestEntityPrefix else { return nil }
        return last
    }

    /// Rejects types, keys, sort keys and facets the schema does not have, naming what it has.
    static func check(_ request: SearchRequest, against schema: Schema) throws(SearchlightError) {
        for type in request.types where schema.type(named: type) == nil {
            throw .unknownType(type, known: schema.types.map(\.name))
        }
        if let filter = request.filter {
            let keys = Set(schema.types.flatMap { $0.attributes.map(\.key) })
            for key in filter.keys where !keys.contains(key) {
                throw .invalidQuery("unknown attribute '\(key)' in the filter (attributes: \(keys.sorted().joined(separator: ", ")))")
            }
        }
        for descriptor in request.sort where schema.numericSlot(descriptor.key) == nil && schema.stringSlot(descriptor.key) == nil {
            let sortable = schema.slots.keys.filter { $0.hasPrefix("n:") || $0.hasPrefix("s:") }.map { String($0.dropFirst(2)) }
            throw .invalidQuery("cannot sort by '\(descriptor.key)': it is not a sortable attribute (sortable: \(Set(sortable).sorted().joined(separator: ", ")))")
        }
        for key in request.facets where schema.facetSlot(key) == nil {
            let facetable = schema.slots.keys.filter { $0.hasPrefix("f:") }.map { String($0.dropFirst(2)) }
            throw .invalidQuery("cannot count values of '\(key)': facets need a keyword, enum, boolean or reference attribute, or type (facetable: \((["type"] + facetable.sorted()).joined(separator: ", ")))")
        }
    }

    /// Restricts a query to the given types, leaves out expired entities, and narrows by the parts
    /// of the filter the index answers (value ranges, exact values); the decider checks the rest.
    /// The expiry clause is left out when no entity of `database` can have expired yet (none has an
    /// expiration date, or the earliest is still ahead): it would cost every match a skip in the
    /// expiration slot for nothing.
    static func restriction(types: [String], filter: EntityPredicate?, required: [String], schema: Schema,
                            database: Database) throws(XapianError) -> (Query) throws(XapianError) -> Query {
        var filters: [Query] = required.map { Query.term($0) }
        if !types.isEmpty { filters.append(try Query.combine(.or, types.map { Query.term(IndexTerms.type($0)) })) }
        if let filter { filters += try narrowing(filter, schema: schema) }
        let now = Sortable.serialise(Date().timeIntervalSince1970)
        let earliest = try database.valueLowerBound(slot: IndexFormat.Slot.expiration)
        let expired = if let earliest, !now.lexicographicallyPrecedes(earliest) {
            try Query.valueRange(slot: IndexFormat.Slot.expiration, low: nil, high: now)
        } else {
            Query?.none
        }
        return { (query: Query) throws(XapianError) -> Query in
            let restricted = filters.isEmpty ? query : try Query.combine(.filter, [query] + filters)
            guard let expired else { return restricted }
            return try Query.combine(.andNot, [restricted, expired])
        }
    }

    /// Index-side queries that every entity satisfying `predicate` matches (a superset).
    static func narrowing(_ predicate: EntityPredicate, schema: Schema) throws(XapianError) -> [Query] {
        switch predicate {
        case .all(let parts):
            var queries: [Query] = []
            for part in parts { queries += try narrowing(part, schema: schema) }
            return queries
        case .comparison(let c):
            let attributes = schema.types.compactMap { $0.attribute(c.key) }
            guard let first = attributes.first, attributes.allSatisfy({ $0.kind == first.kind && !$0.multiValued }) else { return [] }
            if first.kind.isNumeric, first.kind != .boolean, let slot = schema.numericSlot(c.key) {
                let value = first.kind == .date ? c.value?.seconds : c.value?.number
                guard let value else { return [] }
                let bound = Sortable.serialise(value)
                switch c.comparator {
                case .equal: return [try Query.valueRange(slot: slot, low: bound, high: bound)]
                case .greaterThan, .greaterThanOrEqual: return [try Query.valueRange(slot: slot, low: bound, high: nil)]
                case .lessThan, .lessThanOrEqual: return [try Query.valueRange(slot: slot, low: nil, high: bound)]
                case .between:
                    let upper = first.kind == .date ? c.upperBound?.seconds : c.upperBound?.number
                    guard let upper else { return [] }
                    return [try Query.valueRange(slot: slot, low: bound, high: Sortable.serialise(upper))]
                default: return []
                }
            }
            let exactKinds: Set<AttributeKind> = [.keyword, .enumValue, .reference]
            if exactKinds.contains(first.kind), c.comparator == .equal, c.options.isEmpty, case .string(let text)? = c.value,
               !text.contains(where: { $0 == "*" || $0 == "?" }) {
                return [Query.term(IndexTerms.value(c.key, text))]
            }
            if first.kind == .boolean, c.comparator == .isTrue || c.comparator == .isFalse {
                return [Query.term(IndexTerms.value(c.key, c.comparator == .isTrue ? "true" : "false"))]
            }
            return []
        case .any, .not:
            return []
        }
    }
}
