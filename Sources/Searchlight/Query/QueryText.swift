import XapianIndex

/// The text of one search, analysed once: every later stage (the planner, the page reader, the
/// result assembler, the spelling correction) reads these fields and never splits the text again.
///
/// The analysis has two steps: `init` reads the text alone (words, whether it is plain words, the
/// last word and whether it is being typed); `lookUp(in:synonyms:expansionStemmer:)` adds what
/// the index knows of it (the other names synonyms give it, the words a typed prefix expands to).
///
/// ```swift
/// var text = QueryText("half do", typing: true, stopwords: Set(Stopwords.english))
/// text.plainWords?.last      // "do"
/// text.partial               // true: "do" is still being typed
/// try text.lookUp(in: database, synonyms: table, expansionStemmer: nil)
/// ```
struct QueryText {
    /// The text as the caller gave it.
    let text: String
    /// The text without leading and trailing whitespace.
    let trimmed: String
    /// Its lower-cased words (runs of letters and digits).
    let words: [String]
    /// The words a result's text can show as matched: `words` less negated words (`-word`),
    /// operators and field names (of `field:value`, the value's words stay).
    let matchableWords: [String]
    /// For text of letters, digits and spaces only (no operators), the words before the last one
    /// (as typed, joined by spaces) and the last one, lower-cased; nil for any other text.
    let plainWords: (head: String, last: String)?
    /// Whether the last word is a prefix of what is being typed: the caller says the text is being
    /// typed and it ends in a letter or digit.
    let isTyping: Bool
    /// Whether the last word matches as a prefix: it is being typed and is not a stopword that
    /// waits for its next letter (see `waitsForNextLetter`).
    let partial: Bool
    /// The text with one name replaced by another name of the same entity (synonyms), each analysed
    /// like this one; filled by `lookUp`.
    private(set) var variants: [QueryText] = []
    /// The words each typed prefix of this text and its variants expands to (by prefix), filled by
    /// `lookUp`: its `Searcher.partialExpansionLimit` most frequent words, less those its stemmed
    /// term already matches.
    private(set) var expansions: [String: [String]] = [:]
    /// The words each typed prefix begins, as `expansions` but with those its stemmed term matches
    /// ("emac": "emacs" too) and without the prefix itself, most frequent first: what the typist
    /// may be finishing (`completions`).
    private(set) var completionWords: [String: [String]] = [:]
    /// In the languages that join compounds, the index's compounds that the text's finished words
    /// begin (`CompoundWords.beginning(with:stemmer:database:)`) and the last part of each word
    /// that is two index words joined (`CompoundWords.split`) or, from 12 letters, ends in one
    /// (`CompoundWords.longestPart(of:database:endingOnly:)`); set by `lookUp`.
    private(set) var compounds: [String] = []
    /// The letter trigrams that rank the entities the text's words match (`Searcher.trigrams`),
    /// set by `lookUp` when typos are forgiven: those of the finished words outside quotes,
    /// neither negated (`-word`) nor operators, field names or field values (`field:value`), as
    /// typed (before any correction), less the common ones (`trigrams(of:stopwords:database:)`).
    /// Empty when typos are off: then words match only as typed (and stemmed).
    private(set) var trigrams: [String] = []
    /// The words typed with accents or other marks that folding removes, as typed (lower-cased) and
    /// folded (`TextAnalyzer.exactForms`), less stopwords: entities with these spellings rank above
    /// those whose words only fold alike (`Searcher.exactFormBoost`).
    let exactForms: [(exact: String, folded: String)]
    /// The text as it was typed, before folding: which language's function words it uses
    /// (`Searcher.languageWeights`).
    let typed: String
    /// Whether `lookUp` replaced words no entity has by the index's closest words (`TypoCorrections`):
    /// the text is then the corrected one, searched instead of the typed one, whose every matching
    /// word it keeps.
    private(set) var isCorrected = false
    /// The text with its rare words spelt as far more entities spell them (`TypoCorrections.rareFrequency`),
    /// set by `lookUp` and searched beside the text as one of its `variants`.
    private(set) var rareWordsCorrected: String?
    /// When the text is one finished word that entities have but that is no entity's whole title,
    /// the two-word whole title it writes together, hyphen-joined (`titleWrittenTogether`:
    /// "networkmanager", which add-ons' names hold, is network-manager's title); set by `lookUp`.
    /// What the whole-title boost seeks beside the text (a word no entity has is searched as
    /// such a title instead: `closestSpellings`).
    private(set) var titleTogether: String?
    /// For each word of a corrected text (`isCorrected`) that replaced one no entity has, the other
    /// index words as close to what was typed (`TypoCorrections.corrections(of:database:)`):
    /// wherever the word's own term or stem stands in a parse (`Searcher` makes them one term with
    /// it; not in phrases, nor in the prefixes a word being typed expands to), the search matches
    /// any of them, so the query's other words tell which was meant ("cktex warnings" finds
    /// chktex, which warns, though more entities have "ctex"). Set by `lookUp`.
    private(set) var otherSpellings: [String: [String]] = [:]
    /// Neighbouring finished words that the index has as one word ("libre office": "libreoffice",
    /// "open ssh server": "openssh"), each pair with that word, set by `lookUp` when typos are
    /// forgiven (`wordsWrittenTogether(in:stopwords:)`). Wherever either word's term or stem stands
    /// in a parse, the search also matches the joined word (`alternatives`), so an entity with it
    /// meets both words.
    private(set) var joinedWords: [(first: String, second: String, joined: String)] = []
    /// The words spelt with an umlaut written as two letters ("schluessel", "mueller") that the
    /// index has with it collapsed, as German text is indexed (`TextNormalizer.umlautSpellings(of:)`),
    /// in form or stem: set by `lookUp` when German is searched. They are spelt as meant and are
    /// never corrected, nor said to be ("Did you mean: schlussel" is no better spelling).
    private(set) var umlautSpelt: Set<String> = []
    /// The whole titles that the text names by its most specific words, set by `lookUp`: the
    /// `namingRuns` that begin it (or end it, when none that begins it names one) and that some
    /// entity has as its whole title, whose words are each far rarer in the index than every
    /// other word of the text. "thunderbird email"
    /// names thunderbird (in 84 entities of debian-x1, "email" in 499), which says "mail": the
    /// entity a text names ranks with those that have all its words (`QueryPlanner`), while
    /// "file manager" names no package "file" (in 17,204 entities, "manager" in 1,396).
    private(set) var names: [String] = []
    /// Whether `names` end the text rather than begin it ("install nginx"): the named entity then
    /// ranks with those that have every word, scored by the words it has, but gains only its
    /// run's share of the whole-title boost, at least `Ranking.endNameShare`, as the words before
    /// a name at the end may describe another entity of that name ("lingue lxqt-sudo", Italian
    /// "languages of lxqt-sudo": its translations, lxqt-sudo-l10n).
    private(set) var namesEndText = false
    /// For each finished word no entity has as written but whose stem some have (an inflection,
    /// or a slip its stem forgives: "inkscap", "openssll"), the index words most entities have
    /// that begin with that stem and stem to it ("inkscape", "openssl"), set by `lookUp`: what an
    /// entity's whole title may be (`otherSpellings(of:)`), the stem finding the entities.
    private(set) var stemSpellings: [String: [String]] = [:]
    /// When a finished text is one word, of `Ranking.shortestShortName` letters or more, the
    /// one-word whole titles it begins that run on for at most `Ranking.shortNameTail` letters: the
    /// names it is a short form of ("postgres": postgresql, "node": nodejs, "rust": rustc), set by
    /// `lookUp` when typos are forgiven. The word matches them as one term with itself
    /// (`alternatives`), and their entities gain the completion boost (`completions`), as when the
    /// word is typed; longer titles it begins are other names ("sea" no "seahorse").
    private(set) var shortNames: [String: [String]] = [:]

    /// For each finished word's stem (in a language that relates agent nouns,
    /// `Language.relatesAgentNouns`), the stems of its agent noun or verb that the index has
    /// (`AgentNouns`): "view" with "viewer", "blocker" with "block". Set by
    /// `lookUp`; `Searcher` makes them one term with the word's stem.
    private(set) var agentStems: [String: [String]] = [:]

