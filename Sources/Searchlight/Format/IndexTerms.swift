/// The terms and prefixes of the on-disk format (docs/FORMAT.md has the table).
/// Custom prefixes start with `X` and end with `:` so no prefix is a prefix of another.
enum IndexTerms {
    /// Unique key of an entity: `Q<type>:<id>`.
    static func unique(type: String, id: EntityIdentifier) -> String { "\(uniquePrefix)\(type):\(id.stringValue)" }
    /// Xapian's conventional prefix of unique terms.
    static let uniquePrefix = "Q"

    static let typePrefix = "XT:"
    static let domainPrefix = "XD:"

    /// Prefix of the language terms of entities whose type has a `languageAttribute`: one for each
    /// language their text was analysed in (`Language.tag`), which restricts that language's parse
    /// of a query to them.
    static let languagePrefix = "XL:"

    static func type(_ name: String) -> String { typePrefix + name }
    static func language(_ language: Language) -> String { languagePrefix + language.tag }
    static func domain(_ name: String) -> String { domainPrefix + name }

    /// Prefix of the exact-value terms of a keyword, enum, boolean or reference attribute.
    static func valuePrefix(_ key: String) -> String { valuePrefixStart + key + ":" }
    static let valuePrefixStart = "XK"
    static func value(_ key: String, _ value: String) -> String { valuePrefix(key) + value }

    /// Prefix of the words of a searchable attribute (for `key:word` queries).
    static func fieldPrefix(_ key: String) -> String { fieldPrefixStart + key + ":" }
    static let fieldPrefixStart = "XF"
    /// Xapian's prefix of stemmed terms (`Z`, then the field prefix, then the stem).
    static let stemPrefix = "Z"

    /// A word or two-word phrase of an entity's title, lower-cased, offered as a completion.
    static let completionPrefix = "XC"
    /// The first 1...`maximumPrefixLength` letters of a title word: entities for a short typed prefix.
    static let titlePrefixPrefix = "XP"
    static let maximumPrefixLength = 5

    /// The letters of a typed prefix, as prefixes are counted and cut: Unicode scalars, not
    /// grapheme clusters. A cluster may take several keystrokes: "दिल" (three scalars) is typed on
    /// the way to "दिल्ली", whose clusters are "दि" and "ल्ली"; "ต้มย" on the way to "ต้มยำ".
    ///
    /// ```swift
    /// IndexTerms.prefixLength("दिल")   // 3 ("दिल".count is 2)
    /// ```
    static func prefixLength(_ text: some StringProtocol) -> Int { text.unicodeScalars.count }

    /// The first `length` letters (`prefixLength`) of `word`.
    ///
    /// ```swift
    /// IndexTerms.prefix(of: "दिल्ली", length: 3)   // "दिल"
    /// ```
    static func prefix(of word: some StringProtocol, length: Int) -> String {
        String(String.UnicodeScalarView(word.unicodeScalars.prefix(length)))
    }

    /// A word of a default-field attribute that folding changes, as written (lower-cased, NFC;
    /// `TextAnalyzer.exactForms`): a query typed with the same accents ranks the entity higher.
    static let exactFormPrefix = "XO"

    /// A title word, or two neighbouring words, that folding changes, under the form it is indexed
    /// and completed in (folded, and in German with its umlauts written as two letters collapsed)
    /// and a tab: its written form, lower-cased and composed ("XWgaldhopiggen\tgaldhøpiggen",
    /// "XWisral\tisrael", "XWpho co\tphố cổ"). What completions and corrections, made of indexed
    /// words, are shown as (`WrittenForms`).
    static let writtenFormPrefix = "XW"

    /// The term saying that titles write `indexed` (words as indexed) as `written`.
    static func writtenForm(of indexed: String, as written: String) -> String {
        writtenFormPrefix + indexed + "\t" + written
    }

    /// The prefix of the terms of `indexed`'s written forms (`writtenForm(of:as:)`).
    static func writtenForms(of indexed: String) -> String { writtenFormPrefix + indexed + "\t" }

    /// Two neighbouring syllables of a language that writes its words as syllables separated by
    /// spaces (Vietnamese: `Language.pairsSyllables`), folded and joined by a space, neither a
    /// function word (`TextAnalyzer.syllablePairs`): "lục lạp" (chloroplast) is "XVluc lap", as
    /// rare as the word, where each syllable alone is common.
    static let syllablePairPrefix = "XV"

    /// Three letters in a row of a word of four letters or more, folded, in a language that
    /// matches words by their trigrams (`Language.matchesTrigrams`, `TextAnalyzer.letterTrigrams`):
    /// "Москвы" is "XGмос", "XGоск", "XGскв" and "XGквы".
    static let trigramPrefix = "XG"

    /// The whole title, normalised (lower-cased words joined by spaces): exact-title matches rank first.
    static let wholeTitlePrefix = "XE"
    static func wholeTitle(_ text: String) -> String { wholeTitlePrefix + Words.normalisedName(text) }
    /// The whole-title term of a title's lower-cased words.
    static func wholeTitle(_ words: [String]) -> String { wholeTitlePrefix + words.joined(separator: " ") }

    /// A whole other name of an entity (a value of a `synonyms` attribute), normalised like `XE`.
    static let alternateNamePrefix = "XA"
    /// The whole title of an entity that has other names, normalised like `XE`.
    static let namedTitlePrefix = "XS"

    /// The longest term Xapian accepts.
    static let maximumTermBytes = 245
}
