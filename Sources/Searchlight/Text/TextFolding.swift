@_spi(_Unicode) import Swift

extension StringProtocol {
    /// The text without the leading and trailing characters `isTrimmed` accepts.
    ///
    /// ```swift
    /// "  gnu make \n".trimming(\.isWhitespace)  // "gnu make"
    /// ```
    func trimming(_ isTrimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) }) else { return "" }
        return String(self[first...last])
    }

    /// The text with its diacritics removed, as Foundation's diacritic-insensitive folding does
    /// (so Russian "й" reads "и", which search keeps) and, in other scripts, as search folds them:
    /// decomposed canonically (NFD, the standard library's own
    /// normalizer), then stripped of any nonspacing mark on a Latin, Greek or Cyrillic letter and
    /// of those search folds on other letters (`TextNormalizer.isFoldedMark`: the Combining
    /// Diacritical Marks, Arabic harakat, Hebrew points, the Indic nukta), so "Crème brûlée"
    /// reads "Creme brulee" and "שָׁלוֹם" "שלום", while marks that spell other scripts (kana
    /// voicing, Indic vowel signs) stay. Latin letters whose diacritic is a stroke, which Unicode
    /// does not decompose, lose it too, as search folds them ("Łódź" reads "Lodz", "Đà Nẵng" "Da Nang").
    func foldingDiacritics() -> String {
        guard utf8.contains(where: { $0 >= 0x80 }) else { return String(self) }
        var folded = String.UnicodeScalarView()
        var base: Unicode.Scalar?
        for scalar in String(self)._nfd {
            if scalar.properties.generalCategory == .nonspacingMark {
                // With no letter before it, a mark is folded as it would be on a letter of another script.
                let on = base?.value ?? endOfCyrillic
                if on < endOfCyrillic || TextNormalizer.isFoldedMark(scalar.value, on: on) { continue }
            } else {
                base = scalar
            }
            folded.append(strokedLetters[scalar] ?? scalar)
        }
        return String(folded)
    }
}

/// Latin letters with a stroke, which search folds too (`TextNormalizer`), and the letters they are written with.
private let strokedLetters: [Unicode.Scalar: Unicode.Scalar] = [
    "Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h", "Ŧ": "T", "ŧ": "t",
]

/// Where the Cyrillic Supplement block ends: the letters before it (Latin, Greek, Cyrillic) lose
/// any nonspacing mark.
private let endOfCyrillic: UInt32 = 0x0530
