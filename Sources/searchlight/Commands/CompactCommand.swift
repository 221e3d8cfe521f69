import ArgumentParser
import Searchlight

/// `searchlight compact`: rewrite the index compactly, in place.
struct CompactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compact",
        abstract: "Compact the index in place, reporting its size before and after.",
        usage: "searchlight compact [--index <path>] [--json] [--wait <seconds>] [--merge]",
        discussion: """
        Xapian writes a compacted copy beside the index; the copy is checked (Xapian's check and the same \
        entity count) and then swapped in atomically, and the old files are deleted. The writer lock is held \
        throughout, so no other process writes meanwhile; readers keep working. On any failure before the \
        swap the index is left as it was. A sharded index is compacted shard by shard; with --merge its shards \
        become one database instead, which answers every search as the shards did.
        """
    )

    @OptionGroup var indexOptions: IndexOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var wait: WaitOptions

    @Flag(help: "Merge a sharded index into one database (same results), in place of its shards.")
    var merge = false

    func run() throws {
        try reportingFailures {
            let index = try indexOptions.open(.readWrite, waitingForWriter: wait.seconds)
            let shards = index.shardCount
            let report = try index.compact(mergingShards: merge)
            if output.json {
                print(JSONValue.object([
                    ("index", .string(index.path)),
                    ("entities", .int(report.entities)),
                    ("mergedShards", .int(merge && shards > 1 ? shards : 0)),
                    ("bytesBefore", .int(report.bytesBefore)),
                    ("bytesAfter", .int(report.bytesAfter)),
                    ("atomicSwap", .bool(report.exchangedAtomically)),
                    ("seconds", .double((report.seconds * 1000).rounded() / 1000)),
                ]).prettyJSONText)
            } else {
                print((merge && shards > 1 ? "Merged \(shards) shards of" : "Compacted") + " \(index.path) (\(Plural.count(report.entities, "entity", "entities"))): \(StatsCommand.megabytes(report.bytesBefore)) -> "
                    + "\(StatsCommand.megabytes(report.bytesAfter)) in \(report.seconds.fixed(2)) s")
            }
        }
    }
}
