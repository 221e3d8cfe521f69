import Foundation
import Searchlight

/// The one place search results become JSON or a human table.
enum ResultFormatter {
    static func json(_ results: SearchResults) -> JSONValue {
        .object([
            ("query", .string(results.query)),
            ("total", .int(results.total)),
            ("results", .array(results.results.map(json))),
        ])
    }

    static func json(_ result: SearchResult) -> JSONValue {
        let stored = result.entity.jsonValue
        var members: [(key: String, value: JSONValue)] = [
            ("rank", .int(result.rank)),
            ("type", .string(result.entity.type)),
            ("id", stored["id"] ?? .null),
            ("score", .double((result.score * 10_000).rounded() / 10_000)),
            ("title", .string(result.displayRepresentation.title)),
            ("subtitle", result.displayRepresentation.subtitle.map(JSONValue.string) ?? .null),
            ("url", result.url.map(JSONValue.string) ?? .null),
        ]
        if let image = result.displayRepresentation.image { members.append(("image", .string(image))) }
        members.append(("attributes", stored["attributes"] ?? .object([])))
        return .object(members)
    }

    static func table(_ results: SearchResults) -> String {
        guard !results.results.isEmpty else { return "No results for '\(results.query)'." }
        var table = Table([("#", .right), ("TYPE", .left), ("ID", .left), ("TITLE", .left), ("SUBTITLE", .left), ("SCORE", .right)])
        for result in results.results {
            table.append([String(result.rank), result.entity.type, result.entity.id.stringValue,
                          Terminal.bold(result.displayRepresentation.title), result.displayRepresentation.subtitle ?? "",
                          String(format: "%.2f", result.score)])
        }
        let first = results.results.first!.rank, last = results.results.last!.rank
        return table.render() + "\n" + Terminal.dim("\(first)-\(last) of about \(results.total) results")
    }
}
