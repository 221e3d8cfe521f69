import XapianIndex

/// Query-time synonyms from the entities' own other names (attributes marked `synonyms`, such as
/// Core Spotlight's `alternateNames`). An entity titled "Yosemite Falls" with the other name
/// "Cholock" makes a query for "cholock trail" also search `"yosemite falls" trail`, and the
/// reverse, so texts that use either name match.
///
/// Names are found through whole-name terms written with each entity (`XA` for other names, `XS`
/// for the titles of entities that have some), so nothing has to be rebuilt when entities change.
///
/// ```swift
/// let variants = try table.variants(of: QueryText("cholock trail", typing: false, stopwords: []), database: database)
/// // ["\"yosemite falls\" trail"]
/// ```
struct SynonymTable {
    /// Whether any type has a synonyms attribute; when none does, no lookups are made.
    let isEmpty: Bool
    let schema: Schema

    /// Most other texts one query searches besides its own.
    static let variantLimit = 4
    /// The longest run of query words looked up as a name.
    static let longestName = 4
    /// The most entities read for one name.
    static let entitiesPerName = 4
    /// Longer queries (pasted text) are not looked up: four lookups per word would add up.
    static let longestQuery = 32

    init(schema: Schema) {
        self.schema = schema
        isEmpty = !schema.types.contains { $0.attributes.contains(where: \.synonyms) }
    }

    /// The query text with one run of its words, a name of some entity, replaced by another name of
    /// that entity (a multi-word name as a quoted phrase). Only texts of plain words are rewritten.
    func variants(of text: QueryText, database: Database) throws(XapianError) -> [String] {
        guard !isEmpty, text.plainWords != nil else { return [] }
        let words = text.words
        guard words.count <= Self.longestQuery else { return [] }
        var variants: [String] = []
        for length in stride(from: min(Self.longestName, words.count), through: 1, by: -1) {
            for start in 0...(words.count - length) {
                let name = words[start..<start + length].joined(separator: " ")
                for other in try otherNames(of: name, database: database) {
                    let replacement = other.contains(" ") ? "\"\(other)\"" : other
                    let variant = (words[..<start] + [replacement] + words[(start + length)...]).joined(separator: " ")
                    guard !variants.contains(variant) else { continue }
                    variants.append(variant)
                    if variants.count == Self.variantLimit { return variants }
                }
            }
        }
        return variants
    }

    /// The other names (title included) of the entities that have `name` as their title or as one
    /// of their other names, normalised, without `name` itself.
    func otherNames(of name: String, database: Database) throws(XapianError) -> [String] {
        var docids: [UInt32] = []
        for prefix in [IndexTerms.alternateNamePrefix, IndexTerms.namedTitlePrefix] {
            let term = prefix + name
            guard term.utf8.count <= IndexTerms.maximumTermBytes else { continue }
            try database.forEachPosting(of: term) { docid in
                if !docids.contains(docid) { docids.append(docid) }
                return docids.count < Self.entitiesPerName
            }
        }
        var names: [String] = []
        for docid in docids {
            guard let data = try database.documentData(docid: docid), let entity = EntityIndex.entity(fromData: data),
                  let type = schema.type(named: entity.type), let titleKey = type.display.title else { continue }
            let keys = [titleKey] + type.attributes.filter(\.synonyms).map(\.key)
            for key in keys {
                for element in entity.attributes[key]?.elements ?? [] {
                    let other = Words.normalisedName(element.text)
                    if !other.isEmpty, other != name, !names.contains(other) { names.append(other) }
                }
            }
        }
        return names
    }
}
