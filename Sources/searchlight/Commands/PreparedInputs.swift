import CZlib
import FoundationEssentials
import Glibc
import Searchlight

/// The inputs of `searchlight index` as JSON Lines files that the ingest can read twice (a check
/// pass and an indexing pass): standard input (`-`), gzip-compressed files (by their magic bytes:
/// `.jsonl.gz`, `.json.gz`) and `.json` files (one entity, or an array of them) are first copied,
/// decompressed or rewritten one entity a line into a temporary file; plain files are read in place.
/// Messages and locations name the input as given; in a `.json` file, LINE is the entity's position
/// in its array. The copies are deleted by `cleanUp()` (and when the value is released).
final class PreparedInputs {
    static let standardInput = "-"

    private(set) var inputs: [JSONLinesIngest.Input] = []
    private var temporary: [String] = []

    init(_ files: [String]) throws(SearchlightError) {
        do {
            for file in files {
                if file == Self.standardInput {
                    let copy = try makeTemporary()
                    try Self.copy(from: STDIN_FILENO, name: "standard input", to: copy)
                    inputs.append(.init(path: copy, name: file))
                    continue
                }
                let isJSON = file.hasSuffix(".json") || file.hasSuffix(".json.gz")
                let isCompressed = Self.isGzip(file)
                guard isJSON || isCompressed else {
                    inputs.append(.init(path: file))
                    continue
                }
                let copy = try makeTemporary()
                if isCompressed { try Self.decompress(file, to: copy) }
                if isJSON { try Self.rewriteJSONDocument(isCompressed ? copy : file, name: file, to: copy) }
                inputs.append(.init(path: copy, name: file))
            }
        } catch {
            cleanUp()
            throw error
        }
    }

    deinit { cleanUp() }

    func cleanUp() {
        for file in temporary { unlink(file) }
        temporary = []
    }

    private func makeTemporary() throws(SearchlightError) -> String {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/searchlight-input-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw .input(path: folder, reason: "cannot create a temporary file: \(String(cString: strerror(errno)))") }
        close(descriptor)
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        temporary.append(path)
        return path
    }

    /// Whether `path` starts with gzip's magic bytes.
    static func isGzip(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var magic: [UInt8] = [0, 0]
        return read(descriptor, &magic, 2) == 2 && magic == [0x1F, 0x8B]
    }

    private static func copy(from input: Int32, name: String, to path: String) throws(SearchlightError) {
        let output = open(path, O_WRONLY | O_TRUNC)
        guard output >= 0 else { throw .input(path: path, reason: String(cString: strerror(errno))) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = read(input, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .input(path: name, reason: String(cString: strerror(errno))) }
            if count == 0 { return }
            try write(buffer, count: count, to: output, path: path)
        }
    }

    private static func write(_ buffer: [UInt8], count: Int, to output: Int32, path: String) throws(SearchlightError) {
        var written = 0
        while written < count {
            let done = buffer.withUnsafeBytes { Glibc.write(output, $0.baseAddress! + written, count - written) }
            if done < 0 && errno == EINTR { continue }
            guard done > 0 else { throw .input(path: path, reason: "cannot write a temporary copy: \(String(cString: strerror(errno)))") }
            written += done
        }
    }

    /// zlib's message for `file`, without the path it puts first.
    private static func gzipError(_ file: gzFile, path: String) -> (code: Int32, message: String) {
        var code: Int32 = 0
        let message = String(cString: gzerror(file, &code))
        return (code, message.hasPrefix(path + ": ") ? String(message.dropFirst(path.count + 2)) : message)
    }

    /// Decompresses the gzip file `path` (every member, as `gzip -dc` does) into `copy`.
    private static func decompress(_ path: String, to copy: String) throws(SearchlightError) {
        guard let file = gzopen(path, "rb") else { throw .input(path: path, reason: String(cString: strerror(errno))) }
        defer { gzclose(file) }
        gzbuffer(file, 1 << 18)
        let output = open(copy, O_WRONLY | O_TRUNC)
        guard output >= 0 else { throw .input(path: copy, reason: String(cString: strerror(errno))) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { gzread(file, $0.baseAddress, UInt32($0.count)) }
            guard count >= 0 else { throw .input(path: path, reason: "not valid gzip data: \(gzipError(file, path: path).message)") }
            if count == 0 {
                // A truncated file reads as a short one: gzread reports the missing end as an error here.
                let (code, message) = gzipError(file, path: path)
                if code != Z_OK && code != Z_STREAM_END { throw .input(path: path, reason: "not valid gzip data: \(message)") }
                return
            }
            try write(buffer, count: Int(count), to: output, path: copy)
        }
    }

    /// Rewrites the JSON document at `source` (one entity, or an array of them) as JSON Lines into `copy`.
    private static func rewriteJSONDocument(_ source: String, name: String, to copy: String) throws(SearchlightError) {
        let document: JSONValue
        do {
            let text = try String(contentsOfFile: source, encoding: .utf8)
            document = try JSONValue(parsing: text)
        } catch let error as JSONSyntaxError {
            throw .input(path: name, reason: "not a JSON document: \(error)")
        } catch {
            throw .input(path: name, reason: "cannot read it as UTF-8 text")
        }
        let entities: [JSONValue]
        switch document {
        case .array(let elements): entities = elements
        case .object: entities = [document]
        default: throw .input(path: name, reason: "a .json input holds one entity (an object) or an array of them")
        }
        var text = ""
        for entity in entities {
            text += entity.jsonText
            text += "\n"
        }
        do { try text.write(toFile: copy, atomically: false, encoding: .utf8) } catch {
            throw .input(path: copy, reason: "cannot write a temporary copy")
        }
    }
}
