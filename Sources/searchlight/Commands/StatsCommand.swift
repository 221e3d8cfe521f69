import ArgumentParser
import FoundationEssentials
import Searchlight

/// `searchlight stats`: what the index holds.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show entity counts per type (and per shard), the schema, the format version and the size on disk.",
        usage: "searchlight stats [--index <path>] [--json] [--timeout <seconds>] [--connect-timeout <seconds>] [--allow-partial]"
    )

    @OptionGroup var indexOptions: IndexOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var remote: RemoteShardArguments

    func run() throws {
        try reportingFailures {
            let index = try indexOptions.open(.readOnly, remote: remote)
            let schema = index.schema
            let counts = try index.countsByType()
            let total = try index.totalCount
            let size = index.sizeOnDisk
            let checkpoint = try index.checkpoint()
            let shards = try index.shardStatistics()
            let changesets = try index.keptChangesets
            if output.json {
                print(remote.reporting(JSONValue.object([
                    ("index", .string(index.path)),
                    ("formatVersion", .int(IndexFormat.version)),
                    ("textRevision", .int(try index.textRevision)),
                    ("shards", .int(index.shardCount)),
                    ("shardDetails", .array(shards.map {
                        .object([("name", .string($0.name)), ("documents", .int($0.entities)), ("terms", .int($0.terms)), ("sizeBytes", .int($0.sizeBytes))])
                    })),
                    ("changesets", changesets.map { .int($0) } ?? .null),
                    ("documents", .int(total)),
                    ("types", .array(schema.types.enumerated().map { position, type in
                        // The attributes with all their definitions, as `searchlight schema` prints them.
                        .object([
                            ("name", .string(type.name)), ("displayName", .string(type.displayName)),
                            ("count", .int(counts.first { $0.type == type.name }?.count ?? 0)),
                            ("inferred", .bool(type.inferred)),
                            ("attributes", schema.jsonValue["types"]?.arrayValue?[position]["attributes"] ?? .array([])),
                        ])
                    })),
                    ("enums", .array(schema.enums.map { .object([("name", .string($0.name)), ("cases", .int($0.cases.count))]) })),
                    ("sizeBytes", .int(size)),
                    ("lastBatch", checkpoint ?? .null),
                ]), of: index).prettyJSONText)
                return
            }
            print("Index \(index.path): \(Plural.count(total, "entity", "entities")), \(Self.megabytes(size)) on disk, format version \(IndexFormat.version), text revision \(try index.textRevision)"
                + (index.shardCount > 1 ? ", \(index.shardCount) shards" : ""))
            RemoteShardArguments.warnOfMissingShards(index)
            var table = Table([("TYPE", .left), ("NAME", .left), ("ENTITIES", .right)])
            for type in schema.types {
                table.append([type.name, type.displayName, String(counts.first { $0.type == type.name }?.count ?? 0)])
            }
            print(table.render())
            if !shards.isEmpty {
                var perShard = Table([("SHARD", .left), ("ENTITIES", .right), ("TERMS", .right), ("SIZE", .right)])
                for shard in shards { perShard.append([shard.name, String(shard.entities), String(shard.terms), Self.megabytes(shard.sizeBytes)]) }
                print(perShard.render())
            }
            if let changesets { print("Replicable: writers keep the last \(Plural.count(changesets, "changeset")) for replicas") }
            // Every attribute, however many (`searchlight schema` prints their flags too).
            for type in schema.types {
                print("\(Terminal.printable(type.name))\(type.inferred ? " (inferred)" : ""): "
                    + Terminal.printable(type.attributes.map { "\($0.key) (\($0.multiValued ? "multi-valued " : "")\($0.kind.rawValue))" }.joined(separator: ", ")))
            }
            if !schema.enums.isEmpty {
                print("Enums: " + Terminal.printable(schema.enums.map { "\($0.name) (\($0.cases.map(\.value).joined(separator: ", ")))" }.joined(separator: "; ")))
            }
            if let checkpoint, let file = checkpoint["file"]?.stringValue, let line = checkpoint["line"]?.intValue {
                print("Last committed batch ended at \(file):\(line)")
            }
        }
    }

    static func megabytes(_ bytes: Int) -> String { (Double(bytes) / 1_048_576).fixed(1) + " MB" }
}
