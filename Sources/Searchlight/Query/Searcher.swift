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
        /// The language's function words as written (`Language.functionWords`).
        let functionWords: Set<String>

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

        /// The capitalised words of `text` whose typed form `Searcher.typedFormBoost` ranks first,
        /// less stopwords: in a language that capitalises its nouns (`Language.capitalisesNouns`);
        /// none in others. Every language stems capitalised words all the same (`adjusted`
        /// lower-cases them): Xapian's query parser would leave them unstemmed, taking them for
        /// names, but a capital begins a sentence or a title word as often, and names inflect too
        /// (Turkish "Atatürk'ün", Romanian "Napoleonului", English "Normans").
        func stemmedCapitals(_ text: QueryText) -> [String] {
            guard analyzer.language.capitalisesNouns else { return [] }
            return text.capitalisedWords.filter { !analyzer.stopwords.contains(adjusted($0)) }
        }

        /// The terms of `text`'s acronyms (`QueryText.acronyms`) that this language's stopwords
        /// would drop, which the parser leaves out: stemmed as the parser stems words. "LOR" (lunar
        /// orbit rendezvous) in a Romanian question is no "lor" (their), nor "IT" an English "it".
        func acronymTerms(_ text: QueryText) throws(XapianError) -> [String] {
            try text.acronyms.filter(analyzer.stopwords.contains).map { (word) throws(XapianError) in
                try stemmer.map { (stemmer) throws(XapianError) in IndexTerms.stemPrefix + (try stemmer.stem(word)) } ?? word
            }
        }

        /// The terms of each word a corrected `text` spells otherwise (`QueryText.otherSpellings`),
        /// as written and stemmed in this language, each mapped to one term (Xapian's `SYNONYM`)
        /// with the same terms of its other spellings: weighed as one word, matched by any of them.
        /// A term another word of the text also has is left alone ("warnngs warning": the stem of
        /// "warning" stays its own). The stem of a word typed with marks is also its stem as written
        /// (`TextAnalyzer.writtenStems`: "navegação" matches the "naveg" of "navegações"). A
        /// word's stem is also its agent noun's or verb's (`QueryText.agentStems`) and, with
        /// `relatingForms`, its other forms' (`QueryText.formStems`: "ciudad" and "ciudades",
        /// "colour" and "color").
        func otherSpellings(_ text: QueryText, relatingForms: Bool) throws(XapianError) -> [String: Query] {
            let alternatives = text.alternatives
            var replacements: [String: [String]] = [:]
            // A word typed with marks is also its stem as written (`TextAnalyzer.writtenStems`).
            if analyzer.language.stemsWrittenForms, let stemmer, !text.exactForms.isEmpty {
                for stems in try TextAnalyzer.writtenStems(of: text.exactForms, stemmer: stemmer) {
                    replacements[IndexTerms.stemPrefix + stems.folded] = [stems.folded, stems.written].map { IndexTerms.stemPrefix + $0 }
                }
            }
            if !alternatives.isEmpty {
                func terms(_ words: [String]) throws(XapianError) -> [[String]] {
                    guard let stemmer else { return [words] }
                    return [words, try words.map { (word) throws(XapianError) in IndexTerms.stemPrefix + (try stemmer.stem(word)) }]
                }
                let others = Set(try terms(text.words.filter { alternatives[$0] == nil }).joined())
                for (word, spellings) in alternatives.sorted(by: { $0.key < $1.key }) {
                    for forms in try terms([word] + spellings) where !others.contains(forms[0]) && replacements[forms[0]] == nil {
                        var distinct: [String] = []
                        for term in forms where !distinct.contains(term) { distinct.append(term) }
                        if distinct.count > 1 { replacements[distinct[0]] = distinct }
                    }
                }
            }
            // A word's stem is also its agent noun's or verb's (`QueryText.agentStems`), and with
            // `relatingForms` its other forms' (`QueryText.formStems`: numbers, spellings).
            var related = analyzer.language.relatesAgentNouns ? text.agentStems : [:]
            if relatingForms, let forms = text.formStems[analyzer.language.code] {
                related.merge(forms) { agents, forms in agents + forms.filter { !agents.contains($0) } }
            }
            for (stem, others) in related {
                let term = IndexTerms.stemPrefix + stem
                for other in others.map({ IndexTerms.stemPrefix + $0 }) where replacements[term]?.contains(other) != true {
                    replacements[term, default: [term]].append(other)
                }
            }
            var queries: [String: Query] = [:]
            for (term, terms) in replacements { queries[term] = try Searcher.synonym(of: terms) }
            return queries
        }

        /// Fields whose values are exact terms or ranges, which `adjusted` leaves as typed.
        let exactFields: Set<String>

        /// Normalised query text as this language analyses its own: Chinese in simplified characters,
        /// its elided articles dropped,
        /// German umlauts written as two letters collapsed (as `TextAnalyzer.prepare` does to the
        /// text), and capitalised words lower-cased (but operators), so that the parser stems them
        /// rather than take them for names (`stemmedCapitals`); field names and exact values stay as
        /// typed (`vergriffen:true` is no `vergriffen:tru`).
        ///
        /// With `splittingJoinedWords`, words joined by hyphens are searched as the words they are
        /// ("NTL-Dienste" as "NTL Dienste"), each stemmed: Xapian's parser would make them a phrase
        /// of unstemmed words, found only where they stand together so inflected ("NTL-Dienstes" or
        /// "der NTL Dienst" find nothing). The typed-form boost keeps the phrase
        /// (`Searcher.typedFormBoost`), so the words written together still rank first.
        func adjusted(_ text: String, splittingJoinedWords: Bool = true) -> String {
            let language = analyzer.language
            let lowersCapitals = text.utf8.contains { $0 >= 0x41 && $0 <= 0x5A }
            let splits = splittingJoinedWords && text.utf8.contains(UInt8(ascii: "-"))
            let simplifies = language.writesChinese && !text.utf8.allSatisfy { $0 < 0x80 }
            guard language.germanUmlautAlternates || !language.elisions.isEmpty || language.suffixesAfterApostrophe
                    || language.contractedArticle != nil || lowersCapitals || splits || simplifies else { return text }
            return Searcher.mappingWords(text, exactFields: exactFields) { word in
                var kept = TextAnalyzer.expandingContractedArticle(TextAnalyzer.splittingElisions(word, language: language), language: language)
                if splits { kept = Searcher.splittingJoinedWords(kept) }
                if lowersCapitals, !QueryText.operators.contains(kept) { kept = kept.lowercased() }
                if simplifies { kept = TextNormalizer.simplifyingChinese(kept) }
                return language.germanUmlautAlternates ? TextNormalizer.collapsingUmlautSpellings(kept) : kept
            }
        }
    }

    /// The stemmers of the languages `types` (every type when empty) are searched in, each with
    /// the entities of its language when the index has several (`StemmerScope`).
    ///
    /// - Throws: `XapianError` when a restriction cannot be built.
    func stemmerScopes(types: [String]) throws(XapianError) -> [StemmerScope] {
        var scopes: [StemmerScope] = []
        for language in languages where language.covers(types) {
            guard let stemmer = language.stemmer else { continue }
            scopes.append(StemmerScope(stemmer: stemmer, entities: languages.count > 1 ? try language.restriction(to: types) : nil))
        }
        return scopes
    }

    /// The parsers, the language of most types first.
    let languages: [LanguageParser]
    /// The stemmer when every type's text is stemmed with it: then a typed word's stemmed term
    /// matches every word sharing its stem, and its expansions can leave those out.
    let expansionStemmer: Stemmer?
    /// Every language's stopwords.
    let stopwords: Set<String>
    /// What `key:value` means for each field, and the values of which fields are exact (not folded).
    let fields: FieldQueries
    /// Fields whose values Xapian reads as exact terms or ranges: their values are not folded.
    let exactFields: Set<String>
    /// Fields whose values are words: a value of n-grams (CJK, Thai) gives each gram the field.
    let wordFields: Set<String>
    let synonyms: SynonymTable
    /// How many terms a partially typed last word may expand to.
    static let partialExpansionLimit: UInt32 = 20
    /// The fewest letters of a partially typed last word after other words that expand to the
    /// words it begins (alone, it needs more than `ShortPrefixTables.longestEntityPrefix`): the
    /// words before it narrow the matches, and a describing word is often looked for after three
    /// letters ("vlc med", "gimp ima": media, image).
    static let shortestExpansionAfterWords = 3

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
        let fields = FieldQueries(schema: schema)
        var parsers: [LanguageParser] = []
        for (language, types, entityTypes) in grouped {
            let analyzer = TextAnalyzer(language: language)
            let parser = QueryParser()
            let stemmer = try analyzer.makeStemmer()
            if let stemmer { try parser.setStemmer(stemmer, strategy: .some) }
            if !analyzer.stopwords.isEmpty { parser.setStopwords(analyzer.stopwords.sorted()) }
            if let database { parser.setDatabase(database) }
            parser.setMaxExpansion(Self.partialExpansionLimit)
            try Self.addFields(of: schema, fields: fields, to: parser)
            parsers.append(LanguageParser(analyzer: analyzer, parser: parser,
                                          stemmer: stemmer, types: types, entityTypes: entityTypes,
                                          functionWords: language.functionWords, exactFields: fields.exactFields))
        }
        languages = parsers
        self.fields = fields
        exactFields = fields.exactFields
        wordFields = fields.wordFields
        stopwords = parsers.reduce(into: Set<String>()) { $0.formUnion($1.analyzer.stopwords) }
        expansionStemmer = parsers.count == 1 ? parsers[0].stemmer : nil
    }

    /// Field prefixes, boolean filters and ranges for every attribute key of `schema`, as `fields` reads each.
    private static func addFields(of schema: Schema, fields: FieldQueries, to parser: QueryParser) throws(XapianError) {
        try parser.addPrefix(field: "type", termPrefix: IndexTerms.typePrefix, boolean: true)
        try parser.addPrefix(field: "domain", termPrefix: IndexTerms.domainPrefix, boolean: true)
        var seen = Set<String>()
        for type in schema.types {
            for attribute in type.attributes where seen.insert(attribute.key).inserted {
                switch fields.readings[attribute.key] {
                case .words?:
                    try parser.addPrefix(field: attribute.key, termPrefix: IndexTerms.fieldPrefix(attribute.key))
                case .exactValue?, .boolean?, .enumCase?:
                    try parser.addPrefix(field: attribute.key, termPrefix: IndexTerms.valuePrefix(attribute.key), boolean: true)
                case .number?, .date?, .unsearchable?, nil:
                    break
                }
                if attribute.kind.isNumeric, let slot = schema.numericSlot(attribute.key) {
                    try parser.addRange(field: attribute.key, slot: slot, isDate: attribute.kind == .date)
                }
            }
        }
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
        let text = Self.pairingQuotes(text)
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        let folded = Self.mappingWords(text, exactFields: exactFields) { word in
            word.utf8.allSatisfy({ $0 < 0x80 }) ? word : TextNormalizer.normalized(word)
        }
        return TextAnalyzer.cjkNGrams(TextAnalyzer.segmented(TextAnalyzer.droppingQuestionWords(folded), fields: wordFields), fields: wordFields)
    }

    /// The marks the parser reads as quotes (`„` as well, which opens a German or Romanian quotation).
    static let quotes: Set<Unicode.Scalar> = ["\"", "\u{201C}", "\u{201D}", "\u{201E}"]

    /// `text` with its quote marks taken out, when it has some and no field (`field:value`) a
    /// quote could belong to: what a search of phrases that nothing matches searches instead
    /// (`EntityIndex.search`); nil otherwise.
    ///
    /// ```swift
    /// Searcher.unquoted("¿Qué es un \"primo gemelo\"?")   // "¿Qué es un primo gemelo?"
    /// Searcher.unquoted("title:\"half dome\"")          // nil
    /// ```
    static func unquoted(_ text: String) -> String? {
        guard text.unicodeScalars.contains(where: quotes.contains), !text.contains(":") else { return nil }
        // A quote between two word characters parts them; elsewhere it goes.
        let scalars = Array(text.unicodeScalars)
        var kept = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            guard quotes.contains(scalar) else {
                kept.append(scalar)
                continue
            }
            if index > 0, index + 1 < scalars.count, TextNormalizer.isWordCharacter(scalars[index - 1]),
               TextNormalizer.isWordCharacter(scalars[index + 1]) { kept.append(" ") }
        }
        let unquoted = String(kept)
        return unquoted.contains(where: { $0.isLetter || $0.isNumber }) ? unquoted : nil
    }

    /// Quote marks as Xapian's parser should read them. `„`, which opens a quotation in German,
    /// Romanian, Polish and more (closed by `“` or `”`, which the parser takes for quotes), is a
    /// quote too; a quote left without its pair (pasted text, a quotation still being typed) is
    /// dropped, since the parser would read everything after it as one phrase, found only where
    /// those words stand in that order (a Romanian question pasted with a stray `”` in front found
    /// nothing). When quotes are unpaired, the last is the one dropped; text with no word besides
    /// its quotes stays as it is (dropping one would leave an empty query, which lists everything).
    ///
    /// ```swift
    /// Searcher.pairingQuotes("die „Blechtrommel“ von Grass")   // "die \"Blechtrommel“ von Grass"
    /// Searcher.pairingQuotes("”Care sunt cele două organe?")   // "Care sunt cele două organe?"
    /// ```
    static func pairingQuotes(_ text: String) -> String {
        let count = text.unicodeScalars.reduce(0) { $0 + (quotes.contains($1) ? 1 : 0) }
        guard count > 0 else { return text }
        var paired = String.UnicodeScalarView()
        var seen = 0
        for scalar in text.unicodeScalars {
            guard quotes.contains(scalar) else {
                paired.append(scalar)
                continue
            }
            seen += 1
            if count % 2 == 1, seen == count { continue }
            paired.append(scalar == "\u{201E}" ? "\"" : scalar)
        }
        guard paired.contains(where: TextNormalizer.isWordCharacter) else { return text }
        return String(paired)
    }

    /// `text` with each hyphen that joins two word characters replaced by a space; a hyphen before
    /// a word (Xapian's "not") stays.
    ///
    /// ```swift
    /// Searcher.splittingJoinedWords("AFC-Championship-Spiels -draft")   // "AFC Championship Spiels -draft"
    /// ```
    static func splittingJoinedWords(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        for index in scalars.indices.dropFirst().dropLast() where scalars[index] == "-"
            && TextNormalizer.isWordCharacter(scalars[index - 1]) && TextNormalizer.isWordCharacter(scalars[index + 1]) {
            scalars[index] = " "
        }
        var split = String.UnicodeScalarView()
        split.append(contentsOf: scalars)
        return String(split)
    }

    /// Whether `text` has words joined by a hyphen (which `LanguageParser.adjusted` splits).
    static func joinsWords(_ text: String) -> Bool {
        text.utf8.contains(UInt8(ascii: "-")) && splittingJoinedWords(text) != text
    }

    /// `text` with `transform` applied to each space-separated token, or to the value alone of a
    /// `field:value` token (the field name kept), leaving the values of `exactFields` as typed.
    ///
    /// ```swift
    /// Searcher.mappingWords("Über name:Über tag:Über", exactFields: ["tag"]) { $0.lowercased() }   // "über name:über tag:Über"
    /// ```
    static func mappingWords(_ text: String, exactFields: Set<String>, _ transform: (String) -> String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { (token: Substring) -> String in
            guard let colon = token.firstIndex(of: ":") else { return transform(String(token)) }
            let field = token[..<colon].drop { "+-(\"".contains($0) }
            if exactFields.contains(String(field)) { return String(token) }
            return String(token[...colon]) + transform(String(token[token.index(after: colon)...]))
        }.joined(separator: " ")
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
        let weights = chosen.count > 1 ? Self.languageWeights(of: text, in: chosen) : nil
        for (position, language) in chosen.enumerated() {
            var languageAny: [Query] = []
            var languageAll: [Query] = []
            // Other forms only where the query reads as this language: Spanish and Portuguese
            // share words, and one's plural would lift the other's entities.
            let spellings = try language.otherSpellings(text, relatingForms: weights.map { $0[position] == 1 } ?? true)
            for one in text.searchedTexts {
                let parsed = try parse(one, in: language, allWords: allWords, expansions: text.expansions)
                languageAny.append(try parsed.anyWords.replacingTerms(spellings))
                if let every = parsed.allWords { languageAll.append(try every.replacingTerms(spellings)) }
            }
            var anyWords = try Self.weighingGrams(Self.either(languageAny), of: text)
            var allWordsQuery = allWords ? try Self.weighingGrams(Self.either(languageAll), of: text) : nil
            var alternatives: [Query] = []
            if language.analyzer.language.joinsCompounds, !text.compounds.isEmpty {
                alternatives.append(try Self.synonym(of: text.compounds).scaled(by: Ranking.compoundWeight))
            }
            // Pairs only where the query reads as this language: an English query's "super bowl"
            // is no Vietnamese word, and would lift the Vietnamese passages naming it.
            if weights.map({ $0[position] == 1 }) ?? true, let pairs = try syllablePairs(text, in: language) {
                alternatives.append(pairs)
            }
            for alternative in alternatives {
                // Another way to match the words: any of them for the any-word tier, never required by the all-word one.
                anyWords = try Query.combine(.or, [anyWords, alternative])
                allWordsQuery = try allWordsQuery.map { (query: Query) throws(XapianError) in try Query.combine(.andMaybe, [query, alternative]) }
            }
            // Trigrams only where the query reads as this language and no other: they add to the
            // scores of the languages that match them, which one scale would not bear ("Victoria"
            // alone would rank a German entity with the name above an English one with it twice).
            if weights.map({ $0[position] == 1 && $0.count(where: { $0 == 1 }) == 1 }) ?? true,
               let trigrams = try trigrams(text, in: language) {
                // Ranks the entities the words match, never matches one alone: a trigram is in
                // thousands of words.
                anyWords = try Query.combine(.andMaybe, [anyWords, trigrams])
                allWordsQuery = try allWordsQuery.map { (query: Query) throws(XapianError) in try Query.combine(.andMaybe, [query, trigrams]) }
            }
            if let boost = try typedFormBoost(text, in: language)?.replacingTerms(spellings) {
                // Scaled back so that an entity with every word as typed scores as it would without
                // the boost: parses in different languages stay on one scale (only some have typed
                // forms to add), as do the query's words and feedback's terms.
                let scale = 1 / (1 + Ranking.typedFormWeight)
                anyWords = try Query.combine(.andMaybe, [anyWords, boost]).scaled(by: scale)
                allWordsQuery = try allWordsQuery.map { (query: Query) throws(XapianError) in
                    try Query.combine(.andMaybe, [query, boost]).scaled(by: scale)
                }
            }
            if let weights {
                if weights[position] < 1 {
                    anyWords = try anyWords.scaled(by: weights[position])
                    allWordsQuery = try allWordsQuery?.scaled(by: weights[position])
                }
                let restriction = try language.restriction(to: types)
                anyWords = try Query.combine(.filter, [anyWords, restriction])
                allWordsQuery = try allWordsQuery.map { (query: Query) throws(XapianError) in try Query.combine(.filter, [query, restriction]) }
            }
            any.append(anyWords)
            if let allWordsQuery { all.append(allWordsQuery) }
        }
        return (try Self.either(any), allWords ? try Self.either(all) : nil)
    }

    /// The pairs of neighbouring syllables `text` was typed with (`TextAnalyzer.syllablePairs`),
    /// in a language that indexes them (`Language.pairsSyllables`), any of them: an entity with
    /// the syllables side by side ranks above one with them apart. Not required by the all-word
    /// tier; nil when there are none, the last word is still being typed, or the text names a field (`QueryText.namesField`).
    func syllablePairs(_ text: QueryText, in language: LanguageParser) throws(XapianError) -> Query? {
        guard language.analyzer.language.pairsSyllables, !text.partial, !text.namesField else { return nil }
        let pairs = TextAnalyzer.syllablePairs(text.typed, language: language.analyzer.language)
        guard !pairs.isEmpty else { return nil }
        return try Query.combine(.or, pairs.map { Query.term(IndexTerms.syllablePairPrefix + $0) })
    }

    /// The letter trigrams of `text`'s words (`QueryText.trigrams`), any of them, each weighted
    /// `Ranking.trigramWeight`, in a language that indexes them (`Language.matchesTrigrams`): an
    /// entity with another form of a word ("Москвы" for "московский", "الكومبيوتر" for
    /// "الكمبيوتر") ranks above one without it. nil when there are none.
    func trigrams(_ text: QueryText, in language: LanguageParser) throws(XapianError) -> Query? {
        guard language.analyzer.language.matchesTrigrams, !text.trigrams.isEmpty else { return nil }
        return try Query.combine(.or, text.trigrams.map { Query.term(IndexTerms.trigramPrefix + $0) }).scaled(by: Ranking.trigramWeight)
    }

    /// `query` with the n-grams that `text`'s words in scripts written without spaces are searched
    /// by (Chinese, Japanese, Thai, Lao, Khmer, Myanmar: `TextAnalyzer.isUnspaced`), stemmed or not,
    /// weighted `Ranking.unspacedGramWeight`.
    static func weighingGrams(_ query: Query, of text: QueryText) throws(XapianError) -> Query {
        guard text.trimmed.utf8.contains(where: { $0 >= 0xE0 }) else { return query }
        let grams = text.trimmed.split(whereSeparator: \.isWhitespace)
            .filter { $0.unicodeScalars.contains(where: TextAnalyzer.isUnspaced) }
            .flatMap { [String($0), IndexTerms.stemPrefix + $0] }
        return try query.scalingTerms(grams, by: Ranking.unspacedGramWeight)
    }

    /// The weight of each of `languages`' parses of `text`: 1 for the languages whose function words
    /// (`Language.functionWords`) and runs of letters in their own script (`Language.scriptRuns`)
    /// the text uses most, as typed, and `Ranking.otherLanguageWeight`
    /// for the others (`Ranking.otherScriptWeight` when one language alone uses most and its
    /// script is among them); 1 for all when it uses none. A German question ranks German entities
    /// above English ones that share its names, and still finds those.
    static func languageWeights(of text: QueryText, in languages: [LanguageParser]) -> [Double] {
        let words = text.typed.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        let runs = languages.map { $0.analyzer.language.scriptRuns(in: text.typed) }
        let hits = languages.indices.map { words.count(where: languages[$0].functionWords.contains) + runs[$0] }
        guard let most = hits.max(), most > 0 else { return hits.map { _ in 1 } }
        let first = hits.indices.filter { hits[$0] == most }
        let others = first.count == 1 && runs[first[0]] > 0 ? Ranking.otherScriptWeight : Ranking.otherLanguageWeight
        return hits.map { $0 == most ? 1 : others }
    }

    /// The query as typed, weighted by `Ranking.typedFormWeight`: the words typed with accents as
    /// their exact forms (`IndexTerms.exactFormPrefix` terms), the capitalised words
    /// (`LanguageParser.stemmedCapitals`) unstemmed, the other words as `language` parses them, those
    /// joined by hyphens as the phrase the parser makes of them; nil for a query with none of
    /// these (accents, capitals, joined words). Added to the query as searched
    /// (folded, stemmed), it scores an entity with the spellings typed on both, so that "Müller"
    /// ranks Müller above Muller while "Muller" finds both alike, and a German "Bibliotheken" finds
    /// "Bibliothek" but ranks "Bibliotheken" first. The other words count too, so that each word
    /// keeps its weight relative to the rest: a boost of the typed forms alone would count them
    /// more than the others in every entity that spells them as typed.
    func typedFormBoost(_ text: QueryText, in language: LanguageParser) throws(XapianError) -> Query? {
        let capitals = language.stemmedCapitals(text)
        let typed = (text.exactForms.map { IndexTerms.exactFormPrefix + $0.exact } + capitals.map { language.adjusted($0) })
            .filter { $0.utf8.count <= IndexTerms.maximumTermBytes }
        // Words joined by hyphens keep their phrase, but for a word still being typed.
        guard !typed.isEmpty || (Self.joinsWords(text.trimmed) && !text.partial) else { return nil }
        var parts = typed.map { Query.term($0) }
        let rest = text.trimmed(without: Set(text.exactForms.map(\.folded) + capitals))
        if rest.contains(where: { $0.isLetter || $0.isNumber }) {
            language.parser.setDefaultOperator(.or)
            // Words joined by hyphens stay joined: the phrase they make ranks them written together first.
            parts.append(try Self.weighingGrams(language.parser.parse(language.adjusted(rest, splittingJoinedWords: false), flags: []), of: text))
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
    /// begins (the `XP` terms, up to five letters: one posting list), and from four letters on (three
    /// after other words, `shortestExpansionAfterWords`) also the most frequent words it begins
    /// anywhere, weighed with the whole word as one (a `SYNONYM`: an entity with "tmux" and
    /// "tmuxinator" counts the typed word once), less those its stem already matches (`expansions`, by prefix: looked up once per
    /// search by `QueryText.lookUp`, rather than by a Xapian wildcard, which would scan the terms
    /// again for every query the search runs). One to three letters alone begin thousands of
    /// words, so those stay with titles, where a person typing that little is looking.
    func parse(_ text: QueryText, in language: LanguageParser, allWords: Bool,
               expansions: [String: [String]]) throws(XapianError) -> (anyWords: Query, allWords: Query?) {
        let parser = language.parser
        parser.setDefaultOperator(.or)
        if text.partial, let (head, last) = text.plainWords {
            // The word as typed and the words it begins are one word being typed: one SYNONYM,
            // weighed once, so a completion ("tmuxinator", a rarer word) does not outweigh the
            // word itself ("tmux") in the entities that have both.
            var word = try parser.parse(language.adjusted(last), flags: [])
            if let words = expansions[last], !words.isEmpty {
                word = try Query.combine(.synonym, [word, try Self.synonym(of: words)])
            }
            var alternatives = [word]
            if IndexTerms.prefixLength(last) <= IndexTerms.maximumPrefixLength { alternatives.append(Query.term(IndexTerms.titlePrefixPrefix + last)) }
            let typed = try Query.combine(.or, alternatives)
            guard !head.isEmpty else { return (typed, allWords ? typed : nil) }
            let words = try parser.parse(language.adjusted(head), flags: [])
            return (try Query.combine(.or, [words, typed]),
                    allWords ? try Query.combine(.and, [try words.regrouped(from: .or, to: .and), typed]) : nil)
        }
        let adjusted = language.adjusted(text.trimmed)
        let parsed = try parse(adjusted, with: parser, flags: text.partial ? [.partial] : [])
        let acronyms = try language.acronymTerms(text).map { Query.term($0) }
        let any = acronyms.isEmpty ? parsed : try Query.combine(.or, [parsed] + acronyms)
        guard allWords else { return (any, nil) }
        let all: Query
        if text.plainWords != nil {
            all = try parsed.regrouped(from: .or, to: .and)
        } else {
            parser.setDefaultOperator(.and)
            all = try parse(adjusted, with: parser, flags: text.partial ? [.partial] : [])
        }
        return (any, acronyms.isEmpty ? all : try Query.combine(.and, [all] + acronyms))
    }

    /// The SYNONYM of `words` (weighed as one word that any of them spells), with a frequency
    /// that is the same on one database and on any shards of it. Xapian estimates a SYNONYM's
    /// frequency over an OR tree, rounding at every node, and would shape that tree by each
    /// shard's own frequencies, so a score could differ from one database's in its fourth digit.
    /// Here the tree is fixed: halves of halves, each OR behind a weight scale of 1, which Xapian
    /// keeps as a node of its own rather than merging into the OR above.
    ///
    /// ```swift
    /// let typed = try Searcher.synonym(of: ["configuration", "config", "configure"])
    /// // configuration SYNONYM 1 * (config OR configure)
    /// ```
    static func synonym(of words: [String]) throws(XapianError) -> Query {
        func halves(_ words: ArraySlice<String>) throws(XapianError) -> [Query] {
            guard words.count > 1 else { return words.map { Query.term($0) } }
            let middle = words.startIndex + words.count / 2
            return try [words[..<middle], words[middle...]].map { (half) throws(XapianError) in
                half.count == 1 ? Query.term(half.first!) : try Query.combine(.or, halves(half)).scaled(by: 1)
            }
        }
        return try Query.combine(.synonym, halves(words[...]))
    }

    /// `text` parsed with the query syntax and `extra` flags, or as plain words if it is not valid syntax.
    private func parse(_ text: String, with parser: QueryParser, flags extra: QueryParser.Flags) throws(XapianError) -> Query {
        do {
            // Xapian reads words that are all excluded ("-granite", "-title:rock") as wanted ones;
            // they mean every entity but those, as NOT says.
            return try parser.parse(Self.negatedAlone(text) ?? text, flags: extra.union([.boolean, .phrase, .loveHate, .pureNot]))
        } catch where error.kind == .queryParser {
            return try parser.parse(text, flags: extra)
        }
    }

    /// `text` written with NOT when each of its words and quoted phrases is excluded by a leading
    /// "-"; nil otherwise.
    ///
    /// ```swift
    /// Searcher.negatedAlone("-granite -\"half dome\"")  // "NOT granite NOT \"half dome\""
    /// ```
    static func negatedAlone(_ text: String) -> String? {
        // Whitespace-separated parts, a quoted phrase one part with its spaces.
        var parts: [String] = [], part = "", quoted = false
        for character in text {
            if character == "\"" { quoted.toggle() }
            if character.isWhitespace, !quoted {
                if !part.isEmpty { parts.append(part) }
                part = ""
            } else {
                part.append(character)
            }
        }
        if !part.isEmpty { parts.append(part) }
        guard !parts.isEmpty, parts.allSatisfy({ $0.first == "-" && $0.dropFirst().first.map { $0.isLetter || $0.isNumber || $0 == "\"" } == true })
        else { return nil }
        return parts.map { "NOT " + $0.dropFirst() }.joined(separator: " ")
    }
}
