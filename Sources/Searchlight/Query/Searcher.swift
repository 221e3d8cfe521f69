import XapianIndex

/// The query parser of one schema revision: field prefixes, boolean filters and ranges for
/// every attribute key, stemming and stopwords. Rebuilt when the schema changes.
final class Searcher {
    let parser: QueryParser
    /// The query language's stemmer (nil for "none"), for snippets.
    let stemmer: Stemmer?
    /// The stemmer when every type's text is stemmed with it: then a typed word's stemmed term
    /// matches every word sharing its stem, and its expansions can leave those out.
    let expansionStemmer: Stemmer?
    let stopwords: Set<String>
    let synonyms: SynonymTable
    /// How many terms a partially typed last word may expand to.
    static let partialExpansionLimit: UInt32 = 20

    /// The parser of `schema`'s queries; `database`, when given, is where Xapian's own wildcards
    /// (the typed last word of text that is not plain words) expand.
    init(schema: Schema, database: Database?) throws(XapianError) {
        parser = QueryParser()
        synonyms = SynonymTable(schema: schema)
        let language = Self.dominantLanguage(schema)
        if language != "none" { try parser.setStemmer(language: language, strategy: .some) }
        stemmer = language == "none" ? nil : try Stemmer(language: language)
        expansionStemmer = schema.types.allSatisfy { $0.language == language } ? stemmer : nil
        stopwords = language == "english" ? Set(Stopwords.english) : []
        if language == "english" { parser.setStopwords(Stopwords.english) }
        if let database { parser.setDatabase(database) }
        parser.setMaxExpansion(Self.partialExpansionLimit)
        try parser.addPrefix(field: "type", termPrefix: IndexTerms.typePrefix, boolean: true)
        try parser.addPrefix(field: "domain", termPrefix: IndexTerms.domainPrefix, boolean: true)
        var seen = Set<String>()
        for type in schema.types {
            for attribute in type.attributes where seen.insert(attribute.key).inserted {
                if attribute.searchable {
                    try parser.addPrefix(field: attribute.key, termPrefix: attribute.fieldSearchable ? IndexTerms.fieldPrefix(attribute.key) : "")
                } else if attribute.kind == .keyword || attribute.kind == .enumValue || attribute.kind == .reference || attribute.kind == .boolean {
                    try parser.addPrefix(field: attribute.key, termPrefix: IndexTerms.valuePrefix(attribute.key), boolean: true)
                }
                if attribute.kind.isNumeric, let slot = schema.numericSlot(attribute.key) {
                    try parser.addRange(field: attribute.key, slot: slot, isDate: attribute.kind == .date)
                }
            }
        }
    }

    /// Queries are stemmed in one language: the one most types use.
    static func dominantLanguage(_ schema: Schema) -> String {
        var counts: [String: Int] = [:]
        for type in schema.types { counts[type.language, default: 0] += 1 }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? "english"
    }

    /// The queries of `text` and its synonym variants, parsed alike and ORed (entities matching
    /// under any of the names): the any-word query, and with `allWords` the all-word one.
    func parse(_ text: QueryText, allWords: Bool) throws(XapianError) -> (anyWords: Query, allWords: Query?) {
        var any: [Query] = []
        var all: [Query] = []
        for one in text.searchedTexts {
            let parsed = try parse(one, allWords: allWords, expansions: text.expansions)
            any.append(parsed.anyWords)
            if let every = parsed.allWords { all.append(every) }
        }
        return (any.count == 1 ? any[0] : try Query.combine(.or, any),
                !allWords ? nil : all.count == 1 ? all[0] : try Query.combine(.or, all))
    }

    /// The `limit` most frequent terms beginning with `prefix` (Xapian's `WILDCARD_LIMIT_MOST_FREQUENT`).
    static func mostFrequentWords(beginning prefix: String, limit: Int, database: Database) throws(XapianError) -> [String] {
        try database.mostFrequentTerms(withPrefix: prefix, limit: limit).map(\.term)
    }

    /// Parses person-typed text into its any-word query and, with `allWords`, its all-word query;
    /// text that is not valid syntax is read again as plain words.
    ///
    /// Plain words are parsed once, joined by OR, and the all-word query is the same words joined
    /// by AND (`Query.regrouped`); only text with syntax, whose operators bind differently under
    /// each default, is parsed once per mode.
    ///
    /// A partial last word of plain-word text matches the whole word (stemmed), a title word it
    /// begins (the `XP` terms, up to five letters: one posting list), and from four letters on also
    /// the most frequent words it begins anywhere, less those its stem already matches (`expansions`,
    /// by prefix: looked up once per search by `QueryText.lookUp`, rather than by a Xapian wildcard,
    /// which would scan the terms again for every query the search runs). One to three letters
    /// begin thousands of words, so those stay with titles, where a person typing that little is looking.
    func parse(_ text: QueryText, allWords: Bool, expansions: [String: [String]]) throws(XapianError) -> (anyWords: Query, allWords: Query?) {
        parser.setDefaultOperator(.or)
        if text.partial, let (head, last) = text.plainWords {
            var alternatives = [try parser.parse(last, flags: [])]
            if last.count <= IndexTerms.maximumPrefixLength { alternatives.append(Query.term(IndexTerms.titlePrefixPrefix + last)) }
            if let words = expansions[last], !words.isEmpty {
                alternatives.append(try Query.combine(.synonym, words.map { Query.term($0) }))
            }
            let typed = try Query.combine(.or, alternatives)
            guard !head.isEmpty else { return (typed, allWords ? typed : nil) }
            let words = try parser.parse(head, flags: [])
            return (try Query.combine(.or, [words, typed]),
                    allWords ? try Query.combine(.and, [try words.regrouped(from: .or, to: .and), typed]) : nil)
        }
        let any = try parse(text, flags: text.partial ? [.partial] : [])
        guard allWords else { return (any, nil) }
        if text.plainWords != nil { return (any, try any.regrouped(from: .or, to: .and)) }
        parser.setDefaultOperator(.and)
        return (any, try parse(text, flags: text.partial ? [.partial] : []))
    }

    /// `text` parsed with the query syntax and `extra` flags, or as plain words if it is not valid syntax.
    private func parse(_ text: QueryText, flags extra: QueryParser.Flags) throws(XapianError) -> Query {
        do {
            return try parser.parse(text.trimmed, flags: extra.union([.boolean, .phrase, .loveHate, .pureNot]))
        } catch where error.kind == .queryParser {
            return try parser.parse(text.trimmed, flags: extra)
        }
    }
}
