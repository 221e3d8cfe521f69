import Synchronization

/// The language of a text: which Snowball stemmer Xapian applies to its words, how its words are
/// separated, which elided articles and stopwords it has. Every language is accepted: one that
/// Searchlight knows nothing about is kept by its code, without a stemmer, and its text is still
/// folded and indexed as words.
///
/// Parsed from an ISO 639-1 code, a BCP-47 tag (its language subtag counts) or the English name
/// Xapian gives a stemmer:
///
/// ```swift
/// Language("de")?.xapianStemmer       // "german"
/// Language("pt-BR")?.code             // "pt"
/// Language("zh-Hans")?.segmentation   // .cjkNGrams
/// Language("french")?.code            // "fr"
/// Language("tlh")?.xapianStemmer      // nil: kept, without a stemmer
/// Language("not a language")          // nil
/// ```
public struct Language: Sendable, Hashable, CustomStringConvertible {
    /// The ISO 639-1 code when the language has one that Searchlight knows ("de", "zh"), otherwise
    /// the code or name given, lower-cased (its first subtag for a BCP-47 tag); "und" for `none`.
    ///
    /// ```swift
    /// Language("deu")?.code    // "de"
    /// Language("Tlh-x")?.code  // "tlh"
    /// ```
    public let code: String

    /// The name of the Snowball stemmer applied to the language's words, as `Xapian::Stem`
    /// accepts it ("german", "porter", "kraaij_pohlmann"), or as the system's libstemmer does for
    /// an algorithm newer than Xapian 1.4's ("hindi"); nil for languages with no stemmer (Chinese,
    /// Japanese, Korean, Thai, Vietnamese, ...) and for Greek and Turkish, whose Snowball
    /// stemmers measured below stemming by `truncation`.
    ///
    /// ```swift
    /// Language("nl")?.xapianStemmer               // "dutch"
    /// Language("kraaij_pohlmann")?.xapianStemmer  // "kraaij_pohlmann"
    /// Language("hi")?.xapianStemmer               // "hindi"
    /// Language("el")?.xapianStemmer               // nil
    /// ```
    public let xapianStemmer: String?

    /// For a language that inflects its words by their endings and has no Snowball stemmer as
    /// good, how many characters of a word are its stem (5): Greek, Indic languages but Hindi, Slavic and Baltic languages without a Xapian stemmer, Estonian, Icelandic, and
    /// Turkish, whose Snowball stemmer leaves many suffixes (Can et al., "Information retrieval
    /// on Turkish texts", JASIST 2008, found the first five letters as good a stem as a full
    /// morphological analysis). nil for the others: stemmed by `xapianStemmer`, or not at all
    /// (Chinese, Japanese, Thai, whose n-grams need none; Vietnamese, whose words do not inflect).
    ///
    /// ```swift
    /// Language("el")?.truncation  // 5
    /// Language("tr")?.truncation  // 5
    /// Language("de")?.truncation  // nil
    /// ```
    public var truncation: Int? { xapianStemmer == nil && Language.truncated.contains(code) ? 5 : nil }

    /// How words are found in the language's text.
    ///
    /// ```swift
    /// Language("ja")?.segmentation  // .cjkNGrams
    /// Language("th")?.segmentation  // .characterBigrams
    /// Language("de")?.segmentation  // .spaces
    /// ```
    public enum Segmentation: Sendable, Hashable {
        /// Words are separated by spaces and punctuation (Latin, Greek, Cyrillic, Arabic, Indic...).
        case spaces
        /// Chinese, Japanese, Korean: spans of CJK characters are indexed and searched as their
        /// one- and two-character n-grams, by Xapian itself (`FLAG_CJK_NGRAM`).
        case cjkNGrams
        /// Thai, Lao, Khmer, Myanmar: no spaces between words, and scripts Xapian's CJK n-grams do
        /// not cover, so Searchlight cuts their spans into overlapping pairs of characters
        /// (`TextAnalyzer.segmented(_:grams:)`).
        case characterBigrams
    }

