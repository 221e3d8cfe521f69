import FoundationEssentials

/// Turns one JSON Lines object into an `Entity`, checked against the schema.
///
/// Two line shapes are accepted:
/// - the envelope `{"type": "trail", "id": "mist-trail", "domain": "yosemite", "expirationDate": "2027-01-01", "attributes": {...}}`;
/// - a flat object `{"id": 1, "title": "...", "body": "..."}` whose members other than `id` are
///   attributes; its type is the default type (`--type`), or its own `type` member when there is none.
///
/// ```swift
/// let decoder = EntityDecoder(schema: schema, defaultType: "doc")
/// let entity = try decoder.entity(from: JSONValue(parsing: line))
/// ```
public struct EntityDecoder: Sendable {
    /// The longest text value accepted in one attribute (1 MiB).
    public static let maximumValueBytes = 1 << 20
    /// Xapian's terms are at most 245 bytes; the unique key spends some on the type name.
    static let maximumUniqueTermBytes = 240

    public var schema: Schema
    public var defaultType: String?

    public init(schema: Schema, defaultType: String? = nil) {
        self.schema = schema
        self.defaultType = defaultType
    }

    /// The parts of a line before the schema is consulted.
    struct Envelope {
        var type: String
        var id: JSONValue
        var domain: String?
        var expirationDate: Date?
        var attributes: [(key: String, value: JSONValue)]
    }

    static func fail(_ field: String?, _ reason: String) -> SearchlightError {
        .invalidEntity(location: nil, field: field, reason: reason)
    }

    func envelope(of json: JSONValue) throws(SearchlightError) -> Envelope {
        guard let members = json.objectValue else { throw Self.fail(nil, "expected a JSON object, got \(json.typeName)") }
        if let attributes = json["attributes"] {
            let allowed: Set<String> = ["type", "id", "domain", "expirationDate", "attributes"]
            if let unknown = members.first(where: { !allowed.contains($0.key) }) {
                throw Self.fail(unknown.key, "unknown field '\(unknown.key)' (an entity has type, id, domain, expirationDate and attributes)")
            }
            guard let attributeMembers = attributes.objectValue else {
                throw Self.fail("attributes", "expected an object, got \(attributes.typeName)")
            }
            let type: String
            if let value = json["type"] {
                guard let name = value.stringValue, !name.isEmpty else { throw Self.fail("type", "expected a type name, got \(value.typeName)") }
                type = name
            } else if let defaultType {
                type = defaultType
            } else {
                throw Self.fail("type", "missing entity type (add \"type\" or pass --type)")
            }
            var domain: String?
            if let value = json["domain"], value != .null {
                guard let text = value.stringValue, !text.isEmpty else { throw Self.fail("domain", "expected a non-empty string, got \(value.typeName)") }
                domain = text
            }
            var expiration: Date?
            if let value = json["expirationDate"], value != .null {
                guard let text = value.stringValue, let date = ISO8601.parse(text) else {
                    throw Self.fail("expirationDate", "expected an ISO-8601 date such as 2027-03-31, got \(value.jsonText)")
                }
                expiration = date
            }
            return Envelope(type: type, id: try requireID(json), domain: domain, expirationDate: expiration, attributes: attributeMembers)
        }
        var attributes = members.filter { $0.key != "id" }
        let type: String
        if let defaultType {
            type = defaultType
        } else if let name = json["type"]?.stringValue, !name.isEmpty {
            type = name
            attributes.removeAll { $0.key == "type" }
        } else {
            throw Self.fail("type", "a flat object needs a type: pass --type NAME, or write {\"type\", \"id\", \"attributes\"}")
        }
        return Envelope(type: type, id: try requireID(json), domain: nil, expirationDate: nil, attributes: attributes)
    }

    private func requireID(_ json: JSONValue) throws(SearchlightError) -> JSONValue {
        guard let id = json["id"], id != .null else { throw Self.fail("id", "missing id") }
        return id
    }

    /// Decodes and validates one line's JSON value.
    public func entity(from json: JSONValue) throws(SearchlightError) -> Entity {
        let envelope = try envelope(of: json)
        guard let type = schema.type(named: envelope.type) else {
            throw SearchlightError.unknownType(envelope.type, known: schema.types.map(\.name))
        }
        return try entity(from: envelope, type: type)
    }

