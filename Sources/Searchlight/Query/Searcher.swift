import XapianIndex

/// The query parser of one schema revision: field prefixes, boolean filters and ranges for
/// every attribute key, stemming and stopwords. Rebuilt when the schema changes.
final class Searcher {
    let parser: QueryParser
    /// How many terms a partially typed last word may expand to.
    static let partialExpansionLimit: UInt32 = 40

    init(schema: Schema, database: Database) throws(XapianError) {
        parser = QueryParser()
        let language = Self.dominantLanguage(schema)
        if language != "none" { try parser.setStemmer(language: language, strategy: .some) }
        if language == "english" { parser.setStopwords(Stopwords.english) }
        parser.setDatabase(database)
        parser.setMaxExpansion(Self.partialExpansionLimit)
        try parser.addPrefix(field: "type", termPrefix: IndexTerms.typePrefix, boolean: true)
        try parser.addPrefix(field: "domain", termPrefix: IndexTerms.domainPrefix, boolean: true)
        var seen = Set<String>()
        for type in schema.types {
            for attribute in type.attributes where seen.insert(attribute.key).inserted {
                if attribute.searchable {
                    try parser.addPrefix(field: attribute.key, termPrefix: IndexTerms.fieldPrefix(attribute.key))
                } else if attribute.kind == .keyword || attribute.kind == .enumValue || attribute.kind == .reference || attribute.kind == .boolean {
                    try parser.addPrefix(field: attribute.key, termPrefix: IndexTerms.valuePrefix(attribute.key), boolean: true)
                }
                if attribute.kind.isNumeric, let slot = schema.numericSlot(attribute.key) {
                    try parser.addRange(field: attribute.key, slot: slot, isDate: attribute.kind == .date)
                }
            }
        }
    }

    /// Queries are stemmed in one language: the one most types use.
    static func dominantLanguage(_ schema: Schema) -> String {
        var counts: [String: Int] = [:]
        for type in schema.types { counts[type.language, default: 0] += 1 }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? "english"
    }

    /// Parses person-typed text; text that is not valid syntax is read again as plain words.
    func parse(_ text: String, defaultOperator: Query.Operator, partial: Bool) throws(XapianError) -> Query {
        parser.setDefaultOperator(defaultOperator)
        var flags: QueryParser.Flags = [.boolean, .phrase, .loveHate, .pureNot]
        if partial { flags.insert(.partial) }
        do {
            return try parser.parse(text, flags: flags)
        } catch where error.kind == .queryParser {
            return try parser.parse(text, flags: partial ? [.partial] : [])
        }
    }
}
