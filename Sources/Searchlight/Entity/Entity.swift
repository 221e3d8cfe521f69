import FoundationEssentials

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

    /// Reads back the stored form written by `jsonValue` (the document data of the index) straight
    /// from its bytes, member by member, without a `JSONValue` tree of the whole entity: this runs
    /// for every search result. Nil when the bytes are not a stored entity.
    init?(storedJSON bytes: UnsafeRawBufferPointer) {
        var parser = JSONParser(bytes: bytes)
        var type: String?, id: EntityIdentifier?, domain: String?, expirationDate: Date?
        var attributes = AttributeSet()
        var display: DisplayRepresentation?
        do {
            parser.skipWhitespace()
            try parser.parseMembers { (parser, key) throws(JSONSyntaxError) in
                let value = key == "attributes" ? nil : try parser.parseValue()
                switch key {
                case "type": type = value?.stringValue
                case "id": id = value.flatMap(EntityIdentifier.init(stored:))
                case "domain": domain = value?.stringValue
                case "expirationDate": expirationDate = value?.stringValue.flatMap(ISO8601.parse)
                case "display": display = value.flatMap(DisplayRepresentation.init(json:))
                case "attributes":
                    attributes.reserveCapacity(16)
                    try parser.parseMembers { (parser, key) throws(JSONSyntaxError) in
                        if let attribute = try AttributeValue(parsing: &parser) { attributes.appendStored(key, attribute) }
                    }
                default: break
                }
            }
        } catch {
            return nil
        }
        guard let type, let id else { return nil }
        self.init(type: type, id: id, domain: domain, expirationDate: expirationDate, attributes: attributes, displayRepresentation: display)
    }
}
