/// Guesses the language of a type's text from a sample of it, for schemas inferred from data: by
/// script first (Han and kana, Hangul, Thai, Greek, Hebrew, Devanagari and others each name a
/// language; Cyrillic and Arabic script by the letters only some of their languages write), then,
/// for Latin text, by which language's common words its words hit most and which language's own
/// letters it writes (`latinLetters`: Polish "ł", Czech "ř", Vietnamese "ơ"), English when none
/// stands out.
///
/// ```swift
/// var guess = LanguageGuess()
/// guess.observe("Die Verwandlung ist eine Erzählung von Franz Kafka und der Mann")
/// guess.language   // "de"
/// ```
struct LanguageGuess: Sendable {
    /// The most letters sampled; a guess needs no more.
    static let sampleLetters = 20_000

    private var letters = 0
    private var scripts: [String: Int] = [:]
    /// Hits of each Latin-script language: its common words, and its own letters at half a word each.
    private var latinHits: [String: Double] = [:]
    /// Letters of the Cyrillic and Arabic scripts that only one of their languages writes
    /// (`exclusiveLetters`), and that only a few do (`scriptLetters`), by language.
    private var exclusiveLetters: [String: Int] = [:]
    private var ownLetters: [String: Int] = [:]

    /// Adds the letters and words of `text` to the sample (until it holds `sampleLetters` letters).
    mutating func observe(_ text: String) {
        guard letters < Self.sampleLetters else { return }
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            letters += 1
            scripts[Self.script(of: scalar), default: 0] += 1
            let lower = scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
            if let language = Self.latinLetters[lower] { latinHits[language, default: 0] += 0.5 }
            if let language = Self.scriptLetters[lower] { ownLetters[language, default: 0] += 1 }
            if let language = Self.exclusiveScriptLetters[lower] { exclusiveLetters[language, default: 0] += 1 }
        }
        for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) {
            for language in Self.commonWords[String(word)] ?? [] { latinHits[language, default: 0] += 1 }
        }
    }

    /// The guessed language's ISO 639-1 code; nil when nothing was sampled.
    var language: String? {
        guard let (script, count) = scripts.max(by: { $0.value < $1.value }), count > 0 else { return nil }
        // Japanese is written in kana and kanji: any kana beside Han makes it Japanese.
        if script == "han" { return (scripts["kana"] ?? 0) * 10 >= count ? "ja" : "zh" }
        if script == "kana" { return "ja" }
        if script == "ru" || script == "ar" {
            // Letters only one of the script's languages writes (Belarusian ў, Urdu ے) say it first;
            // then those a few share (Ukrainian's і, which Belarusian writes too; Persian's پ,
            // which Urdu writes too): one in two hundred of the script's letters, or one in a hundred.
            func best(_ letters: [String: Int]) -> (key: String, value: Int)? {
                letters.filter { Self.scriptOf[$0.key] == script }.max { ($0.value, $1.key) < ($1.value, $0.key) }
            }
            if let own = best(exclusiveLetters), own.value * 200 >= count { return own.key }
            if let own = best(ownLetters), own.value * 100 >= count { return own.key }
            return script
        }
        guard script == "latin" else { return script }
        // The language with the most hits, unless English has nearly as many: languages share
        // short words ("a", "in", "de"), and a text that is not clearly another language is English.
        guard let best = latinHits.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), best.value >= 3,
              best.value > (latinHits["en"] ?? 0) * 5 / 4 else { return "en" }
        return best.key
    }

    /// The language a script names, or "latin", "han", "kana".
    static func script(of scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x0370...0x03FF, 0x1F00...0x1FFF: "el"
        case 0x0400...0x04FF: "ru"
        case 0x0530...0x058F: "hy"
        case 0x0590...0x05FF: "he"
        case 0x0600...0x06FF, 0x0750...0x077F: "ar"
        case 0x0900...0x097F: "hi"
        case 0x0980...0x09FF: "bn"
        case 0x0B80...0x0BFF: "ta"
        case 0x0E00...0x0E7F: "th"
        case 0x0E80...0x0EFF: "lo"
        case 0x1000...0x109F: "my"
        case 0x1780...0x17FF: "km"
        case 0x10A0...0x10FF: "ka"
        case 0x3040...0x30FF, 0x31F0...0x31FF: "kana"
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: "ko"
        case 0x3400...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: "han"
        default: "latin"
        }
    }

    /// The most common words of each Latin-script language guessed: the stopwords of those that
    /// have a list (`LanguageStopwords`), and a dozen or two of the commonest words of the others,
    /// lower-cased as written. Words several languages share count for each.
    static let commonWords: [String: [String]] = {
        var words: [String: [String]] = [:]
        let others = [
            "pl": "i w z na się nie do to że jest jak po co ale od za przez oraz dla jego są",
            "cs": "a v se na je že to s z do o k i jako ale by pro od jsou jsem také nebo",
            "sk": "a v sa na je že to s z do o k ako ale by pre od sú som tiež alebo",
            "hu": "a az és hogy nem is egy van de meg el ez ki már csak mint volt vagy",
            "sv": "och i att det som en på är av för med till den har inte om ett jag",
            "da": "og i at det som en på er af for med til den har ikke om et de jeg mig dig sig efter nu blev hvad",
            "no": "og i å det som en på er av for med til den har ikke om et de jeg meg deg seg etter nå ble hva",
            "fi": "ja on ei se että oli hän kun mutta myös tai kanssa joka ovat ole",
            "id": "yang dan di ini itu dengan untuk dari dalam tidak akan pada adalah ke juga",
            "ca": "i el la de que a en els les per amb no una és del als al com però",
        ]
        for (language, list) in others {
            for word in list.split(separator: " ") { words[String(word), default: []].append(language) }
        }
        for language in ["en", "de", "fr", "es", "it", "pt", "nl", "ro", "tr", "vi"] {
            let list = language == "en" ? Stopwords.english : (LanguageStopwords.lists[language] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
            for word in Set(list.map { $0.lowercased() }) { words[word, default: []].append(language) }
        }
        return words
    }()

    /// Letters that only one Latin-script language writes much (lower-case).
    static let latinLetters: [Unicode.Scalar: String] = {
        var letters = Self.letters(["pl": "ąęłżśź", "cs": "řůě", "sk": "ľĺŕ", "tr": "ğış", "ro": "șțţ", "hu": "őű",
                               "es": "ñ", "pt": "ãõ", "vi": "ơư"])
        // Latin Extended Additional's vowels with two marks, Vietnamese's own.
        for value in UInt32(0x1EA0)...0x1EF9 { letters[Unicode.Scalar(value)!] = "vi" }
        return letters
    }()

    /// Letters of the Cyrillic and Arabic scripts that a few of their languages write, by the one
    /// that writes them most (lower-case).
    static let scriptLetters = letters(["uk": "ієїґ", "be": "ў", "sr": "ђјљњћџ", "mk": "ѓќѕ", "kk": "әғқңөұһ", "fa": "پچژگکی", "ur": "ٹڈڑںے"])
    /// Letters of the Cyrillic and Arabic scripts that only one of their languages writes (lower-case).
    static let exclusiveScriptLetters = letters(["uk": "єїґ", "be": "ў", "sr": "ђћ", "mk": "ѓќѕ", "kk": "әғқңөұ", "ur": "ٹڈڑںے"])

    private static func letters(_ lists: [String: String]) -> [Unicode.Scalar: String] {
        var letters: [Unicode.Scalar: String] = [:]
        for (language, list) in lists {
            for letter in list.unicodeScalars { letters[letter] = language }
        }
        return letters
    }

    /// The script each language of `scriptLetters` is written in.
    static let scriptOf: [String: String] = ["uk": "ru", "be": "ru", "sr": "ru", "mk": "ru", "kk": "ru", "fa": "ar", "ur": "ar"]
}
