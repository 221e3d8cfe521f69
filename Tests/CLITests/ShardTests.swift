import Foundation
import Testing

/// `searchlight index --shards N` and the commands that read, write, check and compact a sharded index.
@Suite struct ShardedIndexCommands {
    @Test func aShardedIndexAnswersEveryCommandAsOneIndexDoes() throws {
        let single = CLI(), sharded = CLI()
        defer { single.cleanUp(); sharded.cleanUp() }
        #expect(try single.run(["index", CLI.corpus]).status == 0)
        #expect(try sharded.run(["index", "--shards", "2", "--jobs", "1", CLI.corpus]).status == 0)
        let stub = try String(contentsOfFile: sharded.index + "/XAPIANDB", encoding: .utf8)
        #expect(stub == "glass shard-0\nglass shard-1\n")
        let stats = try sharded.run(["stats", "--json"]).json as? [String: Any]
        #expect(stats?["shards"] as? Int == 2 && stats?["documents"] as? Int == 325)
        // Per shard: its entities (adding up to the index's), distinct terms and size on disk.
        let details = stats?["shardDetails"] as? [[String: Any]] ?? []
        #expect(details.map { $0["name"] as? String } == ["shard-0", "shard-1"])
        #expect(details.compactMap { $0["documents"] as? Int }.reduce(0, +) == 325)
        #expect(details.allSatisfy { ($0["terms"] as? Int ?? 0) > 1000 && ($0["sizeBytes"] as? Int ?? 0) > 100_000 })
        #expect(((try single.run(["stats", "--json"]).json as? [String: Any])?["shardDetails"] as? [Any])?.isEmpty == true)
        let human = try sharded.run(["stats"]).stdout
        #expect(human.contains("SHARD") && human.contains("shard-1"))
        for command in [["search", "--json", "granite waterfall"], ["search", "--json", "--typing", "gr"],
                        ["search", "--json", "--where", "rating > 4.5", "--facet", "type", "--sort", "name", "falls"],
                        ["suggest", "--json", "yo"], ["get", "--json", "landmark:half-dome", "trail:mist-trail"]] {
            #expect(try single.run(command).stdout.replacingOccurrences(of: single.index, with: "")
                    == sharded.run(command).stdout.replacingOccurrences(of: sharded.index, with: ""), "\(command)")
        }
        #expect(try sharded.run(["delete", "landmark:half-dome"]).status == 0)
        #expect(try sharded.count() == 324)
        #expect(try sharded.run(["compact"]).status == 0)
        #expect(try sharded.run(["check"]).status == 0)
        #expect(try sharded.run(["get", "landmark:half-dome"]).status == 1)
        // The number of shards is fixed when the index is made.
        let refused = try sharded.run(["index", "--shards", "3", CLI.corpus])
        #expect(refused.status == 4 && refused.stderr.contains("2 shards, not 3"))
        // compact --merge makes it one database that answers as the single index does.
        #expect(try single.run(["delete", "landmark:half-dome"]).status == 0)
        let merged = try sharded.run(["compact", "--merge", "--json"])
        #expect(merged.status == 0 && (merged.json as? [String: Any])?["mergedShards"] as? Int == 2, "\(merged.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sharded.index + "/XAPIANDB"))
        #expect((try sharded.run(["stats", "--json"]).json as? [String: Any])?["shards"] as? Int == 1)
        #expect(try sharded.run(["check"]).status == 0)
        for command in [["search", "--json", "granite waterfall"], ["search", "--json", "--where", "rating > 4.5", "--facet", "type", "--sort", "name", "falls"],
                        ["suggest", "--json", "yo"], ["get", "--json", "landmark:half-dome", "trail:mist-trail"]] {
            #expect(try single.run(command).stdout.replacingOccurrences(of: single.index, with: "")
                    == sharded.run(command).stdout.replacingOccurrences(of: sharded.index, with: ""), "\(command)")
        }
        let counts = { (cli: CLI) in ((try? cli.run(["stats", "--json"]).json as? [String: Any])?["types"] as? [[String: Any]])?.map { "\($0["name"]!)=\($0["count"]!)" } }
        #expect(counts(single) == counts(sharded) && counts(single)?.count == 3)
    }
}
