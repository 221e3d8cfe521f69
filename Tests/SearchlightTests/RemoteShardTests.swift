import Foundation
import ShardServer
import Testing
@testable import Searchlight

/// A sharded index with a shard served by a stock `xapian-tcpsrv` on 127.0.0.1 (a `remote
/// 127.0.0.1:PORT` line of `XAPIANDB`) answers every read as one local index of the same entities
/// does; a shard server that is down, too slow or gone mid-session is named, or left out on request.
@Suite(.enabled(if: ShardServer.isAvailable, "xapian-tcpsrv (Debian's xapian-tools) is not installed"))
struct RemoteShards {
    /// French and Russian landmarks, accented as written (the requests type some without accents).
    static func moreLanguages(in folder: TemporaryFolder) -> String {
        folder.write("more-languages.jsonl", [
            #"{"type":"landmark","id":"mont-saint-michel","attributes":{"name":"Mont-Saint-Michel","category":"island","region":"Normandie","country":"France","description":"L'abbaye médiévale se dresse sur un îlot rocheux ; à marée haute, la baie l'entoure et les grèves deviennent dangereuses.","elevation":92,"rating":4.8,"popularity":9900}}"#,
            #"{"type":"landmark","id":"gorges-du-verdon","attributes":{"name":"Gorges du Verdon","category":"canyon","region":"Provence","country":"France","description":"Un canyon de calcaire aux eaux émeraude, où le sentier Blanc-Martel descend entre falaises vertigineuses.","elevation":650,"rating":4.7,"popularity":6100}}"#,
            #"{"type":"landmark","id":"baikal","attributes":{"name":"Озеро Байкал","alternateNames":["Baikal"],"category":"lake","region":"Сибирь","country":"Россия","description":"Самое глубокое озеро планеты: прозрачный лёд зимой и тропа вдоль берега летом.","elevation":456,"rating":4.9,"popularity":11000}}"#,
            #"{"type":"landmark","id":"elbrus","attributes":{"name":"Эльбрус","category":"peak","region":"Кавказ","country":"Россия","description":"Высочайшая вершина Европы, двуглавый вулкан с ледниками и канатной дорогой.","elevation":5642,"rating":4.6,"popularity":5200}}"#,
        ])
    }

    /// Searches beyond `ShardedIndexes.requests`: filters of every kind (answered by Xapian's own
    /// operators, or on the client from the entities), several sort keys, facets, other languages.
    static let requests: [SearchRequest] = ShardedIndexes.requests + [
        SearchRequest("abbaye"), SearchRequest("medievale"), SearchRequest("émeraude falaises"), SearchRequest("озеро"),
        SearchRequest("ледниками вулкан"), SearchRequest("lake", filter: .compare("country", .equal, "Россия")),
        SearchRequest("", filter: .any([.compare("category", .equal, "lake"), .compare("rating", .greaterThanOrEqual, 4.8)]),
                      sort: [SortDescriptor("rating", descending: true), SortDescriptor("name")], limit: 40),
        SearchRequest("", filter: .not(.compare("country", .equal, "United States")), facets: ["country", "category"], limit: 30),
        SearchRequest("trail", filter: .compare("difficulty", .notEqual, "strenuous"), facets: ["difficulty", "activities"]),
        SearchRequest("", filter: .compare("region", .hasPrefix, "sierra", options: [.caseInsensitive]), limit: 20),
        SearchRequest("falls", filter: .compare("name", .contains, "fall", options: [.caseInsensitive, .diacriticInsensitive])),
        SearchRequest("", filter: .compare("elevation", .between, 1000, 3000), sort: [SortDescriptor("elevation")], limit: 50),
        SearchRequest("", sort: [SortDescriptor("elevation")], limit: 20, offset: 150),
        SearchRequest("", sort: [SortDescriptor("popularity", descending: true), SortDescriptor("elevation")], limit: 25, offset: 40),
        SearchRequest("lake", facets: ["type", "category", "activities", "difficulty"], limit: 0),
        .typed("baik", limit: 5), .typed("мон", limit: 5), .typed("gorges du ver", limit: 5),
    ]

    /// An index of `files` in `folder` in one database, and a copy in two shards whose second is
    /// served by `xapian-tcpsrv` (the stub line replaced by `remote 127.0.0.1:PORT`).
    static func indexes(_ folder: TemporaryFolder) throws -> (single: EntityIndex, remote: String, server: ShardServer) {
        let files = ShardedIndexes.corpusFiles(in: folder) + [moreLanguages(in: folder)]
        let single = try ShardedIndexes.build(folder.path + "/single", shards: 1, files: files, expecting: 333)
        _ = try ShardedIndexes.build(folder.path + "/sharded", shards: 2, files: files, expecting: 333)
        let server = try ShardServer(serving: folder.path + "/sharded/shard-1")
        let remote = folder.path + "/remote"
        try FileManager.default.createDirectory(atPath: remote, withIntermediateDirectories: true)
        try "glass \(folder.path)/sharded/shard-0\n\(server.stubLine)\n".write(toFile: remote + "/XAPIANDB", atomically: true, encoding: .utf8)
        return (single, remote, server)
    }

