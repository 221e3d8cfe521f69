import CXapian

/// Splits text into words, stems them, and adds them to a document as terms.
///
/// ```swift
/// let generator = try TermGenerator(stemmer: try Stemmer(language: "english"))
/// let doc = Document()
/// generator.document = doc
/// try generator.indexText("Granite domes and waterfalls", weight: 2, prefix: "XFdescription:")
/// ```
public final class TermGenerator {
    let handle: OpaquePointer

    /// The document that `indexText` adds terms to; setting it restarts term positions at zero.
    public var document: Document? {
        didSet { if let document { cx_term_generator_set_document(handle, document.handle) } }
    }

    /// Whether spans of Chinese, Japanese and Korean characters are indexed as n-grams: each
    /// character as a term (with a position) and each pair of neighbours as a term (without), since
    /// these scripts do not separate words by spaces. Queries must then be parsed with
    /// `QueryParser.Flags.cjkNGram`. Other text is indexed as before. Off by default.
    ///
    /// ```swift
    /// let generator = try TermGenerator(stemmer: nil)
    /// generator.cjkNGrams = true
    /// try generator.indexText("東京の夜")   // 東 京 の 夜, 東京 京の の夜
    /// ```
    public var cjkNGrams = false {
        didSet { cx_term_generator_set_flags(handle, cjkNGrams ? Int32(CX_TG_CJK_NGRAM) : 0) }
    }

    /// Words are indexed as they are and, with a `stemmer`, as `Z<stem>` too (Xapian's `STEM_SOME`).
    public init(stemmer: Stemmer?) throws(XapianError) {
        handle = try withXapianError { cx_term_generator_new(stemmer?.handle, $0) }!
    }

    deinit { cx_term_generator_free(handle) }

    /// Indexes `text` into the current document: each word's frequency grows by `weight`;
    /// `prefix` namespaces the terms (a field); positions make phrase queries possible.
    public func indexText(_ text: String, weight: UInt32 = 1, prefix: String = "", positions: Bool = true) throws(XapianError) {
        try withUTF8Bytes(text) { (bytes, count) throws(XapianError) in
            try withUTF8Bytes(prefix) { (prefixBytes, prefixCount) throws(XapianError) in
                _ = try withXapianError {
                    cx_term_generator_index_text(handle, bytes, count, weight, prefixBytes, prefixCount, positions, $0)
                }
            }
        }
    }

    /// Leaves a gap in term positions so that phrases do not match across fields.
    public func increaseTermPosition(by delta: UInt32 = 100) {
        cx_term_generator_increase_termpos(handle, delta)
    }
}
