import XapianIndex

/// Turns entities into Xapian documents: the unique key, type and domain terms, the words of
/// searchable attributes (weighted, with and without field prefixes, each in its language),
/// exact-value terms, language terms, value slots for numbers, dates and sort keys, and the entity
/// itself as the document data.
final class DocumentBuilder {
    /// The analyser and term generator of each language, by its tag.
    private var analyses: [String: (analyzer: TextAnalyzer, generator: TermGenerator)] = [:]
    /// The Snowball stemmers of the languages indexed, by name (`snowball(for:)`).
    private var snowballs: [String: Stemmer] = [:]
    /// The languages whose generator writes into the current document.
    private var started: Set<Language> = []
    /// The document being built; each entity gets a new one, which the caller may keep.
    private var document = Document()
    private let encoder = StoredData.Encoder()

    /// How term frequencies are normalised by length (nil until the index has entities with
    /// words: until then a document is taken to be of average length).
    var normalization: LengthNormalization?

    /// The dictionary entity data is compressed with (nil until the index has one).
    var dictionary: StoredData.Dictionary? {
        get { encoder.dictionary }
        set { encoder.dictionary = newValue }
    }

    /// The languages of the documents built since the caller last emptied it, of types with a
    /// `languageAttribute`; stored with them (`IndexMetadata.languages`).
    var languages = EntityLanguages()

    /// Builds the document for `entity`, which must already be valid for `type`.
    func document(for entity: Entity, type: EntityType, schema: Schema) throws(XapianError) -> Document {
        document = Document()
        started.removeAll(keepingCapacity: true)

        document.setData(encoder.pack(Array(entity.jsonValue.jsonText.utf8)))
        document.addBooleanTerm(IndexTerms.unique(type: entity.type, id: entity.id))
        document.addBooleanTerm(IndexTerms.type(entity.type))
        document.addValue(Array(entity.type.utf8), slot: IndexFormat.Slot.type)
        if let domain = entity.domain { addBooleanTerm(IndexTerms.domain(domain)) }
        if let expiration = entity.expirationDate {
            document.addValue(Sortable.serialise(expiration.timeIntervalSince1970), slot: IndexFormat.Slot.expiration)
        }
        if let hintKey = type.rankingHint, let hint = entity.attributes[hintKey]?.firstElement?.doubleValue {
            document.addValue(Sortable.serialise(Ranking.hintScale(hint)), slot: IndexFormat.Slot.rankingHint)
        }

        let lengths = LengthNormalization.lengths(of: entity, type: type)
        let (length, titleLength, fieldLengths) = (lengths.total, lengths.title, lengths.fields)
        let normalization = self.normalization ?? LengthNormalization(averageLength: length, averageTitleLength: titleLength,
                                                                      averageFieldLengths: fieldLengths)
        if let titleKey = type.display.title, let title = entity.attributes[titleKey] {
            let text = title.elements.map(\.text).joined(separator: " ")
            // The whole title weighs as a title word does: by the title's length, not its entity's,
            // so a long description does not lower the boost of a name typed whole.
            let wholeTitleWdf = titleLength.map { normalization.titleWdf(weight: 1, titleLength: $0, length: length) }
                ?? normalization.wdf(weight: 1, length: length)
            addCompletionTerms(text, wholeTitleWdf: wholeTitleWdf)
            let titleLanguage = type.attribute(titleKey).map { type.language(of: $0, entityLanguage: type.ownLanguage(of: entity)) }
            addWrittenForms(of: titleLanguage?.writesDotlessI == true ? TextNormalizer.lowercasingDotlessI(text) : text,
                            collapsingUmlauts: titleLanguage?.germanUmlautAlternates ?? false)
            addNameTerms(title: text, entity: entity, type: type)
        }

        let entityLanguage = type.ownLanguage(of: entity)
        for (key, value) in entity.attributes {
            guard let attribute = type.attribute(key) else { continue }
            let elements = value.elements
            for element in elements {
                if attribute.searchable, let text = searchableText(element, attribute: attribute, schema: schema) {
                    let (analyzer, generator) = try analysis(for: type.language(of: attribute, entityLanguage: entityLanguage))
                    let words = analyzer.prepare(text)
                    let weight = if key == type.display.title, let titleLength {
                        normalization.titleWdf(weight: attribute.weight, titleLength: titleLength, length: length)
                    } else {
                        normalization.fieldWdf(weight: attribute.weight, key: key, fieldLength: fieldLengths[key] ?? 0, length: length)
                    }
                    if attribute.searchableByDefault {
                        try generator.indexText(words, weight: weight)
                        let forms = TextAnalyzer.exactForms(text).filter { !analyzer.stopwords.contains($0.folded) }
                        for form in forms { addTerm(IndexTerms.exactFormPrefix + form.exact, wdf: weight) }
                        if let snowball = try snowball(for: analyzer) {
                            for stems in try TextAnalyzer.writtenStems(of: forms, stemmer: snowball) {
                                addTerm(IndexTerms.stemPrefix + stems.written, wdf: weight)
                            }
                        }
                        if analyzer.language.matchesTrigrams {
                            for trigram in TextAnalyzer.letterTrigrams(text, stopwords: analyzer.stopwords) {
                                addTerm(IndexTerms.trigramPrefix + trigram, wdf: weight)
                            }
                        }
                        if analyzer.language.pairsSyllables {
                            for pair in TextAnalyzer.syllablePairs(text, language: analyzer.language) {
                                addTerm(IndexTerms.syllablePairPrefix + pair, wdf: weight)
                            }
                        }
                    }
                    if attribute.fieldSearchable {
                        try generator.indexText(words, weight: weight, prefix: IndexTerms.fieldPrefix(key), positions: false)
                    }
                    generator.increaseTermPosition()
                }
                switch attribute.kind {
                case .keyword, .enumValue, .reference, .boolean:
                    addBooleanTerm(IndexTerms.value(key, element.text))
                default:
                    break
                }
            }
            guard let first = elements.first else { continue }
            if let slot = schema.numericSlot(key), let number = Self.number(first, kind: attribute.kind) {
                document.addValue(Sortable.serialise(number), slot: slot)
            }
            if let slot = schema.stringSlot(key) {
                document.addValue(Array(SortKeys.key(first.text, language: type.language(of: attribute, entityLanguage: entityLanguage)).utf8), slot: slot)
            }
            if let slot = schema.facetSlot(key) {
                document.addValue(Array(elements.map(\.text).joined(separator: "\u{1F}").utf8), slot: slot)
            }
        }
        if type.languageAttribute != nil {
            for language in started {
                document.addBooleanTerm(IndexTerms.language(language))
                languages.insert(language, type: type.name)
            }
        }
        return document
    }