    /// How words are found in the language's text.
    ///
    /// ```swift
    /// Language("km")?.segmentation  // .characterBigrams
    /// ```
    public var segmentation: Segmentation {
        switch code {
        case "zh", "ja", "ko", "yue", "wuu", "hak", "nan", "gan", "hsn", "cmn", "lzh": .cjkNGrams
        case "th", "lo", "km", "my", "shn", "kjg": .characterBigrams
        default: .spaces
        }
    }

    /// The elided articles and pronouns that are written joined to the next word by an apostrophe
    /// ("l'étranger", "dell'arte"), folded and lower-cased; empty for languages without them.
    /// `TextAnalyzer` drops them from the text.
    ///
    /// ```swift
    /// Language("fr")?.elisions.contains("qu")     // true
    /// Language("it")?.elisions.contains("dell")   // true
    /// Language.english.elisions                   // []
    /// ```
    public var elisions: Set<String> { Language.elisionTable[code] ?? [] }

    /// Whether the language writes a name's or a number's suffixes after an apostrophe ("Ali'nin",
    /// "1881'de", "İzmir'de"), which `TextAnalyzer` drops, so that the name alone finds them:
    /// Turkish and Azerbaijani.
    ///
    /// ```swift
    /// Language("tr")?.suffixesAfterApostrophe  // true
    /// Language("fr")?.suffixesAfterApostrophe  // false
    /// ```
    public var suffixesAfterApostrophe: Bool { code == "tr" || code == "az" }

    /// The language's most common function words, written as `TextAnalyzer.prepare(_:)` leaves them
    /// (lower-cased, diacritics folded), for a query parser's stopper: English, German, French,
    /// Spanish, Italian, Portuguese, Catalan, Dutch, Russian, Turkish, Romanian, Greek, Arabic and Hindi have
    /// lists; other languages have none (Vietnamese none on purpose: folded, its function words
    /// would be content words, "đã" reading as "da", skin).
    ///
    /// ```swift
    /// Language("de")?.stopwords.contains("fur")   // true ("für", folded)
    /// Language("ru")?.stopwords.contains("и")     // true
    /// Language("vi")?.stopwords                   // []
    /// ```
    public var stopwords: Set<String> { Language.stopwords(code: code) }

    /// The language's function words as written, lower-cased, marks kept: its `stopwords` unfolded,
    /// and for a language without stopwords because folding would make content words of them
    /// (Vietnamese), its function words all the same. What tells one language's query from
    /// another's (`Searcher.languageWeights`): as written, Vietnamese "là" is no French "la".
    ///
    /// ```swift
    /// Language("fr")?.functionWords.contains("été")   // true
    /// Language("fr")?.functionWords.contains("ete")   // false
    /// Language("vi")?.functionWords.contains("là")    // true
    /// ```
    var functionWords: Set<String> {
        if code == "en" { return Language.englishStopwords }
        let list = LanguageStopwords.lists[code] ?? LanguageStopwords.unfoldedOnly[code] ?? ""
        return Set(list.split(whereSeparator: \.isWhitespace).map { $0.lowercased() })
    }

    /// How many runs of letters of the language's own script `text` has, when that script is not
    /// the Latin alphabet (Thai, Han, Cyrillic, Arabic, ...; `Language.scripts`); 0 for languages
    /// written in Latin letters. A query's script tells its language as its function words do,
    /// and in Thai or Chinese, which have no words to count, it alone does.
    ///
    /// ```swift
    /// Language("th")?.scriptRuns(in: "DECnet เฟส 2 คืออะไร")   // 2
    /// Language("ru")?.scriptRuns(in: "DECnet เฟส 2 คืออะไร")   // 0
    /// ```
    func scriptRuns(in text: String) -> Int {
        guard let ranges = Language.scripts[code], text.utf8.contains(where: { $0 >= 0x80 }) else { return 0 }
        // Kana are Japanese: Han letters beside them are no Chinese (whose runs they would split).
        if code == "zh", text.unicodeScalars.contains(where: { scalar in Language.kana.contains { $0.contains(scalar.value) } }) { return 0 }
        var runs = 0
        var inRun = false
        for scalar in text.unicodeScalars {
            let own = ranges.contains { $0.contains(scalar.value) }
            if own, !inRun { runs += 1 }
            // Marks and joiners inside a run keep it going.
            if own || !(scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .format) { inRun = own }
        }
        return runs
    }

