import Foundation
import Synchronization
import Testing

extension CLI {
    /// Starts the binary without waiting for it; its output is discarded.
    func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments + ["--index", index]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Writes `count` generated `doc` entities (envelope lines) to `name`; returns the path.
    func writeGenerated(_ name: String, count: Int, from first: Int = 0) throws -> String {
        let path = folder + "/" + name
        let lines = (first..<first + count).map { i in
            #"{"type":"doc","id":"d\#(i)","attributes":{"title":"Document \#(i) about granite","body":"word\#(i % 97) river\#(i % 13) lake","rank":\#(i)}}"#
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Waits until the writer `process` has opened the index (it records its pid beside the database).
    func waitUntilWriting(_ process: Process) throws {
        let deadline = Date().addingTimeInterval(30)
        while (try? String(contentsOfFile: index + "/searchlight-writer.pid", encoding: .utf8)) != String(process.processIdentifier) {
            guard process.isRunning, Date() < deadline else { throw CocoaError(.fileNoSuchFile) }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}

@Suite(.serialized) struct Concurrency {
    @Test func readersSeeOnlyWholeBatchesWhileAWriterIndexesAndASecondWriterWaitsItsTurn() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let batch = 100
        let file = try cli.writeGenerated("docs.jsonl", count: 4000)
        let more = try cli.writeGenerated("more.jsonl", count: 50, from: 4000)
        let writer = try cli.start(["index", "--batch-size", String(batch), file])
        try cli.waitUntilWriting(writer)

        let refused = try cli.run(["index", more])
        #expect(refused.status == 5)
        #expect(refused.stderr.contains("being written by process \(writer.processIdentifier)"), "\(refused.stderr)")
        let patient = try cli.start(["index", "--wait", "120", more])

        struct Observations { var counts: [[Int]] = [[], [], []]; var errors: [String] = [] }
        let observations = Mutex(Observations())
        // Three reader threads (not `concurrentPerform`, which runs no more iterations at once than there
        // are cores). Readers 0 and 1 run freely; reader 2 pauses the writer for each of its reads, so that
        // some reads are sure to fall inside the run however the machine schedules the processes (the writer
        // then gets at most 50 ms between them, and needs several times that).
        let finished = DispatchSemaphore(value: 0)
        for reader in 0..<3 {
            Thread {
                defer { finished.signal() }
                while writer.isRunning {
                    if reader == 2 { kill(writer.processIdentifier, SIGSTOP) }
                    let stats = try? cli.run(reader == 0 ? ["search", "--json", "--limit", "3", "granite"] : ["stats", "--json"])
                    if reader == 2 {
                        kill(writer.processIdentifier, SIGCONT)
                        Thread.sleep(forTimeInterval: 0.05)
                    }
                    observations.withLock { seen in
                        guard let stats else { return seen.errors.append("could not start a reader") }
                        if stats.status == 4 && seen.counts.allSatisfy(\.isEmpty) { return }  // the writer has not created the index yet
                        guard stats.status == 0 else { return seen.errors.append("exit \(stats.status): \(stats.stderr)") }
                        if let documents = (stats.json as? [String: Any])?["documents"] as? Int { seen.counts[reader].append(documents) }
                    }
                }
            }.start()
        }
        for _ in 0..<3 { finished.wait() }
        writer.waitUntilExit()
        patient.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        #expect(patient.terminationStatus == 0, "the waiting writer should succeed once the first one is done")

        let seen = observations.withLock { $0 }
        #expect(seen.errors.isEmpty, "\(seen.errors.prefix(3))")
        #expect(seen.counts[2].count >= 3, "the readers should have overlapped the writer")
        // A read that starts as the first writer ends may already see the waiting writer's one batch of 50.
        let counts = seen.counts.joined()
        #expect(counts.allSatisfy { $0 % batch == 0 || $0 == 4050 }, "a reader saw a partial batch: \(counts.filter { $0 % batch != 0 })")
        #expect(seen.counts.allSatisfy { $0 == $0.sorted() }, "a reader went back in time")
        #expect(try cli.count() == 4050)
    }
}
