import XapianIndex

/// Makes the plan of a search from the request, the schema, the analysed text and the facts of
/// the index; it reads nothing from the index itself, so a plan can be checked without one.
///
/// ```swift
/// let planner = QueryPlanner(searcher: try Searcher(schema: schema, database: nil), schema: schema)
/// let plan = try planner.plan(SearchRequest("half dome"), text: text, facts: IndexFacts(hintWeight: nil, expiredBy: nil))
/// plan.allWords?.description   // "Query((Zhalf@1 AND Zdome@2))"
/// ```
struct QueryPlanner {
    let searcher: Searcher
    let schema: Schema

    /// The plan of `request`, whose text is `text` (analysed, with its variants and expansions).
    func plan(_ request: SearchRequest, text: QueryText, facts: IndexFacts) throws(XapianError) -> QueryPlan {
        let relevance = request.sort.isEmpty && !text.isEmpty
        let (anyWords, allWords) = text.isEmpty ? (Query.matchAll, nil) : try searcher.parse(text, allWords: request.match != .any, types: request.types)
        return QueryPlan(
            match: request.match, allWords: allWords, anyWords: anyWords,
            feedback: request.sort.isEmpty && request.match != .all && text.isVerbose,
            filters: try restrictions(types: request.types, filter: request.filter),
            expired: try expiry(facts),
            titleBoost: relevance ? try Ranking.wholeTitleBoost(text: text.trimmed) : nil,
            predicate: request.filter,
            sort: request.sort.map { descriptor in
                Enquire.SortKey(slot: schema.numericSlot(descriptor.key) ?? schema.stringSlot(descriptor.key)!, descending: descriptor.descending)
            },
            hintWeight: relevance ? facts.hintWeight : nil,
            facets: request.facets.map { ($0, schema.facetSlot($0)!) },
            exactTotal: request.exactTotal || request.filter != nil || !request.facets.isEmpty)
    }

    /// The plan that lists the entities of `types` (all when empty) with a title word beginning
    /// with `prefix` after title words `head`, best ranking hint first: what `suggest` and a search
    /// of one to three typed letters show past the stored lists; `exactTotal` as `QueryPlan.exactTotal`.
    func titlePrefixPlan(head: [String], prefix: String, types: [String], exactTotal: Bool = false,
                         facts: IndexFacts) throws(XapianError) -> QueryPlan {
        let required = head.map { Query.term(IndexTerms.completionPrefix + $0) } + [Query.term(IndexTerms.titlePrefixPrefix + prefix)]
        return QueryPlan(match: .any, allWords: nil, anyWords: Query.matchAll, feedback: false,
                         filters: required + (try restrictions(types: types, filter: nil)), expired: try expiry(facts),
                         titleBoost: nil, predicate: nil,
                         sort: [Enquire.SortKey(slot: IndexFormat.Slot.rankingHint, descending: true)], hintWeight: nil, facets: [],
                         exactTotal: exactTotal)
    }

    /// The index-side restrictions of a search: its types, and the parts of its filter that the
    /// index answers (value ranges, exact values); the predicate is checked on candidates for the rest.
    func restrictions(types: [String], filter: EntityPredicate?) throws(XapianError) -> [Query] {
        var filters: [Query] = []
        if !types.isEmpty { filters.append(try Query.combine(.or, types.map { Query.term(IndexTerms.type($0)) })) }
        if let filter { filters += try narrowing(filter) }
        return filters
    }

    /// The entities that have expired by the time of the search, if any can have.
    func expiry(_ facts: IndexFacts) throws(XapianError) -> Query? {
        try facts.expiredBy.map { (now: [UInt8]) throws(XapianError) in try Query.valueRange(slot: IndexFormat.Slot.expiration, low: nil, high: now) }
    }

    /// Index-side queries that every entity satisfying `predicate` matches (a superset).
    func narrowing(_ predicate: EntityPredicate) throws(XapianError) -> [Query] {
        switch predicate {
        case .all(let parts):
            var queries: [Query] = []
            for part in parts { queries += try narrowing(part) }
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
