import Foundation
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

    /// The most the ranking hint adds to a score (at the index's highest hint), in BM25 units:
    /// enough to order near-equal matches by popularity, too little to lift a weak match.
    static let hintBoost = 1.0
    /// How much an entity whose whole title is the query text gains (times its title term's BM25).
    static let wholeTitleBoost = 1.0

    /// Extra weight for documents matching the query: the ranking hint, scaled so the largest hint
    /// in the index adds `hintBoost`, and the whole-title term of `text`. Nil when neither applies.
    static func boost(text: String, database: Database) throws(XapianError) -> Query? {
        var parts: [Query] = []
        if let bound = try database.valueUpperBound(slot: Schema.rankingHintSlot).map(Sortable.unserialise), bound > 0 {
            parts.append(try Query.valueWeight(slot: Schema.rankingHintSlot).scaled(by: hintBoost / bound))
        }
        let whole = IndexTerms.wholeTitle(text)
        if whole.count > IndexTerms.wholeTitlePrefix.count, whole.utf8.count <= IndexTerms.maximumTermBytes {
            parts.append(try Query.term(whole).scaled(by: wholeTitleBoost))
        }
        return parts.isEmpty ? nil : try Query.combine(.or, parts)
    }

    /// What the ranking hint adds to `entity`'s score (for explanations).
    static func hintBoost(of entity: Entity, schema: Schema, database: Database) throws(XapianError) -> Double {
        guard let key = schema.type(named: entity.type)?.rankingHint, let hint = entity.attributes[key]?.elements.first?.doubleValue,
              let bound = try database.valueUpperBound(slot: Schema.rankingHintSlot).map(Sortable.unserialise), bound > 0 else { return 0 }
        return hintBoost * hintScale(hint) / bound
    }

    /// The ranking hint as stored for boosting and ordering: log(1 + hint), so that long-tailed
    /// hints (counts, popularity) still separate the common middle; negative hints count as 0.
    static func hintScale(_ hint: Double) -> Double { log1p(max(0, hint)) }

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
