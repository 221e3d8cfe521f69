import XapianIndex

/// The query parser of one schema revision: field prefixes, boolean filters and ranges for
/// every attribute key, stemming and stopwords. Rebuilt when the schema changes.
final class Searcher {
    let parser: QueryParser
    /// The query language's stemmer (nil for "none"), for snippets.
    let stemmer: Stemmer?
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
        let words = text.split(whereSeparator: \.isWhitespace)
        guard let last = words.last, words.allSatisfy({ word in
            word.allSatisfy { $0.isLetter || $0.isNumber } && !operators.contains(String(word))
        }) else { return nil }
        return (words.dropLast().joined(separator: " "), last.lowercased())
    }

    static let operators: Set<String> = ["AND", "OR", "NOT", "XOR", "NEAR", "ADJ"]

    /// Queries are stemmed in one language: the one most types use.
    static func dominantLanguage(_ schema: Schema) -> String {
        var counts: [String: Int] = [:]
        for type in schema.types { counts[type.language, default: 0] += 1 }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? "english"
    }

    /// `text` and its synonym `variants` parsed alike and ORed: entities matching under any of the names.
    func parse(_ text: String, variants: [String], defaultOperator: Query.Operator, partial: Bool) throws(XapianError) -> Query {
        var queries = [try parse(text, defaultOperator: defaultOperator, partial: partial)]
        for variant in variants { queries.append(try parse(variant, defaultOperator: defaultOperator, partial: partial)) }
        return queries.count == 1 ? queries[0] : try Query.combine(.or, queries)
    }

    /// The prefixes that `parse` expands into the most frequent words they begin (Xapian's
    /// wildcards, whose expansions `Enquire.matchingTerms` does not report): the partly typed last
    /// word, when `parse` expands it.
    func wildcardPrefixes(_ text: String, partial: Bool) -> [String] {
        guard partial, let last = text.last, last.isLetter || last.isNumber else { return [] }
        if let (_, word) = Self.plainWords(text) { return word.count > ShortPrefixTables.longestEntityPrefix ? [word] : [] }
        let word = String(text.reversed().prefix { $0.isLetter || $0.isNumber }.reversed())
        return text.dropLast(word.count).last == ":" ? [] : [word.lowercased()]
    }

    /// Parses person-typed text; text that is not valid syntax is read again as plain words.
    ///
    /// A partial last word of plain-word text matches the whole word (stemmed), a title word it
    /// begins (the `XP` terms, up to five letters: one posting list), and from four letters on also
    /// the most frequent words it begins anywhere. One to three letters begin thousands of words,
    /// so those stay with titles, where a person typing that little is looking.
    func parse(_ text: String, defaultOperator: Query.Operator, partial: Bool) throws(XapianError) -> Query {
        parser.setDefaultOperator(defaultOperator)
        if partial, let (head, last) = Self.plainWords(text) {
            var alternatives = [try parser.parse(last, flags: [])]
            if last.count <= IndexTerms.maximumPrefixLength { alternatives.append(Query.term(IndexTerms.titlePrefixPrefix + last)) }
            if last.count > ShortPrefixTables.longestEntityPrefix {
                alternatives.append(try Query.wildcard(prefix: last, maxExpansion: Self.partialExpansionLimit))
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
