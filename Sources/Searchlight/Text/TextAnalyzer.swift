import XapianIndex

/// The one analysis of text in a language, the same for indexing and for querying: `prepare(_:)`
/// gives the text to hand to Xapian's TermGenerator, which splits it into words and stems them
/// (`makeStemmer()`: the language's Snowball `stemmer`, or its `truncation`), CJK as n-grams when
/// `usesCJKNGrams` (`TermGenerator.cjkNGrams`). Queries are
/// folded the same way (`Searcher.normalized`, which keeps operators and field names) and their
/// CJK runs written as the same n-gram terms (`cjkNGrams(_:)`), then parsed with `stemmer` and
/// `stopwords`.
///
/// ```swift
/// let analyzer = TextAnalyzer(language: Language("fr")!)
/// analyzer.prepare("L’Étranger de Camus")  // "etranger de camus"
/// analyzer.stemmer                         // "french"
/// ```
public struct TextAnalyzer: Sendable {
    /// The language whose analysis this is.
    ///
    /// ```swift
    /// TextAnalyzer(language: .english).language.code  // "en"
    /// ```
    public let language: Language

    /// The analysis of text in `language`.
    ///
    /// ```swift
    /// let german = TextAnalyzer(language: Language("de")!)
    /// ```
    public init(language: Language) {
        self.language = language
    }

    /// The Snowball stemmer to give Xapian (nil: none; the words are then stemmed by `truncation`,
    /// or not at all).
    ///
    /// ```swift
    /// TextAnalyzer(language: Language("es")!).stemmer  // "spanish"
    /// ```
    public var stemmer: String? { language.xapianStemmer }

    /// How many characters of a word are its stem, for a language stemmed by truncation.
    ///
    /// ```swift
    /// TextAnalyzer(language: Language("el")!).truncation  // 5
    /// ```
    public var truncation: Int? { language.truncation }

    /// The stemmer of the language's words, for Xapian's TermGenerator and QueryParser: Snowball's
    /// `stemmer`, else truncation to `truncation` characters; nil when words are not stemmed.
    func makeStemmer() throws(XapianError) -> Stemmer? {
        if let stemmer { return try Stemmer(language: stemmer) }
        return try truncation.map { (length: Int) throws(XapianError) in try Stemmer(truncatingTo: length) }
    }

    /// The words the query parser drops, written as `prepare(_:)` writes them (folded).
    ///
    /// ```swift
    /// TextAnalyzer(language: Language("fr")!).stopwords.contains("ete")  // true ("été")
    /// ```
    public var stopwords: Set<String> { language.stopwords }

    /// Whether Xapian's CJK n-grams are on when indexing: true in every language. Xapian applies
    /// them only to spans of Chinese, Japanese and Korean characters, which have no spaces between
    /// words in any language's text (a Japanese title in an English index too); other text is
    /// unaffected, so there is nothing to lose by having them on.
    ///
    /// ```swift
    /// generator.cjkNGrams = analyzer.usesCJKNGrams
    /// ```
    public var usesCJKNGrams: Bool { true }

