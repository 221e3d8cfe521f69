@_spi(_Unicode) import Swift

/// The keys text attributes sort by: without case, accents or width, so "Élan" sorts with "elan"
/// and "Über" with "uber" (Latin, Greek and Cyrillic by their letters; other scripts after them,
/// by code point), cut to a bounded length; and in the order of the attribute's language where its
/// alphabet has letters of its own that folding would merge with others (`tailorings`): Swedish
/// "Örebro" after "Zürich", Polish "Łódź" after "Lublin", Czech "Chrudim" after "Hradec", Turkish
/// "Işık" before "İzmir", Persian "پارس" after "بابل". Whatever the language, the Cyrillic
/// letters that Unicode encodes after я sort after the letter their alphabets put them after:
/// Ukrainian "Ґава" after "Гора", "Їжак" after "Ірпінь", all before "Яблуко"; and Thai and Lao
/// words by the consonant a vowel written before it follows in speech ("เกาะ" among the words of ก);
/// katakana with the hiragana of the same sound, voicing aside ("ソニー" between "さくら" and "わたし").
///
/// ```swift
/// SortKeys.key("Élan vital", language: .english) < SortKeys.key("War and Peace", language: .english)   // true
/// SortKeys.key("Örebro", language: Language("sv")!) > SortKeys.key("Zürich", language: Language("sv")!)  // true
/// ```
enum SortKeys {
    /// The most characters of the text a key holds.
    static let length = 64

    /// The key `text` sorts by, in `language`'s order.
    ///
    /// - Parameters:
    ///   - text: An attribute's text.
    ///   - language: The language of the attribute's text.
    /// - Returns: A key whose UTF-8 bytes sort as `language` orders its words.
    static func key(_ text: String, language: Language) -> String {
        let tailoring = tailorings[language.code]
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        let thai = !ascii && text.unicodeScalars.contains { thaiPreposedVowels.contains($0) || thaiToneMarks.contains($0) }
        if !ascii, text.unicodeScalars.contains(where: isKana) {
            let normalized = TextNormalizer.normalized(String(text.prefix(length)))
            return kanaAsSpoken(normalized, voiced: false) + tieBreak + kanaAsSpoken(normalized, voiced: true) + tieBreak + normalized
        }
        guard tailoring != nil || thai || (!ascii && text.unicodeScalars.contains(where: cyrillicLetters.contains)) else {
            return String(TextNormalizer.normalized(text).prefix(length))
        }
        // Cut by the text's letters (a placed letter's marks do not count), initials joined as
        // folding joins them ("U.S.A." as "usa").
        var source = String(text.prefix(length))
        if TextNormalizer.ASCIISummary(source).hasInitials { source = TextNormalizer.joiningInitials(source) }
        // Turkish and Azerbaijani write I and İ for the capitals of ı and i.
        if language.writesDotlessI { source = TextNormalizer.lowercasingDotlessI(source) }
        var lowered = TextNormalizer.lowercased(source)
        if language.code == "vi" { lowered = withoutVietnameseTones(lowered) }
        if thai { lowered = withThaiVowelsAfterTheirConsonants(lowered) }
        // Thai's and Lao's tone marks and other signs above order only words alike but for them.
        var toneMarked: String?
        if lowered.unicodeScalars.contains(where: thaiToneMarks.contains) {
            toneMarked = lowered
            lowered.unicodeScalars.removeAll(where: thaiToneMarks.contains)
        }
        let letters = Array(lowered)
        var key = "", pending = ""
        func place(_ placed: String) {
            key += TextNormalizer.normalized(pending) + placed
            pending = ""
        }
        var index = 0
        while index < letters.count {
            if index + 1 < letters.count, let placed = tailoring?[String(letters[index...index + 1])] {
                place(placed)
                index += 2
                continue
            }
            let letter = String(letters[index])
            if let placed = tailoring?[letter] ?? cyrillic[letter] { place(placed) } else { pending.append(letters[index]) }
            index += 1
        }
        place("")
        if let toneMarked { key += tieBreak + TextNormalizer.normalized(toneMarked) }
        return key
    }

    /// What follows a letter's base in its key: above every letter, so that a letter placed after
    /// "z" once ("z" and one mark) sorts after every "z…", and one placed after it twice after that.
    private static let afterEveryLetter = "\u{10FFFF}"

    /// The key of a letter sorted as the `rank`-th letter after `base`.
    private static func after(_ base: String, _ rank: Int = 1) -> String {
        base + String(repeating: afterEveryLetter, count: rank)
    }

    /// The Cyrillic letters encoded after я, by the letter of U+0430–044F that their alphabets put
    /// them right after: Ukrainian ґ є і ї, Belarusian ў, Serbian and Macedonian ђ ѕ ј љ њ ћ џ.
    private static let cyrillic: [String: String] = [
        "ґ": after("г"), "є": after("е"), "і": after("и"), "ї": after("и", 2), "ў": after("у"), "ђ": after("д"),
        "ѕ": after("з"), "ј": after("и"), "љ": after("л"), "њ": after("н"), "ћ": after("т"), "џ": after("ч"),
    ]