    func entity(from envelope: Envelope, type: EntityType) throws(SearchlightError) -> Entity {
        let id = try identifier(envelope.id, type: type)
        var attributes = AttributeSet()
        for (key, value) in envelope.attributes {
            guard let attribute = type.attribute(key) else {
                let known = type.attributes.map(\.key)
                throw Self.fail(key, "unknown attribute for type '\(type.name)' (known: \(known.prefix(12).joined(separator: ", "))\(known.count > 12 ? ", ..." : ""))")
            }
            if value == .null { continue }
            attributes[key] = try attributeValue(value, for: attribute)
        }
        return Entity(type: type.name, id: id, domain: envelope.domain, expirationDate: envelope.expirationDate, attributes: attributes)
    }

    func identifier(_ value: JSONValue, type: EntityType) throws(SearchlightError) -> EntityIdentifier {
        let id: EntityIdentifier?
        switch (value, type.idKind) {
        case (.int(let i), .int): id = .int(i)
        case (.int(let i), .string): id = .string(String(i))
        case (.string(let s), _): id = EntityIdentifier(s, kind: type.idKind)
        default: id = nil
        }
        guard let id else {
            let expected = switch type.idKind {
            case .string: "a non-empty string or an integer"
            case .int: "an integer"
            case .uuid: "a UUID"
            }
            throw Self.fail("id", "expected \(expected) for type '\(type.name)', got \(value.jsonText.prefix(60))")
        }
        let termBytes = IndexTerms.unique(type: type.name, id: id).utf8.count
        if termBytes > Self.maximumUniqueTermBytes {
            throw Self.fail("id", "id is \(id.stringValue.utf8.count) bytes long; with its type the limit is \(Self.maximumUniqueTermBytes - (termBytes - id.stringValue.utf8.count)) bytes")
        }
        return id
    }

    func attributeValue(_ value: JSONValue, for attribute: AttributeKey) throws(SearchlightError) -> AttributeValue {
        if case .array(let items) = value {
            guard attribute.multiValued else {
                throw Self.fail(attribute.key, "expected a single \(attribute.kind.rawValue) value, got an array (the key is not multiValued)")
            }
            var values: [AttributeValue] = []
            for item in items where item != .null {
                values.append(try scalar(item, for: attribute))
            }
            return .list(values)
        }
        let single = try scalar(value, for: attribute)
        return attribute.multiValued ? .list([single]) : single
    }

    private func scalar(_ value: JSONValue, for attribute: AttributeKey) throws(SearchlightError) -> AttributeValue {
        func mismatch(_ expected: String) -> SearchlightError {
            Self.fail(attribute.key, "expected \(expected), got \(value.typeName) \(value.jsonText.prefix(40))")
        }
        if case .string(let text) = value, text.utf8.count > Self.maximumValueBytes {
            throw Self.fail(attribute.key, "value is \(text.utf8.count) bytes; the limit is \(Self.maximumValueBytes) bytes")
        }
        switch (attribute.kind, value) {
        case (.text, .string(let s)), (.keyword, .string(let s)): return .string(s)
        case (.text, .int(let i)), (.keyword, .int(let i)): return .int(i)
        case (.text, .double(let d)), (.keyword, .double(let d)): return .double(d)
        case (.text, .bool(let b)), (.keyword, .bool(let b)): return .bool(b)
        case (.text, _), (.keyword, _): throw mismatch("a string")
        case (.integer, _):
            guard let i = value.intValue else { throw mismatch("an integer") }
            return .int(i)
        case (.double, .int(let i)): return .int(i)
        case (.double, .double(let d)): return .double(d)
        case (.double, _): throw mismatch("a number")
        case (.boolean, .bool(let b)): return .bool(b)
        case (.boolean, _): throw mismatch("true or false")
        case (.date, .string(let s)):
            guard ISO8601.seconds(s) != nil else { throw Self.fail(attribute.key, "expected an ISO-8601 date such as 2024-05-01, got \"\(s.prefix(40))\"") }
            return .string(s)
        case (.date, _): throw mismatch("an ISO-8601 date string")
        case (.enumValue, .string(let s)):
            if let name = attribute.enumName, let enumType = schema.enumType(named: name), enumType.enumCase(s) == nil {
                throw Self.fail(attribute.key, "'\(s)' is not a case of enum '\(name)' (cases: \(enumType.cases.map(\.value).joined(separator: ", ")))")
            }
            return .string(s)
        case (.enumValue, _): throw mismatch("an enum case name")
        case (.reference, .string(let s)) where !s.isEmpty: return .string(s)
        case (.reference, .int(let i)): return .int(i)
        case (.reference, _): throw mismatch("an entity id")
        }
    }
}
