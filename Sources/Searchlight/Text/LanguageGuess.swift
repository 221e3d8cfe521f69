/// Guesses the language of a type's text from a sample of it, for schemas inferred from data: by
/// script first (Han and kana, Hangul, Thai, Cyrillic, Greek, Arabic, Hebrew, Devanagari and
/// others each name a language), then, for Latin text, by which language's stopwords its words
/// hit most (English, German, French, Spanish, Italian, Portuguese, Dutch), English when none stands out.
///
/// ```swift
/// var guess = LanguageGuess()
/// guess.observe("Die Verwandlung ist eine Erzählung von Franz Kafka und der Mann")
/// guess.language   // "de"
/// ```
struct LanguageGuess: Sendable {
    /// The most letters sampled; a guess needs no more.
    static let sampleLetters = 20_000
    /// The Latin-script languages told apart by their stopwords.
    static let latinCandidates = ["en", "de", "fr", "es", "it", "pt", "nl"]

    private var letters = 0
    private var scripts: [String: Int] = [:]
    private var stopwordHits: [String: Int] = [:]

    /// Adds the letters and words of `text` to the sample (until it holds `sampleLetters` letters).
    mutating func observe(_ text: String) {
        guard letters < Self.sampleLetters else { return }
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            letters += 1
            scripts[Self.script(of: scalar), default: 0] += 1
        }
        for word in Words.lowercased(text) {
            for code in Self.latinCandidates where Language(code)?.stopwords.contains(word) == true {
                stopwordHits[code, default: 0] += 1
            }
        }
    }

    /// The guessed language's ISO 639-1 code; nil when nothing was sampled.
    var language: String? {
        guard let (script, count) = scripts.max(by: { $0.value < $1.value }), count > 0 else { return nil }
        // Japanese is written in kana and kanji: any kana beside Han makes it Japanese.
        if script == "han" { return (scripts["kana"] ?? 0) * 10 >= count ? "ja" : "zh" }
        if script == "kana" { return "ja" }
        guard script == "latin" else { return script }
        let ranked = stopwordHits.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        guard let best = ranked.first, best.value >= 3, best.value > (ranked.dropFirst().first?.value ?? 0) * 5 / 4 else { return "en" }
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
}
