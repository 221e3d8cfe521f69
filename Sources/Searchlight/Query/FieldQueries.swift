import FoundationEssentials

/// What `key:value` in query text means for each field of a schema, and the text with every such
/// value checked and written the way the index holds it. Xapian's parser then reads the rewritten
/// text: it knows prefixes and ranges, not kinds, cases or time zones.
///
/// | field kind | `key:value` matches | rewritten |
/// |---|---|---|
/// | text, keyword (searchable) | the words of that attribute only (`XF<key>:` terms) | as typed; a quoted phrase, see below |
/// | integer, double | that number | `year:1850` → `year:1850..1850` |
/// | date | the whole year, month, day, minute or second written, in UTC | `updated:2024-05-01` → `updated:2024-05-01..2024-05-01` |
/// | boolean | `true` or `false`, any case | `dogFriendly:TRUE` → `dogFriendly:true` |
/// | enum | a case, by its value or its title, case and accents folded | `genres:"Science Fiction"` → `genres:scifi` |
/// | keyword, reference (not searchable), `type`, `domain` | the exact value | as typed |
///
/// A field's words are indexed without positions (a second copy with positions would grow the
/// Debian index by half again), so a quoted phrase in a field (`name:"half dome"`) matches the
/// entities with each of its words in that field and the phrase in their default text:
/// `(name:half AND name:dome AND "half dome")`. That is exact unless the phrase is in another
/// attribute while its words are apart in this one.
///
/// An unknown field, a value the field cannot hold, and the words of an attribute whose words are
/// not indexed under its key are errors that name what would work. Tokens that only look like
/// fields are left alone: URLs (`http://…`), times (`12:30`).
///
/// ```swift
/// let fields = FieldQueries(schema: schema)
/// try fields.checked("year:1850 novel", typing: false).text          // "year:1850..1850 novel"
/// try fields.checked("genres:\"science fiction\"", typing: false)  // ("genres:scifi", selects: true)
/// try fields.checked("colour:red", typing: false)                    // throws: unknown field 'colour' (fields: …)
/// ```
struct FieldQueries {
    /// How a field reads its value.
    enum Reading: Equatable {
        /// Words, stemmed, under the field's own prefix; `inDefaultText` when they are also in the
        /// text that queries naming no field search (with positions, for phrases).
        case words(inDefaultText: Bool)
        /// The exact value, as a boolean term (`XK<key>:`, `XT:`, `XD:`).
        case exactValue
        case number
        case date
        case boolean
        /// One of an enum's cases, found by value or title; searched as its value's exact term.
        case enumCase(EnumType)
        /// Nothing can be searched under the key; the reason says why and what to do instead.
        case unsearchable(reason: String)

        var isWords: Bool {
            if case .words = self { return true }
            return false
        }
    }

    /// Every field a query may name, and how it reads its value.
    let readings: [String: Reading]

    /// The fields of `schema`: `type`, `domain` and every attribute key (a key several types share
    /// reads as the first type declaring it does).
    init(schema: Schema) {
        var readings: [String: Reading] = ["type": .exactValue, "domain": .exactValue]
        for type in schema.types {
            for attribute in type.attributes where readings[attribute.key] == nil {
                readings[attribute.key] = Self.reading(of: attribute, schema: schema)
            }
        }
        self.readings = readings
    }

    /// How `key:value` reads for `attribute`.
    static func reading(of attribute: AttributeKey, schema: Schema) -> Reading {
        switch attribute.kind {
        case .integer, .double: return .number
        case .date: return .date
        case .boolean: return .boolean
        case .enumValue:
            guard let name = attribute.enumName, let enumType = schema.enumType(named: name) else { return .exactValue }
            return .enumCase(enumType)
        case .keyword, .reference:
            return attribute.searchable && attribute.fieldSearchable ? .words(inDefaultText: attribute.searchableByDefault) : .exactValue
        case .text:
            if attribute.fieldSearchable { return .words(inDefaultText: attribute.searchableByDefault) }
            return .unsearchable(reason: attribute.searchable
                ? "its words are not indexed under its key (the schema sets \"fieldSearchable\": false); search them without the field"
                : "its words are not indexed (the schema sets \"searchable\": false)")
        }
    }