    /// Hiragana, katakana and their half-width forms: letters of Japanese alone.
    static let kana: [ClosedRange<UInt32>] = [0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F]

    /// The letters of each language written in a script of its own (code points), for `scriptRuns`.
    static let scripts: [String: [ClosedRange<UInt32>]] = {
        let han: [ClosedRange<UInt32>] = [0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2A6DF]
        let cyrillic: [ClosedRange<UInt32>] = [0x0400...0x052F]
        let arabic: [ClosedRange<UInt32>] = [0x0600...0x06FF, 0x0750...0x077F, 0xFB50...0xFDFF, 0xFE70...0xFEFF]
        let devanagari: [ClosedRange<UInt32>] = [0x0900...0x097F]
        var table: [String: [ClosedRange<UInt32>]] = [
            "th": [0x0E00...0x0E7F], "lo": [0x0E80...0x0EFF], "km": [0x1780...0x17FF], "my": [0x1000...0x109F],
            "zh": han, "ja": han + kana,
            "ko": [0xAC00...0xD7AF, 0x1100...0x11FF, 0x3130...0x318F],
            "el": [0x0370...0x03FF, 0x1F00...0x1FFF], "he": [0x0590...0x05FF], "yi": [0x0590...0x05FF],
            "bn": [0x0980...0x09FF], "as": [0x0980...0x09FF], "pa": [0x0A00...0x0A7F], "gu": [0x0A80...0x0AFF],
            "or": [0x0B00...0x0B7F], "ta": [0x0B80...0x0BFF], "te": [0x0C00...0x0C7F], "kn": [0x0C80...0x0CFF],
            "ml": [0x0D00...0x0D7F], "si": [0x0D80...0x0DFF], "hy": [0x0530...0x058F], "ka": [0x10A0...0x10FF],
            "am": [0x1200...0x137F], "bo": [0x0F00...0x0FFF],
        ]
        for code in ["ru", "uk", "be", "bg", "sr", "mk", "kk", "ky", "mn", "tg", "tt", "ba", "cv"] { table[code] = cyrillic }
        for code in ["ar", "fa", "ur", "ps", "ug", "ku", "sd"] { table[code] = arabic }
        for code in ["hi", "mr", "ne", "sa", "mai", "bho"] { table[code] = devanagari }
        return table
    }()

    /// An article the language contracts with a preposition before it, as written contracted and
    /// in full: Arabic "لل" (li + al: "للعصيان", for the disobedience) is "ال" with the preposition,
    /// itself a stopword, dropped; Xapian's Snowball stemmer strips one and not always the other
    /// ("للعصيان" stems to "للعص", "العصيان" to "العص"). nil for the other languages.
    ///
    /// ```swift
    /// Language("ar")?.contractedArticle?.article  // "ال"
    /// Language("fr")?.contractedArticle           // nil
    /// ```
    public var contractedArticle: (contracted: String, article: String)? { code == "ar" ? ("لل", "ال") : nil }

    /// Whether the language writes compounds as one word (German, Dutch, Afrikaans, Luxembourgish,
    /// the Scandinavian languages, Finnish, Estonian, Hungarian), so that a query's word also
    /// finds the compounds it begins (`CompoundWords.beginning(with:stemmer:database:)`).
    ///
    /// ```swift
    /// Language("de")?.joinsCompounds  // true
    /// Language("fr")?.joinsCompounds  // false
    /// ```
    public var joinsCompounds: Bool { Language.compounding.contains(code) }
    static let compounding: Set<String> = ["de", "nl", "af", "lb", "sv", "da", "no", "nb", "nn", "is", "fi", "et", "hu"]

    /// Whether the language writes its words as syllables separated by spaces, so that its
    /// neighbouring syllables are indexed and searched as pairs (`IndexTerms.syllablePairPrefix`):
    /// Vietnamese.
    ///
    /// ```swift
    /// Language("vi")?.pairsSyllables  // true
    /// Language("en")?.pairsSyllables  // false
    /// ```
    public var pairsSyllables: Bool { code == "vi" }

