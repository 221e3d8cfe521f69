import ArgumentParser
import Searchlight

/// `searchlight purge`: delete the entities whose expiration date has passed.
struct PurgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "purge",
        abstract: "Delete the entities whose expirationDate has passed.",
        usage: "searchlight purge [--index <path>] [--json] [--wait <seconds>]",
        discussion: """
        Expired entities are never shown (search, get, stats, facets, get --all); `index` and `delete` \
        also delete them as they write. Prints how many were deleted.
        """
    )

    @OptionGroup var indexOptions: IndexOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var wait: WaitOptions

    func run() throws {
        try reportingFailures {
            let index = try indexOptions.open(.readWrite, waitingForWriter: wait.seconds)
            let purged = try index.purgeExpired()
            print(output.json ? JSONValue.object([("purged", .int(purged))]).prettyJSONText
                              : "Purged \(purged) expired \(purged == 1 ? "entity" : "entities").")
        }
    }
}