    /// By language code, for each finished word's stem, the stems of its other forms that the
    /// index has and the language's stemmer leaves apart (`Language.relatesOtherForms`): in
    /// English its other spelling (`EnglishSpellings`: "colour" with "color"); in Spanish,
    /// Portuguese and French its other number (`NumberForms`: "ciudad" with "ciudades"). Set by
    /// `lookUp`; `Searcher` makes them one term with the word's stem where the query reads as
    /// that language.
    private(set) var formStems: [String: [String: [String]]] = [:]

    /// Each word's other ways to be matched: its `otherSpellings`, and the words it makes with a
    /// neighbour (`joinedWords`). `Searcher` makes them one term with the word.
    ///
    /// ```swift
    /// text.alternatives   // ["libre": ["libreoffice"], "office": ["libreoffice"]]
    /// ```
    var alternatives: [String: [String]] {
        var alternatives = otherSpellings
        for (word, names) in shortNames { alternatives[word, default: []] += names }
        for join in joinedWords {
            for word in [join.first, join.second] where alternatives[word]?.contains(join.joined) != true {
                alternatives[word, default: []].append(join.joined)
            }
        }
        return alternatives
    }

    /// Analyses `text`, the folded form (`Searcher.normalized`) of `typed`, the text as it was
    /// typed (the same when omitted). `typing` says whether a last word not followed by a space
    /// is still being typed; `stopwords` are the query language's.
    init(_ text: String, typed: String? = nil, typing: Bool, stopwords: Set<String>) {
        let trimmed = text.trimming(\.isWhitespace)
        let isTyping = typing && Self.endsInWord(text)
        // While a name joined by hyphens is typed, its words are plain words, the last one a
        // prefix ("gnome-term": gnome-terminal).
        let plainWords = Self.plainWords(trimmed) ?? (isTyping ? Self.plainWords(Searcher.splittingJoinedWords(trimmed)) : nil)
        var exactForms: [(exact: String, folded: String)] = []
        for form in TextAnalyzer.exactForms(typed ?? text) where !stopwords.contains(form.folded) && !exactForms.contains(where: { $0.exact == form.exact }) {
            exactForms.append(form)
        }
        self.init(text, trimmed: trimmed, plainWords: plainWords, isTyping: isTyping,
                  partial: isTyping && !Self.waitsForNextLetter(plainWords, stopwords: stopwords), exactForms: exactForms,
                  typed: typed ?? text)
    }

    private init(_ text: String, trimmed: String, plainWords: (head: String, last: String)?, isTyping: Bool, partial: Bool,
                 exactForms: [(exact: String, folded: String)], typed: String) {
        self.typed = typed
        self.text = text
        self.trimmed = trimmed
        words = Words.lowercased(trimmed)
        matchableWords = plainWords != nil ? words : Self.matchableWords(trimmed)
        self.plainWords = plainWords
        self.isTyping = isTyping
        self.partial = partial
        self.exactForms = exactForms
    }

