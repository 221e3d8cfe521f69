import XapianIndex

/// Why a result ranked where it did (`searchlight search --explain`): the query terms it
/// carries, the attribute each came from, what each scores, and the static boosts it received.
///
/// ```swift
/// var request = SearchRequest("granite dome")
/// request.explain = true
/// for result in try index.search(request).results {
///     print(result.score, result.explanation?.matches.map { "\($0.word) \($0.weight)" } ?? [])
/// }
/// ```
public struct Explanation: Sendable, Hashable {
    /// One matched index term, read back into what a person typed.
    public struct Match: Sendable, Hashable {
        /// The term as stored, e.g. `Zgranit` or `XFname:dome`.
        public var term: String
        /// Where it comes from: an attribute key, `text` (any searchable-by-default attribute),
        /// `title prefix`, `whole title`, `type` or `domain`.
        public var field: String
        /// The word, stem (`granit*`) or value the term stands for.
        public var word: String
        /// What the term alone scores for this entity: BM25 over the index's statistics, before
        /// the query's own scaling (feedback terms count half, see `Ranking`); 0 for terms that
        /// only select (type, title prefixes, exact values).
        public var weight: Double = 0
        /// The partly typed word whose expansion (the most frequent words it begins) brought this term.
        public var expandedFrom: String?
    }

    public var matches: [Match]
    /// What the ranking hint added to the score (0 when the entity has none).
    public var hintBoost: Double

    /// The explanation of match `docid` (the entity with unique term `uniqueTerm`): the query's
    /// terms it holds, marking those that stand for a typed prefix (`expansions`, by prefix; terms
    /// of Xapian's own wildcards are found in the entity's term list), and the weight of each.
    init(docid: UInt32, uniqueTerm: String, enquire: Enquire, expansions: [String: Set<String>], database: Database,
         hintBoost: Double) throws(XapianError) {
        var matches = try enquire.matchingTerms(docid: docid).map(Self.match)
        for (prefix, terms) in expansions.sorted(by: { $0.key < $1.key }) {
            try database.forEachTerm(ofDocument: docid, withPrefix: prefix) { term, _ in
                guard terms.contains(term), term != prefix else { return true }
                if let known = matches.firstIndex(where: { $0.term == term }) {
                    matches[known].expandedFrom = prefix
                } else {
                    var match = Self.match(term)
                    match.expandedFrom = prefix
                    matches.append(match)
                }
                return true
            }
        }
        let weigher = try Enquire(database: database)
        Ranking.weigh(weigher)
        for i in matches.indices {
            weigher.query = try Query.combine(.filter, [try Ranking.inBM25Units(Query.term(matches[i].term)), Query.term(uniqueTerm)])
            matches[i].weight = try weigher.matches(offset: 0, limit: 1, checkAtLeast: 0).first?.weight ?? 0
        }
        self.matches = matches.sorted { ($0.weight, $1.term) > ($1.weight, $0.term) }
        self.hintBoost = hintBoost
    }

    /// Reads a stored term back into its field and word.
    static func match(_ term: String) -> Match {
        func split(_ rest: Substring) -> (String, String) {
            guard let colon = rest.firstIndex(of: ":") else { return ("", String(rest)) }
            return (String(rest[..<colon]), String(rest[rest.index(after: colon)...]))
        }
        if term.hasPrefix(IndexTerms.stemPrefix + IndexTerms.fieldPrefixStart) {
            let (key, stem) = split(term.dropFirst(IndexTerms.stemPrefix.count + IndexTerms.fieldPrefixStart.count))
            return Match(term: term, field: key, word: stem + "*")
        }
        if term.hasPrefix(IndexTerms.fieldPrefixStart) {
            let (key, word) = split(term.dropFirst(IndexTerms.fieldPrefixStart.count))
            return Match(term: term, field: key, word: word)
        }
        if term.hasPrefix(IndexTerms.valuePrefixStart) {
            let (key, value) = split(term.dropFirst(IndexTerms.valuePrefixStart.count))
            return Match(term: term, field: key, word: value)
        }
        if term.hasPrefix(IndexTerms.typePrefix) { return Match(term: term, field: "type", word: String(term.dropFirst(IndexTerms.typePrefix.count))) }
        if term.hasPrefix(IndexTerms.domainPrefix) { return Match(term: term, field: "domain", word: String(term.dropFirst(IndexTerms.domainPrefix.count))) }
        if term.hasPrefix(IndexTerms.titlePrefixPrefix) {
            return Match(term: term, field: "title prefix", word: String(term.dropFirst(IndexTerms.titlePrefixPrefix.count)) + "…")
        }
        if term.hasPrefix(IndexTerms.wholeTitlePrefix) {
            return Match(term: term, field: "whole title", word: String(term.dropFirst(IndexTerms.wholeTitlePrefix.count)))
        }
        if term.hasPrefix(IndexTerms.stemPrefix) { return Match(term: term, field: "text", word: term.dropFirst(IndexTerms.stemPrefix.count) + "*") }
        return Match(term: term, field: "text", word: term)
    }
}
