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

    /// The file read.
    public let path: String
    /// The input's name in messages and locations: `path`, or what a prepared copy was made from
    /// (`-` for standard input, a `.json` or compressed file).
    public let name: String
    private let descriptor: Int32
    /// The file's size when opened: lines are read up to there, so that data appended during a run
    /// is not read unchecked (`changeSinceOpened` reports it).
    public let size: Int
    private let opened: stat

    public init(path: String, name: String? = nil) throws(SearchlightError) {
        self.path = path
        let name = name ?? path
        self.name = name
        descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .input(path: name, reason: String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .input(path: name, reason: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw .input(path: name, reason: "not a regular file")
        }
        size = Int(info.st_size)
        opened = info
    }

    /// How the file changed since it was opened, if it did: its size or modification time, or the
    /// path now naming another file (or none).
    public func changeSinceOpened() -> String? {
        var now = stat()
        guard fstat(descriptor, &now) == 0 else { return String(cString: strerror(errno)) }
        if now.st_size != opened.st_size { return "it was \(size) bytes when the run began and is \(now.st_size) now" }
        if now.st_mtim.tv_sec != opened.st_mtim.tv_sec || now.st_mtim.tv_nsec != opened.st_mtim.tv_nsec {
            return "it was modified after the run began"
        }
        var named = stat()
        guard stat(path, &named) == 0 else { return "it was removed after the run began" }
        if named.st_ino != opened.st_ino || named.st_dev != opened.st_dev { return "it was replaced by another file after the run began" }
        return nil
    }

    deinit { close(descriptor) }

    /// Calls `body` with each line's 1-based number, its bytes (without the newline, valid only
    /// during the call) and the bytes read so far; stops early when `body` returns false.
    public func forEachLine(_ body: (Int, UnsafeRawBufferPointer, Int) throws -> Bool) throws {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw SearchlightError.input(path: name, reason: String(cString: strerror(errno))) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var start = 0, end = 0, lineNumber = 0, consumed = 0, readSoFar = 0
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
                    throw SearchlightError.input(path: "\(name):\(lineNumber + 1)", reason: "line is longer than \(Self.maximumLineBytes >> 20) MiB")
                }
                buffer += [UInt8](repeating: 0, count: buffer.count)
            }
            let wanted = min(buffer.count - end, size - readSoFar)
            let count = wanted == 0 ? 0 : buffer.withUnsafeMutableBytes { raw in read(descriptor, raw.baseAddress! + end, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SearchlightError.input(path: name, reason: String(cString: strerror(errno)))
            }
            if count == 0 { atEnd = true } else { end += count; readSoFar += count }
            // A UTF-8 byte-order mark, which some editors write first, is no part of the first line.
            if lineNumber == 0, start == 0, consumed == 0, end >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
                start = 3
                consumed = 3
            }
        }
    }
}