    /// The letters of `cyrillic`, in both cases.
    private static let cyrillicLetters: Set<Unicode.Scalar> = Set(cyrillic.keys.flatMap { ($0 + $0.uppercased()).unicodeScalars })

    /// Each language's letters (lower-case, and the pairs it sorts as one letter) that its
    /// alphabet orders after another, rather than with the letter folding makes of them.
    static let tailorings: [String: [String: String]] = {
        let scandinavian = ["æ": after("z"), "ä": after("z"), "ø": after("z", 2), "ö": after("z", 2), "å": after("z", 3)]
        let swedish = ["å": after("z"), "ä": after("z", 2), "æ": after("z", 2), "ö": after("z", 3), "ø": after("z", 3)]
        let croatian = ["č": after("c"), "ć": after("c", 2), "dž": after("d"), "đ": after("d", 2), "lj": after("l"),
                        "nj": after("n"), "š": after("s"), "ž": after("z")]
        return [
            "sv": swedish, "fi": swedish, "da": scandinavian, "no": scandinavian, "nb": scandinavian, "nn": scandinavian,
            "is": ["á": after("a"), "ð": after("d"), "é": after("e"), "í": after("i"), "ó": after("o"), "ú": after("u"),
                   "ý": after("y"), "þ": after("z"), "æ": after("z", 2), "ö": after("z", 3)],
            "et": ["š": after("s"), "z": after("s", 2), "ž": after("s", 3), "õ": after("w"), "ä": after("w", 2), "ö": after("w", 3),
                   "ü": after("w", 4)],
            "es": ["ñ": after("n")],
            "pl": ["ą": after("a"), "ć": after("c"), "ę": after("e"), "ł": after("l"), "ń": after("n"), "ó": after("o"),
                   "ś": after("s"), "ź": after("z"), "ż": after("z", 2)],
            "cs": ["č": after("c"), "ch": after("h"), "ř": after("r"), "š": after("s"), "ž": after("z")],
            "sk": ["ä": after("a"), "č": after("c"), "ch": after("h"), "ô": after("o"), "š": after("s"), "ž": after("z")],
            "hu": ["cs": after("c"), "gy": after("g"), "ly": after("l"), "ny": after("n"), "ö": after("o"), "ő": after("o"),
                   "sz": after("s"), "ty": after("t"), "ü": after("u"), "ű": after("u"), "zs": after("z")],
            "tr": ["ç": after("c"), "ğ": after("g"), "ı": after("h"), "ö": after("o"), "ş": after("s"), "ü": after("u")],
            "az": ["ç": after("c"), "ə": after("e"), "ğ": after("g"), "ı": after("h"), "ö": after("o"), "ş": after("s"), "ü": after("u")],
            "ro": ["ă": after("a"), "â": after("a", 2), "î": after("i"), "ș": after("s"), "ş": after("s"), "ț": after("t"), "ţ": after("t")],
            "hr": croatian, "bs": croatian, "sr": croatian,
            "sl": ["č": after("c"), "š": after("s"), "ž": after("z")],
            "lv": ["ā": after("a"), "č": after("c"), "ē": after("e"), "ģ": after("g"), "ī": after("i"), "ķ": after("k"),
                   "ļ": after("l"), "ņ": after("n"), "š": after("s"), "ū": after("u"), "ž": after("z")],
            "lt": ["č": after("c"), "š": after("s"), "ž": after("z")],
            "vi": ["ă": after("a"), "â": after("a", 2), "đ": after("d"), "ê": after("e"), "ô": after("o"), "ơ": after("o", 2),
                   "ư": after("u")],
            // Persian's own letters after their Arabic neighbours (ک and ی fold to Arabic's ك and ي),
            // and و before ه.
            "fa": ["پ": after("ب"), "چ": after("ج"), "ژ": after("ز"), "گ": after("ك"), "و": after("ن")],
        ]
    }()

    /// Thai's vowels written before the consonant they follow in speech (เ แ โ ใ ไ), and Lao's
    /// (ເ ແ ໂ ໃ ໄ), which dictionaries order by that consonant first.
    private static let thaiPreposedVowels: Set<Unicode.Scalar> = Set((0x0E40...0x0E44).compactMap(Unicode.Scalar.init)
                                                                    + (0x0EC0...0x0EC4).compactMap(Unicode.Scalar.init))

    /// Thai's tone marks, maitaikhu, thanthakhat and yamakkan (U+0E47–0E4C, U+0E4E), and Lao's tone
    /// marks and cancellation mark (U+0EC8–0ECC), which dictionaries compare only after the letters:
    /// "ต้มยำ" before "ตลาด", as ม comes before ล.
    private static let thaiToneMarks: Set<Unicode.Scalar> = Set(((0x0E47...0x0E4C).map { $0 } + [0x0E4E] + (0x0EC8...0x0ECC).map { $0 })
                                                                .compactMap(Unicode.Scalar.init))