    /// The fields whose values Xapian's parser reads as exact terms or ranges: query folding must leave their values as typed.
    var exactFields: Set<String> { Set(readings.filter { !$0.value.isWords }.keys) }

    /// The fields whose values are words: query text written as n-grams gives each of a value's
    /// grams the field (`TextAnalyzer.cjkNGrams(_:fields:)`).
    var wordFields: Set<String> { Set(readings.filter { $0.value.isWords }.keys) }

    /// `text` with each `field:value` checked and rewritten as the table above says, and whether
    /// it selects by value (a number, date, boolean, enum case or exact value), as a filter does.
    ///
    /// - Parameter typing: the text is being typed: a last value that no case or boolean has yet
    ///   is left to match nothing rather than fail, since more letters may follow.
    /// - Throws: `SearchlightError.invalidQuery` naming the known fields, the values a field takes,
    ///   or why a field cannot be searched by its words.
    func checked(_ text: String, typing: Bool) throws(SearchlightError) -> (text: String, selects: Bool) {
        guard text.contains(":") else { return (text, false) }
        var changed = false
        var selects = false
        var tokens: [String] = []
        let pieces = Self.tokens(text)
        for (position, token) in pieces.enumerated() {
            guard let field = FieldToken(token) else { tokens.append(token); continue }
            guard let reading = readings[field.name] else {
                throw .invalidQuery("unknown field '\(field.name)' in the query (fields: \(readings.keys.sorted().joined(separator: ", ")))")
            }
            if !reading.isWords { selects = true }
            let stillTyped = typing && position == pieces.count - 1 && !text.hasSuffix(" ")
            if case .words(let inDefaultText) = reading, let phrase = Self.phrase(field, inDefaultText: inDefaultText) {
                tokens.append(phrase)
            } else if let value = try rewritten(field, reading: reading, stillTyped: stillTyped) {
                tokens.append(field.lead + field.name + ":" + value + field.trail)
            } else {
                tokens.append(token)
                continue
            }
            changed = true
        }
        return (changed ? tokens.joined(separator: " ") : text, selects)
    }

    /// The value `field` is searched with, when it differs from the one typed; nil keeps the token.
    private func rewritten(_ field: FieldToken, reading: Reading, stillTyped: Bool) throws(SearchlightError) -> String? {
        let value = field.value
        let isRange = value.contains("..")
        switch reading {
        case .words, .exactValue:
            return nil
        case .unsearchable(let reason):
            throw .invalidQuery("cannot search '\(field.name):\(value)': \(reason)")
        case .number:
            if isRange { return nil }
            guard Double(value) != nil else {
                if stillTyped { return nil }
                throw .invalidQuery("'\(field.name):\(value)': \(field.name) holds numbers; give one (\(field.name):12) or a range (\(field.name):10..20, \(field.name):..20)")
            }
            return value + ".." + value
        case .date:
            if isRange { return nil }
            guard Self.isDate(value) else {
                if stillTyped { return nil }
                throw .invalidQuery("'\(field.name):\(value)': \(field.name) holds dates; give a year, month, day or time in UTC (\(field.name):2024, \(field.name):2024-05-01, \(field.name):2024-05-01T08:30) or a range (\(field.name):2024-01..2024-06)")
            }
            return value + ".." + value
        case .boolean:
            let folded = value.lowercased()
            guard folded == "true" || folded == "false" else {
                if stillTyped { return nil }
                throw .invalidQuery("'\(field.name):\(value)': \(field.name) is true or false")
            }
            return folded == value ? nil : folded
        case .enumCase(let enumType):
            let folded = TextNormalizer.normalized(value)
            guard let found = enumType.cases.first(where: { TextNormalizer.normalized($0.value) == folded })
                    ?? enumType.cases.first(where: { TextNormalizer.normalized($0.display.title) == folded }) else {
                if stillTyped { return nil }
                let cases = enumType.cases.map { $0.display.title == $0.value ? $0.value : "\($0.value) (\($0.display.title))" }
                throw .invalidQuery("'\(field.name):\(value)' is not a case of \(enumType.name) (cases: \(cases.joined(separator: ", ")))")
            }
            let exact = found.value.contains(where: { $0.isWhitespace || "()\"".contains($0) }) ? "\"" + found.value + "\"" : found.value
            return exact == field.typedValue ? nil : exact
        }
    }

