import CXapian

/// A stemmer: reduces a lower-cased word to the stem the index stores (as `Z<stem>`), by Snowball's
/// rules for a language or by truncation.
///
/// ```swift
/// let stemmer = try Stemmer(language: "english")
/// try stemmer.stem("waterfalls")                           // "waterfal"
/// try Stemmer(truncatingTo: 5).stem("καταρράκτες")         // "καταρ"
/// ```
public final class Stemmer {
    let handle: OpaquePointer

    /// `language` is a Snowball stemmer name ("english", "french", ...), or "none": Xapian's own
    /// stemmers first, then the system libstemmer's newer algorithms ("hindi", "greek", "serbian").
    ///
    /// ```swift
    /// try Stemmer(language: "hindi").stem("लड़कों")  // "लड़क"
    /// ```
    /// - Parameter language: the stemmer's name, as Xapian or libstemmer names it.
    /// - Throws: `XapianError` of kind `.invalidArgument` for a name neither knows.
    public init(language: String) throws(XapianError) {
        handle = try withXapianError { cx_stemmer_new(language, $0) }!
    }

    /// Stemming by truncation: a word's first `length` characters (Unicode scalars) are its stem.
    public init(truncatingTo length: Int) throws(XapianError) {
        handle = try withXapianError { cx_stemmer_new_truncating(length, $0) }!
    }

    deinit { cx_stemmer_free(handle) }

    public func stem(_ word: String) throws(XapianError) -> String {
        try withUTF8Bytes(word) { (bytes, count) throws(XapianError) in
            var length = 0
            let buffer = try withXapianError { cx_stemmer_stem(handle, bytes, count, &length, $0) }
            return String(decoding: takeBytes(buffer, count: length) ?? [], as: UTF8.self)
        }
    }
}
