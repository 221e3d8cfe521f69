import FoundationEssentials
import Glibc
import XapianIndex

/// The result of checking an index for consistency: Xapian's own structural check of the
/// database files, then Searchlight's — the format version, the stored schema and checkpoint,
/// and every document, whose data must decode to an entity of a stored type that carries
/// exactly that entity's unique term.
///
/// Reads only, so it may run while another process writes the index.
///
/// ```swift
/// let report = try IndexCheckReport(checking: ".searchlight")
/// if !report.isConsistent { report.problems.forEach { print($0) } }
/// ```
public struct IndexCheckReport: Sendable {
    /// At most this many problems are listed; `problemCount` counts them all.
    public static let listedProblems = 100

    public let path: String
    /// Errors found by Xapian's `Database::check`, and its report.
    public private(set) var xapianErrors = 0
    public private(set) var xapianReport = ""
    /// Documents whose data and unique term were checked.
    public private(set) var documents = 0
    /// Searchlight's own findings, each naming what is wrong and where.
    public private(set) var problems: [String] = []
    public private(set) var problemCount = 0
    /// What is not wrong but worth knowing, such as entities analysed by another text revision
    /// (`IndexFormat.textRevisionAdvice`); warnings leave the index consistent.
    public private(set) var warnings: [String] = []

    public var isConsistent: Bool { xapianErrors == 0 && problemCount == 0 }

