extension Schema {
    /// This schema extended by `other`: new types, new attribute keys and new enum cases are
    /// added; names, display and URL templates are taken from `other`. A key whose kind or
    /// indexing flags differ, or a type whose language or language attribute differs, is a conflict, since the
    /// entities already indexed would no longer match the schema.
    ///
    /// ```swift
    /// let stored = try storedSchema.merged(with: fileSchema)
    /// ```
    public func merged(with other: Schema) throws(SearchlightError) -> Schema {
        for type in other.types {
            for attribute in type.attributes where Schema.reservedKeys.contains(attribute.key) && self.type(named: type.name)?.attribute(attribute.key) == nil {
                throw .invalidSchema(location: "type '\(type.name)', attribute '\(attribute.key)'", reason: Schema.reservedKeyReason(attribute.key))
            }
        }
        var result = self
        for type in other.types {
            guard let index = result.types.firstIndex(where: { $0.name == type.name }) else {
                result.types.append(type)
                continue
            }
            var existing = result.types[index]
            guard Language.same(existing.language, type.language) else {
                throw .schemaConflict("type '\(type.name)': language '\(type.language)' differs from the stored '\(existing.language)'")
            }
            guard existing.languageAttribute == type.languageAttribute else {
                throw .schemaConflict("type '\(type.name)': language attribute '\(type.languageAttribute ?? "")' differs from the stored '\(existing.languageAttribute ?? "")'")
            }
            guard existing.idKind == type.idKind else {
                throw .schemaConflict("type '\(type.name)': id kind '\(type.idKind.rawValue)' differs from the stored '\(existing.idKind.rawValue)'")
            }
            for attribute in type.attributes {
                if let stored = existing.attribute(attribute.key) {
                    var widened = stored
                    widened.kind = .double
                    if existing.inferred, type.inferred, stored.kind == .integer, attribute.kind == .double, widened.difference(from: attribute) == nil,
                       let position = existing.attributes.firstIndex(where: { $0.key == attribute.key }) {
                        // An inferred integer widened to double by later data (see `grown(with:)`).
                        existing.attributes[position] = widened
                    } else if let difference = stored.difference(from: attribute) {
                        throw .schemaConflict("type '\(type.name)', attribute '\(attribute.key)': \(difference)")
                    }
                } else {
                    existing.attributes.append(attribute)
                }
            }
            // A schema file or code that restates an inferred type fixes it.
            existing.inferred = existing.inferred && type.inferred
            existing.displayName = type.displayName
            existing.pluralName = type.pluralName
            existing.display = type.display
            existing.urlTemplate = type.urlTemplate ?? existing.urlTemplate
            existing.rankingHint = type.rankingHint ?? existing.rankingHint
            existing.recency = type.recency ?? existing.recency
            result.types[index] = existing
        }
        for enumType in other.enums {
            guard let index = result.enums.firstIndex(where: { $0.name == enumType.name }) else {
                result.enums.append(enumType)
                continue
            }
            for enumCase in enumType.cases {
                if let caseIndex = result.enums[index].cases.firstIndex(where: { $0.value == enumCase.value }) {
                    result.enums[index].cases[caseIndex] = enumCase
                } else {
                    result.enums[index].cases.append(enumCase)
                }
            }
            result.enums[index].displayName = enumType.displayName
        }
        for type in result.types {
            for attribute in type.attributes where attribute.kind == .reference {
                guard let target = attribute.referencedType, result.type(named: target) != nil else {
                    throw .invalidSchema(location: "type '\(type.name)', attribute '\(attribute.key)'",
                                         reason: "references unknown type '\(attribute.referencedType ?? "")'")
                }
            }
        }
        result.assignSlots()
        return result
    }
}

