import ArgumentParser

/// `searchlight`: index entities from JSON Lines and search them from the terminal.
@main
struct SearchlightCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "searchlight",
        abstract: "A Spotlight-like entity index and search tool on Xapian.",
        discussion: """
        The index lives in .searchlight/ in the current folder, or $SEARCHLIGHT_INDEX, or --index PATH.

        Exit codes: 0 success; 1 something asked for was not found; 3 invalid input \
        data or schema; 4 no index, or not an index; 5 the index is locked by another writer; \
        6 storage error, or check found the index inconsistent; 64 invalid command-line usage.
        """,
        version: "0.1.0",
        subcommands: [IndexCommand.self, SearchCommand.self, SuggestCommand.self, GetCommand.self, DeleteCommand.self, StatsCommand.self,
                      CheckCommand.self, CompactCommand.self, BenchCommand.self]
    )
}