    /// Checks the index at `path`, reaching remote shards with `remote`; throws only when there is
    /// no index to check. A remote shard's documents and metadata are checked over the connection,
    /// its files by `xapian-check` on its own host.
    ///
    /// - Parameters:
    ///   - path: the index folder.
    ///   - remote: how remote shards are reached (a shard left out is a problem).
    /// - Throws: `.indexNotFound`, `.notAnIndex`.
    public init(checking path: String, remote: RemoteShardOptions = RemoteShardOptions()) throws(SearchlightError) {
        self.path = path
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .indexNotFound(path: path) }
        let sharded = ShardedFolder.isSharded(path)
        guard isDirectory, sharded || FileManager.default.fileExists(atPath: path + "/iamglass") else {
            throw .notAnIndex(path: path, reason: "the folder holds no index")
        }
        // Xapian checks a database folder, or each one a stub file lists, but not a listed folder that
        // holds a stub of its own (a replica's shard): so each database folder is checked alone. A
        // remote shard is checked where it is served (`xapian-check` on its host).
        for folder in ShardedFolder.databaseFolders(path) {
            do throws(XapianError) {
                let (errors, report) = try Database.check(path: folder)
                xapianErrors += errors
                xapianReport += report
            } catch {
                // Xapian 1.4 opens the tables read/write to check them, so this fails on a read-only mount.
                note("Xapian's check could not run\(folder == path ? "" : " on \(folder)"): \(error.message)")
            }
        }
        do throws(XapianError) {
            let database = try remote.open(path)
            for (number, line) in database.shardLines.enumerated() where line.hasPrefix("remote") {
                xapianReport += "shard \(number) (\(line)): remote, its files not checked here (run xapian-check where it is served)\n"
            }
            for shard in database.missingShards { note("shard '\(shard.line)' could not be reached, so it was not checked: \(shard.reason)") }
            if let schema = try checkMetadata(database) { try checkDocuments(database, schema: schema) }
            if sharded, database.shardCount > 1 { try checkShardsAgree(database) }
        } catch {
            note("the database cannot be read: \(error.message)")
        }
    }

    private mutating func note(_ problem: String) {
        problemCount += 1
        if problems.count < Self.listedProblems { problems.append(problem) }
    }

    /// Metadata every shard of a sharded index holds alike: a reader reads the first shard's.
    static let sharedMetadata = [IndexMetadata.formatVersion, IndexMetadata.schema, IndexMetadata.dictionary, IndexMetadata.averageLength,
                                 IndexMetadata.averageTitleLength, IndexMetadata.averageFieldLengths, IndexMetadata.languages,
                                 IndexMetadata.textRevision]

    /// Checks that every shard holds the first shard's format version, schema, dictionary and average length.
    private mutating func checkShardsAgree(_ database: Database) throws(XapianError) {
        let lines = database.shardLines, missing = Set(database.missingShards.map(\.line))
        // A local shard by its folder's name, a remote one by its line.
        let name = { (number: Int) -> String in
            guard !lines[number].hasPrefix("remote") else { return lines[number] }
            let folder = lines[number].drop { $0 != " " }.dropFirst()
            return String(folder.split(separator: "/").last ?? folder)
        }
        let reached = (0..<database.shardCount).filter { !missing.contains(lines[$0]) }
        guard let firstNumber = reached.first else { return }
        let first = try database.shardReader(firstNumber)
        for number in reached.dropFirst() {
            let shard = try database.shardReader(number)
            for key in Self.sharedMetadata where try shard.metadata(key) != first.metadata(key) {
                note("metadata \(key) of \(name(number)) differs from \(name(firstNumber))'s")
            }
        }
    }

    /// Checks the format version, dictionary, average length, languages, schema and checkpoint;
    /// returns the schema when it parses.
    private mutating func checkMetadata(_ database: Database) throws(XapianError) -> Schema? {
        let version = try database.metadata(IndexMetadata.formatVersion).map { String(decoding: $0, as: UTF8.self) }
        let hasDocuments = try database.documentCount > 0
        switch version {
        case nil where hasDocuments: note("metadata \(IndexMetadata.formatVersion): missing, yet the index holds documents")
        case let text? where Int(text) != IndexFormat.version:
            note("metadata \(IndexMetadata.formatVersion): '\(text)'; this build reads version \(IndexFormat.version)")
        default: break
        }
        if let bytes = try database.metadata(IndexMetadata.textRevision), Int(String(decoding: bytes, as: UTF8.self)) == nil {
            note("metadata \(IndexMetadata.textRevision): '\(String(decoding: bytes, as: UTF8.self))' is not a revision")
        } else if let advice = IndexFormat.textRevisionAdvice(try EntityIndex.textRevision(of: database)) {
            warnings.append(advice)
        }
        if let bytes = try database.metadata(IndexMetadata.dictionary), StoredData.Dictionary.registered(bytes) == nil {
            note("metadata \(IndexMetadata.dictionary): not a zstd dictionary, so no entity compressed with it can be read")
        }
        for key in [IndexMetadata.averageLength, IndexMetadata.averageTitleLength] {
            if let bytes = try database.metadata(key), LengthNormalization.length(bytes) == nil {
                note("metadata \(key): '\(String(decoding: bytes, as: UTF8.self))' is not a length")
            }
        }
        if let bytes = try database.metadata(IndexMetadata.averageFieldLengths), LengthNormalization.fieldLengths(bytes) == nil {
            note("metadata \(IndexMetadata.averageFieldLengths): not lines of an attribute and its length")
        }
        if let bytes = try database.metadata(IndexMetadata.languages), EntityLanguages(stored: bytes) == nil {
            note("metadata \(IndexMetadata.languages): not an object of language lists, so queries miss the languages of some entities")
        }
        if let bytes = try database.metadata(IndexMetadata.checkpoint), (try? JSONValue(parsing: String(decoding: bytes, as: UTF8.self)))?["line"]?.intValue == nil {
            note("metadata \(IndexMetadata.checkpoint): not a checkpoint object")
        }
        guard let bytes = try database.metadata(IndexMetadata.schema) else {
            if hasDocuments { note("metadata \(IndexMetadata.schema): missing, yet the index holds documents") }
            return hasDocuments ? nil : Schema()
        }
        do {
            let schema = try Schema(jsonText: String(decoding: bytes, as: UTF8.self), source: "metadata \(IndexMetadata.schema)", stored: true)
            for (t, _, key) in schema.reservedKeys {
                note("metadata \(IndexMetadata.schema): type '\(schema.types[t].name)': \(Schema.reservedKeyReason(key)); "
                    + "every search of this index fails until it is re-created without it")
            }
            return schema
        } catch {
            note("\(error)")
            return nil
        }
    }

    /// Checks that each document's data decodes to an entity of a stored type, and that the document
    /// carries that entity's unique term and is the only one to carry it.
    private mutating func checkDocuments(_ database: Database, schema: Schema) throws(XapianError) {
        var failure: XapianError?
        try database.forEachDocument(termPrefix: "Q") { docid, data, term in
            documents += 1
            do throws(XapianError) {
                if let problem = try Self.problem(docid: docid, data: data, term: term, database: database, schema: schema) { note(problem) }
                return true
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
    }

    private static func problem(docid: UInt32, data: [UInt8], term: String, database: Database, schema: Schema) throws(XapianError) -> String? {
        guard let entity = EntityIndex.entity(fromData: data) else { return "document \(docid): its data is not a stored entity" }
        guard let type = schema.type(named: entity.type) else {
            return "document \(docid) (\(entity.reference)): type '\(entity.type)' is not in the stored schema"
        }
        guard let id = EntityIdentifier(entity.id.stringValue, kind: type.idKind) else {
            return "document \(docid) (\(entity.reference)): id is not a valid \(type.idKind.rawValue) id"
        }
        let expected = IndexTerms.unique(type: type.name, id: id)
        guard term == expected else { return "document \(docid) (\(entity.reference)): unique term is '\(term)', expected '\(expected)'" }
        let carriers = try database.termFrequency(expected)
        return carriers == 1 ? nil : "document \(docid) (\(entity.reference)): \(carriers) documents carry '\(expected)'"
    }
}
