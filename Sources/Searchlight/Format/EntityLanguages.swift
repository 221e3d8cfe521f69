/// The languages that the entities of each type with a `languageAttribute` were analysed in, by
/// their `Language.tag`: stored in metadata `searchlight.languages` as JSON `{"<type>": ["de",
/// "el"], …}` (tags sorted), so that a query is parsed in each of them. The set grows as entities
/// in new languages are written and never shrinks: a language whose entities were all deleted
/// costs a parse that matches nothing.
///
/// ```swift
/// var seen = EntityLanguages()
/// seen.insert(Language("de")!, type: "article")
/// seen.languages(of: "article")   // [Language("de")]
/// try writer.setMetadata(IndexMetadata.languages, seen.stored)
/// ```
struct EntityLanguages: Sendable, Equatable {
    /// The tags seen, by type name.
    private(set) var tags: [String: Set<String>] = [:]

    init() {}

    /// The languages stored in metadata; nil when the value is not an object of arrays of strings.
    init?(stored bytes: [UInt8]) {
        guard let members = (try? JSONValue(parsing: String(decoding: bytes, as: UTF8.self)))?.objectValue else { return nil }
        for (type, list) in members {
            guard let names = list.arrayValue?.compactMap(\.stringValue), names.count == list.arrayValue?.count else { return nil }
            tags[type] = Set(names)
        }
    }

    /// The metadata value: compact JSON, types and tags sorted.
    var stored: [UInt8] {
        let members = tags.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.array($0.value.sorted().map(JSONValue.string))) }
        return Array(JSONValue.object(members).jsonText.utf8)
    }

    var isEmpty: Bool { tags.isEmpty }

    /// Records that an entity of `type` has text analysed in `language`.
    mutating func insert(_ language: Language, type: String) {
        tags[type, default: []].insert(language.tag)
    }

    /// Adds the languages of `other`; returns whether any was new.
    mutating func formUnion(_ other: EntityLanguages) -> Bool {
        var changed = false
        for (type, added) in other.tags where !added.isSubset(of: tags[type] ?? []) {
            tags[type, default: []].formUnion(added)
            changed = true
        }
        return changed
    }

    /// The languages seen in entities of `type`, in tag order.
    func languages(of type: String) -> [Language] {
        (tags[type] ?? []).sorted().compactMap(Language.init)
    }
}
