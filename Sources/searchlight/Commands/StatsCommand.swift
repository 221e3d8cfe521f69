import ArgumentParser
import FoundationEssentials
import Searchlight

/// `searchlight stats`: what the index holds.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show entity counts per type, the schema, the format version and the size on disk.",
        usage: "searchlight stats [--index <path>] [--json]"
    )

    @OptionGroup var indexOptions: IndexOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try reportingFailures {
            let index = try indexOptions.open(.readOnly)
            let schema = index.schema
            let counts = try index.countsByType()
            let total = try index.totalCount
            let size = index.sizeOnDisk
            let checkpoint = try index.checkpoint()
            if output.json {
                print(JSONValue.object([
                    ("index", .string(index.path)),
                    ("formatVersion", .int(IndexFormat.version)),
                    ("documents", .int(total)),
                    ("types", .array(schema.types.map { type in
                        .object([
                            ("name", .string(type.name)), ("displayName", .string(type.displayName)),
                            ("count", .int(counts.first { $0.type == type.name }?.count ?? 0)),
                            ("attributes", .array(type.attributes.map { .object([("key", .string($0.key)), ("kind", .string($0.kind.rawValue))]) })),
                        ])
                    })),
                    ("enums", .array(schema.enums.map { .object([("name", .string($0.name)), ("cases", .int($0.cases.count))]) })),
                    ("sizeBytes", .int(size)),
                    ("lastBatch", checkpoint ?? .null),
                ]).prettyJSONText)
                return
            }
            print("Index \(index.path): \(total) entities, \(Self.megabytes(size)) on disk, format version \(IndexFormat.version)")
            var table = Table([("TYPE", .left), ("NAME", .left), ("ENTITIES", .right), ("ATTRIBUTES", .left)])
            table.maximumWidth = 70
            for type in schema.types {
                table.append([type.name, type.displayName, String(counts.first { $0.type == type.name }?.count ?? 0),
                              type.attributes.map { "\($0.key) (\($0.kind.rawValue))" }.joined(separator: ", ")])
            }
            print(table.render())
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
