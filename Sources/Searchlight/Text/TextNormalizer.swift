@_spi(_Unicode) import Swift

/// Folds text so that the ways one word can be typed read the same: compatibility forms (full-width
/// letters, ligatures), case, diacritics, and letters that are usually typed as plain Latin letters
/// ("ß" as "ss", "ø" as "o"). The result is still text, handed to Xapian's TermGenerator and
/// QueryParser, which split it into words; indexing and querying fold alike.
///
/// ```swift
/// TextNormalizer.normalized("Crème Brûlée")  // "creme brulee"
/// TextNormalizer.normalized("ＡＢＣ　Straße")   // "abc strasse"
/// ```
public enum TextNormalizer {
    /// `text` folded for search:
    /// - compatibility forms as their plain letters: full-width ASCII (U+FF01–FF5E) as ASCII,
    ///   half-width katakana (U+FF61–FF9F) as full-width ("ｶﾞｲﾄﾞ" as "ガイド"), the
    ///   ideographic and other wide spaces as a space, the ligatures ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ as their letters;
    ///   soft hyphens, word joiners, byte-order marks and the Arabic tatweel (ـ) dropped; the
    ///   zero-width non-joiner after an Arabic-script letter as a space (Persian "کتاب‌ها" is
    ///   "کتاب" and its plural ending);
    /// - lower-cased (Unicode's full lower-case mapping; Greek final ς as σ);
    /// - diacritics removed as Foundation's diacritic-insensitive comparison removes them (the
    ///   Combining Diacritical Marks, and any nonspacing mark on a Latin, Greek or Cyrillic
    ///   letter, except the breve of Russian "й"), plus Arabic harakat and Hebrew points; marks
    ///   that spell other scripts (kana voicing, Indic and Thai vowel signs) stay;
    /// - ß as ss, æ as ae, œ as oe, ø as o, ł as l, đ and ð as d, þ as th, dotless ı as i;
    ///   Persian ک and ی as Arabic ك and ي; Catalan's "l·l" as "ll"; Hebrew's geresh as ' and its
    ///   gershayim (or " typed for it) inside a word dropped ("צה״ל" as "צהל"); decimal digits of
    ///   every script as ASCII digits ("۱۴۰۳" as "1403"); Thai's and Lao's sara am typed as its
    ///   two parts as the one vowel;
    /// - recomposed (NFC), so precomposed and decomposed input give the same text, and Hangul
    ///   and kana stay whole characters for Xapian's CJK n-grams;
    /// - dotted initials of capitals joined ("U.S.A." as "usa"), as Xapian joins them when it
    ///   sees the capitals, which lower-casing would hide from it.
    ///
    /// ASCII text costs one pass over its bytes (none more when it has no capitals).
    ///
    /// ```swift
    /// TextNormalizer.normalized("Việt Nam")       // "viet nam"
    /// TextNormalizer.normalized("Ἀθῆναι ΟΔΟΣ")    // "αθηναι οδοσ"
    /// TextNormalizer.normalized("İstanbul Işık")  // "istanbul isik"
    /// TextNormalizer.normalized("ﬁle U.S.A.")     // "file usa"
    /// ```
    public static func normalized(_ text: String) -> String {
        let summary = ASCIISummary(text)
        guard summary.isASCII else { return foldingUnicode(summary.hasInitials ? joiningInitials(text) : text) }
        if summary.hasInitials { return asciiLowercased(joiningInitials(text)) }
        return summary.hasCapitals ? asciiLowercased(text) : text
    }

    /// `text` lower-cased and composed (NFC), its accents kept: the exact form of a word, which
    /// `normalized(_:)` folds further. Greek final "ς" is written "σ", as `normalized(_:)` writes
    /// it: which of the two a word ends in is a matter of case, not of spelling.
    ///
    /// ```swift
    /// TextNormalizer.lowercased("Cafe\u{301} ΛΌΓΟΣ")  // "café λόγοσ"
    /// ```
    public static func lowercased(_ text: String) -> String {
        var lowered = String.UnicodeScalarView()
        var previous: Unicode.Scalar = " "
        // Decomposed, so that a dot on "i" is found before any mark after it, then composed.
        for scalar in text.lowercased()._nfd {
            // Turkish "İ" lower-cases to "i" and a combining dot, which "i" already has.
            if scalar == "\u{0307}", previous == "i" { continue }
            lowered.append(scalar == "\u{03C2}" ? "\u{03C3}" : scalar)
            if scalar.properties.generalCategory != .nonspacingMark { previous = scalar }
        }
        var composed = String.UnicodeScalarView()
        for scalar in String(lowered)._nfc { composed.append(scalar) }
        return String(composed)
    }

