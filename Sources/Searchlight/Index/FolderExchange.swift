import FoundationEssentials
import Glibc

/// Puts one folder in the place of another, for swapping a compacted index in.
///
/// On Linux both paths are exchanged atomically with `renameat2(RENAME_EXCHANGE)`: at every
/// instant the index path names a complete index, so a reader opening it meanwhile sees the old
/// one or the new one, never nothing. Plain `rename(2)` cannot do this, since it refuses to
/// replace a non-empty folder. Where the exchange is unavailable (another system, or a file
/// system that does not support it), the old folder is renamed aside and the new one into place:
/// still safe for the data, but a reader opening the index between the two renames finds none.
///
/// ```swift
/// try FolderExchange.replace(".searchlight", with: ".searchlight.compacting", keepingOldAt: ".searchlight.old")
/// ```
enum FolderExchange {
    /// Moves `replacement` to `path`; the folder that was at `path` ends at the returned path
    /// (`replacement` after an exchange, `oldPath` after the fallback) for the caller to delete.
    static func replace(_ path: String, with replacement: String, keepingOldAt oldPath: String) throws(SearchlightError) -> String {
        if exchange(path, replacement) { return replacement }
        guard rename(path, oldPath) == 0 else { throw failure(path, "cannot move the old index aside") }
        guard rename(replacement, path) == 0 else {
            let error = failure(path, "cannot move the compacted index into place")
            _ = rename(oldPath, path)
            throw error
        }
        return oldPath
    }

    private static func failure(_ path: String, _ what: String) -> SearchlightError {
        .storage(StorageFailure(kind: .io, message: "\(path): \(what): \(String(cString: strerror(errno))); the index was left as it was"))
    }

    #if os(Linux)
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32
    /// glibc declares `renameat2` only under `_GNU_SOURCE`, which Swift's Glibc module does not
    /// define, so it is looked up at run time (glibc 2.28 and later have it).
    private static let renameat2: RenameAt2? = dlsym(nil, "renameat2").map { unsafeBitCast($0, to: RenameAt2.self) }
    private static let renameExchange: UInt32 = 2  // RENAME_EXCHANGE in <linux/fs.h>

    private static func exchange(_ a: String, _ b: String) -> Bool {
        guard let renameat2 else { return false }
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
    }
    #else
    private static func exchange(_ a: String, _ b: String) -> Bool { false }
    #endif
}
