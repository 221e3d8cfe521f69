import FoundationEssentials
import Glibc
import Synchronization
import XapianIndex

/// An on-disk index of entities of several types: one Xapian database plus its schema.
///
/// Safe to share between tasks: every call takes the index's lock, so calls on one
/// `EntityIndex` run one at a time; open one per task for parallel reads. Many processes
/// may read an index while one writes it; readers see whole committed batches only.
///
/// ```swift
/// let index = try EntityIndex(path: ".searchlight", mode: .readWrite)
/// try index.register(schema)
/// try index.index([Entity(type: "trail", id: "mist-trail", attributes: ["name": "Mist Trail"])])
/// let found = try index.entities(for: [EntityReference(type: "trail", id: "mist-trail")])
/// ```
public final class EntityIndex: Sendable {
    public enum Mode: Sendable {
        case readOnly
        /// Creates the index if missing; fails with `.indexLocked` while another process writes it.
        case readWrite
    }

    struct State {
        var database: Database
        /// What the stub files of a reader's index said when it was opened (see `ShardedFolder.stubText`).
        var stubs = ""
        /// How this reader reaches remote shards (kept for opening the index afresh).
        var remote = RemoteShardOptions()
        var schema: Schema
        /// The languages of the entities of types with a `languageAttribute`, as stored.
        var languages = EntityLanguages()
        var builder = DocumentBuilder()
        /// The query parser of `schema`, once a search made it (cleared when the schema or the
        /// languages change).
        var madeSearcher: Searcher?

        var writer: WritableDatabase? { database as? WritableDatabase }

        /// The query parser of the current schema and languages, made at the first search after they changed.
        mutating func searcher() throws(XapianError) -> Searcher {
            if let madeSearcher { return madeSearcher }
            let made = try Searcher(schema: schema, languages: languages, database: database)
            madeSearcher = made
            return made
        }

        /// Moves to the latest committed revision and picks up the dictionary a writer may have stored since.
        ///
        /// A reader whose stub files changed since it opened the index (a replica that `xapian-replicate`
        /// switched to a fresh whole copy, a sharded index merged into one) opens it afresh: Xapian's
        /// reopen would read on in the database the stub named before, which may be gone. A reader that
        /// left out remote shards it could not reach tries them again.
        mutating func reopen(path: String) throws(XapianError) {
            let current = writer == nil ? ShardedFolder.stubText(path) : stubs
            if current != stubs {
                stubs = current
                let remote = self.remote
                database = try EntityIndex.retryingTornOpen { () throws(XapianError) in try remote.open(path) }
                madeSearcher = nil
            } else {
                let database = self.database
                if !database.missingShards.isEmpty {
                    try database.reconnect()
                    madeSearcher = nil
                }
                try EntityIndex.retryingTornOpen { () throws(XapianError) in try database.reopen() }
            }
            try loadDictionary()
        }

        /// Registers the index's stored-data dictionary, if it has one, for reading and for writing,
        /// and takes the length normalisation its documents are written with.
        mutating func loadDictionary() throws(XapianError) {
            if builder.normalization == nil, let stored = try database.metadata(IndexMetadata.averageLength) {
                builder.normalization = LengthNormalization(stored: stored, storedTitle: try database.metadata(IndexMetadata.averageTitleLength),
                                                            storedFields: try database.metadata(IndexMetadata.averageFieldLengths))
            }
            guard builder.dictionary == nil, let bytes = try database.metadata(IndexMetadata.dictionary) else { return }
            builder.dictionary = StoredData.Dictionary.registered(bytes)
        }
    }

    public let path: String
    public let mode: Mode
    let state: Mutex<State>