extension AttributeKey {
    /// How `other` differs from this key in ways that change the index, or nil.
    func difference(from other: AttributeKey) -> String? {
        if kind != other.kind { return "kind '\(other.kind.rawValue)' differs from the stored '\(kind.rawValue)'" }
        if multiValued != other.multiValued { return "multiValued \(other.multiValued) differs from the stored \(multiValued)" }
        if searchable != other.searchable { return "searchable \(other.searchable) differs from the stored \(searchable)" }
        if searchableByDefault != other.searchableByDefault {
            return "searchableByDefault \(other.searchableByDefault) differs from the stored \(searchableByDefault)"
        }
        if fieldSearchable != other.fieldSearchable {
            return "fieldSearchable \(other.fieldSearchable) differs from the stored \(fieldSearchable)"
        }
        if sortable != other.sortable { return "sortable \(other.sortable) differs from the stored \(sortable)" }
        if weight != other.weight { return "weight \(other.weight) differs from the stored \(weight)" }
        if synonyms != other.synonyms { return "synonyms \(other.synonyms) differs from the stored \(synonyms)" }
        if enumName != other.enumName { return "enum '\(other.enumName ?? "")' differs from the stored '\(enumName ?? "")'" }
        if language != other.language {
            return "language '\(other.language ?? "")' differs from the stored '\(language ?? "")'"
        }
        if referencedType != other.referencedType {
            return "references '\(other.referencedType ?? "")' differs from the stored '\(referencedType ?? "")'"
        }
        return nil
    }
}

extension Schema {
    /// Extends the stored inferred types with what `inferred` (a `SchemaInference` of new data) says of
    /// them: new attributes are added, and an integer attribute whose new values have fractions becomes
    /// a double (both are kept in the same value slot, so the entities indexed already need no change).
    /// Where the stored kind already takes the new values (a text key given single words, a double
    /// given integers) it is kept. Anything else is refused as a conflict. Types of `inferred` the
    /// schema does not have are added. Returns the schema and a sentence for each change.
    public func grown(with inferred: Schema) throws(SearchlightError) -> (schema: Schema, changes: [String]) {
        var result = self
        var changes: [String] = []
        var added = Schema()
        for type in inferred.types {
            guard let index = result.types.firstIndex(where: { $0.name == type.name }), result.types[index].inferred else {
                added.types.append(type)
                continue
            }
            var existing = result.types[index]
            guard existing.idKind == type.idKind || existing.idKind == .string else {
                throw .schemaConflict("type '\(type.name)': the new data's ids are \(type.idKind.rawValue)s; the stored id kind is '\(existing.idKind.rawValue)'")
            }
            for attribute in type.attributes {
                guard let position = existing.attributes.firstIndex(where: { $0.key == attribute.key }) else {
                    existing.attributes.append(attribute)
                    changes.append("type '\(type.name)': new attribute '\(attribute.key)' (\(Self.describe(attribute)))")
                    if existing.languageAttribute == nil, type.languageAttribute == attribute.key {
                        // The entities indexed already carry no language of their own, which a
                        // language attribute would have each carry: the type keeps its one language.
                        changes.append("type '\(type.name)': attribute '\(attribute.key)' names each entity's language, but the type "
                            + "was indexed in one ('\(existing.language)'); to analyse each entity in its own, index into a new "
                            + "folder (with a schema whose languageAttribute is '\(attribute.key)', or data that has it from the start)")
                    }
                    continue
                }
                let stored = existing.attributes[position]
                guard stored.multiValued == attribute.multiValued else {
                    throw .schemaConflict("type '\(type.name)', attribute '\(attribute.key)': the new data has "
                        + (attribute.multiValued ? "arrays" : "single values") + "; the stored attribute is \(Self.describe(stored))")
                }
                switch (stored.kind, attribute.kind) {
                case let (a, b) where a == b: continue
                case (.integer, .double):
                    existing.attributes[position].kind = .double
                    changes.append("type '\(type.name)': attribute '\(attribute.key)' widened from integer to double (a value has a fraction)")
                case (.double, .integer), (.text, .keyword), (.text, .date), (.keyword, .text), (.keyword, .date):
                    continue
                default:
                    throw .schemaConflict("type '\(type.name)', attribute '\(attribute.key)': the new data's values are \(Self.describe(attribute)); "
                        + "the stored attribute is \(Self.describe(stored))")
                }
            }
            result.types[index] = existing
        }
        result = try result.merged(with: added)
        result.assignSlots()
        return (result, changes)
    }

    static func describe(_ attribute: AttributeKey) -> String {
        (attribute.multiValued ? "multi-valued " : "") + attribute.kind.rawValue
    }
}
