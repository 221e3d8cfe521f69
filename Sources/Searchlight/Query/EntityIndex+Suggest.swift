import XapianIndex

/// What to offer while a person types (Core Spotlight's `CSUserQuery` suggestions).
public struct Suggestions: Sendable, Hashable {
    public var prefix: String
    public var completions: [Completion]
    /// The best entities for what was typed (suggested entities when nothing was).
    public var entities: [SearchResult]
    /// How many entities match what was typed (of the suggested types when nothing was), of which
    /// `entities` are the best; exact when `totalIsExact`, else an estimate, never below `entities.count`.
    public var total: Int
    public var totalIsExact: Bool
    /// A better spelling of the typed text, when it looks misspelt.
    public var correction: String?
    /// True when the completion scan stopped at its limit, so rarer completions were not considered.
    public var truncated: Bool

    /// The typed text completed: `text`, with the typed characters at `highlights` (UTF-16 free
    /// character offsets, `[start, end)`), and how many entities carry the completed word or phrase.
    public struct Completion: Sendable, Hashable {
        public var text: String
        public var highlights: [Range<Int>]
        public var count: Int
    }
}

extension EntityIndex {
    /// How many completion terms a live scan (phrases, long or rare prefixes) looks at before it stops.
    static let completionScanLimit = 5_000

    /// Completions, entities and a spelling correction for text being typed. An empty prefix gives
    /// suggested entities: per type, the top ones by ranking hint, then recency.
    public func suggest(_ prefix: String, types: [String] = [], limit: Int = 8) throws(SearchlightError) -> Suggestions {
        let schema = self.schema
        for type in types where schema.type(named: type) == nil { throw .unknownType(type, known: schema.types.map(\.name)) }
        let words = Words.lowercased(prefix)
        guard let last = words.last else {
            let suggested = try suggested(types: types, limit: limit)
            return Suggestions(prefix: prefix, completions: [], entities: suggested.results, total: suggested.total.count,
                               totalIsExact: suggested.total.isExact, correction: nil, truncated: false)
        }
        let continued = Words.continuingWord(prefix)
        let typing = continued != nil || (prefix.last.map { $0.isLetter || $0.isNumber } ?? false)
        let head = words.dropLast().joined(separator: " ")
        let stem = typing ? last : last + " "
        let (candidates, truncated) = try completions(for: head.isEmpty ? stem : head + " " + stem, limit: limit)
        let typedLength = prefix.trimming(\.isWhitespace).count
        // Shown as the titles write them ("galdhøpiggen"), not as indexed.
        let completions = try read { (state: inout State) throws -> [Suggestions.Completion] in
            let chosen = Array(candidates.prefix(limit))
            let texts = try WrittenForms.written(chosen.map(\.text), typed: prefix, database: state.database)
            return zip(chosen, texts).map { candidate, text in
                Suggestions.Completion(text: text, highlights: [0..<min(typedLength, text.count)], count: candidate.count)
            }
        }
        /// The best entities for typed text: by title prefix while a short word is being typed (but
        /// for scripts without spaces, whose words are inside titles: `QueryText.isUnspaced`), else
        /// a search; a search too when no title has the words: they may be another attribute's
        /// ("baud" of a poet named in a description), or the last two may begin an index word
        /// written together ("libre off": libreoffice, `QueryText.wordsWrittenTogether`).
        func bestEntities(_ text: String, typing: Bool) throws(SearchlightError) -> SearchResults {
            let words = Words.lowercased(text)
            if typing, let last = words.last, IndexTerms.prefixLength(last) <= IndexTerms.maximumPrefixLength, !QueryText.isUnspaced(last) {
                let titled = try read { (state: inout State) throws -> SearchResults in
                    try Self.entitiesByTitlePrefix(head: Array(words.dropLast()), prefix: last, types: types, limit: limit, state: &state)
                }
                if !titled.results.isEmpty { return titled }
            }
            var request = SearchRequest(text, types: types, limit: limit)
            request.typing = typing
            return try search(request)
        }
        var entities = try bestEntities(prefix, typing: typing)
        // With completions, the words typed so far can still be misspelt ("hlf dome": half dome).
        // Without, a last word that begins index words, outside titles, and found entities as
        // typed is no slip of a title's ("baud" of Baudelaire is no "au").
        let correction = try read { (state: inout State) throws -> String? in
            if typing, completions.isEmpty, !entities.results.isEmpty, entities.correction == nil,
               try state.database.hasTerms(withPrefix: last) {
                return nil
            }
            return try Self.spellingCorrection(words, keepingLast: !completions.isEmpty, completingLast: typing, database: state.database)
        }
        if entities.results.isEmpty, let correction {
            // The entities of the corrected text, found the way the typed text's were.
            entities = try bestEntities(correction, typing: typing)
        }
        let shown = try correction.map { (correction) throws(SearchlightError) in
            try read { (state: inout State) throws -> String in try WrittenForms.written([correction], database: state.database)[0] }
        }
        return Suggestions(prefix: prefix, completions: completions, entities: entities.results, total: entities.total,
                           totalIsExact: entities.totalIsExact, correction: shown, truncated: truncated)
    }

