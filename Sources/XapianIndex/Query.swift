import CXapian

/// An immutable Xapian query, built from terms and operators or by a `QueryParser`.
///
/// ```swift
/// let query = try Query.combine(.filter, [Query.term("zwaterfal"), Query.term("XT:trail")])
/// print(query.description)
/// ```
public final class Query: CustomStringConvertible {
    let handle: OpaquePointer

    init(adopting handle: OpaquePointer) { self.handle = handle }

    deinit { cx_query_free(handle) }

    /// How subqueries combine.
    public enum Operator: Int32, Sendable {
        case and = 0, or, andNot, xor, andMaybe, filter, near, phrase, synonym, max
    }

    public static var matchAll: Query { Query(adopting: cx_query_match_all()) }
    public static var matchNothing: Query { Query(adopting: cx_query_match_nothing()) }

    /// A single term; `weight` is its within-query frequency.
    public static func term(_ term: String, weight: UInt32 = 1) -> Query {
        let handle = try! withUTF8Bytes(term) { bytes, count in cx_query_term(bytes, count, weight) }
        return Query(adopting: handle!)
    }

    /// Combines `subqueries` with `op`; `window` applies to `.near` and `.phrase`.
    public static func combine(_ op: Operator, _ subqueries: [Query], window: UInt32 = 0) throws(XapianError) -> Query {
        let handles: [OpaquePointer?] = subqueries.map { $0.handle }
        let combined = try withXapianError { error in
            handles.withUnsafeBufferPointer { cx_query_combine(op.rawValue, $0.baseAddress, $0.count, window, error) }
        }
        return Query(adopting: combined!)
    }

    /// Documents whose value in `slot` is within `low...high`; nil leaves a side open.
    public static func valueRange(slot: UInt32, low: [UInt8]?, high: [UInt8]?) throws(XapianError) -> Query {
        let lo = low ?? [], hi = high ?? []
        let handle = try withXapianError { error in
            lo.withUnsafeBufferPointer { l in
                hi.withUnsafeBufferPointer { h in
                    l.withMemoryRebound(to: CChar.self) { l in
                        h.withMemoryRebound(to: CChar.self) { h in
                            cx_query_value_range(slot, l.baseAddress, l.count, h.baseAddress, h.count, error)
                        }
                    }
                }
            }
        }
        return Query(adopting: handle!)
    }

    /// Exactly the documents `docids`, with weight 0: combined with `.filter`, it restricts a query
    /// to a pool of candidates an earlier match found, which Xapian then scores without matching
    /// anything else.
    ///
    /// ```swift
    /// let pool = try enquire.matches(offset: 0, limit: 100).map(\.docid)
    /// let rescored = try Query.combine(.filter, [query, Query.documents(pool, in: db)])
    /// ```
    /// - Parameter database: the database the docids are of, and the query will run on (its docids
    ///   are combined ones when it has shards).
    public static func documents(_ docids: [UInt32], in database: Database) throws(XapianError) -> Query {
        let handle = try withXapianError { error in docids.withUnsafeBufferPointer { cx_query_docids(database.handle, $0.baseAddress, $0.count, error) } }
        return Query(adopting: handle!)
    }

    /// This query with every weight multiplied by `factor` (0 turns it into a pure filter).
    public func scaled(by factor: Double) throws(XapianError) -> Query {
        let handle = try withXapianError { cx_query_scale(self.handle, factor, $0) }
        return Query(adopting: handle!)
    }

    /// This query with its top-level operator `from` replaced by `to` over the same subqueries;
    /// a query whose top level is not `from` comes back as it is.
    ///
    /// ```swift
    /// parser.setDefaultOperator(.or)
    /// let any = try parser.parse("granite dome", flags: [])        // (Zgranit@1 OR Zdome@2)
    /// let all = try any.regrouped(from: .or, to: .and)              // (Zgranit@1 AND Zdome@2)
    /// ```
    public func regrouped(from: Operator, to: Operator) throws(XapianError) -> Query {
        let handle = try withXapianError { cx_query_regroup(self.handle, from.rawValue, to.rawValue, $0) }
        return Query(adopting: handle!)
    }

