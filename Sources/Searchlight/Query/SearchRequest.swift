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
    /// Of a longer text than `maximumWords`, the first words are searched.
    public var text: String
    /// The most words a search reads of its text (`SearchResults.searchedText` says when it cut
    /// one), a letter of a script written without spaces (Chinese, Japanese, Thai, …) counting
    /// as a word, since each begins n-grams of its own. Xapian's matcher slows with the square of
    /// a query's terms (8,000 words took 3 s, 16,000 took 11 s), and a text this long is pasted
    /// prose, which its first thousand words find as well.
    ///
    /// ```swift
    /// let found = try index.search(SearchRequest(String(repeating: "granite ", count: 1_500)))
    /// found.searchedText?.split(separator: " ").count   // SearchRequest.maximumWords
    /// ```
    public static let maximumWords = 1_000
    /// Entity types to search; empty means all.
    public var types: [String]
    public var match: MatchMode
    /// A property query the results must also satisfy.
    public var filter: EntityPredicate?
    /// Sort keys replacing relevance order (relevance then breaks ties); empty keeps relevance.
    public var sort: [SortDescriptor]
    /// Keys to count values of over all matches (`"type"` counts entities per type).
    public var facets: [String]
    public var limit: Int
    public var offset: Int
    /// Whether results carry a snippet of their text around the matched words.
    public var snippets = true
    /// Whether results carry an `Explanation`, and the results the query plan.
    public var explain = false
    /// Whether the text is being typed (search as you type): a last word not followed by a space
    /// is a prefix of what comes, and also matches the words it begins. False, the default, searches
    /// complete words, as a one-shot search means.
    ///
    /// ```swift
    /// var request = SearchRequest("granite do")
    /// request.typing = true   // "do" also matches "dome", "door", …
    /// ```
    public var typing = false
    /// Whether words no entity has match the index's closest words (see `TypoTolerance`).
    public var typos = TypoTolerance.auto
    /// Whether the total must be exact (`SearchResults.totalIsExact`) even when that means
    /// visiting every match. It always is with a filter or facets; without them, false (the
    /// default) lets a page that does not reach the end of the list give Xapian's estimate.
    ///
    /// ```swift
    /// var request = SearchRequest("granite", limit: 10)
    /// request.exactTotal = true
    /// try index.search(request).totalIsExact   // true
    /// ```
    public var exactTotal = false

    public init(_ text: String, types: [String] = [], match: MatchMode = .best, filter: EntityPredicate? = nil,
                sort: [SortDescriptor] = [], facets: [String] = [], limit: Int = 10, offset: Int = 0) {
        self.text = text
        self.types = types
        self.match = match
        self.filter = filter
        self.sort = sort
        self.facets = facets
        self.limit = limit
        self.offset = offset
    }
}

/// One ranked result: the entity, how it displays, and its score.
public struct SearchResult: Sendable, Hashable {
    /// 1-based position in the whole result list.
    public var rank: Int
    /// What the list is ordered by in relevance order: BM25 plus the ranking hint's boost, capped
    /// so that it never passes a score above it on any page (see `Explanation.capped`); with sort
    /// keys, BM25 alone (the list is in key order then, not score order); 0 for entities listed by
    /// ranking hint alone (an empty query, a title prefix).
    public var score: Double
    public var entity: Entity
    public var displayRepresentation: DisplayRepresentation
    public var url: String?
    /// The passage of the entity's text around the matched words (nil when not asked for, or
    /// when the entity has no text besides its title).
    public var snippet: Snippet?
    /// Why it ranked here, when the request asked to explain.
    public var explanation: Explanation?

    /// A result for `entity`, displayed through `schema`.
    public init(entity: Entity, rank: Int, score: Double, schema: Schema) {
        self.init(entity: entity, rank: rank, score: score, schema: schema, type: schema.type(named: entity.type))
    }

    /// A result for `entity`, of `type` in `schema` (looked up once for everything a result needs).
    init(entity: Entity, rank: Int, score: Double, schema: Schema, type: EntityType?) {
        self.rank = rank
        self.score = score
        self.entity = entity
        displayRepresentation = schema.displayRepresentation(of: entity, type: type)
        url = schema.url(of: entity, type: type)
    }
}

/// A page of results over mixed entity types in one ranked list (App Intents' `UnionValue`).
public struct SearchResults: Sendable, Hashable {
    public var query: String
    /// How many entities match: paging to the end lists exactly this many when `totalIsExact`;
    /// otherwise Xapian's estimate, at least the entities up to this page and one more when more
    /// follow.
    public var total: Int
    /// Whether `total` is exact: always with a filter, facets or `SearchRequest.exactTotal`, and
    /// whenever the page reaches the end of the list or Xapian's bounds on the count meet.
    public var totalIsExact: Bool
    public var results: [SearchResult]
    /// Value counts over all matches for each requested facet key, most frequent first.
    public var facets: [Facet] = []
    /// A better spelling of the query: the text searched instead when typo tolerance corrected
    /// words no entity has, or beside the query when it corrected words only a few entities have
    /// (`correctionSearched`, both); else a suggestion ("did you mean") offered when few entities
    /// matched every word.
    public var correction: String?
    /// Whether `correction` was searched (instead of the query, or beside it for rare words),
    /// rather than only offered.
    public var correctionSearched = false
    /// The other texts searched along with the query, each with one name replaced by another name
    /// of the same entity (synonyms from attributes such as `alternateNames`).
    public var synonyms: [String] = []
    /// The text searched, when `query` has more than `SearchRequest.maximumWords` words: its
    /// first ones; nil when the whole query was searched.
    public var searchedText: String?
    /// Xapian's description of the query that ran (with expansions), when the request asked to explain.
    public var plan: String?

    public init(query: String, total: Int, totalIsExact: Bool = false, results: [SearchResult], facets: [Facet] = []) {
        self.query = query
        self.total = total
        self.totalIsExact = totalIsExact
        self.results = results
        self.facets = facets
    }
}

/// The counts of one key's values over every match of a search.
public struct Facet: Sendable, Hashable {
    public var key: String
    public var counts: [Count]

    public struct Count: Sendable, Hashable {
        public var value: String
        public var count: Int
    }
}
