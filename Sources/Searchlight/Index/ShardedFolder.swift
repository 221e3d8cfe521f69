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

    /// The text of the stub file at `path` and of the stub files in the folders it lists (a replica's,
    /// which `xapian-replicate` rewrites to switch to a fresh copy), one after the other; "" when the
    /// folder has none. Readers compare it to see whether the database they opened was replaced.
    static func stubText(_ path: String, depth: Int = 0) -> String {
        guard depth < maximumStubDepth, let text = try? String(contentsOfFile: stub(path), encoding: .utf8) else { return "" }
        return text + localEntries(ofStub: text, in: path).map { stubText($0, depth: depth + 1) }.joined()
    }

    /// How deep stubs are followed: a replica of a sharded index has two levels; a stub that lists
    /// its own folder (`auto .`) must not be followed for ever.
    static let maximumStubDepth = 4

    /// Whether the index at `path` is a replica kept by `xapian-replicate` (or has a shard that is):
    /// its stub file says it was written by Xapian's `DatabaseReplica`. Writing one would break it.
    static func isReplica(_ path: String) -> Bool { stubText(path).contains("Xapian::DatabaseReplica") }

    /// The folders a stub file's local lines (`glass FOLDER`, `auto FOLDER`) name, in order, relative
    /// paths taken from `folder`; other lines (remote shards) are left out.
    static func localEntries(ofStub text: String, in folder: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ", maxSplits: 1)
            guard words.count == 2, words[0] == "glass" || words[0] == "auto" else { return nil }
            return words[1].hasPrefix("/") ? String(words[1]) : folder + "/" + words[1]
        }
    }

    /// The shards of the index at `path`: the folders its stub lists (`localEntries`), or the index
    /// itself when it has no stub.
    static func shardFolders(_ path: String) -> [String] {
        guard let text = try? String(contentsOfFile: stub(path), encoding: .utf8) else { return [path] }
        return localEntries(ofStub: text, in: path)
    }

    /// The glass database folders the index at `path` is made of, through every stub: a replica
    /// shard's stub names the copy `xapian-replicate` keeps current. Xapian's check takes these (it
    /// cannot follow a stub that names a folder holding another stub).
    static func databaseFolders(_ path: String, depth: Int = 0) -> [String] {
        isSharded(path) && depth < maximumStubDepth ? shardFolders(path).flatMap { databaseFolders($0, depth: depth + 1) } : [path]
    }

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
