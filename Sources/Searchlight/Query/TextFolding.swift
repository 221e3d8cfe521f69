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

    /// The text with its diacritics removed: decomposed canonically (NFD, the standard library's
    /// own normalizer) and stripped of nonspacing marks, so "Crème brûlée" reads "Creme brulee".
    func foldingDiacritics() -> String {
        guard utf8.contains(where: { $0 >= 0x80 }) else { return String(self) }
        var folded = String.UnicodeScalarView()
        for scalar in String(self)._nfd where scalar.properties.generalCategory != .nonspacingMark { folded.append(scalar) }
        return String(folded)
    }
}
