import XapianIndex

/// Why a result ranked where it did (`searchlight search --explain`): the query terms it
/// carries, the attribute each came from, and the static boosts it received.
///
/// ```swift
/// var request = SearchRequest("granite dome")
/// request.explain = true
/// for result in try index.search(request).results {
///     print(result.score, result.explanation?.matches.map(\.word) ?? [])
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
    }

    public var matches: [Match]
    /// What the ranking hint added to the score (0 when the entity has none).
    public var hintBoost: Double

    /// Reads a stored term back into its field and word.
    static func match(_ term: String) -> Match {
        func split(_ rest: Substring) -> (String, String) {
            guard let colon = rest.firstIndex(of: ":") else { return ("", String(rest)) }
            return (String(rest[..<colon]), String(rest[rest.index(after: colon)...]))
        }
        if term.hasPrefix("ZXF") {
            let (key, stem) = split(term.dropFirst(3))
            return Match(term: term, field: key, word: stem + "*")
        }
        if term.hasPrefix("XF") {
            let (key, word) = split(term.dropFirst(2))
            return Match(term: term, field: key, word: word)
        }
        if term.hasPrefix("XK") {
            let (key, value) = split(term.dropFirst(2))
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
        if term.hasPrefix("Z") { return Match(term: term, field: "text", word: term.dropFirst() + "*") }
        return Match(term: term, field: "text", word: term)
    }
}
