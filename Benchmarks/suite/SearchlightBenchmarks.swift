import Benchmark
import Foundation
import Searchlight

/// The package-benchmark suite: indexing throughput and query latency on real indexes on disk.
///
/// Every query benchmark runs one line of its list per iteration, in order and round again, through
/// the calls `searchlight bench` makes (`QueryPath`), so p50 and p99 are per-query latencies over the
/// list, comparable with `searchlight bench --mode … --limit 10`. One untimed pass over the list
/// warms the caches first, like `--warmup 1`.
///
/// The bundled sample corpus always runs; SEARCHLIGHT_BENCH_CORPUS=debian-x1 (a corpus that
/// Benchmarks/run.py generated under Benchmarks/work/) adds the same query benchmarks on it.
let benchmarks: @Sendable () -> Void = {
    // No cpuTotal for the queries: it ticks in 10 ms steps, longer than a query.
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .microseconds,
        maxDuration: .seconds(2),
        maxIterations: 20_000
    )

    let sample = BenchmarkCorpus.sample
    registerIndexing(sample)
    registerQueries(sample, maxDuration: .seconds(2))

    let selected = ProcessInfo.processInfo.environment["SEARCHLIGHT_BENCH_CORPUS"] ?? ""
    if !selected.isEmpty, selected != sample.name {
        do {
            registerQueries(try BenchmarkCorpus.generated(selected), maxDuration: .seconds(10))
        } catch {
            fatalError("SEARCHLIGHT_BENCH_CORPUS=\(selected): \(error)")
        }
    }
}

/// `searchlight index --schema schema.json FILES…` into a new folder, once per iteration. The
/// measurement covers parsing the schema, creating the index and both ingest passes with their
/// commits; making and deleting the folder are outside it.
func registerIndexing(_ corpus: BenchmarkCorpus) {
    let entitiesPerSecond = BenchmarkMetric.custom("entitiesPerSecond", polarity: .prefersLarger, useScalingFactor: false)
    Benchmark(
        "\(corpus.name): index",
        configuration: .init(
            metrics: [.wallClock, .cpuTotal, .throughput, .mallocCountTotal, .peakMemoryResident, entitiesPerSecond],
            timeUnits: .milliseconds,
            warmupIterations: 1,
            maxDuration: .seconds(10),
            maxIterations: 50
        )
    ) { benchmark, schemaText in
        let folder = temporaryIndexFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        benchmark.startMeasurement()
        let report = try corpus.ingest(into: folder, schemaText: schemaText).report
        benchmark.stopMeasurement()
        guard report.indexed > 0 else { throw SuiteError("\(corpus.name): nothing was indexed") }
        benchmark.measurement(entitiesPerSecond, Int(Double(report.indexed) / report.seconds))
    } setup: {
        try corpus.schemaText()
    }
}

/// Search (best and any), suggest and get over `corpus`, on an index built (or, for a generated
/// corpus, found on disk) in each benchmark's setup.
func registerQueries(_ corpus: BenchmarkCorpus, maxDuration: Duration) {
    let paths: [(name: String, lines: [String], path: QueryPath)] = [
        ("search", corpus.searchQueries, .search(.best)),
        ("search --match any", corpus.searchQueries, .search(.any)),
        ("suggest", corpus.prefixes, .suggest),
        ("get", corpus.references, .get),
    ]
    for (name, lines, path) in paths {
        let cycle = QueryCycle(path.prepare(lines))
        let fixture = IndexFixture(corpus)
        Benchmark(
            "\(corpus.name): \(name)",
            configuration: .init(
                warmupIterations: lines.count,
                // Many passes over the list, so that a partial last pass weighs little in the percentiles.
                maxDuration: maxDuration,
                maxIterations: 20_000
            )
        ) { benchmark, index in
            blackHole(try path.run(cycle.next(), on: index))
        } setup: {
            try fixture.open()
        } teardown: {
            fixture.release()
        }
    }
}

/// The call `searchlight bench` makes for one line in each mode (BenchCommand.query(on:)), limit 10.
enum QueryPath: Sendable {
    case search(SearchRequest.MatchMode)
    case suggest
    case get

    static let limit = 10

    /// A query prepared from one line; parsing TYPE:ID happens here, outside the measurement, as the
    /// CLI parses the file before timing.
    enum Line: Sendable {
        case text(String)
        case reference(EntityReference)
    }

    func prepare(_ lines: [String]) -> [Line] {
        lines.map { line in
            if case .get = self, let reference = EntityReference(parsing: line) { return .reference(reference) }
            return .text(line)
        }
    }

    /// Runs one query and returns how many results it gave.
    func run(_ line: Line, on index: EntityIndex) throws -> Int {
        switch (self, line) {
        case (.search(let match), .text(let text)):
            return try index.search(SearchRequest(text, match: match, limit: Self.limit)).results.count
        case (.suggest, .text(let text)):
            let suggestions = try index.suggest(text, limit: Self.limit)
            return suggestions.entities.count + suggestions.completions.count
        case (.get, .reference(let reference)):
            return try index.entities(for: [reference]).count
        default:
            throw SuiteError("'\(line)' is not a query for \(self)")
        }
    }
}

/// The lines of a query list in order, round again after the last.
final class QueryCycle: @unchecked Sendable {
    private let lines: [QueryPath.Line]
    private var position = 0

    init(_ lines: [QueryPath.Line]) { self.lines = lines }

    func next() -> QueryPath.Line {
        defer { position = (position + 1) % lines.count }
        return lines[position]
    }
}

/// The index one query benchmark reads: opened (or built) by its setup, released by its teardown.
final class IndexFixture: @unchecked Sendable {
    private let corpus: BenchmarkCorpus
    private var opened: QueriedIndex?

    init(_ corpus: BenchmarkCorpus) { self.corpus = corpus }

    func open() throws -> EntityIndex {
        let opened = try corpus.queriedIndex()
        self.opened = opened
        return opened.index!
    }

    func release() {
        opened?.release()
        opened = nil
    }
}
