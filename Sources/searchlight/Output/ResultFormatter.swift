import Foundation
import Searchlight

/// The one place search results become JSON or a human table.
struct ResultFormatter {
    /// Attributes to show; nil shows all.
    var fields: [String]?

    func json(_ results: SearchResults) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("query", .string(results.query)),
            ("total", .int(results.total)),
            ("results", .array(results.results.map(json))),
        ]
        if !results.facets.isEmpty {
            members.append(("facets", .object(results.facets.map { facet in
                (facet.key, .object(facet.counts.map { ($0.value, .int($0.count)) }))
            })))
        }
        return .object(members)
    }

    func json(_ result: SearchResult) -> JSONValue {
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
        var attributes = stored["attributes"]?.objectValue ?? []
        if let fields { attributes = fields.compactMap { key in attributes.first { $0.key == key } } }
        members.append(("attributes", .object(attributes)))
        return .object(members)
    }

    func table(_ results: SearchResults) -> String {
        var sections: [String] = []
        if results.results.isEmpty {
            sections.append("No results for '\(results.query)'.")
        } else {
            var columns: [(String, Table.Alignment)] = [("#", .right), ("TYPE", .left), ("ID", .left), ("TITLE", .left), ("SUBTITLE", .left)]
            columns += (fields ?? []).map { ($0.uppercased(), .left) }
            columns.append(("SCORE", .right))
            var table = Table(columns)
            for result in results.results {
                let extra = (fields ?? []).map { result.entity.attributes[$0]?.text ?? "" }
                table.append([String(result.rank), result.entity.type, result.entity.id.stringValue,
                              Terminal.bold(result.displayRepresentation.title), result.displayRepresentation.subtitle ?? ""]
                             + extra + [String(format: "%.2f", result.score)])
            }
            let first = results.results.first!.rank, last = results.results.last!.rank
            sections.append(table.render() + "\n" + Terminal.dim("\(first)-\(last) of about \(results.total) result\(results.total == 1 ? "" : "s")"))
        }
        for facet in results.facets {
            let counts = facet.counts.prefix(12).map { "\($0.value) \($0.count)" }.joined(separator: ", ")
            sections.append("\(facet.key): \(counts)\(facet.counts.count > 12 ? ", ..." : "")")
        }
        return sections.joined(separator: "\n")
    }
}
