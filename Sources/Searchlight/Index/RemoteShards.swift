import XapianIndex

/// How a reader reaches the remote shards of a sharded index: lines `remote HOST:PORT` of its
/// `XAPIANDB`, each a shard served by Xapian's `xapian-tcpsrv --port PORT FOLDER` (or
/// `remote :PROGRAM ARGS`, a program speaking Xapian's remote protocol on stdin and stdout).
///
/// ```swift
/// let options = RemoteShardOptions(timeout: .seconds(2), connectTimeout: .seconds(1), allowPartial: true)
/// let index = try EntityIndex(path: "/srv/packages", remote: options)
/// let found = try index.search(SearchRequest("editor"))
/// if !index.missingShards.isEmpty { print("partial results; missing:", index.missingShards.map(\.line)) }
/// ```
public struct RemoteShardOptions: Sendable, Equatable {
    /// How long one operation on a remote shard may take before it fails (Xapian's default, 10 s); zero: no limit.
    public var timeout: Duration
    /// How long connecting to a remote shard may take (Xapian's default, 10 s); zero: no limit.
    public var connectTimeout: Duration
    /// Whether a remote shard that cannot be reached (down, too slow, or gone mid-search) is left out,
    /// the others answering, rather than failing with `SearchlightError.shardUnavailable`.
    public var allowPartial: Bool

    /// - Parameters:
    ///   - timeout: each operation's limit; zero for none.
    ///   - connectTimeout: the connection's limit; zero for none.
    ///   - allowPartial: answer from the shards that can be reached (see `EntityIndex.missingShards`).
    public init(timeout: Duration = .seconds(10), connectTimeout: Duration = .seconds(10), allowPartial: Bool = false) {
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.allowPartial = allowPartial
    }

    /// Opens the database at `path` for reading, reaching its remote shards with these options.
    func open(_ path: String) throws(XapianError) -> Database {
        try Database(path: path, timeout: timeout, connectTimeout: connectTimeout, allowPartial: allowPartial)
    }
}

/// A shard a reader left out because it could not be reached (`RemoteShardOptions.allowPartial`).
///
/// ```swift
/// for shard in index.missingShards { print("\(shard.line): \(shard.reason)") }   // remote 10.0.0.2:7000: Connection refused
/// ```
public struct MissingShard: Sendable, Hashable {
    /// The shard's line of `XAPIANDB`, such as `remote 10.0.0.2:7000`.
    public let line: String
    /// Why it was left out, in Xapian's words.
    public let reason: String
}