    /// `text` with Turkish and Azerbaijani capitals made the small letters they are the capitals of
    /// ("I" of "ı", "İ" of "i"), for lower-casing text in those languages: "Işıklı" is "ışıklı".
    ///
    /// ```swift
    /// TextNormalizer.lowercasingDotlessI("Işıklı İzmir")   // "ışıklı izmir" once lower-cased
    /// ```
    static func lowercasingDotlessI(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "I" || $0 == "\u{0130}" }) else { return text }
        return text.replacing("I", with: "ı").replacing("İ", with: "i")
    }

    /// The spellings of a folded German word with its umlauts written as two letters ("ue", "oe",
    /// "ae") collapsed to the plain vowel, as `normalized(_:)` folds the umlaut itself: "mueller"
    /// gives ["muller"], the folding of "Müller", so either spelling finds the other. Empty when
    /// the word has no such pair.
    ///
    /// A pair right after another vowel is left ("feuer", "bauer", "neue": diphthongs), as is "ue"
    /// after "q" ("quelle"). The rest is a trade-off: some words spell "ue", "oe" or "ae" without
    /// an umlaut ("aktuell", "Poet", "Michael", "Duell", English "blue"); they are collapsed too,
    /// which costs nothing unless the collapsed form is another word ("Poet" then matches "Pot",
    /// "Duell" "dull"). Rare enough for the recall it buys on names typed without umlauts.
    ///
    /// ```swift
    /// TextNormalizer.umlautSpellings(of: "mueller")      // ["muller"]
    /// TextNormalizer.umlautSpellings(of: "goethestrasse") // ["gothestrasse"]
    /// TextNormalizer.umlautSpellings(of: "feuer")        // []
    /// ```
    public static func umlautSpellings(of word: String) -> [String] {
        let collapsed = collapsingUmlautSpellings(word)
        return collapsed == word ? [] : [collapsed]
    }

    /// `text` (folded) with every umlaut written as two letters collapsed, by the rule of
    /// `umlautSpellings(of:)`: what `TextAnalyzer` does to German text, indexed or searched.
    static func collapsingUmlautSpellings(_ text: String) -> String {
        func isCollapsed(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
            guard bytes[index] == 0x65, index > 0 else { return false }  // an "e" after...
            let vowel = bytes[index - 1], previous = index > 1 ? bytes[index - 2] : 0
            // ...a, o or u, not after another vowel (a diphthong), "ue" not after "q"
            return (vowel == 0x61 || vowel == 0x6F || vowel == 0x75) && !isVowel(previous) && !(vowel == 0x75 && previous == 0x71)
        }
        var copy = text
        return copy.withUTF8 { bytes in
            guard let first = bytes.indices.first(where: { isCollapsed(bytes, $0) }) else { return text }
            var collapsed = Array(bytes[..<first])
            collapsed.reserveCapacity(bytes.count)
            for index in (first + 1)..<bytes.count where !isCollapsed(bytes, index) { collapsed.append(bytes[index]) }
            return String(decoding: collapsed, as: UTF8.self)
        }
    }

    private static func isVowel(_ byte: UInt8) -> Bool {
        byte == 0x61 || byte == 0x65 || byte == 0x69 || byte == 0x6F || byte == 0x75 || byte == 0x79
    }

    /// What one pass over the bytes of a text tells: whether it is ASCII, has capitals, has an
    /// apostrophe (ASCII or not), and has dotted initials of ASCII capitals.
    struct ASCIISummary {
        var isASCII = true, hasCapitals = false, hasApostrophe = false, hasInitials = false

        init(_ text: String) {
            var copy = text
            var hasDot = false
            copy.withUTF8 { bytes in
                let raw = UnsafeRawBufferPointer(bytes)
                // Eight bytes at a time: whether any has its top bit set, is a capital, an apostrophe, a dot.
                let high: UInt64 = 0x8080_8080_8080_8080, ones: UInt64 = 0x0101_0101_0101_0101
                var nonASCII: UInt64 = 0, capitals: UInt64 = 0, apostrophes: UInt64 = 0, dots: UInt64 = 0
                var index = 0
                while index + 8 <= bytes.count {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    nonASCII |= word
                    let ascii = word & ~high
                    capitals |= (ascii &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(ascii &+ 0x2525_2525_2525_2525)
                    let quote = word ^ 0x2727_2727_2727_2727, dot = word ^ 0x2E2E_2E2E_2E2E_2E2E
                    apostrophes |= (quote &- ones) & ~quote
                    dots |= (dot &- ones) & ~dot
                    index += 8
                }
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte >= 0x80 { nonASCII |= high }
                    else if byte >= 0x41 && byte <= 0x5A { capitals |= high }
                    else if byte == 0x27 { apostrophes |= high }
                    else if byte == 0x2E { dots |= high }
                    index += 1
                }
                isASCII = nonASCII & high == 0
                // The bit tricks may report capitals, apostrophes or dots that are not there, only in
                // words with bytes past ASCII, never miss one; non-ASCII text is checked again below.
                hasCapitals = capitals & high != 0
                hasApostrophe = apostrophes & high != 0
                hasDot = dots & high != 0
            }
            if isASCII {
                guard hasDot && hasCapitals else { return }
                // A capital, a dot, a capital: bytes compared in place.
                hasInitials = copy.withUTF8 { bytes in
                    guard bytes.count >= 3, let base = bytes.baseAddress else { return false }
                    for index in 1..<(bytes.count - 1) where base[index] == 0x2E {
                        if base[index - 1] &- 0x41 < 26 && base[index + 1] &- 0x41 < 26 { return true }
                    }
                    return false
                }
                return
            }
            hasApostrophe = text.unicodeScalars.contains { isApostrophe($0) }
            guard text.utf8.contains(0x2E) else { return }
            var last2: Unicode.Scalar = " ", last1: Unicode.Scalar = " "
            for scalar in text.unicodeScalars {
                if last1 == "." && isCapital(last2) && isCapital(scalar) { hasInitials = true; break }
                last2 = last1
                last1 = scalar
            }
        }
    }

    /// The apostrophes Xapian reads inside words (' ’ ‛) and the modifier letter apostrophe ʼ.
    static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}" || scalar == "\u{201B}" || scalar == "\u{02BC}"
    }

    static func isCapital(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (scalar.value >= 0x41 && scalar.value <= 0x5A) : scalar.properties.generalCategory == .uppercaseLetter
    }

    /// Letters, digits, marks and connectors: what Xapian counts as a word's characters.
    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return Words.isASCIILetterOrDigit(UInt8(scalar.value)) || scalar == "_" }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation: return true
        default: return false
        }
    }

    /// `text` with dotted initials of capitals ("U.S.A.", "J.R.R.") as their letters ("USA",
    /// "JRR"), by Xapian's rule: at a word's start, two or more capitals each followed by a dot
    /// (the last dot optional), and no letter or digit right after.
    static func joiningInitials(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var joined = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if isCapital(scalar), index == 0 || !isWordCharacter(scalars[index - 1]),
               index + 2 < scalars.count, scalars[index + 1] == ".", isCapital(scalars[index + 2]) {
                var letters = [scalar]
                var end = index + 1
                while end + 1 < scalars.count, scalars[end] == ".", isCapital(scalars[end + 1]) {
                    letters.append(scalars[end + 1])
                    end += 2
                }
                if end < scalars.count, scalars[end] == "." { end += 1 }
                if end == scalars.count || !isWordCharacter(scalars[end]) {
                    joined.append(contentsOf: letters)
                    index = end
                    continue
                }
            }
            joined.append(scalar)
            index += 1
        }
        return String(joined)
    }

    /// ASCII text with its capitals lower-cased, in one copy.
    static func asciiLowercased(_ text: String) -> String {
        var text = text
        return text.withUTF8 { source in
            String(unsafeUninitializedCapacity: source.count) { target in
                guard let from = source.baseAddress, let to = target.baseAddress else { return 0 }
                var index = 0
                // Eight bytes at a time: 0x20 added to each capital's byte (no carry between bytes).
                while index + 8 <= source.count {
                    let word = UnsafeRawPointer(from + index).loadUnaligned(as: UInt64.self)
                    let capitals = (word &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(word &+ 0x2525_2525_2525_2525) & 0x8080_8080_8080_8080
                    UnsafeMutableRawPointer(to + index).storeBytes(of: word | (capitals >> 2), as: UInt64.self)
                    index += 8
                }
                while index < source.count {
                    let byte = from[index]
                    to[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                    index += 1
                }
                return source.count
            }
        }
    }

    /// The full folding of text that is not all ASCII: decomposed (NFD), each scalar mapped,
    /// lower-cased and stripped of diacritics, then recomposed (NFC).
    static func foldingUnicode(_ text: String) -> String {
        // Latin, Greek and Cyrillic text without combining marks (most text, precomposed as
        // keyboards type it) is folded a character at a time from a table of the full folding.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                bytes.append(value >= 0x41 && value <= 0x5A ? UInt8(value | 0x20) : UInt8(value))
            } else if let slot = foldingTableSlot(value), let folded = foldingTable[slot] {
                bytes.append(contentsOf: folded)
            } else {
                return foldingAnyUnicode(text)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where `foldingTable` holds the folding of `value`: U+0080–052F (Latin-1 and Extended,
    /// IPA, Greek, Cyrillic), U+1E00–206F (Latin and Greek Extended, punctuation).
    private static func foldingTableSlot(_ value: UInt32) -> Int? {
        if value < 0x0530 { return Int(value) - 0x80 }
        if value >= 0x1E00 && value < 0x2070 { return Int(value) - 0x1E00 + (0x0530 - 0x80) }
        return nil
    }

    /// The UTF-8 folding of each character of the table's ranges, as `foldingAnyUnicode` folds it
    /// alone; nil for combining marks, whose folding depends on their letter.
    private static let foldingTable: [[UInt8]?] = {
        var table: [[UInt8]?] = []
        for value in Array(0x80..<0x0530) + Array(0x1E00..<0x2070) {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .nonspacingMark, value != puntVolat else {
                table.append(nil)
                continue
            }
            table.append(Array(foldingAnyUnicode(String(Character(scalar))).utf8))
        }
        return table
    }()

    private static func foldingAnyUnicode(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        var base: UInt32 = 0
        var allASCII = true
        func append(_ value: UInt32) {
            if value >= 0x80 { allASCII = false }
            folded.append(Unicode.Scalar(value)!)
        }
        // A mark that joins two letters of one word, held until the next character says whether it
        // does: Catalan's punt volat between two l's ("col·legi"), Hebrew's gershayim, or the
        // quotation mark typed for it, between two Hebrew letters ("צה״ל"); both typed without.
        var held: (mark: UInt32, joins: (UInt32) -> Bool)?
        for scalar in text._nfd {
            let value = scalar.value
            if let (mark, joins) = held {
                held = nil
                if !joins(value) { append(mark) }
            }
            if value == 0x22 || value == 0x05F4, isHebrewLetter(base) {
                held = (0x22, isHebrewLetter)
                continue
            }
            if value == puntVolat, base == 0x6C || base == 0x4C {
                held = (puntVolat, { $0 == 0x6C || $0 == 0x4C })
                continue
            }
            if value < 0x80 {
                append(value >= 0x41 && value <= 0x5A ? value | 0x20 : value)
                base = value
                continue
            }
            let properties = scalar.properties
            let category = properties.generalCategory
            if category == .nonspacingMark {
                if !isFoldedMark(value, on: base) { append(value) }
                continue
            }
            // Persian (and Urdu, Kurdish) write a word's parts apart with a zero-width non-joiner
            // ("کتاب‌ها", book + plural): after an Arabic-script letter it parts words, as a space.
            // In Indic scripts it shapes letters inside a word, and stays.
            if value == 0x200C, isArabicScript(base) {
                append(0x20)
                base = 0x20
                continue
            }
            // Digits of every script as ASCII ones ("۱۴۰۳", "๑๕"), as numbers are searched.
            if category == .decimalNumber, let digit = properties.numericValue {
                append(0x30 + UInt32(digit))
                base = 0x30
                continue
            }
            // Thai's and Lao's sara am typed as its two parts, the nikhahit and sara aa ("ต้มยํา"),
            // as the one vowel keyboards type ("ต้มยำ").
            if value == 0x0E32 || value == 0x0EB2, let am = saraAm(before: value, in: &folded) {
                append(am)
                base = am
                continue
            }
            base = value
            if let mapped = compatibilityForms[value] {
                for part in mapped.unicodeScalars {
                    let value = part.value
                    append(value >= 0x41 && value <= 0x5A ? value | 0x20 : value)
                }
                continue
            }
            if properties.changesWhenLowercased {
                for lower in properties.lowercaseMapping.unicodeScalars { appendFolding(lower.value, append) }
            } else {
                appendFolding(value, append)
            }
        }
        if let (mark, _) = held { append(mark) }
        if allASCII { return String(folded) }
        var composed = String.UnicodeScalarView()
        for scalar in String(folded)._nfc { composed.append(scalar) }
        return String(composed)
    }

    /// The middle dot, Catalan's punt volat ("l·l").
    private static let puntVolat: UInt32 = 0x00B7

    /// Whether `value` is a Hebrew letter (final forms and the Yiddish ligatures too).
    private static func isHebrewLetter(_ value: UInt32) -> Bool { (0x05D0...0x05F2).contains(value) }

    /// `text` with its traditional Chinese characters written as their simplified forms
    /// (`HanVariants`): how Chinese text is indexed and searched (`Language.writesChinese`), and
    /// titles' words in any language (`Words.lowercased`). Not part of `normalized(_:)`: Japanese
    /// writes some of those characters apart from their simplified forms (後 "after", 后 "empress").
    ///
    /// ```swift
    /// TextNormalizer.simplifyingChinese("臺灣電腦")  // "台湾电脑"
    /// ```
    static func simplifyingChinese(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { HanVariants.simplified(of: $0.value) != nil }) else { return text }
        var simplified = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { simplified.append(HanVariants.simplified(of: scalar.value).flatMap(Unicode.Scalar.init) ?? scalar) }
        return String(simplified)
    }

    /// The sara am that the nikhahit ending `folded` makes with the sara aa `value` after it (Thai
    /// U+0E32, Lao U+0EB2), the nikhahit taken off `folded`; a tone mark typed between them stays,
    /// before the vowel, as the composed spelling writes it ("นํ้า" as "น้ำ"). nil when no nikhahit ends it.
    private static func saraAm(before value: UInt32, in folded: inout String.UnicodeScalarView) -> UInt32? {
        let nikhahit = value + 0x1B, tones = (value + 0x16)...(value + 0x19)
        guard let last = folded.last else { return nil }
        if last.value == nikhahit {
            folded.removeLast()
            return value + 0x01
        }
        let before = folded.index(before: folded.endIndex)
        guard tones.contains(last.value), before > folded.startIndex, folded[folded.index(before: before)].value == nikhahit else { return nil }
        folded.remove(at: folded.index(before: before))
        return value + 0x01
    }

    /// Whether `value` is a letter of the Arabic script (Arabic, Persian, Urdu, …): its blocks and presentation forms.
    private static func isArabicScript(_ value: UInt32) -> Bool {
        (value >= 0x0600 && value <= 0x06FF) || (value >= 0x0750 && value <= 0x077F) || (value >= 0x08A0 && value <= 0x08FF)
            || (value >= 0xFB50 && value <= 0xFDFF) || (value >= 0xFE70 && value <= 0xFEFF)
    }

    /// Appends `value` (lower-case), or the letters it is usually typed as.
    private static func appendFolding(_ value: UInt32, _ append: (UInt32) -> Void) {
        if let letters = letterFoldings[value] {
            for letter in letters.unicodeScalars { append(letter.value) }
        } else if value >= 0xFF01 && value <= 0xFF5E {
            append(value - 0xFEE0)
        } else {
            append(value)
        }
    }

    /// Whether a nonspacing mark `mark` on the letter `base` is a diacritic that folding removes.
    static func isFoldedMark(_ mark: UInt32, on base: UInt32) -> Bool {
        // The breve of Russian and Ukrainian "й" spells a different letter (and Snowball's Russian
        // stemmer needs it); other Cyrillic marks (ё, ї) fold as accents do.
        if mark == 0x0306 && (base == 0x0438 || base == 0x0418) { return false }
        if mark >= 0x0300 && mark <= 0x036F { return true }
        if base < 0x0530 { return true }  // Latin, Greek, Cyrillic
        // The madda of آ stays: Arabic's stemmer reads آ as a hamza and alef, and the bare alef
        // left by folding it as a suffix's ("القرآن", "قرآن" stem alike only with it).
        if mark == 0x0653 && base == 0x0627 { return false }
        if (mark >= 0x064B && mark <= 0x065F) || mark == 0x0670 || (mark >= 0x06D6 && mark <= 0x06ED) { return true }  // Arabic harakat
        if mark >= 0x0591 && mark <= 0x05C7 { return true }  // Hebrew points and accents
        // The nukta of Devanagari, Bengali, Gurmukhi, Gujarati and Oriya (क़िला, ग़ज़ल), often typed without.
        if mark == 0x093C || mark == 0x09BC || mark == 0x0A3C || mark == 0x0ABC || mark == 0x0B3C { return true }
        return (mark >= 0x1AB0 && mark <= 0x1AFF) || (mark >= 0x1DC0 && mark <= 0x1DFF)
            || (mark >= 0x20D0 && mark <= 0x20FF) || (mark >= 0xFE20 && mark <= 0xFE2F)
    }

    /// Compatibility forms read as their plain equivalents (the part of NFKC that search needs),
    /// and the characters dropped (mapped to nothing).
    private static let compatibilityForms: [UInt32: String] = {
        var forms: [UInt32: String] = [
            0x00A0: " ", 0x1680: " ", 0x202F: " ", 0x205F: " ", 0x3000: " ", 0x200B: " ",
            0x00AD: "", 0x2060: "", 0xFEFF: "", 0x0640: "",
            0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl", 0xFB03: "ffi", 0xFB04: "ffl", 0xFB05: "st", 0xFB06: "st",
            0x00B5: "\u{03BC}", 0x2024: ".", 0x2026: "...",
            // Hebrew's geresh, typed as the apostrophe ("ג׳חנון"), and gershayim outside a word.
            0x05F3: "'", 0x05F4: "\"",
        ]
        for space in 0x2000...0x200A { forms[UInt32(space)] = " " }
        // Half-width katakana and their punctuation (U+FF61–FF9F) as the full-width forms NFKC
        // gives, the two voicing marks as the combining ones that recomposition joins to their kana.
        let halfwidthKatakana = "。「」、・ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン\u{3099}\u{309A}"
        for (offset, kana) in halfwidthKatakana.unicodeScalars.enumerated() { forms[0xFF61 + UInt32(offset)] = String(kana) }
        return forms
    }()

    /// Letters (lower-case) that are typed as other letters where keyboards lack them.
    private static let letterFoldings: [UInt32: String] = [
        0x00DF: "ss", 0x00E6: "ae", 0x0153: "oe", 0x00F8: "o", 0x0142: "l", 0x0111: "d", 0x00F0: "d",
        0x00FE: "th", 0x0131: "i", 0x03C2: "\u{03C3}", 0x017F: "s", 0x0127: "h", 0x0167: "t", 0x0140: "l",
        0x0133: "ij",
        // Persian's keheh and yeh as the Arabic kaf and yeh that Arabic keyboards type.
        0x06A9: "\u{0643}", 0x06CC: "\u{064A}",
    ]
}