    /// Whether each word of the language's text is also indexed and searched by its letter
    /// trigrams (`IndexTerms.trigramPrefix`, `TextAnalyzer.letterTrigrams`), which match what a
    /// stemmer leaves apart: other inflections and derivations ("Москвы" and "московский"), words
    /// spelt another way, a slip inside a word. True for the languages written with spaces (the
    /// others are searched by n-grams already) but English, whose Porter stemmer conflates most
    /// of its few inflections: there, trigrams cost the held-out Cranfield collection nDCG@10
    /// 0.427 → 0.416 (0.426 at a tenth of the weight), where XQuAD's questions in every other
    /// language gained 0.003 to 0.014 and Debian's translated descriptions 0.006 to 0.028.
    ///
    /// ```swift
    /// Language("ar")?.matchesTrigrams  // true
    /// Language.english.matchesTrigrams // false
    /// ```
    public var matchesTrigrams: Bool { segmentation == .spaces && code != "en" && self != .none }

    /// Whether words are also stemmed as written, with the marks folding removes
    /// (`TextAnalyzer.writtenStems`): in every language with a Snowball stemmer but English, whose
    /// stemmers read the marks of its alphabet (Portuguese "-ção", Swedish "ä"); English's take an
    /// accented letter for a consonant ("brûlée" stems as itself).
    ///
    /// ```swift
    /// Language("pt")?.stemsWrittenForms  // true
    /// Language.english.stemsWrittenForms // false
    /// ```
    public var stemsWrittenForms: Bool { xapianStemmer != nil && code != "en" }

    /// Whether the language writes a dotless "ı" beside "i", whose capitals are "I" and "İ"
    /// (`TextNormalizer.lowercasingDotlessI`): Turkish and Azerbaijani.
    ///
    /// ```swift
    /// Language("tr")?.writesDotlessI  // true
    /// ```
    public var writesDotlessI: Bool { code == "tr" || code == "az" }

    /// Whether a word also matches the agent noun its stem makes and the verb an agent noun is
    /// made of, where the stemmer keeps them apart (`AgentNouns`): English, whose Porter stemmer
    /// takes "-er" off only long words ("recorder" is "record", but "viewer" stays "viewer").
    ///
    /// ```swift
    /// Language.english.relatesAgentNouns  // true
    /// Language("de")?.relatesAgentNouns   // false
    /// ```
    public var relatesAgentNouns: Bool { code == "en" }

    /// Whether a word also matches its other forms that the stemmer keeps apart
    /// (`otherForms(of:)`): the other number in Spanish ("ciudad", "ciudades"), Portuguese
    /// ("animal", "animais") and French ("travail", "travaux"), the other spelling in English
    /// ("colour", "color").
    ///
    /// ```swift
    /// Language("es")?.relatesOtherForms  // true
    /// Language("de")?.relatesOtherForms  // false
    /// ```
    public var relatesOtherForms: Bool { self == .english || NumberForms.relates(self) }

    /// The other forms of `word` (folded, lower-case) that a search for it also matches where the
    /// index has them (`relatesOtherForms`): `NumberForms` and `EnglishSpellings` candidates.
    ///
    /// ```swift
    /// Language("es")!.otherForms(of: "ciudad")  // ["ciudades"]
    /// Language.english.otherForms(of: "color")  // ["colour"]
    /// ```
    /// - Parameter word: A folded, lower-case word.
    public func otherForms(of word: String) -> [String] {
        self == .english ? EnglishSpellings.otherSpellings(of: word) : NumberForms.otherForms(of: word, in: self)
    }

    /// Whether a word's stem is related to other forms' stems, which `relatesAgentNouns` or
    /// `relatesOtherForms` give.
    ///
    /// ```swift
    /// Language("pt")?.relatesWordForms  // true
    /// Language("de")?.relatesWordForms  // false
    /// ```
    public var relatesWordForms: Bool { relatesAgentNouns || relatesOtherForms }

    /// Whether German spellings of umlauts as two letters ("Mueller", "Goethe") are folded as the
    /// umlauts themselves ("Müller" → "muller"): true for German.
    ///
    /// ```swift
    /// Language("de-AT")?.germanUmlautAlternates  // true
    /// Language("fr")?.germanUmlautAlternates     // false
    /// ```
    public var germanUmlautAlternates: Bool { code == "de" }