    /// Opens the index at `path`. A writer that finds another process writing retries until
    /// `wait` has passed before failing with `.indexLocked`.
    ///
    /// A folder holding Xapian's stub file `XAPIANDB` is a sharded index (see `ShardedFolder`): it is
    /// read as one database and written shard by shard, each entity in the shard `ShardRouting` gives it.
    ///
    /// ```swift
    /// let sharded = try EntityIndex(path: "/tmp/packages", mode: .readWrite, shards: 2)
    /// print(sharded.shardCount)   // 2
    /// ```
    /// A reader reaches the remote shards of a sharded index (`remote HOST:PORT` lines of its
    /// `XAPIANDB`, served by `xapian-tcpsrv`) with `remote`'s timeouts. After a network error (a
    /// server restarted, an idle connection closed) a read connects them afresh and tries once more.
    ///
    /// - Parameters:
    ///   - shards: for `.readWrite`, how many shards a new index gets (1: one database, the default);
    ///     an existing index must have that many, unless nil (any).
    ///   - remote: how a reader reaches remote shards, and whether it answers without those it cannot reach.
    /// - Throws: `.indexLocked`, `.indexNotFound`, `.notAnIndex` (also when an existing index has
    ///   another number of shards than `shards`), `.storage`; `.shardUnavailable` naming a remote
    ///   shard that cannot be reached (unless `remote.allowPartial`).
    public init(path: String, mode: Mode = .readOnly, waitingForWriterUpTo wait: Duration = .zero, shards: Int? = nil,
                remote: RemoteShardOptions = RemoteShardOptions()) throws(SearchlightError) {
        self.path = path
        self.mode = mode
        let deadline = ContinuousClock.now + wait
        var database: Database
        // Read before the open: a stub that changes meanwhile makes the next reopen open afresh, not miss it.
        let stubs = ShardedFolder.stubText(path)
        while true {
            do {
                database = try Self.open(path: path, mode: mode, shards: shards ?? 1, remote: remote)
                break
            } catch .indexLocked where ContinuousClock.now < deadline {
                usleep(50_000)
            }
        }
        if let shards, database.shardCount != shards {
            throw .notAnIndex(path: path, reason: "it has \(database.shardCount) shard\(database.shardCount == 1 ? "" : "s"), not \(shards); "
                + "the number of shards is fixed when an index is created: rebuild it in another folder to change it")
        }
        state = Mutex(State(database: database, stubs: stubs, remote: remote, schema: Schema()))
        try read { (state: inout State) throws in
            state.schema = try Self.storedSchema(state.database, path: path)
            state.languages = try Self.storedLanguages(state.database)
            try state.loadDictionary()
        }
    }

    private static func open(path: String, mode: Mode, shards: Int, remote: RemoteShardOptions) throws(SearchlightError) -> Database {
        let files = FileManager.default
        var isDirectory = false
        let exists = files.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists, !isDirectory { throw .notAnIndex(path: path, reason: "it is a file, not a folder") }
        let isXapian = files.fileExists(atPath: path + "/iamglass") || ShardedFolder.isSharded(path)
        do {
            switch mode {
            case .readOnly:
                guard exists else { throw SearchlightError.indexNotFound(path: path) }
                guard isXapian else { throw SearchlightError.notAnIndex(path: path, reason: "the folder holds no index") }
                return try retryingTornOpen { () throws(XapianError) in try remote.open(path) }
            case .readWrite:
                if isXapian, ShardedFolder.isReplica(path) {
                    throw SearchlightError.storage(StorageFailure(kind: .io, message: "cannot write the index at \(path): it is a replica, which "
                        + "xapian-replicate keeps a copy of its master; write to the master instead"))
                }
                if exists, !isXapian, !((try? files.contentsOfDirectory(atPath: path))?.isEmpty ?? true) {
                    throw SearchlightError.notAnIndex(path: path, reason: "the folder is not empty and holds no index; refusing to write into it")
                }
                if !isXapian, shards > 1 {
                    try ShardedFolder.create(at: path, shards: shards)
                } else if !exists {
                    try files.createDirectory(atPath: path, withIntermediateDirectories: true)
                }
                // Xapian decides whether a writer's first commit writes a changeset when it opens.
                if isXapian { Changesets.prepareWriter(at: path) }
                let writer = try WritableDatabase(path: path)
                WriterLock.record(path: path)
                // Holding the lock, delete what a compaction that was killed part-way left beside the index.
                try? removeCompactionLeftovers(of: path)
                return writer
            }
        } catch let error as SearchlightError {
            throw error
        } catch let error as XapianError {
            // Xapian reports a folder or lock file it cannot write (a read-only mount, files of
            // another user) as a lock it cannot take, and a table it cannot open as not a database.
            if error.kind == .databaseLock || error.kind == .databaseOpening, let problem = permissionProblem(path: path, mode: mode) {
                throw .storage(StorageFailure(kind: .io, message: "cannot \(mode == .readOnly ? "read" : "write") the index at \(path): \(problem)"))
            }
            switch error.kind {
            case .databaseLock:
                throw .indexLocked(path: path, pid: WriterLock.holder(path: path))
            case .databaseNotFound: throw .indexNotFound(path: path)
            case .databaseOpening, .databaseCorrupt: throw .notAnIndex(path: path, reason: error.message)
            case .network: throw .shardUnavailable(path: path, reason: error.message)
            default: throw .storage(error)
            }
        } catch {
            throw .input(error, at: path)
        }
    }

