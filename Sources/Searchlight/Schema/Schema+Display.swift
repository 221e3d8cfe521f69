extension Schema {
    /// How `entity` displays: the app's own representation if it gave one, otherwise the
    /// type's display template over its attributes (enum values show their case titles);
    /// the title falls back to the id.
    public func displayRepresentation(of entity: Entity) -> DisplayRepresentation {
        displayRepresentation(of: entity, type: type(named: entity.type))
    }

    /// `displayRepresentation(of:)` with the entity's type already looked up (nil: not in the schema).
    func displayRepresentation(of entity: Entity, type: EntityType?) -> DisplayRepresentation {
        if let display = entity.displayRepresentation { return display }
        guard let type else { return DisplayRepresentation(title: entity.id.stringValue) }
        func text(_ key: String?) -> String? {
            guard let key, let value = entity.attributes[key], let attribute = type.attribute(key) else { return nil }
            // One plain string, as most titles are: itself, with nothing to join or look up.
            if attribute.enumName == nil, case .string(let text) = value { return text.isEmpty ? nil : text }
            let parts = value.elements.map { element in
                attribute.enumName.flatMap { enumType(named: $0)?.enumCase(element.text)?.display.title } ?? element.text
            }
            let joined = parts.joined(separator: ", ")
            return joined.isEmpty ? nil : joined
        }
        return DisplayRepresentation(title: text(type.display.title) ?? entity.id.stringValue,
                                     subtitle: text(type.display.subtitle), image: text(type.display.image))
    }

    /// The entity's URL from its type's template: `{id}` and `{key}` are replaced, percent-encoded.
    public func url(of entity: Entity) -> String? {
        url(of: entity, type: type(named: entity.type))
    }

    /// `url(of:)` with the entity's type already looked up.
    func url(of entity: Entity, type: EntityType?) -> String? {
        guard var template = type?.urlTemplate else { return nil }
        return template.withUTF8 { template -> String in
            var result: [UInt8] = []
            result.reserveCapacity(template.count + 64)
            var rest = template[...]
            while let open = rest.firstIndex(of: UInt8(ascii: "{")), let close = rest[open...].firstIndex(of: UInt8(ascii: "}")) {
                result += rest[..<open]
                let key = String(decoding: rest[(open + 1)..<close], as: UTF8.self)
                Self.appendPercentEncoded(key == "id" ? entity.id.stringValue : entity.attributes[key]?.firstElement?.text ?? "", to: &result)
                rest = rest[(close + 1)...]
            }
            result += rest
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// `text` with every byte outside RFC 3986's unreserved set and the path's sub-delimiters
    /// (everything but letters, digits, `-._~!$&'()*+,;=:@`) percent-encoded; `/` is encoded too.
    static func percentEncoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendPercentEncoded(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendPercentEncoded(_ text: String, to bytes: inout [UInt8]) {
        for byte in text.utf8 {
            if urlSafe[Int(byte)] {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
    /// Bytes left as they are in a URL path segment, indexed by byte.
    private static let urlSafe: [Bool] = (0...255).map { byte in
        let kept = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@".utf8)
        return kept.contains(UInt8(byte))
    }
}