    /// This query with every leaf for one of `terms` weighted `factor` times, under the operators
    /// that take no parameter (AND, OR, AND_NOT, XOR, AND_MAYBE, FILTER, SYNONYM, MAX); phrases,
    /// windows and scaled subqueries are kept whole.
    ///
    /// - Parameters:
    ///   - terms: the terms to weigh differently.
    ///   - factor: what their weight is multiplied by.
    /// - Throws: `XapianError` if Xapian cannot build the query.
    ///
    /// ```swift
    /// let parsed = try parser.parse("decnet ออก อกซิ", flags: [])   // (decnet@1 OR ออก@2 OR อกซิ@3)
    /// try parsed.scalingTerms(["ออก", "อกซิ"], by: 0.25)             // (decnet@1 OR 0.25 * ออก@2 OR 0.25 * อกซิ@3)
    /// ```
    public func scalingTerms(_ terms: [String], by factor: Double) throws(XapianError) -> Query {
        guard !terms.isEmpty else { return self }
        let handle = try Self.withTermPointers(terms) { (pointers, lengths) throws(XapianError) in
            try withXapianError { error in cx_query_scale_terms(self.handle, pointers, lengths, terms.count, factor, error) }
        }
        return Query(adopting: handle!)
    }

    /// This query with every leaf for a term of `replacements` replaced by the query it maps to,
    /// under the operators that take no parameter (as `scalingTerms(_:by:)`); phrases, windows and
    /// scaled subqueries are kept whole.
    ///
    /// - Parameter replacements: each term to replace, and what replaces it.
    /// - Throws: `XapianError` if Xapian cannot build the query.
    ///
    /// ```swift
    /// let parsed = try parser.parse("cktex warnings", flags: [])    // (Zcktex@1 OR Zwarn@2)
    /// let spellings = try Query.combine(.synonym, [Query.term("Zctex"), Query.term("Zchktex")])
    /// try parsed.replacingTerms(["Zcktex": spellings])             // ((Zctex SYNONYM Zchktex) OR Zwarn@2)
    /// ```
    public func replacingTerms(_ replacements: [String: Query]) throws(XapianError) -> Query {
        guard !replacements.isEmpty else { return self }
        let terms = Array(replacements.keys)
        let queries: [OpaquePointer?] = terms.map { replacements[$0]!.handle }
        // The replacements stay alive until Xapian has copied their queries.
        let handle = try withExtendedLifetime(replacements) { () throws(XapianError) in
            try Self.withTermPointers(terms) { (pointers, lengths) throws(XapianError) in
                try queries.withUnsafeBufferPointer { (buffer) throws(XapianError) in
                    try withXapianError { error in cx_query_replace_terms(self.handle, pointers, lengths, buffer.baseAddress, terms.count, error) }
                }
            }
        }
        return Query(adopting: handle!)
    }

    /// Calls `body` with C pointers to each of `terms`' bytes (not NUL-terminated) and their lengths.
    private static func withTermPointers<T>(_ terms: [String],
                                            _ body: ([UnsafePointer<CChar>?], [Int]) throws(XapianError) -> T) throws(XapianError) -> T {
        var bytes: [CChar] = []
        var lengths: [Int] = []
        for term in terms {
            bytes.append(contentsOf: term.utf8.map { CChar(bitPattern: $0) })
            lengths.append(term.utf8.count)
        }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(XapianError) -> T in
            var pointers: [UnsafePointer<CChar>?] = []
            var offset = 0
            for length in lengths {
                pointers.append(buffer.baseAddress.map { $0 + offset })
                offset += length
            }
            return try body(pointers, lengths)
        }
    }

    public var isEmpty: Bool { cx_query_is_empty(handle) }

    /// Whether some document of `database` may match with weight 0, through parts that carry no
    /// weight alone (boolean terms, match-all, value ranges); true when that cannot be ruled out.
    ///
    /// ```swift
    /// let typed = try Query.combine(.or, [Query.term("Zli"), Query.term("XPli")])   // XPli: boolean
    /// try typed.mayWeighZero(in: database)   // true: a title beginning "li" matches with weight 0
    /// ```
    public func mayWeighZero(in database: Database) throws(XapianError) -> Bool {
        try withXapianError { cx_query_may_weigh_zero(handle, database.handle, $0) }
    }

    /// Xapian's description, e.g. `Query((Zwalk@1 OR XT:trail))`.
    public var description: String {
        var length = 0
        let buffer = cx_query_describe(handle, &length)
        return takeBytes(buffer, count: length).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