    /// Why this process may not open the index at `path` in `mode`: the folder, or the first of
    /// Xapian's files in it, that it cannot read (or write), with the reason; nil when all can be.
    private static func permissionProblem(path: String, mode: Mode) -> String? {
        let want = mode == .readOnly ? R_OK : R_OK | W_OK
        if access(path, want | X_OK) != 0 { return String(cString: strerror(errno)) }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        for name in names where name == "flintlock" || name == "iamglass" || name.hasSuffix(".glass") {
            if mode == .readOnly && name == "flintlock" { continue }
            let file = path + "/" + name
            if access(file, want) != 0 { return "\(file): \(String(cString: strerror(errno)))" }
        }
        return nil
    }

    /// Runs an open or reopen of a reader. Xapian reads the revision to open and then the roots of
    /// its tables; a writer that commits twice in between may already have reused those blocks,
    /// and the open fails as corrupt or as reading a discarded revision. A replica's stub may name a
    /// copy that `xapian-replicate` deletes as the open reads it. Only a failure that persists over a
    /// few fresh tries is the index's own.
    static func retryingTornOpen<T>(_ open: () throws(XapianError) -> T) throws(XapianError) -> T {
        var attempt = 0
        while true {
            do {
                return try open()
            } catch where [.databaseCorrupt, .databaseModified, .databaseOpening].contains(error.kind) && attempt < openRetries {
                attempt += 1
                usleep(UInt32(attempt) * 2_000)
            }
        }
    }

    /// Fresh opens tried after one that failed as corrupt.
    static let openRetries = 5

    private static func storedSchema(_ database: Database, path: String) throws(SearchlightError) -> Schema {
        do {
            if let version = try database.metadata(IndexMetadata.formatVersion) {
                let text = String(decoding: version, as: UTF8.self)
                guard Int(text) == IndexFormat.version else {
                    throw SearchlightError.notAnIndex(path: path, reason: "format version \(text); this build reads version \(IndexFormat.version)")
                }
            } else if try database.documentCount > 0 {
                throw SearchlightError.notAnIndex(path: path, reason: "the Xapian database has no Searchlight format version")
            }
            guard let bytes = try database.metadata(IndexMetadata.schema) else { return Schema() }
            return try Schema(jsonText: String(decoding: bytes, as: UTF8.self), source: "\(path) (stored schema)", stored: true)
        } catch let error as SearchlightError {
            throw error
        } catch let error as XapianError {
            throw error.kind == .network ? .shardUnavailable(path: path, reason: error.message) : .storage(error)
        } catch {
            throw .storage(StorageFailure(kind: .other, message: "\(error)"))
        }
    }

    /// How long a read keeps retrying while writers overwrite the revisions it reads.
    static let readRetryLimit = 10

    /// The schema stored in the index.
    public var schema: Schema { state.withLock { $0.schema } }

    /// The remote shards this reader left out because they could not be reached, when opened with
    /// `RemoteShardOptions.allowPartial`: results then come from the other shards. Empty otherwise.
    ///
    /// ```swift
    /// let found = try index.search(SearchRequest("editor"))
    /// let missing = index.missingShards.map(\.line)   // ["remote 10.0.0.2:7000"] while that server is down
    /// ```
    public var missingShards: [MissingShard] {
        state.withLock { $0.database.missingShards.map { MissingShard(line: $0.line, reason: $0.reason) } }
    }

    /// How many shards the index has: 1 for one database (see `ShardedFolder`).
    public var shardCount: Int { state.withLock { $0.database.shardCount } }

