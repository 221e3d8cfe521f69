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

    /// The text with its diacritics removed, as Foundation's diacritic-insensitive folding does:
    /// decomposed canonically (NFD, the standard library's own normalizer), then stripped of the
    /// nonspacing marks that are generic diacritics (the Combining Diacritical Marks blocks) and of
    /// any nonspacing mark on a Latin, Greek or Cyrillic letter, so "Crème brûlée" reads "Creme
    /// brulee" while marks that spell other scripts (kana voicing, Hebrew points, Indic vowel
    /// signs) stay. Latin letters whose diacritic is a stroke, which Unicode does not decompose,
    /// lose it too, as search folds them ("Łódź" reads "Lodz", "Đà Nẵng" "Da Nang").
    func foldingDiacritics() -> String {
        guard utf8.contains(where: { $0 >= 0x80 }) else { return String(self) }
        var folded = String.UnicodeScalarView()
        var base: Unicode.Scalar?
        for scalar in String(self)._nfd {
            if scalar.properties.generalCategory == .nonspacingMark {
                if genericDiacritics.contains(where: { $0.contains(scalar.value) }) { continue }
                if let base, base.value < endOfCyrillic { continue }
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

/// The Combining Diacritical Marks blocks (basic, extended, supplement, for symbols, half marks).
private let genericDiacritics: [ClosedRange<UInt32>] = [0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F]

/// Where the Cyrillic Supplement block ends: the letters before it (Latin, Greek, Cyrillic) lose
/// any nonspacing mark.
private let endOfCyrillic: UInt32 = 0x0530
