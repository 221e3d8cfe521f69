import XapianIndex

/// A short passage of a result's text around the words that matched the query.
///
/// ```swift
/// if let snippet = result.snippet {
///     for range in snippet.highlights { print(snippet.text.unicodeScalars.dropFirst(range.lowerBound).prefix(range.count)) }
/// }
/// ```
public struct Snippet: Sendable, Hashable {
    public var text: String
    /// The matched words, as `[start, end)` offsets in Unicode scalars (code points) of `text`.
    public var highlights: [Range<Int>]
}

/// Cuts snippets for the results of one query. The query's words (`QueryText.matchableWords`, of
/// the text and its variants) are stemmed once in each language of the schema; a text word
/// matches when, analysed as the index analyses it in its attribute's language, it is one of those
/// stems or stems to one (or, for the word being typed, begins with it). ASCII words are compared
/// as bytes, and only those sharing a stem's first three letters are stemmed; other words are
/// folded first (accents, case, width: "Müller" matches "muller"), their elided articles set
/// aside ("L’Étranger" matches "etranger"); in scripts written without spaces (Chinese, Japanese,
/// Korean, Thai, Lao, Khmer, Myanmar) the query's words are found inside the text's runs.
///
/// ```swift
/// let builder = SnippetBuilder(text: text, languages: [(.english, try Stemmer(language: "english"))])
/// let snippet = builder?.snippet(for: entity, type: type)
/// ```
struct SnippetBuilder {
    /// About how many bytes of text a snippet holds.
    static let length = 160
    /// How much text comes before the first match.
    static let lead = 40
    /// Marks text cut off before or after the window.
    private static let ellipsis = Array("…".utf8)

    /// The query's words as one language's text matches them.
    private struct Stems {
        let language: Language
        let stemmer: Stemmer?
        let stems: Set<String>
        let stemBytes: [[UInt8]]
        /// The first (up to) three bytes of each stem: an ASCII word is stemmed only when it begins with one.
        let heads: [[UInt8]]
        /// For each byte value, whether the scan stops at it: the letters (in either case) that begin
        /// a stem or the typed word, and every byte of a non-ASCII character. Most of a text is passed
        /// over a byte at a time with one look-up.
        let stopsScan: [Bool]
    }

    /// One entry per language of the schema's text, the first for text of any other.
    private let languages: [Stems]
    /// The word being typed, folded.
    private let typed: String?
    /// The query's words written in scripts without spaces (as scalar values, Chinese characters
    /// simplified), found inside the text's runs of them, simplified alike.
    private let unspaced: [[UInt32]]
    /// Words already analysed for this query's results (by language), and whether they matched.
    private let analysed: Analysed

    private final class Analysed {
        var matches: [[String: Bool]]
        /// The index in `languages` of each language name the schema gives attributes.
        var languageIndexes: [String: Int] = [:]
        init(languages: Int) { matches = Array(repeating: [:], count: languages) }
    }

    /// The index in `languages` of `attribute`'s language (the first, for one the schema's text is not in).
    private func languageIndex(of attribute: AttributeKey, in type: EntityType) -> Int {
        let name = attribute.language ?? type.language
        if let known = analysed.languageIndexes[name] { return known }
        let language = type.language(of: attribute)
        let index = languages.firstIndex { $0.language == language } ?? 0
        analysed.languageIndexes[name] = index
        return index
    }

    /// A builder for the results of `text`, whose schema's text is in `languages` (each with its
    /// stemmer, nil for none); nil when the text has no word a result could show as matched.
    init?(text: QueryText, languages: [(language: Language, stemmer: Stemmer?)]) {
        let words = text.searchedTexts.flatMap(\.matchableWords) + text.alternatives.values.joined()
        let typed = text.partial ? text.matchableWords.last : nil
        unspaced = Array(Set(words.filter(Self.isUnspaced).map { $0.unicodeScalars.map { HanVariants.simplified(of: $0.value) ?? $0.value } }))
        let spaced = words.filter { !Self.isUnspaced($0) }
        let typedFirst = typed.flatMap { $0.utf8.first }.map(Self.folded)
        self.languages = (languages.isEmpty ? [(.english, nil)] : languages).map { language, stemmer in
            var stems = Set<String>()
            for word in spaced where !language.stopwords.contains(word) {
                let word = Self.adjusted(word, in: language)
                stems.insert((try? stemmer?.stem(word)) ?? word)
            }
            let stemBytes = stems.map { Array($0.utf8) }
            let heads = Array(Set(stemBytes.map { Array($0.prefix(3)) }))
            var stopsScan = [Bool](repeating: false, count: 128) + [Bool](repeating: true, count: 128)
            for first in heads.compactMap(\.first) + [typedFirst].compactMap({ $0 }) where first < 0x80 {
                stopsScan[Int(first)] = true
                if first >= 0x61 && first <= 0x7A { stopsScan[Int(first) - 0x20] = true }
            }
            return Stems(language: language, stemmer: stemmer, stems: stems, stemBytes: stemBytes, heads: heads, stopsScan: stopsScan)
        }
        guard self.languages.contains(where: { !$0.stems.isEmpty }) || typed != nil || !unspaced.isEmpty else { return nil }
        self.typed = typed
        analysed = Analysed(languages: self.languages.count)
    }