    /// Runs `body` against the database; a reader that sees a newer revision being written
    /// reopens and retries, so it never fails halfway through a writer's commit. A read fails
    /// only when the revision it started on is overwritten, two commits later; a slow read under
    /// a fast writer may need several tries, so it retries (backing off a little) for up to
    /// `readRetryLimit` seconds. The reopen is part of the retry: it reads metadata of the new
    /// revision, which two more commits can overwrite as well.
    ///
    /// A network error (a remote shard's server restarted or closed an idle connection, or timed
    /// out) connects the remote shards afresh and runs `body` once more; a shard that still cannot
    /// be reached fails the read with `.shardUnavailable` naming it, or, when the index allows
    /// partial results, is left out (`missingShards`) and `body` runs on the others.
    func read<T: Sendable>(_ body: (inout State) throws -> T) throws(SearchlightError) -> T {
        do {
            return try state.withLock { (state: inout State) throws -> T in
                let deadline = ContinuousClock.now + .seconds(Self.readRetryLimit)
                var attempt = 0
                var reconnected = false
                while true {
                    do {
                        if attempt > 0 { try state.reopen(path: path) }
                        return try body(&state)
                    } catch where Self.isDiscardedRevision(error) && ContinuousClock.now < deadline {
                        attempt += 1
                        if attempt > 1 { usleep(UInt32(min(50, attempt)) * 1_000) }
                    } catch where Self.isNetworkFailure(error) {
                        // Connecting afresh names a shard that cannot be reached (or leaves it out);
                        // a second failure is the shard's own, named when it no longer connects.
                        try state.database.reconnect()
                        state.madeSearcher = nil
                        if reconnected { throw error }
                        reconnected = true
                    }
                }
            }
        } catch let error as SearchlightError {
            throw error
        } catch let error as XapianError where error.kind == .network {
            throw .shardUnavailable(path: path, reason: error.message)
        } catch let error as XapianError {
            throw .storage(error)
        } catch {
            throw .storage(StorageFailure(kind: .other, message: "\(error)"))
        }
    }

    /// Whether `error` says the revision being read was overwritten by a writer (reopen and retry),
    /// whether it arrives as Xapian's error or already wrapped in a Searchlight one.
    static func isDiscardedRevision(_ error: any Error) -> Bool {
        switch error {
        case let error as XapianError: error.kind == .databaseModified
        case SearchlightError.storage(let error): error.kind == .revisionDiscarded
        default: false
        }
    }

    /// Whether `error` says a remote shard could not be reached (connect afresh and retry), whether it
    /// arrives as Xapian's error or already as a Searchlight one.
    static func isNetworkFailure(_ error: any Error) -> Bool {
        switch error {
        case let error as XapianError: error.kind == .network
        case SearchlightError.shardUnavailable: true
        default: false
        }
    }

    /// Runs `body` in one transaction of the writer: all of it is committed, or none of it.
    func write<T: Sendable>(_ body: (inout State, WritableDatabase) throws -> T) throws(SearchlightError) -> T {
        try read { (state: inout State) throws -> T in
            guard let writer = state.writer else { throw SearchlightError.readOnly }
            let schemaBefore = state.schema
            let languagesBefore = state.languages
            let dictionaryBefore = state.builder.dictionary
            let normalizationBefore = state.builder.normalization
            do {
                return try writer.transaction { try body(&state, writer) }
            } catch {
                state.schema = schemaBefore
                state.languages = languagesBefore
                state.builder.dictionary = dictionaryBefore
                state.builder.normalization = normalizationBefore
                throw error
            }
        }
    }

    /// One `EntityIndex` per shard of this sharded writer, each writing its shard through this
    /// writer's handle on it (not a second lock), with this index's schema, dictionary and length
    /// normalisation: for an ingest to write the shards in parallel, one thread each. This index is
    /// not used meanwhile; `reloadStoredState()` afterwards picks up what they stored.
    /// - Throws: `.readOnly` for a reader.
    func shardWriters() throws(SearchlightError) -> [EntityIndex] {
        try read { (state: inout State) throws -> [EntityIndex] in
            guard let writer = state.writer else { throw SearchlightError.readOnly }
            return try (0..<writer.shardCount).map { number in
                EntityIndex(path: path + "/" + ShardedFolder.shardName(number), mode: mode, writer: try writer.shard(number), schema: state.schema,
                            dictionary: state.builder.dictionary, normalization: state.builder.normalization)
            }
        }
    }

    private init(path: String, mode: Mode, writer: WritableDatabase, schema: Schema,
                 dictionary: StoredData.Dictionary?, normalization: LengthNormalization?) {
        self.path = path
        self.mode = mode
        // The shard's handle is this index's alone from now on: the sharded writer that made it
        // leaves the shard to it until `reloadStoredState()`.
        nonisolated(unsafe) let state = State(database: writer, schema: schema)
        state.builder.dictionary = dictionary
        state.builder.normalization = normalization
        self.state = Mutex(state)
    }