    /// Whether the language is written in Chinese characters, traditional or simplified, which its
    /// text is indexed and searched as (`TextNormalizer.simplifyingChinese`): "臺灣" finds "台湾".
    ///
    /// ```swift
    /// Language("zh-Hant")?.writesChinese  // true
    /// Language("ja")?.writesChinese       // false: Japanese writes 後 and 后 apart
    /// ```
    public var writesChinese: Bool { Language.chinese.contains(code) }

    /// The Chinese languages (`writesChinese`).
    static let chinese: Set<String> = ["zh", "yue", "wuu", "hak", "nan", "gan", "hsn", "cmn", "lzh"]

    /// Whether the language writes every noun with a capital (German, Luxembourgish). Capitalised
    /// query words are stemmed in every language (`Searcher.LanguageParser.adjusted`); in these the
    /// form typed also ranks first (`Searcher.typedFormBoost`), as a noun's inflection does not
    /// change what it names. Elsewhere that boost doubled the p99 of a capitalised query's
    /// search for no better ranking.
    ///
    /// ```swift
    /// Language("de")?.capitalisesNouns  // true
    /// Language.english.capitalisesNouns  // false
    /// ```
    public var capitalisesNouns: Bool { code == "de" || code == "lb" }

    /// English, stemmed by Snowball's "english" (Porter 2) stemmer.
    ///
    /// ```swift
    /// Language.english.xapianStemmer  // "english"
    /// ```
    public static let english = Language(code: "en", xapianStemmer: "english")

    /// No particular language: words are folded and indexed, never stemmed (code "und", ISO 639's
    /// "undetermined"; parsed from "none", "und" or "zxx").
    ///
    /// ```swift
    /// Language("none") == Language.none  // true
    /// ```
    public static let none = Language(code: "und", xapianStemmer: nil)

    /// Whether two schema values name one language ("de" and "german"; "pt-BR" and "pt-BR"): the
    /// same text, or the same `Language`.
    ///
    /// ```swift
    /// Language.same("de", "german")   // true
    /// Language.same("de", "fr")       // false
    /// ```
    public static func same(_ one: String, _ other: String) -> Bool {
        one == other || Language(one).map { $0 == Language(other) } ?? false
    }

    /// The language `name` names: an ISO 639-1 or 639-2 code ("de", "deu"), a BCP-47 tag ("pt-BR",
    /// "zh_Hans_CN"; the language subtag counts), or an English name that Xapian uses ("german",
    /// "english_porter", "none"). Case is ignored. Any code is accepted (kept without a stemmer);
    /// nil only for text that is not a plausible tag: empty, or with characters other than ASCII
    /// letters, digits, "-" and "_", or not starting with a letter.
    ///
    /// ```swift
    /// Language("FR-ca")?.code   // "fr"
    /// Language("porter")        // English with Porter's original stemmer
    /// Language("xx")?.code      // "xx", no stemmer
    /// Language("en us")         // nil
    /// ```
    public init?(_ name: String) {
        guard let first = name.utf8.first, Language.isASCIILetter(first),
              name.utf8.allSatisfy({ Language.isASCIILetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F })
        else { return nil }
        let lowered = name.lowercased()
        if let variant = Language.stemmerVariants[lowered] {
            self.init(code: variant.code, xapianStemmer: variant.stemmer)
            return
        }
        let subtag = String(lowered.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "")
        guard !subtag.isEmpty, subtag.utf8.allSatisfy(Language.isASCIILetter) else { return nil }
        if ["none", "und", "zxx", "mul"].contains(subtag) {
            self = .none
            return
        }
        let code = Language.codeAliases[subtag] ?? subtag
        self.init(code: code, xapianStemmer: Language.stemmers[code])
    }

    init(code: String, xapianStemmer: String?) {
        self.code = code
        self.xapianStemmer = xapianStemmer
    }

    /// The code, and the stemmer when it is not the language's usual one.
    ///
    /// ```swift
    /// Language("german2")!.description  // "de (german2)"
    /// ```
    public var description: String {
        guard let xapianStemmer, xapianStemmer != Language.stemmers[code] else { return code }
        return "\(code) (\(xapianStemmer))"
    }

