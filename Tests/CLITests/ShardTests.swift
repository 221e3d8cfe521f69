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
    }
}
