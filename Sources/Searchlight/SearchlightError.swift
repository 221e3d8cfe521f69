import FoundationEssentials
import Glibc
import XapianIndex

/// Everything that can go wrong in Searchlight, with a message a person can act on.
///
/// ```swift
/// do { try index.index(entities) }
/// catch let error as SearchlightError { print(error) }  // e.g. "trails.jsonl:12: attributes.length: expected a number, got a string"
/// ```
public enum SearchlightError: Error, Sendable, CustomStringConvertible {
    /// No index at the path (opening for reading).
    case indexNotFound(path: String)
    /// The folder exists but does not hold a Searchlight index, or one of another format version.
    case notAnIndex(path: String, reason: String)
    /// Another process is writing the index.
    case indexLocked(path: String, pid: Int32?)
    /// The index is open for reading only.
    case readOnly
    /// A schema file or schema value is invalid; `location` says where (file and JSON path).
    case invalidSchema(location: String, reason: String)
    /// The schema contradicts the one stored in the index.
    case schemaConflict(String)
    /// One entity (one input line) is invalid.
    case invalidEntity(location: InputLocation?, field: String?, reason: String)
    case unknownType(String, known: [String])
    /// Input files that cannot be read.
    case input(path: String, reason: String)
    case invalidQuery(String)
    /// `--resume` cannot continue an earlier run (its inputs differ, or there is none to continue).
    case cannotResume(String)
    /// The storage engine failed (I/O, disk full, corruption).
    case storage(StorageFailure)
    /// A remote shard of the index at `path` could not be reached, timed out, or closed the
    /// connection; `reason` names its line of `XAPIANDB` (see `RemoteShardOptions`).
    case shardUnavailable(path: String, reason: String)

    public var description: String {
        switch self {
        case .indexNotFound(let path):
            return "no index at \(path) (create one with `searchlight index`)"
        case .notAnIndex(let path, let reason):
            return "\(path) is not a Searchlight index: \(reason)"
        case .indexLocked(let path, let pid):
            return "index at \(path) is being written by " + (pid.map { "process \($0)" } ?? "another process")
        case .readOnly:
            return "the index is open read-only"
        case .invalidSchema(let location, let reason):
            return "\(location): \(reason)"
        case .schemaConflict(let reason):
            return "schema conflicts with the one stored in the index: \(reason)"
        case .invalidEntity(let location, let field, let reason):
            let prefix = location.map { "\($0): " } ?? ""
            return prefix + (field.map { "\($0): " } ?? "") + reason
        case .unknownType(let name, let known):
            return "unknown entity type '\(name)'" + (known.isEmpty ? " (the index has no types yet)" : " (known types: \(known.joined(separator: ", ")))")
        case .input(let path, let reason):
            return "\(path): \(reason)"
        case .invalidQuery(let reason):
            return reason
        case .cannotResume(let reason):
            return "cannot resume: \(reason)"
        case .storage(let error):
            return "storage error: \(error.message)"
        case .shardUnavailable(let path, let reason):
            return "cannot read the index at \(path): \(reason)"
        }
    }
}

/// What went wrong in the index's storage, in Searchlight's own terms: a kind to switch on and
/// the engine's message.
///
/// ```swift
/// do { _ = try index.search(SearchRequest("dome")) }
/// catch SearchlightError.storage(let failure) where failure.kind == .corrupt { print("rebuild:", failure.message) }
/// ```
public struct StorageFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The index's files are damaged or inconsistent (`searchlight check` tells more).
        case corrupt
        /// Reading or writing the files failed: I/O errors, a full disk, permissions.
        case io
        /// The revision being read was overwritten by a writer faster than the reader could retry.
        case revisionDiscarded
        /// The engine ran out of memory.
        case outOfMemory
        /// Anything else the engine reported.
        case other
    }

    public let kind: Kind
    public let message: String

    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The failure Xapian reported as `error`.
    init(_ error: XapianError) {
        let kind: Kind = switch error.kind {
        case .databaseCorrupt: .corrupt
        case .database, .databaseCreate, .databaseOpening, .databaseNotFound, .databaseLock: .io
        case .databaseModified: .revisionDiscarded
        case .outOfMemory: .outOfMemory
        default: .other
        }
        self.init(kind: kind, message: error.message)
    }

    public var description: String { message }
}

extension SearchlightError {
    /// The storage failure Xapian reported as `error`.
    static func storage(_ error: XapianError) -> SearchlightError { .storage(StorageFailure(error)) }
}

/// A line of an input file.
public struct InputLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }
}

extension SearchlightError {
    /// A file-system failure (Foundation's `CocoaError`) at `path`, in the system's words:
    /// "Not a directory", or naming the file when it is another one ("/a/b: Permission denied").
    ///
    /// ```swift
    /// do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    /// catch { throw SearchlightError.input(error, at: path) }
    /// ```
    public static func input(_ error: any Error, at path: String) -> SearchlightError {
        guard let cocoa = error as? CocoaError, let posix = cocoa.underlying as? POSIXError else { return .input(path: path, reason: "\(error)") }
        let reason = String(cString: strerror(posix.code.rawValue))
        guard let file = cocoa.filePath, file != path else { return .input(path: path, reason: reason) }
        return .input(path: path, reason: "\(file): \(reason)")
    }
}