    /// The shortest name `Language(_:)` reads back as this language: the code, or for a language's
    /// second stemmer that stemmer's name. Index terms and metadata name languages by it.
    ///
    /// ```swift
    /// Language("deu")!.tag      // "de"
    /// Language("german2")!.tag  // "german2"
    /// ```
    public var tag: String {
        guard let xapianStemmer, xapianStemmer != Language.stemmers[code] else { return code }
        return xapianStemmer
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool { byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A }

    /// Whether the language is one that exists by this code or name: an ISO 639-1 code, a name or
    /// code `Language(_:)` reads as one, or a three-letter code (ISO 639-2 and 639-3 have
    /// thousands, taken on trust); false for a code or name of no language ("jp", "xx",
    /// "klingon"), whose text is then analysed as that of a language without a stemmer.
    ///
    /// ```swift
    /// Language("tlh")!.isKnown   // true: Klingon's ISO 639-2 code
    /// Language("jp")!.isKnown    // false: Japan's country code; Japanese is "ja"
    /// ```
    public var isKnown: Bool {
        self == .none || Language.iso639_1.contains(code) || code.utf8.count == 3 || xapianStemmer != nil
    }

    /// The language a code of no language probably means: the code of a country, for the
    /// language spoken there ("jp": "ja", "cz": "cs", "gr": "el"); nil otherwise.
    public var likelyMeant: String? { isKnown ? nil : Language.countryLanguages[code] }

    /// Country codes (ISO 3166) that are no language's code, by their country's language.
    static let countryLanguages: [String: String] = [
        "jp": "ja", "cz": "cs", "gr": "el", "dk": "da", "ua": "uk", "cn": "zh", "vn": "vi", "il": "he", "ir": "fa",
        "gb": "en", "us": "en", "at": "de", "hk": "zh", "rs": "sr", "by": "be", "kz": "kk", "al": "sq", "mx": "es",
    ]

    /// The ISO 639-1 codes (with the withdrawn "sh" and "mo").
    static let iso639_1: Set<String> = Set("""
        aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee
        el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is
        it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mo mr
        ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg sh
        si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo
        xh yi yo za zh zu
        """.split(whereSeparator: \.isWhitespace).map(String.init))

    /// Xapian 1.4.22's Snowball stemmers (`Xapian::Stem::get_available_languages()`) by ISO 639-1
    /// code, and Snowball 2's Hindi from libstemmer (XQuAD MRR@10 0.9477 with `truncation`, 0.9535;
    /// libstemmer's Greek: 0.9497, 0.9474, so Greek keeps truncation).
    static let stemmers: [String: String] = [
        "ar": "arabic", "hy": "armenian", "eu": "basque", "ca": "catalan", "da": "danish", "nl": "dutch",
        "en": "english", "fi": "finnish", "fr": "french", "de": "german", "hu": "hungarian",
        "id": "indonesian", "ga": "irish", "it": "italian", "lt": "lithuanian", "ne": "nepali",
        "no": "norwegian", "nb": "norwegian", "nn": "norwegian", "pt": "portuguese", "ro": "romanian",
        "ru": "russian", "es": "spanish", "sv": "swedish", "ta": "tamil", "hi": "hindi",
    ]

    /// The languages stemmed by `truncation`: those with suffixes and no Snowball stemmer in Xapian
    /// 1.4, and Turkish. XQuAD MRR@10 (Benchmarks/eval/multilingual.py): Greek 0.892 -> 0.946
    /// against no stemmer, Turkish 0.895 with Xapian's "turkish" -> 0.920; Greek measured lower
    /// with 4 and with 6 letters. The others are not measured.
    static let truncated: Set<String> = [
        "el", "tr", "bn", "mr", "ur", "bg", "uk", "pl", "cs", "sk", "sl", "hr", "sr", "bs", "lv", "et", "is",
    ]

    /// The stemmers that are a language's second choice, by the names Xapian accepts (and two
    /// spellings Xapian's documentation uses that `Xapian::Stem` refuses).
    static let stemmerVariants: [String: (code: String, stemmer: String)] = [
        "earlyenglish": ("en", "earlyenglish"), "porter": ("en", "porter"), "english_porter": ("en", "porter"),
        "lovins": ("en", "lovins"), "english_lovins": ("en", "lovins"), "german2": ("de", "german2"),
        "kraaij_pohlmann": ("nl", "kraaij_pohlmann"),
    ]

    /// English names (Xapian's stemmer names and others), ISO 639-2 codes and retired ISO 639-1
    /// codes, by the ISO 639-1 code they stand for.
    static let codeAliases: [String: String] = [
        // Names
        "arabic": "ar", "armenian": "hy", "basque": "eu", "catalan": "ca", "danish": "da", "dutch": "nl",
        "english": "en", "finnish": "fi", "french": "fr", "german": "de", "hungarian": "hu",
        "indonesian": "id", "irish": "ga", "italian": "it", "lithuanian": "lt", "nepali": "ne",
        "norwegian": "no", "portuguese": "pt", "romanian": "ro", "russian": "ru", "spanish": "es",
        "swedish": "sv", "tamil": "ta", "turkish": "tr", "greek": "el", "chinese": "zh", "japanese": "ja",
        "korean": "ko", "thai": "th", "lao": "lo", "khmer": "km", "burmese": "my", "myanmar": "my",
        "hindi": "hi", "vietnamese": "vi", "hebrew": "he", "persian": "fa", "farsi": "fa", "polish": "pl",
        "czech": "cs", "slovak": "sk", "ukrainian": "uk", "bulgarian": "bg", "serbian": "sr",
        "croatian": "hr", "slovenian": "sl", "bengali": "bn", "urdu": "ur", "malay": "ms",
        "icelandic": "is", "estonian": "et", "latvian": "lv", "welsh": "cy", "georgian": "ka",
        // ISO 639-2 (bibliographic and terminological)
        "ara": "ar", "hye": "hy", "arm": "hy", "eus": "eu", "baq": "eu", "cat": "ca", "dan": "da",
        "nld": "nl", "dut": "nl", "eng": "en", "fin": "fi", "fra": "fr", "fre": "fr", "deu": "de",
        "ger": "de", "hun": "hu", "ind": "id", "gle": "ga", "ita": "it", "lit": "lt", "nep": "ne",
        "nor": "no", "nob": "nb", "nno": "nn", "por": "pt", "ron": "ro", "rum": "ro", "rus": "ru",
        "spa": "es", "swe": "sv", "tam": "ta", "tur": "tr", "ell": "el", "gre": "el", "zho": "zh",
        "chi": "zh", "jpn": "ja", "kor": "ko", "tha": "th", "khm": "km", "mya": "my",
        "bur": "my", "hin": "hi", "vie": "vi", "heb": "he", "fas": "fa", "per": "fa", "pol": "pl",
        "ces": "cs", "cze": "cs", "ukr": "uk",
        // Retired ISO 639-1 codes
        "iw": "he", "in": "id", "ji": "yi",
    ]

    /// Elided words by language (Lucene's lists, which are the usual ones).
    static let elisionTable: [String: Set<String>] = [
        "fr": ["l", "d", "j", "m", "n", "s", "t", "c", "qu", "jusqu", "lorsqu", "puisqu", "quoiqu"],
        "it": ["l", "d", "c", "m", "t", "s", "v", "un", "all", "dall", "dell", "nell", "sull", "coll", "pell",
               "gl", "agl", "dagl", "degl", "negl", "sugl", "quest", "quell", "nessun", "bell", "sant"],
        "ca": ["l", "d", "m", "n", "s", "t"],
        "ga": ["d", "b", "m"],
    ]

    /// The stopwords of the language `code`, folded as `TextAnalyzer` folds text (for German, with
    /// umlauts spelled as two letters collapsed too); each language's list is folded at its first
    /// use only, so a process pays for the languages it searches.
    static func stopwords(code: String) -> Set<String> {
        if code == "en" { return englishStopwords }
        if let known = folded.withLock({ $0[code] }) { return known }
        let words = Set((LanguageStopwords.lists[code] ?? "").split(whereSeparator: \.isWhitespace).map { word in
            let folded = TextNormalizer.normalized(String(word))
            return code == "de" ? TextNormalizer.collapsingUmlautSpellings(folded) : folded
        })
        folded.withLock { $0[code] = words }
        return words
    }

    static let englishStopwords = Set(Stopwords.english)
    private static let folded = Mutex<[String: Set<String>]>([:])
}
