import CXapian

/// A Xapian database opened for reading.
///
/// A `Database` is not safe for concurrent use: give each thread its own, or guard one
/// with a lock (the `Searchlight` layer does the latter).
///
/// ```swift
/// let db = try Database(path: "index")
/// print(try db.documentCount)
/// ```
public class Database {
    let handle: OpaquePointer

    /// Opens the database at `path` read-only.
    public convenience init(path: String) throws(XapianError) {
        try self.init(path: path, mode: CX_OPEN_READ_ONLY)
    }

    /// Opens the database at `path` read-only. The remote shards of a stub folder (lines `remote
    /// HOST:PORT` of its `XAPIANDB`, each a database served by Xapian's `xapian-tcpsrv`, or `remote
    /// :PROGRAM ARGS`) are reached with these timeouts.
    ///
    /// ```swift
    /// let db = try Database(path: "/srv/packages", timeout: .seconds(2), connectTimeout: .seconds(1), allowPartial: true)
    /// db.missingShards   // [] when every shard answered
    /// ```
    /// - Parameters:
    ///   - timeout: how long one operation on a remote shard may take (Xapian's default: 10 s); zero: no limit.
    ///   - connectTimeout: how long connecting to one may take (Xapian's default: 10 s); zero: no limit.
    ///   - allowPartial: leave out a remote shard that cannot be reached (an empty stand-in keeps the
    ///     others' docids) rather than failing the open or a reconnection.
    /// - Throws: `XapianError` of kind `.network` naming the stub line of a remote shard that cannot
    ///   be reached (unless `allowPartial`), or as `init(path:)` does.
    public init(path: String, timeout: Duration, connectTimeout: Duration, allowPartial: Bool) throws(XapianError) {
        func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        var options = cx_remote_options(timeout_seconds: seconds(timeout), connect_timeout_seconds: seconds(connectTimeout),
                                         allow_partial: allowPartial)
        let opened = try withXapianError { cx_database_open_reader(path, &options, $0) }
        guard let opened else { throw XapianError(kind: .other, message: "could not open \(path)") }
        handle = opened
    }