    /// The words of `text` (with query syntax) that a result can match: see `matchableWords`.
    private static func matchableWords(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).flatMap { token -> [String] in
            guard !token.hasPrefix("-"), !operators.contains(String(token)) else { return [] }
            return Words.lowercased(String(token.split(separator: ":", maxSplits: 1).last ?? token))
        }
    }

    /// The runs of consecutive words, shorter than the whole text, that may name an entity by its
    /// whole title (`Ranking.wholeTitleBoost`): "pandoc markdown" names pandoc, "vlc media player"
    /// vlc. Runs of up to `Ranking.longestNamingRun` words, in texts of up to
    /// `Ranking.longestNamingText` words; the word being typed is left out.
    ///
    /// ```swift
    /// QueryText("vlc media player", typing: false, stopwords: []).namingRuns
    /// // ["vlc", "media", "player", "vlc media", "media player"]
    /// ```
    var namingRuns: [String] {
        let complete = partial ? Array(words.dropLast()) : words
        guard words.count > 1, words.count <= Ranking.longestNamingText else { return [] }
        return (1...min(Ranking.longestNamingRun, words.count - 1)).flatMap { length in
            complete.count < length ? [] : (0...(complete.count - length)).map { complete[$0..<($0 + length)].joined(separator: " ") }
        }
    }

    /// `text` up to the end of its `SearchRequest.maximumWords`-th word (letters of scripts
    /// written without spaces counted one by one, as `TextAnalyzer.isUnspaced` tells them), trimmed;
    /// nil when it has no more words than that.
    ///
    /// ```swift
    /// QueryText.cut(String(repeating: "word ", count: 1_500))?.count   // 4_999: the first 1,000 words
    /// QueryText.cut("half dome")                                       // nil
    /// ```
    static func cut(_ text: String) -> String? {
        var words = 0
        var afterSpace = true
        let scalars = text.unicodeScalars
        for index in scalars.indices {
            let scalar = scalars[index]
            let isSpace = scalar.properties.isWhitespace
            let begins = TextAnalyzer.isUnspaced(scalar) || (afterSpace && !isSpace)
            afterSpace = isSpace
            guard begins else { continue }
            words += 1
            if words > SearchRequest.maximumWords { return String(scalars[..<index]).trimming(\.isWhitespace) }
        }
        return nil
    }

    /// Whether nothing was typed but spaces.
    var isEmpty: Bool { trimmed.isEmpty }

    /// Verbose text, a description of what is sought: of enough terms for pseudo-relevance feedback
    /// (`Ranking.expansionMinimumWords`, words joined by hyphens counted once: `typedTermCount`),
    /// and not one question (`isQuestion`).
    var isVerbose: Bool { typedTermCount >= Ranking.expansionMinimumWords && !isQuestion }

    /// How many terms the text has as typed: its words, those joined by hyphens counted once (a
    /// package's name, "qml-module-qtquick-shapes", is one term, not four words of a description).
    var typedTermCount: Int {
        let runs = runs
        return max(0, words.count - runs.indices.count { Self.isJoiningHyphen(at: $0, of: runs) })
    }

    /// Whether the text is one question: a single sentence ending in a question mark (in any
    /// script). A question seeks the passage that answers it, whose words it already names;
    /// feedback from the top documents, which assumes many relevant ones, drifts away from it.
    /// A question mark inside closing quotes or brackets ends it too ("Why was it called "the
    /// Methodists?"").
    var isQuestion: Bool {
        var text = trimmed.unicodeScalars[...]
        while let last = text.last, Self.closingMarks.contains(last) || last.properties.isWhitespace { text = text.dropLast() }
        guard let last = text.last, Self.questionMarks.contains(last), words.count <= Self.longestQuestion else { return false }
        return !text.dropLast().contains { Self.sentenceEnds.contains($0) }
    }

    /// Question marks: Latin, full-width, Arabic, Greek (U+037E, folded to `;`), Armenian, Ethiopic.
    static let questionMarks: Set<Unicode.Scalar> = ["?", "\u{FF1F}", "\u{061F}", ";", "\u{037E}", "\u{055E}", "\u{1367}"]
    /// Closing quotes and brackets, which may follow a sentence's last mark.
    static let closingMarks: Set<Unicode.Scalar> = ["\"", "'", ")", "]", "\u{201D}", "\u{2019}", "\u{00BB}", "\u{300D}", "\u{300F}", "\u{FF09}"]
    /// What ends a sentence inside a text (besides question marks).
    static let sentenceEnds: Set<Unicode.Scalar> = questionMarks.union(["!", "\u{3002}", "\u{FF01}", "\u{0964}"])
    /// The most words a text read as one question has.
    static let longestQuestion = 20

    /// The trimmed text without the words (runs of word characters) in `removed`, compared as
    /// written: the rest of the query as typed, once its accented and capitalised words are taken out.
    ///
    /// ```swift
    /// QueryText("creme brulee recipe", typing: false, stopwords: []).trimmed(without: ["creme", "brulee"])  // "  recipe"
    /// ```
    func trimmed(without removed: Set<String>) -> String {
        var kept = ""
        for run in runs where !run.isWord || !removed.contains(String(run.text)) { kept += run.text }
        return kept
    }

    /// The words typed in capitals, of two letters or more, in a text with small letters too:
    /// acronyms, which are names, never stopwords ("LOR", "IT", "WHO"). Folded as indexed text
    /// is; operators (AND, OR, NOT, ...) are not acronyms.
    ///
    /// ```swift
    /// QueryText("Care unitate NASA a fost de acord cu LOR?", typing: false, stopwords: []).acronyms  // ["nasa", "lor"]
    /// ```
    var acronyms: [String] {
        guard typed.contains(where: \.isLowercase) else { return [] }
        return typed.split { !$0.isLetter && !$0.isNumber }
            .filter { $0.count >= 2 && $0.allSatisfy { !$0.isLetter || $0.isUppercase } && $0.contains(where: \.isLetter) && !Self.operators.contains(String($0)) }
            .map { TextNormalizer.normalized(String($0)) }
    }

    /// The words of the trimmed text written with a capital (in ASCII: other text is folded, its
    /// capitals with it), less operators and the field names and values of `field:value`.
    var capitalisedWords: [String] {
        let runs = runs
        var found: [String] = []
        for (index, run) in runs.enumerated() where run.isWord {
            guard let first = run.text.utf8.first, first >= 0x41, first <= 0x5A, !Self.operators.contains(String(run.text)) else { continue }
            if Self.isFieldPart(index, of: runs) { continue }
            found.append(String(run.text))
        }
        return found
    }

    /// The letter trigrams of `words` (`TextAnalyzer.letterTrigrams`) that the index has in at
    /// most `Ranking.commonTrigramShare` of its entities, each once, the `Ranking.trigramLimit`
    /// rarest of them, in the order of the words.
    static func trigrams(of words: [String], stopwords: Set<String>, database: Database) throws(XapianError) -> [String] {
        guard !words.isEmpty else { return [] }
        let most = Double(try database.documentCount) * Ranking.commonTrigramShare
        var seen = Set<String>()
        var found: [(trigram: String, frequency: Int)] = []
        // The first words' trigrams only: a pasted text has thousands.
        for trigram in TextAnalyzer.letterTrigrams(words.joined(separator: " "), stopwords: stopwords).prefix(Ranking.trigramScanLimit)
        where seen.insert(trigram).inserted {
            let frequency = try database.termFrequency(IndexTerms.trigramPrefix + trigram)
            if frequency > 0, Double(frequency) <= most { found.append((trigram, frequency)) }
        }
        let rarest = Set(found.sorted { $0.frequency < $1.frequency }.prefix(Ranking.trigramLimit).map(\.trigram))
        return found.map(\.trigram).filter(rarest.contains)
    }

    /// The finished words of the trimmed text outside quotes, neither negated (`-word`) nor
    /// operators, field names or field values (`field:value`), as typed: see `trigrams`.
    ///
    /// ```swift
    /// QueryText("\"half dome\" -trail name:yosemite granite walls", typing: true, stopwords: []).freeWords
    /// // ["granite"]: "walls" is still being typed
    /// ```
    var freeWords: [String] {
        let runs = runs
        var found: [String] = []
        var quoted = false
        for (index, run) in runs.enumerated() {
            guard run.isWord else {
                if run.text.unicodeScalars.count(where: Searcher.quotes.contains) % 2 == 1 { quoted.toggle() }
                continue
            }
            if quoted || Self.operators.contains(String(run.text)) || (partial && index == runs.count - 1) { continue }
            if Self.isFieldPart(index, of: runs) { continue }
            // A hyphen after a space (or first) negates; between two words it joins them.
            if index > 0, runs[index - 1].text.hasSuffix("-"), index == 1 || runs[index - 1].text.dropLast().last?.isWhitespace == true { continue }
            found.append(String(run.text))
        }
        return found
    }

    /// Whether the text names a field (`field:value`, `field:"a phrase"`): its words are then not
    /// all the default field's, and what pairs them there (`Searcher.syllablePairs`) would match
    /// a value's words outside its field.
    var namesField: Bool {
        let runs = runs
        return runs.indices.contains { $0 + 1 < runs.count && runs[$0].isWord && runs[$0 + 1].text.hasPrefix(":") }
    }

    /// Whether the word run at `index` of `runs` is a field name or value (`field:value`).
    private static func isFieldPart(_ index: Int, of runs: [(text: Substring, isWord: Bool)]) -> Bool {
        (index > 0 && runs[index - 1].text.hasSuffix(":")) || (index + 1 < runs.count && runs[index + 1].text.hasPrefix(":"))
    }

    /// The trimmed text cut into its words (runs of word characters) and what lies between them, in order.
    private var runs: [(text: Substring, isWord: Bool)] { Self.runs(of: trimmed) }

    /// `text` cut into its words (runs of word characters) and what lies between them, in order.
    private static func runs(of text: String) -> [(text: Substring, isWord: Bool)] {
        let scalars = text.unicodeScalars
        var runs: [(text: Substring, isWord: Bool)] = []
        var start = scalars.startIndex
        for index in scalars.indices where index > start
            && TextNormalizer.isWordCharacter(scalars[index]) != TextNormalizer.isWordCharacter(scalars[start]) {
            runs.append((Substring(scalars[start..<index]), TextNormalizer.isWordCharacter(scalars[start])))
            start = index
        }
        if start < scalars.endIndex { runs.append((Substring(scalars[start...]), TextNormalizer.isWordCharacter(scalars[start]))) }
        return runs
    }

    /// The texts searched: this one, its variants, and its typo correction.
    var searchedTexts: [QueryText] { [self] + variants }

    /// The word being typed when the whole text is one to three typed letters (or digits): such a
    /// search lists, as `suggest` does, the entities with a title word it begins (not in scripts
    /// written without spaces, `isUnspaced`).
    var shortTypedPrefix: String? {
        guard isTyping, let (head, last) = plainWords, head.isEmpty, IndexTerms.prefixLength(last) <= ShortPrefixTables.longestEntityPrefix,
              !Self.isUnspaced(last) else { return nil }
        return last
    }

    /// Whether `word` is in a script written without spaces (Chinese, Japanese, Thai, …), where one
    /// or two characters are a word, found inside titles and text by its n-grams rather than as
    /// the beginning of a title's words: "猫" finds "吾輩は猫である".
    static func isUnspaced(_ word: some StringProtocol) -> Bool {
        word.unicodeScalars.contains(where: TextAnalyzer.isUnspaced)
    }

    /// The prefix that Xapian's own partial matching expands in text that is not plain words (it
    /// expands while matching, so explanations mark the words it brought by this prefix): the
    /// partly typed last word.
    var parserWildcardPrefix: String? {
        guard partial, plainWords == nil, let last = trimmed.last, last.isLetter || last.isNumber else { return nil }
        let word = String(trimmed.reversed().prefix { $0.isLetter || $0.isNumber }.reversed())
        return trimmed.dropLast(word.count).last == ":" ? nil : word.lowercased()
    }

    /// Adds what the index knows of the text: its typo correction (with `typos` `.auto`, which then
    /// replaces the text; `stopwords` are never corrected), its synonym variants, and the expansions
    /// of its typed prefixes (those of plain-word texts whose last word is longer than the stored
    /// entity lists' prefixes), and with `matchesTrigrams` (some language searched indexes them)
    /// and typos forgiven, the letter trigrams that rank its words' entities (`trigrams`).
    /// `expansionStemmer` is the stemmer every type's text is stemmed with, if one is; with
    /// `umlautSpellings` (German is searched), words with an umlaut written as two letters are
    /// looked up as German text is indexed (`umlautSpelt`).
    mutating func lookUp(in database: Database, synonyms: SynonymTable, expansionStemmer: Stemmer?,
                         typos: TypoTolerance, stopwords: Set<String>, stemmers: [StemmerScope] = [],
                         compoundStemmers: [Stemmer] = [], relatingStemmers: [(language: Language, stemmer: Stemmer)] = [],
                         matchesTrigrams: Bool = false,
                         umlautSpellings: Bool = false) throws(XapianError) {
        // Words as typed, not as corrected: their trigrams find what the correction may miss.
        let trigrams = typos == .auto && matchesTrigrams ? try Self.trigrams(of: freeWords, stopwords: stopwords, database: database) : []
        // Words typed apart are halves of a word, not typos ("thunder bird": thunderbird, not thunderx).
        let typedApart = typos == .auto ? try wordsWrittenTogether(in: database, stopwords: stopwords) : []
        if umlautSpellings { umlautSpelt = try Self.umlautSpelt(words, stemmers: stemmers, database: database) }
        if typos == .auto, let spelt = try correctedSpelling(in: database, stopwords: stopwords,
                                                             keeping: Set(typedApart.flatMap { [$0.first, $0.second] }).union(umlautSpelt),
                                                             stemmers: stemmers) {
            if spelt.replacesText {
                self = QueryText(spelt.text, typing: isTyping, partial: partial, exactForms: exactForms, typed: typed)
                isCorrected = true
                otherSpellings = spelt.otherSpellings
            } else {
                rareWordsCorrected = spelt.text
            }
        }
        self.trigrams = trigrams
        joinedWords = typedApart
        if isCorrected {
            // The corrected words may join their neighbours too ("libre ofice": libreoffice).
            for join in try wordsWrittenTogether(in: database, stopwords: stopwords) where !joinedWords.contains(where: { $0.joined == join.joined }) {
                joinedWords.append(join)
            }
        }
        variants = try (synonyms.variants(of: self, database: database) + [rareWordsCorrected].compactMap { $0 }).map {
            QueryText($0, typing: isTyping, partial: partial, exactForms: [], typed: typed)
        }
        if !partial, !compoundStemmers.isEmpty {
            for word in words where !stopwords.contains(word) {
                for stemmer in compoundStemmers {
                    compounds += try CompoundWords.beginning(with: word, stemmer: stemmer, database: database)
                }
                // A compound is a kind of its last part: "Sekundarschulen" are "Schulen", whether or
                // not the index has its first part.
                var last = try CompoundWords.split(word, database: database)?.tail
                if last == nil { last = try CompoundWords.longestPart(of: word, database: database, endingOnly: true) }
                if let last, !compounds.contains(last) { compounds.append(last) }
            }
        }
        for (language, stemmer) in relatingStemmers {
            if language.relatesAgentNouns {
                agentStems = try Self.agentStems(of: freeWords, stemmer: stemmer, stopwords: stopwords, database: database)
            }
            if language.relatesOtherForms {
                let forms = try Self.otherFormStems(of: freeWords, in: language, stemmer: stemmer, stopwords: stopwords, database: database)
                if !forms.isEmpty { formStems[language.code] = forms }
            }
        }
        (names, namesEndText) = try named(in: database, stopwords: stopwords, stemmers: stemmers.map(\.stemmer))
        if typos == .auto, !partial, !isCorrected, let (head, word) = plainWords, head.isEmpty, !stopwords.contains(word),
           try database.termFrequency(word) > 0, try database.termFrequency(IndexTerms.wholeTitle(word)) == 0 {
            titleTogether = try Self.titleWrittenTogether(word, database: database)
        }
        if typos == .auto, !isTyping, !isCorrected, let (head, word) = plainWords, head.isEmpty, !stopwords.contains(word) {
            let names = try Self.wholeTitles(shortenedTo: word, database: database)
            if !names.isEmpty { shortNames[word] = names }
        }
        if typos == .auto, plainWords != nil || !isVerbose {
            stemSpellings = try Self.stemSpellings(of: words.filter { !stopwords.contains($0) }.dropLast(partial ? 1 : 0),
                                                   stemmers: stemmers, database: database)
        }
        for text in searchedTexts {
            guard text.partial, let (head, last) = text.plainWords,
                  IndexTerms.prefixLength(last) >= (head.isEmpty ? ShortPrefixTables.longestEntityPrefix + 1 : Searcher.shortestExpansionAfterWords),
                  expansions[last] == nil else { continue }
            var (unmatched, all) = try Self.expansions(of: last, database: database, stemmer: expansionStemmer)
            // After a finished word, the words that follow it in titles come first: "docker com"
            // completes to "compose" (docker-compose), not only to the commonest "com" words
            // ("common", "command"), of which the limit may keep none of a name's.
            if let previous = head.split(separator: " ").last {
                let pair = IndexTerms.completionPrefix + previous + " "
                let named = try database.mostFrequentTerms(withPrefix: pair + last, limit: Self.titlePairCompletions)
                    .map { String($0.term.dropFirst(pair.count)) }.filter { $0 != last }
                let limit = Int(Searcher.partialExpansionLimit)
                unmatched = Array((named + unmatched.filter { !named.contains($0) }).prefix(limit))
                all = Array((named + all.filter { !named.contains($0) }).prefix(limit))
            }
            // A German word being typed, left as typed (`EntityIndex.search`), expands as indexed too ("schlue": "schlussel").
            if umlautSpellings, let collapsed = TextNormalizer.umlautSpellings(of: last).first {
                let spelt = try Self.expansions(of: collapsed, database: database, stemmer: expansionStemmer)
                let limit = Int(Searcher.partialExpansionLimit)
                unmatched = Array((unmatched + spelt.unmatched.filter { !unmatched.contains($0) }).prefix(limit))
                all = Array((all + spelt.all.filter { !all.contains($0) }).prefix(limit))
            }
            (expansions[last], completionWords[last]) = (unmatched, all)
        }
    }

    /// The whole titles the text names by its most specific words (see `names`): the runs that
    /// begin it (a name comes first: "thunderbird email"; "sour debhelper optimizer" seeks scour,
    /// not debhelper), or, when none of those names an entity, those that end it (a name after
    /// the words of a request or of its maker: "install nginx", "text editor vim", "kde
    /// dolphin", where "kde" is a metapackage's whole title but a word of 996 entities), and that
    /// some entity has as its whole title, when the index has every word of the text (stopwords
    /// aside; a word it lacks may be a slip for the name), the run's rarest word is in no more
    /// entities than each other word (a name stands out from the words describing it, "thunderbird
    /// email": 84 and 499 entities of debian-x1, "cron job scheduler"; a maker's name and its
    /// product's are alike, "mozilla thunderbird": 105 and 85; a name is often a rare word and a
    /// common one, "mariadb server mysql database"), and none is a slip read
    /// several ways that the other words leave open (`confirmedReadings`). A word of the run counts
    /// as written (as the title has it), each other word as written or as `stemmers` stem it,
    /// whichever more entities have (as it matches).
    private func named(in database: Database, stopwords: Set<String>, stemmers: [Stemmer]) throws(XapianError) -> (names: [String], endText: Bool) {
        // Whole titles first: most texts begin and end with no entity's whole title, and so look up no word.
        func titles(_ end: (([String]) -> String?)) throws(XapianError) -> [String] {
            var runs: [String] = []
            for run in namingRuns where end(Words.lowercased(run)) == end(words) {
                if try database.termFrequency(IndexTerms.wholeTitle(run)) > 0 { runs.append(run) }
            }
            return runs
        }
        var frequencies: [String: (written: Int, anyForm: Int)]?
        // The runs that name an entity by their rarity, the text's words looked up once.
        func naming(_ runs: [String]) throws(XapianError) -> [String] {
            guard !runs.isEmpty else { return [] }
            if frequencies == nil {
                // A rarity, not a test of inflection: each stem counted in every entity, one term frequency each.
                let everyEntity = stemmers.map { StemmerScope(stemmer: $0, entities: nil) }
                var found: [String: (written: Int, anyForm: Int)] = [:]
                for word in Set(words) where !stopwords.contains(word) {
                    let written = try database.termFrequency(word)
                    found[word] = (written, max(written, try Self.stemFrequency(of: word, inLanguagesOf: everyEntity, database: database)))
                }
                frequencies = found
            }
            guard let frequencies, frequencies.values.allSatisfy({ $0.anyForm > 0 }) else { return [] }
            let confirmed = try confirmedReadings(in: database, stopwords: stopwords, stemmers: stemmers)
            return runs.filter { run in
                let inRun = Set(Words.lowercased(run)).filter { !stopwords.contains($0) }
                // A slip read several ways is no name, unless the other words tell which was meant.
                // The name's words count as written, as its title has them ("calibre" is in 3
                // entities, its stem in 156 with "calibrate"); the others in any form, as they
                // match: "почта" (mail) is in the Russian descriptions as "почты" and "почтовый".
                guard inRun.allSatisfy({ otherSpellings[$0] == nil || confirmed.contains($0) }),
                      let rarest = inRun.compactMap({ frequencies[$0].map { $0.written > 0 ? $0.written : $0.anyForm } }).min(),
                      let others = frequencies.filter({ !inRun.contains($0.key) }).map(\.value.anyForm).min() else { return false }
                return rarest <= others
            }
        }
        let first = try naming(titles(\.first))
        guard first.isEmpty else { return (first, false) }
        // A first word read as a slip for another ("linxt lego": libnxt) may be the name.
        let firstMisspelt = (isCorrected && Words.lowercased(typed).first != words.first)
            || rareWordsCorrected.map { Words.lowercased($0).first != words.first } ?? false
        guard !partial, !firstMisspelt else { return ([], false) }
        let last = try naming(titles(\.last))
        return (last, !last.isEmpty)
    }

    /// The slips read several ways (`otherSpellings`) whose reading the text's other words confirm:
    /// more entities have it with every other word (as written or stemmed) than have each other
    /// reading with them, twice as many at least ("camke build system": cmake is in 31 entities
    /// with "build" and "system", came and cake in none). A slip alone is confirmed by nothing.
    private func confirmedReadings(in database: Database, stopwords: Set<String>, stemmers: [Stemmer]) throws(XapianError) -> Set<String> {
        var confirmed = Set<String>()
        for (reading, alternatives) in otherSpellings where words.contains(reading) {
            let others = Set(words).subtracting([reading]).filter { !stopwords.contains($0) }
            guard !others.isEmpty else { continue }
            func anyForm(_ word: String) throws(XapianError) -> Query {
                try Query.combine(.or, [Query.term(word)] + stemmers.map { stemmer throws(XapianError) in Query.term(IndexTerms.stemPrefix + (try stemmer.stem(word))) })
            }
            let context = try others.sorted().map(anyForm)
            func count(_ word: String) throws(XapianError) -> Int {
                let enquire = try Enquire(database: database)
                enquire.query = try Query.combine(.and, [Query.term(word)] + context)
                return try enquire.matches(offset: 0, limit: 0, checkAtLeast: Self.confirmationCount).estimatedTotal
            }
            let found = try count(reading)
            guard found > 0 else { continue }
            var unrivalled = true
            for alternative in alternatives where unrivalled { unrivalled = try count(alternative) * 2 <= found }
            if unrivalled { confirmed.insert(reading) }
        }
        return confirmed
    }

    /// How many entities a reading's count with the other words goes up to (`confirmedReadings`).
    static let confirmationCount = 1_000

    /// The text with its word being typed completed by each word it begins (`completionWords`,
    /// those it stems alike too): what an entity's whole title may be as the typist finishes it
    /// ("thunde": "thunderbird"; "emac": "emacs"); for a finished word, the names it shortens
    /// (`shortNames`). Empty unless plain words end in a partial word or a name typed short.
    ///
    /// ```swift
    /// text.completions   // ["gnome terminal", "gnome terminals"] for "gnome termi", typed
    /// ```
    var completions: [String] {
        guard let (head, last) = plainWords else { return [] }
        guard partial else { return shortNames[last] ?? [] }
        return (completionWords[last] ?? []).map { head.isEmpty ? $0 : head + " " + $0 }
    }

    /// `phrase` (this text, or a run of its words) spelt otherwise: for each of its words with
    /// `otherSpellings` or `stemSpellings`, the phrase with that word spelt each other way. What an
    /// entity's whole title may be as well (`Ranking.wholeTitleBoost`).
    ///
    /// ```swift
    /// text.otherSpellings(of: "fdutils")   // ["findutils"]: "fndutils" is one edit from both
    /// ```
    func otherSpellings(of phrase: String) -> [String] {
        guard !otherSpellings.isEmpty || !joinedWords.isEmpty || !stemSpellings.isEmpty else { return [] }
        let runs = Self.runs(of: phrase)
        var spelt: [String] = []
        for (index, run) in runs.enumerated() where run.isWord {
            let word = String(run.text)
            for other in (otherSpellings[word] ?? []) + (stemSpellings[word.lowercased()] ?? []) {
                spelt.append(runs.indices.map { $0 == index ? other : String(runs[$0].text) }.joined())
            }
        }
        for join in joinedWords {
            for index in runs.indices.dropLast(2) {
                guard let pair = Self.spacedPair(runs, at: index), pair.first == join.first else { continue }
                // A version joins whole ("php 8.2"): its dots and digits are the second word.
                let number = Self.dottedNumber(runs, at: index + 2)
                guard (number ?? pair.second) == join.second else { continue }
                let before = runs[..<index].map { String($0.text) }
                let after = runs[(index + 3 + (number.map { $0.split(separator: ".").count - 1 } ?? 0) * 2)...].map { String($0.text) }
                spelt.append((before + [join.joined] + after).joined())
            }
        }
        return spelt
    }

    /// The words at `index` and `index + 2` of `runs`, lower-cased, when only spaces, or a hyphen
    /// or a dot joining them, stand between them ("wire shark", "wire-shark", "e-mail", "node.js");
    /// nil otherwise.
    private static func spacedPair(_ runs: [(text: Substring, isWord: Bool)], at index: Int) -> (first: String, second: String)? {
        let (first, between, second) = (runs[index], runs[index + 1], runs[index + 2])
        guard first.isWord, second.isWord, !between.isWord,
              between.text.allSatisfy(\.isWhitespace) || isJoiningHyphen(at: index + 1, of: runs) || between.text == "." else { return nil }
        return (first.text.lowercased(), second.text.lowercased())
    }

    /// The number of digits and dots that begins at word run `index` ("8.2", "1.0.2"), as Xapian's
    /// term generator and query parser keep it, one term; nil when the run is no number followed
    /// by a dot and digits.
    private static func dottedNumber(_ runs: [(text: Substring, isWord: Bool)], at index: Int) -> String? {
        func isDigits(_ run: (text: Substring, isWord: Bool)) -> Bool { run.isWord && run.text.unicodeScalars.allSatisfy { $0.properties.numericType == .decimal } }
        guard isDigits(runs[index]) else { return nil }
        var number = String(runs[index].text)
        var next = index + 1
        while next + 1 < runs.count, runs[next].text == ".", isDigits(runs[next + 1]) {
            number += "." + runs[next + 1].text
            next += 2
        }
        return next > index + 1 ? number : nil
    }

    /// The most words a finished word and the word being typed make together (`wordsWrittenTogether`).
    static let joinedCompletions = 3
    /// The most words that follow a finished word in titles and begin the word being typed, which
    /// it expands to before the index's commonest (`lookUp`).
    static let titlePairCompletions = 3

    /// The pairs (and runs of three) of neighbouring words, the first finished and not a number, only spaces or a
    /// joining hyphen or dot between them, that the index has written as one word, neither a
    /// stopword nor a word of the text ("libre office": "libreoffice", "find utils": "findutils",
    /// "e-mail": "email", "node.js": "nodejs"): how people split a name they are
    /// unsure of, and what Meilisearch matches by default. A word being typed joins as a prefix:
    /// the pair then makes each of the `joinedCompletions` most frequent words that begin with it
    /// ("libre off": "libreoffice"). In plain words and in questions and short sentences, not in
    /// long descriptions (as `correctedSpelling`), at one look-up per pair.
    ///
    /// - Parameters:
    ///   - database: The index whose words are looked up.
    ///   - stopwords: The query language's stopwords, which a joined word may not be ("in to").
    /// - Returns: Each pair with the word it makes, in the text's order.
    /// - Throws: `XapianError` when the index cannot be read.
    ///
    /// ```swift
    /// try QueryText("word press themes", typing: false, stopwords: []).wordsWrittenTogether(in: database, stopwords: [])
    /// // [("word", "press", "wordpress")]
    /// ```
    func wordsWrittenTogether(in database: Database, stopwords: Set<String>) throws(XapianError) -> [(first: String, second: String, joined: String)] {
        let runs = runs
        guard plainWords != nil || (Self.isSentence(runs) && !isVerbose), runs.count >= 3 else { return [] }
        let typedWord = isTyping ? runs.lastIndex(where: \.isWord) : nil
        func joinable(_ word: String) -> Bool { !word.unicodeScalars.contains(where: TextAnalyzer.isUnspaced) }
        var found: [(first: String, second: String, joined: String)] = []
        for index in runs.indices.dropLast(2) {
            guard let pair = Self.spacedPair(runs, at: index), pair.first.contains(where: \.isLetter),
                  joinable(pair.first), joinable(pair.second) else { continue }
            // A version after a name is the whole number the parser reads ("php 8.2": php8.2).
            let second = Self.dottedNumber(runs, at: index + 2) ?? pair.second
            let joined = pair.first + second
            let candidates = index + 2 == typedWord
                ? try Searcher.mostFrequentWords(beginning: joined, limit: Self.joinedCompletions, database: database)
                : try database.termFrequency(joined) > 0 ? [joined] : []
            for word in candidates where !stopwords.contains(word) && !words.contains(word) && !found.contains(where: { $0.joined == word }) {
                found.append((pair.first, second, word))
            }
        }
        // Three finished words that make one ("super tux kart": supertuxkart), each neighbouring
        // pair with it, so that each of the three words matches it.
        for index in runs.indices.dropLast(4) where index + 4 != typedWord {
            guard let pair = Self.spacedPair(runs, at: index), let next = Self.spacedPair(runs, at: index + 2),
                  pair.first.contains(where: \.isLetter), [pair.first, pair.second, next.second].allSatisfy(joinable) else { continue }
            let joined = pair.first + pair.second + next.second
            guard !found.contains(where: { $0.joined == joined }), try database.termFrequency(joined) > 0 else { continue }
            found += [(pair.first, pair.second, joined), (next.first, next.second, joined)]
        }
        return found
    }

    /// The corrected text as the entity `docid` spells it (nil: as corrected): each word with
    /// `otherSpellings` that the entity does not have as written, replaced by the first of those
    /// it has. The correction a search reports is the one its first result bears out; when the
    /// entity's words cannot be read (a shard out of reach), the text as corrected.
    ///
    /// ```swift
    /// text.spelling(of: firstResult, database: database)   // "chktex warnings", not "ctex warnings"
    /// ```
    func spelling(of docid: UInt32?, database: Database) -> String {
        guard let docid, !otherSpellings.isEmpty else { return trimmed }
        func has(_ word: String) throws(XapianError) -> Bool {
            var found = false
            try database.forEachTerm(ofDocument: docid, withPrefix: word) { term, _ in
                found = term == word
                return false
            }
            return found
        }
        var replaced: [String: String] = [:]
        do {
            for (word, others) in otherSpellings where try !has(word) {
                for other in others where try has(other) {
                    replaced[word] = other
                    break
                }
            }
        } catch {
            return trimmed
        }
        guard !replaced.isEmpty else { return trimmed }
        return runs.map { run in run.isWord ? replaced[String(run.text)] ?? String(run.text) : String(run.text) }.joined()
    }

    /// The text with each word that typo tolerance may correct and that no entity has spelt as the
    /// index's closest word (or, when none is close, as the two index words it joins:
    /// `CompoundWords`), and each that only a few have (`TypoCorrections.rareFrequency`) as a word
    /// one slip away that many times more have (`TypoCorrections.commonNeighbour`); nil when no
    /// word changes. Plain words come back lower-cased and joined by spaces; a question or a short
    /// sentence (`isSentence(_:)`, not `isVerbose`) keeps its other words and punctuation as written. A
    /// long text with punctuation is a description, where a word the index lacks is more often a
    /// rare term than a typo (CISI nDCG@10 0.423 → 0.419 when corrected), and is left alone.
    /// `replacesText` when a word no entity has changed (the typed text would find nothing for it),
    /// false when only rare words did (their entities stay found); `otherSpellings` of each word
    /// that no entity has, the other words as close to it. A word being typed is left alone while
    /// some word begins with it, and so are the words in `kept`.
    private func correctedSpelling(in database: Database, stopwords: Set<String>, keeping kept: Set<String>,
                                   stemmers: [StemmerScope]) throws(XapianError) -> (text: String, replacesText: Bool, otherSpellings: [String: [String]])? {
        let plain = plainWords != nil
        let runs = runs
        guard plain || (Self.isSentence(runs) && !isVerbose) else { return nil }
        let words = runs.filter(\.isWord).count
        // A few words, not a question: keywords rather than a sentence.
        let keywords = words <= Ranking.longestNamingText && !isQuestion
        var changed = false, replaces = false
        var spelt = ""
        var otherSpellings: [String: [String]] = [:]
        var position = 0
        for run in runs {
            guard run.isWord else {
                spelt += plain ? " " : String(run.text)
                continue
            }
            let word = run.text.lowercased()
            let beingTyped = partial && position == words - 1
            position += 1
            if keywords, !beingTyped, !stopwords.contains(word), !kept.contains(word),
               let name = try Self.shortNameSpelling(of: word, stemmers: stemmers, database: database) {
                spelt += name
                changed = true
                replaces = true
                continue
            }
            guard TypoCorrections.isCorrectable(word), !stopwords.contains(word), !kept.contains(word) else {
                spelt += plain ? word : String(run.text)
                continue
            }
            let frequency = try database.termFrequency(word)
            // A word no entity has as written but whose stem is indexed is inflected, not mistyped,
            // and its stem finds it ("الفريقين", the two teams, is not "الطريقين", the two roads,
            // one letter away). In a few keywords, though (`keywords`), where words come as
            // dictionaries list them, a word one slip away that more entities have than every
            // form of that stem together, and that is no stopword, is searched beside it, as a
            // rare word's common neighbour is ("openssh sever": "sever" stems as "several" and
            // "severe" do, in 1,947 entities of debian-x1; "server" is in 5,179). In sentences,
            // forms of one word are one slip apart ("wollen", "wollten").
            let stemmed = frequency == 0 && !beingTyped ? try Self.stemFrequency(of: word, inLanguagesOf: stemmers, database: database) : 0
            // A rare word some entity's title has is part of a name, spelt as meant ("nload", not
            // "load"; "traymanager"): its slips are not looked up.
            let names = frequency > 0 ? try database.termFrequency(IndexTerms.completionPrefix + word) > 0 : false
            guard frequency <= TypoCorrections.rareFrequency, !names,
                  try (beingTyped ? database.mostFrequentTerms(withPrefix: word, limit: 2).count : 0) <= (frequency == 0 ? 0 : 1),
                  var spellings = try stemmed > 0
                    ? try (keywords ? TypoCorrections.commonNeighbour(of: word, frequency: 0, database: database) : nil)
                        .flatMap({ $0.entities > stemmed && !stopwords.contains($0.word) ? [$0.word] : nil })
                    : frequency == 0 ? Self.closestSpellings(of: word, beingTyped: beingTyped, database: database)
                                     : TypoCorrections.commonNeighbour(of: word, frequency: frequency, database: database).map({ [$0.word] }),
                  !spellings.isEmpty else {
                spelt += plain ? word : String(run.text)
                continue
            }
            // A spelling another word was typed as is meant there, as written, and seldom twice
            // ("krganizer organizer": korganizer), unless there is no other.
            let unlike = spellings.filter { !self.words.contains($0) }
            if !unlike.isEmpty { spellings = unlike }
            let correction = spellings[0]
            spelt += correction
            if spellings.count > 1, otherSpellings[correction] == nil, !self.words.contains(correction) {
                otherSpellings[correction] = Array(spellings.dropFirst())
            }
            changed = true
            replaces = replaces || (frequency == 0 && stemmed == 0)
        }
        return changed ? (spelt, replaces, otherSpellings) : nil
    }

    /// A whole title of two words that `word` is written together ("obsstudio": obs-studio,
    /// "dockerio": docker.io), as those words joined by a hyphen, as package names are; nil when
    /// no split of it is an entity's whole title. One look-up per split.
    private static func titleWrittenTogether(_ word: String, database: Database) throws(XapianError) -> String? {
        let letters = Array(word)
        guard letters.count >= 2 * shortestTitleWord else { return nil }
        for cut in shortestTitleWord...(letters.count - shortestTitleWord) {
            let head = String(letters[..<cut]), tail = String(letters[cut...])
            if try database.termFrequency(IndexTerms.wholeTitle([head, tail])) > 0 { return head + "-" + tail }
        }
        return nil
    }

    /// For each of `words` but stopwords, its stem by `stemmer` and the related agent-noun or verb
    /// stems the index has (`agentStems`): a verb's nouns (`AgentNouns.nouns(ofVerb:)`), or a
    /// noun's verb, the stem of its present participle where the index has that word
    /// (`AgentNouns.presentParticiple(of:)`); but for names: a word or related word that is an
    /// entity's whole title names it ("blender" is no "blend", nor "hunter" a "hunt"). A look-up
    /// of each candidate, and of the titles only for a word with one the index has.
    private static func agentStems(of words: [String], stemmer: Stemmer, stopwords: Set<String>,
                                   database: Database) throws(XapianError) -> [String: [String]] {
        var related: [String: [String]] = [:]
        for word in words.map({ $0.lowercased() }) where !stopwords.contains(word) {
            let stem = try stemmer.stem(word)
            guard related[stem] == nil else { continue }
            var candidates: [(stem: String, word: String)] = AgentNouns.nouns(ofVerb: stem).map { ($0, $0) }
            if let participle = AgentNouns.presentParticiple(of: stem), try database.termFrequency(participle) > 0 {
                let verb = try stemmer.stem(participle)
                if verb != stem { candidates.append((verb, String(participle.dropLast(3)))) }
            }
            // The rare stems first: most candidates are no word ("pdfer"), and then no title is looked up.
            var found: [String] = []
            for candidate in candidates where try database.termFrequency(IndexTerms.stemPrefix + candidate.stem) > 0 {
                if try database.termFrequency(IndexTerms.wholeTitle([candidate.word])) == 0 { found.append(candidate.stem) }
            }
            if !found.isEmpty, try database.termFrequency(IndexTerms.wholeTitle([word])) == 0 { related[stem] = found }
        }
        return related
    }

    /// For each of `words` but stopwords, its stem by `stemmer` and the stems of its other forms
    /// (`Language.otherForms(of:)`: the other number, the other spelling; none a stopword) that the
    /// index has, where they differ: "ciudad" with the "ciudad" of "ciudades" (a stem "ciud"),
    /// "colours" with the "color" of "color". A look-up of each candidate's stem.
    private static func otherFormStems(of words: [String], in language: Language, stemmer: Stemmer, stopwords: Set<String>,
                                       database: Database) throws(XapianError) -> [String: [String]] {
        var related: [String: [String]] = [:]
        for word in words.map(TextNormalizer.normalized) where !stopwords.contains(word) {
            let stem = try stemmer.stem(word)
            guard related[stem] == nil else { continue }
            var found: [String] = []
            for form in language.otherForms(of: word) where !stopwords.contains(form) {
                let other = try stemmer.stem(form)
                if other != stem, !found.contains(other), try database.termFrequency(IndexTerms.stemPrefix + other) > 0 { found.append(other) }
            }
            if !found.isEmpty { related[stem] = found }
        }
        return related
    }

    /// The fewest letters of each word of a title written together (`titleWrittenTogether`).
    static let shortestTitleWord = 2

    /// What a word too short for typo tolerance (three or four letters, `TypoCorrections.allowedEdits`)
    /// is searched as when no entity has it in any form: the title word one slip away
    /// (`EntityIndex.closestTitleWord`), a name typed short ("ngnx": nginx; "rsnc file sync":
    /// rsync). Nothing matches the word as typed, so no exact match is outranked; nil when it
    /// has digits, is in a script without spaces, or no title word is one slip away.
    private static func shortNameSpelling(of word: String, stemmers: [StemmerScope], database: Database) throws(XapianError) -> String? {
        let letters = word.unicodeScalars
        guard TypoCorrections.allowedEdits(word) == 0, letters.count >= 3, letters.allSatisfy({ $0.properties.isAlphabetic }), !isUnspaced(word),
              try database.termFrequency(word) == 0, try stemFrequency(of: word, inLanguagesOf: stemmers, database: database) == 0,
              let closest = try EntityIndex.closestTitleWord(to: word, database: database), closest.distance == 1 else { return nil }
        return closest.word
    }

    /// Whether text cut into `runs` is words and sentence punctuation only (a question, a sentence,
    /// a name of words joined by hyphens: "openssh-server"): no quote, colon, hyphen before a word
    /// (a negation) or other character the query parser reads as syntax.
    private static func isSentence(_ runs: [(text: Substring, isWord: Bool)]) -> Bool {
        runs.indices.allSatisfy { index in
            let run = runs[index]
            return run.isWord || isJoiningHyphen(at: index, of: runs)
                || run.text.unicodeScalars.allSatisfy { $0.properties.isWhitespace || Self.sentencePunctuation.contains($0) }
        }
    }

    /// Whether the run at `index` of `runs` is a hyphen joining the words either side of it
    /// ("network-manager"), not one negating the word after it ("-draft").
    private static func isJoiningHyphen(at index: Int, of runs: [(text: Substring, isWord: Bool)]) -> Bool {
        runs[index].text == "-" && index > 0 && index + 1 < runs.count
    }

    /// Punctuation of sentences, which the query parser passes over.
    static let sentencePunctuation: Set<Unicode.Scalar> = sentenceEnds.union([",", ".", "\u{2026}", "\u{060C}", "\u{061B}", "\u{3001}", "\u{FF0C}", "\u{00BF}", "\u{00A1}"])

    /// For each of `words` no entity has as written whose stem in one of `stemmers` some have, the
    /// (at most `TypoCorrections.spellingLimit`) index words beginning with that stem that stem to
    /// it, the most frequent first, among the twice as many most frequent that begin with it.
    private static func stemSpellings(of words: some Sequence<String>, stemmers: [StemmerScope],
                                      database: Database) throws(XapianError) -> [String: [String]] {
        var found: [String: [String]] = [:]
        for word in Set(words) where TypoCorrections.isCorrectable(word) && found[word] == nil {
            guard try database.termFrequency(word) == 0 else { continue }
            for scope in stemmers {
                let stemmer = scope.stemmer
                let stem = try stemmer.stem(word)
                guard !stem.isEmpty, try scope.frequency(of: IndexTerms.stemPrefix + stem, database: database) > 0 else { continue }
                var spellings: [String] = []
                for (term, _) in try database.mostFrequentTerms(withPrefix: stem, limit: 2 * TypoCorrections.spellingLimit)
                where term != word && spellings.count < TypoCorrections.spellingLimit {
                    if try stemmer.stem(term) == stem { spellings.append(term) }
                }
                if !spellings.isEmpty {
                    found[word] = spellings
                    break
                }
            }
        }
        return found
    }

    /// How many entities have `word` in some form of their own language: the most that have its
    /// stem in one of `scopes` among the entities of that stemmer's language (among every entity,
    /// one term frequency, for a scope without entities). In an index mixing
    /// languages, a stem another language's text holds is not the word inflected: "kafkaa" stems
    /// as "kafka" in French, but only a German entity says "Kafka", so the word is a slip.
    static func stemFrequency(of word: String, inLanguagesOf scopes: [StemmerScope], database: Database) throws(XapianError) -> Int {
        var most = 0
        for scope in scopes { most = max(most, try scope.frequency(of: IndexTerms.stemPrefix + scope.stemmer.stem(word), database: database)) }
        return most
    }

    /// Those of `words` that the index has only with an umlaut written as two letters collapsed
    /// (`umlautSpelt`), as written or as `stemmers` stem it. One look-up or two per such word.
    private static func umlautSpelt(_ words: [String], stemmers: [StemmerScope], database: Database) throws(XapianError) -> Set<String> {
        var spelt: Set<String> = []
        for word in Set(words) {
            guard let collapsed = TextNormalizer.umlautSpellings(of: word).first, try database.termFrequency(word) == 0 else { continue }
            var indexed = try database.termFrequency(collapsed) > 0
            if !indexed { indexed = try stemFrequency(of: collapsed, inLanguagesOf: stemmers, database: database) > 0 }
            if indexed { spelt.insert(word) }
        }
        return spelt
    }

    /// What a word no entity has is searched as: the words it joins by underscores, as identifiers
    /// write names ("openssh_server", "python3_requests"), when the index has each, joined by
    /// hyphens as package names are (so searched as those are: each word, and the phrase ranked
    /// first); else the index's closest words one edit away; else an entity's whole title of two
    /// words that it writes together, hyphen-joined (`titleWrittenTogether`: "obsstudio");
    /// else the index's closest words within the edits it is forgiven, the one most
    /// entities have first, else (unless it is still being typed) the two index words it is made
    /// of (`CompoundWords`), separated by a space; nil when there is none of these.
    /// A word with digits is a name, and only its slips are looked up (`commonNeighbour`: a letter
    /// swapped, missed or doubled, "fial2ban"), not the words sharing its first letters scanned:
    /// most such words the index holds otherwise ("libsndio7" of "libsndio7.0"), where the scan
    /// found nothing in 2 to 5 ms (debian-x1's search.txt, the slowest queries).
    private static func closestSpellings(of word: String, beingTyped: Bool, database: Database) throws(XapianError) -> [String]? {
        let parts = word.split(separator: "_").map(String.init)
        if parts.count > 1 {
            var indexed = true
            for part in parts where indexed { indexed = try database.termFrequency(part) > 0 }
            if indexed { return [parts.joined(separator: "-")] }
        }
        if !TypoCorrections.digits(of: word.unicodeScalars).isEmpty {
            if let together = try Self.titleWrittenTogether(word, database: database) { return [together] }
            return try TypoCorrections.commonNeighbour(of: word, frequency: 0, database: database).map { [$0.word] }
        }
        if !beingTyped, let syllables = try Self.syllablesWrittenTogether(word, database: database) { return [syllables] }
        let corrections = try TypoCorrections.corrections(of: word, completing: beingTyped, database: database)
        // A title written together is a hyphen left out, one slip: it reads before a spelling two
        // letters away ("obsstudio"), not before one a letter away ("nodeejs" is nodejs, not node-ejs).
        var distance = EditDistance(limit: 1)
        if let first = corrections.first, distance.between(word.unicodeScalars, first.word.unicodeScalars) <= 1 { return corrections.map(\.word) }
        if let together = try Self.titleWrittenTogether(word, database: database) { return [together] }
        if !corrections.isEmpty { return corrections.map(\.word) }
        guard !beingTyped else { return nil }
        if let parts = try CompoundWords.split(word, database: database) { return [parts.head + " " + parts.tail] }
        return try CompoundWords.longestPart(of: word, database: database).map { [$0] }
    }

    /// The two neighbouring syllables `word` writes together, in an index of a language written in
    /// syllables that pairs them (`TextAnalyzer.syllablePairs`): "hanoi" is "ha noi" (Hà Nội),
    /// "danang" "da nang", "saigon" "sai gon", where a one-edit spelling ("dang") is another word.
    /// The split whose pair most entities have; nil when no entity has one, and at once in an
    /// index with no syllable pairs (one look-up). One look-up per split point.
    ///
    /// ```swift
    /// try QueryText.syllablesWrittenTogether("hanoi", database: vietnamese)   // "ha noi"
    /// ```
    static func syllablesWrittenTogether(_ word: String, database: Database) throws(XapianError) -> String? {
        let letters = Array(word.unicodeScalars)
        guard letters.count >= 4, letters.count <= longestSyllablePair, letters.allSatisfy(\.properties.isAlphabetic) else { return nil }
        guard try database.hasTerms(withPrefix: IndexTerms.syllablePairPrefix) else { return nil }
        var best: (pair: String, count: Int)?
        for cut in 1..<letters.count {
            let pair = String(String.UnicodeScalarView(letters[..<cut])) + " " + String(String.UnicodeScalarView(letters[cut...]))
            let count = try database.termFrequency(IndexTerms.syllablePairPrefix + pair)
            if count > best?.count ?? 0 { best = (pair, count) }
        }
        return best?.pair
    }

    /// The one-word whole titles that `word` begins and that run on for at most
    /// `Ranking.shortNameTail` letters (`shortNames`): a walk of the whole-title terms that begin
    /// with it, from past those of several words (a space sorts first: "node glob", "node mkdirp",
    /// …), of at most `shortNameScan` terms. Empty for a word of fewer than `Ranking.shortestShortName`
    /// letters, or with other than letters and digits.
    ///
    /// ```swift
    /// try QueryText.wholeTitles(shortenedTo: "postgres", database: debian)   // ["postgresql"]
    /// ```
    static func wholeTitles(shortenedTo word: String, database: Database) throws(XapianError) -> [String] {
        guard word.unicodeScalars.count >= Ranking.shortestShortName,
              word.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) }) else { return [] }
        let prefix = IndexTerms.wholeTitle([word])
        var titles: [String] = []
        var scanned = 0
        try database.forEachTerm(withPrefix: prefix, from: prefix + "!") { term, _ in
            scanned += 1
            let tail = String(decoding: term.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
            if !tail.contains(" "), tail.unicodeScalars.count <= Ranking.shortNameTail { titles.append(word + tail) }
            return scanned < shortNameScan
        }
        return titles
    }

    /// The most whole-title terms `wholeTitles(shortenedTo:database:)` reads.
    static let shortNameScan = 64

    /// The most letters of two syllables written together (`syllablesWrittenTogether`): Vietnamese
    /// syllables have up to seven ("nghiêng").
    static let longestSyllablePair = 14

    /// A variant of a text: typed as the text it replaces a name of, with the exact forms it keeps.
    private init(_ text: String, typing: Bool, partial: Bool, exactForms: [(exact: String, folded: String)], typed: String) {
        let trimmed = text.trimming(\.isWhitespace)
        self.init(text, trimmed: trimmed, plainWords: Self.plainWords(trimmed), isTyping: typing, partial: partial, exactForms: exactForms,
                  typed: typed)
    }

    /// The `Searcher.partialExpansionLimit` most frequent words beginning with `prefix` (`all`,
    /// but the prefix itself), and those of them its stemmed term does not already match
    /// (`unmatched`: less the words sharing its stem, when `stemmer` is the one every type is
    /// stemmed with and the prefix begins with a letter: Xapian stems no other words).
    static func expansions(of prefix: String, database: Database, stemmer: Stemmer?) throws(XapianError) -> (unmatched: [String], all: [String]) {
        let found = try Searcher.mostFrequentWords(beginning: prefix, limit: Int(Searcher.partialExpansionLimit), database: database)
        // The word as typed is no completion: its whole title gains the whole boost already.
        let all = found.filter { $0 != prefix }
        guard let stemmer, prefix.first?.isLetter == true else { return (found, all) }
        let stem = try stemmer.stem(prefix)
        var kept: [String] = []
        for word in found where try stemmer.stem(word) != stem { kept.append(word) }
        return (kept, all)
    }

    /// Whether `text` ends in a letter or digit, or in marks on one (a virama: "दिल्" is typed on
    /// the way to "दिल्ली"): its last word is not finished yet.
    static func endsInWord(_ text: String) -> Bool {
        guard let last = text.unicodeScalars.last(where: { !isMark($0) }) else { return false }
        return last.properties.isAlphabetic || ("0"..."9").contains(last)
    }

    /// Whether `scalar` is a combining mark (nonspacing, spacing or enclosing), which belongs to the letter before it.
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
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

    /// The words Xapian's query parser reads as operators.
    static let operators: Set<String> = ["AND", "OR", "NOT", "XOR", "NEAR", "ADJ"]

    /// Whether the word being typed at the end of plain-word text is a stopword that follows a
    /// word that is not one ("dicomscope of"): it waits for its next letter, and the text is searched
    /// as the finished words are, without it. As a word it would match nearly every entity, and as
    /// a title prefix it would narrow the words before it to titles that happen to begin with it.
    static func waitsForNextLetter(_ plainWords: (head: String, last: String)?, stopwords: Set<String>) -> Bool {
        guard !stopwords.isEmpty, let (head, last) = plainWords, stopwords.contains(last) else { return false }
        return Words.lowercased(head).contains { !stopwords.contains($0) }
    }
}
