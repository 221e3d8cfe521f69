import Foundation
import Searchlight
import Testing

@Suite(.serialized) struct Resume {
    @Test func resumingAKilledRunGivesTheSameIndexAsACleanRun() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let count = 5000
        let file = try cli.writeGenerated("docs.jsonl", count: count)
        let writer = try cli.start(["index", "--batch-size", "100", file])
        // The writer is paused while each count runs, so it gets at most 20 ms between counts, far less
        // than the whole run needs: the kill lands mid-way however the machine schedules the processes.
        var committed = 0
        while writer.isRunning && committed <= 0 {
            Thread.sleep(forTimeInterval: 0.02)
            kill(writer.processIdentifier, SIGSTOP)
            committed = (try? cli.count()) ?? 0
            if committed <= 0 { kill(writer.processIdentifier, SIGCONT) }
        }
        kill(writer.processIdentifier, SIGKILL)
        writer.waitUntilExit()
        let atKill = try cli.count()
        #expect(atKill % 100 == 0 && atKill < count, "the run should be killed mid-way at a batch boundary, not after \(atKill)")
        let stats = try #require(try cli.run(["stats", "--json"]).json as? [String: Any])
        #expect((stats["lastBatch"] as? [String: Any])?["line"] as? Int == atKill)

        let resumed = try cli.run(["index", "--resume", "--json", "--batch-size", "100", file])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let report = try #require(resumed.json as? [String: Any])
        #expect(report["indexed"] as? Int == count - atKill)
        #expect((report["resumedAfter"] as? [String: Any])?["line"] as? Int == atKill)

        let clean = CLI()
        defer { clean.cleanUp() }
        #expect(try clean.run(["index", "--batch-size", "100", file]).status == 0)
        let references = (0..<count).map { "doc:d\($0)" }
        let resumedEntities = try cli.run(["get", "--json"] + references)
        let cleanEntities = try clean.run(["get", "--json"] + references)
        #expect(resumedEntities.status == 0)
        #expect(resumedEntities.stdout == cleanEntities.stdout)
        #expect(try cli.count() == count)
        #expect(try cli.run(["check"]).status == 0)

        let again = try cli.run(["index", "--resume", "--json", file])
        #expect((again.json as? [String: Any])?["indexed"] as? Int == 0, "a finished run has nothing left to resume")
        let plain = try cli.run(["index", file])
        #expect(plain.status == 0)
        #expect(try cli.count() == count, "re-running without --resume stays idempotent")
    }

    /// A first run that fills the disk after some batches were committed keeps them: the folder
    /// is removed only when nothing was committed, and `--resume` continues after the last batch.
    @Test func aFullDiskWhileCreatingTheIndexKeepsTheCommittedBatches() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let disk = cli.folder + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        guard (try? BadInput.shell("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", disk])) == 0 else {
            print("skipped 'full disk while creating the index': cannot mount a tmpfs here (needs root and mount)")
            return
        }
        defer { _ = try? BadInput.shell("umount", [disk]) }
        let file = cli.folder + "/big.jsonl"
        try Data(BadInput.bulkyEntities(3000)).write(to: URL(fileURLWithPath: file))
        let index = disk + "/index"
        let full = try cli.run(["index", "--batch-size", "200", file, "--index", index], withIndex: false)
        #expect(full.status == 6, "\(full.stderr)")
        #expect(full.stderr.contains("No space left on device"))
        #expect(full.stderr.contains("committed before the failure are kept"), "\(full.stderr)")
        let stats = try cli.run(["stats", "--json", "--index", index], withIndex: false)
        #expect(stats.status == 0, "the failed run removed the index: \(stats.stderr)")
        let kept = (stats.json as? [String: Any])?["documents"] as? Int ?? 0
        #expect(kept > 0 && kept % 200 == 0 && kept < 3000, "kept \(kept)")
        #expect(try cli.run(["check", "--index", index], withIndex: false).status == 0)

        #expect(try BadInput.shell("mount", ["-o", "remount,size=200m", disk]) == 0)
        let resumed = try cli.run(["index", "--resume", "--json", "--batch-size", "200", file, "--index", index], withIndex: false)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect((resumed.json as? [String: Any])?["indexed"] as? Int == 3000 - kept)
        let after = try cli.run(["stats", "--json", "--index", index], withIndex: false)
        #expect((after.json as? [String: Any])?["documents"] as? Int == 3000)
    }

    /// A first run that fails before committing anything leaves no folder behind.
    @Test func aFirstRunThatCommitsNothingLeavesNoFolder() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try "{\"id\": 1, \"title\": \"x\"}\n{\"id\": ".write(toFile: cli.folder + "/bad.jsonl", atomically: true, encoding: .utf8)
        let failed = try cli.run(["index", "--type", "doc", cli.folder + "/bad.jsonl"])
        #expect(failed.status == 3)
        #expect(!FileManager.default.fileExists(atPath: cli.index))
    }

    @Test func statsShowTheFormatVersionAndTheLastCommittedBatch() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let file = try cli.writeGenerated("docs.jsonl", count: 250)
        try cli.run(["index", "--batch-size", "100", file])
        let human = try cli.run(["stats"])
        #expect(human.stdout.contains("format version \(IndexFormat.version)"))
        #expect(human.stdout.contains("Last committed batch ended at \(file):250"))
        let json = try #require(try cli.run(["stats", "--json"]).json as? [String: Any])
        #expect(json["formatVersion"] as? Int == IndexFormat.version)
        let batch = try #require(json["lastBatch"] as? [String: Any])
        #expect(batch["line"] as? Int == 250)
        #expect(batch["entities"] as? Int == 250)
    }

    @Test func checkAndCompactFromTheCommandLine() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["index", CLI.corpus])
        #expect(try cli.run(["delete", "--type", "trail"]).status == 0)
        let before = try cli.count()
        let check = try cli.run(["check", "--json"])
        #expect(check.status == 0)
        #expect((check.json as? [String: Any])?["consistent"] as? Bool == true)
        let compact = try cli.run(["compact", "--json"])
        #expect(compact.status == 0, "\(compact.stderr)")
        let report = try #require(compact.json as? [String: Any])
        #expect(report["entities"] as? Int == before)
        let bytesBefore = try #require(report["bytesBefore"] as? Int), bytesAfter = try #require(report["bytesAfter"] as? Int)
        #expect(bytesAfter <= bytesBefore)
        #expect(try cli.count() == before)
        #expect(try cli.run(["check"]).status == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cli.folder).filter { $0.hasPrefix(".index.") }
        #expect(leftovers.isEmpty)

        // Damage a table: check must fail with the storage exit code.
        let postlist = cli.index + "/postlist.glass"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: postlist))
        try handle.seek(toOffset: 8192)
        try handle.write(contentsOf: Data(repeating: 0xAB, count: 8192))
        try handle.close()
        let damaged = try cli.run(["check"])
        #expect(damaged.status == 6)
        #expect(damaged.stderr.contains("is not consistent"))
    }
}