    /// The passage of the entity's searchable text (other than the title and subtitle, which show
    /// anyway) with the most matched words, the longer text on a tie; else the start of the first.
    func snippet(for entity: Entity, type: EntityType) -> Snippet? {
        var fallback: String?
        var best: (snippet: Snippet, length: Int)?
        for attribute in type.attributes where attribute.kind == .text && attribute.searchable
            && attribute.key != type.display.title && attribute.key != type.display.subtitle {
            guard let value = entity.attributes[attribute.key] else { continue }
            let text = if case .string(let text) = value { text } else { value.elements.map(\.text).joined(separator: " ") }
            if fallback == nil, !text.isEmpty { fallback = text }
            guard let snippet = cut(text, in: languageIndex(of: attribute, in: type)) else { continue }
            let length = text.utf8.count
            if best.map({ ($0.snippet.highlights.count, $0.length) < (snippet.highlights.count, length) }) ?? true {
                best = (snippet, length)
            }
        }
        guard let best else { return fallback.map { text in var text = text; return text.withUTF8 { Self.window($0, from: 0, matches: []) } } }
        return best.snippet
    }

    /// The window around the first matched word with every match inside it; the scan stops at the
    /// end of that window, since later matches would not show. It stops only at the start of an
    /// ASCII word whose first letter begins a stem, and at non-ASCII bytes, whose whole word is then
    /// analysed; ASCII words are compared in place.
    private func cut(_ text: String, in language: Int) -> Snippet? {
        var text = text
        return text.withUTF8 { bytes -> Snippet? in
            languages[language].stopsScan.withUnsafeBufferPointer { stopsScan -> Snippet? in
                var highlights: [Range<Int>] = []
                // Words beginning before `stop` are read: the window's end, or the text's.
                var stop = bytes.count
                var i = 0
                while i < stop {
                    while i < stop, !stopsScan[Int(bytes[i])] { i += 1 }
                    guard i < stop else { break }
                    let wordStart = i == 0 || !Self.isWordByte(bytes[i - 1])
                    // A letter inside an ASCII word: not where a match begins.
                    if bytes[i] < 0x80, !wordStart {
                        i += 1
                        continue
                    }
                    var start = i
                    while start > 0, Self.isWordByte(bytes[start - 1]) { start -= 1 }
                    var high: UInt8 = 0
                    i = start
                    while i < bytes.count, Self.isWordByte(bytes[i]) {
                        high |= bytes[i]
                        i += 1
                    }
                    let word = UnsafeBufferPointer(rebasing: bytes[start..<i])
                    if high < 0x80 {
                        guard matchesASCII(word, in: language) else { continue }
                        if highlights.isEmpty { stop = min(bytes.count, start + Self.length) }
                        highlights.append(start..<i)
                    } else {
                        let found = matches(unicode: word, at: start, in: language)
                        guard let first = found.first else { continue }
                        if highlights.isEmpty { stop = min(bytes.count, first.lowerBound + Self.length) }
                        highlights += found
                    }
                    // A word the window's end falls inside is still read (its start is before the end).
                    if stop < bytes.count, Self.isWordByte(bytes[stop - 1]) {
                        while stop < bytes.count, Self.isWordByte(bytes[stop]) { stop += 1 }
                    }
                }
                guard let first = highlights.first else { return nil }
                return Self.window(bytes, from: first.lowerBound, matches: highlights)
            }
        }
    }

