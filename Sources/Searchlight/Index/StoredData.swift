import CZstd
import Synchronization

/// The document data of an entity as stored: its JSON, compressed with zstd.
///
/// Xapian's glass backend compresses every compressible document-data tag with zlib, and has no
/// switch for it; inflating then costs about 3 µs per document read, a third of a `get` and a
/// quarter of a `suggest` on the Debian corpus. zstd's output is entropy-coded, so zlib cannot
/// shrink it and Xapian stores it as it is, while zstd decodes an entity in well under a microsecond.
///
/// ```swift
/// let stored = StoredData.Encoder().pack(Array(entity.jsonValue.jsonText.utf8))
/// let json = StoredData.unpack(stored)   // the JSON bytes again; nil if `stored` is not a frame
/// ```
enum StoredData {
    /// Level 3, zstd's default: on entity JSON it compresses about as well as zlib did.
    static let level: Int32 = 3
    /// The largest entity JSON read back (a frame claiming more is treated as damaged).
    static let largestEntity = 1 << 30

    /// Compresses for one writer; keeps its zstd context between entities.
    final class Encoder {
        private let context: OpaquePointer

        init() { context = ZSTD_createCCtx() }
        deinit { ZSTD_freeCCtx(context) }

        func pack(_ json: [UInt8]) -> [UInt8] {
            let bound = ZSTD_compressBound(json.count)
            return [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
                let written = json.withUnsafeBytes { source in
                    ZSTD_compressCCtx(context, buffer.baseAddress, bound, source.baseAddress, source.count, level)
                }
                // Compressing into a buffer of the bound's size cannot fail.
                precondition(ZSTD_isError(written) == 0, "zstd: \(String(cString: ZSTD_getErrorName(written)))")
                count = written
            }
        }
    }

    /// The JSON bytes of stored data, or nil if it is not a whole zstd frame.
    static func unpack(_ data: [UInt8]) -> [UInt8]? {
        data.withUnsafeBytes { unpack($0) }
    }

    /// The JSON bytes of stored data read in place (a match decider's view of the document data).
    static func unpack(_ source: UnsafeRawBufferPointer) -> [UInt8]? {
        let size = ZSTD_getFrameContentSize(source.baseAddress, source.count)
        guard size != ZSTD_CONTENTSIZE_ERROR, size != ZSTD_CONTENTSIZE_UNKNOWN, size <= UInt64(largestEntity) else { return nil }
        let context = contexts.withLock { $0.popLast() } ?? DecodingContext()
        defer { contexts.withLock { $0.append(context) } }
        var failed = false
        let json = [UInt8](unsafeUninitializedCapacity: Int(size)) { buffer, count in
            let read = ZSTD_decompressDCtx(context.pointer, buffer.baseAddress, Int(size), source.baseAddress, source.count)
            failed = ZSTD_isError(read) != 0 || read != Int(size)
            count = failed ? 0 : read
        }
        return failed ? nil : json
    }

    /// A zstd decoding context, kept for reuse: creating one allocates over 100 KB.
    private final class DecodingContext: @unchecked Sendable {
        let pointer: OpaquePointer
        init() { pointer = ZSTD_createDCtx() }
        deinit { ZSTD_freeDCtx(pointer) }
    }

    /// Idle decoding contexts; a reader takes one for the length of one decode.
    private static let contexts = Mutex<[DecodingContext]>([])
}
