import FoundationEssentials

/// Indexes JSON Lines files into an `EntityIndex`: the engine behind `searchlight index`.
///
/// Two passes over the input. The first checks every line against the schema (and infers
/// the types that have none); the second indexes in batches, each committed atomically with
/// a checkpoint. So an invalid line stops the run before anything is written, and a killed
/// run leaves whole batches only.
///
/// ```swift
/// let ingest = JSONLinesIngest(index: index, files: ["Corpus/trails.jsonl"], options: .init(schema: schema))
/// let report = try ingest.run()
/// print(report.indexed, report.seconds)
/// ```
public final class JSONLinesIngest {
    public struct Options: Sendable {
        /// The schema to add to the stored one. Without one, the type of flat objects is inferred, and
        /// so is every type if the index has no schema yet.
        public var schema: Schema?
        /// The type of flat objects (`--type`).
        public var defaultType: String?
        /// The language of the types inferred from the data (`--language`), instead of the guess
        /// from their text (`LanguageGuess`); types already stored keep theirs.
        public var language: String?
        /// Skip invalid lines (reporting each) instead of stopping before writing anything.
        public var skipInvalid = false
        public var batchSize = 10_000
        /// Continue after the last batch committed by an earlier run over the same inputs (`--resume`).
        public var resume = false
        /// Compact the index after a bulk load: a run that created it or at least doubled it. Xapian's
        /// B-trees fill their blocks about half when written in batches; compacting writes them full,
        /// which shrinks the index by about 40 % for a few percent of the indexing time. `searchlight
        /// index` does it unless `--no-compact`; off by default here, for callers indexing in many tasks.
        public var compactAfterBulkLoad = false
        /// In a sharded index, how many shards are written at once, a thread each (`--jobs`); nil for
        /// all of them. With fewer, the input is read once per group of shards.
        public var jobs: Int?

        public init(schema: Schema? = nil, defaultType: String? = nil, skipInvalid: Bool = false, batchSize: Int = 10_000,
                    resume: Bool = false, compactAfterBulkLoad: Bool = false) {
            self.schema = schema
            self.defaultType = defaultType
            self.skipInvalid = skipInvalid
            self.batchSize = batchSize
            self.resume = resume
            self.compactAfterBulkLoad = compactAfterBulkLoad
        }
    }

    /// What a run did.
    public struct Report: Sendable {
        /// Entities written per type, in schema order.
        public var countsByType: [(type: String, count: Int)] = []
        public var indexed = 0
        /// Invalid lines that were skipped, with the reason.
        public var skipped: [(location: InputLocation, reason: String)] = []
        /// Lines whose type and id appeared earlier in the run (the last one wins).
        public var duplicates = 0
        public var seconds = 0.0
        public var batches = 0
        /// With `resume`: the lines skipped because an earlier run had committed them.
        public var resumedAfter: InputLocation?
        /// The compaction after a bulk load, if there was one (its time is part of `seconds`).
        public var compaction: CompactionReport?
        /// Why that compaction failed, if it did. The run's entities are committed all the same and
        /// the index is left uncompacted (`EntityIndex.compact` changes nothing until it succeeds).
        public var compactionFailure: SearchlightError?
        /// Whether `shouldStop` stopped the run early. Its committed batches are kept (`indexed` counts
        /// them), the batch it was building is discarded, and no compaction ran; `resume` continues it.
        public var interrupted = false
        /// Where the last batch this run committed ended (nil when it committed none).
        public var committedThrough: InputLocation?
        /// How the data extended the stored inferred types, a sentence each (`Schema.grown(with:)`).
        public var schemaChanges: [String] = []
    }

    /// Progress of a run: which pass, and bytes done of the total.
    public struct Progress: Sendable {
        public enum Phase: String, Sendable { case checking, indexing }
        public var phase: Phase
        public var bytesDone: Int
        public var bytesTotal: Int
    }

    /// What a run has committed: how many entities, and where in the input its last batch ended.
    public struct Committed: Sendable {
        public var entities: Int
        public var through: InputLocation
    }

