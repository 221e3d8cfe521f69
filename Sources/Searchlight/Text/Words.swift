/// How text is cut into words wherever Searchlight makes terms of whole words or names itself
/// (titles, completions, prefix terms, names): runs of letters and digits, lower-cased.
enum Words {
    /// A title or other name as its lower-cased words joined by single spaces.
    static func normalisedName(_ text: String) -> String { lowercased(text).joined(separator: " ") }

    /// `word` without the digits that end it when letters come before them, as a version or series
    /// number ("python3" as "python", "gtk4" as "gtk"); other words as they are ("2024", "mp3player").
    ///
    /// ```swift
    /// Words.withoutVersionDigits("python3")  // "python"
    /// Words.withoutVersionDigits("1984")     // "1984"
    /// ```
    static func withoutVersionDigits(_ word: String) -> String {
        let kept = word.utf8.reversed().drop { $0 >= 0x30 && $0 <= 0x39 }
        guard kept.count < word.utf8.count, let last = kept.first, Words.isASCIILetterOrDigit(last) || last >= 0x80 else { return word }
        return String(decoding: kept.reversed(), as: UTF8.self)
    }

    /// How many words `text` has (runs of letters and digits), counted without building them.
    static func count(_ text: String) -> Int {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.split { !$0.isLetter && !$0.isNumber }.count }
        var count = 0
        var inWord = false
        for byte in text.utf8 {
            let letter = isASCIILetterOrDigit(byte)
            if letter && !inWord { count += 1 }
            inWord = letter
        }
        return count
    }

    /// The lower-cased words of `text` (runs of letters and digits), folded as `TextNormalizer` folds
    /// them (accents, width; Chinese characters simplified): the words of titles, completions and prefix terms, and of queries read
    /// as plain words.
    ///
    /// ```swift
    /// Words.lowercased("GNU Make 4.3")   // ["gnu", "make", "4", "3"]
    /// ```
    static func lowercased(_ text: String) -> [String] {
        // ASCII text, most titles and queries, is split by bytes: the same words without Unicode's tables.
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            // Folded as text is for searching (case, accents, width), so "Élan" completes "el", and
            // Chinese characters simplified in every language, so "台湾" completes "臺灣鐵路".
            return TextNormalizer.simplifyingChinese(TextNormalizer.normalized(text)).split { !$0.isLetter && !$0.isNumber }.map(String.init)
        }
        var words: [String] = []
        var word: [UInt8] = []
        for byte in text.utf8 {
            if isASCIILetterOrDigit(byte) {
                word.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            } else if !word.isEmpty {
                words.append(String(decoding: word, as: UTF8.self))
                word.removeAll(keepingCapacity: true)
            }
        }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        return words
    }

    /// Text being typed that ends in an apostrophe right after a letter, without it: the word goes
    /// on after it ("пам'" of "пам'ять", "aujourd'" of "aujourd'hui"), so what is typed so far is
    /// the word before it, as a prefix; nil for other text.
    ///
    /// ```swift
    /// Words.continuingWord("l'enfant pam'")   // "l'enfant pam"
    /// Words.continuingWord("rock 'n'")        // "rock 'n"
    /// Words.continuingWord("'")               // nil
    /// ```
    static func continuingWord(_ text: String) -> String? {
        guard let last = text.last, apostrophes.contains(last), let before = text.dropLast().last, before.isLetter else { return nil }
        return String(text.dropLast())
    }

    /// The apostrophes typed inside words: ASCII's, the right single quotation mark, the modifier letter.
    static let apostrophes: Set<Character> = ["'", "\u{2019}", "\u{02BC}"]

    /// The ASCII bytes that are letters or digits (in ASCII, exactly the characters that are).
    static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

}
