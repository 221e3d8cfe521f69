import Searchlight

/// Latency figures of a `bench` run: percentiles, mean, max, throughput and result counts.
///
/// ```swift
/// let report = LatencyReport(mode: "search", latencies: [120, 95, 310], elapsed: .microseconds(600),
///                            resultCount: 25, emptyCount: 0)
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

    init(mode: String, latencies: [Int], elapsed: Duration, resultCount: Int, emptyCount: Int) {
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
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        queriesPerSecond = seconds > 0 ? Double(sorted.count) / seconds : 0
        zeroResultPercent = 100 * Double(emptyCount) / Double(Swift.max(1, sorted.count))
        meanResults = Double(resultCount) / Double(Swift.max(1, sorted.count))
    }

    var json: JSONValue {
        .object([
            ("mode", .string(mode)), ("queries", .int(queries)),
            ("p50_us", .int(p50)), ("p95_us", .int(p95)), ("p99_us", .int(p99)),
            ("mean_us", .double(Self.rounded(mean))), ("max_us", .int(max)),
            ("qps", .double(Self.rounded(queriesPerSecond))),
            ("zero_result_pct", .double(Self.rounded(zeroResultPercent))),
            ("mean_results", .double(Self.rounded(meanResults))),
        ])
    }

    var table: String {
        var table = Table([("MODE", .left), ("QUERIES", .right), ("P50 µs", .right), ("P95 µs", .right), ("P99 µs", .right),
                           ("MEAN µs", .right), ("MAX µs", .right), ("QPS", .right), ("ZERO %", .right), ("RESULTS", .right)])
        table.append([mode, String(queries), String(p50), String(p95), String(p99), Self.format(mean), String(max),
                      Self.format(queriesPerSecond), Self.format(zeroResultPercent), Self.format(meanResults)])
        return table.render()
    }

    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
    private static func format(_ value: Double) -> String { String(rounded(value)) }
}
