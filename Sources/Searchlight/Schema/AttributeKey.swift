/// What kind of value an attribute holds, which decides how it is indexed.
public enum AttributeKind: String, Sendable, CaseIterable {
    /// Free text: words are stemmed and searched, weighted by the key's `weight`.
    case text
    /// An exact string (a tag, a park name): filtered on as a whole, its words also searchable.
    case keyword
    case integer
    case double
    /// An ISO-8601 date or date-time.
    case date
    case boolean
    /// One case of an enum type (App Intents' `AppEnum`) named by the key's `enumName`.
    case enumValue = "enum"
    /// The identifier of another entity, of the type named by `referencedType`.
    case reference

    /// Numbers, dates and booleans live in value slots as sortable numbers.
    public var isNumeric: Bool { self == .integer || self == .double || self == .date || self == .boolean }
}

/// One key of an entity type's attribute set and how it is indexed
/// (Core Spotlight's attribute keys, App Intents' indexing keys).
///
/// ```swift
/// let name = AttributeKey("name", kind: .text, weight: 5, sortable: true)
/// let tags = AttributeKey("activities", kind: .enumValue, enumName: "activity", multiValued: true)
/// let akas = AttributeKey("akas", kind: .text, weight: 3, multiValued: true, synonyms: true)
/// ```
public struct AttributeKey: Sendable, Hashable {
    public var key: String
    public var kind: AttributeKind
    /// Its words can be searched with `key:word` (text, keyword and enum kinds).
    public var searchable: Bool
    /// Its words also match queries that name no field.
    public var searchableByDefault: Bool
    /// Its words are also indexed under the key, so `key:word` matches this attribute alone.
    /// Default: every searchable text and keyword attribute. Set it false to save that second copy
    /// of the words (on body text, a fifth of the index: 161 → 195 MB on the Debian corpus); then
    /// `key:word` is refused. Never for enums, whose `key:value` matches a case exactly (`FieldQueries`).
    public var fieldSearchable: Bool
    public var multiValued: Bool
    /// Results can be sorted by it (numbers and dates always can).
    public var sortable: Bool
    /// How much a matching word here counts against other attributes (1 = body text).
    public var weight: Int
    /// Each value is another name of the entity (Core Spotlight's `alternateNames`): a query that
    /// says it also searches for the entity's title and other names, and one that says the title
    /// also searches for these. Default: on for a text or keyword key named `alternateNames`.
    public var synonyms: Bool
    public var enumName: String?
    public var referencedType: String?
    /// The language of its text when it differs from its type's (`EntityType.language`): an ISO
    /// 639-1 code or a name Xapian uses, as `Language` reads them.
    public var language: String?

    public init(_ key: String, kind: AttributeKind, weight: Int = 1, searchable: Bool? = nil,
                searchableByDefault: Bool? = nil, fieldSearchable: Bool? = nil, multiValued: Bool = false, sortable: Bool? = nil,
                synonyms: Bool? = nil, enumName: String? = nil, referencedType: String? = nil, language: String? = nil) {
        self.key = key
        self.kind = kind
        let textual = kind == .text || kind == .keyword || kind == .enumValue
        self.searchable = searchable ?? textual
        self.searchableByDefault = searchableByDefault ?? (searchable ?? textual)
        self.fieldSearchable = self.searchable && kind != .enumValue && (fieldSearchable ?? true)
        self.multiValued = multiValued
        self.sortable = sortable ?? kind.isNumeric
        self.weight = weight
        self.synonyms = synonyms ?? (key == "alternateNames" && (kind == .text || kind == .keyword))
        self.enumName = enumName
        self.referencedType = referencedType
        self.language = language
    }

    /// Exact values that can be counted per search result set (`--facet KEY`).
    var isFacetable: Bool { kind == .keyword || kind == .enumValue || kind == .boolean || kind == .reference }
}
