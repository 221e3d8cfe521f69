import ArgumentParser
import FoundationEssentials
import Searchlight

/// `searchlight bench`: query latency of `search`, `suggest` or `get`, measured in-process.
///
/// ```
/// $ searchlight bench --queries queries.txt --mode search
/// ```
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure query latency: each line of a file run through search, suggest or get.",
        usage: "searchlight bench [--index <path>] [--json] [--timeout <seconds>] [--connect-timeout <seconds>] [--allow-partial] --queries <file> [--mode <mode>] [--match <mode>] [--limit <limit>] [--snippets] [--no-snippets] [--warmup <warmup>] [--rounds <rounds>] [--slowest <n>]",
        discussion: """
        Each line of FILE is one query (search), one typed prefix (suggest) or one TYPE:ID (get). The \
        queries run in this process against the index, through the same library calls the commands make \
        (results decoded into entities with their display representation, and snippets cut unless \
        --no-snippets), after --warmup passes over \
        the whole file; then --rounds timed passes. Nothing caches results between queries.

        Reported: latency percentiles (nearest rank), mean and max in microseconds, queries per second \
        over the timed passes, the share of queries with no result, and the mean number of results \
        (entities; for suggest, entities plus completions), and the wall time of the timed and of the \
        warm-up passes in seconds (JSON "timed_s", "warmup_s"): the timed passes' time is the number of \
        queries over qps and about the sum of their latencies, and the process's wall time is the two plus \
        its start and the opening of the index. --slowest N adds the N queries whose median \
        over the rounds is highest (JSON: "slowest", a list of {"query", "median_us"}).
        """
    )

    enum Mode: String, ExpressibleByArgument, CaseIterable {
        case search, suggest, get
    }

    @OptionGroup var indexOptions: IndexOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var remote: RemoteShardArguments

    @Option(name: .customLong("queries"), help: ArgumentHelp("The query file, one query per line.", valueName: "file"))
    var queriesGiven: [String] = []

    var queries: String { queriesGiven.first ?? "" }

    @Option(name: .customLong("mode"), help: "Which command's path to measure: search, suggest or get. (default: search)")
    var modeGiven: [Mode] = []

    var mode: Mode { modeGiven.first ?? .search }

    @Option(name: .customLong("match"), help: ArgumentHelp("For search: best, all or any. (default: best)", valueName: "mode"))
    var matchGiven: [SearchRequest.MatchMode] = []

    var match: SearchRequest.MatchMode { matchGiven.first ?? .best }

    @Option(name: .customLong("limit"), parsing: .unconditionalSingleValue, help: "Results per query. (default: 10)")
    var limitGiven: [Int] = []

    var limit: Int { limitGiven.first ?? 10 }

    @Flag(inversion: .prefixedNo, help: "For search: cut a snippet of each result, as `search` does by default.")
    var snippets = true

    @Flag(help: "For search: each line is being typed (its last word a prefix), as `search --typing`.")
    var typing = false

    @Flag(help: "For search: count every match for an exact total, as `search --exact-total`.")
    var exactTotal = false

    @OptionGroup var filterOptions: FilterOptions

    @Option(name: .customLong("warmup"), parsing: .unconditionalSingleValue, help: "Untimed passes over the file first. (default: 1)")
    var warmupGiven: [Int] = []

    var warmup: Int { warmupGiven.first ?? 1 }

    @Option(name: .customLong("rounds"), parsing: .unconditionalSingleValue, help: "Timed passes over the file. (default: 1)")
    var roundsGiven: [Int] = []

    var rounds: Int { roundsGiven.first ?? 1 }

    @Option(name: .customLong("slowest"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Also list the N queries with the highest median latency over the rounds. (default: 0)", valueName: "n"))
    var slowestGiven: [Int] = []

    var slowest: Int { slowestGiven.first ?? 0 }

    func validate() throws {
        guard !queriesGiven.isEmpty else { throw ValidationError("Missing expected argument '--queries <file>'") }
        for (values, name) in [(queriesGiven.count, "--queries"), (modeGiven.count, "--mode"), (matchGiven.count, "--match"), (limitGiven.count, "--limit"),
                               (warmupGiven.count, "--warmup"), (roundsGiven.count, "--rounds"), (slowestGiven.count, "--slowest")] {
            try Once.check(Array(repeating: 0, count: values), name)
        }
        try NumericOption.check(limit, "--limit", in: 1...10_000)
        try NumericOption.check(warmup, "--warmup", in: 0...1_000)
        try NumericOption.check(rounds, "--rounds", in: 1...1_000)
        try NumericOption.check(slowest, "--slowest", in: 0...10_000)
    }

    func run() throws {
        try reportingFailures {
            let lines = try Self.readQueries(queries, mode: mode)
            let index = try indexOptions.open(.readOnly, remote: remote)
            let runOne = try query(on: index)
            let clock = ContinuousClock()
            let warmupStarted = clock.now
            for _ in 0..<warmup { for line in lines { _ = try runOne(line) } }
            let warmupElapsed = clock.now - warmupStarted

            var latencies: [Int] = []
            latencies.reserveCapacity(lines.count * rounds)
            var resultCount = 0
            var empty = 0
            let started = clock.now
            for _ in 0..<rounds {
                for line in lines {
                    let before = clock.now
                    let count = try runOne(line)
                    latencies.append(Self.microseconds(clock.now - before))
                    resultCount += count
                    if count == 0 { empty += 1 }
                }
            }
            var report = LatencyReport(mode: mode.rawValue, latencies: latencies, elapsed: clock.now - started,
                                       warmup: warmupElapsed, resultCount: resultCount, emptyCount: empty)
            if slowest > 0 { report.slowest = LatencyReport.slowest(slowest, of: lines, latencies: latencies) }
            print(output.json ? report.json.prettyJSONText : report.table)
        }
    }

    /// The measured call for one line, returning how many results it gave.
    private func query(on index: EntityIndex) throws -> (String) throws -> Int {
        let (match, limit, snippets, typing, exactTotal) = (self.match, self.limit, self.snippets, self.typing, self.exactTotal)
        let filter = try filterOptions.filter(checkedAgainst: index.schema)
        switch mode {
        case .search:
            return { line in
                var request = SearchRequest(line, match: match, filter: filter, limit: limit)
                request.snippets = snippets
                request.typing = typing
                request.exactTotal = exactTotal
                return try index.search(request).results.count
            }
        case .suggest:
            return { line in
                let suggestions = try index.suggest(line, limit: limit)
                return suggestions.entities.count + suggestions.completions.count
            }
        case .get:
            return { line in try index.entities(for: [EntityReference(parsing: line)!]).count }
        }
    }

    /// The non-empty lines of `path`; for get, each must be TYPE:ID.
    static func readQueries(_ path: String, mode: Mode) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure(message: "\(path): cannot read the query file (missing, unreadable or not UTF-8)", code: CommandFailure.invalidInput)
        }
        var lines: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            if mode == .get, EntityReference(parsing: String(line)) == nil {
                throw CommandFailure(message: "\(path):\(number + 1): '\(line)' is not TYPE:ID", code: CommandFailure.invalidInput)
            }
            lines.append(String(line))
        }
        guard !lines.isEmpty else {
            throw CommandFailure(message: "\(path): the query file has no queries", code: CommandFailure.invalidInput)
        }
        return lines
    }

    static func microseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000)
    }
}

