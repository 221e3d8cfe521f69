import FoundationEssentials

/// An app's own entity type, declared in code in the App Intents style and indexed through
/// the same schema as JSON Lines data.
///
/// ```swift
/// struct Trail: IndexedEntity {
///     static let typeName = "trail"
///     static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Trail")
///     static let attributeKeys = [AttributeKey("name", kind: .text, weight: 5), AttributeKey("length", kind: .double)]
///     static let displayTemplate = DisplayTemplate(title: "name")
///
///     var id: String
///     var name: String
///     var length: Double
///
///     var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: name) }
///     var attributeSet: AttributeSet { ["name": .string(name), "length": .double(length)] }
///
///     init(id: String, attributeSet: AttributeSet) throws {
///         self.id = id
///         name = attributeSet["name"]?.stringValue ?? ""
///         length = attributeSet["length"]?.doubleValue ?? 0
///     }
/// }
///
/// try index.index([trail])
/// let trails = try index.entities(Trail.self, for: ["mist-trail"])
/// ```
public protocol IndexedEntity: Identifiable, Sendable where ID: EntityIdentifierConvertible {
    /// The entity type's name in the index (`type:` in queries, `TYPE:ID` on the command line).
    static var typeName: String { get }
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// The attribute keys and how each is indexed.
    static var attributeKeys: [AttributeKey] { get }
    /// Which keys give the title and subtitle when other processes (the CLI) show these entities.
    static var displayTemplate: DisplayTemplate { get }
    /// Enum types that the attribute keys name.
    static var enumTypes: [EnumType] { get }

    var displayRepresentation: DisplayRepresentation { get }
    var attributeSet: AttributeSet { get }
    var domainIdentifier: String? { get }

    /// Rebuilds an entity from what the index stored.
    init(id: ID, attributeSet: AttributeSet) throws
}

extension IndexedEntity {
    public static var displayTemplate: DisplayTemplate { DisplayTemplate() }
    public static var enumTypes: [EnumType] { [] }
    public var domainIdentifier: String? { nil }

    /// The schema of this type.
    public static var schema: Schema {
        Schema(types: [EntityType(name: typeName, displayName: typeDisplayRepresentation.name,
                                  pluralName: typeDisplayRepresentation.pluralName, idKind: ID.identifierKind,
                                  display: displayTemplate, attributes: attributeKeys)],
               enums: enumTypes)
    }

    /// This value as a type-erased entity.
    public var entity: Entity {
        Entity(type: Self.typeName, id: id.entityIdentifier, domain: domainIdentifier,
               attributes: attributeSet, displayRepresentation: displayRepresentation)
    }
}

/// Identifier types App Intents allows: `String`, `Int` and `UUID`.
public protocol EntityIdentifierConvertible: Hashable, Sendable {
    static var identifierKind: IdentifierKind { get }
    var entityIdentifier: EntityIdentifier { get }
    init?(entityIdentifier: EntityIdentifier)
}

extension String: EntityIdentifierConvertible {
    public static var identifierKind: IdentifierKind { .string }
    public var entityIdentifier: EntityIdentifier { .string(self) }
    public init?(entityIdentifier: EntityIdentifier) { self = entityIdentifier.stringValue }
}

extension Int: EntityIdentifierConvertible {
    public static var identifierKind: IdentifierKind { .int }
    public var entityIdentifier: EntityIdentifier { .int(self) }
    public init?(entityIdentifier: EntityIdentifier) {
        guard let value = Int(entityIdentifier.stringValue) else { return nil }
        self = value
    }
}

extension UUID: EntityIdentifierConvertible {
    public static var identifierKind: IdentifierKind { .uuid }
    public var entityIdentifier: EntityIdentifier { .uuid(self) }
    public init?(entityIdentifier: EntityIdentifier) {
        guard let value = UUID(uuidString: entityIdentifier.stringValue) else { return nil }
        self = value
    }
}

extension EntityIndex {
    /// Registers `T`'s schema (merging with the stored one) and indexes `entities` as one batch.
    public func index<T: IndexedEntity>(_ entities: [T]) throws(SearchlightError) {
        try register(T.schema)
        try index(entities.map(\.entity))
    }

    /// The entities of type `T` with these ids, in the order asked; missing ones are skipped.
    public func entities<T: IndexedEntity>(_ type: T.Type, for ids: [T.ID]) throws -> [T] {
        let found = try entities(for: ids.map { EntityReference(type: T.typeName, id: $0.entityIdentifier) })
        return try found.compactMap { entity in
            guard let id = T.ID(entityIdentifier: entity.id) else { return nil }
            return try T(id: id, attributeSet: entity.attributes)
        }
    }
}
