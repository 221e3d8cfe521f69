import Foundation
import Testing

/// A file written into the test folder.
struct InputFile: Sendable {
    var name: String
    var bytes: [UInt8]

    init(_ name: String, _ bytes: [UInt8]) { (self.name, self.bytes) = (name, bytes) }

    static func file(_ name: String, _ lines: String...) -> InputFile {
        InputFile(name, Array(lines.joined(separator: "\n").utf8) + [0x0A])
    }
}

/// One bad input given to the command line, and what must come of it.
struct BadInputCase: Sendable, CustomTestStringConvertible {
    /// The index the command runs against.
    enum Setup: Sendable {
        /// `Corpus/` indexed into the test's index folder.
        case corpus
        /// A folder with a file in it, which is not an index.
        case notAnIndex
        /// The corpus index behind a read-only bind mount.
        case readOnlyMount
        /// A small index on a 2 MB tmpfs, nearly full.
        case smallDisk
        /// An index path inside a plain file, where no folder can be made.
        case underAFile
    }

    var name: String
    var setup = Setup.corpus
    /// Files written into the test folder before the command runs.
    var files: [InputFile] = []
    var arguments: [String]
    var status: Int32
    /// Every one of these must appear in the output (stderr, then stdout).
    var messages: [String]
    /// Whether the index must be exactly as before (documents, types, checkpoint and every entity).
    var leavesIndexUnchanged = true

    var testDescription: String { name }

    static let validLine = #"{"type":"trail","id":"fresh-trail","attributes":{"name":"Fresh Trail","length":3.5}}"#
}