    /// Reads the schema, dictionary and length normalisation stored since this index was opened
    /// (by the writers of `shardWriters()`).
    func reloadStoredState() throws(SearchlightError) {
        try read { (state: inout State) throws in
            state.schema = try Self.storedSchema(state.database, path: path)
            try state.loadDictionary()
            state.madeSearcher = nil
        }
    }

    /// Moves a reader to the latest committed revision; a reader that left out remote shards it could
    /// not reach (`missingShards`) tries to reach them again.
    ///
    /// ```swift
    /// try index.reopen()
    /// index.missingShards.isEmpty   // true once the servers answer again
    /// ```
    public func reopen() throws(SearchlightError) {
        try read { (state: inout State) throws in
            try state.reopen(path: path)
            state.schema = try Self.storedSchema(state.database, path: path)
            state.languages = try Self.storedLanguages(state.database)
            state.madeSearcher = nil
        }
    }

    // MARK: Schema

    /// Adds `schema` to the stored one (new types and keys; conflicts throw) and commits it.
    public func register(_ schema: Schema) throws(SearchlightError) {
        try write { (state: inout State, writer) throws in
            try Self.store(schema, in: &state, writer: writer)
        }
    }

    /// Merges `schema` into the state's and writes it into the current transaction if it changed.
    static func store(_ schema: Schema, in state: inout State, writer: WritableDatabase) throws {
        let merged = try state.schema.merged(with: schema)
        let unversioned = try writer.metadata(IndexMetadata.formatVersion) == nil
        if merged != state.schema || unversioned {
            try writer.setMetadata(IndexMetadata.formatVersion, Array(String(IndexFormat.version).utf8))
            try writer.setMetadata(IndexMetadata.schema, Array(merged.jsonValue.jsonText.utf8))
            state.schema = merged
            state.madeSearcher = nil
        }
    }

    /// Records in the current transaction, when the index holds no entity (new, or emptied however
    /// it was), that what it is given next is analysed by this build's text revision.
    private static func recordTextRevisionIfEmpty(_ writer: WritableDatabase) throws(XapianError) {
        guard try writer.documentCount == 0 else { return }
        try writer.setMetadata(IndexMetadata.textRevision, Array(String(IndexFormat.textRevision).utf8))
    }

    /// The languages stored with the index (`IndexMetadata.languages`); none before any was written
    /// (or when the value is damaged, which `check` reports).
    private static func storedLanguages(_ database: Database) throws(XapianError) -> EntityLanguages {
        try database.metadata(IndexMetadata.languages).flatMap(EntityLanguages.init(stored:)) ?? EntityLanguages()
    }

    /// Adds `languages` to the state's and writes them into the current transaction if any is new.
    static func store(_ languages: EntityLanguages, in state: inout State, writer: WritableDatabase) throws(XapianError) {
        var merged = state.languages
        guard merged.formUnion(languages) else { return }
        try writer.setMetadata(IndexMetadata.languages, merged.stored)
        state.languages = merged
        state.madeSearcher = nil
    }

    // MARK: Writing

    /// Indexes `entities` as one atomic batch, replacing entities with the same type and id.
    /// Each is checked against the schema first; one invalid entity rejects the whole batch.
    public func index(_ entities: [Entity]) throws(SearchlightError) {
        let decoder = EntityDecoder(schema: schema)
        var checked: [Entity] = []
        checked.reserveCapacity(entities.count)
        for entity in entities {
            var valid: Entity
            var bare = entity
            bare.displayRepresentation = nil
            do {
                valid = try decoder.entity(from: bare.jsonValue)
            } catch {
                if case .invalidEntity(_, let field, let reason) = error {
                    throw .invalidEntity(location: nil, field: "\(entity.reference)" + (field.map { ".\($0)" } ?? ""), reason: reason)
                }
                throw error
            }
            valid.displayRepresentation = entity.displayRepresentation
            checked.append(valid)
        }
        try write { (state: inout State, writer) throws in
            try Self.recordTextRevisionIfEmpty(writer)
            if state.builder.dictionary == nil, let dictionary = Self.trainedDictionary(checked) {
                try Self.install(dictionary, in: &state, writer: writer)
            }
            if state.builder.normalization == nil {
                var lengths = LengthSurvey()
                for entity in checked { if let type = state.schema.type(named: entity.type) { lengths.count(entity, type: type) } }
                if let normalization = lengths.normalization(decoder: decoder) { try Self.install(normalization, in: &state, writer: writer) }
            }
            state.builder.languages = EntityLanguages()
            for entity in checked {
                guard let type = state.schema.type(named: entity.type) else {
                    throw SearchlightError.unknownType(entity.type, known: state.schema.types.map(\.name))
                }
                try Self.upsert(try state.builder.document(for: entity, type: type, schema: state.schema),
                                uniqueTerm: IndexTerms.unique(type: entity.type, id: entity.id), in: writer)
            }
            try Self.store(state.builder.languages, in: &state, writer: writer)
            _ = try Self.purgeExpired(writer)
        }
        try refreshShortPrefixTables()
    }

