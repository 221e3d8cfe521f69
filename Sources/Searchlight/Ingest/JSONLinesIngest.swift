import Foundation

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
        /// Skip invalid lines (reporting each) instead of stopping before writing anything.
        public var skipInvalid = false
        public var batchSize = 10_000

        public init(schema: Schema? = nil, defaultType: String? = nil, skipInvalid: Bool = false, batchSize: Int = 10_000) {
            self.schema = schema
            self.defaultType = defaultType
            self.skipInvalid = skipInvalid
            self.batchSize = batchSize
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
    }

    /// Progress of a run: which pass, and bytes done of the total.
    public struct Progress: Sendable {
        public enum Phase: String, Sendable { case checking, indexing }
        public var phase: Phase
        public var bytesDone: Int
        public var bytesTotal: Int
    }

    let index: EntityIndex
    let files: [String]
    let options: Options

    public init(index: EntityIndex, files: [String], options: Options) {
        self.index = index
        self.files = files
        self.options = options
    }

    public func run(progress: (Progress) -> Void = { _ in }) throws(SearchlightError) -> Report {
        let started = Date()
        let readers = try files.map { (file) throws(SearchlightError) in try LineReader(path: file) }
        let totalBytes = readers.reduce(0) { $0 + $1.size }
        var report = Report()

        // Pass 1: check every line, infer missing types, note the invalid ones.
        var schema = try index.schema.merged(with: options.schema ?? Schema())
        // Types are inferred for flat data (`--type`), or for every type when there is no schema at all;
        // otherwise an unknown type is more likely a typo than a new type.
        let inferAnyType = options.schema == nil && schema.types.isEmpty
        var inference = SchemaInference()
        var invalid = Set<InputLocation>()
        var seen = Set<String>()
        var doneBytes = 0
        let checker = EntityDecoder(schema: schema, defaultType: options.defaultType)
        for reader in readers {
            var entities = 0
            try eachLine(of: reader) { location, json, bytesRead in
                defer { if location.line % 4096 == 0 { progress(Progress(phase: .checking, bytesDone: doneBytes + bytesRead, bytesTotal: totalBytes)) } }
                do {
                    let envelope = try checker.envelope(of: try json.get())
                    if let type = schema.type(named: envelope.type) {
                        let entity = try checker.entity(from: envelope, type: type)
                        if !seen.insert(IndexTerms.unique(type: entity.type, id: entity.id)).inserted { report.duplicates += 1 }
                    } else if inferAnyType || envelope.type == options.defaultType {
                        try inference.observe(type: envelope.type, id: envelope.id, attributes: envelope.attributes)
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
            if entities == 0 && !options.skipInvalid && !invalid.contains(where: { $0.file == reader.path }) {
                throw .input(path: reader.path, reason: reader.size == 0 ? "the file is empty" : "the file holds no entities")
            }
            doneBytes += reader.size
        }
        if !inference.isEmpty { schema = try schema.merged(with: inference.schema()) }

        // Pass 2: index the valid lines in atomic batches, each with its checkpoint.
        var batch: [Entity] = []
        batch.reserveCapacity(options.batchSize)
        var counts: [String: Int] = [:]
        var schemaToStore: Schema? = schema
        func flush(at location: InputLocation) throws(SearchlightError) {
            guard !batch.isEmpty else { return }
            let checkpoint = JSONValue.object([("file", .string(location.file)), ("line", .int(location.line)),
                                               ("entities", .int(report.indexed + batch.count))])
            try index.write(batch, schema: schemaToStore, checkpoint: checkpoint)
            schemaToStore = nil
            report.indexed += batch.count
            report.batches += 1
            batch.removeAll(keepingCapacity: true)
        }
        let decoder = EntityDecoder(schema: schema, defaultType: options.defaultType)
        doneBytes = 0
        for reader in readers {
            var last = InputLocation(file: reader.path, line: 0)
            try eachLine(of: reader) { location, json, bytesRead in
                last = location
                guard !invalid.contains(location) else { return }
                let entity: Entity
                do { entity = try decoder.entity(from: try json.get()) } catch {
                    throw SearchlightError.invalidEntity(location: location, field: nil, reason: Self.reason(error))
                }
                batch.append(entity)
                counts[entity.type, default: 0] += 1
                if batch.count >= options.batchSize {
                    try flush(at: location)
                    progress(Progress(phase: .indexing, bytesDone: doneBytes + bytesRead, bytesTotal: totalBytes))
                }
            }
            try flush(at: last)
            doneBytes += reader.size
            progress(Progress(phase: .indexing, bytesDone: doneBytes, bytesTotal: totalBytes))
        }
        if report.indexed > 0 { try index.refreshShortPrefixTables() }
        report.countsByType = schema.types.compactMap { type in counts[type.name].map { (type.name, $0) } }
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    /// Calls `body` for each non-blank line with its location and parsed JSON (or the syntax error).
    private func eachLine(of reader: LineReader,
                          _ body: (InputLocation, Result<JSONValue, JSONSyntaxError>, Int) throws -> Void) throws(SearchlightError) {
        do {
            try reader.forEachLine { number, bytes, bytesRead in
                guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return true }
                let json = Result { () throws(JSONSyntaxError) in try JSONValue(parsing: bytes) }
                try body(InputLocation(file: reader.path, line: number), json, bytesRead)
                return true
            }
        } catch let error as SearchlightError {
            throw error
        } catch {
            throw .input(path: reader.path, reason: "\(error)")
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