    /// `text` with each vowel of `thaiPreposedVowels` after the consonant it is written before,
    /// so that "เกาะ" sorts among the words of ก, after "กา" and before "ขา".
    private static func withThaiVowelsAfterTheirConsonants(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        var index = 0
        while index + 1 < scalars.count {
            if thaiPreposedVowels.contains(scalars[index]), scalars[index + 1].properties.isAlphabetic, !thaiPreposedVowels.contains(scalars[index + 1]) {
                scalars.swapAt(index, index + 1)
                index += 2
            } else {
                index += 1
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// Between the parts of a key, below every letter: words alike but for their kana's voicing
    /// sort by it, and then by script, hiragana first ("はは", "ハハ", "はば", "ババ"), and Thai
    /// words alike but for their tone marks by those; each after the words it begins.
    private static let tieBreak = "\u{1}"

    /// Katakana's prolonged sound mark "ー", which lengthens the vowel before it.
    private static let prolongedSoundMark: Unicode.Scalar = "\u{30FC}"

    /// A kana letter, iteration or prolonged sound mark: hiragana (U+3041–3096, U+309D–309E),
    /// katakana (U+30A1–30FA, U+30FC–30FE) and half-width katakana (U+FF66–FF9D); not the
    /// punctuation of their blocks ("・").
    private static func isKana(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3041...0x3096, 0x309D...0x309E, 0x30A1...0x30FA, 0x30FC...0x30FE, 0xFF66...0xFF9D: true
        default: false
        }
    }

    /// A katakana letter or iteration mark (U+30A1–30F6, U+30FD–30FE), each one hiragana's code
    /// point plus 0x60.
    private static func isKatakana(_ scalar: Unicode.Scalar) -> Bool {
        (0x30A1...0x30F6).contains(scalar.value) || (0x30FD...0x30FE).contains(scalar.value)
    }

    /// The voicing marks, combining (U+3099–309A) or spacing (U+309B–309C).
    private static func isVoicingMark(_ scalar: Unicode.Scalar) -> Bool {
        (0x3099...0x309C).contains(scalar.value)
    }

    /// Each hiragana's vowel, for the prolonged sound mark after it.
    private static let kanaVowels: [Unicode.Scalar: Unicode.Scalar] = {
        var vowels: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (vowel, row) in [("あ", "ぁあかさたなはまゃやらゎわゕ"), ("い", "ぃいきしちにひみりゐ"), ("う", "ぅうくすっつぬふむゅゆるゔ"),
                             ("え", "ぇえけせてねへめれゑゖ"), ("お", "ぉおこそとのほもょよろを")] {
            for kana in row.unicodeScalars { vowels[kana] = vowel.unicodeScalars.first! }
        }
        return vowels
    }()

    /// `text` (normalized) as Japanese dictionaries order it: katakana as the hiragana of the same
    /// sound, and the prolonged sound mark as the vowel it lengthens ("コーヒー" as "こおひい"), so
    /// that "ソニー" sorts between "さくら" and "わたし" rather than after every word in hiragana.
    /// Kanji and other letters stay as they are.
    ///
    /// - Parameters:
    ///   - text: Normalized text holding kana.
    ///   - voiced: Whether voicing marks stay; without them "ガイド" reads "かいと".
    private static func kanaAsSpoken(_ text: String, voiced: Bool) -> String {
        var spoken = String.UnicodeScalarView()
        var lastVowel: Unicode.Scalar?
        for scalar in text._nfd where voiced || !isVoicingMark(scalar) {
            if scalar == prolongedSoundMark, let vowel = lastVowel {
                spoken.append(vowel)
                continue
            }
            let kana = isKatakana(scalar) ? Unicode.Scalar(scalar.value - 0x60)! : scalar
            if !isVoicingMark(kana) { lastVowel = kanaVowels[kana] }
            spoken.append(kana)
        }
        // Composed, as keys compare byte by byte: a decomposed voicing mark (U+3099) would sort
        // "が山" before "か山", below the kanji after it.
        var composed = String.UnicodeScalarView()
        for scalar in String(spoken)._nfc { composed.append(scalar) }
        return String(composed)
    }

    /// Vietnamese text without its five tone marks, which order words only after their letters,
    /// keeping the marks that make letters (ă â ê ô ơ ư).
    private static func withoutVietnameseTones(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text._nfd where ![0x0300, 0x0301, 0x0303, 0x0309, 0x0323].contains(scalar.value) { kept.append(scalar) }
        var composed = String.UnicodeScalarView()
        for scalar in String(kept)._nfc { composed.append(scalar) }
        return String(composed)
    }
}
