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

    init(schema: Schema, database: Database) throws(XapianError) {
        parser = QueryParser()
        synonyms = SynonymTable(schema: schema)
        let language = Self.dominantLanguage(schema)
        if language != "none" { try parser.setStemmer(language: language, strategy: .some) }
        stemmer = language == "none" ? nil : try Stemmer(language: language)
        expansionStemmer = schema.types.allSatisfy { $0.language == language } ? stemmer : nil
        stopwords = language == "english" ? Set(Stopwords.english) : []
        if language == "english" { parser.setStopwords(Stopwords.english) }
        parser.setDatabase(database)
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

    /// Text of letters, digits and spaces only (no operators), split into the words before the
    /// last one and the last one, lower-cased; nil for anything else.
    static func plainWords(_ text: String) -> (head: String, last: String)? {
        let words: [Substring]
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII, as most queries are: classified by bytes rather than by Unicode's character tables.
            words = text.utf8.split { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }.map { Substring($0) }
            guard words.allSatisfy({ $0.utf8.allSatisfy(Words.isASCIILetterOrDigit) }) else { return nil }
        } else {
            words = text.split(whereSeparator: \.isWhitespace)
            guard words.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber } }) else { return nil }
        }
        guard let last = words.last, !words.contains(where: { operators.contains(String($0)) }) else { return nil }
        return (words.dropLast().joined(separator: " "), last.lowercased())
    }

    static let operators: Set<String> = ["AND", "OR", "NOT", "XOR", "NEAR", "ADJ"]

    /// Whether the word being typed at the end of plain-word `text` is a stopword that follows a
    /// word that is not one ("dicomscope of"): it waits for its next letter, and the text is searched
    /// as the finished words are, without it. As a word it would match nearly every entity, and as
    /// a title prefix it would narrow the words before it to titles that happen to begin with it.
    func waitsForNextLetter(_ text: String) -> Bool {
        guard !stopwords.isEmpty, let (head, last) = Self.plainWords(text), stopwords.contains(last) else { return false }
        return Words.lowercased(head).contains { !stopwords.contains($0) }
    }

    /// Queries are stemmed in one language: the one most types use.
    static func dominantLanguage(_ schema: Schema) -> String {
        var counts: [String: Int] = [:]
        for type in schema.types { counts[type.language, default: 0] += 1 }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? "english"
    }

    /// `text` and its synonym `variants` parsed alike and ORed: entities matching under any of the names.
    /// `expansions` carries the typed words' expansions from one call to the next of the same search.
    func parse(_ text: String, variants: [String], defaultOperator: Query.Operator, partial: Bool,
               expansions: inout Expansions) throws(XapianError) -> Query {
        var queries = [try parse(text, defaultOperator: defaultOperator, partial: partial, expansions: &expansions)]
        for variant in variants {
            queries.append(try parse(variant, defaultOperator: defaultOperator, partial: partial, expansions: &expansions))
        }
        return queries.count == 1 ? queries[0] : try Query.combine(.or, queries)
    }

    /// The words a typed prefix stands for in one search, by prefix: its `partialExpansionLimit`
    /// most frequent words, less those its stemmed term already matches (words sharing its stem,
    /// when every type is stemmed alike and the prefix begins with a letter: Xapian stems no other
    /// words); found once and reused by every query of the search.
    struct Expansions {
        let database: Database
        let stemmer: Stemmer?
        private(set) var words: [String: [String]] = [:]

        mutating func words(beginning prefix: String) throws(XapianError) -> [String] {
            if let known = words[prefix] { return known }
            var found = try Searcher.mostFrequentWords(beginning: prefix, limit: Int(Searcher.partialExpansionLimit), database: database)
            if let stemmer, prefix.first?.isLetter == true {
                let stem = try stemmer.stem(prefix)
                var kept: [String] = []
                for word in found where try stemmer.stem(word) != stem { kept.append(word) }
                found = kept
            }
            words[prefix] = found
            return found
        }
    }

    /// The expansions of one search's typed words.
    func expansions(database: Database) -> Expansions { Expansions(database: database, stemmer: expansionStemmer) }

    /// The `limit` most frequent terms beginning with `prefix` (Xapian's `WILDCARD_LIMIT_MOST_FREQUENT`).
    static func mostFrequentWords(beginning prefix: String, limit: Int, database: Database) throws(XapianError) -> [String] {
        try database.mostFrequentTerms(withPrefix: prefix, limit: limit).map(\.term)
    }

    /// The prefix that Xapian's own partial matching expands in text that is not plain words (its
    /// expansions are not reported by `Enquire.matchingTerms`): the partly typed last word.
    func parserWildcardPrefix(_ text: String, partial: Bool) -> String? {
        guard partial, Self.plainWords(text) == nil, let last = text.last, last.isLetter || last.isNumber else { return nil }
        let word = String(text.reversed().prefix { $0.isLetter || $0.isNumber }.reversed())
        return text.dropLast(word.count).last == ":" ? nil : word.lowercased()
    }

    /// Parses person-typed text; text that is not valid syntax is read again as plain words.
    ///
    /// A partial last word of plain-word text matches the whole word (stemmed), a title word it
    /// begins (the `XP` terms, up to five letters: one posting list), and from four letters on also
    /// the most frequent words it begins anywhere, less those its stem already matches (expanded
    /// here, once per search, rather than by a Xapian wildcard, which would scan the terms again
    /// for every query the search runs). One to three letters begin thousands of words, so those
    /// stay with titles, where a person typing that little is looking.
    func parse(_ text: String, defaultOperator: Query.Operator, partial: Bool, expansions: inout Expansions) throws(XapianError) -> Query {
        parser.setDefaultOperator(defaultOperator)
        if partial, let (head, last) = Self.plainWords(text) {
            var alternatives = [try parser.parse(last, flags: [])]
            if last.count <= IndexTerms.maximumPrefixLength { alternatives.append(Query.term(IndexTerms.titlePrefixPrefix + last)) }
            if last.count > ShortPrefixTables.longestEntityPrefix {
                let words = try expansions.words(beginning: last)
                if !words.isEmpty { alternatives.append(try Query.combine(.synonym, words.map { Query.term($0) })) }
            }
            let typed = try Query.combine(.or, alternatives)
            guard !head.isEmpty else { return typed }
            return try Query.combine(defaultOperator == .and ? .and : .or, [try parser.parse(head, flags: []), typed])
        }
        var flags: QueryParser.Flags = [.boolean, .phrase, .loveHate, .pureNot]
        if partial { flags.insert(.partial) }
        do {
            return try parser.parse(text, flags: flags)
        } catch where error.kind == .queryParser {
            return try parser.parse(text, flags: partial ? [.partial] : [])
        }
    }
}