    /// The lines of the stub file `XAPIANDB` this reader's shards come from, in order (`glass shard-0`,
    /// `remote 10.0.0.2:7000`); empty for one database.
    ///
    /// ```swift
    /// let remote = db.shardLines.filter { $0.hasPrefix("remote ") }
    /// ```
    public var shardLines: [String] {
        (0..<UInt32(shardCount)).compactMap { index in
            var length = 0
            return takeBytes(cx_database_shard_line(handle, index, &length), count: length).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// A reader of shard `index` alone, of a reader of a stub folder.
    /// - Throws: `.invalidArgument` when there is no such shard; `.network` for a shard left out.
    public func shardReader(_ index: Int) throws(XapianError) -> Database {
        let opened = try withXapianError { cx_database_shard(handle, UInt32(index), $0) }
        guard let opened else { throw XapianError(kind: .other, message: "no shard \(index)") }
        return Database(handle: opened)
    }

    /// Whether a shard of this reader is remote (a `remote` line of its stub file).
    public var hasRemoteShards: Bool { cx_database_has_remote(handle) }

    /// Connects the remote shards afresh and combines the shards again, after a network error.
    /// - Throws: `.network` naming a shard that still cannot be reached (unless the reader allows partial results).
    public func reconnect() throws(XapianError) {
        _ = try withXapianError { cx_database_reconnect(handle, $0) }
    }

    /// The shards a reader opened with `allowPartial` left out: each one's stub line
    /// (`remote 10.0.0.2:7000`) and why (Xapian's message).
    public var missingShards: [(line: String, reason: String)] {
        var missing: [(line: String, reason: String)] = []
        withUnsafeMutablePointer(to: &missing) { pointer in
            cx_database_missing_shards(handle, { context, line, lineLength, reason, reasonLength in
                let missing = context!.assumingMemoryBound(to: [(line: String, reason: String)].self)
                missing.pointee.append((String(decoding: UnsafeRawBufferPointer(start: line, count: lineLength), as: UTF8.self),
                                        String(decoding: UnsafeRawBufferPointer(start: reason, count: reasonLength), as: UTF8.self)))
            }, pointer)
        }
        return missing
    }

    init(path: String, mode: cx_open_mode) throws(XapianError) {
        let opened = try withXapianError { cx_database_open(path, Int32(mode.rawValue), $0) }
        guard let opened else { throw XapianError(kind: .other, message: "could not open \(path)") }
        handle = opened
    }

    /// Wraps a handle the shim opened (a shard of a writer).
    init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { cx_database_free(handle) }

    /// Moves to the latest committed revision, as after Xapian's `DatabaseModifiedError`.
    public func reopen() throws(XapianError) {
        _ = try withXapianError { cx_database_reopen(handle, $0) }
    }

    /// Releases the files (and, for a writer, commits and releases the lock).
    public func close() throws(XapianError) {
        _ = try withXapianError { cx_database_close(handle, $0) }
    }

    /// How many shards the database combines: 1 for one database, N for a folder whose Xapian stub
    /// file `XAPIANDB` lists N (which Xapian opens as one database, docid d living in shard
    /// (d - 1) % N as docid (d - 1) / N + 1).
    public var shardCount: Int { Int(cx_database_shard_count(handle)) }

    /// The highest docid ever used, deleted documents included; 0 for a database never written.
    public var lastDocid: UInt32 {
        get throws(XapianError) { try withXapianError { cx_database_last_docid(handle, $0) } }
    }

    /// The lowest docid of a document carrying `term` (a unique term), or nil when none does.
    public func firstDocid(forTerm term: String) throws(XapianError) -> UInt32? {
        let docid = try withUTF8Bytes(term) { (bytes, count) throws(XapianError) in
            try withXapianError { cx_database_first_docid(handle, bytes, count, $0) }
        }
        return docid == 0 ? nil : docid
    }

    public var documentCount: Int {
        get throws(XapianError) { Int(try withXapianError { cx_database_doc_count(handle, $0) }) }
    }

    /// How many documents carry `term`.
    public func termFrequency(_ term: String) throws(XapianError) -> Int {
        Int(try withUTF8Bytes(term) { (bytes, count) throws(XapianError) in
            try withXapianError { cx_database_term_freq(handle, bytes, count, $0) }
        })
    }

    /// How many documents carry the term whose UTF-8 bytes are `term`: for callers that spell many
    /// candidate terms (typo slips) as bytes and make a `String` only of the one they keep.
    ///
    /// - Parameter term: The term's UTF-8 bytes.
    /// - Returns: The term's document frequency, 0 when no document has it.
    /// - Throws: `XapianError` when the database cannot be read.
    ///
    /// ```swift
    /// try database.termFrequency(utf8: Array("wireshark".utf8))   // as termFrequency("wireshark")
    /// ```
    public func termFrequency(utf8 term: [UInt8]) throws(XapianError) -> Int {
        var failure: XapianError?
        let frequency = term.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                do throws(XapianError) { return try withXapianError { cx_database_term_freq(handle, chars.baseAddress, chars.count, $0) } }
                catch { failure = error; return 0 }
            }
        }
        if let failure { throw failure }
        return Int(frequency)
    }

    /// The metadata stored under `key`, or nil when unset.
    public func metadata(_ key: String) throws(XapianError) -> [UInt8]? {
        try withUTF8Bytes(key) { (bytes, count) throws(XapianError) in
            var length = 0
            let buffer = try withXapianError { cx_database_metadata(handle, bytes, count, &length, $0) }
            return takeBytes(buffer, count: length)
        }
    }

    /// The data of the first document that carries `term` (a unique term), or nil.
    public func documentData(forTerm term: String) throws(XapianError) -> [UInt8]? {
        try withUTF8Bytes(term) { (bytes, count) throws(XapianError) in
            var length = 0
            let buffer = try withXapianError { cx_database_data_for_term(handle, bytes, count, &length, $0) }
            return takeBytes(buffer, count: length)
        }
    }

    /// Visits the terms starting with `prefix` in byte order, with their frequencies, until `visit` returns false.
    public func forEachTerm(withPrefix prefix: String, _ visit: (String, Int) -> Bool) throws(XapianError) {
        try forEachTerm(withPrefix: prefix, visit) { bytes, count, callback, context, error in
            cx_database_terms(handle, bytes, count, callback, context, error)
        }
    }

    /// Whether any term starts with `prefix` (one step of a term walk).
    ///
    /// ```swift
    /// try db.hasTerms(withPrefix: "XV")   // false: no Vietnamese syllable pairs
    /// ```
    public func hasTerms(withPrefix prefix: String) throws(XapianError) -> Bool {
        var found = false
        try forEachTerm(withPrefix: prefix) { _, _ in
            found = true
            return false
        }
        return found
    }

