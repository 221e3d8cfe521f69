import Foundation
import Testing

/// An expired entity (`expirationDate` in the past) is gone everywhere: get, stats, facets, get --all
/// and search; writes and `purge` delete it.
@Suite(.serialized) struct Expiry {
    static func line(_ id: String, expires: Date?, tags: [String]) -> String {
        let expiry = expires.map { #","expirationDate":"\#(ISO8601DateFormatter().string(from: $0))""# } ?? ""
        let tagList = tags.map { "\"\($0)\"" }.joined(separator: ",")
        return #"{"type":"note","id":"\#(id)"\#(expiry),"attributes":{"title":"Note \#(id) granite","tags":[\#(tagList)]}}"#
    }

    func documents(_ cli: CLI) throws -> Int {
        (try cli.run(["check", "--json"]).json as? [String: Any])?["documents"] as? Int ?? -1
    }

    @Test func anExpiredEntityIsGoneEverywhereAndPurged() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let soon = Date().addingTimeInterval(3)
        let lines = [Self.line("a", expires: soon, tags: ["soon"]), Self.line("b", expires: nil, tags: ["keep"]),
                     Self.line("c", expires: Date().addingTimeInterval(86_400 * 365), tags: ["keep"]),
                     Self.line("d", expires: Date().addingTimeInterval(-60), tags: ["past"]),
                     Self.line("e", expires: soon, tags: ["soon"])]
        try (lines.joined(separator: "\n") + "\n").write(toFile: cli.folder + "/notes.jsonl", atomically: true, encoding: .utf8)
        let indexed = try cli.run(["index", "notes.jsonl"])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect(try documents(cli) == 4, "the entity already expired is deleted by the run that writes it")
        #expect(try cli.run(["get", "note:a"]).status == 0)
        Thread.sleep(until: soon.addingTimeInterval(0.5))

        let get = try cli.run(["get", "note:a"])
        #expect(get.status == 1, "an expired entity is not found, like an unknown id")
        #expect(get.stderr.contains("note:a"))
        let stats = try #require(try cli.run(["stats", "--json"]).json as? [String: Any])
        #expect(stats["documents"] as? Int == 2)
        #expect((stats["types"] as? [[String: Any]])?.first?["count"] as? Int == 2)
        let facets = try #require(try cli.run(["search", "--json", "--facet", "tags", ""]).json as? [String: Any])
        #expect((facets["facets"] as? [String: [String: Int]])?["tags"] == ["keep": 2], "\(facets)")
        #expect(facets["total"] as? Int == 2)
        let all = try #require(try cli.run(["get", "--all", "note", "--json"]).json as? [[String: Any]])
        #expect(Set(all.compactMap { $0["id"] as? String }) == ["b", "c"])
        let search = try #require(try cli.run(["search", "--json", "granite"]).json as? [String: Any])
        #expect(Set(((search["results"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }) == ["b", "c"])

        // A delete purges the expired entities as it writes, and counts only what it deleted itself.
        #expect(try documents(cli) == 4)
        let deleted = try cli.run(["delete", "--json", "note:b"])
        #expect((deleted.json as? [String: Any])?["deleted"] as? Int == 1, "\(deleted.stdout)")
        #expect(try documents(cli) == 1)

        // `purge` deletes what has expired since.
        let later = Date().addingTimeInterval(1.5)
        try (Self.line("f", expires: later, tags: []) + "\n").write(toFile: cli.folder + "/more.jsonl", atomically: true, encoding: .utf8)
        #expect(try cli.run(["index", "more.jsonl"]).status == 0)
        #expect(try documents(cli) == 2)
        Thread.sleep(until: later.addingTimeInterval(0.5))
        let purge = try cli.run(["purge", "--json"])
        #expect(purge.status == 0, "\(purge.stderr)")
        #expect((purge.json as? [String: Any])?["purged"] as? Int == 1)
        #expect(try cli.run(["purge"]).stdout.contains("Purged 0 expired entities."))
        #expect(try documents(cli) == 1)
        #expect(try cli.run(["check"]).status == 0)
    }
}
