import Foundation
import Testing

/// A schema inferred from flat data grows with it, says so, and can be seen whole.
@Suite(.serialized) struct SchemaGrowth {
    func write(_ cli: CLI, _ name: String, _ lines: [String]) throws {
        try (lines.joined(separator: "\n") + "\n").write(toFile: cli.folder + "/" + name, atomically: true, encoding: .utf8)
    }

    @Test func aLaterRunExtendsAnInferredTypeAndSaysSo() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try write(cli, "a.jsonl", [#"{"id": 1, "title": "Alpha", "pages": 100}"#, #"{"id": 2, "title": "Beta", "pages": 200}"#])
        try write(cli, "b.jsonl", [#"{"id": 3, "title": "Gamma", "pages": 150.5, "isbn": "978 0 00 000000 1"}"#])
        #expect(try cli.run(["index", "--type", "book", "a.jsonl"]).status == 0)
        let later = try cli.run(["index", "--type", "book", "b.jsonl"])
        #expect(later.status == 0, "\(later.stderr)")
        #expect(later.stderr.contains("schema extended: type 'book': attribute 'pages' widened from integer to double"), "\(later.stderr)")
        #expect(later.stderr.contains("schema extended: type 'book': new attribute 'isbn' (text)"), "\(later.stderr)")
        let found = try #require(try cli.run(["search", "--json", "--where", "pages > 150 && pages < 151", ""]).json as? [String: Any])
        #expect(((found["results"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? Int } == [3], "\(found)")
        #expect(try cli.count() == 3)
        #expect(try cli.run(["check"]).status == 0)

        // A schema given to the run is explicit: an unknown key is refused.
        let schema = try cli.run(["schema"])
        #expect(schema.status == 0)
        try schema.stdout.replacingOccurrences(of: "\"inferred\" : true", with: "\"inferred\" : false")
            .replacingOccurrences(of: "\"inferred\": true", with: "\"inferred\": false")
            .write(toFile: cli.folder + "/fixed.json", atomically: true, encoding: .utf8)
        try write(cli, "c.jsonl", [#"{"id": 4, "title": "Delta", "pages": 10, "colour": "red"}"#])
        let fixed = try cli.run(["index", "--type", "book", "--schema", "fixed.json", "c.jsonl"])
        #expect(fixed.status == 3, "\(fixed.stderr)")
        #expect(fixed.stderr.contains("colour"), "\(fixed.stderr)")
    }

    /// `schema` prints the stored schema as a --schema file: fed back, it builds the same schema.
    @Test func theSchemaRoundTripsThroughASchemaFile() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        #expect(try cli.run(["index", CLI.corpus]).status == 0)
        let printed = try cli.run(["schema", "--json"])
        #expect(printed.status == 0, "\(printed.stderr)")
        let json = try #require(printed.json as? [String: Any])
        #expect((json["types"] as? [[String: Any]])?.count == 3)
        #expect(json["slots"] == nil)
        try printed.stdout.write(toFile: cli.folder + "/schema.json", atomically: true, encoding: .utf8)
        let other = CLI()
        defer { other.cleanUp() }
        let files = try FileManager.default.contentsOfDirectory(atPath: CLI.corpus).filter { $0.hasSuffix(".jsonl") }.map { CLI.corpus + "/" + $0 }
        let indexed = try other.run(["index", "--schema", cli.folder + "/schema.json"] + files)
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect(try other.run(["schema"]).stdout == printed.stdout)
        #expect(try cli.run(["schema"]).stdout == printed.stdout, "with or without --json")
    }

    /// `stats` lists every attribute, and its JSON has their whole definitions.
    @Test func statsShowTheWholeAttributeList() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let keys = (0..<30).map { "attribute\($0)" }
        let members = keys.map { "\"\($0)\": \"value \($0)\"" }.joined(separator: ", ")
        try write(cli, "wide.jsonl", [#"{"id": 1, "title": "Wide", "# + members + "}"])
        #expect(try cli.run(["index", "--type", "wide", "wide.jsonl"]).status == 0)
        let human = try cli.run(["stats"])
        #expect(human.stdout.contains("attribute29 (text)"), "\(human.stdout)")
        #expect(!human.stdout.contains("…"))
        let json = try #require(try cli.run(["stats", "--json"]).json as? [String: Any])
        let attributes = try #require((json["types"] as? [[String: Any]])?.first?["attributes"] as? [[String: Any]])
        #expect(attributes.count == 31)
        #expect(attributes.first?["weight"] as? Int == 3)
        #expect(attributes.first?["sortable"] as? Bool == true)
    }

    /// A single-token string with few values (a language) is inferred as a keyword: it can be faceted.
    @Test func aSingleTokenStringWithFewValuesIsAFacetableKeyword() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let languages = ["en", "fr", "en", "de", "fr", "en", "en", "de"]
        try write(cli, "books.jsonl", languages.enumerated().map { #"{"id": \#($0.offset), "title": "Book \#($0.offset)", "language": "\#($0.element)"}"# })
        #expect(try cli.run(["index", "--type", "book", "books.jsonl"]).status == 0)
        let facets = try cli.run(["search", "--json", "--facet", "language", ""])
        #expect(facets.status == 0, "\(facets.stderr)")
        #expect(((facets.json as? [String: Any])?["facets"] as? [String: [String: Int]])?["language"] == ["en": 4, "fr": 2, "de": 2])
    }
}
