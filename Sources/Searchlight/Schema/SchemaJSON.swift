// Reading and writing the schema as JSON: the `schema.json` format, also stored in the index.

extension Schema {
    /// Reads a schema from its JSON form; `source` names the file in error messages.
    public init(json: JSONValue, source: String) throws(SearchlightError) {
        try self.init(json: json, source: source, stored: false)
    }

    /// `stored`: the schema an index holds, read as it is (an index written before reserved keys
    /// were refused must still open, so that `check` can report them and `get` can read it).
    init(json: JSONValue, source: String, stored: Bool) throws(SearchlightError) {
        let reader = SchemaReader(source: source)
        let root = try reader.object(json, at: "")
        try reader.allowOnly(["types", "enums", "formatVersion", "slots"], in: root, at: "")
        var types: [EntityType] = []
        for (i, item) in (try reader.array(root["types"] ?? .array([]), at: "types")).enumerated() {
            let type = try reader.entityType(item, at: "types[\(i)]")
            if types.contains(where: { $0.name == type.name }) {
                throw reader.error("types[\(i)].name", "type '\(type.name)' is defined twice")
            }
            types.append(type)
        }
        var enums: [EnumType] = []
        for (i, item) in (try reader.array(root["enums"] ?? .array([]), at: "enums")).enumerated() {
            enums.append(try reader.enumType(item, at: "enums[\(i)]"))
        }
        self.init(types: types, enums: enums)
        for (key, value) in root["slots"]?.objectValue ?? [] {
            guard let slot = value.intValue, slot >= 0 else { throw reader.error("slots.\(key)", "expected a slot number") }
            slots[key] = UInt32(slot)
        }
        try validate(source: source)
        if !stored, let (t, a, key) = reservedKeys.first {
            throw .invalidSchema(location: "\(source): types[\(t)].attributes[\(a)].key", reason: Schema.reservedKeyReason(key))
        }
    }

    /// Reads a `schema.json` text.
    public init(jsonText: String, source: String) throws(SearchlightError) {
        try self.init(jsonText: jsonText, source: source, stored: false)
    }

    init(jsonText: String, source: String, stored: Bool) throws(SearchlightError) {
        let json: JSONValue
        do { json = try JSONValue(parsing: jsonText) } catch { throw .invalidSchema(location: source, reason: error.description) }
        try self.init(json: json, source: source, stored: stored)
    }

    /// Attribute keys that the query syntax takes for itself: `type:trail` and `domain:yosemite`
    /// filter by an entity's type and domain, so an attribute of that name could never be
    /// searched, and Xapian's query parser refuses the two meanings on one field name.
    public static let reservedKeys: [String] = ["type", "domain"]

    static func reservedKeyReason(_ key: String) -> String {
        "attribute key '\(key)' is reserved: \(reservedKeys.map { "'\($0)'" }.joined(separator: " and ")) name an entity's "
            + "type and domain (type:NAME, domain:NAME in queries); rename the attribute"
    }

    /// The attributes (type index, attribute index, key) whose keys are reserved.
    var reservedKeys: [(type: Int, attribute: Int, key: String)] {
        types.enumerated().flatMap { t, type in
            type.attributes.enumerated().compactMap { a, attribute in Schema.reservedKeys.contains(attribute.key) ? (t, a, attribute.key) : nil }
        }
    }

