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

/// Permissions: an index whose files this user may not write is a storage error naming the file
/// (exit 6), not "being written by another process" (exit 5). Runs the commands as `nobody`.
@Suite(.serialized) struct Permissions {
    static let nobody = ["--reuid=65534", "--regid=65534", "--clear-groups"]

    /// Runs the binary as `nobody` through setpriv; nil when that is not possible here.
    func runAsNobody(_ cli: CLI, _ arguments: [String]) throws -> CLI.Output? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = Self.nobody + [CLI.binary] + arguments + ["--index", cli.index]
        process.currentDirectoryURL = URL(fileURLWithPath: cli.folder)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        guard (try? process.run()) != nil else { return nil }
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLI.Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test(arguments: [["index", "ok.jsonl"], ["delete", "--all"], ["compact"]])
    func readOnlyIndexFilesAreAStorageErrorNamingTheFile(command: [String]) throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            print("skipped 'read-only index files': needs root and setpriv to run as nobody")
            return
        }
        try (BadInputCase.validLine + "\n").write(toFile: cli.folder + "/ok.jsonl", atomically: true, encoding: .utf8)
        #expect(try cli.run(["index", CLI.corpus]).status == 0)
        // The folder and its files belong to nobody; the files are read-only, the lock file too.
        _ = try BadInput.shell("chown", ["-R", "65534:65534", cli.index])
        _ = try BadInput.shell("chmod", ["755", cli.folder])
        _ = try BadInput.shell("chmod", ["644", cli.folder + "/ok.jsonl"])
        let files = try FileManager.default.contentsOfDirectory(atPath: cli.index).map { cli.index + "/" + $0 }
        _ = try BadInput.shell("chmod", ["444"] + files)
        guard let probe = try runAsNobody(cli, ["stats"]), probe.status == 0 else {
            print("skipped 'read-only index files': cannot run the binary as nobody here")
            return
        }
        let output = try #require(try runAsNobody(cli, command))
        #expect(output.status == 6, "\(command): \(output.stderr)")
        #expect(output.stderr.contains("cannot write the index at \(cli.index): \(cli.index)/"), "\(command): \(output.stderr)")
        #expect(output.stderr.contains("Permission denied"), "\(command): \(output.stderr)")
        #expect(!output.stderr.contains("another process"), "\(command): \(output.stderr)")

        // With a writable lock file, Xapian takes the lock and fails on a table: the same error.
        _ = try BadInput.shell("chmod", ["644", cli.index + "/flintlock"])
        let tables = try #require(try runAsNobody(cli, command))
        #expect(tables.status == 6, "\(command): \(tables.stderr)")
        #expect(tables.stderr.contains(".glass: Permission denied"), "\(command): \(tables.stderr)")
    }
}

/// Indexed text may hold terminal escape sequences: human output shows them escaped.
@Suite struct HumanOutput {
    @Test func controlCharactersInIndexedDataArePrintedEscaped() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let line = #"{"id":1,"title":"Evil \u001b[2J title\u0007","body":"clear \u001b[31m red text","note":"x\u009b1m"}"#
        try (line + "\n").write(toFile: cli.folder + "/evil.jsonl", atomically: true, encoding: .utf8)
        #expect(try cli.run(["index", "--type", "doc", "evil.jsonl"]).status == 0)
        for arguments in [["search", "--fields", "note", "evil"], ["get", "doc:1"], ["suggest", "ev"]] {
            let output = try cli.run(arguments)
            #expect(output.status == 0, "\(arguments): \(output.stderr)")
            #expect(!output.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B }, "\(arguments): raw control characters")
            #expect(output.stdout.contains(#"Evil \u{1B}[2J title\u{7}"#), "\(arguments): \(output.stdout)")
        }
        #expect(try cli.run(["search", "--fields", "note", "evil"]).stdout.contains(#"x\u{9B}1m"#))
        let json = try cli.run(["search", "--json", "evil"])
        #expect(((json.json as? [String: Any])?["results"] as? [[String: Any]])?.first?["title"] as? String == "Evil \u{1B}[2J title\u{7}")
    }
}

