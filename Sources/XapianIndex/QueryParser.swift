import CXapian

/// Parses a person's query text into a `Query`: words, phrases, boolean operators,
/// `field:word` prefixes and `field:low..high` ranges.
///
/// ```swift
/// let parser = QueryParser()
/// try parser.setStemmer(try Stemmer(language: "english"))
/// try parser.addPrefix(field: "title", termPrefix: "XFtitle:")
/// let query = try parser.parse("title:mist falls", flags: .standard)
/// ```
public final class QueryParser {
    let handle: OpaquePointer
    /// Kept alive while the parser may expand partial words against it.
    private var database: Database?

    /// Query syntax features, mirroring `Xapian::QueryParser::feature_flag`.
    public struct Flags: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let boolean = Flags(rawValue: Int32(CX_QP_BOOLEAN))
        public static let phrase = Flags(rawValue: Int32(CX_QP_PHRASE))
        public static let loveHate = Flags(rawValue: Int32(CX_QP_LOVEHATE))
        public static let booleanAnyCase = Flags(rawValue: Int32(CX_QP_BOOLEAN_ANY_CASE))
        public static let wildcard = Flags(rawValue: Int32(CX_QP_WILDCARD))
        public static let pureNot = Flags(rawValue: Int32(CX_QP_PURE_NOT))
        public static let partial = Flags(rawValue: Int32(CX_QP_PARTIAL))
        public static let spellingCorrection = Flags(rawValue: Int32(CX_QP_SPELLING_CORRECTION))
        public static let synonym = Flags(rawValue: Int32(CX_QP_SYNONYM))
        /// Chinese, Japanese and Korean spans are searched as the AND of their one- and
        /// two-character n-grams, as a `TermGenerator` with `cjkNGrams` indexes them.
        ///
        /// ```swift
        /// let query = try parser.parse("東京", flags: [.standard, .cjkNGram])
        /// ```
        public static let cjkNGram = Flags(rawValue: Int32(CX_QP_CJK_NGRAM))
        /// Boolean operators, phrases and +/- words.
        public static let standard: Flags = [.boolean, .phrase, .loveHate]
    }

    /// Which words the parser stems (Xapian's `stem_strategy`).
    public enum StemStrategy: Int32, Sendable {
        case none = 0, some, all, allZ, someFullPositions
    }

    public init() {
        handle = cx_query_parser_new()
    }

    deinit { cx_query_parser_free(handle) }

    /// Words the parser stems, by `strategy`, become `Z<stem>` terms.
    public func setStemmer(_ stemmer: Stemmer, strategy: StemStrategy = .some) throws(XapianError) {
        _ = try withXapianError { cx_query_parser_set_stemmer(handle, stemmer.handle, strategy.rawValue, $0) }
    }

    public func setStopwords(_ words: [String]) {
        let copies: [UnsafeMutableBufferPointer<CChar>] = words.map { word in
            let bytes = word.utf8CString
            let copy = UnsafeMutableBufferPointer<CChar>.allocate(capacity: bytes.count)
            _ = copy.initialize(from: bytes)
            return copy
        }
        defer { copies.forEach { $0.deallocate() } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0.baseAddress) }
        pointers.withUnsafeBufferPointer { cx_query_parser_set_stopwords(handle, $0.baseAddress, $0.count) }
    }

    /// `.and` or `.or` between words with no explicit operator.
    public func setDefaultOperator(_ op: Query.Operator) {
        cx_query_parser_set_default_op(handle, op.rawValue)
    }

    /// The database that partial and wildcard words expand against.
    public func setDatabase(_ database: Database) {
        self.database = database
        cx_query_parser_set_database(handle, database.handle)
    }

    /// Limits how many terms a partial or wildcard word expands to (most frequent kept).
    public func setMaxExpansion(_ limit: UInt32) {
        cx_query_parser_set_max_expansion(handle, limit)
    }

    /// Maps `field:` in queries onto terms with `termPrefix`; boolean prefixes filter without ranking.
    public func addPrefix(field: String, termPrefix: String, boolean: Bool = false) throws(XapianError) {
        _ = try withXapianError { cx_query_parser_add_prefix(handle, field, termPrefix, boolean, $0) }
    }

    /// Enables `field:low..high` over a value slot holding sortable numbers or dates (seconds since 1970).
    public func addRange(field: String, slot: UInt32, isDate: Bool) throws(XapianError) {
        _ = try withXapianError { cx_query_parser_add_range(handle, slot, field, isDate, $0) }
    }

    /// Parses `text`; throws `.queryParser` on syntax errors.
    public func parse(_ text: String, flags: Flags, defaultPrefix: String = "") throws(XapianError) -> Query {
        let parsed = try withUTF8Bytes(text) { (bytes, count) throws(XapianError) in
            try withXapianError { cx_query_parser_parse(handle, bytes, count, flags.rawValue, defaultPrefix, $0) }
        }
        return Query(adopting: parsed!)
    }
}