    /// An input: the JSON Lines file to read, and the name it goes by in messages, locations and the
    /// checkpoint (the file it was prepared from, or `-` for standard input).
    public struct Input: Sendable {
        public var path: String
        public var name: String
        public init(path: String, name: String? = nil) {
            self.path = path
            self.name = name ?? path
        }
    }

    let index: EntityIndex
    let inputs: [Input]
    let options: Options

    /// What the last run committed, known also when it failed (nil when it committed nothing): the
    /// batches it committed before the failure are kept.
    public private(set) var committed: Committed?

    public convenience init(index: EntityIndex, files: [String], options: Options) {
        self.init(index: index, inputs: files.map { Input(path: $0) }, options: options)
    }

    public init(index: EntityIndex, inputs: [Input], options: Options) {
        self.index = index
        self.inputs = inputs
        self.options = options
    }

    /// Runs the ingest. `shouldStop` is asked between lines (a signal handler's flag, say): once it
    /// says yes, the batch being built is discarded, the batches before it stay committed, and the
    /// report says `interrupted`.
    public func run(progress: (Progress) -> Void = { _ in }, shouldStop: () -> Bool = { false }) throws(SearchlightError) -> Report {
        let started = Date()
        committed = nil
        let readers = try self.inputs.map { (input) throws(SearchlightError) in try LineReader(path: input.path, name: input.name) }
        let totalBytes = readers.reduce(0) { $0 + $1.size }
        var report = Report()
        let inputs = JSONValue.array(readers.map { .object([("path", .string($0.name == "-" ? "-" : Self.absolute($0.name))), ("bytes", .int($0.size))]) })
        // A sharded index is written by one writer per shard, each committing its own batches with its
        // own checkpoint: each shard resumes after its own, the run after the earliest.
        let shardCount = index.shardCount
        let targets = shardCount > 1 ? try index.shardWriters() : [index]
        let resumePoints = try targets.map { (target) throws(SearchlightError) in options.resume ? try Self.resumePoint(of: target, inputs: inputs) : nil }
        let resumePoint = resumePoints.contains { $0 == nil } ? nil : resumePoints.compactMap { $0 }.min { a, b in a.fileIndex < b.fileIndex || (a.fileIndex == b.fileIndex && a.line < b.line) }
        let anyResumePoint = resumePoints.compactMap { $0 }.first
        report.resumedAfter = resumePoint.map { InputLocation(file: readers[$0.fileIndex].name, line: $0.line) }

        // Pass 1: check every line, infer missing types, note the invalid ones.
        var schema = try index.schema.merged(with: options.schema ?? Schema())
        // A language given for a type the index has in another would analyse its new entities
        // unlike the stored ones, as a schema giving it would.
        if let language = options.language, let name = options.defaultType, let given = schema.type(named: name),
           !Language.same(given.language, language) {
            guard index.schema.type(named: name) != nil else {
                throw .invalidSchema(location: "--language", reason: "'\(language)' contradicts the schema, which gives type '\(name)' the language '\(given.language)'")
            }
            throw .schemaConflict("type '\(name)': --language '\(language)' differs from the stored language '\(given.language)'")
        }
        // Types are inferred for flat data (`--type`), or for every type when there is no schema at all;
        // otherwise an unknown type is more likely a typo than a new type.
        let inferAnyType = options.schema == nil && schema.types.isEmpty
        // Stored types that were inferred grow with the data (new keys, integers widened to doubles),
        // unless this run gives a schema.
        let growable = options.schema == nil ? Set(schema.types.filter(\.inferred).map(\.name)) : []
        var inference = SchemaInference()
        var invalid = Set<InputLocation>()
        var seen = Set<String>()
        var doneBytes = 0
        let checker = EntityDecoder(schema: schema, defaultType: options.defaultType)
        // Training samples for the stored-data dictionary, spread over all the input.
        var sampler = StoredData.Sampler(expectedBytes: totalBytes)
        // And the average entity length (see `LengthNormalization`).
        var lengths = LengthSurvey()
        for reader in readers {
            var entities = 0
            try eachLine(of: reader, until: shouldStop) { location, line, json, bytesRead in
                sampler.offer(line, after: doneBytes + bytesRead)
                defer { if location.line % 4096 == 0 { progress(Progress(phase: .checking, bytesDone: doneBytes + bytesRead, bytesTotal: totalBytes)) } }
                do {
                    let envelope = try checker.envelope(of: try json.get())
                    if let type = schema.type(named: envelope.type), !growable.contains(type.name) {
                        let entity = try checker.entity(from: envelope, type: type)
                        lengths.count(entity, type: type)
                        if !seen.insert(IndexTerms.unique(type: entity.type, id: entity.id)).inserted { report.duplicates += 1 }
                    } else if inferAnyType || envelope.type == options.defaultType || growable.contains(envelope.type) {
                        try inference.observe(type: envelope.type, id: envelope.id, attributes: envelope.attributes)
                        lengths.sampleLineOfInferredType(line)
                        if !seen.insert("\(envelope.type)\u{0}\(envelope.id.jsonText)").inserted { report.duplicates += 1 }
                    } else {
                        throw SearchlightError.unknownType(envelope.type, known: schema.types.map(\.name))
                    }
                    entities += 1
                } catch {
                    let reason = Self.reason(error)
                    guard options.skipInvalid else { throw SearchlightError.invalidEntity(location: location, field: nil, reason: reason) }
                    invalid.insert(location)
                    report.skipped.append((location, reason))
                }
            }
            if shouldStop() {
                report.interrupted = true
                report.seconds = Date().timeIntervalSince(started)
                return report
            }
            if entities == 0 && !options.skipInvalid && !invalid.contains(where: { $0.file == reader.name }) {
                throw .input(path: reader.name, reason: reader.size == 0 ? "the file is empty" : "the file holds no entities")
            }
            doneBytes += reader.size
        }
        if !inference.isEmpty {
            var inferred = inference.schema()
            if let language = options.language {
                for position in inferred.types.indices { inferred.types[position].language = language }
            }
            (schema, report.schemaChanges) = try schema.grown(with: inferred)
        }
        let dictionary = index.dictionary != nil ? nil : StoredData.Dictionary.trained(on: sampler)
        let normalization = index.normalization != nil ? nil : lengths.normalization(decoder: EntityDecoder(schema: schema, defaultType: options.defaultType))

        // Pass 2: index the valid lines in atomic batches, each with its checkpoint. This thread reads
        // the lines and builds the documents; the writer's thread adds them to the index and commits.
        var counts: [String: Int] = [:]
        // Of the batch being built: added to `counts` when its end is sent.
        var batchCounts: [String: Int] = [:]
        let entitiesBefore = resumePoint?.entities ?? 0
        // Into an empty index, with no id repeated, every entity is new: adding skips the unique-term lookup.
        let countBefore = try index.documentCount
        // What the index held before the first of the runs this one continues: whether to compact
        // after a bulk load is decided for them all, as if they were one run.
        let countBeforeRuns = anyResumePoint?.countBefore ?? countBefore
        let adding = anyResumePoint == nil && report.duplicates == 0 && countBefore == 0
        // In a sharded index the run's entities take positions from here (see `ShardRouting`), the
        // same in a resumed run as in the run it continues.
        let routing = ShardRouting(count: shardCount)
        let lastDocid = try index.lastDocid
        let firstPosition = anyResumePoint?.firstPosition ?? routing.nextPosition(afterLastDocid: lastDocid)
        let builder = DocumentBuilder()
        builder.dictionary = dictionary ?? index.dictionary
        builder.normalization = normalization ?? index.normalization
        // The shards written at once; each group reads the input anew.
        let jobs = max(1, min(options.jobs ?? shardCount, shardCount))
        let groups = stride(from: 0, to: shardCount, by: jobs).map { Array($0..<min($0 + jobs, shardCount)) }
        // The end of each batch the current group sent, with the entities it wrote up to there; and
        // the last batch each finished group committed. A group whose shards' entities are all
        // committed already (resumed) sends no batch.
        var groupEnds: [BatchEnd] = []
        var finishedGroups: [BatchEnd] = []
        committed = nil
        var writers: [Int: PipelinedWriter] = [:]
        defer {
            for writer in writers.values { writer.abandon() }
            let count = writers.values.map(\.batchesCommitted).min() ?? 0
            committed = BatchEnd.combined(finishedGroups + (count > 0 ? [groupEnds[count - 1]] : []))
        }
        // A single index's documents are built by this thread, a sharded index's by its shards' writers.
        var parts: [Int: [EntityIndex.PreparedEntity]] = [:]
        var unbuiltParts: [Int: [PipelinedWriter.Unbuilt]] = [:]
        var batchCount = 0
        func send(_ entity: EntityIndex.PreparedEntity) throws(SearchlightError) {
            parts[0, default: []].append(entity)
            batchCount += 1
            if parts[0]!.count >= Self.partSize {
                try writers[0]!.send(.entities(parts[0]!))
                parts[0] = []
            }
        }
        func send(_ entity: PipelinedWriter.Unbuilt, shard: Int) throws(SearchlightError) {
            unbuiltParts[shard, default: []].append(entity)
            batchCount += 1
            if unbuiltParts[shard]!.count >= Self.partSize {
                try writers[shard]!.sendToBuild(unbuiltParts[shard]!)
                unbuiltParts[shard] = []
            }
        }
        let building = PipelinedWriter.Building(schema: schema, dictionary: builder.dictionary, normalization: builder.normalization)
        let decoder = EntityDecoder(schema: schema, defaultType: options.defaultType)
        for (groupNumber, group) in groups.enumerated() {
            writers = Dictionary(uniqueKeysWithValues: group.map {
                ($0, PipelinedWriter(index: targets[$0], adding: adding, building: shardCount > 1 ? building : nil))
            })
            parts = [:]
            unbuiltParts = [:]
            groupEnds = []
            // What the first batch stores, stored anew in each group's shards.
            var schemaToStore: Schema? = schema
            var dictionaryToStore = dictionary
            var normalizationToStore = normalization
            // The languages of a sharded index's entities read since the last batch's end (a single
            // index's builder collects its own).
            var shardLanguages = EntityLanguages()
            func endBatch(at location: InputLocation, fileIndex: Int) throws(SearchlightError) {
                guard batchCount > 0 else { return }
                // A batch read from a file that has changed since it was checked is not committed.
                try requireUnchanged(readers[fileIndex])
                for (shard, part) in parts where !part.isEmpty { try writers[shard]!.send(.entities(part)) }
                for (shard, part) in unbuiltParts where !part.isEmpty { try writers[shard]!.sendToBuild(part) }
                parts = [:]
                unbuiltParts = [:]
                report.indexed += batchCount
                groupEnds.append(BatchEnd(fileIndex: fileIndex, committed: Committed(entities: (groupEnds.last?.committed.entities ?? 0) + batchCount,
                                                                                       through: location)))
                if groupNumber == 0 { report.committedThrough = location }
                report.batches = max(report.batches, groupEnds.count)
                var members: [(key: String, value: JSONValue)] = [("file", .string(location.file)), ("line", .int(location.line)),
                                                                   ("entities", .int(entitiesBefore + groupEnds.last!.committed.entities)),
                                                                   ("fileIndex", .int(fileIndex)), ("inputs", inputs), ("countBefore", .int(countBeforeRuns))]
                if shardCount > 1 { members.append(("firstPosition", .int(firstPosition))) }
                let languages = shardCount > 1 ? shardLanguages : builder.languages
                for writer in writers.values {
                    try writer.send(.end(schema: schemaToStore, languages: languages, checkpoint: .object(members), dictionary: dictionaryToStore,
                                         normalization: normalizationToStore))
                }
                builder.languages = EntityLanguages()
                shardLanguages = EntityLanguages()
                dictionaryToStore = nil
                normalizationToStore = nil
                schemaToStore = nil
                counts.merge(batchCounts, uniquingKeysWith: +)
                batchCounts = [:]
                batchCount = 0
            }
            // Entities from here on are numbered in input order, written or not, so that each keeps its position.
            var position = firstPosition
            doneBytes = 0
            for (fileIndex, reader) in readers.enumerated() {
                var last = InputLocation(file: reader.name, line: 0)
                try requireUnchanged(reader)
                try eachLine(of: reader, until: shouldStop) { location, _, json, bytesRead in
                    last = location
                    func isCommitted(_ point: ResumePoint?) -> Bool {
                        guard let point else { return false }
                        return fileIndex < point.fileIndex || (fileIndex == point.fileIndex && location.line <= point.line)
                    }
                    if shardCount == 1, isCommitted(resumePoint) { return }
                    guard !invalid.contains(location) else { return }
                    position += 1
                    let entity: Entity
                    do { entity = try decoder.entity(from: try json.get()) } catch {
                        try requireUnchanged(reader)
                        throw SearchlightError.invalidEntity(location: location, field: nil, reason: Self.reason(error))
                    }
                    guard let type = schema.type(named: entity.type) else { throw SearchlightError.unknownType(entity.type, known: schema.types.map(\.name)) }
                    let uniqueTerm = IndexTerms.unique(type: entity.type, id: entity.id)
                    let shard = shardCount == 1 ? 0 : routing.shard(ofUniqueTerm: uniqueTerm)
                    // Every shard stores the languages of all the entities read (committed ones too, in case a
                    // shard lost them in a crash), so that each parses queries alike.
                    if shardCount > 1, type.languageAttribute != nil {
                        for language in type.textLanguages(of: entity) { shardLanguages.insert(language, type: type.name) }
                    }
                    guard writers[shard] != nil, !isCommitted(resumePoints[shard]) else { return }
                    if shardCount == 1 {
                        try send(EntityIndex.PreparedEntity(document: try builder.document(for: entity, type: type, schema: schema), uniqueTerm: uniqueTerm))
                    } else {
                        try send(PipelinedWriter.Unbuilt(entity: entity, uniqueTerm: uniqueTerm, shardDocid: ShardRouting.localDocid(position: position - 1)),
                                 shard: shard)
                    }
                    batchCounts[entity.type, default: 0] += 1
                    if batchCount >= options.batchSize {
                        try endBatch(at: location, fileIndex: fileIndex)
                        progress(Progress(phase: .indexing, bytesDone: doneBytes + bytesRead, bytesTotal: totalBytes))
                    }
                }
                if shouldStop() {
                    report.interrupted = true
                    break
                }
                try requireUnchanged(reader)
                try endBatch(at: last, fileIndex: fileIndex)
                doneBytes += reader.size
                progress(Progress(phase: .indexing, bytesDone: doneBytes, bytesTotal: totalBytes))
            }
            for writer in writers.values {
                if report.interrupted {
                    // The batch being built is discarded; those whose end was sent are committed first.
                    try writer.finish(discardingOpenBatch: true)
                } else {
                    try writer.finish()
                }
            }
            let count = writers.values.map(\.batchesCommitted).min() ?? 0
            if count > 0 { finishedGroups.append(groupEnds[count - 1]) }
            writers = [:]
            // A later group that stopped early committed less of the input than the first.
            if groupNumber > 0, let last = groupEnds.last, let through = report.committedThrough, last.committed.through != through {
                report.committedThrough = last.committed.through
            }
            if report.interrupted { break }
        }
        if shardCount > 1 { try index.reloadStoredState() }
        // A resumed run refreshes even when nothing was left: the run it continues may have died before doing so.
        if report.indexed > 0 || resumePoint != nil { try index.refreshShortPrefixTables() }
        // A run that created the index or at least doubled it compacts it; a resumed run does when
        // the runs it continues, taken together, did, unless one of them has compacted since.
        let indexedByRuns = entitiesBefore + report.indexed
        let compactionDue = report.indexed > 0 || (resumePoint.map { !$0.compacted } ?? false)
        if options.compactAfterBulkLoad && !report.interrupted && compactionDue && indexedByRuns > 0 && indexedByRuns >= countBeforeRuns {
            do {
                report.compaction = try index.compact()
                try index.markCheckpointCompacted()
            } catch {
                report.compactionFailure = error
            }
        }
        report.countsByType = schema.types.compactMap { type in counts[type.name].map { (type.name, $0) } }
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    /// Where a batch of a group of shards ended, and what the group wrote up to it.
    struct BatchEnd {
        var fileIndex: Int
        var committed: Committed

        /// What groups of shards committed together: their entities, through the earliest end.
        static func combined(_ ends: [BatchEnd]) -> Committed? {
            guard let earliest = ends.min(by: { ($0.fileIndex, $0.committed.through.line) < ($1.fileIndex, $1.committed.through.line) }) else { return nil }
            return Committed(entities: ends.reduce(0) { $0 + $1.committed.entities }, through: earliest.committed.through)
        }
    }

    /// Where an earlier run stopped writing an index (or a shard): after the last line of its last
    /// committed batch; with the entities the runs wrote up to there, the count before the first of
    /// them, whether the index was compacted since, and (sharded) the position of the first run's first entity.
    struct ResumePoint {
        var fileIndex: Int
        var line: Int
        var entities: Int
        var countBefore: Int?
        var compacted: Bool
        var firstPosition: Int?
    }

    /// Where an earlier run over the same `inputs` stopped writing `index`: its last committed batch, or
    /// nil when none was committed (so the run starts at the beginning). Refuses inputs that differ from that run's.
    private static func resumePoint(of index: EntityIndex, inputs: JSONValue) throws(SearchlightError) -> ResumePoint? {
        guard let checkpoint = try index.checkpoint() else { return nil }
        guard let recorded = checkpoint["inputs"], let fileIndex = checkpoint["fileIndex"]?.intValue,
              let line = checkpoint["line"]?.intValue, let entities = checkpoint["entities"]?.intValue
        else { throw .cannotResume("the index's last batch was not written by a resumable `searchlight index` run") }
        guard recorded == inputs else {
            func describe(_ list: JSONValue) -> String {
                (list.arrayValue ?? []).map { "\($0["path"]?.stringValue ?? "?") (\($0["bytes"]?.intValue ?? 0) bytes)" }.joined(separator: ", ")
            }
            throw .cannotResume("the inputs differ from those of the run that wrote the last batch: it indexed \(describe(recorded)); "
                + "these are \(describe(inputs)). Give the same files, or index without --resume")
        }
        return ResumePoint(fileIndex: fileIndex, line: line, entities: entities, countBefore: checkpoint["countBefore"]?.intValue,
                           compacted: checkpoint["compacted"]?.boolValue ?? false, firstPosition: checkpoint["firstPosition"]?.intValue)
    }

    /// Fails when `reader`'s file changed since the run opened it: its lines were checked as they were then.
    private func requireUnchanged(_ reader: LineReader) throws(SearchlightError) {
        if let change = reader.changeSinceOpened() {
            throw .input(path: reader.name, reason: "the file changed during the run (\(change)); its lines were checked as they were before")
        }
    }

    /// Entities handed to the writer at a time: enough to keep it busy, few enough to keep memory low.
    static let partSize = 256

    private static func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// Calls `body` for each non-blank line with its location, bytes and parsed JSON (or the syntax error),
    /// until `stop` says to stop.
    private func eachLine(of reader: LineReader, until stop: () -> Bool = { false },
                          _ body: (InputLocation, UnsafeRawBufferPointer, Result<JSONValue, JSONSyntaxError>, Int) throws -> Void) throws(SearchlightError) {
        do {
            try reader.forEachLine { number, bytes, bytesRead in
                if stop() { return false }
                guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return true }
                let json = Result { () throws(JSONSyntaxError) in try JSONValue(parsing: bytes) }
                try body(InputLocation(file: reader.name, line: number), bytes, json, bytesRead)
                return true
            }
        } catch let error as SearchlightError {
            throw error
        } catch {
            throw .input(path: reader.name, reason: "\(error)")
        }
    }

    /// The message of an entity error without a location (the caller adds file and line).
    static func reason(_ error: any Error) -> String {
        if case .invalidEntity(_, let field, let reason)? = error as? SearchlightError {
            return (field.map { "\($0): " } ?? "") + reason
        }
        return "\(error)"
    }
}
