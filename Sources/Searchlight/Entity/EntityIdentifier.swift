import FoundationEssentials

/// The stable identifier of an entity within its type: a string, an integer or a UUID,
/// as App Intents' `EntityIdentifier` allows.
///
/// ```swift
/// let id: EntityIdentifier = "mist-trail"
/// let other = EntityIdentifier.int(42)
/// print(id.stringValue, other.stringValue)  // mist-trail 42
/// ```
public enum EntityIdentifier: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case string(String)
    case int(Int)
    case uuid(UUID)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }

    /// Reads `text` as an identifier of the given kind; nil when it is not one.
    public init?(_ text: String, kind: IdentifierKind) {
        switch kind {
        case .string:
            guard !text.isEmpty else { return nil }
            self = .string(text)
        case .int:
            guard let value = Int(text) else { return nil }
            self = .int(value)
        case .uuid:
            guard let value = UUID(uuidString: text) else { return nil }
            self = .uuid(value)
        }
    }

    /// Reads back an id as `jsonValue` stored it: an integer, or the text of a UUID or a string.
    init?(stored json: JSONValue) {
        switch json {
        case .int(let i): self = .int(i)
        case .string(let s): self = s.utf8.count == 36 ? UUID(uuidString: s).map { .uuid($0) } ?? .string(s) : .string(s)
        default: return nil
        }
    }

    /// The canonical text form, used in unique keys and on the command line.
    public var stringValue: String {
        switch self {
        case .string(let s): s
        case .int(let i): String(i)
        case .uuid(let u): u.uuidString.lowercased()
        }
    }

    public var description: String { stringValue }

    var jsonValue: JSONValue {
        switch self {
        case .int(let i): .int(i)
        default: .string(stringValue)
        }
    }
}

/// The kind of identifier an entity type uses.
public enum IdentifierKind: String, Sendable, CaseIterable {
    case string, int, uuid
}

/// A reference to one entity of one type, written `type:id` on the command line.
///
/// ```swift
/// let ref = EntityReference(parsing: "trail:mist-trail")
/// ```
public struct EntityReference: Sendable, Hashable, CustomStringConvertible {
    public var type: String
    public var id: EntityIdentifier

    public init(type: String, id: EntityIdentifier) {
        self.type = type
        self.id = id
    }

    /// Splits `type:id` at the first colon; the id is read as a string identifier until the schema
    /// says otherwise (`EntityIndex` reads it by the type's identifier kind).
    public init?(parsing text: String) {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex, text.index(after: colon) != text.endIndex
        else { return nil }
        type = String(text[..<colon])
        id = .string(String(text[text.index(after: colon)...]))
    }

    public var description: String { "\(type):\(id.stringValue)" }
}
