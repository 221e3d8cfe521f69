/// Infers entity types from flat JSON objects when no schema is given.
///
/// The rules (also in the README):
/// - an `id` that is always an integer makes an `int` id kind, otherwise `string`;
/// - strings become searchable `text`, or `date` when every value is an ISO-8601 date, or a
///   `keyword` (facetable) when every value is a single token (no white space, at most 32
///   characters), at most 50 distinct, each used twice on average, and the key names no display part;
/// - integers become sortable `integer`s, any fraction makes the key a `double`; booleans `boolean`;
/// - arrays of strings become multi-valued `keyword`s, arrays of numbers multi-valued numbers;
/// - a key that mixes strings with other values becomes `text`; objects are rejected;
/// - `title`, else `name`, is the display title (weight 3, sortable); `subtitle`, `summary` or
///   `description` the subtitle; `image` the image; `rankingHint` or `popularity` the ranking hint;
///   the first of `updated`, `modified`, `date`, `published`, `created` that is a date the recency key;
/// - the type's language is guessed from its text (`LanguageGuess`: the script and the letters only
///   some of its languages write, then, for Latin script, the language whose common words the
///   words hit most; English when none stands out);
/// - a key named for a language (`language`, `lang`, `locale`, `languageCode`, `inLanguage`, in any
///   case, with or without `_` or `-`) whose every value names one ("de", "pt-BR", "french") is the
///   type's language attribute: each entity is analysed in the language it names, the guess being
///   the language of those that name none. It is a keyword, filterable but not matched by free text.
///
/// ```swift
/// var inference = SchemaInference()
/// try inference.observe(type: "doc", id: .int(1), attributes: [("title", .string("Hello"))])
/// let schema = inference.schema()
/// ```
public struct SchemaInference: Sendable {
    struct KeyStats: Sendable {
        var strings = 0, dates = 0, integers = 0, doubles = 0, booleans = 0
        var stringLists = 0, numberLists = 0, integerOnlyLists = true, mixedLists = 0
        /// Strings that are one token: no white space, at most `keywordMaximumLength` characters.
        var singleTokens = 0
        /// The distinct strings seen, up to `keywordMaximumValues + 1` of them.
        var distinct: Set<String> = []
        /// Strings that name a language (`EntityType.language(namedBy:)`).
        var languageNames = 0
    }

    /// Keys that may hold an entity's language, compared in lower case without `_` and `-`.
    static let languageKeys: Set = ["language", "lang", "locale", "languagecode", "langcode", "inlanguage"]

    /// A string key becomes a keyword when its values are single tokens of at most this many
    /// characters, with at most `keywordMaximumValues` distinct values, each used twice on average.
    static let keywordMaximumLength = 32
    static let keywordMaximumValues = 50
    /// Keys that name display parts, which stay text.
    static let displayKeys: Set = ["title", "name", "subtitle", "summary", "description", "image"]

    struct TypeStats: Sendable {
        var keys: [String] = []
        var stats: [String: KeyStats] = [:]
        var allIntegerIDs = true
        /// The language of its text, guessed from the strings with more than one word.
        var language = LanguageGuess()
    }

    private var order: [String] = []
    private var types: [String: TypeStats] = [:]

    public init() {}

    public var isEmpty: Bool { order.isEmpty }

    /// Records one object's id and attribute members.
    public mutating func observe(type: String, id: JSONValue, attributes: [(key: String, value: JSONValue)]) throws(SearchlightError) {
        guard Schema.isValidTypeName(type) else {
            throw EntityDecoder.fail("type", "type name '\(type)' must start with a letter and hold only letters, digits, '_' and '-'")
        }
        if types[type] == nil { order.append(type); types[type] = TypeStats() }
        var typeStats = types[type]!
        if case .int = id {} else { typeStats.allIntegerIDs = false }
        for (key, value) in attributes {
            guard Schema.isValidKey(key) else {
                throw EntityDecoder.fail(key, "attribute key '\(key)' must start with a letter or '_' and hold only letters, digits, '_', '.' and '-'")
            }
            guard !Schema.reservedKeys.contains(key) else { throw EntityDecoder.fail(key, Schema.reservedKeyReason(key)) }
            if typeStats.stats[key] == nil { typeStats.keys.append(key); typeStats.stats[key] = KeyStats() }
            var stats = typeStats.stats[key]!
            switch value {
            case .null: break
            case .string(let s):
                stats.strings += 1
                if s.unicodeScalars.contains(where: { $0.properties.isWhitespace }) || !s.utf8.allSatisfy({ $0 < 0x80 }) {
                    typeStats.language.observe(s)
                }
                if ISO8601.seconds(s) != nil { stats.dates += 1 }
                if EntityType.language(namedBy: s) != nil { stats.languageNames += 1 }
                if !s.isEmpty, s.count <= Self.keywordMaximumLength, !s.unicodeScalars.contains(where: { $0.properties.isWhitespace }) {
                    stats.singleTokens += 1
                    if stats.distinct.count <= Self.keywordMaximumValues { stats.distinct.insert(s) }
                }
            case .int: stats.integers += 1
            case .double: stats.doubles += 1
            case .bool: stats.booleans += 1
            case .array(let items):
                if items.allSatisfy({ $0.stringValue != nil }) {
                    stats.stringLists += 1
                } else if items.allSatisfy({ $0.doubleValue != nil }) {
                    stats.numberLists += 1
                    if items.contains(where: { if case .double = $0 { true } else { false } }) { stats.integerOnlyLists = false }
                } else if items.contains(where: { $0.objectValue != nil || $0.arrayValue != nil }) {
                    throw EntityDecoder.fail(key, "nested objects and arrays are not supported as attribute values")
                } else {
                    stats.mixedLists += 1
                }
            case .object:
                throw EntityDecoder.fail(key, "objects are not supported as attribute values")
            }
            typeStats.stats[key] = stats
        }
        types[type] = typeStats
    }