    /// ASCII letters and digits, and every byte of a non-ASCII character.
    @inline(__always)
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || Words.isASCIILetterOrDigit(byte)
    }

    /// An ASCII letter in lower case; other bytes as they are.
    private static func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

    /// Whether `word`, its ASCII letters lower-cased, begins with `prefix`.
    private static func begins(_ word: UnsafeBufferPointer<UInt8>, with prefix: some Collection<UInt8>) -> Bool {
        guard word.count >= prefix.count else { return false }
        var offset = 0
        for byte in prefix {
            if folded(word[offset]) != byte { return false }
            offset += 1
        }
        return true
    }

    /// Whether an ASCII word of the text matches the query: it begins with the word being typed,
    /// or is a stem, or stems to one.
    private func matchesASCII(_ word: UnsafeBufferPointer<UInt8>, in language: Int) -> Bool {
        if let typed, Self.begins(word, with: typed.utf8) { return true }
        let stems = languages[language]
        guard stems.heads.contains(where: { Self.begins(word, with: $0) }) else { return false }
        if stems.stemBytes.contains(where: { $0.count == word.count && Self.begins(word, with: $0) }) { return true }
        let lowered = String(unsafeUninitializedCapacity: word.count) { buffer in
            for offset in word.indices { buffer[offset] = Self.folded(word[offset]) }
            return word.count
        }
        return matches(analysed: lowered, in: language)
    }

    /// The ranges of a word with non-ASCII letters that match the query: the query's words in
    /// scripts without spaces wherever they occur in it; else the whole word when, folded, it or
    /// its part after an elided article matches.
    private func matches(unicode word: UnsafeBufferPointer<UInt8>, at offset: Int, in language: Int) -> [Range<Int>] {
        let text = String(decoding: word, as: UTF8.self)
        if !unspaced.isEmpty {
            // The word's scalars, traditional Chinese characters simplified as the query's are,
            // each with the byte offset it starts at (and the word's end after the last).
            var scalars: [UInt32] = [], starts: [Int] = []
            var at = 0
            for scalar in text.unicodeScalars {
                scalars.append(HanVariants.simplified(of: scalar.value) ?? scalar.value)
                starts.append(at)
                at += UTF8.width(scalar)
            }
            starts.append(at)
            var found: [Range<Int>] = []
            for needle in unspaced where needle.count <= scalars.count {
                for start in 0...(scalars.count - needle.count) where scalars[start] == needle[0] && scalars[start..<(start + needle.count)].elementsEqual(needle) {
                    found.append((offset + starts[start])..<(offset + starts[start + needle.count]))
                }
            }
            if !found.isEmpty { return Self.merged(found) }
        }
        let folded = TextNormalizer.normalized(text)
        let parts = folded.split { $0.unicodeScalars.first.map(TextNormalizer.isApostrophe) ?? false }.map(String.init)
        for part in Set(parts + [folded]) where matches(folded: part, in: language) { return [offset..<(offset + word.count)] }
        return []
    }

    /// Whether a folded word matches: it begins with the word being typed, or, as `language`
    /// writes it, is a stem or stems to one.
    private func matches(folded word: String, in language: Int) -> Bool {
        // By scalars, as prefixes are typed: "दिल" begins "दिल्ली", though not as clusters.
        if let typed, word.unicodeScalars.starts(with: typed.unicodeScalars) { return true }
        return matches(analysed: Self.adjusted(word, in: languages[language].language), in: language)
    }

    /// Whether a lower-cased word is one of `language`'s stems or stems to one (remembered per query).
    private func matches(analysed word: String, in language: Int) -> Bool {
        if let known = analysed.matches[language][word] { return known }
        let stems = languages[language]
        let matched = stems.stems.contains(word) || stems.stems.contains((try? stems.stemmer?.stem(word)) ?? word)
        analysed.matches[language][word] = matched
        return matched
    }

    /// A folded word as `language` indexes it: German "ue", "oe", "ae" collapsed as umlauts are.
    private static func adjusted(_ word: String, in language: Language) -> String {
        language.germanUmlautAlternates ? TextNormalizer.collapsingUmlautSpellings(word) : word
    }

    /// Whether a word is written in a script without spaces between words.
    private static func isUnspaced(_ word: String) -> Bool {
        word.unicodeScalars.first.map { TextAnalyzer.isCJK($0) || TextAnalyzer.isPaired($0) } ?? false
    }

    /// Ascending ranges with overlapping ones joined.
    private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var merged: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// About `length` bytes starting a little before the byte `match`, cut at spaces; highlight
    /// ranges are converted to code point offsets.
    private static func window(_ bytes: UnsafeBufferPointer<UInt8>, from match: Int, matches: [Range<Int>]) -> Snippet {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
        var start = max(0, match - lead)
        if start > 0 { while start < match, !isSpace(bytes[start - 1]) { start += 1 } }
        var end = min(bytes.count, start + length)
        if end < bytes.count { while end > match + 1, !isSpace(bytes[end]) { end -= 1 } }
        let cutBefore = start > 0, cutAfter = end < bytes.count
        let text = String(unsafeUninitializedCapacity: end - start + 2 * ellipsis.count) { buffer in
            var count = 0
            func append(_ byte: UInt8) {
                buffer[count] = byte
                count += 1
            }
            if cutBefore { ellipsis.forEach(append) }
            for position in start..<end { append(isSpace(bytes[position]) ? 0x20 : bytes[position]) }
            if cutAfter { ellipsis.forEach(append) }
            return count
        }
        // Code points before each edge of the matches inside the window, counted in one pass (edges ascend).
        var highlights: [Range<Int>] = []
        highlights.reserveCapacity(matches.count)
        var scalars = cutBefore ? 1 : 0
        var position = start
        func advance(to edge: Int) {
            while position < edge {
                if bytes[position] & 0xC0 != 0x80 { scalars += 1 }
                position += 1
            }
        }
        for match in matches where match.lowerBound >= start && match.upperBound <= end {
            advance(to: match.lowerBound)
            let lower = scalars
            advance(to: match.upperBound)
            highlights.append(lower..<scalars)
        }
        return Snippet(text: text, highlights: highlights)
    }
}