    /// Visits the terms starting with `prefix` from the first at or after `start`, in byte order,
    /// with their frequencies, until `visit` returns false: a walk that skips the terms before `start`.
    ///
    /// ```swift
    /// // One-word whole titles beginning "node", past the "node glob", "node mkdirp", ... that a space sorts first.
    /// try db.forEachTerm(withPrefix: "XEnode", from: "XEnode!") { term, frequency in print(term); return true }
    /// ```
    public func forEachTerm(withPrefix prefix: String, from start: String, _ visit: (String, Int) -> Bool) throws(XapianError) {
        try withUTF8Bytes(start) { (from, fromCount) throws(XapianError) in
            try forEachTerm(withPrefix: prefix, visit) { bytes, count, callback, context, error in
                cx_database_terms_from(handle, bytes, count, from, fromCount, callback, context, error)
            }
        }
    }

    /// The `limit` most frequent terms starting with `prefix`, most frequent first (ties in byte order),
    /// with their frequencies; only those are turned into Swift strings.
    ///
    /// ```swift
    /// let expansions = try db.mostFrequentTerms(withPrefix: "data", limit: 20)   // [("database", 812), ...]
    /// ```
    public func mostFrequentTerms(withPrefix prefix: String, limit: Int) throws(XapianError) -> [(term: String, frequency: Int)] {
        var terms: [(term: String, frequency: Int)] = []
        try forEachTerm(withPrefix: prefix, { term, frequency in
            terms.append((term, frequency))
            return true
        }) { bytes, count, callback, context, error in
            cx_database_frequent_terms(handle, bytes, count, max(0, limit), callback, context, error)
        }
        return terms
    }

    /// Visits the terms of document `docid` starting with `prefix` in byte order, with their
    /// within-document frequencies, until `visit` returns false.
    public func forEachTerm(ofDocument docid: UInt32, withPrefix prefix: String, _ visit: (String, Int) -> Bool) throws(XapianError) {
        try forEachTerm(withPrefix: prefix, visit) { bytes, count, callback, context, error in
            cx_database_document_terms(handle, docid, bytes, count, callback, context, error)
        }
    }

