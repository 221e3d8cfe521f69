import ArgumentParser
import Searchlight

/// `searchlight suggest`: what to offer while a person types.
struct SuggestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Completions, best entities and a spelling correction for text being typed.",
        usage: "searchlight suggest [--index <path>] [--json] [--timeout <seconds>] [--connect-timeout <seconds>] [--allow-partial] [--type <type> ...] [--limit <limit>] [<prefix>]",
        discussion: """
        Completions come from the words and two-word phrases of entity titles, most common first, with the \
        typed part marked (JSON "highlights": [start, end) character offsets). A prefix that ends in a letter \
        is still being typed; one that ends in a space completes the next word. An empty prefix returns the \
        suggested entities: per type, the top ones by ranking hint, then recency.
        """
    )

    @OptionGroup var indexOptions: IndexOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var remote: RemoteShardArguments

    @Option(name: .customLong("type"), help: ArgumentHelp("Only entities of this type (repeatable).", valueName: "type"))
    var types: [String] = []

    @Option(name: .customLong("limit"), parsing: .unconditionalSingleValue, help: "How many completions and entities to show. (default: 8)")
    var limitGiven: [Int] = []

    var limit: Int { limitGiven.first ?? 8 }

    @Argument(help: "The text typed so far ('' for suggested entities).")
    var prefix: String = ""

    func validate() throws {
        try Once.check(limitGiven, "--limit")
        try NumericOption.check(limit, "--limit", in: 1...100)
    }

    func run() throws {
        try reportingFailures {
            let index = try indexOptions.open(.readOnly, remote: remote)
            let suggestions = try index.suggest(prefix, types: types, limit: limit)
            let formatter = ResultFormatter(fields: nil)
            if output.json {
                print(remote.reporting(JSONValue.object([
                    ("prefix", .string(suggestions.prefix)),
                    ("completions", .array(suggestions.completions.map { completion in
                        .object([("text", .string(completion.text)),
                                 ("highlights", .array(completion.highlights.map { .array([.int($0.lowerBound), .int($0.upperBound)]) })),
                                 ("count", .int(completion.count))])
                    })),
                    ("entities", .array(suggestions.entities.map(formatter.json))),
                    ("total", .int(suggestions.total)),
                    ("totalIsExact", .bool(suggestions.totalIsExact)),
                    ("correction", suggestions.correction.map(JSONValue.string) ?? .null),
                    ("truncated", .bool(suggestions.truncated)),
                ]), of: index).prettyJSONText)
                return
            }
            if let correction = suggestions.correction { print("Did you mean: \(Terminal.bold(Terminal.printable(correction)))") }
            if !suggestions.completions.isEmpty {
                print(suggestions.completions.map { completion -> String in
                    let typed = completion.highlights.first ?? 0..<0
                    let characters = Array(completion.text)
                    return Terminal.bold(Terminal.printable(String(characters[typed]))) + Terminal.printable(String(characters[typed.upperBound...]))
                }.joined(separator: "  "))
            }
            RemoteShardArguments.warnOfMissingShards(index)
            if suggestions.truncated { print(Terminal.dim("(more completions exist than were scanned; type more letters)")) }
            print(formatter.table(SearchResults(query: prefix, total: suggestions.total, totalIsExact: suggestions.totalIsExact,
                                                results: suggestions.entities)))
        }
    }
}