    /// Replaces the document carrying `uniqueTerm`, or adds it. In a sharded index a new entity goes
    /// to the shard `ShardRouting` gives it, at the next position (Xapian would add it to whichever
    /// shard the next docid falls in).
    static func upsert(_ document: Document, uniqueTerm: String, in writer: WritableDatabase) throws(XapianError) {
        let shards = writer.shardCount
        guard shards > 1 else {
            try writer.replaceDocument(uniqueTerm: uniqueTerm, with: document)
            return
        }
        if let docid = try writer.firstDocid(forTerm: uniqueTerm) {
            try writer.replaceDocument(at: docid, with: document)
        } else {
            let routing = ShardRouting(count: shards)
            let position = routing.nextPosition(afterLastDocid: try writer.lastDocid)
            try writer.replaceDocument(at: routing.combinedDocid(position: position, shard: routing.shard(ofUniqueTerm: uniqueTerm)), with: document)
        }
    }

    /// An entity's document, built outside the index's lock (see `JSONLinesIngest`), and its unique term.
    /// Handed from the thread that built it to the one that writes it, never shared.
    struct PreparedEntity: @unchecked Sendable {
        let document: Document
        let uniqueTerm: String
        /// Written into one shard of a sharded index: the docid it gets there if it is new
        /// (`ShardRouting.localDocid`); nil in a single index, which numbers documents itself.
        var shardDocid: UInt32? = nil
    }

    /// A part of a batch written by `writeBatch`: some of its entities, or its end, with what is
    /// stored along with them: the schema they need, the languages of their text (see
    /// `EntityLanguages`), the checkpoint of the input read so far, and the dictionary their data was
    /// compressed with (stored if the index has none yet).
    enum BatchPart: Sendable {
        case entities([PreparedEntity])
        case end(schema: Schema?, languages: EntityLanguages = EntityLanguages(), checkpoint: JSONValue?, dictionary: StoredData.Dictionary?,
                 normalization: LengthNormalization?)
    }

    /// Writes one batch in one commit, its parts taken from `next` until the end. An error thrown by
    /// `next` discards the batch. `adding` promises that none of the entities is in the index yet
    /// (they are added without a lookup).
    /// With `purgingExpired`, expired entities (the batch's own too) are deleted in the same commit.
    func writeBatch(adding: Bool, purgingExpired: Bool = false, parts next: () throws -> BatchPart) throws(SearchlightError) {
        try write { (state: inout State, writer) throws in
            try Self.recordTextRevisionIfEmpty(writer)
            while true {
                switch try next() {
                case .entities(let entities):
                    for entity in entities {
                        if let docid = entity.shardDocid {
                            let existing = adding ? nil : try writer.firstDocid(forTerm: entity.uniqueTerm)
                            try writer.replaceDocument(at: existing ?? docid, with: entity.document)
                        } else if adding {
                            _ = try writer.addDocument(entity.document)
                        } else {
                            try writer.replaceDocument(uniqueTerm: entity.uniqueTerm, with: entity.document)
                        }
                    }
                case .end(let schema, let languages, let checkpoint, let dictionary, let normalization):
                    if let schema { try Self.store(schema, in: &state, writer: writer) }
                    try Self.store(languages, in: &state, writer: writer)
                    if let dictionary, state.builder.dictionary == nil { try Self.install(dictionary, in: &state, writer: writer) }
                    if let normalization, state.builder.normalization == nil { try Self.install(normalization, in: &state, writer: writer) }
                    if let checkpoint { try writer.setMetadata(IndexMetadata.checkpoint, Array(checkpoint.jsonText.utf8)) }
                    if purgingExpired { _ = try Self.purgeExpired(writer) }
                    return
                }
            }
        }
    }