    /// The inferred schema of every type observed so far.
    public func schema() -> Schema {
        Schema(types: order.map { entityType(named: $0, stats: types[$0]!) })
    }

    private func entityType(named name: String, stats typeStats: TypeStats) -> EntityType {
        var attributes = typeStats.keys.map { key in attribute(key, typeStats.stats[key]!) }
        func first(of keys: [String], where accept: (AttributeKey) -> Bool) -> String? {
            keys.first { key in attributes.first { $0.key == key }.map(accept) ?? false }
        }
        let textual: (AttributeKey) -> Bool = { ($0.kind == .text || $0.kind == .keyword) && !$0.multiValued }
        let title = first(of: ["title", "name"], where: textual)
        if let title, let index = attributes.firstIndex(where: { $0.key == title }) {
            attributes[index].weight = 3
            attributes[index].sortable = true
        }
        let display = DisplayTemplate(title: title, subtitle: first(of: ["subtitle", "summary", "description"], where: textual),
                                      image: first(of: ["image"], where: textual))
        let languageAttribute = typeStats.keys.first { key in
            Self.languageKeys.contains(key.lowercased().filter { $0 != "_" && $0 != "-" }) && typeStats.stats[key].map(Self.namesLanguages) == true
        }
        if let languageAttribute, let index = attributes.firstIndex(where: { $0.key == languageAttribute }) {
            attributes[index] = AttributeKey(languageAttribute, kind: .keyword, searchableByDefault: false)
        }
        return EntityType(name: name, idKind: typeStats.allIntegerIDs ? .int : .string, language: typeStats.language.language ?? "english",
                          languageAttribute: languageAttribute, display: display,
                          rankingHint: first(of: ["rankingHint", "popularity"]) { $0.kind == .integer || $0.kind == .double },
                          recency: first(of: ["updated", "modified", "date", "published", "created"]) { $0.kind == .date },
                          attributes: attributes, inferred: true)
    }

    /// Whether a key's values are single strings that each name a language.
    private static func namesLanguages(_ s: KeyStats) -> Bool {
        s.strings > 0 && s.languageNames == s.strings && s.integers + s.doubles + s.booleans + s.stringLists + s.numberLists + s.mixedLists == 0
    }

    private func attribute(_ key: String, _ s: KeyStats) -> AttributeKey {
        let scalars = s.strings + s.integers + s.doubles + s.booleans
        let lists = s.stringLists + s.numberLists + s.mixedLists
        if lists > 0 {
            if s.mixedLists == 0, s.stringLists == 0, s.strings == 0, s.booleans == 0 {
                let integral = s.integerOnlyLists && s.doubles == 0
                return AttributeKey(key, kind: integral ? .integer : .double, multiValued: true, sortable: false)
            }
            let kind: AttributeKind = s.mixedLists == 0 && s.numberLists == 0 && scalars == s.strings ? .keyword : .text
            return AttributeKey(key, kind: kind, multiValued: true)
        }
        if s.strings > 0 {
            if s.dates == s.strings, scalars == s.strings { return AttributeKey(key, kind: .date) }
            if scalars == s.strings, s.singleTokens == s.strings, !Self.displayKeys.contains(key),
               s.distinct.count <= Self.keywordMaximumValues, s.distinct.count * 2 <= s.strings {
                return AttributeKey(key, kind: .keyword)
            }
            return AttributeKey(key, kind: .text)
        }
        if s.booleans > 0 { return AttributeKey(key, kind: s.integers + s.doubles > 0 ? .text : .boolean) }
        if s.doubles > 0 { return AttributeKey(key, kind: .double) }
        if s.integers > 0 { return AttributeKey(key, kind: .integer) }
        return AttributeKey(key, kind: .text)
    }
}
