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

/// Cuts snippets for the results of one query: the query's words are stemmed once, and a text
/// word matches when it begins with a query word's stem and stems to it (or, for the word being
/// typed, simply begins with it). Text is scanned as UTF-8 bytes; only words sharing a stem's
/// first three letters are stemmed.
struct SnippetBuilder {
    /// About how many bytes of text a snippet holds.
    static let length = 160
    /// How much text comes before the first match.
    static let lead = 40
    /// Marks text cut off before or after the window.
    private static let ellipsis = Array("…".utf8)

    private let stems: Set<String>
    private let stemBytes: [[UInt8]]
    /// The first (up to) three bytes of each stem: a word is stemmed only when it begins with one.
    private let stemHeads: [[UInt8]]
    /// Which bytes begin a stem or the typed word: most words are passed over on their first byte.
    private let firstBytes: [Bool]
    private let typed: [UInt8]?
    private let stemmer: Stemmer?
    /// Words already stemmed for this query's results, and whether they matched.
    private let stemmed = StemCache()

    private final class StemCache {
        var matches: [String: Bool] = [:]
    }

    init?(query: String, partial: Bool, stemmer: Stemmer?, stopwords: Set<String>) {
        var words: [String] = []
        for token in query.split(whereSeparator: \.isWhitespace) where !token.hasPrefix("-") && !QueryText.operators.contains(String(token)) {
            let value = token.split(separator: ":", maxSplits: 1).last ?? token
            words += Words.lowercased(String(value))
        }
        typed = partial && query.last.map { $0.isLetter || $0.isNumber } == true ? words.last.map { Array($0.utf8) } : nil
        var stems = Set<String>()
        for word in words where !stopwords.contains(word) { stems.insert((try? stemmer?.stem(word)) ?? word) }
        guard !stems.isEmpty || typed != nil else { return nil }
        self.stems = stems
        stemBytes = stems.map { Array($0.utf8) }
        stemHeads = Array(Set(stemBytes.map { Array($0.prefix(3)) }))
        var firstBytes = [Bool](repeating: false, count: 256)
        for head in stemHeads + [typed ?? []] { if let first = head.first { firstBytes[Int(first)] = true } }
        self.firstBytes = firstBytes
        self.stemmer = stemmer
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
            guard let snippet = cut(text) else { continue }
            let length = text.utf8.count
            if best.map({ ($0.snippet.highlights.count, $0.length) < (snippet.highlights.count, length) }) ?? true {
                best = (snippet, length)
            }
        }
        return best?.snippet ?? fallback.map { Array($0.utf8).withUnsafeBufferPointer { Self.window($0, from: 0, matches: []) } }
    }

    /// The window around the first matched word with every match inside it; the scan stops at the
    /// end of that window, since later matches would not show. Words are compared in place.
    private func cut(_ text: String) -> Snippet? {
        var text = text
        return text.withUTF8 { bytes -> Snippet? in
            var matches: [Range<Int>] = []
            var stop = bytes.count
            var i = 0
            while i < stop {
                while i < bytes.count, !Self.isWordByte(bytes[i]) { i += 1 }
                guard i < stop else { break }
                let start = i
                while i < bytes.count, Self.isWordByte(bytes[i]) { i += 1 }
                if firstBytes[Int(Self.folded(bytes[start]))], self.matches(UnsafeBufferPointer(rebasing: bytes[start..<i])) {
                    if matches.isEmpty { stop = min(bytes.count, start + Self.length) }
                    matches.append(start..<i)
                }
            }
            guard let first = matches.first else { return nil }
            return Self.window(bytes, from: first.lowerBound, matches: matches)
        }
    }

    /// ASCII letters and digits, and every byte of a non-ASCII character.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || Words.isASCIILetterOrDigit(byte)
    }

    /// An ASCII letter in lower case; other bytes as they are.
    private static func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

    /// Whether `word`, its ASCII letters lower-cased, begins with `prefix`.
    private static func begins(_ word: UnsafeBufferPointer<UInt8>, with prefix: [UInt8]) -> Bool {
        guard word.count >= prefix.count else { return false }
        for (offset, byte) in prefix.enumerated() where folded(word[offset]) != byte { return false }
        return true
    }

    /// Whether a word of the text matches the query: it begins with the word being typed, or is a
    /// stem, or stems to one.
    private func matches(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        if let typed, Self.begins(word, with: typed) { return true }
        guard stemHeads.contains(where: { Self.begins(word, with: $0) }) else { return false }
        if stemBytes.contains(where: { $0.count == word.count && Self.begins(word, with: $0) }) { return true }
        let text = String(decoding: word, as: UTF8.self).lowercased()
        if let known = stemmed.matches[text] { return known }
        let matched = stems.contains(text) || stems.contains((try? stemmer?.stem(text)) ?? text)
        stemmed.matches[text] = matched
        return matched
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
