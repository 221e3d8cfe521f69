import CZstd
import Synchronization

/// The document data of an entity as stored: its JSON, compressed with zstd, with a dictionary
/// trained on the index's own entities once it has enough of them.
///
/// Xapian's glass backend compresses every compressible document-data tag with zlib, and has no
/// switch for it; inflating then costs about 3 µs per document read, a third of a `get` and a
/// quarter of a `suggest` on the Debian corpus. zstd's output is entropy-coded, so zlib cannot
/// shrink it and Xapian stores it as it is. An entity is a few hundred bytes of JSON, too little
/// for a compressor to learn from; a dictionary of what the index's entities have in common (keys,
/// type names, frequent words) compresses them about 3 to 1 instead of 1.6 to 1 and decodes them
/// three times faster, since the frames need no entropy tables of their own.
///
/// ```swift
/// let encoder = StoredData.Encoder()
/// encoder.dictionary = StoredData.Dictionary.trained(on: sampler)   // nil: too few samples
/// let stored = encoder.pack(Array(entity.jsonValue.jsonText.utf8))
/// let json = StoredData.unpack(stored)   // the JSON bytes again; nil if not a frame this process can read
/// ```
enum StoredData {
    /// Level 3, zstd's default.
    static let level: Int32 = 3
    /// The largest entity JSON read back (a frame claiming more is treated as damaged).
    static let largestEntity = 1 << 30

    /// Compresses for one writer; keeps its zstd context between entities.
    final class Encoder {
        private let context: OpaquePointer
        /// The dictionary digested for compression, made at the first `pack`.
        private var prepared: OpaquePointer?

        /// The dictionary new entities are compressed with; nil for plain frames.
        var dictionary: Dictionary? {
            didSet {
                guard dictionary !== oldValue else { return }
                ZSTD_freeCDict(prepared)
                prepared = nil
            }
        }

        init() { context = ZSTD_createCCtx() }
        deinit {
            ZSTD_freeCCtx(context)
            ZSTD_freeCDict(prepared)
        }

        func pack(_ json: [UInt8]) -> [UInt8] {
            let bound = ZSTD_compressBound(json.count)
            return [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
                // Preparing a dictionary for compression takes milliseconds: only writers do it, once.
                if prepared == nil, let dictionary {
                    prepared = dictionary.bytes.withUnsafeBytes { ZSTD_createCDict($0.baseAddress, $0.count, level) }
                }
                let written = json.withUnsafeBytes { source in
                    if let prepared {
                        ZSTD_compress_usingCDict(context, buffer.baseAddress, bound, source.baseAddress, source.count, prepared)
                    } else {
                        ZSTD_compressCCtx(context, buffer.baseAddress, bound, source.baseAddress, source.count, level)
                    }
                }
                // Compressing into a buffer of the bound's size cannot fail.
                precondition(ZSTD_isError(written) == 0, "zstd: \(String(cString: ZSTD_getErrorName(written)))")
                count = written
            }
        }
    }

    /// A zstd dictionary, stored in the index's metadata with the first batch compressed with it.
    /// Its id comes from a hash of its content, so one registry serves every index of a process.
    final class Dictionary: @unchecked Sendable {
        /// The dictionary's size when trained: larger ones gain little on entity JSON.
        static let capacity = 64 * 1024
        /// Training reads at most this much entity JSON (about 120 ms for 2 MB).
        static let trainingBytes = 2 << 20
        /// Fewer samples than this train no dictionary: entities stay plain frames until a larger batch.
        static let minimumSamples = 256

        let id: UInt32
        let bytes: [UInt8]
        fileprivate let decoding: OpaquePointer

        private init?(bytes: [UInt8]) {
            let id = bytes.withUnsafeBytes { ZSTD_getDictID_fromDict($0.baseAddress, $0.count) }
            guard id != 0, let decoding = bytes.withUnsafeBytes({ ZSTD_createDDict($0.baseAddress, $0.count) }) else { return nil }
            self.id = id
            self.bytes = bytes
            self.decoding = decoding
        }

        deinit { ZSTD_freeDDict(decoding) }

