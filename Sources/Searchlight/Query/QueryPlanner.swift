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
        let narrowed = try request.filter.map { (filter: EntityPredicate) throws(XapianError) in try narrowing(filter) }
        var filters = try restrictions(types: request.types) + (narrowed?.queries ?? [])
        let anyWords: Query, allWords: Query?
        // While one word is typed, popularity tells the titles it begins apart.
        let hintBoost = text.partial && text.plainWords?.head.isEmpty == true ? Ranking.typedWordHintBoost : Ranking.hintBoost
        if !text.isEmpty {
            (anyWords, allWords) = try searcher.parse(text, allWords: request.match != .any, types: request.types)
        } else if filters.isEmpty {
            (anyWords, allWords) = (Query.matchAll, nil)
        } else {
            (anyWords, allWords) = (try Self.weightless(filters), nil)
            filters = []
        }
        return QueryPlan(
            match: request.match,
            allWords: try relevance ? allWords.map { (all: Query) throws(XapianError) in
                try named(request.match == .best ? withNamedEntities(all, anyWords: anyWords, text: text) : all, by: text)
            } : allWords,
            anyWords: anyWords,
            feedback: request.sort.isEmpty && request.match != .all && text.isVerbose,
            filters: filters,
            expired: try expiry(facts),
            titleBoost: relevance ? try titleBoost(of: text) : nil,
            predicate: narrowed?.isExact == true ? nil : request.filter,
            sort: request.sort.map { descriptor in
                Enquire.SortKey(slot: schema.numericSlot(descriptor.key) ?? schema.stringSlot(descriptor.key)!, descending: descriptor.descending)
            },
            hintWeight: relevance ? facts.hintWeight.map { $0 * hintBoost / Ranking.hintBoost } : nil,
            largestHintBoost: hintBoost,
            facets: request.facets.map { ($0, schema.facetSlot($0)!) },
            exactTotal: request.exactTotal || request.filter != nil || !request.facets.isEmpty)
    }

    /// The boost of an entity whose whole title is the text (as typed, in a script without spaces
    /// as typed rather than as its n-grams, spelt otherwise, with its
    /// rare words corrected, or, a single word, written apart: `QueryText.titleTogether`) or, at
    /// `Ranking.completionShare` of it, the text with its word
    /// being typed completed (`QueryText.completions`): "thunde" lists thunderbird before the
    /// add-ons whose short texts say "thunderbird" too, and "ffmpeg" lists ffmpeg before
    /// ffmpegthumbs. An entity whose whole title is the text gains that boost alone, not the
    /// completion's too: wget2, whose title without its version is "wget" and which "wget"
    /// completes, does not pass wget. (`AND_NOT` rather than Xapian's `OP_MAX`, which its remote
    /// protocol does not carry.)
    private func titleBoost(of text: QueryText) throws(XapianError) -> Query? {
        // Text in a script written without spaces is searched as its n-grams (`Searcher.normalized`);
        // a title is the text as typed, when it is words alone ("北京烤鸭" before "全聚德北京烤鸭店"),
        // or less its question words and the punctuation ending it ("什么是北京烤鸭", "北京烤鸭是什么？";
        // "什么是爱" is also a title).
        let asked = TextAnalyzer.droppingQuestionWords(text.typed).trimming { !$0.isLetter && !$0.isNumber }
        let unspaced = Set([text.typed, asked]).filter { title in
            title.unicodeScalars.contains(where: TextAnalyzer.isUnspaced) && title.allSatisfy({ $0.isLetter || $0.isNumber || $0.isWhitespace })
        }.sorted()
        let whole = try Ranking.wholeTitleBoost(texts: [text.trimmed] + unspaced + text.otherSpellings(of: text.trimmed)
                                                + [text.rareWordsCorrected, text.titleTogether].compactMap { $0 })
        guard let completed = try Ranking.wholeTitleBoost(texts: text.completions, share: Ranking.completionShare) else { return whole }
        guard let whole else { return completed }
        return try Query.combine(.or, [whole, Query.combine(.andNot, [completed, whole])])
    }

    /// `allWords` with the boost of an entity whose whole title is a run of the text's words
    /// (`QueryText.namingRuns`), in proportion to the share of the words it names: among the
    /// entities with every word, the one the text names comes first ("pandoc markdown": pandoc
    /// before the packages whose descriptions say both), and a name of two of its words before a
    /// name of one ("bash completion programmable": bash-completion, then bash). Only there: an
    /// entity named by one word and matching none of the others is not what was sought, unless
    /// the text names it by its first (or last), rarest words (`QueryText.names`, `withNamedEntities`),
    /// whose boost is then the whole text's when they begin it (those words are the name, the
    /// others describe it), and at least `Ranking.endNameShare` of it when they end it.
    private func named(_ allWords: Query, by text: QueryText) throws(XapianError) -> Query {
        var boosts: [Query] = []
        let named = text.namesEndText ? [] : text.names
        let others = text.namingRuns.filter { !named.contains($0) }
        for (length, runs) in Dictionary(grouping: others, by: Words.count).sorted(by: { $0.key < $1.key }) {
            let share = Double(length) / Double(text.words.count)
            let ending = text.namesEndText ? runs.filter(text.names.contains) : []
            for (group, groupShare) in [(runs.filter { !ending.contains($0) }, share), (ending, max(share, Ranking.endNameShare))] {
                if let boost = try Ranking.wholeTitleBoost(texts: group + group.flatMap(text.otherSpellings(of:)), share: groupShare) {
                    boosts.append(boost)
                }
            }
        }
        if let boost = try Ranking.wholeTitleBoost(texts: named + named.flatMap(text.otherSpellings(of:))) { boosts.append(boost) }
        guard !boosts.isEmpty else { return allWords }
        return try Query.combine(.andMaybe, [allWords, boosts.count == 1 ? boosts[0] : Query.combine(.or, boosts)])
    }

    /// `allWords` or an entity the text names by its most specific words (`QueryText.names`), scored
    /// by the words it has: the entity a text names comes with those that have all its words, as
    /// its other words describe it in the searcher's words, which need not be the entity's
    /// ("thunderbird email": thunderbird, whose text says "mail").
    private func withNamedEntities(_ allWords: Query, anyWords: Query, text: QueryText) throws(XapianError) -> Query {
        guard !text.names.isEmpty else { return allWords }
        let titles = try Query.combine(.or, text.names.map { Query.term(IndexTerms.wholeTitle($0)) })
        let namedOnly = try Query.combine(.andNot, [Query.combine(.filter, [anyWords, titles]), allWords])
        return try Query.combine(.or, [allWords, namedOnly])
    }

    /// The plan that lists the entities of `types` (all when empty) with a title word beginning
    /// with `prefix` after title words `head`, best ranking hint first: what `suggest` and a search
    /// of one to three typed letters show past the stored lists; `exactTotal` as `QueryPlan.exactTotal`.
    func titlePrefixPlan(head: [String], prefix: String, types: [String], exactTotal: Bool = false,
                         facts: IndexFacts) throws(XapianError) -> QueryPlan {
        let required = head.map { Query.term(IndexTerms.completionPrefix + $0) } + [Query.term(IndexTerms.titlePrefixPrefix + prefix)]
        return QueryPlan(match: .any, allWords: nil, anyWords: try Self.weightless(required + restrictions(types: types)), feedback: false,
                         filters: [], expired: try expiry(facts),
                         titleBoost: nil, predicate: nil,
                         sort: [Enquire.SortKey(slot: IndexFormat.Slot.rankingHint, descending: true)], hintWeight: nil, facets: [],
                         exactTotal: exactTotal)
    }

    /// The restriction of a search to `types` (none when empty: every type).
    func restrictions(types: [String]) throws(XapianError) -> [Query] {
        types.isEmpty ? [] : [try Query.combine(.or, types.map { Query.term(IndexTerms.type($0)) })]
    }

    /// The entities that have expired by the time of the search, if any can have.
    func expiry(_ facts: IndexFacts) throws(XapianError) -> Query? {
        try facts.expiredBy.map { (now: [UInt8]) throws(XapianError) in try Query.valueRange(slot: IndexFormat.Slot.expiration, low: nil, high: now) }
    }

    /// Index-side queries that every entity satisfying `predicate` matches, and whether every
    /// entity matching them satisfies it: then no candidate's entity needs to be read to check it
    /// (an exact total counts postings and value slots alone), and the predicate is Xapian's own
    /// operators alone, which remote shards run. Exact: comparisons of a single-valued number or
    /// date (strict ones by the next number up or down; `!=` as everything but that number); `==`
    /// and `!=` on exact values of keywords, enums and references (single- or multi-valued: a term
    /// per value) and on booleans; and `&&`, `||` and `!` of exact parts. Anything else (text,
    /// options, wildcards, several numbers) narrows what it can and is checked on each candidate's
    /// entity (`PageReader`).
    func narrowing(_ predicate: EntityPredicate) throws(XapianError) -> (queries: [Query], isExact: Bool) {
        switch predicate {
        case .all(let parts):
            var queries: [Query] = []
            var isExact = true
            for part in parts {
                let narrowed = try narrowing(part)
                queries += narrowed.queries
                isExact = isExact && narrowed.isExact
            }
            return (queries, isExact)
        case .any(let parts):
            guard !parts.isEmpty else { return ([Query.matchNothing], true) }
            var alternatives: [Query] = []
            var isExact = true
            for part in parts {
                let narrowed = try narrowing(part)
                // A part that narrows nothing may hold for any entity, and so may the whole.
                guard !narrowed.queries.isEmpty else { return ([], false) }
                alternatives.append(try Self.conjunction(narrowed.queries))
                isExact = isExact && narrowed.isExact
            }
            return ([try Query.combine(.or, alternatives)], isExact)
        case .not(let part):
            let narrowed = try narrowing(part)
            guard narrowed.isExact else { return ([], false) }
            guard !narrowed.queries.isEmpty else { return ([Query.matchNothing], true) }
            return ([try Query.combine(.andNot, [Query.matchAll, Self.conjunction(narrowed.queries)])], true)
        case .comparison(let c):
            return try narrowing(c)
        }
    }

    /// `narrowing(_:)` of one comparison.
    private func narrowing(_ c: PropertyComparison) throws(XapianError) -> (queries: [Query], isExact: Bool) {
        let attributes = schema.types.compactMap { $0.attribute(c.key) }
        guard let first = attributes.first, attributes.allSatisfy({ $0.kind == first.kind }) else { return ([], false) }
        let multiValued = attributes.contains { $0.multiValued }
        // Entities without the attribute match `!=` alone: everything but those holding the value.
        func complement(_ narrowed: (queries: [Query], isExact: Bool)) throws(XapianError) -> (queries: [Query], isExact: Bool) {
            guard narrowed.isExact, !narrowed.queries.isEmpty else { return ([], false) }
            return ([try Query.combine(.andNot, [Query.matchAll, Self.conjunction(narrowed.queries)])], true)
        }
        if first.kind.isNumeric, first.kind != .boolean, let slot = schema.numericSlot(c.key) {
            // A number slot holds a multi-valued attribute's first value only.
            guard !multiValued else { return ([], false) }
            let number = { (value: PredicateValue?) in first.kind == .date ? value?.seconds : value?.number }
            guard let value = number(c.value) else { return ([], false) }
            func range(_ low: Double?, _ high: Double?) throws(XapianError) -> (queries: [Query], isExact: Bool) {
                ([try Query.valueRange(slot: slot, low: low.map(Sortable.serialise), high: high.map(Sortable.serialise))], true)
            }
            switch c.comparator {
            case .equal: return try range(value, value)
            case .notEqual: return try complement(range(value, value))
            case .greaterThan: return try range(value.nextUp, nil)
            case .greaterThanOrEqual: return try range(value, nil)
            case .lessThan: return try range(nil, value.nextDown)
            case .lessThanOrEqual: return try range(nil, value)
            case .between:
                guard let upper = number(c.upperBound) else { return ([], false) }
                return try range(value, upper)
            default: return ([], false)
            }
        }
        // The exact-value term of `text`, when the index holds one for every such value.
        func valueTerm(_ text: String) -> (queries: [Query], isExact: Bool) {
            let term = IndexTerms.value(c.key, text)
            guard term.utf8.count <= IndexTerms.maximumTermBytes else { return ([], false) }
            return ([Query.term(term)], true)
        }
        let exactKinds: Set<AttributeKind> = [.keyword, .enumValue, .reference]
        if exactKinds.contains(first.kind), c.options.isEmpty, case .string(let text)? = c.value,
           !text.contains(where: { $0 == "*" || $0 == "?" }) {
            switch c.comparator {
            case .equal: return valueTerm(text)
            case .notEqual: return try complement(valueTerm(text))
            default: return ([], false)
            }
        }
        if first.kind == .boolean {
            switch (c.comparator, c.value.flatMap(PropertyComparison.truth)) {
            case (.isTrue, _): return valueTerm("true")
            case (.isFalse, _): return valueTerm("false")
            case (.equal, let wanted?): return valueTerm(wanted ? "true" : "false")
            case (.notEqual, let wanted?): return try complement(valueTerm(wanted ? "true" : "false"))
            default: return ([], false)
            }
        }
        return ([], false)
    }

    /// The entities matching every one of `queries`.
    private static func conjunction(_ queries: [Query]) throws(XapianError) -> Query {
        queries.count == 1 ? queries[0] : try Query.combine(.and, queries)
    }

    /// The entities every one of `restrictions` matches, all of weight 0: what a search without
    /// words lists. Xapian walks their postings and ranges alone, where every entity filtered by
    /// them would walk every document of every shard (on two shards, twice the time).
    private static func weightless(_ restrictions: [Query]) throws(XapianError) -> Query {
        try conjunction(restrictions).scaled(by: 0)
    }
}