    public var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("formatVersion", .int(IndexFormat.version)),
            ("types", .array(types.map(\.jsonValue))),
            ("enums", .array(enums.map(\.jsonValue))),
        ]
        if !slots.isEmpty {
            members.append(("slots", .object(slots.sorted { $0.key < $1.key }.map { ($0.key, .int(Int($0.value))) })))
        }
        return .object(members)
    }

    /// Checks that names are well formed and that every key the schema mentions exists.
    func validate(source: String) throws(SearchlightError) {
        func fail(_ path: String, _ reason: String) -> SearchlightError { .invalidSchema(location: "\(source): \(path)", reason: reason) }
        for (t, type) in types.enumerated() {
            let at = "types[\(t)]"
            guard Schema.isValidTypeName(type.name) else {
                throw fail("\(at).name", "type name '\(type.name)' must start with a letter and hold only letters, digits, '_' and '-'")
            }
            var seen = Set<String>()
            for (a, attribute) in type.attributes.enumerated() {
                let path = "\(at).attributes[\(a)]"
                guard Schema.isValidKey(attribute.key) else {
                    throw fail("\(path).key", "attribute key '\(attribute.key)' must start with a letter or '_' and hold only letters, digits, '_', '.' and '-'")
                }
                guard seen.insert(attribute.key).inserted else { throw fail("\(path).key", "attribute '\(attribute.key)' is defined twice") }
                guard (1...100).contains(attribute.weight) else { throw fail("\(path).weight", "weight must be between 1 and 100") }
                if attribute.kind == .enumValue {
                    guard let name = attribute.enumName else { throw fail("\(path).enum", "an enum attribute must name its enum type") }
                    guard enumType(named: name) != nil else { throw fail("\(path).enum", "enum type '\(name)' is not defined in \"enums\"") }
                }
                if attribute.kind == .reference, attribute.referencedType == nil {
                    throw fail("\(path).references", "a reference attribute must name the type it references")
                }
                if attribute.synonyms, attribute.kind != .text && attribute.kind != .keyword {
                    throw fail("\(path).synonyms", "only text and keyword attributes can hold synonyms (other names of the entity)")
                }
            }
            let textual: Set<AttributeKind> = [.text, .keyword, .enumValue, .reference, .integer, .double, .date]
            for (role, key) in [("title", type.display.title), ("subtitle", type.display.subtitle), ("image", type.display.image)] {
                guard let key else { continue }
                guard let attribute = type.attribute(key), textual.contains(attribute.kind) else {
                    throw fail("\(at).display.\(role)", "'\(key)' is not an attribute of type '\(type.name)'")
                }
            }
            if let key = type.rankingHint, !(type.attribute(key).map { $0.kind == .integer || $0.kind == .double } ?? false) {
                throw fail("\(at).rankingHint", "'\(key)' is not a numeric attribute of type '\(type.name)'")
            }
            if let key = type.recency, type.attribute(key)?.kind != .date {
                throw fail("\(at).recency", "'\(key)' is not a date attribute of type '\(type.name)'")
            }
            if Language(type.language) == nil {
                throw fail("\(at).language", "'\(type.language)' is not a language (an ISO 639-1 code such as de, zh or th, a tag such as pt-BR, or a name such as german)")
            }
            if let key = type.languageAttribute,
               !(type.attribute(key).map { ($0.kind == .keyword || $0.kind == .enumValue) && !$0.multiValued } ?? false) {
                throw fail("\(at).languageAttribute", "'\(key)' is not a single-valued keyword or enum attribute of type '\(type.name)'")
            }
            for (k, attribute) in type.attributes.enumerated() {
                if let language = attribute.language, Language(language) == nil {
                    throw fail("\(at).attributes[\(k)].language", "'\(language)' is not a language (an ISO 639-1 code such as de, zh or th, a tag such as pt-BR, or a name such as german)")
                }
            }
        }
        for (e, enumType) in enums.enumerated() where enumType.cases.isEmpty {
            throw fail("enums[\(e)].cases", "enum '\(enumType.name)' has no cases")
        }
    }

    static func isValidTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, name.utf8.count <= 64 else { return false }
        return name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }

    static func isValidKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first.properties.isAlphabetic || first == "_", key.utf8.count <= 64 else { return false }
        return key.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_.-".unicodeScalars.contains($0) }
    }
}

