import Searchlight

/// "1 entity", "2 entities": a count with its noun in the right number.
enum Plural {
    static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }
}

/// Enum values shown with their case titles: `hiking (Hiking)`.
enum EnumTitles {
    /// The case title of `value` when `key` is an enum attribute (of any type in `schema`) with that case.
    static func title(of value: String, key: String, schema: Schema, type: String? = nil) -> String? {
        let types = type.flatMap { schema.type(named: $0) }.map { [$0] } ?? schema.types
        for entityType in types {
            guard let attribute = entityType.attribute(key), attribute.kind == .enumValue, let name = attribute.enumName,
                  let found = schema.enumType(named: name)?.cases.first(where: { $0.value == value }) else { continue }
            return found.display.title
        }
        return nil
    }

    /// `value (Title)`, or the value alone when it has no other title.
    static func labelled(_ value: String, key: String, schema: Schema, type: String? = nil) -> String {
        guard let title = title(of: value, key: key, schema: schema, type: type), title != value else { return value }
        return "\(value) (\(title))"
    }

    /// An attribute value as text, each enum value with its case title.
    static func text(_ value: AttributeValue, key: String, schema: Schema, type: String) -> String {
        guard schema.type(named: type)?.attribute(key)?.kind == .enumValue else { return value.text }
        return value.elements.map { labelled($0.text, key: key, schema: schema, type: type) }.joined(separator: ", ")
    }
}
