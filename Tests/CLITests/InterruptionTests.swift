import Foundation
import Testing

extension CLI {
    /// A running `searchlight` whose stdout and stderr are collected until it exits.
    final class Running: @unchecked Sendable {
        let process = Process()
        private let out = Pipe(), err = Pipe()
        private var stdout = Data(), stderr = Data()
        private let group = DispatchGroup()

        init(_ cli: CLI, _ arguments: [String]) throws {
            process.executableURL = URL(fileURLWithPath: CLI.binary)
            process.arguments = arguments + ["--index", cli.index]
            process.currentDirectoryURL = URL(fileURLWithPath: cli.folder)
            process.standardOutput = out
            process.standardError = err
            try process.run()
            for (pipe, isError) in [(out, false), (err, true)] {
                group.enter()
                DispatchQueue.global().async { [self] in
                    let data = pipe.fileHandleForReading.readDataToEndOfFile()
                    if isError { stderr = data } else { stdout = data }
                    group.leave()
                }
            }
        }

        var pid: Int32 { process.processIdentifier }

        func wait() -> CLI.Output {
            group.wait()
            process.waitUntilExit()
            return CLI.Output(status: process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus,
                              stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
        }
    }

    /// Pauses `writer` once it has committed a batch (so a signal sent now lands mid-run); returns the
    /// committed count. The writer is stopped while each count runs, so it cannot finish in between.
    func pauseAfterFirstCommit(_ writer: Running, moreThan least: Int = 0) -> Int {
        var committed = 0
        while writer.process.isRunning && committed <= least {
            Thread.sleep(forTimeInterval: 0.02)
            kill(writer.pid, SIGSTOP)
            committed = (try? count()) ?? 0
            if committed <= least { kill(writer.pid, SIGCONT) }
        }
        return committed
    }
}

extension CLI {
    /// A `searchlight index` of `count` generated entities in batches of 100, paused (SIGSTOP) once
    /// its first batch is committed; the file it reads, the running process and what it had committed.
    func indexingPausedAfterFirstCommit(count: Int) throws -> (file: String, writer: CLI.Running, committed: Int) {
        let file = try writeGenerated("docs.jsonl", count: count)
        let writer = try CLI.Running(self, ["index", "--batch-size", "100", file])
        let committed = pauseAfterFirstCommit(writer)
        #expect(committed > 0 && committed < count)
        return (file, writer, committed)
    }
}

@Suite(.serialized) struct Interrupting {
    /// SIGTERM or SIGINT mid-run: the batches committed stay, the one being built is discarded, the run
    /// says what it committed and how to resume, exits 128 + the signal, and releases the lock;
    /// `check` passes and `--resume` completes the run.
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalStopsTheRunBetweenBatches(_ signal: Int32) throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let count = 20_000
        let (file, writer, committed) = try cli.indexingPausedAfterFirstCommit(count: count)
        kill(writer.pid, signal)
        kill(writer.pid, SIGCONT)
        let stopped = writer.wait()
        #expect(stopped.status == 128 + signal, "\(stopped.stderr)")
        let atStop = try cli.count()
        #expect(atStop % 100 == 0 && atStop >= committed && atStop < count, "\(atStop)")
        #expect(stopped.stderr.contains("interrupted by \(signal == SIGTERM ? "SIGTERM" : "SIGINT"): \(atStop) entities committed, up to \(file):\(atStop)"),
                "\(stopped.stderr)")
        #expect(stopped.stderr.contains("--resume"), "\(stopped.stderr)")
        #expect(stopped.stdout.contains("Indexed \(atStop) entities"), "\(stopped.stdout)")
        #expect(try cli.run(["check"]).status == 0)
        let resumed = try cli.run(["index", "--resume", "--json", "--batch-size", "100", file])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect((resumed.json as? [String: Any])?["indexed"] as? Int == count - atStop)
        #expect(try cli.count() == count)
        #expect(try cli.run(["check"]).status == 0)
    }
}

@Suite(.serialized) struct ChangingInput {
    /// A file that changes while it is indexed (here a line is appended after the first commit) stops
    /// the run before another batch of it is committed: exit 3 naming the file and the change, and a
    /// word on what was committed, up to which line, and how to go on.
    @Test func anInputThatChangesDuringTheRunStopsItAndSaysWhatWasCommitted() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let count = 20_000
        let (file, writer, committed) = try cli.indexingPausedAfterFirstCommit(count: count)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"type":"doc","id":"late","attributes":{"title":"Late"}}"#.utf8 + [0x0A]))
        try handle.close()
        kill(writer.pid, SIGCONT)
        let output = writer.wait()
        #expect(output.status == 3, "\(output.stderr)")
        #expect(output.stderr.contains("\(file): the file changed during the run"), "\(output.stderr)")
        let kept = try cli.count()
        #expect(kept % 100 == 0 && kept >= committed && kept < count, "\(kept)")
        #expect(output.stderr.contains("the \(kept) entities committed before the failure are kept in \(cli.index) (up to \(file):\(kept))"), "\(output.stderr)")
        #expect(output.stderr.contains("without --resume"), "\(output.stderr)")
        #expect(try cli.run(["check"]).status == 0)
        #expect(try cli.run(["get", "doc:late"]).status == 1, "a line appended during the run was indexed unchecked")
        let again = try cli.run(["index", "--batch-size", "1000", file])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try cli.count() == count + 1)
    }
}
