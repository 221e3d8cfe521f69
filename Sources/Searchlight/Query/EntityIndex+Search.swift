import FoundationEssentials
import XapianIndex

extension EntityIndex {
    /// Runs a ranked string query, optionally with a property filter, sort keys and facets, and
    /// returns one list over all requested types (App Intents' `entities(matching:)` and union results).
    ///
    /// The search is a pipeline of stages with one job each: the text is analysed once
    /// (`QueryText`), planned (`QueryPlanner`), a page of the plan is read (`PageReader`), and its
    /// hits become results (`ResultAssembler`).
    ///
    /// A text of more than `SearchRequest.maximumWords` words is searched by its first ones
    /// (`SearchResults.searchedText`). A text that matches nothing, for which a better spelling
    /// exists, is searched as spelt so (`SearchResults.correctionSearched`).
    ///
    /// - Parameter request: the text, types, filter, sort, facets and page.
    /// - Returns: a page of results in one ranked list, with the total and what else was asked.
    /// - Throws: `SearchlightError.unknownType` or `.invalidQuery` for a request the schema cannot
    ///   answer; `.storage` when the index cannot be read.
    ///
    /// ```swift
    /// let found = try index.search(SearchRequest("granite waterfall", limit: 5))
    /// for result in found.results { print(result.rank, result.displayRepresentation.title, result.score) }
    /// ```
    public func search(_ request: SearchRequest) throws(SearchlightError) -> SearchResults {
        if request.typing, let word = Words.continuingWord(request.text) {
            var continuing = request
            continuing.text = word
            var found = try search(continuing)
            found.query = request.text
            return found
        }
        if let cut = QueryText.cut(request.text) {
            var shortened = request
            shortened.text = cut
            var found = try search(shortened)
            found.query = request.text
            found.searchedText = cut
            return found
        }
        let schema = self.schema
        try Self.check(request, against: schema)
        var found = try read { (state: inout State) throws -> SearchResults in
            let searcher = try state.searcher()
            let fields = try searcher.fields.checked(request.text, typing: request.typing)
            let (found, closeMatches) = try Self.search(request, text: fields.text, selects: fields.selects, schema: schema,
                                                        searcher: searcher, state: &state)
            // Quoted phrases no entity has with the other words (a term the entities inflect or
            // word otherwise): their words unquoted, said as a correction is, when some entity has
            // every one of those as typed (a quoted word never matches by typo).
            guard request.typos == .auto, request.offset == 0 else { return found }
            if closeMatches == 0, let unquoted = Searcher.unquoted(fields.text) {
                var asTyped = request
                asTyped.typos = .off
                var (relaxed, relaxedMatches) = try Self.search(asTyped, text: unquoted, selects: fields.selects, schema: schema,
                                                                searcher: searcher, state: &state)
                if relaxedMatches > 0 {
                    relaxed.correction = unquoted
                    relaxed.correctionSearched = true
                    return relaxed
                }
            }
            // Nothing matches as typed, and a better spelling exists (more slips than typo
            // tolerance forgives: "reminna"): a "did you mean" above no results helps no one, so the
            // spelling is searched, and said as a correction searched is, when it changes only
            // words typo tolerance would correct (no short word or number, no digit changed), and
            // none only by finishing or cutting it: a one-shot search's words are complete, neither
            // prefixes nor extensions ("seatt" is no "seattle" nor "sea", whose "did you mean" it keeps).
            guard found.total == 0, !found.correctionSearched, let correction = found.correction else { return found }
            let typedWords = Words.lowercased(searcher.normalized(fields.text)), speltWords = Words.lowercased(correction)
            guard typedWords.count == speltWords.count, zip(typedWords, speltWords).allSatisfy({ typed, spelt in
                typed == spelt || (TypoCorrections.isCorrectable(typed) && TypoCorrections.keepsDigits(of: typed, in: spelt)
                                   && !spelt.hasPrefix(typed) && !typed.hasPrefix(spelt))
            }) else { return found }
            var corrected = request
            corrected.text = correction
            var (respelt, _) = try Self.search(corrected, text: correction, selects: fields.selects, schema: schema,
                                               searcher: searcher, state: &state)
            // A spelling that finds nothing either (its words are another type's) is no better.
            guard respelt.total > 0 else {
                var unspelt = found
                unspelt.correction = nil
                return unspelt
            }
            respelt.query = request.text
            respelt.correction = correction
            respelt.correctionSearched = true
            return respelt
        }
        // Shown as the titles write it ("israel", not the "isral" German text is indexed as).
        if let correction = found.correction {
            found.correction = try read { (state: inout State) throws -> String in try WrittenForms.written([correction], database: state.database)[0] }
        }
        return found
    }

