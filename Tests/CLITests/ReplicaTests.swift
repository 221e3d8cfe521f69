import Foundation
import Glibc
import Testing
import Searchlight

/// Replicas kept by Xapian's own `xapian-replicate-server` and `xapian-replicate` (Debian's
/// xapian-tools) on loopback: a replicable index (`index --replicable`) and its replica, read with the
/// `searchlight` tool and the library. Every child process is killed when a test ends, passed or not.
@Suite(.serialized) struct Replicas {
    /// A child process that is killed (and reaped) when the test lets go of it.
    final class Child {
        let process = Process()
        init(_ executable: String, _ arguments: [String]) throws {
            process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/" + executable)
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }
        /// Waits for the process to exit by itself, killing it after `seconds`; its exit status, nil when killed.
        func finish(within seconds: Double) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            if process.isRunning { stop(); return nil }
            return process.terminationStatus
        }
        func stop() {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        deinit { stop() }
    }

    /// A TCP port on 127.0.0.1 that nothing listens on now.
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts connections on 127.0.0.1:`port`.
    static func accepts(_ port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    struct ServerNotReady: Error { let port: Int }

    /// `xapian-replicate-server` serving the databases under `folder` on a free loopback port, ready.
    static func server(serving folder: String) throws -> (Child, Int) {
        let port = try freePort()
        let server = try Child("xapian-replicate-server", ["-I", "127.0.0.1", "-p", String(port), folder])
        let deadline = Date().addingTimeInterval(10)
        while !accepts(port) {
            guard server.process.isRunning, Date() < deadline else { throw ServerNotReady(port: port) }
            usleep(20_000)
        }
        return (server, port)
    }

    /// One `xapian-replicate --one-shot` of each database of the master index `name` into `replica`:
    /// the index itself, or each of its shards (the replica's stub lists them, `auto shard-<i>`).
    static func replicate(_ name: String, shards: Int, into replica: String, port: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let databases = shards == 1 ? [(name, replica)] : (0..<shards).map { ("\(name)/shard-\($0)", "\(replica)/shard-\($0)") }
        if shards > 1, !FileManager.default.fileExists(atPath: replica) {
            try FileManager.default.createDirectory(atPath: replica, withIntermediateDirectories: true)
            try (0..<shards).map { "auto shard-\($0)\n" }.joined().write(toFile: replica + "/XAPIANDB", atomically: true, encoding: .utf8)
        }
        for (master, copy) in databases {
            let client = try Child("xapian-replicate", ["-h", "127.0.0.1", "-p", String(port), "-m", master, "-o", "-r", "0", copy])
            #expect(client.finish(within: 30) == 0, "xapian-replicate of \(master)", sourceLocation: sourceLocation)
        }
    }

    /// `count` trails of the corpus again under new ids (`<id>-<n>` for the n-th), as JSON Lines.
    static func moreTrails(_ cli: CLI, count: Int) throws -> String {
        let trails = try CLI.corpusEntities().filter { $0["type"] as? String == "trail" }
        let lines = try (0..<count).map { number -> String in
            var entity = trails[number % trails.count]
            entity["id"] = "\(entity["id"]!)-\(number)"
            return String(decoding: try JSONSerialization.data(withJSONObject: entity, options: [.sortedKeys]), as: UTF8.self)
        }
        let path = cli.folder + "/more.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let queries = [["search", "--json", "granite waterfall"], ["search", "--json", "--where", "rating > 4.5", "--facet", "type", "mist"],
                          ["suggest", "--json", "mi"], ["get", "--json", "trail:mist-trail", "\(probe)"]]

    /// One of the trails `moreTrails` adds (its third).
    static let probe: EntityReference = {
        let trails = try! CLI.corpusEntities().filter { $0["type"] as? String == "trail" }
        return EntityReference(type: "trail", id: .string("\(trails[3]["id"]!)-3"))
    }()

    /// What the commands print for `index`, with its path taken out.
    static func answers(_ cli: CLI, index: String) throws -> [String] {
        try queries.map { try cli.run($0 + ["--index", index], withIndex: false).stdout.replacingOccurrences(of: index, with: "") }
    }

    @Test(arguments: [1, 2])
    func aReplicaAnswersWhileTheMasterIndexesThenCatchesUpAndItsReadersReopenAcrossAWholeCopy(shards: Int) throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let masters = cli.folder + "/masters", master = masters + "/packages", replica = cli.folder + "/replica"
        let made = try cli.run(["index", "--index", master, "--replicable", "--shards", String(shards), "--batch-size", "50", CLI.corpus], withIndex: false)
        #expect(made.status == 0, "\(made.stderr)")
        #expect((try cli.run(["stats", "--json", "--index", master], withIndex: false).json as? [String: Any])?["changesets"] as? Int == 10)
        let (server, port) = try Self.server(serving: masters)
        defer { server.stop() }
        try Self.replicate("packages", shards: shards, into: replica, port: port)
        #expect(try Self.answers(cli, index: replica) == Self.answers(cli, index: master))

        // The master indexes 800 more trails in batches of 40 while the replica is brought up to date
        // and searched, again and again, by new processes and by one reader that stays open (which
        // changesets applied in place make reopen): every search of the replica succeeds.
        let longLived = try EntityIndex(path: replica)
        let more = try Self.moreTrails(cli, count: 800)
        let writer = try Child(URL(fileURLWithPath: CLI.binary).standardizedFileURL.path, ["index", "--index", master, "--batch-size", "40", "--no-compact", "--schema", CLI.corpus + "/schema.json", more])
        var rounds = 0
        repeat {
            try Self.replicate("packages", shards: shards, into: replica, port: port)
            let search = try cli.run(["search", "--json", "--index", replica, "granite"], withIndex: false)
            #expect(search.status == 0 && (search.json as? [String: Any])?["total"] as? Int ?? 0 > 0, "\(search.stderr)")
            #expect(try !longLived.search(SearchRequest("granite")).results.isEmpty)
            if rounds % 3 == 0 { try longLived.reopen() }
            rounds += 1
        } while writer.process.isRunning && rounds < 200
        #expect(writer.finish(within: 60) == 0)
        try Self.replicate("packages", shards: shards, into: replica, port: port)
        #expect(try cli.run(["stats", "--json", "--index", replica], withIndex: false).json.map { ($0 as? [String: Any])?["documents"] as? Int } == 1125)
        #expect(try Self.answers(cli, index: replica) == Self.answers(cli, index: master))
        #expect(try cli.run(["check", "--index", replica], withIndex: false).status == 0)
        try longLived.reopen()
        #expect(try longLived.totalCount == 1125)
        let details = (try cli.run(["stats", "--json", "--index", replica], withIndex: false).json as? [String: Any])?["shardDetails"] as? [[String: Any]]
        #expect(details?.compactMap { $0["documents"] as? Int }.reduce(0, +) == (shards == 1 ? 0 : 1125))
        // A replica is written by xapian-replicate alone.
        let refused = try cli.run(["delete", "--index", replica, "trail:mist-trail"], withIndex: false)
        #expect(refused.status == 6 && refused.stderr.contains("it is a replica"), "\(refused.stderr)")

        // A compaction gives the master a new database (a new Xapian uuid), which replicas copy whole:
        // xapian-replicate switches the replica's stub to the new copy and deletes the old one. A
        // reader opened before reopens onto the copy.
        let reader = try EntityIndex(path: replica)
        #expect(try reader.entities(for: [Self.probe]).count == 1)
        #expect(try cli.run(["delete", "--index", master, "\(Self.probe)"], withIndex: false).status == 0)
        #expect(try cli.run(["compact", "--index", master], withIndex: false).status == 0)
        try Self.replicate("packages", shards: shards, into: replica, port: port)
        try reader.reopen()
        #expect(try reader.entities(for: [Self.probe]).isEmpty)
        #expect(try reader.totalCount == 1124)
        #expect(try Self.answers(cli, index: replica) == Self.answers(cli, index: master))
    }