    @Test func aRemoteShardAnswersAsOneLocalIndexOfTheSameEntities() throws {
        let folder = TemporaryFolder()
        let (single, remote, server) = try Self.indexes(folder)
        defer { server.stop() }
        let reader = try EntityIndex(path: remote)
        #expect(reader.shardCount == 2 && reader.missingShards.isEmpty)
        try ShardedIndexes().expectSameAnswers(single, reader, requests: Self.requests)
        #expect(try single.entities(for: [EntityReference(type: "landmark", id: "baikal")]).first?.attributes["name"] == "Озеро Байкал")
        #expect(try reader.entities(for: [EntityReference(type: "landmark", id: "baikal")]) == single.entities(for: [EntityReference(type: "landmark", id: "baikal")]))
        #expect(try IndexCheckReport(checking: remote).isConsistent)
    }

    @Test func aShardServerThatGoesDownIsNamedOrLeftOutAndReconnectedWhenItIsBack() throws {
        let folder = TemporaryFolder()
        let (single, remote, server) = try Self.indexes(folder)
        defer { server.stop() }
        let reader = try EntityIndex(path: remote)
        let partial = try EntityIndex(path: remote, remote: RemoteShardOptions(allowPartial: true))
        let request = SearchRequest("lake", limit: 200)
        let whole = try single.search(request)
        #expect(try reader.search(request).results.map(\.entity.reference) == whole.results.map(\.entity.reference))
        #expect(try partial.search(request).results.map(\.entity.reference) == whole.results.map(\.entity.reference))

        // The server and its connections die between two searches of open readers.
        server.stop()
        #expect {
            try reader.search(request)
        } throws: { error in
            guard case SearchlightError.shardUnavailable(let path, let reason)? = error as? SearchlightError else { return false }
            return path == remote && reason.contains(server.stubLine)
        }
        let answered = try partial.search(request)
        #expect(partial.missingShards.map(\.line) == [server.stubLine])
        let local = Set(try EntityIndex(path: folder.path + "/sharded/shard-0").search(request).results.map(\.entity.reference))
        #expect(!answered.results.isEmpty && Set(answered.results.map(\.entity.reference)) == local)
        // Opening while it is down: named, or left out.
        #expect(throws: SearchlightError.self) { try EntityIndex(path: remote) }
        #expect(try EntityIndex(path: remote, remote: RemoteShardOptions(allowPartial: true)).missingShards.count == 1)

        // Back on the same port: the reader that failed connects afresh at its next read and answers
        // in full again; the one that left the shard out takes it back when reopened.
        try server.start()
        #expect(try reader.search(request).results.map(\.entity.reference) == whole.results.map(\.entity.reference))
        try partial.reopen()
        #expect(partial.missingShards.isEmpty)
        #expect(try partial.search(request).results.map(\.entity.reference) == whole.results.map(\.entity.reference))
    }

    @Test func aShardServerTooSlowToAnswerTimesOutNamingTheShard() throws {
        let folder = TemporaryFolder()
        let (_, remote, server) = try Self.indexes(folder)
        defer { server.stop() }
        let options = RemoteShardOptions(timeout: .milliseconds(300), connectTimeout: .milliseconds(300))
        let reader = try EntityIndex(path: remote, remote: options)
        #expect(try reader.search(SearchRequest("lake")).total > 0)
        server.pause()
        defer { server.resume() }
        let started = ContinuousClock.now
        #expect {
            try reader.search(SearchRequest("granite"))
        } throws: { error in
            guard case SearchlightError.shardUnavailable(_, let reason)? = error as? SearchlightError else { return false }
            return reason.contains(server.stubLine)
        }
        // One timeout, a reconnection's, and nothing like Xapian's default of 10 s.
        #expect(ContinuousClock.now - started < .seconds(5))
        let partial = try EntityIndex(path: remote, remote: RemoteShardOptions(timeout: .milliseconds(300), connectTimeout: .milliseconds(300), allowPartial: true))
        #expect(try partial.search(SearchRequest("lake")).total > 0 && partial.missingShards.count == 1)
    }

    @Test func stubLinesXapianCannotReadAreRefusedNamingTheLine() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/bad"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for line in ["remote 127.0.0.1", "remote 127.0.0.1:99999", "remote :", "tcp 127.0.0.1 7000"] {
            try "\(line)\n".write(toFile: path + "/XAPIANDB", atomically: true, encoding: .utf8)
            #expect {
                try EntityIndex(path: path)
            } throws: { error in
                guard case SearchlightError.notAnIndex(_, let reason)? = error as? SearchlightError else { return false }
                return reason.contains("XAPIANDB:1") && reason.contains(line)
            }
        }
    }
}
