import FoundationEssentials
import Glibc

/// Streams the lines of a file through a fixed-size buffer, so ingest memory does not grow
/// with the file. Written by hand: Foundation's FileHandle reads whole files or copies each
/// chunk into a new `Data`.
///
/// ```swift
/// let reader = try LineReader(path: "Corpus/trails.jsonl")
/// try reader.forEachLine { number, bytes in print(number, bytes.count) }
/// ```
public final class LineReader {
    /// Lines longer than this are rejected rather than buffered.
    public static let maximumLineBytes = 64 << 20

    public let path: String
    private let descriptor: Int32
    public let size: Int

    public init(path: String) throws(SearchlightError) {
        self.path = path
        descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .input(path: path, reason: String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .input(path: path, reason: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw .input(path: path, reason: "not a regular file")
        }
        size = Int(info.st_size)
    }

    deinit { close(descriptor) }

    /// Calls `body` with each line's 1-based number, its bytes (without the newline, valid only
    /// during the call) and the bytes read so far; stops early when `body` returns false.
    public func forEachLine(_ body: (Int, UnsafeRawBufferPointer, Int) throws -> Bool) throws {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw SearchlightError.input(path: path, reason: String(cString: strerror(errno))) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var start = 0, end = 0, lineNumber = 0, consumed = 0
        var atEnd = false
        while true {
            if let newline = buffer[start..<end].firstIndex(of: 0x0A) {
                lineNumber += 1
                var lineEnd = newline
                if lineEnd > start, buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                consumed += newline + 1 - start
                let keepGoing = try buffer.withUnsafeBytes { try body(lineNumber, UnsafeRawBufferPointer(rebasing: $0[start..<lineEnd]), consumed) }
                if !keepGoing { return }
                start = newline + 1
                continue
            }
            if atEnd {
                if start < end {
                    lineNumber += 1
                    consumed += end - start
                    _ = try buffer.withUnsafeBytes { try body(lineNumber, UnsafeRawBufferPointer(rebasing: $0[start..<end]), consumed) }
                }
                return
            }
            // Move the partial line to the front and read more, growing the buffer for long lines.
            if start > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    raw.baseAddress!.copyMemory(from: raw.baseAddress! + start, byteCount: end - start)
                }
                end -= start
                start = 0
            }
            if end == buffer.count {
                guard buffer.count < Self.maximumLineBytes else {
                    throw SearchlightError.input(path: "\(path):\(lineNumber + 1)", reason: "line is longer than \(Self.maximumLineBytes >> 20) MiB")
                }
                buffer += [UInt8](repeating: 0, count: buffer.count)
            }
            let count = buffer.withUnsafeMutableBytes { raw in read(descriptor, raw.baseAddress! + end, raw.count - end) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SearchlightError.input(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { atEnd = true } else { end += count }
        }
    }
}
