/// A ranked string query over one or more entity types (App Intents' `entities(matching:)`).
///
/// ```swift
/// var request = SearchRequest("granite waterfall")
/// request.types = ["trail", "landmark"]
/// request.limit = 20
/// let results = try index.search(request)
/// ```
public struct SearchRequest: Sendable, Hashable {
    /// How words without operators combine.
    public enum MatchMode: String, Sendable, CaseIterable {
        /// Entities matching all the words first, then those matching fewer.
        case best
        /// Only entities that match every word.
        case all
        /// Any word matches; ranked by BM25 alone.
        case any
    }

    /// The query text: words, "phrases", AND/OR/NOT, -word, field:word, key:low..high, type:name.
    public var text: String
    /// Entity types to search; empty means all.
    public var types: [String]
    public var match: MatchMode
    public var limit: Int
    public var offset: Int

    public init(_ text: String, types: [String] = [], match: MatchMode = .best, limit: Int = 10, offset: Int = 0) {
        self.text = text
        self.types = types
        self.match = match
        self.limit = limit
        self.offset = offset
    }

    /// A last word not followed by a space is still being typed: it also matches as a prefix.
    var isTypingLastWord: Bool {
        guard let last = text.unicodeScalars.last else { return false }
        return last.properties.isAlphabetic || ("0"..."9").contains(last)
    }
}

/// One ranked result: the entity, how it displays, and its score.
public struct SearchResult: Sendable, Hashable {
    /// 1-based position in the whole result list.
    public var rank: Int
    public var score: Double
    public var entity: Entity
    public var displayRepresentation: DisplayRepresentation
    public var url: String?
}

/// A page of results over mixed entity types in one ranked list (App Intents' `UnionValue`).
public struct SearchResults: Sendable, Hashable {
    public var query: String
    /// Estimated number of matching entities.
    public var total: Int
    public var results: [SearchResult]
}
