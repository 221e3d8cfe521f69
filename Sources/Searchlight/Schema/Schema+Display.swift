import Foundation

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
            result += value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? value
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
