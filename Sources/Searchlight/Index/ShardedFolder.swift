import FoundationEssentials
import XapianIndex

/// The files of a sharded index: a folder holding `shard-0` … `shard-(N-1)`, each a complete
/// Searchlight index (a glass database with the whole index's metadata), and Xapian's stub file
/// `XAPIANDB` listing them (`glass shard-0`, one line each), so that Xapian opens the folder as the
/// one database combining them.
///
/// ```swift
/// try ShardedFolder.create(at: "/tmp/packages", shards: 2)
/// ShardedFolder.isSharded("/tmp/packages")   // true
/// ```
enum ShardedFolder {
    /// Xapian's name for a stub file inside a folder.
    static let stubName = "XAPIANDB"

    static func stub(_ path: String) -> String { path + "/" + stubName }

    /// The folder of shard `number`, relative to the index folder.
    static func shardName(_ number: Int) -> String { "shard-\(number)" }

    /// Whether the folder at `path` is a sharded index (holds the stub file).
    static func isSharded(_ path: String) -> Bool { FileManager.default.fileExists(atPath: stub(path)) }

    /// Lays out an empty sharded index of `shards` shards in the empty or missing folder `path`:
    /// each shard's glass database is created, then the stub, last, so that a folder with a stub
    /// always has every shard it lists.
    /// - Throws: `SearchlightError.input` when a folder or file cannot be written.
    static func create(at path: String, shards: Int) throws(SearchlightError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            for number in 0..<shards {
                try WritableDatabase(path: path + "/" + shardName(number)).close()
            }
            let lines = (0..<shards).map { "glass \(shardName($0))\n" }.joined()
            try lines.write(toFile: stub(path), atomically: true, encoding: .utf8)
        } catch let error as XapianError {
            throw .storage(error)
        } catch {
            throw .input(path: path, reason: "cannot create a sharded index: \(error)")
        }
    }
}