    /// The text to hand to Xapian for indexing: folded (`TextNormalizer`), Chinese in simplified
    /// characters (`Language.writesChinese`), the language's elided articles dropped (`splittingElisions(_:language:)`), German umlauts
    /// spelled as two letters collapsed (`TextNormalizer.umlautSpellings(of:)`), and spans of
    /// Thai, Lao, Khmer and Myanmar cut into pairs and triples of characters (`segmented(_:grams:)`). ASCII text
    /// without apostrophes is only lower-cased (and, in German, its "ue" "oe" "ae" collapsed).
    ///
    /// ```swift
    /// TextAnalyzer(language: Language("de")!).prepare("Müller, MUELLER")  // "muller, muller"
    /// TextAnalyzer(language: Language("it")!).prepare("Storia dell'arte")  // "storia arte"
    /// TextAnalyzer(language: Language("th")!).prepare("ข้าวผัด")              // "ข้า าว วผั ผัด ข้าว าวผั วผัด"
    /// ```
    public func prepare(_ text: String) -> String {
        let summary = TextNormalizer.ASCIISummary(text)
        var prepared: String
        if summary.isASCII {
            let joined = summary.hasInitials ? TextNormalizer.joiningInitials(text) : text
            prepared = summary.hasCapitals ? TextNormalizer.asciiLowercased(joined) : joined
        } else {
            prepared = TextNormalizer.foldingUnicode(summary.hasInitials ? TextNormalizer.joiningInitials(text) : text)
        }
        if summary.hasApostrophe { prepared = TextAnalyzer.splittingElisions(prepared, language: language) }
        if !summary.isASCII { prepared = TextAnalyzer.expandingContractedArticle(prepared, language: language) }
        if language.germanUmlautAlternates { prepared = TextNormalizer.collapsingUmlautSpellings(prepared) }
        if language.writesChinese, !summary.isASCII { prepared = TextNormalizer.simplifyingChinese(prepared) }
        if !summary.isASCII { prepared = TextAnalyzer.segmented(prepared, grams: TextAnalyzer.indexedGrams) }
        return prepared
    }

