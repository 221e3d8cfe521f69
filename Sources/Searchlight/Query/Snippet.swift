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
/// typed, simply begins with it). Only words sharing a stem's first letters are stemmed.
struct SnippetBuilder {
    /// About how many characters a snippet holds.
    static let length = 160
    /// How much text comes before the first match.
    static let lead = 40

    private let stems: Set<String>
    private let typed: String?
    private let stemmer: Stemmer?

    init?(query: String, partial: Bool, stemmer: Stemmer?, stopwords: Set<String>) {
        var words: [String] = []
        for token in query.split(whereSeparator: \.isWhitespace) where !token.hasPrefix("-") && !Searcher.operators.contains(String(token)) {
            let value = token.split(separator: ":", maxSplits: 1).last ?? token
            words += value.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        }
        typed = partial && query.last.map { $0.isLetter || $0.isNumber } == true ? words.last : nil
        var stems = Set<String>()
        for word in words where !stopwords.contains(word) { stems.insert((try? stemmer?.stem(word)) ?? word) }
        guard !stems.isEmpty || typed != nil else { return nil }
        self.stems = stems
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
            let text = value.elements.map(\.text).joined(separator: " ")
            if fallback == nil, !text.isEmpty { fallback = text }
            guard let snippet = cut(text) else { continue }
            let length = text.unicodeScalars.count
            if best.map({ ($0.snippet.highlights.count, $0.length) < (snippet.highlights.count, length) }) ?? true {
                best = (snippet, length)
            }
        }
        return best?.snippet ?? fallback.map { Self.window(Array($0.unicodeScalars), from: 0, matches: []) }
    }

    private func cut(_ text: String) -> Snippet? {
        let scalars = Array(text.unicodeScalars)
        var matches: [Range<Int>] = []
        var start: Int?
        for (i, scalar) in scalars.enumerated() {
            let inWord = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            if inWord, start == nil { start = i }
            if let s = start, !inWord || i == scalars.count - 1 {
                let end = inWord ? i + 1 : i
                if matchesWord(scalars[s..<end]) { matches.append(s..<end) }
                start = nil
            }
        }
        guard let first = matches.first else { return nil }
        return Self.window(scalars, from: first.lowerBound, matches: matches)
    }

    private func matchesWord(_ word: ArraySlice<Unicode.Scalar>) -> Bool {
        var lowered = ""
        lowered.unicodeScalars.append(contentsOf: word)
        lowered = lowered.lowercased()
        if let typed, lowered.hasPrefix(typed) { return true }
        if stems.contains(lowered) { return true }
        guard stems.contains(where: { lowered.hasPrefix($0.prefix(3)) }) else { return false }
        return stems.contains((try? stemmer?.stem(lowered)) ?? lowered)
    }

    /// About `length` scalars starting a little before `match`, cut at word boundaries.
    private static func window(_ scalars: [Unicode.Scalar], from match: Int, matches: [Range<Int>]) -> Snippet {
        var start = max(0, match - lead)
        if start > 0 { while start < match, scalars[start - 1] != " " { start += 1 } }
        var end = min(scalars.count, start + length)
        if end < scalars.count { while end > match + 1, scalars[end] != " " { end -= 1 } }
        var text = start > 0 ? "…" : ""
        let shift = text.unicodeScalars.count - start
        text.unicodeScalars.append(contentsOf: scalars[start..<end].map { $0.properties.isWhitespace ? " " : $0 })
        if end < scalars.count { text += "…" }
        let highlights = matches.filter { $0.lowerBound >= start && $0.upperBound <= end }
            .map { ($0.lowerBound + shift)..<($0.upperBound + shift) }
        return Snippet(text: text, highlights: highlights)
    }
}
