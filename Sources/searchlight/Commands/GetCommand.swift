import ArgumentParser
import Searchlight

/// `searchlight get`: entities by type and id, with all their attributes.
struct GetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Show entities by TYPE:ID, every entity of a small type (--all), or an enum's cases (--enum).",
        usage: "searchlight get [--index <path>] [--json] [--timeout <seconds>] [--connect-timeout <seconds>] [--allow-partial] [--all <type> [--max <n>]] [--enum <name>] [<type:id> ...]",
        discussion: """
        With --json, one entity prints as its JSON Lines object, several (or --all) as an array of them, in the \
        order asked; --enum prints an array of {"value", "title", "subtitle"}. Enum values are shown with their \
        case titles. Text is cut to fit on a terminal only.
        """
    )

    @OptionGroup var indexOptions: IndexOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var remote: RemoteShardArguments

    @Option(name: .customLong("all"), help: ArgumentHelp("Every entity of this (small) type, by title (App Intents' allEntities()).", valueName: "type"))
    var allGiven: [String] = []

    var all: String? { allGiven.first }

    @Option(name: .customLong("max"), parsing: .unconditionalSingleValue, help: ArgumentHelp(
        "With --all: the most entities to list; a type with more is an error. (default: 1000)", valueName: "n"))
    var maxGiven: [Int] = []

    var max: Int { maxGiven.first ?? 1_000 }

    @Option(name: .customLong("enum"), help: ArgumentHelp("The cases of this enum type with their display titles.", valueName: "name"))
    var enumGiven: [String] = []

    var enumName: String? { enumGiven.first }

    @Argument(help: ArgumentHelp("Entities to show, as TYPE:ID.", valueName: "type:id"))
    var references: [String] = []

    func validate() throws {
        try Once.check(allGiven, "--all")
        try Once.check(enumGiven, "--enum")
        try Once.check(maxGiven, "--max")
        try NumericOption.check(max, "--max", in: 1...1_000_000)
        if !maxGiven.isEmpty, all == nil { throw ValidationError("--max goes with --all TYPE") }
        guard [!references.isEmpty, all != nil, enumName != nil].filter({ $0 }).count == 1 else {
            throw ValidationError("give TYPE:ID references, or --all TYPE, or --enum NAME")
        }
        for text in references where EntityReference(parsing: text) == nil {
            throw ValidationError("'\(text)' is not TYPE:ID")
        }
    }

    func run() throws {
        try reportingFailures {
            let index = try indexOptions.open(.readOnly, remote: remote)
            if let enumName {
                let cases = try index.allCases(ofEnum: enumName)
                if output.json {
                    print(JSONValue.array(cases.map { item in
                        .object([("value", .string(item.value)), ("title", .string(item.display.title)),
                                 ("subtitle", item.display.subtitle.map(JSONValue.string) ?? .null)])
                    }).prettyJSONText)
                } else {
                    var table = Table([("VALUE", .left), ("TITLE", .left), ("SUBTITLE", .left)])
                    for item in cases { table.append([item.value, item.display.title, item.display.subtitle ?? ""]) }
                    print(table.render())
                }
                return
            }
            if let all {
                let entities: [Entity]
                do { entities = try index.allEntities(ofType: all, limit: max) } catch {
                    guard case .invalidQuery? = error as? SearchlightError, index.schema.type(named: all) != nil else { throw error }
                    throw SearchlightError.invalidQuery("type '\(all)' has more than \(max) entities; give --max with a higher limit "
                        + "(up to 1000000), or page through them with `searchlight search --type \(all) --limit N --offset N ''`")
                }
                print(output.json ? JSONValue.array(entities.map(\.jsonValue)).prettyJSONText
                                  : entities.map { human($0, schema: index.schema) }.joined(separator: "\n\n"))
                return
            }
            var found: [Entity] = []
            var missing: [String] = []
            for text in references {
                let reference = EntityReference(parsing: text)!
                if let entity = try index.entities(for: [reference]).first { found.append(entity) } else { missing.append(text) }
            }
            if output.json {
                let documents = found.map(\.jsonValue)
                print(references.count == 1 ? (documents.first ?? .null).prettyJSONText : JSONValue.array(documents).prettyJSONText)
            } else {
                print(found.map { human($0, schema: index.schema) }.joined(separator: "\n\n"))
            }
            RemoteShardArguments.warnOfMissingShards(index)
            if !missing.isEmpty {
                throw CommandFailure(message: "not found: \(missing.joined(separator: ", "))", code: CommandFailure.notFound)
            }
        }
    }

    private func human(_ entity: Entity, schema: Schema) -> String {
        let display = schema.displayRepresentation(of: entity)
        var lines = [Terminal.bold(Terminal.printable(display.title)) + (display.subtitle.map { " — \(Terminal.printable($0))" } ?? "")]
        var table = Table([("KEY", .left), ("VALUE", .left)])
        // Cut to fit on a terminal; whole when printed into a file or a pipe.
        table.maximumWidth = Terminal.stdoutIsTTY ? 100 : Int.max
        table.append(["type", entity.type])
        table.append(["id", entity.id.stringValue])
        if let domain = entity.domain { table.append(["domain", domain]) }
        if let expiration = entity.expirationDate { table.append(["expirationDate", ISO8601.format(expiration)]) }
        if let url = schema.url(of: entity) { table.append(["url", url]) }
        for (key, value) in entity.attributes { table.append([key, EnumTitles.text(value, key: key, schema: schema, type: entity.type)]) }
        lines.append(table.render())
        return lines.joined(separator: "\n")
    }
}