        /// The dictionary stored as `bytes`, registered for decoding; nil if they are not a zstd dictionary.
        static func registered(_ bytes: [UInt8]) -> Dictionary? {
            let id = bytes.withUnsafeBytes { ZSTD_getDictID_fromDict($0.baseAddress, $0.count) }
            if let known = shared.withLock({ $0.dictionaries[id] }), known.bytes == bytes { return known }
            guard let dictionary = Dictionary(bytes: bytes) else { return nil }
            shared.withLock { $0.dictionaries[id] = dictionary }
            return dictionary
        }

        /// A dictionary trained on `sampler`'s samples, registered; nil when there are fewer than
        /// `minimumSamples` or zstd finds nothing worth a dictionary in them.
        static func trained(on sampler: Sampler) -> Dictionary? {
            guard sampler.sizes.count >= minimumSamples else { return nil }
            var bytes = [UInt8](repeating: 0, count: capacity)
            let size = bytes.withUnsafeMutableBytes { buffer in
                ZDICT_trainFromBuffer(buffer.baseAddress, buffer.count, sampler.joined, sampler.sizes, UInt32(sampler.sizes.count))
            }
            guard ZDICT_isError(size) == 0 else { return nil }
            return registered(Array(bytes.prefix(size)))
        }
    }

    /// Picks training samples spread evenly over input of a known size, up to `Dictionary.trainingBytes`:
    /// a dictionary learnt from the first entities alone would know only the first type of a corpus.
    ///
    /// ```swift
    /// var sampler = StoredData.Sampler(expectedBytes: fileSize)
    /// for line in lines { sampler.offer(line, after: bytesReadSoFar) }
    /// let dictionary = StoredData.Dictionary.trained(on: sampler)
    /// ```
    struct Sampler {
        let expectedBytes: Int
        fileprivate private(set) var joined: [UInt8] = []
        private(set) var sizes: [Int] = []

        init(expectedBytes: Int) { self.expectedBytes = max(1, expectedBytes) }

        /// Offers one sample, `seen` bytes into the input: taken while the samples so far are no
        /// larger than their share of what has been seen, and while the budget lasts.
        mutating func offer(_ sample: UnsafeRawBufferPointer, after seen: Int) {
            guard !sample.isEmpty, joined.count + sample.count <= Dictionary.trainingBytes,
                  joined.count * expectedBytes <= seen * Dictionary.trainingBytes else { return }
            joined += sample
            sizes.append(sample.count)
        }
    }

    /// The JSON bytes of stored data, or nil if it is not a whole zstd frame.
    static func unpack(_ data: [UInt8]) -> [UInt8]? {
        data.withUnsafeBytes { unpack($0) }
    }

    /// The JSON bytes of stored data read in place (a match decider's view of the document data);
    /// nil if it is not a whole zstd frame, or needs a dictionary this process has not registered.
    static func unpack(_ source: UnsafeRawBufferPointer) -> [UInt8]? {
        let size = ZSTD_getFrameContentSize(source.baseAddress, source.count)
        guard size != ZSTD_CONTENTSIZE_ERROR, size != ZSTD_CONTENTSIZE_UNKNOWN, size <= UInt64(largestEntity) else { return nil }
        let id = ZSTD_getDictID_fromFrame(source.baseAddress, source.count)
        // One lock to find the frame's dictionary and take an idle context, one to give the context back.
        let (found, idle) = shared.withLock { ($0.dictionaries[id], $0.contexts.popLast()) }
        let context = idle ?? DecodingContext()
        defer { shared.withLock { $0.contexts.append(context) } }
        let dictionary = id == 0 ? nil : found
        if id != 0, dictionary == nil { return nil }
        var failed = false
        let json = [UInt8](unsafeUninitializedCapacity: Int(size)) { buffer, count in
            let read = if let dictionary {
                ZSTD_decompress_usingDDict(context.pointer, buffer.baseAddress, Int(size), source.baseAddress, source.count, dictionary.decoding)
            } else {
                ZSTD_decompressDCtx(context.pointer, buffer.baseAddress, Int(size), source.baseAddress, source.count)
            }
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

    /// What decoding shares across the process.
    private struct Decoding {
        /// Idle decoding contexts; a reader takes one for the length of one decode.
        var contexts: [DecodingContext] = []
        /// Every dictionary this process has read from an index or trained, by id.
        var dictionaries: [UInt32: Dictionary] = [:]
    }

    private static let shared = Mutex(Decoding())
}
