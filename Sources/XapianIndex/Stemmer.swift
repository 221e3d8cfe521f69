import CXapian

/// A Snowball stemmer: reduces a lower-cased word to the stem the index stores (as `Z<stem>`).
///
/// ```swift
/// let stemmer = try Stemmer(language: "english")
/// try stemmer.stem("waterfalls")   // "waterfal"
/// ```
public final class Stemmer {
    let handle: OpaquePointer

    /// `language` is a Snowball stemmer name ("english", "french", ...), or "none".
    public init(language: String) throws(XapianError) {
        handle = try withXapianError { cx_stemmer_new(language, $0) }!
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
