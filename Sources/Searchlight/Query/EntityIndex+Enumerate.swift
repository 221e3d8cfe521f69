/// Enumerations of small types: App Intents' `EnumerableEntityQuery.allEntities()` and
/// `AppEnum.allCases` with their `caseDisplayRepresentations`.
///
/// ```swift
/// let collections = try index.allEntities(ofType: "collection")
/// let levels = try index.allCases(ofEnum: "difficulty").map(\.display.title)
/// ```
extension EntityIndex {
    /// Every unexpired entity of `type`, ordered by display title when the title is sortable (else
    /// in index order). Meant for small types: more than `limit` entities is an error, not a cut list.
    public func allEntities(ofType type: String, limit: Int = 1_000) throws(SearchlightError) -> [Entity] {
        let schema = self.schema
        guard let entityType = schema.type(named: type) else { throw .unknownType(type, known: schema.types.map(\.name)) }
        var request = SearchRequest("", types: [type], limit: limit + 1)
        if let title = entityType.display.title, entityType.attribute(title)?.sortable == true {
            request.sort = [SortDescriptor(title)]
        }
        request.snippets = false
        let entities = try search(request).results.map(\.entity)
        guard entities.count <= limit else {
            throw .invalidQuery("type '\(type)' has more than \(limit) entities; enumerate it with a search, or raise the limit")
        }
        return entities
    }

    /// The cases of enum type `name`, in schema order, with their display representations.
    public func allCases(ofEnum name: String) throws(SearchlightError) -> [EnumCase] {
        let schema = self.schema
        guard let enumType = schema.enumType(named: name) else {
            throw .invalidQuery("unknown enum '\(name)' (enums: \(schema.enums.map(\.name).joined(separator: ", ")))")
        }
        return enumType.cases
    }
}
