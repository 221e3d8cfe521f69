extension Schema {
    /// How `entity` displays: the app's own representation if it gave one, otherwise the
    /// type's display template over its attributes (enum values show their case titles);
    /// the title falls back to the id.
    public func displayRepresentation(of entity: Entity) -> DisplayRepresentation {
        if let display = entity.displayRepresentation { return display }
        guard let type = type(named: entity.type) else { return DisplayRepresentation(title: entity.id.stringValue) }
        func text(_ key: String?) -> String? {
            guard let key, let value = entity.attributes[key], let attribute = type.attribute(key) else { return nil }
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
        guard let template = type(named: entity.type)?.urlTemplate else { return nil }
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let key = String(rest[rest.index(after: open)..<close])
            let value = key == "id" ? entity.id.stringValue : entity.attributes[key]?.elements.first?.text ?? ""
            result += Self.percentEncoded(value)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// `text` with every byte outside RFC 3986's unreserved set and the path's sub-delimiters
    /// (everything but letters, digits, `-._~!$&'()*+,;=:@`) percent-encoded; `/` is encoded too.
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                bytes.append(byte)
            case _ where "-._~!$&'()*+,;=:@".utf8.contains(byte):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
