import XapianIndex

/// Ranking defaults, chosen on principle and measured on the CISI collection (Benchmarks/RESULTS.md).
enum Ranking {
    /// BM25's standard parameters (Robertson et al.), rather than Xapian's k1 1 / b 0.5.
    static let k1 = 1.2
    static let b = 0.75

    /// Verbose, question-like queries (this many words or more) are expanded by pseudo-relevance
    /// feedback; short queries are names and keywords, where expansion mostly adds noise and latency.
    static let expansionMinimumWords = 5
    static let feedbackDocuments = 5
    static let expansionTerms = 20
    /// How much the expansion terms count against the words typed.
    static let expansionWeight = 0.5

    static func wantsExpansion(_ text: String) -> Bool {
        text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).count >= expansionMinimumWords
    }

    /// `query` ORed with the best terms of its own top documents, scaled down.
    static func expanded(_ query: Query, enquire: Enquire,
                         topDocuments: (Query) throws(XapianError) -> MatchSet) throws(XapianError) -> Query {
        let top = try topDocuments(query)
        guard top.count >= 3 else { return query }
        let terms = try enquire.expansionTerms(from: top.map(\.docid), maxTerms: expansionTerms)
        guard !terms.isEmpty else { return query }
        let expansion = try Query.combine(.or, terms.map { Query.term($0.term) }).scaled(by: expansionWeight)
        return try Query.combine(.or, [query, expansion])
    }
}
