import CXapian

/// An error reported by Xapian, carried across the C shim as a kind and a message.
///
/// ```swift
/// do { _ = try Database(path: "/no/such/index") }
/// catch let error as XapianError where error.kind == .databaseNotFound { print(error.message) }
/// ```
public struct XapianError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The Xapian exception class the error came from.
    public enum Kind: Int32, Sendable {
        case databaseLock = 1, databaseNotFound, databaseOpening, databaseModified, databaseCorrupt
        case databaseCreate, database, documentNotFound, queryParser, invalidArgument
        case invalidOperation, range, unimplemented, outOfMemory, other
        /// A remote shard could not be reached, timed out, or closed the connection (Xapian's `NetworkError`).
        case network
    }

    public let kind: Kind
    public let message: String

    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

/// Runs `body` with a fresh `cx_error` and throws it if the shim filled it in.
@inline(__always)
func withXapianError<T>(_ body: (UnsafeMutablePointer<cx_error>) -> T) throws(XapianError) -> T {
    var error = cx_error()
    let result = body(&error)
    if error.kind != 0 {
        let message = withUnsafeBytes(of: &error.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        throw XapianError(kind: XapianError.Kind(rawValue: error.kind) ?? .other, message: message)
    }
    return result
}

/// Copies a buffer the shim allocated into Swift bytes and frees it; nil stays nil.
@inline(__always)
func takeBytes(_ buffer: UnsafeMutablePointer<CChar>?, count: Int) -> [UInt8]? {
    guard let buffer else { return nil }
    defer { cx_free(buffer) }
    return [UInt8](UnsafeRawBufferPointer(start: buffer, count: count))
}

/// Calls `body` with the UTF-8 bytes of `string` as a (pointer, length) pair.
@inline(__always)
func withUTF8Bytes<R>(_ string: String, _ body: (UnsafePointer<CChar>?, Int) throws(XapianError) -> R) throws(XapianError) -> R {
    var copy = string
    var failure: XapianError?
    let result: R? = copy.withUTF8 { buffer in
        buffer.withMemoryRebound(to: CChar.self) { chars in
            do throws(XapianError) { return try body(chars.baseAddress, chars.count) } catch { failure = error; return nil }
        }
    }
    if let failure { throw failure }
    return result!
}
