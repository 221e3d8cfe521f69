import ArgumentParser
import Searchlight

/// `searchlight search`: ranked results over every entity type in one list.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the index: one ranked list over all entity types.",
        discussion: """
        Query syntax: words (stemmed), "quoted phrases", AND / OR / NOT, -word, field:word for searchable \
        attributes, key:low..high ranges on numbers and dates, type:NAME. A last word not followed by a space \
        also matches as a prefix (search as you type). Text that is not valid syntax is searched as plain words.
        """
    )

    @OptionGroup var indexOptions: IndexOptions
    @OptionGroup var output: OutputOptions

    @Option(name: .customLong("type"), help: ArgumentHelp("Only entities of this type (repeatable).", valueName: "type"))
    var types: [String] = []

    @Option(help: ArgumentHelp("best: all words first, then fewer; all: every word; any: any word.", valueName: "mode"))
    var match: SearchRequest.MatchMode = .best

    @Option(name: .customLong("where"), help: ArgumentHelp(
        "A property filter in Core Spotlight's syntax, e.g. 'rating >= 4 && region == \"yose*\"cd'.", valueName: "predicate"))
    var predicate: String?

    @Option(help: ArgumentHelp("Sort by a sortable attribute instead of relevance (repeatable, or comma-separated).", valueName: "key[:asc|desc]"))
    var sort: [String] = []

    @Option(help: ArgumentHelp("Count the values of a keyword/enum/boolean/reference attribute, or 'type', over all matches (repeatable).", valueName: "key"))
    var facet: [String] = []

    @Option(help: ArgumentHelp("Show only these attributes (comma-separated).", valueName: "key,..."))
    var fields: String?

    @Flag(help: "Show why each result ranked: the terms it matched, their fields, the ranking-hint boost, and the query plan.")
    var explain = false

    @Flag(inversion: .prefixedNo, help: "Cut a snippet of each result's text around the matched words (--no-snippets: results without, sooner).")
    var snippets = true

    @Option(parsing: .unconditional, help: "How many results to show.")
    var limit = 10

    @Option(parsing: .unconditional, help: "How many results to skip (for paging).")
    var offset = 0

    @Argument(help: "The query text ('' matches everything).")
    var query: String

    var sortDescriptors: [SortDescriptor] {
        sort.flatMap { $0.split(separator: ",") }.compactMap { SortDescriptor(parsing: String($0)) }
    }

    func validate() throws {
        try NumericOption.check(limit, "--limit", in: 0...10_000)
        try NumericOption.check(offset, "--offset", in: 0...NumericOption.maximumOffset)
        for key in sort.flatMap({ $0.split(separator: ",") }) where SortDescriptor(parsing: String(key)) == nil {
            throw ValidationError("--sort '\(key)' is not KEY, KEY:asc or KEY:desc")
        }
    }

    func run() throws {
        try reportingFailures {
            let filter = try predicate.map { text throws -> EntityPredicate in
                do { return try EntityPredicate(spotlight: text) } catch { throw SearchlightError.invalidQuery("--where: \(error)") }
            }
            let index = try indexOptions.open(.readOnly)
            var request = SearchRequest(query, types: types, match: match, filter: filter, sort: sortDescriptors,
                                        facets: facet, limit: limit, offset: offset)
            request.explain = explain
            request.snippets = snippets
            let results = try index.search(request)
            let formatter = ResultFormatter(fields: fields.map { $0.split(separator: ",").map(String.init) })
            print(output.json ? formatter.json(results).prettyJSONText : formatter.table(results))
        }
    }
}

extension SearchRequest.MatchMode: ExpressibleByArgument {}
