import Foundation
import Testing

/// Totals and scores as `searchlight search` and `suggest` print them, paged to the end in real
/// processes and checked against a brute-force count over `get --all`.
@Suite(.serialized) struct TotalsFromTheCommandLine {
    let cli = CLI()

    init() throws {
        try cli.run(["index", CLI.corpus])
    }

    /// Every entity, as `get --all` prints each type.
    func everyEntity() throws -> [[String: Any]] {
        try ["trail", "landmark", "collection"].flatMap { type in
            try #require(try cli.run(["get", "--all", type, "--json"]).json as? [[String: Any]])
        }
    }

    /// The JSON of each page of `arguments` from offset 0, `limit` at a time, until one comes back short.
    func pages(_ arguments: [String], limit: Int) throws -> [(offset: Int, json: [String: Any])] {
        var pages: [(offset: Int, json: [String: Any])] = []
        var offset = 0
        while true {
            let output = try cli.run(["search", "--json", "--limit", String(limit), "--offset", String(offset)] + arguments)
            #expect(output.status == 0, "\(output.stderr)")
            let json = try #require(output.json as? [String: Any])
            pages.append((offset, json))
            if (json["results"] as? [Any])?.count ?? 0 < limit { return pages }
            offset += limit
        }
    }

    @Test func aFilterCountsExactlyOnEveryPageAsGetAllDoes() throws {
        defer { cli.cleanUp() }
        let entities = try everyEntity()
        #expect(entities.count == 325)
        let attributes = { (entity: [String: Any]) in entity["attributes"] as? [String: Any] ?? [:] }
        let cases: [(filter: String, accept: ([String: Any]) -> Bool)] = [
            ("updated >= $time.iso(2024-01-01)", { (attributes($0)["updated"] as? String ?? "") >= "2024-01-01" }),
            ("rating > 4.5", { (attributes($0)["rating"] as? Double ?? 0) > 4.5 }),
            ("dogFriendly == true", { attributes($0)["dogFriendly"] as? Bool == true }),
        ]
        for (filter, accept) in cases {
            let expected = Set(entities.filter(accept).map { "\($0["type"]!):\($0["id"]!)" })
            for limit in [2, 25] {
                let paged = try pages(["--where", filter, ""], limit: limit)
                var seen: [String] = []
                for (offset, json) in paged {
                    #expect(json["total"] as? Int == expected.count, "\(filter) at \(offset) by \(limit)")
                    #expect(json["totalIsExact"] as? Bool == true, "\(filter) at \(offset) by \(limit)")
                    seen += (json["results"] as! [[String: Any]]).map { "\($0["type"]!):\($0["id"]!)" }
                }
                #expect(seen.count == expected.count && Set(seen) == expected, "\(filter) by \(limit)")
            }
        }
        let human = try cli.run(["search", "--where", "rating > 4.5", "--limit", "2", ""]).stdout
        #expect(human.contains("1-2 of \(entities.filter(cases[1].accept).count) results"), "\(human)")
    }

    @Test func aWordSearchSaysAboutUntilItsLastPageOrWhenAskedToCount() throws {
        defer { cli.cleanUp() }
        let paged = try pages(["granite"], limit: 10)
        let total = paged.reduce(0) { $0 + (($1.json["results"] as? [Any])?.count ?? 0) }
        for (offset, json) in paged {
            let shown = offset + ((json["results"] as? [Any])?.count ?? 0)
            #expect((json["total"] as? Int ?? 0) >= shown + (shown < total ? 1 : 0), "at \(offset)")
            if json["totalIsExact"] as? Bool == true { #expect(json["total"] as? Int == total, "at \(offset)") }
        }
        #expect(paged.last?.json["totalIsExact"] as? Bool == true)
        let first = try cli.run(["search", "--limit", "10", "granite"]).stdout
        #expect(first.contains("1-10 of about ") || first.contains("1-10 of \(total) results"), "\(first)")
        let exact = try cli.run(["search", "--limit", "10", "--exact-total", "granite"]).stdout
        #expect(exact.contains("1-10 of \(total) results"), "\(exact)")
        let last = try cli.run(["search", "--limit", "10", "--offset", String(total / 10 * 10), "granite"]).stdout
        #expect(last.contains("of \(total) results"), "\(last)")
    }

    @Test func suggestSaysHowManyMatchWhatWasTyped() throws {
        defer { cli.cleanUp() }
        let json = try #require(try cli.run(["suggest", "--json", "--limit", "3", "gra"]).json as? [String: Any])
        let total = try #require(json["total"] as? Int)
        #expect(json["totalIsExact"] as? Bool == true)
        let all = try #require(try cli.run(["search", "--json", "--typing", "--limit", "100", "gra"]).json as? [String: Any])
        #expect((all["results"] as? [Any])?.count == total)
        #expect(try cli.run(["suggest", "--limit", "3", "gra"]).stdout.contains("1-3 of \(total) results"))
        let everything = try #require(try cli.run(["suggest", "--json"]).json as? [String: Any])
        #expect(everything["total"] as? Int == 325 && everything["totalIsExact"] as? Bool == true)
    }

    @Test func scoresFallAcrossPagesAndExplanationsAddUp() throws {
        defer { cli.cleanUp() }
        var previous = Double.infinity
        for (_, json) in try pages(["--explain", "granite waterfall"], limit: 7) {
            for result in json["results"] as! [[String: Any]] {
                let score = result["score"] as! Double
                #expect(score <= previous, "rank \(result["rank"]!)")
                previous = score
                let explain = result["explain"] as! [String: Any]
                let matched = (explain["matched"] as! [[String: Any]]).reduce(0) { $0 + ($1["weight"] as! Double) }
                let parts = matched + (explain["hintBoost"] as! Double) - (explain["capped"] as! Double)
                // JSON rounds every number to four decimals.
                #expect(abs(parts - score) < 0.001, "rank \(result["rank"]!): \(explain)")
            }
        }
    }
}
