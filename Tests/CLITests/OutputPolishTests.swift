import Foundation
import Testing

/// Human output that reads right: plurals, whole text in files, helpful errors, facets alone, the
/// order of an empty query, enum titles.
@Suite(.serialized) struct OutputPolish {
    @Test func countsOfOneAreSingular() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let lines = [#"{"id": 1, "title": "One"}"#, #"{"id": 2, "title": "#]
        try (lines.joined(separator: "\n") + "\n").write(toFile: cli.folder + "/one.jsonl", atomically: true, encoding: .utf8)
        let output = try cli.run(["index", "--type", "doc", "--skip-invalid", "one.jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Indexed 1 entity into"), "\(output.stdout)")
        #expect(output.stdout.contains("Skipped 1 invalid line:"), "\(output.stdout)")
        #expect(try cli.run(["stats"]).stdout.contains(": 1 entity,"))
        #expect(try cli.run(["compact"]).stdout.contains("(1 entity)"))
        #expect(try cli.run(["check"]).stdout.contains("1 document checked; Xapian found 0 errors"))
        try ([#"{"id": 3, "title": "Three"}"#, #"{"id": 3, "title": "Three again"}"#].joined(separator: "\n") + "\n")
            .write(toFile: cli.folder + "/twice.jsonl", atomically: true, encoding: .utf8)
        let twice = try cli.run(["index", "--type", "doc", "twice.jsonl"])
        #expect(twice.stdout.contains("1 line repeated an earlier type and id"), "\(twice.stdout)")
    }

    @Test func getPrintsWholeTextIntoAPipeAndEnumTitles() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["index", CLI.corpus])
        let entity = try #require(try CLI.corpusEntities().first { $0["id"] as? String == "mist-trail" })
        let description = try #require((entity["attributes"] as? [String: Any])?["description"] as? String)
        #expect(description.count > 100)
        let output = try cli.run(["get", "trail:mist-trail"])
        #expect(output.stdout.contains(description), "the description was cut: \(output.stdout)")
        #expect(output.stdout.contains("hiking (Hiking)"), "\(output.stdout)")
        let facets = try cli.run(["search", "--facet", "activities", "--limit", "0", "granite"])
        #expect(facets.stdout.contains("hiking (Hiking) "), "\(facets.stdout)")
        #expect(!facets.stdout.contains("No results"), "\(facets.stdout)")
        let total = try #require((try cli.run(["search", "--json", "--facet", "activities", "granite"]).json as? [String: Any])?["total"] as? Int)
        #expect(facets.stdout.contains("\(total) results (--limit 0 shows none)"), "\(facets.stdout)")
    }

    @Test func anUnknownFieldIsAnErrorNamingTheKnownOnes() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["index", CLI.corpus])
        let output = try cli.run(["search", "--fields", "name,nosuch", "granite"])
        #expect(output.status == 3)
        #expect(output.stderr.contains("--fields: no attribute 'nosuch'; the attributes are name, "), "\(output.stderr)")
        #expect(try cli.run(["search", "--fields", "name,popularity", "granite"]).status == 0)
    }

    /// `search ''` lists by ranking hint, then recency, as suggested entities are.
    @Test func anEmptyQueryListsByRankingHintThenRecency() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["index", CLI.corpus])
        let json = try #require(try cli.run(["search", "--json", "--limit", "60", ""]).json as? [String: Any])
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.count == 60)
        let keys = results.map { result -> (Int, String) in
            let attributes = result["attributes"] as? [String: Any] ?? [:]
            return (attributes["popularity"] as? Int ?? -1, attributes["updated"] as? String ?? "")
        }
        for (a, b) in zip(keys, keys.dropFirst()) {
            #expect(a.0 > b.0 || (a.0 == b.0 && a.1 >= b.1), "\(a) before \(b)")
        }
    }

    @Test func getHelpHasNoStraySpacesAndAllTakesAMaximum() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let help = try cli.run(["get", "--help"], withIndex: false)
        #expect(!help.stdout.contains("  order"), "\(help.stdout)")
        #expect(!help.stdout.contains("the         "), "\(help.stdout)")
        try cli.run(["index", CLI.corpus])
        let capped = try cli.run(["get", "--all", "trail", "--max", "10"])
        #expect(capped.status == 3)
        #expect(capped.stderr.contains("type 'trail' has more than 10 entities; give --max with a higher limit"), "\(capped.stderr)")
        let all = try #require(try cli.run(["get", "--json", "--all", "trail", "--max", "160"]).json as? [[String: Any]])
        #expect(all.count == 160)
        #expect(try cli.run(["get", "--max", "5", "trail:mist-trail"]).status == 64)
        #expect(try cli.run(["get", "--all", "trail", "--max", "0"]).status == 64)
    }
}
