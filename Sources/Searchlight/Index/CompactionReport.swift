/// What `EntityIndex.compact()` did: the size of the index folder before and after, and how
/// many entities the compacted index was verified to hold.
///
/// ```swift
/// let report = try index.compact()
/// print("\(report.bytesBefore) -> \(report.bytesAfter) bytes, \(report.entities) entities")
/// ```
public struct CompactionReport: Sendable {
    public var bytesBefore: Int
    public var bytesAfter: Int
    public var entities: Int
    /// Whether the folders were exchanged atomically (`renameat2`), or renamed one after the other.
    public var exchangedAtomically: Bool
    public var seconds: Double
    /// The old index's folder, when the swap was done but it could not be deleted (the next writer
    /// of the index deletes it).
    public var oldCopyLeftAt: String? = nil
}
