import Foundation
import ShardServer
import Testing

/// The commands that read, on a sharded index whose second shard is served by a stock
/// `xapian-tcpsrv` on 127.0.0.1: the same answers as one local index, exit 6 naming the shard when
/// its server is down, and `--allow-partial` answers from the other shard with a warning.
@Suite(.enabled(if: ShardServer.isAvailable, "xapian-tcpsrv (Debian's xapian-tools) is not installed"))
struct RemoteShardCommands {
    /// Landmarks in German, French, Russian and Chinese, accented as written.
    static let languages = [
        #"{"type":"landmark","id":"zugspitze","attributes":{"name":"Zugspitze","category":"peak","region":"Bayern","country":"Deutschland","description":"Der höchste Gipfel Deutschlands über dem Eibsee; Gletscher und Seilbahn.","elevation":2962,"rating":4.7,"popularity":9100}}"#,
        #"{"type":"landmark","id":"mont-saint-michel","attributes":{"name":"Mont-Saint-Michel","category":"island","region":"Normandie","country":"France","description":"L'abbaye médiévale se dresse sur un îlot rocheux ; à marée haute, la baie l'entoure.","elevation":92,"rating":4.8,"popularity":9900}}"#,
        #"{"type":"landmark","id":"baikal","attributes":{"name":"Озеро Байкал","category":"lake","region":"Сибирь","country":"Россия","description":"Самое глубокое озеро планеты: прозрачный лёд зимой.","elevation":456,"rating":4.9,"popularity":11000}}"#,
        #"{"type":"landmark","id":"huangshan","attributes":{"name":"黄山","category":"peak","region":"安徽","country":"中国","description":"黄山以奇松、怪石、云海和温泉闻名。","elevation":1864,"rating":4.9,"popularity":12000}}"#,
    ]

    @Test func aShardServedByXapianTcpsrvAnswersEveryCommandAsOneIndexDoes() throws {
        let single = CLI(), sharded = CLI()
        defer { single.cleanUp(); sharded.cleanUp() }
        let extra = single.folder + "/languages.jsonl"
        try Self.languages.joined(separator: "\n").write(toFile: extra, atomically: true, encoding: .utf8)
        let schema = CLI.corpus + "/schema.json"
        #expect(try single.run(["index", "--schema", schema, CLI.corpus, extra]).status == 0)
        #expect(try sharded.run(["index", "--schema", schema, "--shards", "2", CLI.corpus, extra]).status == 0)
        let server = try ShardServer(serving: sharded.index + "/shard-1")
        defer { server.stop() }
        try "glass shard-0\n\(server.stubLine)\n".write(toFile: sharded.index + "/XAPIANDB", atomically: true, encoding: .utf8)

        for command in [["search", "--json", "granite waterfall"], ["search", "--json", "--typing", "gr"], ["search", "--json", "--typing", "half d"],
                        ["search", "--json", "--where", "rating > 4.5", "--facet", "type", "--sort", "name", "falls"],
                        ["search", "--json", "--where", "country == \"France\" || country == \"Россия\"", "--facet", "country", ""],
                        ["search", "--json", "--where", "region == \"sierra*\"c", "--sort", "length:desc", ""],
                        ["search", "--json", "--where", "difficulty != strenuous", "--facet", "activities", "--limit", "30", "trail"],
                        ["search", "--json", "--sort", "elevation", "--offset", "120", "--limit", "30", ""], ["search", "--json", "--limit", "40", ""],
                        ["search", "--json", "a long verbose question about waterfalls and granite cliffs above the valley"],
                        ["search", "--json", "medievale"], ["search", "--json", "médiévale abbaye"], ["search", "--json", "Gletscher"],
                        ["search", "--json", "hochste"], ["search", "--json", "лед"], ["search", "--json", "лёд озеро"], ["search", "--json", "云海"],
                        ["suggest", "--json", "yo"], ["suggest", "--json", "оз"], ["get", "--json", "landmark:half-dome", "landmark:baikal", "trail:mist-trail"]] {
            #expect(try Self.comparable(single.run(command)) == Self.comparable(sharded.run(command)), "\(command)")
        }
        let one = try single.run(["stats", "--json"]).json as? [String: Any], many = try sharded.run(["stats", "--json"]).json as? [String: Any]
        #expect(many?["shards"] as? Int == 2 && many?["documents"] as? Int == 329 && one?["documents"] as? Int == 329)
        #expect((one?["types"] as? [[String: Any]])?.map { "\($0["name"]!)=\($0["count"]!)" } == (many?["types"] as? [[String: Any]])?.map { "\($0["name"]!)=\($0["count"]!)" })
        #expect(try sharded.run(["check"]).status == 0)

        // The shard's server goes down: its line is named, exit 6; or the other shard answers.
        server.stop()
        let down = try sharded.run(["search", "lake"])
        #expect(down.status == 6 && down.stderr.contains(server.stubLine) && down.stderr.contains("--allow-partial"), "\(down.stderr)")
        #expect(try sharded.run(["get", "landmark:half-dome"]).status == 6)
        let partial = try sharded.run(["search", "--allow-partial", "--json", "--limit", "0", "--facet", "type", "lake"])
        let answered = partial.json as? [String: Any]
        #expect(partial.status == 0 && answered?["missingShards"] as? [String] == [server.stubLine])
        #expect(partial.stderr.contains("warning: partial results") && partial.stderr.contains(server.stubLine))
        let all = try single.run(["search", "--json", "--limit", "0", "lake"]).json as? [String: Any]
        #expect((answered?["total"] as? Int ?? 0) > 0 && (answered?["total"] as? Int ?? 0) < (all?["total"] as? Int ?? 0))
        #expect(try sharded.run(["check", "--allow-partial"]).status == 6)
    }

    /// The JSON a command printed, but for an estimated total (`"totalIsExact": false`), which Xapian
    /// estimates shard by shard (a known difference, as between local shards; see README).
    static func comparable(_ output: CLI.Output) throws -> String {
        guard var document = output.json as? [String: Any] else { return output.stdout }
        if document["totalIsExact"] as? Bool == false { document["total"] = nil }
        return String(decoding: try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test func timeoutsAreRangeChecked() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        for arguments in [["--timeout", "-1"], ["--connect-timeout", "3601"], ["--timeout", "1", "--timeout", "2"]] {
            let refused = try cli.run(["search"] + arguments + ["lake"])
            #expect(refused.status == 64 && refused.stderr.contains(arguments[0]), "\(arguments)")
        }
    }
}
