import FoundationEssentials

/// One value of an entity's attribute set.
///
/// ```swift
/// let values: [AttributeValue] = ["Mist Trail", 4.8, 12, true, .date(Date()), ["hiking", "jogging"]]
/// ```
public enum AttributeValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case date(Date)
    case list([AttributeValue])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: AttributeValue...) { self = .list(elements) }

    /// The values themselves: the elements of a list, or this value alone.
    public var elements: [AttributeValue] {
        if case .list(let items) = self { return items }
        return [self]
    }

    /// A text rendering, for display and for indexing words.
    public var text: String {
        switch self {
        case .string(let s): s
        case .int(let i): String(i)
        case .double(let d): d.rounded() == d && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case .bool(let b): b ? "true" : "false"
        case .date(let d): ISO8601.format(d)
        case .list(let items): items.map(\.text).joined(separator: ", ")
        }
    }

    /// The first of the values (a list's first element, or this value alone; nil for an empty list).
    public var firstElement: AttributeValue? {
        if case .list(let items) = self { return items.first }
        return self
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var doubleValue: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }

    public var jsonValue: JSONValue {
        switch self {
        case .string(let s): .string(s)
        case .int(let i): .int(i)
        case .double(let d): .double(d)
        case .bool(let b): .bool(b)
        case .date(let d): .string(ISO8601.format(d))
        case .list(let items): .array(items.map(\.jsonValue))
        }
    }

    /// The attribute value a JSON value holds; nil for null and objects.
    init?(json: JSONValue) {
        switch json {
        case .string(let s): self = .string(s)
        case .int(let i): self = .int(i)
        case .double(let d): self = .double(d)
        case .bool(let b): self = .bool(b)
        case .array(let items):
            var values: [AttributeValue] = []
            for item in items {
                guard let value = AttributeValue(json: item), !value.isList else { return nil }
                values.append(value)
            }
            self = .list(values)
        case .null, .object: return nil
        }
    }

    /// Reads an attribute value straight from JSON text, without a `JSONValue` in between (the
    /// stored entity's path); nil, once read past, for what `init(json:)` refuses.
    init?(parsing parser: inout JSONParser) throws(JSONSyntaxError) {
        guard parser.index < parser.bytes.count else { throw parser.fail("unexpected end of input") }
        switch parser.bytes[parser.index] {
        case UInt8(ascii: "\""):
            self = .string(try parser.parseString())
        case UInt8(ascii: "["):
            var values: [AttributeValue] = []
            var flat = true
            try parser.parseElements { (parser) throws(JSONSyntaxError) in
                let value = try AttributeValue(parsing: &parser)
                if let value, !value.isList { values.append(value) } else { flat = false }
            }
            guard flat else { return nil }
            self = .list(values)
        default:
            guard let value = AttributeValue(json: try parser.parseValue()) else { return nil }
            self = value
        }
    }

    var isList: Bool {
        if case .list = self { return true }
        return false
    }
}

/// The attributes of an entity, keyed by attribute key, in the order they were set
/// (Core Spotlight's `CSSearchableItemAttributeSet`, with keys from the schema).
///
/// ```swift
/// var attributes: AttributeSet = ["name": "Mist Trail", "length": 4.8]
/// attributes["rating"] = 4.9
/// ```
public struct AttributeSet: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var entries: [(key: String, value: AttributeValue)] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, AttributeValue)...) {
        for (key, value) in elements { self[key] = value }
    }

    public subscript(key: String) -> AttributeValue? {
        get { entries.first { $0.key == key }?.value }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    /// Adds a value read back from the index, whose keys are known to be unique (no lookup).
    mutating func appendStored(_ key: String, _ value: AttributeValue) { entries.append((key, value)) }

    mutating func reserveCapacity(_ count: Int) { entries.reserveCapacity(count) }

    public var keys: [String] { entries.map(\.key) }
    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    public func makeIterator() -> IndexingIterator<[(key: String, value: AttributeValue)]> {
        entries.makeIterator()
    }

    public static func == (lhs: AttributeSet, rhs: AttributeSet) -> Bool {
        lhs.entries.count == rhs.entries.count && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for (key, value) in entries { hasher.combine(key); hasher.combine(value) }
    }

    var jsonValue: JSONValue { .object(entries.map { ($0.key, $0.value.jsonValue) }) }
}
