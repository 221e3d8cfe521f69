import ArgumentParser
import Searchlight

/// `searchlight schema`: the stored schema, as a `--schema` file.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the index's whole schema in the form --schema accepts.",
        usage: "searchlight schema [--index <path>] [--json] [--timeout <seconds>] [--connect-timeout <seconds>] [--allow-partial]",
        discussion: """
        Every type (inferred ones marked "inferred": true) with all its attributes and their flags, and every \
        enum with its cases: a schema.json to edit and give back to `searchlight index --schema`. The output is \
        JSON with or without --json.
        """
    )

    @OptionGroup var indexOptions: IndexOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var remote: RemoteShardArguments

    func run() throws {
        try reportingFailures {
            let index = try indexOptions.open(.readOnly, remote: remote)
            print(Self.fileForm(index.schema).prettyJSONText)
        }
    }

    /// The schema's JSON without the value slots, which are the index's own layout.
    static func fileForm(_ schema: Schema) -> JSONValue {
        guard case .object(let members) = schema.jsonValue else { return schema.jsonValue }
        return .object(members.filter { $0.key != "slots" })
    }
}