    /// Per type, the entities with the highest ranking hint (then the most recent), interleaved by rank.
    public func suggestedEntities(types: [String] = [], limit: Int = 8) throws(SearchlightError) -> [SearchResult] {
        try suggested(types: types, limit: limit).results
    }

    /// `suggestedEntities`, and how many entities the types have (unexpired) in all.
    private func suggested(types: [String], limit: Int) throws(SearchlightError) -> (results: [SearchResult], total: MatchCount) {
        let schema = self.schema
        let chosen = types.isEmpty ? schema.types : schema.types.filter { types.contains($0.name) }
        var perType: [[SearchResult]] = []
        var total = MatchCount.exact(0)
        for type in chosen {
            var sort: [SortDescriptor] = []
            if let hint = type.rankingHint { sort.append(SortDescriptor(hint, descending: true)) }
            if let recency = type.recency { sort.append(SortDescriptor(recency, descending: true)) }
            let found = try search(SearchRequest("", types: [type.name], sort: sort, limit: limit))
            perType.append(found.results)
            total = total + MatchCount(count: found.total, isExact: found.totalIsExact)
        }
        var merged: [SearchResult] = []
        for position in 0..<limit {
            for list in perType where position < list.count && merged.count < limit { merged.append(list[position]) }
        }
        let results = merged.enumerated().map { index, result in
            var result = result
            result.rank = index + 1
            return result
        }
        return (results, total)
    }

    /// Completion terms extending `text` (all typed words, the last one partial), most frequent first:
    /// at least the best `limit`, from the stored list when it has enough.
    private func completions(for text: String, limit: Int) throws(SearchlightError) -> ([(text: String, count: Int)], Bool) {
        if !text.contains(" "), IndexTerms.prefixLength(text) <= IndexTerms.maximumPrefixLength, limit <= ShortPrefixTables.completionsPerPrefix,
           let stored = try storedCompletions(of: text) {
            return (stored, false)
        }
        return try read { (state: inout State) throws -> ([(text: String, count: Int)], Bool) in
            var found: [(text: String, count: Int)] = []
            var scanned = 0
            // A two-word phrase completes the last typed word after the one before it; longer
            // inputs complete their last word alone and keep the words before it.
            let words = text.split(separator: " ", omittingEmptySubsequences: false)
            let lookup = words.count >= 2 ? words.suffix(2).joined(separator: " ") : text
            let kept = words.count > 2 ? words.dropLast(2).joined(separator: " ") + " " : ""
            try state.database.forEachTerm(withPrefix: IndexTerms.completionPrefix + lookup) { term, frequency in
                scanned += 1
                found.append((kept + term.dropFirst(IndexTerms.completionPrefix.count), frequency))
                return scanned < Self.completionScanLimit
            }
            let ranked = found.sorted { ($0.count, $1.text) > ($1.count, $0.text) }
            return (ranked, scanned >= Self.completionScanLimit)
        }
    }

    /// Entities whose title has words `head` and a word starting with `prefix`, best hint first,
    /// then oldest: from the stored list while it covers the page (and tells the total exactly,
    /// with `exactTotal`), else in the same order live.
    static func entitiesByTitlePrefix(head: [String], prefix: String, types: [String], offset: Int = 0, limit: Int,
                                      exactTotal: Bool = false, state: inout State) throws(XapianError) -> SearchResults {
        let schema = state.schema
        if head.isEmpty, IndexTerms.prefixLength(prefix) <= IndexTerms.maximumPrefixLength,
           let stored = try storedPrefixEntities(prefix, types: types, offset: offset, limit: limit, database: state.database),
           stored.total.isExact || !exactTotal {
            return SearchResults(query: prefix, total: stored.total.count, totalIsExact: stored.total.isExact,
                                 results: stored.entities.enumerated().map { SearchResult(entity: $1, rank: offset + $0 + 1, score: 0, schema: schema) })
        }
        return try liveTitlePrefixEntities(head: head, prefix: prefix, types: types, offset: offset, limit: limit,
                                           exactTotal: exactTotal, state: &state)
    }

    /// `entitiesByTitlePrefix` read from the index's terms, without the stored lists: the title-prefix
    /// plan, read by the page reader.
    static func liveTitlePrefixEntities(head: [String], prefix: String, types: [String], offset: Int = 0, limit: Int,
                                        exactTotal: Bool = false, state: inout State) throws(XapianError) -> SearchResults {
        let schema = state.schema
        let plan = try QueryPlanner(searcher: try state.searcher(), schema: schema)
            .titlePrefixPlan(head: head, prefix: prefix, types: types, exactTotal: exactTotal, facts: IndexFacts(database: state.database))
        let page = try PageReader(plan: plan, schema: schema, database: state.database).read(offset: offset, limit: limit)
        let results = try ResultAssembler(schema: schema, snippets: nil, explaining: nil).results(page.hits, firstRank: offset + 1)
        return SearchResults(query: prefix, total: page.total.count, totalIsExact: page.total.isExact, results: results)
    }

