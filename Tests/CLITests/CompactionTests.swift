import Foundation
import Testing

/// A compaction that fails changes nothing; one killed part-way leaves nothing a later writer does not
/// clean up; a resumed bulk load compacts as the run it continues would have.
@Suite(.serialized) struct Compaction {
    /// Every entry of `folder` with its mode, size and contents' hash (and the folder's own mode).
    static func snapshot(_ folder: String) throws -> [String] {
        var info = stat()
        stat(folder, &info)
        var lines = ["folder mode \(String(info.st_mode & 0o7777, radix: 8))"]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
            let path = folder + "/" + name
            stat(path, &info)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            lines.append("\(name) \(String(info.st_mode & 0o7777, radix: 8)) \(info.st_size) \(data.hashValue)")
        }
        return lines
    }

    static func leftovers(_ cli: CLI) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cli.folder).filter { $0.hasPrefix(".index.") }
    }

    @Test func aCompactionThatCannotSwapLeavesTheIndexAndItsFolderAsTheyWere() throws {
        let cli = CLI()
        defer { _ = try? BadInput.shell("chmod", ["-R", "u+w", cli.folder]); cli.cleanUp() }
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            print("skipped 'read-only index folder': needs root and setpriv to run as nobody")
            return
        }
        #expect(try cli.run(["index", CLI.corpus]).status == 0)
        _ = try BadInput.shell("chown", ["-R", "65534:65534", cli.folder])
        let asNobody = Permissions()
        guard let probe = try asNobody.runAsNobody(cli, ["stats"]), probe.status == 0 else {
            print("skipped 'read-only index folder': cannot run the binary as nobody here")
            return
        }
        // The index folder read-only, then (writable again) the folder holding it.
        for (readOnly, named) in [(cli.index, "the index folder"), (cli.folder, "the folder holding it, \(cli.folder),")] {
            _ = try BadInput.shell("chmod", ["555", readOnly])
            let before = try Self.snapshot(cli.index)
            let output = try #require(try asNobody.runAsNobody(cli, ["compact"]))
            #expect(output.status == 6, "\(output.stderr)")
            #expect(output.stderr.contains("cannot compact the index at \(cli.index): \(named) is not writable (Permission denied); the index was left as it was"),
                    "\(output.stderr)")
            #expect(!output.stderr.contains("CocoaError"), "\(output.stderr)")
            // Every writer that opens the index rewrites flintlock and its pid record; the rest is as it was.
            func kept(_ lines: [String]) -> [String] { lines.filter { !$0.hasPrefix("flintlock") && !$0.hasPrefix("searchlight-writer.pid") } }
            #expect(kept(try Self.snapshot(cli.index)) == kept(before))
            #expect(try Self.leftovers(cli).isEmpty)
            #expect(try cli.run(["check"]).status == 0)
            _ = try BadInput.shell("chmod", ["755", readOnly])
        }
        // A compaction that succeeds keeps the folder's mode and owner.
        _ = try BadInput.shell("chmod", ["750", cli.index])
        let compacted = try #require(try asNobody.runAsNobody(cli, ["compact"]))
        #expect(compacted.status == 0, "\(compacted.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: cli.index)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o750)
        #expect((attributes[.ownerAccountID] as? NSNumber)?.intValue == 65534)
        #expect(try Self.leftovers(cli).isEmpty)
    }

    /// What a compaction killed part-way leaves (the copy being written, or the old index after the
    /// swap) is deleted by the next writer: `index` or `compact`.
    @Test(arguments: [["index", "--resume", "Corpus"], ["compact"]])
    func leftoversOfAKilledCompactionAreCleanedUp(_ command: [String]) throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let corpus = cli.folder + "/Corpus"
        try FileManager.default.copyItem(atPath: CLI.corpus, toPath: corpus)
        #expect(try cli.run(["index", "Corpus"]).status == 0)
        for leftover in [".index.compacting", ".index.old"] {
            try FileManager.default.createDirectory(atPath: cli.folder + "/" + leftover, withIntermediateDirectories: true)
            try Data(repeating: 7, count: 4096).write(to: URL(fileURLWithPath: cli.folder + "/" + leftover + "/postlist.glass"))
        }
        let output = try cli.run(command)
        #expect(output.status == 0, "\(command): \(output.stderr)")
        #expect(try Self.leftovers(cli).isEmpty, "\(command)")
        #expect(try cli.run(["check"]).status == 0)
    }

    /// A bulk load killed after most of its batches: the run it was would have compacted the index it
    /// created, and so does `--resume`, though it indexes fewer entities than the index holds; a second
    /// `--resume`, with nothing left, does not compact again.
    @Test func resumingABulkLoadCompactsAsTheRunWouldHave() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let count = 6000
        let file = try cli.writeGenerated("docs.jsonl", count: count)
        let writer = try CLI.Running(cli, ["index", "--batch-size", "100", file])
        let committed = cli.pauseAfterFirstCommit(writer, moreThan: count / 2)
        kill(writer.pid, SIGKILL)
        _ = writer.wait()
        #expect(committed > count / 2 && committed < count, "\(committed)")
        let resumed = try cli.run(["index", "--resume", "--json", "--batch-size", "100", file])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let report = try #require(resumed.json as? [String: Any])
        #expect(report["compaction"] is [String: Any], "\(report)")
        let again = try #require(try cli.run(["index", "--resume", "--json", file]).json as? [String: Any])
        #expect(again["indexed"] as? Int == 0)
        #expect(again["compaction"] is NSNull, "\(again)")
        #expect(try cli.count() == count)
        #expect(try cli.run(["check"]).status == 0)
    }
}
