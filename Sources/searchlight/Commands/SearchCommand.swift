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

    @Option(help: "How many results to show.")
    var limit = 10

    @Option(help: "How many results to skip (for paging).")
    var offset = 0

    @Argument(help: "The query text ('' matches everything).")
    var query: String

    func validate() throws {
        guard limit >= 0, limit <= 10_000 else { throw ValidationError("--limit must be between 0 and 10000") }
        guard offset >= 0 else { throw ValidationError("--offset must not be negative") }
    }

    func run() throws {
        try reportingFailures {
            let index = try indexOptions.open(.readOnly)
            let results = try index.search(SearchRequest(query, types: types, match: match, limit: limit, offset: offset))
            print(output.json ? ResultFormatter.json(results).prettyJSONText : ResultFormatter.table(results))
        }
    }
}

extension SearchRequest.MatchMode: ExpressibleByArgument {}