    /// Stores the stored-data dictionary in the current transaction and compresses with it from now on.
    private static func install(_ dictionary: StoredData.Dictionary, in state: inout State, writer: WritableDatabase) throws(XapianError) {
        try writer.setMetadata(IndexMetadata.dictionary, dictionary.bytes)
        state.builder.dictionary = dictionary
    }

    /// Stores the length normalisation in the current transaction and writes with it from now on.
    private static func install(_ normalization: LengthNormalization, in state: inout State, writer: WritableDatabase) throws(XapianError) {
        try writer.setMetadata(IndexMetadata.averageLength, normalization.stored)
        if let title = normalization.storedTitle { try writer.setMetadata(IndexMetadata.averageTitleLength, title) }
        if let fields = normalization.storedFields { try writer.setMetadata(IndexMetadata.averageFieldLengths, fields) }
        state.builder.normalization = normalization
    }

    /// The length normalisation documents are written with, once the index has entities.
    var normalization: LengthNormalization? { state.withLock { $0.builder.normalization } }

    /// The index's stored-data dictionary, if it has one (see `StoredData`).
    var dictionary: StoredData.Dictionary? { state.withLock { $0.builder.dictionary } }

    /// A dictionary trained on the stored form of `entities`; nil when they are too few.
    private static func trainedDictionary(_ entities: [Entity]) -> StoredData.Dictionary? {
        guard entities.count >= StoredData.Dictionary.minimumSamples else { return nil }
        let samples = entities.map { Array($0.jsonValue.jsonText.utf8) }
        var sampler = StoredData.Sampler(expectedBytes: samples.reduce(0) { $0 + $1.count })
        var seen = 0
        for sample in samples {
            seen += sample.count
            sample.withUnsafeBytes { sampler.offer($0, after: seen) }
        }
        return StoredData.Dictionary.trained(on: sampler)
    }

    /// Deletes the given entities; returns how many existed.
    @discardableResult
    public func deleteEntities(_ references: [EntityReference]) throws(SearchlightError) -> Int {
        let terms = try references.map { (reference) throws(SearchlightError) in try uniqueTerm(reference) }
        return try deleteDocuments(withTerms: terms)
    }

    /// Deletes every entity of `type`; returns how many there were.
    @discardableResult
    public func deleteEntities(ofType type: String) throws(SearchlightError) -> Int {
        try deleteDocuments(withTerms: [IndexTerms.type(type)])
    }

    /// Deletes every entity in `domain` (Core Spotlight's `deleteSearchableItems(withDomainIdentifiers:)`).
    @discardableResult
    public func deleteEntities(inDomain domain: String) throws(SearchlightError) -> Int {
        try deleteDocuments(withTerms: [IndexTerms.domain(domain)])
    }

    /// Deletes every entity, keeping the schema.
    @discardableResult
    public func deleteAll() throws(SearchlightError) -> Int {
        try deleteDocuments(withTerms: schema.types.map { IndexTerms.type($0.name) })
    }

    private func deleteDocuments(withTerms terms: [String]) throws(SearchlightError) -> Int {
        let (deleted, purged) = try write { (_: inout State, writer) throws -> (Int, Int) in
            // Expired entities are purged first, so that the count is of entities that were still there.
            let purged = try Self.purgeExpired(writer)
            return (try terms.reduce(0) { total, term in total + (try writer.deleteDocuments(withTerm: term)) }, purged)
        }
        if deleted > 0 || purged > 0 { try refreshShortPrefixTables() }
        return deleted
    }

    // MARK: Reading

    /// The entities with these references, in the order asked; missing ones are skipped
    /// (App Intents' `entities(for:)`).
    public func entities(for references: [EntityReference]) throws(SearchlightError) -> [Entity] {
        let terms = try references.map { (reference) throws(SearchlightError) in try uniqueTerm(reference) }
        return try read { (state: inout State) throws -> [Entity] in
            let now = Date()
            return try terms.compactMap { term in
                try state.database.documentData(forTerm: term).flatMap(Self.entity(fromData:)).flatMap { Self.isExpired($0, now: now) ? nil : $0 }
            }
        }
    }