    /// A quoted value of several words in a field whose words have no positions, as the words in
    /// the field and (when its text is also default text) the phrase there; nil for anything else.
    private static func phrase(_ field: FieldToken, inDefaultText: Bool) -> String? {
        guard field.typedValue.hasPrefix("\"") else { return nil }
        let words = field.value.split { !$0.isLetter && !$0.isNumber }
        guard words.count > 1 else { return nil }
        let each = words.map { field.name + ":" + $0 }
        return field.lead + "(" + (each + (inDefaultText ? [field.typedValue] : [])).joined(separator: " AND ") + ")" + field.trail
    }

    /// The text split at spaces, a quoted field value (`genres:"Science Fiction"`) kept as one token.
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var open: String?
        for piece in text.split(separator: " ", omittingEmptySubsequences: false) {
            if let started = open {
                let joined = started + " " + piece
                if piece.contains("\"") { tokens.append(joined); open = nil } else { open = joined }
                continue
            }
            if let colon = piece.firstIndex(of: ":"), piece[piece.index(after: colon)...].hasPrefix("\""),
               piece[piece.index(after: colon)...].filter({ $0 == "\"" }).count == 1 {
                open = String(piece)
            } else {
                tokens.append(String(piece))
            }
        }
        if let open { tokens += open.split(separator: " ", omittingEmptySubsequences: false).map(String.init) }
        return tokens
    }

    /// A year, month, day or time as the date range processor reads one: `2024`, `2024-05`,
    /// `2024-05-01`, `2024-05-01T08:30`, `2024-05-01T08:30:00Z`.
    static func isDate(_ text: String) -> Bool {
        let digits = { (part: Substring) in part.count > 0 && part.allSatisfy { $0.isASCII && $0.isNumber } }
        let parts = text.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return parts[0].count == 4 && digits(parts[0])
        case 2: return parts[0].count == 4 && digits(parts[0]) && parts[1].count == 2 && (1...12).contains(Int(parts[1]) ?? 0)
        default: return ISO8601.seconds(text) != nil
        }
    }
}

/// A `field:value` token of query text: what comes before the field (`+`, `-`, `(`), the field,
/// the value (unquoted) and what closes it (`)`).
private struct FieldToken {
    let lead: String
    let name: String
    /// The value as typed, with its quotes.
    let typedValue: String
    /// The value without quotes.
    let value: String
    let trail: String

    /// The field of `token`, or nil when it is not one: no colon, no valid key before it, or a
    /// URL or time after it.
    init?(_ token: String) {
        guard let colon = token.firstIndex(of: ":") else { return nil }
        let leadEnd = token.prefix { "+-(".contains($0) }.endIndex
        let name = String(token[leadEnd..<colon])
        let rest = token[token.index(after: colon)...]
        guard Schema.isValidKey(name), let first = rest.first, first != "/", first != ":" else { return nil }
        lead = String(token[..<leadEnd])
        self.name = name
        if first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") {
            typedValue = String(rest[...close])
            value = String(rest[rest.index(after: rest.startIndex)..<close])
            trail = String(rest[rest.index(after: close)...])
        } else {
            let end = rest.firstIndex { ")\"".contains($0) } ?? rest.endIndex
            typedValue = String(rest[..<end])
            value = typedValue
            trail = String(rest[end...])
        }
    }
}
