/// The schema of an index: its entity types and enum types. Stored in the index with a
/// format version; data that contradicts it is rejected.
///
/// ```swift
/// let trail = EntityType(name: "trail", display: .init(title: "name"),
///                        attributes: [AttributeKey("name", kind: .text, weight: 5)])
/// let schema = Schema(types: [trail])
/// ```
public struct Schema: Sendable, Equatable {
    public var types: [EntityType]
    public var enums: [EnumType]
    /// Value slot of each attribute key that has one ("n:key" numbers, "s:key" sort strings).
    /// Assigned when the schema is first stored, then never changed.
    var slots: [String: UInt32]

    public init(types: [EntityType] = [], enums: [EnumType] = []) {
        self.types = types
        self.enums = enums
        self.slots = [:]
    }

    public func type(named name: String) -> EntityType? { types.first { $0.name == name } }
    public func enumType(named name: String) -> EnumType? { enums.first { $0.name == name } }
}

/// One entity type: how it is named, displayed, linked, and which attribute keys it has.
///
/// ```swift
/// let landmark = EntityType(name: "landmark", displayName: "Landmark",
///                           display: .init(title: "name", subtitle: "region"),
///                           attributes: [AttributeKey("name", kind: .text, weight: 5)])
/// ```
public struct EntityType: Sendable, Hashable {
    public var name: String
    public var displayName: String
    public var pluralName: String
    public var idKind: IdentifierKind
    /// The language of its text: an ISO 639-1 code (`de`, `zh`, `th`), a tag (`pt-BR`), or a name
    /// Xapian uses (`german`); "english" by default, "none" for no language-specific analysis.
    /// Every language is accepted: those Xapian has a stemmer for are stemmed, and every one is
    /// folded (case, accents, width) and split into words (CJK and Thai by character n-grams).
    public var language: String
    /// A `keyword` or `enum` attribute whose value is each entity's own language, for types whose
    /// entities differ (a corpus of articles in many languages): read as `language` is, it sets the
    /// analysis of that entity's text; an entity without a value, or with one that is not a
    /// language, is analysed in the type's `language`. An attribute with its own `language` keeps it.
    ///
    /// ```swift
    /// EntityType(name: "article", language: "en", languageAttribute: "lang",
    ///            attributes: [AttributeKey("text", kind: .text), AttributeKey("lang", kind: .keyword)])
    /// ```
    public var languageAttribute: String?
    public var display: DisplayTemplate
    /// URL of an entity, with `{id}` and `{key}` placeholders (App Intents' `URLRepresentableEntity`).
    public var urlTemplate: String?
    /// A numeric key (0-100) that boosts ranking (Core Spotlight's `rankingHint`).
    public var rankingHint: String?
    /// A date key that orders suggestions by recency.
    public var recency: String?
    public var attributes: [AttributeKey]
    /// Whether the type was inferred from data (`SchemaInference`): later data may then extend it,
    /// with new attributes and integers widened to doubles. A type from a schema file or code is fixed.
    public var inferred: Bool

    public init(name: String, displayName: String? = nil, pluralName: String? = nil, idKind: IdentifierKind = .string,
                language: String = "english", languageAttribute: String? = nil, display: DisplayTemplate = DisplayTemplate(), urlTemplate: String? = nil,
                rankingHint: String? = nil, recency: String? = nil, attributes: [AttributeKey], inferred: Bool = false) {
        self.inferred = inferred
        self.name = name
        self.displayName = displayName ?? name.prefix(1).uppercased() + name.dropFirst()
        self.pluralName = pluralName ?? self.displayName + "s"
        self.idKind = idKind
        self.language = language
        self.languageAttribute = languageAttribute
        self.display = display
        self.urlTemplate = urlTemplate
        self.rankingHint = rankingHint
        self.recency = recency
        self.attributes = attributes
    }

    public var typeDisplayRepresentation: TypeDisplayRepresentation {
        TypeDisplayRepresentation(name: displayName, pluralName: pluralName)
    }

    public func attribute(_ key: String) -> AttributeKey? { attributes.first { $0.key == key } }
}

/// Which attribute keys give an entity's title, subtitle and image.
public struct DisplayTemplate: Sendable, Hashable {
    public var title: String?
    public var subtitle: String?
    public var image: String?

    public init(title: String? = nil, subtitle: String? = nil, image: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }
}

/// An enum type with a fixed set of cases (App Intents' `AppEnum`).
///
/// ```swift
/// let activity = EnumType(name: "activity", cases: [EnumCase(value: "hiking", display: .init(title: "Hiking"))])
/// ```
public struct EnumType: Sendable, Hashable {
    public var name: String
    public var displayName: String
    public var cases: [EnumCase]

    public init(name: String, displayName: String? = nil, cases: [EnumCase]) {
        self.name = name
        self.displayName = displayName ?? name.prefix(1).uppercased() + name.dropFirst()
        self.cases = cases
    }

    public func enumCase(_ value: String) -> EnumCase? { cases.first { $0.value == value } }
}

/// One case of an enum type and how it is shown (`caseDisplayRepresentations`).
public struct EnumCase: Sendable, Hashable {
    public var value: String
    public var display: DisplayRepresentation

    public init(value: String, display: DisplayRepresentation) {
        self.value = value
        self.display = display
    }
}
