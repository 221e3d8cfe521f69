import Foundation
import Testing

/// Every input form of `searchlight index`: standard input, a .json document (one entity or an array),
/// gzip-compressed JSON Lines and JSON, and folders with compressed files.
@Suite(.serialized) struct InputForms {
    static func lines(_ range: Range<Int>) -> [String] {
        range.map { #"{"type":"doc","id":"d\#($0)","attributes":{"title":"Document \#($0) about granite","rank":\#($0)}}"# }
    }

    static func gzip(_ path: String) throws {
        #expect(try BadInput.shell("gzip", ["-f", path]) == 0)
    }

    /// Runs the binary with `input` as its standard input.
    func run(_ cli: CLI, _ arguments: [String], stdin input: String) throws -> CLI.Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = arguments + ["--index", cli.index]
        process.currentDirectoryURL = URL(fileURLWithPath: cli.folder)
        let feed = Pipe(), out = Pipe(), err = Pipe()
        process.standardInput = feed
        process.standardOutput = out
        process.standardError = err
        try process.run()
        DispatchQueue.global().async {
            feed.fileHandleForWriting.write(Data(input.utf8))
            try? feed.fileHandleForWriting.close()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLI.Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func standardInputIsReadAsJSONLines() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let indexed = try run(cli, ["index", "--json", "-"], stdin: Self.lines(0..<300).joined(separator: "\n") + "\n")
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect((indexed.json as? [String: Any])?["indexed"] as? Int == 300)
        #expect(try cli.count() == 300)
        let bad = try run(cli, ["index", "-"], stdin: Self.lines(0..<2).joined(separator: "\n") + "\n{\"type\":\"doc\"}\n")
        #expect(bad.status == 3)
        #expect(bad.stderr.contains("-:3: "), "\(bad.stderr)")
        let resume = try run(cli, ["index", "--resume", "-"], stdin: "")
        #expect(resume.status == 64)
        #expect(resume.stderr.contains("--resume cannot continue a run that read standard input"), "\(resume.stderr)")
    }

    @Test func aJSONFileHoldsAnArrayOfEntitiesOrOne() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try ("[\n" + Self.lines(0..<40).joined(separator: ",\n") + "\n]").write(toFile: cli.folder + "/many.json", atomically: true, encoding: .utf8)
        try Self.lines(40..<41)[0].write(toFile: cli.folder + "/one.json", atomically: true, encoding: .utf8)
        let indexed = try cli.run(["index", "--json", "many.json", "one.json"])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect((indexed.json as? [String: Any])?["indexed"] as? Int == 41)
        #expect(try cli.run(["get", "doc:d40"]).status == 0)
        // An invalid entity is named by the file and its position in the array.
        try #"[{"type":"doc","id":"x","attributes":{"title":"ok"}}, {"type":"doc","attributes":{}}]"#.write(toFile: cli.folder + "/bad.json", atomically: true, encoding: .utf8)
        let bad = try cli.run(["index", "bad.json"])
        #expect(bad.status == 3)
        #expect(bad.stderr.contains("bad.json:2: "), "\(bad.stderr)")
        try "42".write(toFile: cli.folder + "/scalar.json", atomically: true, encoding: .utf8)
        let scalar = try cli.run(["index", "scalar.json"])
        #expect(scalar.status == 3)
        #expect(scalar.stderr.contains("scalar.json: a .json input holds one entity (an object) or an array of them"), "\(scalar.stderr)")
    }

    @Test func gzipCompressedInputsAreDecompressed() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let folder = cli.folder + "/data"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try (Self.lines(0..<100).joined(separator: "\n") + "\n").write(toFile: folder + "/a.jsonl", atomically: true, encoding: .utf8)
        try Self.gzip(folder + "/a.jsonl")
        try ("[" + Self.lines(100..<150).joined(separator: ",") + "]").write(toFile: cli.folder + "/b.json", atomically: true, encoding: .utf8)
        try Self.gzip(cli.folder + "/b.json")
        let indexed = try cli.run(["index", "--json", "--batch-size", "30", "data", "b.json.gz"])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect((indexed.json as? [String: Any])?["indexed"] as? Int == 150)
        #expect(try cli.count() == 150)
        // The checkpoint names the compressed file, and --resume accepts the same inputs.
        let stats = try #require(try cli.run(["stats", "--json"]).json as? [String: Any])
        #expect((stats["lastBatch"] as? [String: Any])?["file"] as? String == "b.json.gz")
        let again = try cli.run(["index", "--resume", "--json", "--batch-size", "30", "data", "b.json.gz"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect((again.json as? [String: Any])?["indexed"] as? Int == 0)
        // A truncated file is refused by name.
        let whole = try Data(contentsOf: URL(fileURLWithPath: folder + "/a.jsonl.gz"))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: cli.folder + "/cut.jsonl.gz"))
        let cut = try cli.run(["index", "cut.jsonl.gz"])
        #expect(cut.status == 3)
        #expect(cut.stderr.contains("cut.jsonl.gz: not valid gzip data"), "\(cut.stderr)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("searchlight-input-") }
        #expect(leftovers.isEmpty, "temporary copies left behind: \(leftovers)")
    }
}
