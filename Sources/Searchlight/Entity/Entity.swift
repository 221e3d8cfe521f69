import Foundation

/// One indexed entity, of any type: its type name, identifier, optional domain and
/// expiration date, and its attribute set. Search results and lookups return these;
/// apps that declare types in code convert them with `IndexedEntity`.
///
/// ```swift
/// let trail = Entity(type: "trail", id: "mist-trail", domain: "yosemite",
///                    attributes: ["name": "Mist Trail", "length": 4.8])
/// ```
public struct Entity: Sendable, Hashable {
    public var type: String
    public var id: EntityIdentifier
    /// Groups entities for bulk deletion (Core Spotlight's `domainIdentifier`).
    public var domain: String?
    /// After this moment the entity is no longer returned by searches.
    public var expirationDate: Date?
    public var attributes: AttributeSet
    /// A display the app computed itself; when nil, the schema's display template builds one.
    public var displayRepresentation: DisplayRepresentation?

    public init(type: String, id: EntityIdentifier, domain: String? = nil, expirationDate: Date? = nil,
                attributes: AttributeSet = AttributeSet(), displayRepresentation: DisplayRepresentation? = nil) {
        self.type = type
        self.id = id
        self.domain = domain
        self.expirationDate = expirationDate
        self.attributes = attributes
        self.displayRepresentation = displayRepresentation
    }

    public var reference: EntityReference { EntityReference(type: type, id: id) }

    /// The entity as a JSON Lines envelope: `{"type", "id", "domain", "expirationDate", "attributes"}`.
    public var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("type", .string(type)), ("id", id.jsonValue)]
        if let domain { members.append(("domain", .string(domain))) }
        if let expirationDate { members.append(("expirationDate", .string(ISO8601.format(expirationDate)))) }
        members.append(("attributes", attributes.jsonValue))
        if let displayRepresentation { members.append(("display", displayRepresentation.jsonValue)) }
        return .object(members)
    }

    /// Reads back the stored form written by `jsonValue` (the document data of the index).
    init?(stored json: JSONValue) {
        guard let type = json["type"]?.stringValue, let idValue = json["id"] else { return nil }
        let id: EntityIdentifier
        switch idValue {
        case .int(let i): id = .int(i)
        case .string(let s): id = UUID(uuidString: s).map { .uuid($0) } ?? .string(s)
        default: return nil
        }
        var attributes = AttributeSet()
        for (key, value) in json["attributes"]?.objectValue ?? [] {
            if let attribute = AttributeValue(json: value) { attributes[key] = attribute }
        }
        self.init(type: type, id: id, domain: json["domain"]?.stringValue,
                  expirationDate: json["expirationDate"]?.stringValue.flatMap(ISO8601.parse),
                  attributes: attributes, displayRepresentation: json["display"].flatMap(DisplayRepresentation.init(json:)))
    }
}