@Suite(.serialized) struct BadInput {
    static let cases: [BadInputCase] = [
        BadInputCase(name: "empty file", files: [InputFile("empty.jsonl", [])], arguments: ["index", "empty.jsonl"],
                     status: 3, messages: ["empty.jsonl: the file is empty"]),
        BadInputCase(name: "malformed JSON", files: [.file("bad.jsonl", BadInputCase.validLine, #"{"type": "trail", "id": "#)],
                     arguments: ["index", "bad.jsonl"], status: 3, messages: ["bad.jsonl:2: invalid JSON at column 25"]),
        BadInputCase(name: "a line that is not an object", files: [.file("bad.jsonl", BadInputCase.validLine, "[1, 2]")],
                     arguments: ["index", "bad.jsonl"], status: 3, messages: ["bad.jsonl:2: expected a JSON object, got an array"]),
        BadInputCase(name: "missing id", files: [.file("bad.jsonl", #"{"type":"trail","attributes":{"name":"x"}}"#)],
                     arguments: ["index", "bad.jsonl"], status: 3, messages: ["bad.jsonl:1: id: missing id"]),
        BadInputCase(name: "empty id", files: [.file("bad.jsonl", BadInputCase.validLine, #"{"type":"trail","id":"","attributes":{}}"#)],
                     arguments: ["index", "bad.jsonl"], status: 3, messages: ["bad.jsonl:2: id: expected a non-empty string"]),
        BadInputCase(name: "missing type", files: [.file("bad.jsonl", #"{"id":"a","attributes":{"name":"x"}}"#)],
                     arguments: ["index", "bad.jsonl"], status: 3, messages: ["bad.jsonl:1: type: missing entity type"]),
        BadInputCase(name: "unknown type", files: [.file("bad.jsonl", #"{"type":"boat","id":"a","attributes":{"name":"x"}}"#)],
                     arguments: ["index", "bad.jsonl"], status: 3, messages: ["bad.jsonl:1: unknown entity type 'boat'", "known types: trail"]),
        BadInputCase(name: "attribute of the wrong kind",
                     files: [.file("bad.jsonl", BadInputCase.validLine, #"{"type":"trail","id":"b","attributes":{"name":"x","length":"long"}}"#)],
                     arguments: ["index", "bad.jsonl"], status: 3, messages: ["bad.jsonl:2: length: expected a number, got a string"]),
        BadInputCase(name: "unknown attribute key", files: [.file("bad.jsonl", #"{"type":"trail","id":"b","attributes":{"colour":"red"}}"#)],
                     arguments: ["index", "bad.jsonl"], status: 3, messages: ["bad.jsonl:1: colour: unknown attribute for type 'trail'"]),
        BadInputCase(name: "10 MB attribute value",
                     files: [.file("bad.jsonl", hugeValueLine)],
                     arguments: ["index", "bad.jsonl"], status: 3, messages: ["bad.jsonl:1: description: value is 10485760 bytes; the limit is 1048576"]),
        BadInputCase(name: "invalid UTF-8",
                     files: [InputFile("bad.jsonl", invalidUTF8Line)],
                     arguments: ["index", "bad.jsonl"], status: 3, messages: ["bad.jsonl:1: invalid JSON at column 47: invalid UTF-8"]),
        BadInputCase(name: "deeply nested JSON",
                     files: [.file("bad.jsonl", deeplyNestedLine)],
                     arguments: ["index", "bad.jsonl"], status: 3, messages: ["bad.jsonl:1:", "nested deeper than 64 levels"]),
        BadInputCase(name: "duplicate ids in one run",
                     files: [.file("dup.jsonl", #"{"type":"trail","id":"twice","attributes":{"name":"First"}}"#,
                                   #"{"type":"trail","id":"twice","attributes":{"name":"Second"}}"#)],
                     arguments: ["index", "dup.jsonl"], status: 0, messages: ["1 line repeated an earlier type and id; the last one was kept"],
                     leavesIndexUnchanged: false),
        BadInputCase(name: "id longer than Xapian's term limit",
                     files: [.file("bad.jsonl", longIDLine)],
                     arguments: ["index", "bad.jsonl"], status: 3, messages: ["bad.jsonl:1: id: id is 300 bytes long; with its type the limit is"]),
        BadInputCase(name: "invalid expiration date",
                     files: [.file("bad.jsonl", #"{"type":"trail","id":"b","expirationDate":"soon","attributes":{}}"#)],
                     arguments: ["index", "bad.jsonl"], status: 3, messages: ["bad.jsonl:1: expirationDate: expected an ISO-8601 date"]),
        BadInputCase(name: "schema contradicting the stored one",
                     files: [.file("schema.json", #"{"types":[{"name":"trail","attributes":[{"key":"length","kind":"text"}]}]}"#),
                             .file("ok.jsonl", BadInputCase.validLine)],
                     arguments: ["index", "--schema", "schema.json", "ok.jsonl"], status: 3,
                     messages: ["schema.json: type 'trail', attribute 'length': kind 'text' differs from the stored 'double'"]),
        BadInputCase(name: "invalid schema file",
                     files: [.file("schema.json", #"{"types":[{"name":"trail","attributes":[{"key":"length","kind":"bogus"}]}]}"#),
                             .file("ok.jsonl", BadInputCase.validLine)],
                     arguments: ["index", "--schema", "schema.json", "ok.jsonl"], status: 3,
                     messages: ["schema.json: types[0].attributes[0].kind: unknown kind 'bogus'"]),
        BadInputCase(name: "schema file that is not JSON", files: [.file("schema.json", #"{"types": ["#), .file("ok.jsonl", BadInputCase.validLine)],
                     arguments: ["index", "--schema", "schema.json", "ok.jsonl"], status: 3, messages: ["schema.json: invalid JSON at column"]),
        BadInputCase(name: "schema with an attribute named domain",
                     files: [.file("schema.json", #"{"types":[{"name":"trail","attributes":[{"key":"domain","kind":"keyword"}]}]}"#),
                             .file("ok.jsonl", BadInputCase.validLine)],
                     arguments: ["index", "--schema", "schema.json", "ok.jsonl"], status: 3,
                     messages: ["schema.json: types[0].attributes[0].key: attribute key 'domain' is reserved: 'type' and 'domain' name"]),
        BadInputCase(name: "flat data with a type member and --type", files: [.file("flat.jsonl", #"{"id":1,"type":"x","title":"Hello"}"#)],
                     arguments: ["index", "--type", "note", "flat.jsonl"], status: 3,
                     messages: ["flat.jsonl:1: type: attribute key 'type' is reserved"]),
        BadInputCase(name: "nonexistent path", arguments: ["index", "missing/nope.jsonl"], status: 3,
                     messages: ["missing/nope.jsonl: no such file or folder"]),
        BadInputCase(name: "resume with other inputs", files: [.file("ok.jsonl", BadInputCase.validLine)],
                     arguments: ["index", "--resume", "ok.jsonl"], status: 3, messages: ["cannot resume: the inputs differ", "ok.jsonl"]),
        BadInputCase(name: "index folder that is not an index", setup: .notAnIndex, files: [.file("ok.jsonl", BadInputCase.validLine)],
                     arguments: ["index", "ok.jsonl"], status: 4, messages: ["is not a Searchlight index", "holds no index"]),
        BadInputCase(name: "read-only index folder", setup: .readOnlyMount, files: [.file("ok.jsonl", BadInputCase.validLine)],
                     arguments: ["index", "ok.jsonl"], status: 6, messages: ["cannot write the index at", "Read-only file system"]),
        BadInputCase(name: "index path inside a file", setup: .underAFile, files: [.file("ok.jsonl", BadInputCase.validLine)],
                     arguments: ["index", "ok.jsonl"], status: 3, messages: ["notes.txt/index: Not a directory"]),
        BadInputCase(name: "full disk", setup: .smallDisk, files: [InputFile("big.jsonl", BadInput.bulkyEntities(3000))],
                     arguments: ["index", "--batch-size", "500", "big.jsonl"], status: 6, messages: ["storage error", "No space left on device"]),
        BadInputCase(name: "unbalanced quotes and operators", arguments: ["search", #""half dome AND OR ( -"#], status: 0, messages: []),
        BadInputCase(name: "enormous query", arguments: ["search", enormousQuery],
                     status: 0, messages: ["No results for"]),
        BadInputCase(name: "--where nested 13,000 parentheses deep", arguments: ["search", "--where", String(repeating: "(", count: 13_000), ""],
                     status: 3, messages: ["--where: cannot read predicate at column 101: nested deeper than 100 levels"]),
        BadInputCase(name: "--where of 20,000 '!'", arguments: ["search", "--where", String(repeating: "!", count: 20_000), ""],
                     status: 3, messages: ["--where: cannot read predicate at column 101: nested deeper than 100 levels"]),
        BadInputCase(name: "query text nested 13,000 parentheses deep", arguments: ["search", String(repeating: "(", count: 13_000)],
                     status: 0, messages: []),
        BadInputCase(name: "query text of 25,000 'NOT ('", arguments: ["search", String(repeating: "NOT (", count: 25_000) + "granite"],
                     status: 0, messages: ["results"]),
        BadInputCase(name: "schema nested 13,000 levels deep",
                     files: [.file("schema.json", #"{"types":"# + String(repeating: "[", count: 13_000) + String(repeating: "]", count: 13_000) + "}"),
                             .file("ok.jsonl", BadInputCase.validLine)],
                     arguments: ["index", "--schema", "schema.json", "ok.jsonl"], status: 3, messages: ["schema.json: invalid JSON at column", "nested deeper than 64 levels"]),
        BadInputCase(name: "a range of words", arguments: ["search", "version 2..3"], status: 0, messages: []),
        BadInputCase(name: "an open range of nothing", arguments: ["search", "1.."], status: 0, messages: []),
        BadInputCase(name: "a range of words on an unknown field", arguments: ["search", "year:abc..def"], status: 3,
                     messages: ["unknown field 'year'", "length"]),
        BadInputCase(name: "a range of words on a number field", arguments: ["search", "length:abc..def"], status: 0, messages: []),
        BadInputCase(name: "an enum field given no case of it", arguments: ["search", "activities:reiten"], status: 3,
                     messages: ["'activities:reiten' is not a case of activity", "horseback (Horseback Riding)"]),
        BadInputCase(name: "a boolean field given a word", arguments: ["search", "dogFriendly:oui"], status: 3,
                     messages: ["'dogFriendly:oui': dogFriendly is true or false"]),
        BadInputCase(name: "a date field given a word", arguments: ["search", "updated:hier"], status: 3,
                     messages: ["'updated:hier': updated holds dates", "in UTC"]),
        BadInputCase(name: "a range typed into suggest", arguments: ["suggest", "1.."], status: 0, messages: []),
        BadInputCase(name: "--where comparing a number with a word", arguments: ["search", "--where", #"rating == "abc""#, ""],
                     status: 3, messages: [#"--where: wrong value kind for 'rating' (double): "abc" is not a number"#]),
        BadInputCase(name: "--where comparing a date with a word", arguments: ["search", "--where", "updated > soon", ""],
                     status: 3, messages: [#"--where: wrong value kind for 'updated' (date): "soon" is not a date"#]),
        BadInputCase(name: "--where predicate that does not parse", arguments: ["search", "--where", #"rating >= 4 && (region == "x""#, ""],
                     status: 3, messages: ["--where: cannot read predicate at column 30", "expected ')'"]),
    ]

    static let hugeValueLine = #"{"type":"trail","id":"b","attributes":{"description":""# + String(repeating: "x", count: 10 << 20) + #""}}"#
    static let invalidUTF8Line: [UInt8] = Array(#"{"type":"trail","id":"b","attributes":{"name":""#.utf8) + [0xFF, 0xFE] + Array("\"}}\n".utf8)
    static let deeplyNestedLine = #"{"type":"trail","id":"b","attributes":{"name":"# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}}"
    static let longIDLine = #"{"type":"trail","id":""# + String(repeating: "i", count: 300) + #"","attributes":{}}"#
    static let enormousQuery: String = (0..<10_000).map { "word\($0)" }.joined(separator: " ")

    /// `count` entities of type `trail` with long descriptions, as JSON Lines.
    static func bulkyEntities(_ count: Int) -> [UInt8] {
        Array((0..<count).map { i in
            let words = (0..<120).map { "word\((i * 7 + $0) % 5000)" }.joined(separator: " ")
            return #"{"type":"trail","id":"bulk-\#(i)","attributes":{"name":"Bulk \#(i)","description":"\#(words)"}}"#
        }.joined(separator: "\n").utf8)
    }

    @Test(arguments: cases)
    func badInputFailsWithItsLocationAndLeavesTheIndexAsItWas(_ badCase: BadInputCase) throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        for file in badCase.files {
            let path = cli.folder + "/" + file.name
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
        }
        guard let index = try prepare(badCase.setup, cli) else { return }
        defer { if badCase.setup == .readOnlyMount || badCase.setup == .smallDisk { _ = try? Self.shell("umount", [Self.mountPoint(badCase.setup, cli)]) } }

        let before = try fingerprint(cli, index: index)
        let output = try cli.run(badCase.arguments + ["--index", index], withIndex: false)
        #expect(output.status == badCase.status, "\(badCase.name): \(output.stderr)")
        for message in badCase.messages {
            #expect((output.stderr + output.stdout).contains(message), "\(badCase.name): expected '\(message)' in: \(output.stderr.prefix(500))")
        }
        if badCase.leavesIndexUnchanged {
            #expect(try fingerprint(cli, index: index) == before, "\(badCase.name): the index changed")
        } else {
            let got = try cli.run(["get", "--json", "trail:twice", "--index", index], withIndex: false)
            #expect(((got.json as? [String: Any])?["attributes"] as? [String: Any])?["name"] as? String == "Second")
        }
        // Xapian's check opens the tables read/write, so it cannot run on the read-only mount.
        if ![.notAnIndex, .readOnlyMount, .underAFile].contains(badCase.setup) {
            #expect(try cli.run(["check", "--index", index], withIndex: false).status == 0, "\(badCase.name): check failed")
        }
    }

    /// Builds the index for `setup`; returns its path, or nil when the environment cannot provide it
    /// (the reason is printed and the case is skipped).
    private func prepare(_ setup: BadInputCase.Setup, _ cli: CLI) throws -> String? {
        switch setup {
        case .corpus, .readOnlyMount:
            let indexed = try cli.run(["index", CLI.corpus])
            #expect(indexed.status == 0, "\(indexed.stderr)")
            guard setup == .readOnlyMount else { return cli.index }
            guard (try? Self.shell("mount", ["--bind", cli.index, cli.index])) == 0,
                  (try? Self.shell("mount", ["-o", "remount,ro,bind", cli.index])) == 0
            else {
                print("skipped 'read-only index folder': a read-only bind mount is not possible here (needs root and mount)")
                return nil
            }
            return cli.index
        case .notAnIndex:
            let folder = cli.folder + "/not-an-index"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try "notes".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
            return folder
        case .underAFile:
            try "notes".write(toFile: cli.folder + "/notes.txt", atomically: true, encoding: .utf8)
            return cli.folder + "/notes.txt/index"
        case .smallDisk:
            let disk = Self.mountPoint(setup, cli)
            try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
            guard (try? Self.shell("mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", disk])) == 0 else {
                print("skipped 'full disk': cannot mount a 2 MB tmpfs here (needs root and mount)")
                return nil
            }
            let small = cli.folder + "/small.jsonl"
            try Data(Self.bulkyEntities(100)).write(to: URL(fileURLWithPath: small))
            let schema = cli.folder + "/trail-schema.json"
            try #"{"types":[{"name":"trail","display":{"title":"name"},"attributes":[{"key":"name","kind":"text"},{"key":"description","kind":"text"}]}]}"#
                .write(toFile: schema, atomically: true, encoding: .utf8)
            let indexed = try cli.run(["index", "--schema", schema, small, "--index", disk + "/index"], withIndex: false)
            #expect(indexed.status == 0, "\(indexed.stderr)")
            return disk + "/index"
        }
    }

    private static func mountPoint(_ setup: BadInputCase.Setup, _ cli: CLI) -> String {
        setup == .smallDisk ? cli.folder + "/disk" : cli.index
    }

    /// What must not change: documents, types with counts, the checkpoint, and every entity as stored.
    private func fingerprint(_ cli: CLI, index: String) throws -> String {
        let stats = try cli.run(["stats", "--json", "--index", index], withIndex: false)
        guard stats.status == 0, var json = stats.json as? [String: Any] else { return "no index: \(stats.status)" }
        json["sizeBytes"] = nil
        let everything = try cli.run(["search", "--json", "--limit", "10000", "", "--index", index], withIndex: false)
        let statsText = String(decoding: try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]), as: UTF8.self)
        return statsText + "\n" + everything.stdout
    }

    @discardableResult
    static func shell(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
