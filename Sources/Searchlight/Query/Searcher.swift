import XapianIndex

/// The query parsers of one schema revision, one per language of the schema's text: field
/// prefixes, boolean filters and ranges for every attribute key, each language's stemmer,
/// stopwords and text analysis. Rebuilt when the schema changes.
///
/// A query is parsed in the language of every type it searches (for a type with a
/// `languageAttribute`, in every language its entities are in), and each parse restricted to the
/// entities with text in its language, so an index that mixes languages finds each entity's text in
/// its own language, on one BM25 scale.
final class Searcher {
    /// One language's parser and the entities whose text (some of it) is in that language.
    struct LanguageParser {
        let analyzer: TextAnalyzer
        let parser: QueryParser
        let stemmer: Stemmer?
        /// The types whose every entity has text in this language (the type's or an attribute's).
        let types: [String]
        /// The types with a `languageAttribute` some of whose entities have text in this language:
        /// those entities carry its language term (`IndexTerms.language`).
        let entityTypes: [String]

        /// Whether some entity of `searched` (every type when empty) has text in this language.
        func covers(_ searched: [String]) -> Bool {
            searched.isEmpty || !Set(types + entityTypes).isDisjoint(with: searched)
        }

        /// The entities of `searched` (every type when empty) with text in this language: their
        /// types, or their language term.
        func restriction(to searched: [String]) throws(XapianError) -> Query {
            let own = types.filter { searched.isEmpty || searched.contains($0) }.map { Query.term(IndexTerms.type($0)) }
            let tagged = entityTypes.contains { searched.isEmpty || searched.contains($0) }
            return try Query.combine(.or, own + (tagged ? [Query.term(IndexTerms.language(analyzer.language))] : []))
        }

        /// The capitalised words of `text` that this language stems all the same (in a language that
        /// capitalises its nouns, where a capital says nothing of a name; none in others), less
        /// stopwords: `adjusted` lower-cases them, and `Searcher.typedFormBoost` ranks their typed form.
        func stemmedCapitals(_ text: QueryText) -> [String] {
            guard analyzer.language.capitalisesNouns else { return [] }
            return text.capitalisedWords.filter { !analyzer.stopwords.contains(adjusted($0)) }
        }

