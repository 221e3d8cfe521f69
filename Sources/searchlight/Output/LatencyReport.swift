import Searchlight

/// Latency figures of a `bench` run: percentiles, mean, max, throughput and result counts.
///
/// ```swift
/// let report = LatencyReport(mode: "search", latencies: [120, 95, 310], elapsed: .microseconds(600),
///                            warmup: .microseconds(560), resultCount: 25, emptyCount: 0)
/// print(report.json.prettyJSONText)
/// ```
struct LatencyReport {
    let mode: String
    let queries: Int
    let p50: Int, p95: Int, p99: Int, max: Int
    let mean: Double
    let queriesPerSecond: Double
    let zeroResultPercent: Double
    let meanResults: Double
    /// Wall time of the timed passes (what `qps` divides by) and of the warm-up passes, in seconds:
    /// with the process's start and the index's opening, they add up to the process's wall time.
    let timedSeconds: Double, warmupSeconds: Double
    /// The slowest queries by their median over the rounds, slowest first (empty unless asked for).
    var slowest: [(query: String, median: Int)] = []

    init(mode: String, latencies: [Int], elapsed: Duration, warmup: Duration, resultCount: Int, emptyCount: Int) {
        let sorted = latencies.sorted()
        func percentile(_ p: Double) -> Int {
            sorted[Swift.max(0, Swift.min(sorted.count - 1, Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1))]
        }
        self.mode = mode
        queries = sorted.count
        p50 = percentile(50)
        p95 = percentile(95)
        p99 = percentile(99)
        max = sorted.last ?? 0
        mean = Double(sorted.reduce(0, +)) / Double(Swift.max(1, sorted.count))
        timedSeconds = Self.seconds(elapsed)
        warmupSeconds = Self.seconds(warmup)
        queriesPerSecond = timedSeconds > 0 ? Double(sorted.count) / timedSeconds : 0
        zeroResultPercent = 100 * Double(emptyCount) / Double(Swift.max(1, sorted.count))
        meanResults = Double(resultCount) / Double(Swift.max(1, sorted.count))
    }

    /// The `count` queries of `lines` with the highest median latency, given the latencies of
    /// every round in order (`lines.count` per round); ties keep the file's order.
    static func slowest(_ count: Int, of lines: [String], latencies: [Int]) -> [(query: String, median: Int)] {
        let rounds = latencies.count / Swift.max(1, lines.count)
        let medians = lines.indices.map { line in
            let times = (0..<rounds).map { latencies[$0 * lines.count + line] }.sorted()
            return times.isEmpty ? 0 : times[(times.count - 1) / 2]
        }
        let order = lines.indices.sorted { (medians[$0], $1) > (medians[$1], $0) }
        return order.prefix(count).map { (lines[$0], medians[$0]) }
    }

    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("mode", .string(mode)), ("queries", .int(queries)),
            ("p50_us", .int(p50)), ("p95_us", .int(p95)), ("p99_us", .int(p99)),
            ("mean_us", .double(Self.rounded(mean))), ("max_us", .int(max)),
            ("qps", .double(Self.rounded(queriesPerSecond))),
            ("zero_result_pct", .double(Self.rounded(zeroResultPercent))),
            ("mean_results", .double(Self.rounded(meanResults))),
            ("timed_s", .double(Self.rounded(timedSeconds, scale: 1_000))), ("warmup_s", .double(Self.rounded(warmupSeconds, scale: 1_000))),
        ]
        if !slowest.isEmpty {
            members.append(("slowest", .array(slowest.map { .object([("query", .string($0.query)), ("median_us", .int($0.median))]) })))
        }
        return .object(members)
    }

    var table: String {
        var table = Table([("MODE", .left), ("QUERIES", .right), ("P50 µs", .right), ("P95 µs", .right), ("P99 µs", .right),
                           ("MEAN µs", .right), ("MAX µs", .right), ("QPS", .right), ("ZERO %", .right), ("RESULTS", .right)])
        table.append([mode, String(queries), String(p50), String(p95), String(p99), Self.format(mean), String(max),
                      Self.format(queriesPerSecond), Self.format(zeroResultPercent), Self.format(meanResults)])
        let time = "Timed passes \(Self.rounded(timedSeconds, scale: 1_000)) s, warm-up \(Self.rounded(warmupSeconds, scale: 1_000)) s (wall time)."
        guard !slowest.isEmpty else { return table.render() + "\n" + time }
        var queries = Table([("SLOWEST QUERY", .left), ("MEDIAN µs", .right)])
        for (query, median) in slowest { queries.append([query, String(median)]) }
        return table.render() + "\n" + time + "\n\n" + queries.render()
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `value` to the nearest 1 / `scale`: tenths by default, milliseconds for seconds.
    private static func rounded(_ value: Double, scale: Double = 10) -> Double { (value * scale).rounded() / scale }
    private static func format(_ value: Double) -> String { String(rounded(value)) }
}