    /// One run of the pipeline for `request`, whose text (its fields checked) is `text`;
    /// `selects` when the text selects by value (an exact total, as a filter has). Returns the
    /// results and how many entities match every word (`Int.max` when the search has no such tier).
    private static func search(_ request: SearchRequest, text fieldsText: String, selects: Bool, schema: Schema,
                               searcher: Searcher, state: inout State) throws -> (results: SearchResults, closeMatches: Int) {
        let searched = searcher.languages.filter { $0.covers(request.types) }
        let umlautSpellings = searched.contains { $0.analyzer.language.germanUmlautAlternates }
        var normalized = searcher.normalized(fieldsText)
        // Searched in German alone: umlauts written as two letters are looked up as German text is
        // indexed, as its parse reads them ("uebersetzung" as "Übersetzung"). Not a word being
        // typed, whose letters may yet spell no umlaut ("Due" of "Duell"): title prefixes are
        // indexed as written, and `QueryText.lookUp` expands it both ways.
        if umlautSpellings, searched.allSatisfy(\.analyzer.language.germanUmlautAlternates) {
            let collapsed = Searcher.mappingWords(normalized, exactFields: searcher.exactFields) { word in
                let lowered = word.lowercased(), collapsed = TextNormalizer.collapsingUmlautSpellings(lowered)
                return collapsed == lowered ? word : collapsed
            }
            // A stopword so spelt ("fuer" of "buch fuer") is read as one, and waits for its next letter.
            let lastWord = collapsed.split(separator: " ").last.map(String.init) ?? ""
            let typedLast = request.typing && QueryText.endsInWord(normalized) && !searcher.stopwords.contains(lastWord)
            if !typedLast {
                normalized = collapsed
            } else if let lastSpace = normalized.lastIndex(of: " ") {
                normalized = String(collapsed[..<(collapsed.lastIndex(of: " ") ?? collapsed.endIndex)]) + normalized[lastSpace...]
            }
        }
        var text = QueryText(normalized, typed: request.text, typing: request.typing, stopwords: searcher.stopwords)
        // Text that selects by value (year:1850, genres:scifi) has an exact total, as a filter does.
        var request = request
        request.exactTotal = request.exactTotal || selects
        if let prefix = text.shortTypedPrefix, request.filter == nil, request.sort.isEmpty, request.facets.isEmpty, request.match != .all {
            var found = try Self.entitiesByTitlePrefix(head: [], prefix: prefix, types: request.types, offset: request.offset,
                                                       limit: request.limit, exactTotal: request.exactTotal, state: &state)
            found.query = request.text
            return (found, Int.max)
        }
        let stemmers = try searcher.stemmerScopes(types: request.types)
        try text.lookUp(in: state.database, synonyms: searcher.synonyms, expansionStemmer: searcher.expansionStemmer,
                        typos: request.typos, stopwords: searcher.stopwords, stemmers: stemmers,
                        compoundStemmers: searcher.languages.filter(\.analyzer.language.joinsCompounds).compactMap(\.stemmer),
                        relatingStemmers: searcher.languages.filter(\.analyzer.language.relatesWordForms).compactMap { language in
                            language.stemmer.map { (language.analyzer.language, $0) }
                        },
                        matchesTrigrams: searcher.languages.contains { $0.analyzer.language.matchesTrigrams },
                        umlautSpellings: umlautSpellings)
        let plan = try QueryPlanner(searcher: searcher, schema: schema).plan(request, text: text, facts: IndexFacts(database: state.database))
        let reader = try PageReader(plan: plan, schema: schema, database: state.database)
        let page = try reader.read(offset: request.offset, limit: request.limit)
        let assembler = ResultAssembler(
            schema: schema,
            snippets: request.snippets && !text.isEmpty
                ? SnippetBuilder(text: text, languages: searcher.languages.map { ($0.analyzer.language, $0.stemmer) })
                : nil,
            explaining: request.explain ? (reader, try ResultAssembler.explainedExpansions(of: text, database: state.database)) : nil)
        var found = SearchResults(query: request.text, total: page.total.count, totalIsExact: page.total.isExact,
                                  results: try assembler.results(page.hits, firstRank: request.offset + 1), facets: page.facets)
        found.synonyms = text.variants.map(\.trimmed).filter { $0 != text.rareWordsCorrected }
        if request.explain { found.plan = reader.firstPageQuery?.description }
        if text.isCorrected || text.rareWordsCorrected != nil {
            // Spelt as the first result of the first page has it; later pages, as corrected. A
            // correction that found nothing (the word is another type's: `--type`) is not said.
            guard page.total.count > 0 else { return (found, page.closeMatches) }
            found.correction = text.rareWordsCorrected
                ?? text.spelling(of: request.offset == 0 ? page.hits.first?.match.docid : nil, database: state.database)
            found.correctionSearched = true
        } else if page.closeMatches < Self.fewResults, request.offset == 0, request.sort.isEmpty {
            found.correction = try Self.spellingCorrection(of: text, stemmers: stemmers, database: state.database)
        }
        return (found, page.closeMatches)
    }

