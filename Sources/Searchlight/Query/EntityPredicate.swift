import FoundationEssentials

/// A condition on entity attributes: App Intents' property queries (comparators combined in
/// mode all or any), and what `--where` parses Core Spotlight's query syntax into.
///
/// ```swift
/// let filter: EntityPredicate = .all([
///     .compare("rating", .greaterThanOrEqual, 4),
///     .compare("region", .hasPrefix, "yose", options: [.caseInsensitive]),
/// ])
/// let results = try index.search(SearchRequest("", filter: filter, sort: [SortDescriptor("rating", descending: true)]))
/// ```
public indirect enum EntityPredicate: Sendable, Hashable {
    case comparison(PropertyComparison)
    /// Every one holds (mode all).
    case all([EntityPredicate])
    /// At least one holds (mode any).
    case any([EntityPredicate])
    case not(EntityPredicate)

    public static func compare(_ key: String, _ comparator: PropertyComparison.Comparator, _ value: PredicateValue? = nil,
                               _ upperBound: PredicateValue? = nil, options: PropertyComparison.Options = []) -> EntityPredicate {
        .comparison(PropertyComparison(key: key, comparator: comparator, value: value, upperBound: upperBound, options: options))
    }
}

/// One comparison of an attribute against a value (App Intents' `EntityQueryComparator`s).
///
/// Multi-valued attributes match when any of their values does (`notEqual`: when none equals).
/// An entity without the attribute matches only `notEqual`.
public struct PropertyComparison: Sendable, Hashable {
    public enum Comparator: String, Sendable, CaseIterable {
        case equal, notEqual, contains, hasPrefix, hasSuffix
        case greaterThan, greaterThanOrEqual, lessThan, lessThanOrEqual, between
        case isTrue, isFalse
    }

    /// How strings compare: Core Spotlight's `c`, `d` and `w` modifiers.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let caseInsensitive = Options(rawValue: 1)
        public static let diacriticInsensitive = Options(rawValue: 2)
        /// The value is compared with each word of the attribute rather than the whole text.
        public static let wordBased = Options(rawValue: 4)
    }

    public var key: String
    public var comparator: Comparator
    /// The value compared with (`between`: the lower bound). For `equal` and `notEqual` on strings,
    /// `*` matches any run of characters and `?` any one character.
    public var value: PredicateValue?
    /// The upper bound of `between`.
    public var upperBound: PredicateValue?
    public var options: Options

    public init(key: String, comparator: Comparator, value: PredicateValue? = nil, upperBound: PredicateValue? = nil, options: Options = []) {
        self.key = key
        self.comparator = comparator
        self.value = value
        self.upperBound = upperBound
        self.options = options
    }
}

/// A literal in a predicate.
public enum PredicateValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
    case string(String)
    case number(Double)
    case date(Date)
    case bool(Bool)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    var number: Double? {
        switch self {
        case .number(let n): n
        case .string(let s): Double(s)
        case .bool(let b): b ? 1 : 0
        case .date(let d): d.timeIntervalSince1970
        }
    }

    var seconds: Double? {
        switch self {
        case .date(let d): d.timeIntervalSince1970
        case .string(let s): ISO8601.seconds(s)
        case .number(let n): n
        case .bool: nil
        }
    }

    var text: String {
        switch self {
        case .string(let s): s
        case .number(let n): AttributeValue.double(n).text
        case .date(let d): ISO8601.format(d)
        case .bool(let b): b ? "true" : "false"
        }
    }
}

/// Sort by an attribute instead of relevance.
public struct SortDescriptor: Sendable, Hashable {
    public var key: String
    public var descending: Bool

    public init(_ key: String, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    /// Reads `KEY`, `KEY:asc` or `KEY:desc`.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard let key = parts.first, !key.isEmpty else { return nil }
        switch parts.count == 2 ? parts[1].lowercased() : "asc" {
        case "asc", "ascending": self.init(key)
        case "desc", "descending": self.init(key, descending: true)
        default: return nil
        }
    }
}

extension EntityPredicate {
    /// Refuses a comparison whose value can never equal a value of its attribute's kind, such as
    /// `rating == "abc"` on a number, `updated > "soon"` on a date or `dogFriendly == "yes"` on a
    /// boolean: it would select nothing, silently. Keys the schema does not have are left to the
    /// search, which names the keys it has.
    public func checkValueKinds(against schema: Schema) throws(SearchlightError) {
        switch self {
        case .all(let parts), .any(let parts):
            for part in parts { try part.checkValueKinds(against: schema) }
        case .not(let part):
            try part.checkValueKinds(against: schema)
        case .comparison(let comparison):
            let kinds = Set(schema.types.compactMap { $0.attribute(comparison.key)?.kind })
            guard !kinds.isEmpty else { return }
            for value in [comparison.value, comparison.upperBound].compactMap({ $0 }) {
                guard !kinds.contains(where: { Self.fits(value, $0) }) else { continue }
                let kindNames = kinds.map(\.rawValue).sorted().joined(separator: " or ")
                let expected = kinds.contains(.date) ? "a date" : kinds.contains(.boolean) ? "true or false" : "a number"
                throw .invalidQuery("wrong value kind for '\(comparison.key)' (\(kindNames)): \(Self.describe(value)) is not \(expected)")
            }
        }
    }

    private static func fits(_ value: PredicateValue, _ kind: AttributeKind) -> Bool {
        switch kind {
        case .integer, .double: value.number != nil && !(value.isBool)
        case .date: value.seconds != nil && !(value.isBool)
        case .boolean:
            switch value {
            case .bool: true
            case .string(let text): ["true", "false"].contains(text.lowercased())
            case .number(let n): n == 0 || n == 1
            case .date: false
            }
        case .text, .keyword, .enumValue, .reference: true
        }
    }

    private static func describe(_ value: PredicateValue) -> String {
        if case .string(let text) = value { return "\"\(text)\"" }
        return value.text
    }
}

extension PredicateValue {
    var isBool: Bool { if case .bool = self { true } else { false } }
}
