import ArgumentParser
import FoundationEssentials
import Glibc
import Searchlight

/// `searchlight index`: add JSON Lines files or folders to the index.
struct IndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Index JSON Lines files or folders of them.",
        usage: "searchlight index [--index <path>] [--json] [--wait <seconds>] [--schema <file>] [--type <name>] [--language <code>] [--skip-invalid] [--batch-size <n>] [--resume] [--no-compact] [--shards <n>] [--jobs <n>] [--replicable] [--changesets <n>] <input> ...",
        discussion: """
        Each line is one entity: {"type", "id", "domain", "expirationDate", "attributes": {...}}, or a flat \
        object with an "id" (then --type names its type). A folder contributes every *.jsonl and *.jsonl.gz \
        file inside it, and its schema.json when --schema is not given. An input may also be - (JSON Lines on \
        standard input), a .json file holding one entity or an array of them, or gzip-compressed (.jsonl.gz, \
        .json.gz). Types without a schema are inferred from the data.

        Every line is checked before anything is written: an invalid line stops the run with FILE:LINE and \
        the index is left as it was, unless --skip-invalid is given. Entities are written in batches, each \
        committed atomically with a checkpoint; indexing the same data again replaces entities rather than \
        duplicating them, and --resume continues an interrupted run after its last committed batch.
        """
    )

    @OptionGroup var indexOptions: IndexOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var wait: WaitOptions

    @Option(name: .customLong("schema"), help: ArgumentHelp("A schema.json describing the entity types.", valueName: "file"))
    var schemaGiven: [String] = []

    var schema: String? { schemaGiven.first }

    @Option(name: .customLong("type"), help: ArgumentHelp("The entity type of flat JSON objects.", valueName: "name"))
    var typeGiven: [String] = []

    var type: String? { typeGiven.first }

    @Option(name: .customLong("language"), help: ArgumentHelp("The language of types inferred from the data (an ISO 639-1 code such as de, zh or th, or a name such as german), instead of the guess from their text.", valueName: "code"))
    var languageGiven: [String] = []

    var language: String? { languageGiven.first }

    @Flag(help: "Index the valid lines and report the invalid ones instead of stopping.")
    var skipInvalid = false

    @Option(name: .customLong("batch-size"), parsing: .unconditionalSingleValue, help: ArgumentHelp("Entities per atomically committed batch. (default: 10000)", valueName: "n"))
    var batchSizeGiven: [Int] = []

    var batchSize: Int { batchSizeGiven.first ?? 10_000 }

    @Flag(help: "Continue after the last batch committed by an interrupted run over the same inputs.")
    var resume = false

    @Flag(name: .customLong("no-compact"),
          help: "Do not compact the index after a run that created it or at least doubled it.")
    var skipCompaction = false

    @Option(name: .customLong("shards"), parsing: .unconditionalSingleValue, help: ArgumentHelp(
        "Shards of a new index: N complete Xapian databases written in parallel, searched as one; an existing index must have this many. (default: 1, or the index's own)", valueName: "n"))
    var shardsGiven: [Int] = []

    @Option(name: .customLong("jobs"), parsing: .unconditionalSingleValue, help: ArgumentHelp(
        "Shards written at once, a thread each. (default: the number of cores)", valueName: "n"))
    var jobsGiven: [Int] = []

    @Flag(help: "Make the index replicable: this run and every later writer keep Xapian changesets, which xapian-replicate-server sends to replicas. Stored in the index.")
    var replicable = false

    @Option(name: .customLong("changesets"), parsing: .unconditionalSingleValue, help: ArgumentHelp(
        "Changesets a replicable index keeps (implies --replicable); a replica further behind gets a whole copy. (default: 10, or the index's own)", valueName: "n"))
    var changesetsGiven: [Int] = []

    @Argument(help: ArgumentHelp("JSON Lines files (or - for standard input, .json, .gz), or folders holding them.", valueName: "input"))
    var inputs: [String]

    func validate() throws {
        try Once.check(schemaGiven, "--schema")
        try Once.check(typeGiven, "--type")
        try Once.check(languageGiven, "--language")
        if let language, Language(language) == nil {
            throw ValidationError("--language '\(language)' is not a language (an ISO 639-1 code such as de, zh or th, a tag such as pt-BR, or a name such as german)")
        }
        try Once.check(batchSizeGiven, "--batch-size")
        guard !inputs.isEmpty else { throw ValidationError("give at least one JSON Lines file or folder") }
        if inputs.contains(PreparedInputs.standardInput) {
            guard inputs.count(where: { $0 == PreparedInputs.standardInput }) == 1 else { throw ValidationError("standard input (-) can be read once only") }
            if resume {
                throw ValidationError("--resume cannot continue a run that read standard input (-): it cannot be read again. "
                    + "Index the data again without --resume (entities already indexed are replaced by type and id), or from a file")
            }
        }
        try NumericOption.check(batchSize, "--batch-size", in: 1...1_000_000)
        try Once.check(shardsGiven, "--shards")
        try Once.check(jobsGiven, "--jobs")
        if let shards = shardsGiven.first { try NumericOption.check(shards, "--shards", in: 1...256) }
        if let jobs = jobsGiven.first { try NumericOption.check(jobs, "--jobs", in: 1...256) }
        try Once.check(changesetsGiven, "--changesets")
        if let changesets = changesetsGiven.first { try NumericOption.check(changesets, "--changesets", in: 1...Changesets.maximumCount) }
    }

    func run() throws {
        let existed = FileManager.default.fileExists(atPath: indexOptions.path)
        let running = Running()
        do {
            try reportingFailures { try ingest(running) }
        } catch {
            // A failed first run that committed nothing leaves no index behind, as if it had never
            // started. Batches it did commit are kept (`--resume` continues after them).
            // (Not when another process holds the writer lock: the folder may be its new index.)
            let code = (error as? ExitCode)?.rawValue
            if !existed, code != CommandFailure.locked, Self.committedEntities(at: indexOptions.path) == nil {
                try? FileManager.default.removeItem(atPath: indexOptions.path)
            }
            // An interrupted run (exit 128 + signal) has said what it committed already.
            if (code ?? 0) < 128, let committed = running.ingest?.committed {
                Terminal.printWarning(failureMessage(committed, inputChanged: running.inputChanged))
            }
            throw error
        }
    }

    /// The ingest of this run, for what it committed before a failure.
    final class Running {
        var ingest: JSONLinesIngest?
        var inputChanged = false
    }

    /// What a failed run committed, and how to continue it.
    private func failureMessage(_ committed: JSONLinesIngest.Committed, inputChanged: Bool) -> String {
        let entities = committed.entities == 1 ? "1 entity committed before the failure is" : "\(committed.entities) entities committed before the failure are"
        let head = "the \(entities) kept in \(indexOptions.path) (up to \(committed.through)); "
        if inputs.contains(PreparedInputs.standardInput) { return head + Self.standardInputAdvice }
        if inputChanged {
            return head + "`--resume` refuses inputs that changed since, so index them again without --resume "
                + "(entities already indexed are replaced by type and id, not duplicated)"
        }
        return head + "`\(resumeCommand)` continues after them"
    }

    /// How many entities the index at `path` holds in committed batches; nil only when it surely
    /// holds nothing worth keeping: no database at all, or one with no document, schema or checkpoint.
    /// Any doubt (it cannot be read) keeps the folder.
    static func committedEntities(at path: String) -> Int? {
        let index: EntityIndex
        do {
            index = try EntityIndex(path: path, mode: .readOnly)
        } catch .indexNotFound, .notAnIndex {
            return nil
        } catch {
            return 0
        }
        do {
            let count = try index.totalCount
            let checkpoint = try index.checkpoint()
            return count == 0 && checkpoint == nil && index.schema.types.isEmpty ? nil : count
        } catch {
            return 0
        }
    }

    private func ingest(_ running: Running) throws {
        let (files, folderSchema) = try InputFiles.resolve(inputs)
        // Standard input, compressed and .json files become JSON Lines copies before the index is opened.
        let prepared = try PreparedInputs(files)
        defer { prepared.cleanUp() }
        let schemaFile = schema ?? folderSchema
        if let schema { try InputFiles.requireRegularFile(schema) }
        let parsedSchema = try schemaFile.map { path throws -> Schema in
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw SearchlightError.input(path: path, reason: "cannot read the schema file")
            }
            return try Schema(jsonText: text, source: path)
        }
        let index = try indexOptions.open(.readWrite, waitingForWriter: wait.seconds, shards: shardsGiven.first)
        if replicable || !changesetsGiven.isEmpty {
            let count = try changesetsGiven.first ?? index.keptChangesets ?? Changesets.defaultCount
            if try index.keptChangesets != count { try index.makeReplicable(keepingChangesets: count) }
        }
        if let parsedSchema, let schemaFile {
            // Checked here too so that the message names the schema file.
            do { _ = try index.schema.merged(with: parsedSchema) } catch {
                guard case .schemaConflict(let reason) = error else { throw error }
                throw SearchlightError.schemaConflict("\(schemaFile): \(reason)")
            }
        }
        for warning in (parsedSchema?.types ?? []).flatMap(\.unknownLanguages) { Terminal.printWarning("warning: \(warning)") }
        if let language, let named = Language(language), !named.isKnown {
            Terminal.printWarning("warning: --language '\(language)' is not a language code or name, so the text of the types it sets is not stemmed"
                                  + (named.likelyMeant.map { " (did you mean '\($0)'?)" } ?? ""))
        }
        var options = JSONLinesIngest.Options(schema: parsedSchema, defaultType: type, skipInvalid: skipInvalid, batchSize: batchSize,
                                              resume: resume, compactAfterBulkLoad: !skipCompaction)
        options.language = language
        options.jobs = jobsGiven.first ?? ProcessInfo.processInfo.activeProcessorCount
        let ingest = JSONLinesIngest(index: index, inputs: prepared.inputs, options: options)
        let bar = ProgressBar()
        Interruption.install()
        running.ingest = ingest
        let report: JSONLinesIngest.Report
        do {
            report = try ingest.run(progress: bar.update, shouldStop: { Interruption.requested != nil })
        } catch {
            bar.finish()
            if case .input(_, let reason) = error, reason.hasPrefix("the file changed during the run") { running.inputChanged = true }
            throw error
        }
        bar.finish()
        for change in report.schemaChanges { Terminal.printWarning("schema extended: \(change)") }
        print(render(report, index: index))
        if report.interrupted, let signal = Interruption.requested {
            Terminal.printWarning(interruptionMessage(report, signal: signal))
            throw ExitCode(128 + signal)
        }
    }

    /// What an interrupted run committed and how to continue it.
    private func interruptionMessage(_ report: JSONLinesIngest.Report, signal: Int32) -> String {
        let entities = Plural.count(report.indexed, "entity", "entities")
        var text = "interrupted by \(Interruption.name(signal)): "
        if inputs.contains(PreparedInputs.standardInput), report.indexed > 0, let through = report.committedThrough {
            text += "\(entities) committed, up to \(through); " + Self.standardInputAdvice
        } else if let through = report.committedThrough ?? report.resumedAfter {
            text += report.indexed > 0 ? "\(entities) committed, up to \(through)" : "nothing more committed; the index holds the batches up to \(through)"
            text += "; `\(resumeCommand)` continues after them"
        } else {
            text += "nothing committed; the index is as it was"
        }
        return text
    }

    static let standardInputAdvice = "a run that read standard input cannot be resumed: index the data again without --resume "
        + "(entities already indexed are replaced by type and id, not duplicated)"

    /// The command that resumes this run: the same inputs and options, with --resume.
    var resumeCommand: String {
        var words = ["searchlight", "index"]
        if indexOptions.index != nil { words += ["--index", indexOptions.path] }
        if let schema { words += ["--schema", schema] }
        if let type { words += ["--type", type] }
        if skipInvalid { words.append("--skip-invalid") }
        if !batchSizeGiven.isEmpty { words += ["--batch-size", String(batchSize)] }
        if skipCompaction { words.append("--no-compact") }
        if let jobs = jobsGiven.first { words += ["--jobs", String(jobs)] }
        words.append("--resume")
        words += inputs
        return words.map(ShellWords.quoted).joined(separator: " ")
    }

    private func render(_ report: JSONLinesIngest.Report, index: EntityIndex) -> String {
        let rate = report.seconds > 0 ? Double(report.indexed) / report.seconds : 0
        let peak = PeakMemory.megabytes
        if output.json {
            return JSONValue.object([
                ("index", .string(index.path)),
                ("indexed", .int(report.indexed)),
                ("types", .object(report.countsByType.map { ($0.type, .int($0.count)) })),
                ("skipped", .array(report.skipped.map {
                    .object([("file", .string($0.location.file)), ("line", .int($0.location.line)), ("reason", .string($0.reason))])
                })),
                ("duplicates", .int(report.duplicates)),
                ("schemaChanges", .array(report.schemaChanges.map(JSONValue.string))),
                ("batches", .int(report.batches)),
                ("interrupted", report.interrupted ? .string(Interruption.requested.map(Interruption.name) ?? "yes") : .null),
                ("committedThrough", report.committedThrough.map { .object([("file", .string($0.file)), ("line", .int($0.line))]) } ?? .null),
                ("resumedAfter", report.resumedAfter.map { .object([("file", .string($0.file)), ("line", .int($0.line))]) } ?? .null),
                ("compaction", report.compaction.map {
                    .object([("bytesBefore", .int($0.bytesBefore)), ("bytesAfter", .int($0.bytesAfter)),
                             ("seconds", .double(($0.seconds * 1000).rounded() / 1000))])
                } ?? report.compactionFailure.map { .object([("error", .string($0.description))]) } ?? .null),
                ("seconds", .double((report.seconds * 1000).rounded() / 1000)),
                ("docsPerSecond", .int(Int(rate))),
                ("peakMemoryMB", .int(peak)),
            ]).prettyJSONText
        }
        var lines = report.resumedAfter.map { ["Resumed after \($0), where the last committed batch ended."] } ?? []
        lines += ["Indexed \(Plural.count(report.indexed, "entity", "entities")) into \(index.path) in \(report.seconds.fixed(2)) s (\(Int(rate)) docs/s, peak memory \(peak) MB)"]
        if let compaction = report.compaction {
            lines.append("Compacted the index: \(StatsCommand.megabytes(compaction.bytesBefore)) -> \(StatsCommand.megabytes(compaction.bytesAfter)) in "
                + compaction.seconds.fixed(2) + " s.")
        }
        if let failure = report.compactionFailure {
            lines.append("The entities are committed, but compacting the index failed (\(failure)); `searchlight compact` can retry.")
        }
        if !report.countsByType.isEmpty {
            var table = Table([("TYPE", .left), ("ENTITIES", .right)])
            for (type, count) in report.countsByType { table.append([type, String(count)]) }
            lines.append(table.render())
        }
        if report.duplicates > 0 {
            lines.append("\(Plural.count(report.duplicates, "line")) repeated an earlier type and id; the last one was kept.")
        }
        if !report.skipped.isEmpty {
            lines.append("Skipped \(Plural.count(report.skipped.count, "invalid line")):")
            lines += report.skipped.map { "  \($0.location): \($0.reason)" }
        }
        return lines.joined(separator: "\n")
    }
}