    private typealias TermCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int, UInt32) -> Bool

    /// Runs a shim term walk (`call`) over `prefix`, turning each term it reports into a `visit` call.
    private func forEachTerm(withPrefix prefix: String, _ visit: (String, Int) -> Bool,
                             _ call: (UnsafePointer<CChar>?, Int, TermCallback, UnsafeMutableRawPointer, UnsafeMutablePointer<cx_error>) -> Bool)
        throws(XapianError) {
        try withUTF8Bytes(prefix) { (bytes, count) throws(XapianError) in
            try withoutActuallyEscaping(visit) { (visit) throws(XapianError) in try withVisitor(visit) { (context, error) in
                call(bytes, count, { context, term, length, number in
                    let text = String(decoding: UnsafeRawBufferPointer(start: term, count: length), as: UTF8.self)
                    return context!.assumingMemoryBound(to: ((String, Int) -> Bool).self).pointee(text, Int(number))
                }, context, error)
            } }
        }
    }

    /// Visits the documents indexed by `term`, by ascending docid, until `visit` returns false.
    public func forEachPosting(of term: String, _ visit: (UInt32) -> Bool) throws(XapianError) {
        try withUTF8Bytes(term) { (bytes, count) throws(XapianError) in
            try withoutActuallyEscaping(visit) { (visit) throws(XapianError) in try withVisitor(visit) { context, error in
                cx_database_postings(handle, bytes, count, { context, docid in
                    context!.assumingMemoryBound(to: ((UInt32) -> Bool).self).pointee(docid)
                }, context, error)
            } }
        }
    }

    /// Visits every document's value in `slot`, by ascending docid, until `visit` returns false.
    public func forEachValue(inSlot slot: UInt32, _ visit: (UInt32, UnsafeRawBufferPointer) -> Bool) throws(XapianError) {
        try withoutActuallyEscaping(visit) { (visit) throws(XapianError) in try withVisitor(visit) { context, error in
            cx_database_values(handle, slot, { context, docid, value, length in
                context!.assumingMemoryBound(to: ((UInt32, UnsafeRawBufferPointer) -> Bool).self)
                    .pointee(docid, UnsafeRawBufferPointer(start: value, count: length))
            }, context, error)
        } }
    }

    /// The numbers stored (sortable-serialised) in `slot` of `docids`, in their order; 0 where a
    /// document has none. A reader keeps the values it reads, 64 docids at a time, until it reopens
    /// at a new revision: a long-lived reader soon reads none from disk.
    ///
    /// ```swift
    /// let hints = try db.numbers(slot: 0, docids: [17, 4021])
    /// ```
    public func numbers(slot: UInt32, docids: [UInt32]) throws(XapianError) -> [Double] {
        try [Double](unsafeUninitializedCapacity: docids.count) { (buffer, count) throws(XapianError) in
            _ = try withXapianError { error in
                docids.withUnsafeBufferPointer { cx_database_numbers(handle, slot, $0.baseAddress, $0.count, buffer.baseAddress, error) }
            }
            count = docids.count
        }
    }

    /// No less than the largest value stored in `slot` (after deletions it may be larger than any
    /// value left), or nil when no document has one.
    public func valueUpperBound(slot: UInt32) throws(XapianError) -> [UInt8]? {
        try valueBound(slot: slot, upper: true)
    }

    /// No more than the smallest value stored in `slot` (after deletions it may be smaller than
    /// any value left), or nil when no document has one.
    public func valueLowerBound(slot: UInt32) throws(XapianError) -> [UInt8]? {
        try valueBound(slot: slot, upper: false)
    }

    private func valueBound(slot: UInt32, upper: Bool) throws(XapianError) -> [UInt8]? {
        var length = 0
        let buffer = try withXapianError { cx_database_value_bound(handle, slot, upper, &length, $0) }
        return takeBytes(buffer, count: length)
    }

    /// The data of document `docid`, or nil when there is no such document or its data is empty.
    /// One lookup: the document's existence is not checked first, as Xapian's `get_document` would.
    public func documentData(docid: UInt32) throws(XapianError) -> [UInt8]? {
        var length = 0
        let buffer = try withXapianError { cx_database_document_data(handle, docid, &length, $0) }
        return takeBytes(buffer, count: length)
    }

    /// Passes a C callback context pointing at `visitor` to `call`, which must not keep it.
    private func withVisitor<Visitor>(_ visitor: Visitor,
                                      _ call: (UnsafeMutableRawPointer, UnsafeMutablePointer<cx_error>) -> Bool) throws(XapianError) {
        var box = visitor
        try withUnsafeMutablePointer(to: &box) { (context) throws(XapianError) in
            _ = try withXapianError { call(UnsafeMutableRawPointer(context), $0) }
        }
    }

    /// Visits every document in docid order with its data and its first term starting with `termPrefix`
    /// (empty when it has none), until `visit` returns false.
    public func forEachDocument(termPrefix: String, _ visit: (_ docid: UInt32, _ data: [UInt8], _ term: String) -> Bool) throws(XapianError) {
        typealias Visitor = (UInt32, [UInt8], String) -> Bool
        try withoutActuallyEscaping(visit) { (visitor: @escaping Visitor) throws(XapianError) in
            var box = visitor
            try withUnsafeMutablePointer(to: &box) { (context: UnsafeMutablePointer<Visitor>) throws(XapianError) in
                try withUTF8Bytes(termPrefix) { (bytes, count) throws(XapianError) in
                    _ = try withXapianError { error in
                        cx_database_documents(handle, bytes, count, { context, docid, data, dataLength, term, termLength in
                            let visitor = context!.assumingMemoryBound(to: Visitor.self).pointee
                            let bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: dataLength))
                            let text = String(decoding: UnsafeRawBufferPointer(start: term, count: termLength), as: UTF8.self)
                            return visitor(docid, bytes, text)
                        }, context, error)
                    }
                }
            }
        }
    }

    /// Writes a compacted copy of the latest committed revision into the folder `destination`
    /// (created if missing; a database already there is overwritten); this database is left as it was.
    public func compact(to destination: String) throws(XapianError) {
        _ = try withXapianError { cx_database_compact(handle, destination, $0) }
    }

    /// How many distinct terms the database holds; it walks all of them, so it takes time in
    /// proportion to the vocabulary (about 0.03 s for half a million terms).
    ///
    /// ```swift
    /// print(try Database(path: "index").distinctTermCount)
    /// ```
    public var distinctTermCount: Int {
        get throws(XapianError) { Int(try withXapianError { cx_database_distinct_terms(handle, $0) }) }
    }

    /// Writes every document of the latest committed revision, each at its own docid (a combined
    /// database's combined docid), and every metadata entry into a new database in the folder
    /// `destination`, uncompacted; this database is left as it was.
    ///
    /// ```swift
    /// try Database(path: "/tmp/packages").merge(into: "/tmp/packages-merged")   // its shards as one database
    /// ```
    /// - Throws: `XapianError` (`.databaseCreate` when `destination` holds a database already).
    public func merge(into destination: String) throws(XapianError) {
        _ = try withXapianError { cx_database_merge(handle, destination, $0) }
    }

    /// Runs Xapian's consistency check over the database folder at `path`.
    /// Returns the number of errors found and Xapian's report.
    public static func check(path: String) throws(XapianError) -> (errors: Int, report: String) {
        var report: UnsafeMutablePointer<CChar>?
        var length = 0
        let errors = try withXapianError { cx_database_check(path, &report, &length, $0) }
        let text = takeBytes(report, count: length).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return (errors, text)
    }
}
