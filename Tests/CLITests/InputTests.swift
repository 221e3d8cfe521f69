import Foundation
import Testing

extension CLI {
    /// Runs the binary like `run`, but kills it after `seconds` (then `timedOut` is true), so that a
    /// command that blocks fails the test instead of hanging it.
    func run(_ arguments: [String], killedAfter seconds: Double) throws -> (output: Output, timedOut: Bool) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments + ["--index", index]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["SEARCHLIGHT_INDEX"] = nil
        process.environment = environment
        let out = folder + "/.stdout-\(UUID().uuidString)", err = folder + "/.stderr-\(UUID().uuidString)"
        FileManager.default.createFile(atPath: out, contents: nil)
        FileManager.default.createFile(atPath: err, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let timedOut = process.isRunning
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let output = Output(status: process.terminationStatus, stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                            stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
        try? FileManager.default.removeItem(atPath: out)
        try? FileManager.default.removeItem(atPath: err)
        return (output, timedOut)
    }
}

/// Input files and index paths that are not what a command expects.
@Suite(.serialized) struct SpecialInputs {
    /// A FIFO would block the reader for ever while it holds the writer lock: it is refused before
    /// the index is opened, given directly, found in a folder, or as the schema.
    @Test(arguments: [
        (["index", "pipe.jsonl"], "pipe.jsonl: not a regular file"),
        (["index", "folder"], "folder/pipe.jsonl: not a regular file"),
        (["index", "--schema", "pipe.json", "ok.jsonl"], "pipe.json: not a regular file"),
        (["index", "--type", "doc", "/dev/null"], "/dev/null: not a regular file"),
    ])
    func aSpecialFileIsRefusedBeforeTheLockIsTaken(arguments: [String], message: String) throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try FileManager.default.createDirectory(atPath: cli.folder + "/folder", withIntermediateDirectories: true)
        let line = #"{"type":"doc","id":"a","attributes":{"title":"A"}}"# + "\n"
        try line.write(toFile: cli.folder + "/folder/a.jsonl", atomically: true, encoding: .utf8)
        try line.write(toFile: cli.folder + "/ok.jsonl", atomically: true, encoding: .utf8)
        for fifo in ["pipe.jsonl", "folder/pipe.jsonl", "pipe.json"] { #expect(mkfifo(cli.folder + "/" + fifo, 0o644) == 0) }
        let (output, timedOut) = try cli.run(arguments, killedAfter: 20)
        #expect(!timedOut, "\(arguments): blocked on the FIFO")
        #expect(output.status == 3, "\(arguments): \(output.stderr)")
        #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.index), "the index was created before the inputs were checked")
    }
}
