import ArgumentParser
import Searchlight

/// `searchlight search`: ranked results over every entity type in one list.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the index: one ranked list over all entity types.",
        discussion: """
        Query syntax: words (stemmed), "quoted phrases", AND / OR / NOT, -word, field:word for searchable \
        attributes, key:low..high ranges on numbers and dates, type:NAME. Words are complete; with --typing, a last word not \
        followed by a space also matches the words it begins (search as you type). Words of five letters or \
        more that no entity has match the closest indexed spelling (--typos). Text that is not valid syntax is \
        searched as plain words.
        """
    )

    @OptionGroup var indexOptions: IndexOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var remote: RemoteShardArguments

    @Option(name: .customLong("type"), help: ArgumentHelp("Only entities of this type (repeatable).", valueName: "type"))
    var types: [String] = []

    @Option(name: .customLong("match"), help: ArgumentHelp("best: all words first, then fewer; all: every word; any: any word. (default: best)", valueName: "mode"))
    var matchGiven: [SearchRequest.MatchMode] = []

    var match: SearchRequest.MatchMode { matchGiven.first ?? .best }

    @OptionGroup var filterOptions: FilterOptions

    @Option(help: ArgumentHelp("Sort by a sortable attribute instead of relevance (repeatable, or comma-separated).", valueName: "key[:asc|desc]"))
    var sort: [String] = []

    @Option(help: ArgumentHelp("Count the values of a keyword/enum/boolean/reference attribute, or 'type', over all matches (repeatable).", valueName: "key"))
    var facet: [String] = []

    @Option(name: .customLong("fields"), help: ArgumentHelp("Show only these attributes (comma-separated).", valueName: "key,..."))
    var fieldsGiven: [String] = []

    var fields: String? { fieldsGiven.first }

    @Flag(help: "Show why each result ranked: the terms it matched, their fields, the ranking-hint boost, and the query plan.")
    var explain = false

    @Flag(inversion: .prefixedNo, help: "Cut a snippet of each result's text around the matched words (--no-snippets: results without, sooner).")
    var snippets = true

    @Flag(help: "Count every match, so that the total is exact (it already is with --where or --facet, and whenever the page reaches the end of the list); without it, a page that does not reach the end gives Xapian's estimate (\"about\").")
    var exactTotal = false

    @Flag(help: "The text is being typed: its last word, when no space follows it, is a prefix and also matches the words it begins (search as you type). Without it, words are complete.")
    var typing = false

    @Option(name: .customLong("typos"), help: ArgumentHelp("auto: a word no entity has matches the closest word the index has (one edit from 5 letters, two from 9); off: words match only as typed. (default: auto)", valueName: "auto|off"))
    var typosGiven: [TypoTolerance] = []

    var typos: TypoTolerance { typosGiven.first ?? .auto }

    @Option(name: .customLong("limit"), parsing: .unconditionalSingleValue, help: "How many results to show. (default: 10)")
    var limitGiven: [Int] = []

    var limit: Int { limitGiven.first ?? 10 }

    @Option(name: .customLong("offset"), parsing: .unconditionalSingleValue, help: "How many results to skip (for paging). (default: 0)")
    var offsetGiven: [Int] = []

    var offset: Int { offsetGiven.first ?? 0 }

    @Argument(help: "The query text ('' matches everything).")
    var query: String

    var sortDescriptors: [SortDescriptor] {
        sort.flatMap { $0.split(separator: ",") }.compactMap { SortDescriptor(parsing: String($0)) }
    }

    func validate() throws {
        try Once.check(matchGiven, "--match")
        try Once.check(typosGiven, "--typos")
        try Once.check(fieldsGiven, "--fields")
        try Once.check(limitGiven, "--limit")
        try Once.check(offsetGiven, "--offset")
        try NumericOption.check(limit, "--limit", in: 0...10_000)
        try NumericOption.check(offset, "--offset", in: 0...NumericOption.maximumOffset)
        for key in sort.flatMap({ $0.split(separator: ",") }) where SortDescriptor(parsing: String(key)) == nil {
            throw ValidationError("--sort '\(key)' is not KEY, KEY:asc or KEY:desc")
        }
    }

    func run() throws {
        try reportingFailures {
            let index = try indexOptions.open(.readOnly, remote: remote)
            let schema = index.schema
            let filter = try filterOptions.filter(checkedAgainst: schema)
            let fieldList = fields.map { $0.split(separator: ",").map(String.init) }
            if let fieldList {
                let inScope = types.isEmpty ? schema.types : schema.types.filter { types.contains($0.name) }
                var known: [String] = []
                for type in inScope { for attribute in type.attributes where !known.contains(attribute.key) { known.append(attribute.key) } }
                for key in fieldList where !known.contains(key) {
                    throw SearchlightError.invalidQuery("--fields: no attribute '\(key)'" + (types.isEmpty ? "" : " in type \(types.joined(separator: ", "))")
                        + "; the attributes are " + known.joined(separator: ", "))
                }
            }
            var sort = sortDescriptors
            if sort.isEmpty, query.allSatisfy(\.isWhitespace) { sort = Self.suggestedOrder(schema, types: types) }
            var request = SearchRequest(query, types: types, match: match, filter: filter, sort: sort,
                                        facets: facet, limit: limit, offset: offset)
            request.explain = explain
            request.snippets = snippets
            request.typing = typing
            request.typos = typos
            request.exactTotal = exactTotal
            let results = try index.search(request)
            let formatter = ResultFormatter(fields: fieldList, schema: schema, limit: limit)
            let report = remote.reporting(formatter.json(results), of: index)
            print(output.json ? report.prettyJSONText : formatter.table(results))
        }
    }
}

extension SearchCommand {
    /// The order of an empty query without --sort, as `suggestedEntities` orders each type: highest
    /// ranking hint first, then most recent. The types' hint keys come first, then their recency keys
    /// (each key once; entities without a key follow those with it).
    static func suggestedOrder(_ schema: Schema, types: [String]) -> [SortDescriptor] {
        let inScope = types.isEmpty ? schema.types : schema.types.filter { types.contains($0.name) }
        var keys: [String] = []
        for key in inScope.compactMap(\.rankingHint) + inScope.compactMap(\.recency) where !keys.contains(key) {
            // Only a key every type that has it can sort by.
            guard inScope.allSatisfy({ $0.attribute(key).map(\.sortable) ?? true }) else { continue }
            keys.append(key)
        }
        return keys.map { SortDescriptor($0, descending: true) }
    }
}

extension SearchRequest.MatchMode: ExpressibleByArgument {}
extension TypoTolerance: ExpressibleByArgument {}