    /// The words of `text` that folding changes (accents and other diacritics, "ß", dotless "ı"),
    /// each as it is written, lower-cased and composed (NFC; Greek final "ς" as "σ", which is case,
    /// not spelling), beside its folded form. Indexed next to the folded words
    /// (`IndexTerms.exactFormPrefix`) and looked up for the words of a query, so that a query typed
    /// with accents ranks the spelling it typed above words that only fold alike, while a query
    /// typed without them finds both alike. Words folding leaves alone (ASCII) have none, nor have
    /// runs of a script written without spaces (CJK, Thai), searched by their characters: a run of
    /// traditional Chinese, which folding simplifies, is a phrase, not a spelling of a word.
    ///
    /// ```swift
    /// TextAnalyzer.exactForms("Café Müller, tiếng Việt").map(\.exact)  // ["café", "müller", "tiếng", "việt"]
    /// TextAnalyzer.exactForms("Cafe Mueller")                          // []
    /// ```
    public static func exactForms(_ text: String) -> [(exact: String, folded: String)] {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return [] }
        return writtenWords(text, changedOnly: true)
    }

    /// The stems of `forms` (words as written and folded, `exactForms`) where the stem of the word
    /// as written, folded, is not the stem of its folded form: each as (the folded form's stem, the
    /// written form's stem folded). Snowball's rules read the marks folding removes: Portuguese
    /// "navegação" and "navegações" are both "naveg" as written, but "navegaca" and "navegaco"
    /// folded, so the written stem is indexed beside the folded one's and searched for a word
    /// typed with its marks. Only for a Snowball `stemmer` of a language that stems written forms
    /// (`Language.stemsWrittenForms`): truncation cuts either form alike.
    ///
    /// ```swift
    /// let portuguese = try Stemmer(language: "portuguese")
    /// try TextAnalyzer.writtenStems(of: TextAnalyzer.exactForms("navegações"), stemmer: portuguese)   // [("navegaco", "naveg")]
    /// ```
    /// - Throws: `XapianError` when the stemmer fails.
    static func writtenStems(of forms: [(exact: String, folded: String)], stemmer: Stemmer) throws(XapianError) -> [(folded: String, written: String)] {
        var stems: [(folded: String, written: String)] = []
        for form in forms {
            let folded = try stemmer.stem(form.folded)
            let written = TextNormalizer.foldingUnicode(try stemmer.stem(form.exact))
            if written != folded { stems.append((folded, written)) }
        }
        return stems
    }

    /// Every word of `text` in order, as written (lower-cased, composed) and folded, as
    /// `exactForms` gives those that folding changes; with `changedOnly`, those alone.
    ///
    /// ```swift
    /// TextAnalyzer.writtenWords("Phở bò Hà Nội 2").map(\.exact)   // ["phở", "bò", "hà", "nội", "2"]
    /// ```
    static func writtenWords(_ text: String, changedOnly: Bool = false) -> [(exact: String, folded: String)] {
        var forms: [(exact: String, folded: String)] = []
        var word = String.UnicodeScalarView()
        var isASCII = true
        func flush() {
            defer {
                word.removeAll(keepingCapacity: true)
                isASCII = true
            }
            if isASCII {
                guard !changedOnly, !word.isEmpty else { return }
                let lowered = String(word).lowercased()
                forms.append((lowered, lowered))
                return
            }
            if changedOnly, word.contains(where: isUnspaced) { return }
            let written = String(word)
            let exact = TextNormalizer.lowercased(written)
            let folded = TextNormalizer.normalized(written)
            if !changedOnly || exact != folded { forms.append((exact, folded)) }
        }
        for scalar in text.unicodeScalars {
            if TextNormalizer.isWordCharacter(scalar) {
                word.append(scalar)
                if !scalar.isASCII { isASCII = false }
            } else if !word.isEmpty {
                flush()
            }
        }
        flush()
        return forms
    }

    /// The letter trigrams of `text`'s words (`Language.matchesTrigrams`): each run of three
    /// letters of every word of `trigramWordLength` letters or more, folded
    /// (`TextNormalizer.normalized`), in order, repeats kept; words in `stopwords` and words with a
    /// digit (numbers and ids match only as written) have none.
    ///
    /// ```swift
    /// TextAnalyzer.letterTrigrams("Die Universität Moskau", stopwords: ["die"])
    /// // ["uni", "niv", "ive", "ver", "ers", "rsi", "sit", "ita", "tat", "mos", "osk", "ska", "kau"]
    /// ```
    public static func letterTrigrams(_ text: String, stopwords: Set<String>) -> [String] {
        var trigrams: [String] = []
        var word = String.UnicodeScalarView()
        func flush() {
            defer { word.removeAll(keepingCapacity: true) }
            guard word.count >= trigramWordLength, !word.contains(where: { $0.properties.numericType != nil }) else { return }
            let folded = TextNormalizer.normalized(String(word))
            guard !stopwords.contains(folded) else { return }
            let letters = Array(folded.unicodeScalars)
            guard letters.count >= 3 else { return }
            for start in 0...(letters.count - 3) {
                var trigram = String.UnicodeScalarView()
                trigram.append(contentsOf: letters[start..<(start + 3)])
                trigrams.append(String(trigram))
            }
        }
        for scalar in text.unicodeScalars {
            if TextNormalizer.isWordCharacter(scalar) { word.append(scalar) } else { flush() }
        }
        flush()
        return trigrams
    }

    /// The fewest letters of a word with letter trigrams: a word of three is one trigram, itself.
    static let trigramWordLength = 4

    /// The pairs of neighbouring syllables of `text`, for a language that writes its words as
    /// syllables (`Language.pairsSyllables`): two words of letters with only spaces between them,
    /// neither one of the language's function words as written (`Language.functionWords`), each
    /// folded (`TextNormalizer.normalized`) and joined by a space. Function words are left out as
    /// they pair with every word: "là gì" says nothing of a passage.
    ///
    /// ```swift
    /// TextAnalyzer.syllablePairs("Có bao nhiêu dòng lục lạp?", language: Language("vi")!)  // ["dong luc", "luc lap"]
    /// ```
    public static func syllablePairs(_ text: String, language: Language) -> [String] {
        let functionWords = language.functionWords
        var pairs: [String] = []
        var previous: String?
        var word = String.UnicodeScalarView()
        var onlySpaces = true
        func flush() {
            defer { word.removeAll(keepingCapacity: true) }
            guard !word.isEmpty else { return }
            let written = String(word)
            guard written.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.generalCategory == .nonspacingMark }),
                  !functionWords.contains(TextNormalizer.lowercased(written)) else {
                previous = nil
                return
            }
            let folded = TextNormalizer.normalized(written)
            if let previous, onlySpaces { pairs.append(previous + " " + folded) }
            previous = folded
            onlySpaces = true
        }
        for scalar in text.unicodeScalars {
            if TextNormalizer.isWordCharacter(scalar) {
                word.append(scalar)
            } else {
                flush()
                if !scalar.properties.isWhitespace { onlySpaces = false }
            }
        }
        flush()
        return pairs
    }

    /// `text` with each word that begins with `language`'s contracted article
    /// (`Language.contractedArticle`) and has three letters or more after it written with the
    /// article in full, in documents and queries alike.
    ///
    /// ```swift
    /// TextAnalyzer.expandingContractedArticle("الشكل البسيط للعصيان", language: Language("ar")!)  // "الشكل البسيط العصيان"
    /// ```
    public static func expandingContractedArticle(_ text: String, language: Language) -> String {
        guard let (contracted, article) = language.contractedArticle, text.contains(contracted) else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = rest.firstRange(of: contracted) {
            let before = rest[..<range.lowerBound]
            let startsWord = before.last.map { !$0.isLetter } ?? result.last.map { !$0.isLetter } ?? true
            // Three letters after it are enough to tell (and bound the look-ahead of a long run).
            let after = rest[range.upperBound...].prefix(3)
            result += before
            result += startsWord && after.count == 3 && after.allSatisfy(\.isLetter) ? article : contracted
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    /// `text` without the elided articles and pronouns of `language` ("l'", "qu'", "dell'")
    /// joined by an apostrophe (' ’ ‛ ʼ) to the word that follows: "L'Étranger" reads "Étranger".
    /// Only at a word's start, only the language's own list (`Language.elisions`), in any case.
    /// The article is dropped rather than split off: it means nothing alone (every one is a
    /// stopword), and left joined Xapian would index "l'etranger" as one word that a query of
    /// "etranger" does not find. Other apostrophes stay ("aujourd'hui"). In a language that writes
    /// suffixes after an apostrophe (`Language.suffixesAfterApostrophe`), those are dropped
    /// instead: Turkish "Ali'nin", "1881'de" read "Ali", "1881".
    ///
    /// ```swift
    /// TextAnalyzer.splittingElisions("L’Étranger, qu'il lit", language: Language("fr")!)
    /// // "Étranger, il lit"
    /// ```
    public static func splittingElisions(_ text: String, language: Language) -> String {
        let elisions = language.elisions
        guard text.unicodeScalars.contains(where: TextNormalizer.isApostrophe) else { return text }
        if language.suffixesAfterApostrophe { return droppingSuffixesAfterApostrophes(text) }
        guard !elisions.isEmpty else { return text }
        let scalars = Array(text.unicodeScalars)
        var kept = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard index == 0 || !TextNormalizer.isWordCharacter(scalars[index - 1]), scalars[index].properties.isAlphabetic else {
                kept.append(scalars[index])
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, scalars[end].properties.isAlphabetic { end += 1 }
            if end - index <= 6, end + 1 < scalars.count, TextNormalizer.isApostrophe(scalars[end]),
               TextNormalizer.isWordCharacter(scalars[end + 1]),
               elisions.contains(String(String.UnicodeScalarView(scalars[index..<end])).lowercased()) {
                index = end + 1
                continue
            }
            kept.append(contentsOf: scalars[index..<end])
            index = end
        }
        return String(kept)
    }

    /// `text` without the letters that the last apostrophe of a word joins to it, and that
    /// apostrophe ("Ali'nin" reads "Ali", "O'Neill'ın" "O'Neill"), unless one letter alone comes
    /// before it ("O'Neill", "D'Artagnan" are names).
    private static func droppingSuffixesAfterApostrophes(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var kept = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard TextNormalizer.isWordCharacter(scalars[index]) else {
                kept.append(scalars[index])
                index += 1
                continue
            }
            // A word: runs of word characters joined by single apostrophes.
            var end = index, lastApostrophe: Int?
            while end < scalars.count {
                if TextNormalizer.isWordCharacter(scalars[end]) {
                    end += 1
                } else if TextNormalizer.isApostrophe(scalars[end]), end + 1 < scalars.count, scalars[end + 1].properties.isAlphabetic {
                    lastApostrophe = end
                    end += 1
                } else {
                    break
                }
            }
            let cut = lastApostrophe.map { $0 - index > 1 ? $0 : end } ?? end
            kept.append(contentsOf: scalars[index..<cut])
            index = end
        }
        return String(kept)
    }

    /// `text` with each span of Thai, Lao, Khmer or Myanmar letters (scripts written without
    /// spaces between words, which Xapian's CJK n-grams do not cover) as its overlapping runs of
    /// `grams` characters (grapheme clusters, so a vowel sign or tone mark stays on its consonant),
    /// separated by spaces; a span shorter than the shortest size stays as it is. Xapian then
    /// indexes each run as a word. Other text is unchanged.
    ///
    /// Documents are indexed as pairs and triples (`indexedGrams`), queries searched by triples
    /// (`searchedGrams`): a query's triples are a run of the document's, and rarer than pairs, so
    /// they rank the passage that holds the query's text above those sharing its common pairs
    /// (XQuAD's Thai questions: MRR@10 0.946 with pairs, 0.954 with triples, 0.940 with runs of
    /// four); a query of two characters, a short word, still finds it inside longer text by the
    /// document's pairs. No single characters: each would be a term of nearly every document.
    ///
    /// ```swift
    /// TextAnalyzer.segmented("ข้าวผัด")                          // "ข้าว าวผั วผัด"
    /// TextAnalyzer.segmented("ข้าวผัด", grams: TextAnalyzer.indexedGrams)  // "ข้า าว วผั ผัด ข้าว าวผั วผัด"
    /// TextAnalyzer.segmented("ไก่")                              // "ไก่"
    /// TextAnalyzer.segmented("ออกซิเจน-18")                     // "ออก อกซิ กซิเ ซิเจ เจน 18"
    /// TextAnalyzer.segmented("title:ข้าวผัด", fields: ["title"])  // "title:ข้าว title:าวผั title:วผัด"
    /// ```
    ///
    /// - Parameters:
    ///   - text: Document or query text.
    ///   - grams: The sizes of the runs to write.
    ///   - fields: The fields whose values are words: a span that is such a field's value
    ///     (`title:ข้าวผัด`) has the field on each of its runs (`fieldedGrams`).
    public static func segmented(_ text: String, grams: ClosedRange<Int> = searchedGrams, fields: Set<String> = []) -> String {
        // Every script concerned is encoded in UTF-8 from lead byte 0xE0 (U+0E00) up.
        guard text.utf8.contains(where: { $0 >= 0xE0 }), text.unicodeScalars.contains(where: isPaired) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count * (grams.count + 1))
        var span: [Character] = []
        func flushSpan() {
            guard !span.isEmpty else { return }
            var runs: [String] = []
            if span.count < grams.lowerBound {
                runs.append(String(span))
            } else {
                for size in grams where size <= span.count {
                    for start in 0...(span.count - size) { runs.append(String(span[start..<(start + size)])) }
                }
            }
            appendWords(runs, to: &result, fields: fields)
            span.removeAll(keepingCapacity: true)
        }
        for character in text {
            if let first = character.unicodeScalars.first, isPaired(first) {
                span.append(character)
                continue
            }
            if !span.isEmpty {
                flushSpan()
                if !character.isWhitespace { result.append(" ") }
                // A hyphen joining the run to what follows joins words; after the space it would negate them.
                if character == "-" { continue }
            }
            result.append(character)
        }
        flushSpan()
        return result
    }

    /// `text` with the question words of Thai and Chinese (`LanguageStopwords.unspacedQuestionWords`)
    /// cut out of it, as a parser drops the stopwords of languages with spaces; unchanged when that
    /// would leave nothing of those scripts (a query of a question word alone still finds it), and
    /// in a field's value. For query text only: indexed text keeps every word.
    ///
    /// ```swift
    /// TextAnalyzer.droppingQuestionWords("DECnet คืออะไร")       // "DECnet คือ "
    /// TextAnalyzer.droppingQuestionWords("东京塔有多高？谁设计的")  // "东京塔有多高？ 设计的"
    /// TextAnalyzer.droppingQuestionWords("什么")                  // "什么"
    /// ```
    public static func droppingQuestionWords(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0xE0 }), text.unicodeScalars.contains(where: isUnspaced) else { return text }
        let kept = text.split(separator: " ", omittingEmptySubsequences: false).map { token in
            // A field's value (`title:什么`) is what was asked of the field: kept.
            guard !token.contains(":") else { return String(token) }
            var cut = String(token)
            for word in questionWords where cut.contains(word) { cut = cut.replacing(word, with: " ") }
            return cut
        }.joined(separator: " ")
        // A title that is itself a question ("我是谁", who am I) keeps its words: a character left alone asks nothing.
        return kept.unicodeScalars.count(where: isUnspaced) >= 2 ? kept : text
    }

    /// Every language's `LanguageStopwords.unspacedQuestionWords`, longest first (为什么 before 什么).
    private static let questionWords: [String] = LanguageStopwords.unspacedQuestionWords.values
        .flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
        .sorted { ($0.count, $0) > ($1.count, $1) }

    /// The character runs a document's Thai, Lao, Khmer or Myanmar text is indexed as: pairs and triples.
    public static let indexedGrams = 2...3
    /// The character runs a query's such text is searched by: triples.
    public static let searchedGrams = 3...3

    /// `text` with each run of CJK letters written as the terms Xapian's CJK n-gram indexing makes
    /// of it (`TermGenerator.cjkNGrams`): every character, then every pair of neighbours, separated
    /// by spaces, so that a query of such text is plain words, each a term of the index. Other
    /// text is unchanged.
    ///
    /// ```swift
    /// TextAnalyzer.cjkNGrams("東京の夜")   // "東 京 の 夜 東京 京の の夜"
    /// TextAnalyzer.cjkNGrams("東京-2020")  // "東 京 東京 2020"
    /// TextAnalyzer.cjkNGrams("title:北京", fields: ["title"])   // "title:北 title:京 title:北京"
    /// ```
    ///
    /// - Parameters:
    ///   - text: Query text.
    ///   - fields: The fields whose values are words: a run that is such a field's value has the
    ///     field on each of its n-grams (`fieldedGrams`).
    public static func cjkNGrams(_ text: String, fields: Set<String> = []) -> String {
        guard text.utf8.contains(where: { $0 >= 0xE2 }), text.unicodeScalars.contains(where: isCJK) else { return text }
        var result = ""
        var run: [Unicode.Scalar] = []
        func flushRun() {
            guard !run.isEmpty else { return }
            var grams = run.map { String($0) }
            if run.count > 1 { grams += (0..<(run.count - 1)).map { String(run[$0]) + String(run[$0 + 1]) } }
            appendWords(grams, to: &result, fields: fields)
            run.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            if isCJK(scalar) {
                run.append(scalar)
                continue
            }
            if !run.isEmpty {
                flushRun()
                if !scalar.properties.isWhitespace { result.append(" ") }
                // A hyphen joining the run to what follows joins words; after the space it would negate them.
                if scalar == "-" { continue }
            }
            result.unicodeScalars.append(scalar)
        }
        flushRun()
        return result
    }

    /// Whether `text` ends in `-` or `+` at its start or after a space: Xapian's NOT or required
    /// marker, which belongs to the word that follows it.
    private static func endsInPrefixOperator(_ text: String) -> Bool {
        guard let last = text.unicodeScalars.last, last == "-" || last == "+" else { return false }
        return text.unicodeScalars.dropLast().last.map(\.properties.isWhitespace) ?? true
    }

    /// Appends the n-grams `words` of one span to `result`, as words: after a space, unless
    /// `result` ends in an operator, or when `result` ends in one of `fields` and its colon
    /// (`fieldedGrams`), each gram with that field; a negated field (`-title:北京`) only the
    /// longest grams, so that a title with one of its characters alone is not excluded.
    private static func appendWords(_ words: [String], to result: inout String, fields: Set<String>) {
        if let field = fieldedGrams(result, fields: fields) {
            result.removeLast(field.count)
            let longest = words.map(\.count).max() ?? 0
            let kept = field.hasPrefix("-") ? words.filter { $0.count == longest } : words
            result.append(kept.map { field + $0 }.joined(separator: " "))
            return
        }
        if let last = result.unicodeScalars.last, !last.properties.isWhitespace, !endsInPrefixOperator(result) { result.append(" ") }
        result.append(words.joined(separator: " "))
    }

    /// The field `text` ends in when it ends in one of `fields`, its colon and nothing after
    /// (`title:`, with the `-` or `+` before it: `-title:`), at its start or after a space or a
    /// bracket: the field a span of n-grams that follows is the value of, which each gram then
    /// carries ("title:北 title:京 title:北京"), as one field word applies to one parsed word.
    /// Nil otherwise.
    private static func fieldedGrams(_ text: String, fields: Set<String>) -> String? {
        guard !fields.isEmpty, text.unicodeScalars.last == ":" else { return nil }
        let name = text.unicodeScalars.dropLast().reversed().prefix { $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" }
        guard fields.contains(String(String.UnicodeScalarView(name.reversed()))) else { return nil }
        var field = text.unicodeScalars.suffix(name.count + 1)
        var before = text.unicodeScalars.dropLast(name.count + 1)
        if let sign = before.last, sign == "-" || sign == "+" {
            field.insert(sign, at: field.startIndex)
            before = before.dropLast()
        }
        guard before.last.map({ $0.properties.isWhitespace || $0 == "(" }) ?? true else { return nil }
        return String(String.UnicodeScalarView(field))
    }

    /// A letter in the ranges Xapian 1.4's CJK n-gram tokenizer treats as CJK.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        let inRanges = (0x2E80...0x2EFF).contains(value) || (0x3000...0x9FFF).contains(value) || (0xA700...0xA71F).contains(value)
            || (0xAC00...0xD7AF).contains(value) || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value)
            || (0xFF00...0xFFEF).contains(value) || (0x20000...0x2A6DF).contains(value) || (0x2A700...0x2B81F).contains(value)
            || (0x2F800...0x2FA1F).contains(value)
        return inRanges && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
    }

    /// A letter of a script written without spaces between words: Thai, Lao, Khmer, Myanmar
    /// (`isPaired`), and CJK but Hangul (Korean puts spaces between its words).
    static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        isPaired(scalar) || (isCJK(scalar) && !(0xAC00...0xD7AF).contains(scalar.value))
    }

    /// A letter or mark of Thai, Lao, Khmer or Myanmar.
    static func isPaired(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard (value >= 0x0E00 && value <= 0x0EFF) || (value >= 0x1000 && value <= 0x109F) || (value >= 0x1780 && value <= 0x17FF)
            || (value >= 0x19E0 && value <= 0x19FF) || (value >= 0xA9E0 && value <= 0xA9FF) || (value >= 0xAA60 && value <= 0xAA7F)
        else { return false }
        switch scalar.properties.generalCategory {
        case .otherLetter, .modifierLetter, .nonspacingMark, .spacingMark: return true
        default: return false
        }
    }
}