    /// The whole title (also without the version digits of its words: "python3-requests" is
    /// "python requests" too), its words and two-word phrases as completions, and each word's short prefixes.
    private func addCompletionTerms(_ title: String, wholeTitleWdf: UInt32) {
        let words = Words.lowercased(title)
        let unversioned = words.map(Words.withoutVersionDigits)
        for whole in Set([IndexTerms.wholeTitle(words), IndexTerms.wholeTitle(unversioned)]) where whole.utf8.count <= IndexTerms.maximumTermBytes {
            document.addTerm(whole, wdf: wholeTitleWdf)
        }
        for (i, word) in words.enumerated() {
            addBooleanTerm(IndexTerms.completionPrefix + word)
            if i + 1 < words.count { addBooleanTerm(IndexTerms.completionPrefix + word + " " + words[i + 1]) }
            for length in 1...min(IndexTerms.maximumPrefixLength, IndexTerms.prefixLength(word)) {
                addBooleanTerm(IndexTerms.titlePrefixPrefix + IndexTerms.prefix(of: word, length: length))
            }
        }
    }

    /// The written form of each word of the title, and of each two neighbouring words, that folding
    /// (or, with `collapsingUmlauts`, German's reading of "ae", "oe", "ue") changes, or that an
    /// apostrophe joins, under the form it is indexed and completed in
    /// (`IndexTerms.writtenForm(of:as:)`): a two-word completion is shown as its title writes it
    /// ("phố cổ" and "phở bò", where "phố" and "phở" fold alike; "l'étranger", "aujourd'hui").
    private func addWrittenForms(of title: String, collapsingUmlauts: Bool) {
        let apostrophes = Self.apostrophesJoiningWords(of: title)
        guard collapsingUmlauts || !apostrophes.isEmpty || !title.utf8.allSatisfy({ $0 < 0x80 }) else { return }
        // Indexed as `Words.lowercased` writes titles' words: Chinese characters simplified.
        let words = TextAnalyzer.writtenWords(title).map { word in
            let folded = TextNormalizer.simplifyingChinese(word.folded)
            return (exact: word.exact, indexed: collapsingUmlauts ? TextNormalizer.umlautSpellings(of: folded).first ?? folded : folded)
        }
        for (position, word) in words.enumerated() {
            if word.exact != word.indexed { addWrittenForm(word.exact, as: word.indexed) }
            guard position + 1 < words.count else { continue }
            let next = words[position + 1]
            let joint = apostrophes[position].map { String(Character($0)) } ?? " "
            if word.exact != word.indexed || next.exact != next.indexed || joint != " " {
                addWrittenForm(word.exact + joint + next.exact, as: word.indexed + " " + next.indexed)
            }
        }
    }