        /// Normalised query text as this language analyses its own: its elided articles dropped,
        /// German umlauts written as two letters collapsed (as `TextAnalyzer.prepare` does to the
        /// text), and in a language that capitalises its nouns, capitalised words lower-cased (but
        /// operators and `field:value`), so that the parser stems them rather than take them for names.
        func adjusted(_ text: String) -> String {
            let language = analyzer.language
            var kept = TextAnalyzer.splittingElisions(text, language: language)
            if language.capitalisesNouns, kept.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) {
                kept = kept.split(separator: " ", omittingEmptySubsequences: false).map { word in
                    QueryText.operators.contains(String(word)) || word.contains(":") ? String(word) : word.lowercased()
                }.joined(separator: " ")
            }
            return language.germanUmlautAlternates ? TextNormalizer.collapsingUmlautSpellings(kept) : kept
        }
    }

    /// The parsers, the language of most types first.
    let languages: [LanguageParser]
    /// The first language's stemmer (nil for none), for snippets.
    var stemmer: Stemmer? { languages.first?.stemmer }
    /// The stemmer when every type's text is stemmed with it: then a typed word's stemmed term
    /// matches every word sharing its stem, and its expansions can leave those out.
    let expansionStemmer: Stemmer?
    /// Every language's stopwords.
    let stopwords: Set<String>
    /// Fields whose values are exact terms (type, domain, keywords, enums, booleans, references):
    /// their values are not folded.
    let exactFields: Set<String>
    /// Every field a query may name: `type`, `domain` and every attribute key.
    let fields: Set<String>
    /// Fields holding an integer or a double: `key:value` on them means `key:value..value`.
    let numberFields: Set<String>
    let synonyms: SynonymTable
    /// How many terms a partially typed last word may expand to.
    static let partialExpansionLimit: UInt32 = 20

    /// The parsers of `schema`'s queries, in the languages of its types and, for types with a
    /// `languageAttribute`, in `languages`, those their entities have; `database`, when given, is
    /// where Xapian's own wildcards (the typed last word of text that is not plain words) expand.
    init(schema: Schema, languages entityLanguages: EntityLanguages = EntityLanguages(), database: Database?) throws(XapianError) {
        synonyms = SynonymTable(schema: schema)
        var grouped: [(language: Language, types: [String], entityTypes: [String])] = []
        for type in schema.types {
            let perEntity = type.languageAttribute != nil
            for language in perEntity ? entityLanguages.languages(of: type.name) : type.textLanguages {
                let at = grouped.firstIndex { $0.language == language } ?? {
                    grouped.append((language, [], []))
                    return grouped.count - 1
                }()
                if perEntity { grouped[at].entityTypes.append(type.name) } else { grouped[at].types.append(type.name) }
            }
        }
        if grouped.isEmpty { grouped = [(.english, [], [])] }
        grouped.sort { $0.types.count + $0.entityTypes.count > $1.types.count + $1.entityTypes.count }
        var exactFields: Set<String> = ["type", "domain"]
        var parsers: [LanguageParser] = []
        for (language, types, entityTypes) in grouped {
            let analyzer = TextAnalyzer(language: language)
            let parser = QueryParser()
            let stemmer = try analyzer.makeStemmer()
            if let stemmer { try parser.setStemmer(stemmer, strategy: .some) }
            if !analyzer.stopwords.isEmpty { parser.setStopwords(analyzer.stopwords.sorted()) }
            if let database { parser.setDatabase(database) }
            parser.setMaxExpansion(Self.partialExpansionLimit)
            try Self.addFields(of: schema, to: parser, exactFields: &exactFields)
            parsers.append(LanguageParser(analyzer: analyzer, parser: parser,
                                          stemmer: stemmer,
                                          types: types, entityTypes: entityTypes))
        }
        languages = parsers
        self.exactFields = exactFields
        fields = Set(["type", "domain"] + schema.types.flatMap { $0.attributes.map(\.key) })
        numberFields = Set(schema.types.flatMap { $0.attributes.filter { $0.kind == .integer || $0.kind == .double }.map(\.key) })
        stopwords = parsers.reduce(into: Set<String>()) { $0.formUnion($1.analyzer.stopwords) }
        expansionStemmer = parsers.count == 1 ? parsers[0].stemmer : nil
    }

    /// Field prefixes, boolean filters and ranges for every attribute key of `schema`.
    private static func addFields(of schema: Schema, to parser: QueryParser, exactFields: inout Set<String>) throws(XapianError) {
        try parser.addPrefix(field: "type", termPrefix: IndexTerms.typePrefix, boolean: true)
        try parser.addPrefix(field: "domain", termPrefix: IndexTerms.domainPrefix, boolean: true)
        var seen = Set<String>()
        for type in schema.types {
            for attribute in type.attributes where seen.insert(attribute.key).inserted {
                if attribute.searchable {
                    try parser.addPrefix(field: attribute.key, termPrefix: attribute.fieldSearchable ? IndexTerms.fieldPrefix(attribute.key) : "")
                } else if attribute.kind == .keyword || attribute.kind == .enumValue || attribute.kind == .reference || attribute.kind == .boolean {
                    try parser.addPrefix(field: attribute.key, termPrefix: IndexTerms.valuePrefix(attribute.key), boolean: true)
                    exactFields.insert(attribute.key)
                }
                if attribute.kind.isNumeric, let slot = schema.numericSlot(attribute.key) {
                    try parser.addRange(field: attribute.key, slot: slot, isDate: attribute.kind == .date)
                    exactFields.insert(attribute.key)
                }
            }
        }
    }

    /// `text` with each `field:value` checked against the schema: a field the schema does not have
    /// is an error naming those it has, and a number field given one number (`year:1850`) is read
    /// as the range of that number (`year:1850..1850`), since Xapian's parser takes numbers in
    /// ranges only. Tokens that only look like fields are left: URLs (`http://…`), times (`12:30`).
    ///
    /// - Throws: `SearchlightError.invalidQuery` for an unknown field.
    ///
    /// ```swift
    /// try searcher.checkingFields("year:1850 novel")   // "year:1850..1850 novel"
    /// try searcher.checkingFields("colour:red")        // throws: unknown field 'colour' (fields: …)
    /// ```
    func checkingFields(_ text: String) throws(SearchlightError) -> String {
        guard text.contains(":") else { return text }
        var changed = false
        var tokens: [String] = []
        for token in text.split(separator: " ", omittingEmptySubsequences: false) {
            guard let colon = token.firstIndex(of: ":") else { tokens.append(String(token)); continue }
            let lead = token.prefix { "+-(\"".contains($0) }
            let field = String(token[lead.endIndex..<colon])
            let value = token[token.index(after: colon)...]
            guard Schema.isValidKey(field), let first = value.first, first != "/", first != ":" else {
                tokens.append(String(token))
                continue
            }
            guard fields.contains(field) else {
                throw .invalidQuery("unknown field '\(field)' in the query (fields: \(fields.sorted().joined(separator: ", ")))")
            }
            let number = value.prefix { !")\"".contains($0) }
            if numberFields.contains(field), !number.contains(".."), Double(number) != nil {
                tokens.append(String(token[..<colon]) + ":" + number + ".." + number + value.dropFirst(number.count))
                changed = true
            } else {
                tokens.append(String(token))
            }
        }
        return changed ? tokens.joined(separator: " ") : text
    }

    /// Query text as it is searched in every language: words that are not plain ASCII folded as
    /// indexed text is (case, accents, width; Thai and other scripts without spaces cut into
    /// pairs), while operators, field names and the values of exact fields stay as typed. ASCII is
    /// left to Xapian's parser, which folds its case itself (and leaves capitalised words unstemmed).
    /// CJK runs become the character n-grams their index terms are (`TextAnalyzer.cjkNGrams`), so a
    /// CJK query is plain words: any of them for the any-word tier, all for the all-word tier.
    ///
    /// ```swift
    /// searcher.normalized("Crème brûlée AND name:Café type:Recipe")   // "creme brulee AND name:cafe type:Recipe"
    /// ```
    func normalized(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        let tokens = text.split(separator: " ", omittingEmptySubsequences: false).map { (token: Substring) -> String in
            guard !token.utf8.allSatisfy({ $0 < 0x80 }), !QueryText.operators.contains(String(token)) else { return String(token) }
            if let colon = token.firstIndex(of: ":") {
                let field = token[..<colon].drop { "+-(\"".contains($0) }
                if exactFields.contains(String(field)) { return String(token) }
                return String(token[...colon]) + TextNormalizer.normalized(String(token[token.index(after: colon)...]))
            }
            return TextNormalizer.normalized(String(token))
        }
        return TextAnalyzer.cjkNGrams(TextAnalyzer.segmented(tokens.joined(separator: " ")))
    }

    /// The queries of `text` and its synonym variants, parsed alike and ORed (entities matching
    /// under any of the names), in the languages of `types` (every type when empty): the any-word
    /// query, and with `allWords` the all-word one. With several languages, each one's parse is
    /// restricted to the entities with text in it (`LanguageParser.restriction(to:)`) and the
    /// parses are ORed, on one BM25 scale.
    func parse(_ text: QueryText, allWords: Bool, types: [String]) throws(XapianError) -> (anyWords: Query, allWords: Query?) {
        let searched = languages.filter { $0.covers(types) }
        let chosen = searched.isEmpty ? Array(languages.prefix(1)) : searched
        var any: [Query] = []
        var all: [Query] = []
        for language in chosen {
            var languageAny: [Query] = []
            var languageAll: [Query] = []
            for one in text.searchedTexts {
                let parsed = try parse(one, in: language, allWords: allWords, expansions: text.expansions)
                languageAny.append(parsed.anyWords)
                if let every = parsed.allWords { languageAll.append(every) }
            }
            var anyWords = try Self.either(languageAny)
            var allWordsQuery = allWords ? try Self.either(languageAll) : nil
            if let boost = try typedFormBoost(text, in: language) {
                // Scaled back so that an entity with every word as typed scores as it would without
                // the boost: parses in different languages stay on one scale (only some have typed
                // forms to add), as do the query's words and feedback's terms.
                let scale = 1 / (1 + Ranking.typedFormWeight)
                anyWords = try Query.combine(.andMaybe, [anyWords, boost]).scaled(by: scale)
                allWordsQuery = try allWordsQuery.map { (query: Query) throws(XapianError) in
                    try Query.combine(.andMaybe, [query, boost]).scaled(by: scale)
                }
            }
            if chosen.count > 1 {
                let restriction = try language.restriction(to: types)
                anyWords = try Query.combine(.filter, [anyWords, restriction])
                allWordsQuery = try allWordsQuery.map { (query: Query) throws(XapianError) in try Query.combine(.filter, [query, restriction]) }
            }
            any.append(anyWords)
            if let allWordsQuery { all.append(allWordsQuery) }
        }
        return (try Self.either(any), allWords ? try Self.either(all) : nil)
    }

    /// The query as typed, weighted by `Ranking.typedFormWeight`: the words typed with accents as
    /// their exact forms (`IndexTerms.exactFormPrefix` terms), the capitalised words that `language`
    /// stems all the same (`LanguageParser.stemmedCapitals`) unstemmed, the other words as
    /// `language` parses them; nil for a query with neither. Added to the query as searched
    /// (folded, stemmed), it scores an entity with the spellings typed on both, so that "Müller"
    /// ranks Müller above Muller while "Muller" finds both alike, and a German "Bibliotheken" finds
    /// "Bibliothek" but ranks "Bibliotheken" first. The other words count too, so that each word
    /// keeps its weight relative to the rest: a boost of the typed forms alone would count them
    /// more than the others in every entity that spells them as typed.
    func typedFormBoost(_ text: QueryText, in language: LanguageParser) throws(XapianError) -> Query? {
        let capitals = language.stemmedCapitals(text)
        let typed = (text.exactForms.map { IndexTerms.exactFormPrefix + $0.exact } + capitals.map(language.adjusted))
            .filter { $0.utf8.count <= IndexTerms.maximumTermBytes }
        guard !typed.isEmpty else { return nil }
        var parts = typed.map { Query.term($0) }
        let rest = text.trimmed(without: Set(text.exactForms.map(\.folded) + capitals))
        if rest.contains(where: { $0.isLetter || $0.isNumber }) {
            language.parser.setDefaultOperator(.or)
            parts.append(try language.parser.parse(language.adjusted(rest), flags: []))
        }
        return try Query.combine(.or, parts).scaled(by: Ranking.typedFormWeight)
    }

    /// One query, or several ORed.
    private static func either(_ queries: [Query]) throws(XapianError) -> Query {
        queries.count == 1 ? queries[0] : try Query.combine(.or, queries)
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
    func parse(_ text: QueryText, in language: LanguageParser, allWords: Bool,
               expansions: [String: [String]]) throws(XapianError) -> (anyWords: Query, allWords: Query?) {
        let parser = language.parser
        parser.setDefaultOperator(.or)
        if text.partial, let (head, last) = text.plainWords {
            var alternatives = [try parser.parse(language.adjusted(last), flags: [])]
            if last.count <= IndexTerms.maximumPrefixLength { alternatives.append(Query.term(IndexTerms.titlePrefixPrefix + last)) }
            if let words = expansions[last], !words.isEmpty {
                alternatives.append(try Query.combine(.synonym, words.map { Query.term($0) }))
            }
            let typed = try Query.combine(.or, alternatives)
            guard !head.isEmpty else { return (typed, allWords ? typed : nil) }
            let words = try parser.parse(language.adjusted(head), flags: [])
            return (try Query.combine(.or, [words, typed]),
                    allWords ? try Query.combine(.and, [try words.regrouped(from: .or, to: .and), typed]) : nil)
        }
        let adjusted = language.adjusted(text.trimmed)
        let any = try parse(adjusted, with: parser, flags: text.partial ? [.partial] : [])
        guard allWords else { return (any, nil) }
        if text.plainWords != nil { return (any, try any.regrouped(from: .or, to: .and)) }
        parser.setDefaultOperator(.and)
        return (any, try parse(adjusted, with: parser, flags: text.partial ? [.partial] : []))
    }

    /// `text` parsed with the query syntax and `extra` flags, or as plain words if it is not valid syntax.
    private func parse(_ text: String, with parser: QueryParser, flags extra: QueryParser.Flags) throws(XapianError) -> Query {
        do {
            return try parser.parse(text, flags: extra.union([.boolean, .phrase, .loveHate, .pureNot]))
        } catch where error.kind == .queryParser {
            return try parser.parse(text, flags: extra)
        }
    }
}