extension EntityType {
    var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("name", .string(name)), ("displayName", .string(displayName)), ("pluralName", .string(pluralName)),
            ("idKind", .string(idKind.rawValue)), ("language", .string(language)),
        ]
        if let languageAttribute { members.append(("languageAttribute", .string(languageAttribute))) }
        var display: [(key: String, value: JSONValue)] = []
        if let title = self.display.title { display.append(("title", .string(title))) }
        if let subtitle = self.display.subtitle { display.append(("subtitle", .string(subtitle))) }
        if let image = self.display.image { display.append(("image", .string(image))) }
        members.append(("display", .object(display)))
        if let urlTemplate { members.append(("url", .string(urlTemplate))) }
        if let rankingHint { members.append(("rankingHint", .string(rankingHint))) }
        if let recency { members.append(("recency", .string(recency))) }
        members.append(("attributes", .array(attributes.map(\.jsonValue))))
        if inferred { members.append(("inferred", .bool(true))) }
        return .object(members)
    }
}

extension AttributeKey {
    var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("key", .string(key)), ("kind", .string(kind.rawValue)), ("searchable", .bool(searchable)),
            ("searchableByDefault", .bool(searchableByDefault)), ("fieldSearchable", .bool(fieldSearchable)),
            ("multiValued", .bool(multiValued)),
            ("sortable", .bool(sortable)), ("weight", .int(weight)), ("synonyms", .bool(synonyms)),
        ]
        if let enumName { members.append(("enum", .string(enumName))) }
        if let referencedType { members.append(("references", .string(referencedType))) }
        if let language { members.append(("language", .string(language))) }
        return .object(members)
    }
}

extension EnumType {
    var jsonValue: JSONValue {
        .object([
            ("name", .string(name)), ("displayName", .string(displayName)),
            ("cases", .array(cases.map { enumCase in
                var members = enumCase.display.jsonValue.objectValue ?? []
                members.insert(("value", .string(enumCase.value)), at: 0)
                return .object(members)
            })),
        ])
    }
}

/// Reads schema JSON with errors that name the file and the JSON path.
private struct SchemaReader {
    let source: String

    func error(_ path: String, _ reason: String) -> SearchlightError {
        .invalidSchema(location: path.isEmpty ? source : "\(source): \(path)", reason: reason)
    }

    func object(_ value: JSONValue, at path: String) throws(SearchlightError) -> JSONValue {
        guard case .object = value else { throw error(path, "expected an object, got \(value.typeName)") }
        return value
    }

    func array(_ value: JSONValue, at path: String) throws(SearchlightError) -> [JSONValue] {
        guard let items = value.arrayValue else { throw error(path, "expected an array, got \(value.typeName)") }
        return items
    }

    func allowOnly(_ keys: Set<String>, in object: JSONValue, at path: String) throws(SearchlightError) {
        for (key, _) in object.objectValue ?? [] where !keys.contains(key) {
            throw error(path.isEmpty ? key : "\(path).\(key)", "unknown field '\(key)' (expected one of: \(keys.sorted().joined(separator: ", ")))")
        }
    }

    func string(_ object: JSONValue, _ key: String, at path: String, required: Bool = false) throws(SearchlightError) -> String? {
        guard let value = object[key], value != .null else {
            if required { throw error(path.isEmpty ? key : "\(path).\(key)", "missing required field '\(key)'") }
            return nil
        }
        guard let text = value.stringValue, !text.isEmpty else { throw error("\(path).\(key)", "expected a non-empty string, got \(value.typeName)") }
        return text
    }

    func bool(_ object: JSONValue, _ key: String, at path: String) throws(SearchlightError) -> Bool? {
        guard let value = object[key], value != .null else { return nil }
        guard let flag = value.boolValue else { throw error("\(path).\(key)", "expected true or false, got \(value.typeName)") }
        return flag
    }