/// A language that is no language's code or name is indexed as one without a stemmer, with a warning.
@Suite struct UnknownLanguages {
    @Test func aSchemaOrFlagNamingNoLanguageIsWarnedOf() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try #"{"id":1,"title":"Kirschblüten","body":"Hanami im Park"}"#.appending("\n").write(toFile: cli.folder + "/a.jsonl", atomically: true, encoding: .utf8)
        let schema = #"{"types":[{"name":"doc","language":"jp","display":{"title":"title"},"attributes":[{"key":"title","kind":"text"},"#
            + #"{"key":"body","kind":"text","language":"klingon"},{"key":"note","kind":"text","language":"tlh"}]}]}"#
        try schema.write(toFile: cli.folder + "/schema.json", atomically: true, encoding: .utf8)
        let indexed = try cli.run(["index", "--schema", "schema.json", "--type", "doc", "a.jsonl"])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect(indexed.stderr.contains("type 'doc': 'jp' is not a language code or name, so its text is not stemmed (did you mean 'ja'?)"), "\(indexed.stderr)")
        #expect(indexed.stderr.contains("attribute 'doc.body': 'klingon' is not a language code or name"), "\(indexed.stderr)")
        #expect(!indexed.stderr.contains("tlh"), "\(indexed.stderr)")
        let flagged = try cli.run(["index", "--type", "other", "--language", "cz", "a.jsonl"])
        #expect(flagged.status == 0, "\(flagged.stderr)")
        #expect(flagged.stderr.contains("--language 'cz' is not a language code or name") && flagged.stderr.contains("did you mean 'cs'?"), "\(flagged.stderr)")
        #expect(try cli.run(["index", "--type", "third", "--language", "de", "a.jsonl"]).stderr.isEmpty)
    }

    /// `--language` for a type the index holds in another language is a conflict (exit 3), as a
    /// schema giving it is, and leaves the index as it was; the same language by another name is not.
    @Test func aLanguageGivenForATypeStoredInAnotherIsRefused() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try #"{"id":1,"title":"Kirschblüten","body":"Hanami im Park"}"#.appending("\n").write(toFile: cli.folder + "/a.jsonl", atomically: true, encoding: .utf8)
        #expect(try cli.run(["index", "--type", "doc", "--language", "de", "a.jsonl"]).status == 0)
        let refused = try cli.run(["index", "--type", "doc", "--language", "fr", "a.jsonl"])
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("type 'doc': --language 'fr' differs from the stored language 'de'"), "\(refused.stderr)")
        #expect(try cli.run(["index", "--type", "doc", "--language", "german", "a.jsonl"]).status == 0)
        #expect(try cli.count() == 1)
    }

    /// On a new index, `--language` contradicting the language the `--schema` file gives the type is
    /// the schema's conflict with the flag, not with a stored schema (there is none).
    @Test func aLanguageContradictingTheSchemaFileIsRefusedAsSuch() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try #"{"id":1,"title":"Kirschblüten","body":"Hanami im Park"}"#.appending("\n").write(toFile: cli.folder + "/a.jsonl", atomically: true, encoding: .utf8)
        try #"{"types":[{"name":"doc","language":"de","attributes":[{"key":"title","kind":"text"},{"key":"body","kind":"text"}]}]}"#
            .write(toFile: cli.folder + "/schema.json", atomically: true, encoding: .utf8)
        let refused = try cli.run(["index", "--schema", "schema.json", "--type", "doc", "--language", "fr", "a.jsonl"])
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("--language: 'fr' contradicts the schema, which gives type 'doc' the language 'de'"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("stored"), "\(refused.stderr)")
        #expect(try cli.run(["index", "--schema", "schema.json", "--type", "doc", "--language", "german", "a.jsonl"]).status == 0)
        #expect(try cli.count() == 1)
    }
}