    /// Decodes the document data written by `DocumentBuilder`.
    static func entity(fromData data: [UInt8]) -> Entity? {
        data.withUnsafeBytes { entity(fromData: $0) }
    }

    /// Decodes document data read in place (a match decider's view of it).
    static func entity(fromData data: UnsafeRawBufferPointer) -> Entity? {
        StoredData.unpack(data)?.withUnsafeBytes { Entity(storedJSON: $0) }
    }

    /// The unique term of a reference, reading its id by the type's identifier kind.
    func uniqueTerm(_ reference: EntityReference) throws(SearchlightError) -> String {
        guard let type = schema.type(named: reference.type) else {
            throw .unknownType(reference.type, known: schema.types.map(\.name))
        }
        guard let id = EntityIdentifier(reference.id.stringValue, kind: type.idKind) else {
            throw .invalidEntity(location: nil, field: "id", reason: "'\(reference.id)' is not a valid \(type.idKind.rawValue) id for type '\(type.name)'")
        }
        return IndexTerms.unique(type: type.name, id: id)
    }

    /// The text revision the index's entities were analysed by (see `IndexFormat.textRevision`):
    /// the recorded one; 1 for entities written before revisions were recorded; this build's
    /// while the index is empty, since what it indexes next is analysed by this build.
    ///
    /// ```swift
    /// let index = try EntityIndex(path: ".searchlight")
    /// if try index.textRevision < IndexFormat.textRevision { print("some words may be missed until it is rebuilt") }
    /// ```
    /// - Throws: `.storage` when the index cannot be read.
    public var textRevision: Int {
        get throws(SearchlightError) {
            try read { (state: inout State) throws -> Int in try Self.textRevision(of: state.database) }
        }
    }

    /// The text revision `database`'s entities were analysed by (see `textRevision`).
    static func textRevision(of database: Database) throws(XapianError) -> Int {
        guard try database.documentCount > 0 else { return IndexFormat.textRevision }
        return try database.metadata(IndexMetadata.textRevision).flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 1
    }

    /// How many unexpired entities the index holds.
    public var totalCount: Int {
        get throws(SearchlightError) {
            try read { (state: inout State) throws -> Int in try state.database.documentCount - Self.expiredDocuments(state.database).count }
        }
    }

    /// The highest docid the index ever used (combined, in a sharded index).
    var lastDocid: UInt32 {
        get throws(SearchlightError) { try read { try $0.database.lastDocid } }
    }

    /// How many documents the index holds, expired ones included.
    var documentCount: Int {
        get throws(SearchlightError) { try read { try $0.database.documentCount } }
    }

    /// How many unexpired entities of each schema type the index holds.
    public func countsByType() throws(SearchlightError) -> [(type: String, count: Int)] {
        let names = schema.types.map(\.name)
        let expired = try expiredCountsByType()
        return try read { (state: inout State) throws -> [(type: String, count: Int)] in
            try names.map { ($0, try state.database.termFrequency(IndexTerms.type($0)) - expired[$0, default: 0]) }
        }
    }

    /// Bytes of the files in the index folder.
    public var sizeOnDisk: Int { Self.folderSize(path) }

    static func folderSize(_ path: String) -> Int {
        var info = stat()
        return ((try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []).reduce(0) { total, name in
            stat(path + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? total + Int(info.st_size) : total
        }
    }

    /// Records in the checkpoint that the index was compacted after the run that wrote it, so that
    /// `--resume` does not compact it again.
    func markCheckpointCompacted() throws(SearchlightError) {
        try write { (_: inout State, writer) throws in
            guard let bytes = try writer.metadata(IndexMetadata.checkpoint),
                  case .object(var members)? = try? JSONValue(parsing: String(decoding: bytes, as: UTF8.self)) else { return }
            members.removeAll { $0.key == "compacted" }
            members.append((key: "compacted", value: .bool(true)))
            try writer.setMetadata(IndexMetadata.checkpoint, Array(JSONValue.object(members).jsonText.utf8))
        }
    }

    /// Where the last committed batch of `searchlight index` ended, if recorded.
    public func checkpoint() throws(SearchlightError) -> JSONValue? {
        try read { (state: inout State) throws -> JSONValue? in
            guard let bytes = try state.database.metadata(IndexMetadata.checkpoint) else { return nil }
            return try? JSONValue(parsing: String(decoding: bytes, as: UTF8.self))
        }
    }
}
