import XapianIndex

/// A language's stemmer and the entities whose text is in that language, for telling a word's
/// inflection from a slip in an index that mixes languages: a stem counts only where that
/// language's text has it.
///
/// ```swift
/// let scopes = try searcher.stemmerScopes(types: [])
/// try scopes[0].frequency(of: "Zkafka", database: database)   // the entities of that language with it
/// ```
struct StemmerScope {
    let stemmer: Stemmer
    /// The entities whose text is in the stemmer's language; nil for every entity (an index of
    /// one language).
    let entities: Query?

    /// How many of the scope's entities have `term`: its term frequency when the scope is every
    /// entity, else counted among them (Xapian reads at most the term's own postings).
    ///
    /// - Throws: `XapianError` when the index cannot be read.
    func frequency(of term: String, database: Database) throws(XapianError) -> Int {
        let frequency = try database.termFrequency(term)
        guard frequency > 0, let entities else { return frequency }
        let enquire = try Enquire(database: database)
        enquire.query = try Query.combine(.filter, [Query.term(term), entities])
        return try enquire.matches(offset: 0, limit: 0, checkAtLeast: frequency).estimatedTotal
    }
}