/// Expands the inputs of `searchlight index` into files.
enum InputFiles {
    /// The `.jsonl` files named or found (recursively, sorted) in the folders, and the first
    /// folder's `schema.json` if it has one.
    static func resolve(_ inputs: [String]) throws -> (files: [String], schema: String?) {
        let manager = FileManager.default
        var files: [String] = []
        var schema: String?
        for input in inputs {
            if input == PreparedInputs.standardInput {
                files.append(input)
                continue
            }
            var isDirectory = false
            guard manager.fileExists(atPath: input, isDirectory: &isDirectory) else {
                throw SearchlightError.input(path: input, reason: "no such file or folder")
            }
            guard isDirectory else {
                try requireRegularFile(input)
                files.append(input)
                continue
            }
            let base = input.hasSuffix("/") ? String(input.dropLast()) : input
            if schema == nil, manager.fileExists(atPath: base + "/schema.json") { schema = base + "/schema.json" }
            let found: [String]
            do {
                found = try manager.subpathsOfDirectory(atPath: base).filter { $0.hasSuffix(".jsonl") || $0.hasSuffix(".jsonl.gz") }.sorted().map { base + "/" + $0 }
            } catch {
                throw SearchlightError.input(error, at: input)
            }
            guard !found.isEmpty else { throw SearchlightError.input(path: input, reason: "the folder holds no .jsonl or .jsonl.gz files") }
            for file in found { try requireRegularFile(file) }
            files += found
        }
        if let schema { try requireRegularFile(schema) }
        return (files, schema)
    }

    /// Refuses a FIFO, socket or device (reading one could block for ever, holding the writer
    /// lock): checked before the index is opened. A symbolic link to a regular file is fine.
    static func requireRegularFile(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw SearchlightError.input(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw SearchlightError.input(path: path, reason: "not a regular file") }
    }
}

/// The most memory this process has held, in MB.
enum PeakMemory {
    static var megabytes: Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) / 1024
    }
}
