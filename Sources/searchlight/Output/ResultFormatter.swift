import FoundationEssentials
import Searchlight

/// The one place search results become JSON or a human table.
struct ResultFormatter {
    /// Attributes to show; nil shows all.
    var fields: [String]?
    /// For enum case titles beside facet values.
    var schema: Schema? = nil
    /// The page size asked for (0: facets and total only).
    var limit: Int? = nil

    func json(_ results: SearchResults) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("query", .string(results.query)),
            ("total", .int(results.total)),
            ("totalIsExact", .bool(results.totalIsExact)),
            ("results", .array(results.results.map(json))),
            ("correction", results.correction.map(JSONValue.string) ?? .null),
            ("correctionSearched", .bool(results.correctionSearched)),
            ("synonyms", .array(results.synonyms.map(JSONValue.string))),
            ("searchedText", results.searchedText.map(JSONValue.string) ?? .null),
        ]
        if let plan = results.plan { members.append(("plan", .string(plan))) }
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
            ("score", .double(Self.rounded(result.score))),
            ("title", .string(result.displayRepresentation.title)),
            ("subtitle", result.displayRepresentation.subtitle.map(JSONValue.string) ?? .null),
            ("url", result.url.map(JSONValue.string) ?? .null),
        ]
        if let image = result.displayRepresentation.image { members.append(("image", .string(image))) }
        members.append(("snippet", result.snippet.map { .string($0.text) } ?? .null))
        members.append(("highlights", .array((result.snippet?.highlights ?? []).map { .array([.int($0.lowerBound), .int($0.upperBound)]) })))
        var attributes = stored["attributes"]?.objectValue ?? []
        if let fields { attributes = fields.compactMap { key in attributes.first { $0.key == key } } }
        members.append(("attributes", .object(attributes)))
        if let explanation = result.explanation {
            members.append(("explain", .object([
                ("matched", .array(explanation.matches.map { match in
                    .object([("term", .string(match.term)), ("field", .string(match.field)), ("word", .string(match.word)),
                             ("weight", .double(Self.rounded(match.weight))),
                             ("expandedFrom", match.expandedFrom.map(JSONValue.string) ?? .null)])
                })),
                ("hintBoost", .double(Self.rounded(explanation.hintBoost))),
                ("capped", .double(Self.rounded(explanation.capped))),
            ])))
        }
        return .object(members)
    }

    /// Human output: per result its rank, title, subtitle, TYPE:ID and score, then the snippet
    /// (matched words in bold on a terminal) and any --fields.
    func table(_ results: SearchResults) -> String {
        var sections: [String] = []
        // Indexed data (and the query) may hold control characters: shown escaped, see `Terminal.printable`.
        let show = Terminal.printable
        if let searched = results.searchedText {
            sections.append(Terminal.dim("The query is long: its first \(SearchRequest.maximumWords) words were searched, up to \"…\(show(String(searched.suffix(24))))\"."))
        }
        if let correction = results.correction {
            sections.append(results.correctionSearched
                ? "Showing results for: \(Terminal.bold(show(correction))) (--typos off searches '\(show(results.searchedText ?? results.query))' as typed)"
                : "Did you mean: \(Terminal.bold(show(correction)))?")
        }
        if !results.synonyms.isEmpty { sections.append(Terminal.dim("Also searched: " + show(results.synonyms.joined(separator: "; ")))) }
        if results.results.isEmpty {
            if limit == 0 {
                sections.append(Terminal.dim("\(Self.total(results)) (--limit 0 shows none)"))
            } else if results.total > 0 {
                sections.append("No results on this page; \(Self.total(results)) in all.")
            } else {
                sections.append("No results for '\(show(results.query))'.")
            }
        } else {
            let width = String(results.results.last!.rank).count
            for result in results.results {
                let rank = String(repeating: " ", count: width - String(result.rank).count) + "\(result.rank)."
                var line = "\(rank) \(Terminal.bold(show(result.displayRepresentation.title)))"
                if let subtitle = result.displayRepresentation.subtitle, !subtitle.isEmpty { line += " — \(show(subtitle))" }
                line += "  " + Terminal.dim("\(result.entity.type):\(show(result.entity.id.stringValue))  \(result.score.fixed(2))")
                var lines = [line]
                let indent = String(repeating: " ", count: width + 2)
                if let snippet = result.snippet { lines.append(indent + Self.highlighted(snippet)) }
                if let explanation = result.explanation {
                    let matched = explanation.matches.map { match in
                        let expansion = match.expandedFrom.map { ", from \($0)…" } ?? ""
                        return "\(show(match.word)) (\(match.field)\(show(expansion))) \(match.weight.fixed(2))"
                    }.joined(separator: ", ")
                    let capped = explanation.capped > 0 ? "; capped -\(explanation.capped.fixed(2)) (not above the results before)" : ""
                    lines.append(indent + Terminal.dim("matched: \(matched.isEmpty ? "nothing (filter only)" : matched); ranking hint +\(explanation.hintBoost.fixed(2))\(capped)"))
                }
                for key in fields ?? [] { lines.append(indent + Terminal.dim(show(key) + ": ") + show(result.entity.attributes[key]?.text ?? "")) }
                sections.append(lines.joined(separator: "\n"))
            }
            let first = results.results.first!.rank, last = results.results.last!.rank
            if let plan = results.plan { sections.append(Terminal.dim("plan: \(show(plan))")) }
            sections.append(Terminal.dim("\(first)-\(last) of \(Self.total(results))"))
        }
        for facet in results.facets {
            let counts = facet.counts.prefix(12).map { item in
                let value = schema.map { EnumTitles.labelled(item.value, key: facet.key, schema: $0) } ?? item.value
                return "\(show(value)) \(item.count)"
            }.joined(separator: ", ")
            sections.append("\(facet.key): \(counts)\(facet.counts.count > 12 ? ", ..." : "")")
        }
        return sections.joined(separator: "\n")
    }

    /// "12 results" when the total is exact, else "about 12 results".
    static func total(_ results: SearchResults) -> String {
        (results.totalIsExact ? "" : "about ") + Plural.count(results.total, "result")
    }

    /// Scores to four decimals, so JSON stays readable.
    static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }

    /// The snippet's text with its highlighted words in bold.
    static func highlighted(_ snippet: Snippet) -> String {
        let scalars = Array(snippet.text.unicodeScalars)
        var text = ""
        var position = 0
        func piece(_ range: Range<Int>) -> String {
            var piece = ""
            piece.unicodeScalars.append(contentsOf: scalars[range])
            return Terminal.printable(piece)
        }
        for range in snippet.highlights where range.lowerBound >= position && range.upperBound <= scalars.count {
            text += piece(position..<range.lowerBound)
            text += Terminal.bold(piece(range))
            position = range.upperBound
        }
        text += piece(position..<scalars.count)
        return text
    }
}
