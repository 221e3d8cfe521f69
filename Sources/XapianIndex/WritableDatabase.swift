import CXapian

/// A Xapian database opened for writing: one writer per database at a time.
///
/// ```swift
/// let db = try WritableDatabase(path: "index")
/// try db.transaction {
///     let doc = Document()
///     doc.setData(Array("hello".utf8))
///     doc.addBooleanTerm("Qdoc:1")
///     try db.replaceDocument(uniqueTerm: "Qdoc:1", with: doc)
/// }
/// ```
public final class WritableDatabase: Database {
    /// How to treat an existing (or missing) database at the path. There is no overwrite mode:
    /// Xapian would truncate the files in place, under readers that have them open (or mapped, in
    /// the `searchlight` tool, which links CMappedReads).
    public enum OpenMode: Sendable {
        case createOrOpen, open
    }

    /// Opens (or creates) the database at `path` for writing; throws `.databaseLock`
    /// when another writer holds it.
    public init(path: String, mode: OpenMode = .createOrOpen) throws(XapianError) {
        let raw: cx_open_mode = switch mode {
        case .createOrOpen: CX_OPEN_CREATE_OR_OPEN
        case .open: CX_OPEN_OPEN
        }
        try super.init(path: path, mode: raw)
    }

    override init(handle: OpaquePointer) {
        super.init(handle: handle)
    }

    /// A writer of shard `index` of a writer opened on a sharded folder (see `shardCount`): it shares
    /// this writer's handle on that shard, so use it from one thread at a time, and not while this
    /// writer is in a transaction.
    ///
    /// ```swift
    /// let all = try WritableDatabase(path: "sharded", mode: .open)
    /// let first = try all.shard(0)
    /// try first.replaceDocument(at: 1, with: document)
    /// ```
    /// - Throws: `XapianError` when there is no such shard.
    public func shard(_ index: Int) throws(XapianError) -> WritableDatabase {
        let opened = try withXapianError { cx_database_shard(handle, UInt32(index), $0) }
        guard let opened else { throw XapianError(kind: .other, message: "no shard \(index)") }
        return WritableDatabase(handle: opened)
    }

    /// Sets metadata `key` to `value` (in every shard of a sharded writer); an empty value deletes it.
    public func setMetadata(_ key: String, _ value: [UInt8]) throws(XapianError) {
        try withUTF8Bytes(key) { (keyBytes, keyCount) throws(XapianError) in
            _ = try withXapianError { error in
                value.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) {
                        cx_database_set_metadata(handle, keyBytes, keyCount, $0.baseAddress, $0.count, error)
                    }
                }
            }
        }
    }

    /// Makes every change so far durable and visible to readers.
    public func commit() throws(XapianError) {
        _ = try withXapianError { cx_database_commit(handle, $0) }
    }

    public func beginTransaction(flushed: Bool = true) throws(XapianError) {
        _ = try withXapianError { cx_database_begin_transaction(handle, flushed, $0) }
    }

    public func commitTransaction() throws(XapianError) {
        _ = try withXapianError { cx_database_commit_transaction(handle, $0) }
    }

    public func cancelTransaction() throws(XapianError) {
        _ = try withXapianError { cx_database_cancel_transaction(handle, $0) }
    }

    /// Runs `body` in a flushed transaction: all of its changes are committed together,
    /// or, if it throws, none of them are.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try beginTransaction()
        do {
            let result = try body()
            try commitTransaction()
            return result
        } catch {
            try? cancelTransaction()
            throw error
        }
    }

    @discardableResult
    public func addDocument(_ document: Document) throws(XapianError) -> UInt32 {
        try withXapianError { cx_database_add_document(handle, document.handle, $0) }
    }

    /// Replaces the document carrying `uniqueTerm` (or adds it); returns its docid.
    @discardableResult
    public func replaceDocument(uniqueTerm: String, with document: Document) throws(XapianError) -> UInt32 {
        try withUTF8Bytes(uniqueTerm) { (bytes, count) throws(XapianError) in
            try withXapianError { cx_database_replace_document(handle, bytes, count, document.handle, $0) }
        }
    }

    /// Puts `document` at `docid`, replacing the document there or adding it with that docid.
    public func replaceDocument(at docid: UInt32, with document: Document) throws(XapianError) {
        _ = try withXapianError { cx_database_replace_document_at(handle, docid, document.handle, $0) }
    }

    /// Deletes every document carrying `term`; returns how many there were.
    @discardableResult
    public func deleteDocuments(withTerm term: String) throws(XapianError) -> Int {
        try withUTF8Bytes(term) { (bytes, count) throws(XapianError) in
            Int(try withXapianError { cx_database_delete_documents(handle, bytes, count, $0) })
        }
    }
}