    /// Searches where fewer entities than this match every word offer a spelling correction when one exists.
    static let fewResults = 3

    /// A better spelling of plain-word `text` (see `spellingCorrection(_:keepingLast:keeping:acceptingTextWords:database:)`),
    /// leaving a word being typed alone, and a word that entities have in another form, whose stem
    /// in one of `stemmers` some have (Arabic "المدينة" matches "مدينة", and is no slip of
    /// "القديمة"; "kart" matches "karts", and is no slip of "kat"); nil when there is none.
    static func spellingCorrection(of text: QueryText, stemmers: [StemmerScope], database: Database) throws(XapianError) -> String? {
        guard let (head, last) = text.plainWords else { return nil }
        var kept = Set(text.joinedWords.flatMap { [$0.first, $0.second] }).union(text.umlautSpelt)
        for word in Set(text.words) where try database.termFrequency(word) == 0 {
            if try QueryText.stemFrequency(of: word, inLanguagesOf: stemmers, database: database) > 0 { kept.insert(word) }
        }
        guard let correction = try spellingCorrection(text.words, keepingLast: text.isTyping, keeping: kept,
                                                      acceptingTextWords: true, database: database)
        else { return nil }
        return correction == (head.isEmpty ? last : head + " " + last) ? nil : correction
    }

    /// Rejects types, keys, sort keys and facets the schema does not have, naming what it has.
    static func check(_ request: SearchRequest, against schema: Schema) throws(SearchlightError) {
        for type in request.types where schema.type(named: type) == nil {
            throw .unknownType(type, known: schema.types.map(\.name))
        }
        if let filter = request.filter {
            let keys = Set(schema.types.flatMap { $0.attributes.map(\.key) })
            for key in filter.keys where !keys.contains(key) {
                throw .invalidQuery("unknown attribute '\(key)' in the filter (attributes: \(keys.sorted().joined(separator: ", ")))")
            }
            try filter.checkValueKinds(against: schema)
        }
        for descriptor in request.sort where schema.numericSlot(descriptor.key) == nil && schema.stringSlot(descriptor.key) == nil {
            let sortable = schema.slots.keys.filter { $0.hasPrefix("n:") || $0.hasPrefix("s:") }.map { String($0.dropFirst(2)) }
            throw .invalidQuery("cannot sort by '\(descriptor.key)': it is not a sortable attribute (sortable: \(Set(sortable).sorted().joined(separator: ", ")))")
        }
        for key in request.facets where schema.facetSlot(key) == nil {
            let facetable = schema.slots.keys.filter { $0.hasPrefix("f:") }.map { String($0.dropFirst(2)) }
            throw .invalidQuery("cannot count values of '\(key)': facets need a keyword, enum, boolean or reference attribute, or type (facetable: \((["type"] + facetable.sorted()).joined(separator: ", ")))")
        }
    }
}