    @Test func aReplicableIndexKeepsWritingChangesetsInLaterRunsAndRefusesABadCount() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        #expect(try cli.run(["index", "--changesets", "3", "--no-compact", "--batch-size", "100", CLI.corpus]).status == 0)
        // Xapian names a changeset by the revision it starts from.
        let changes = { try FileManager.default.contentsOfDirectory(atPath: cli.index).compactMap { $0.hasPrefix("changes") ? Int($0.dropFirst(7)) : nil }.sorted() }
        let first = try changes()
        #expect(first.count == 3)
        // Later writers (a delete, a run without --replicable) keep writing them, and the last 3.
        #expect(try cli.run(["delete", "trail:mist-trail"]).status == 0)
        let second = try changes()
        #expect(second.count == 3 && second.last! > first.last!)
        #expect(try cli.run(["index", "--no-compact", CLI.corpus]).status == 0)
        #expect(try changes().count == 3 && changes().last! > second.last!)
        #expect((try cli.run(["stats", "--json"]).json as? [String: Any])?["changesets"] as? Int == 3)
        #expect(try cli.run(["stats"]).stdout.contains("Replicable: writers keep the last 3 changesets"))
        let refused = try cli.run(["index", "--changesets", "0", CLI.corpus])
        #expect(refused.status == 64 && refused.stderr.contains("--changesets 0 is out of range"))
    }
}
