import ArgumentParser
import Searchlight

/// `searchlight delete`: remove entities by id, type, domain, or all of them.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete entities by TYPE:ID, by --type, by --domain, or --all.",
        usage: "searchlight delete [--index <path>] [--json] [--wait <seconds>] [--type <type>] [--domain <domain>] [--all] [<type:id> ...]",
        discussion: "Prints how many entities were deleted. The schema is kept."
    )

    @OptionGroup var indexOptions: IndexOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var wait: WaitOptions

    @Option(name: .customLong("type"), help: ArgumentHelp("Delete every entity of this type.", valueName: "type"))
    var typeGiven: [String] = []

    var type: String? { typeGiven.first }

    @Option(name: .customLong("domain"), help: ArgumentHelp("Delete every entity in this domain.", valueName: "domain"))
    var domainGiven: [String] = []

    var domain: String? { domainGiven.first }

    @Flag(help: "Delete every entity.")
    var all = false

    @Argument(help: ArgumentHelp("Entities to delete, as TYPE:ID.", valueName: "type:id"))
    var references: [String] = []

    func validate() throws {
        try Once.check(typeGiven, "--type")
        try Once.check(domainGiven, "--domain")
        let selectors = [!references.isEmpty, type != nil, domain != nil, all].filter { $0 }.count
        guard selectors == 1 else { throw ValidationError("give exactly one of: TYPE:ID..., --type, --domain, --all") }
        for text in references where EntityReference(parsing: text) == nil {
            throw ValidationError("'\(text)' is not TYPE:ID")
        }
    }

    func run() throws {
        try reportingFailures {
            let index = try indexOptions.open(.readWrite, waitingForWriter: wait.seconds)
            let deleted: Int
            if let type {
                guard index.schema.type(named: type) != nil else {
                    throw SearchlightError.unknownType(type, known: index.schema.types.map(\.name))
                }
                deleted = try index.deleteEntities(ofType: type)
            } else if let domain {
                deleted = try index.deleteEntities(inDomain: domain)
            } else if all {
                deleted = try index.deleteAll()
            } else {
                deleted = try index.deleteEntities(references.compactMap(EntityReference.init(parsing:)))
            }
            print(output.json ? JSONValue.object([("deleted", .int(deleted))]).prettyJSONText
                              : "Deleted \(deleted) \(deleted == 1 ? "entity" : "entities").")
        }
    }
}