    /// The apostrophe that alone joins each word of `text` (by its position among the words, as
    /// `TextAnalyzer.writtenWords` counts them) to the next: "l'", "aujourd'hui", "м'ясо".
    static func apostrophesJoiningWords(of text: String) -> [Int: Unicode.Scalar] {
        var joined: [Int: Unicode.Scalar] = [:]
        var word = -1, inWord = false
        var between: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            if TextNormalizer.isWordCharacter(scalar) {
                if !inWord {
                    if word >= 0, between.count == 1, TextNormalizer.isApostrophe(between[0]) { joined[word] = between[0] }
                    word += 1
                    inWord = true
                    between.removeAll(keepingCapacity: true)
                }
            } else {
                inWord = false
                between.append(scalar)
            }
        }
        return joined
    }

    private func addWrittenForm(_ written: String, as indexed: String) {
        addBooleanTerm(IndexTerms.writtenForm(of: indexed, as: written))
    }

    /// The entity's other names (values of `synonyms` attributes) and, when it has any, its title,
    /// each whole: a query naming one finds the others (see `Searcher.synonymVariants`).
    private func addNameTerms(title: String, entity: Entity, type: EntityType) {
        var named = false
        for attribute in type.attributes where attribute.synonyms {
            for element in entity.attributes[attribute.key]?.elements ?? [] {
                let name = Words.normalisedName(element.text)
                guard !name.isEmpty else { continue }
                addBooleanTerm(IndexTerms.alternateNamePrefix + name)
                named = true
            }
        }
        let whole = Words.normalisedName(title)
        if named, !whole.isEmpty { addBooleanTerm(IndexTerms.namedTitlePrefix + whole) }
    }

    /// Terms over Xapian's length limit cannot be stored; such values stay searchable by their words.
    private func addBooleanTerm(_ term: String) { addTerm(term, wdf: 0) }

    /// Adds `wdf` to `term`'s (0: a boolean term), unless it is over Xapian's length limit.
    private func addTerm(_ term: String, wdf: UInt32) {
        if term.utf8.count <= IndexTerms.maximumTermBytes { document.addTerm(term, wdf: wdf) }
    }

    /// The Snowball stemmer of `analyzer`'s language, made once, when it stems written forms
    /// (`Language.stemsWrittenForms`, see `TextAnalyzer.writtenStems`); nil otherwise.
    private func snowball(for analyzer: TextAnalyzer) throws(XapianError) -> Stemmer? {
        guard analyzer.language.stemsWrittenForms, let name = analyzer.stemmer else { return nil }
        if let made = snowballs[name] { return made }
        let made = try Stemmer(language: name)
        snowballs[name] = made
        return made
    }

    /// The analyser of `language` and its term generator, writing into the current document.
    private func analysis(for language: Language) throws(XapianError) -> (analyzer: TextAnalyzer, generator: TermGenerator) {
        let analysis: (analyzer: TextAnalyzer, generator: TermGenerator)
        if let known = analyses[language.tag] {
            analysis = known
        } else {
            let analyzer = TextAnalyzer(language: language)
            let generator = try TermGenerator(stemmer: try analyzer.makeStemmer())
            generator.cjkNGrams = analyzer.usesCJKNGrams
            analysis = (analyzer, generator)
            analyses[language.tag] = analysis
        }
        if started.insert(language).inserted { analysis.generator.document = document }
        return analysis
    }

    /// The words an attribute value contributes: its text, and for enum cases also their display title.
    private func searchableText(_ value: AttributeValue, attribute: AttributeKey, schema: Schema) -> String? {
        let text = value.text
        if attribute.kind == .enumValue, let name = attribute.enumName,
           let title = schema.enumType(named: name)?.enumCase(text)?.display.title, title.lowercased() != text.lowercased() {
            return title + " " + text
        }
        return text.isEmpty ? nil : text
    }

    /// The number a value slot holds: the value itself, seconds since 1970 for dates, 0/1 for booleans.
    static func number(_ value: AttributeValue, kind: AttributeKind) -> Double? {
        switch (kind, value) {
        case (.date, .string(let text)): ISO8601.seconds(text)
        case (.date, .date(let date)): date.timeIntervalSince1970
        case (.boolean, .bool(let flag)): flag ? 1 : 0
        default: value.doubleValue
        }
    }
}
