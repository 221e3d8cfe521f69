import XapianIndex

/// Turns a page's hits into results: each entity decoded from its stored data, with its display
/// representation and URL, and when asked, a snippet of its text and an explanation of its score.
///
/// ```swift
/// let assembler = ResultAssembler(schema: schema, snippets: builder, explaining: nil)
/// let results = try assembler.results(page.hits, firstRank: 1)
/// ```
struct ResultAssembler {
    let schema: Schema
    /// Cuts each result's snippet; nil when none are wanted.
    let snippets: SnippetBuilder?
    /// Where explanations come from, when asked for: the reader whose enquire ran the page, and
    /// the typed prefixes' expansions (by prefix).
    let explaining: (reader: PageReader, expansions: [String: Set<String>])?

    /// The results of `hits`, ranked from `firstRank` on; a hit whose stored data cannot be read is left out.
    func results(_ hits: [PageReader.Hit], firstRank: Int) throws(XapianError) -> [SearchResult] {
        var results: [SearchResult] = []
        results.reserveCapacity(hits.count)
        for (position, hit) in hits.enumerated() {
            guard let entity = EntityIndex.entity(fromData: try hit.match.data()) else { continue }
            let type = schema.type(named: entity.type)
            var result = SearchResult(entity: entity, rank: firstRank + position, score: hit.score, schema: schema, type: type)
            if let snippets, let type { result.snippet = snippets.snippet(for: entity, type: type) }
            if let (reader, expansions) = explaining {
                result.explanation = try Explanation(hit: hit, uniqueTerm: IndexTerms.unique(type: entity.type, id: entity.id),
                                                     enquire: reader.enquire, expansions: expansions)
            }
            results.append(result)
        }
        return results
    }

    /// The expansions an explanation marks, by prefix: those `text` looked up, and those of
    /// Xapian's own wildcards (the typed last word of text that is not plain words).
    static func explainedExpansions(of text: QueryText, database: Database) throws(XapianError) -> [String: Set<String>] {
        var expanded = text.expansions.mapValues(Set.init)
        for prefix in text.searchedTexts.compactMap(\.parserWildcardPrefix) {
            expanded[prefix] = Set(try Searcher.mostFrequentWords(beginning: prefix, limit: Int(Searcher.partialExpansionLimit), database: database))
        }
        return expanded
    }
}