    /// A spelling of `words` whose unknown words (in no title; with `acceptingTextWords`, in no
    /// text either) are replaced by the closest title word (`closestTitleWord(to:database:)`);
    /// nil if nothing changes. `keepingLast` leaves a last word that is still being typed alone,
    /// `completingLast` takes it for the beginning of the title word it is closest to the
    /// beginning of ("thundreb": thunderbird), and `kept` the words it holds (halves of a word
    /// typed apart, `QueryText.joinedWords`).
    static func spellingCorrection(_ words: [String], keepingLast: Bool = false, completingLast: Bool = false, keeping kept: Set<String> = [],
                                   acceptingTextWords: Bool = false, database: Database) throws(XapianError) -> String? {
        var changed = false
        var corrected: [String] = []
        for (position, word) in words.enumerated() {
            guard word.count >= 3, word.unicodeScalars.count <= TypoCorrections.longestCorrectable, !TypoCorrections.isNumber(word), !(keepingLast && position == words.count - 1), !kept.contains(word),
                  try database.termFrequency(IndexTerms.completionPrefix + word) == 0,
                  try (acceptingTextWords ? database.termFrequency(word) : 0) == 0 else {
                corrected.append(word)
                continue
            }
            // A beginning too short for typo tolerance is compared as a whole word ("кавя": "кав").
            let completing = completingLast && position == words.count - 1 && TypoCorrections.allowedEdits(word) > 0
            if let closest = try closestTitleWord(to: word, completing: completing, database: database) {
                corrected.append(closest.word)
                changed = true
            } else {
                corrected.append(word)
            }
        }
        return changed ? corrected.joined(separator: " ") : nil
    }

    /// The title word closest to `word` (edit distance at most 2, beginning as the word may have
    /// been meant to, `TypoCorrections.heads`, or with one letter missed or mistyped second: "mdia",
    /// media), the one most titles have of the closest, with the same digits (a number is never
    /// respelt, nor a version: "exmi4" is exim4, "pip3" no "pipe"), and its distance; nil when
    /// no title word is that close. `completing` compares the title words' beginnings, within
    /// the edits typo tolerance forgives (`TypoCorrections.allowedEdits`, at least one): the word
    /// is being typed.
    ///
    /// - Throws: `XapianError` when the index cannot be read.
    static func closestTitleWord(to word: String, completing: Bool = false, database: Database) throws(XapianError) -> (word: String, distance: Int)? {
        var best: (word: String, distance: Int, count: Int)?
        var scanned = 0
        let typed = Array(word.unicodeScalars)
        let digits = TypoCorrections.digits(of: typed)
        let limit = completing ? TypoCorrections.allowedEdits(word) : 2
        var distances = EditDistance(limit: limit)
        let heads = completing ? TypoCorrections.beginnings(of: typed) : TypoCorrections.heads(of: typed)
        try TypoCorrections.forEachTerm(beginning: heads, after: IndexTerms.completionPrefix, nested: completing, database: database) { term, frequency in
            scanned += 1
            let candidate = term.unicodeScalars.dropFirst(IndexTerms.completionPrefix.count)
            // Phrases are not single-word spellings; a length two apart or more is beyond reach.
            if completing, !candidate.contains(" "), let (distance, length) = distances.toBeginning(of: typed, candidate),
               TypoCorrections.digits(of: candidate.prefix(length)) == digits,
               best.map({ (distance, -frequency) < ($0.distance, -$0.count) }) ?? true {
                best = (String(String.UnicodeScalarView(candidate)), distance, frequency)
            } else if !completing, abs(candidate.count - typed.count) <= 2, !candidate.contains(" "), TypoCorrections.digits(of: candidate) == digits {
                let distance = distances.between(typed, candidate)
                if distance <= 2, best.map({ (distance, -frequency) < ($0.distance, -$0.count) }) ?? true {
                    best = (String(String.UnicodeScalarView(candidate)), distance, frequency)
                }
            }
            return scanned < completionScanLimit
        }
        // A letter missed or mistyped second is beyond the heads ("mdia": media); its
        // spellings are looked up one by one.
        if !completing, best.map({ $0.distance > 0 }) ?? true, typed.count >= 2 {
            for letter in TypoCorrections.scriptLetters(around: typed[0]) where letter != typed[1] {
                for rest in [typed[1...], typed[2...]] {
                    let candidate = String(String.UnicodeScalarView([typed[0], letter] + rest))
                    let frequency = try database.termFrequency(IndexTerms.completionPrefix + candidate)
                    if frequency > 0, best.map({ (1, -frequency) < ($0.distance, -$0.count) }) ?? true { best = (candidate, 1, frequency) }
                }
            }
        }
        return best.map { ($0.word, $0.distance) }
    }
}
