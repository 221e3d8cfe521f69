import XapianIndex

/// Why a result ranked where it did (`searchlight search --explain`): the query terms it
/// carries, the attribute each came from, what each adds to its score, and the boost and cap it
/// received. The parts add up to the score: the matches' weights, plus `hintBoost`, less `capped`.
///
/// ```swift
/// var request = SearchRequest("granite dome")
/// request.explain = true
/// for result in try index.search(request).results {
///     let explanation = result.explanation!
///     let parts = explanation.matches.reduce(0) { $0 + $1.weight } + explanation.hintBoost - explanation.capped
///     print(result.score, parts)   // the same
/// }
/// ```
public struct Explanation: Sendable, Hashable {
    /// One matched index term, read back into what a person typed.
    public struct Match: Sendable, Hashable {
        /// The term as stored, e.g. `Zgranit` or `XFname:dome`.
        public var term: String
        /// Where it comes from: an attribute key, `text` (any searchable-by-default attribute),
        /// `trigram` (three letters of a word in such text), `title prefix`, `whole title`, `type`
        /// or `domain`.
        public var field: String
        /// The word, stem (`granit*`) or value the term stands for.
        public var word: String
        /// What the term adds to the score: its BM25 weight in the query as it ran (feedback terms
        /// count half, see `Ranking`); a term in several parts of the query adds each; terms
        /// matched as one part (the words a typed prefix expands to, a phrase) share that part's
        /// weight equally; 0 for terms that only select (type, title prefixes, exact values).
        public var weight: Double = 0
        /// The partly typed word whose expansion (the most frequent words it begins) brought this term.
        public var expandedFrom: String?
    }

    public var matches: [Match]
    /// What the ranking hint added to the score (0 when the entity has none).
    public var hintBoost: Double
    /// What was taken off so that the score does not pass a score listed above it: when the hint
    /// lifted the match past the weight where the block of 30 before its own ends, or it belongs
    /// to a later tier (fewer words matched) yet outweighs the last of the tier before. 0 mostly.
    public var capped: Double

    /// The explanation of `hit`, the match of the entity with unique term `uniqueTerm`: the parts
    /// of the query it ran in that it matches, each with what it adds (`Enquire.explain`), read
    /// back into terms; those that stand for a typed prefix (`expansions`, by prefix) are marked.
    init(hit: PageReader.Hit, uniqueTerm: String, enquire: Enquire, expansions: [String: Set<String>]) throws(XapianError) {
        var matches: [Match] = []
        for part in try enquire.explain(hit.query, docid: hit.match.docid, uniqueTerm: uniqueTerm) {
            let share = part.weight / Double(part.terms.count)
            for term in part.terms {
                if let known = matches.firstIndex(where: { $0.term == term }) {
                    matches[known].weight += share
                } else {
                    var match = Self.match(term)
                    match.weight = share
                    matches.append(match)
                }
            }
        }
        for (prefix, terms) in expansions.sorted(by: { $0.key < $1.key }) {
            for i in matches.indices where matches[i].term != prefix && terms.contains(matches[i].term) { matches[i].expandedFrom = prefix }
        }
        self.matches = matches.sorted { ($0.weight, $1.term) > ($1.weight, $0.term) }
        hintBoost = hit.hintBoost
        capped = hit.capped
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
        if term.hasPrefix(IndexTerms.trigramPrefix) {
            return Match(term: term, field: "trigram", word: "…" + term.dropFirst(IndexTerms.trigramPrefix.count) + "…")
        }
        for prefix in [IndexTerms.exactFormPrefix, IndexTerms.syllablePairPrefix] where term.hasPrefix(prefix) {
            return Match(term: term, field: "text", word: String(term.dropFirst(prefix.count)))
        }
        if term.hasPrefix(IndexTerms.stemPrefix) { return Match(term: term, field: "text", word: term.dropFirst(IndexTerms.stemPrefix.count) + "*") }
        return Match(term: term, field: "text", word: term)
    }
}