    func entityType(_ value: JSONValue, at path: String) throws(SearchlightError) -> EntityType {
        let object = try self.object(value, at: path)
        try allowOnly(["name", "displayName", "pluralName", "idKind", "language", "languageAttribute", "display", "url", "rankingHint", "recency", "attributes", "inferred"],
                      in: object, at: path)
        let name = try string(object, "name", at: path, required: true)!
        var idKind = IdentifierKind.string
        if let text = try string(object, "idKind", at: path) {
            guard let kind = IdentifierKind(rawValue: text) else {
                throw error("\(path).idKind", "unknown id kind '\(text)' (expected string, int or uuid)")
            }
            idKind = kind
        }
        var display = DisplayTemplate()
        if let displayValue = object["display"] {
            let displayObject = try self.object(displayValue, at: "\(path).display")
            try allowOnly(["title", "subtitle", "image"], in: displayObject, at: "\(path).display")
            display = DisplayTemplate(title: try string(displayObject, "title", at: "\(path).display"),
                                      subtitle: try string(displayObject, "subtitle", at: "\(path).display"),
                                      image: try string(displayObject, "image", at: "\(path).display"))
        }
        var attributes: [AttributeKey] = []
        for (i, item) in (try array(object["attributes"] ?? .array([]), at: "\(path).attributes")).enumerated() {
            attributes.append(try attributeKey(item, at: "\(path).attributes[\(i)]"))
        }
        return EntityType(name: name, displayName: try string(object, "displayName", at: path),
                          pluralName: try string(object, "pluralName", at: path), idKind: idKind,
                          language: try string(object, "language", at: path) ?? "english",
                          languageAttribute: try string(object, "languageAttribute", at: path), display: display,
                          urlTemplate: try string(object, "url", at: path), rankingHint: try string(object, "rankingHint", at: path),
                          recency: try string(object, "recency", at: path), attributes: attributes,
                          inferred: try bool(object, "inferred", at: path) ?? false)
    }

    func attributeKey(_ value: JSONValue, at path: String) throws(SearchlightError) -> AttributeKey {
        let object = try self.object(value, at: path)
        let keys: Set = ["key", "kind", "searchable", "searchableByDefault", "fieldSearchable", "multiValued", "sortable", "weight", "synonyms",
                    "enum", "references", "language"]
        try allowOnly(keys, in: object, at: path)
        let key = try string(object, "key", at: path, required: true)!
        let kindText = try string(object, "kind", at: path, required: true)!
        guard let kind = AttributeKind(rawValue: kindText) else {
            throw error("\(path).kind", "unknown kind '\(kindText)' (expected one of: \(AttributeKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        var weight = 1
        if let weightValue = object["weight"] {
            guard let w = weightValue.intValue else { throw error("\(path).weight", "expected an integer, got \(weightValue.typeName)") }
            weight = w
        }
        return AttributeKey(key, kind: kind, weight: weight, searchable: try bool(object, "searchable", at: path),
                            searchableByDefault: try bool(object, "searchableByDefault", at: path),
                            fieldSearchable: try bool(object, "fieldSearchable", at: path),
                            multiValued: try bool(object, "multiValued", at: path) ?? false,
                            sortable: try bool(object, "sortable", at: path),
                            synonyms: try bool(object, "synonyms", at: path),
                            enumName: try string(object, "enum", at: path), referencedType: try string(object, "references", at: path),
                            language: try string(object, "language", at: path))
    }

    func enumType(_ value: JSONValue, at path: String) throws(SearchlightError) -> EnumType {
        let object = try self.object(value, at: path)
        try allowOnly(["name", "displayName", "cases"], in: object, at: path)
        let name = try string(object, "name", at: path, required: true)!
        var cases: [EnumCase] = []
        for (i, item) in (try array(object["cases"] ?? .array([]), at: "\(path).cases")).enumerated() {
            let at = "\(path).cases[\(i)]"
            let caseObject = try self.object(item, at: at)
            try allowOnly(["value", "title", "subtitle", "image"], in: caseObject, at: at)
            let value = try string(caseObject, "value", at: at, required: true)!
            guard !cases.contains(where: { $0.value == value }) else { throw error("\(at).value", "case '\(value)' is listed twice") }
            cases.append(EnumCase(value: value, display: DisplayRepresentation(
                title: try string(caseObject, "title", at: at) ?? value,
                subtitle: try string(caseObject, "subtitle", at: at), image: try string(caseObject, "image", at: at))))
        }
        return EnumType(name: name, displayName: try string(object, "displayName", at: path), cases: cases)
    }
}
