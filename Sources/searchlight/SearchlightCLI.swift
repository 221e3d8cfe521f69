import ArgumentParser
import CMappedReads

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
        subcommands: [IndexCommand.self, SearchCommand.self, SuggestCommand.self, GetCommand.self, DeleteCommand.self, PurgeCommand.self, StatsCommand.self, SchemaCommand.self,
                      CheckCommand.self, CompactCommand.self, BenchCommand.self]
    )

    /// Turns on mapped reads (CMappedReads: Xapian's block reads of an index's table files copied from
    /// a memory mapping; `SEARCHLIGHT_MAPPED_READS=0` keeps them off), refuses a word with one dash
    /// before `--` (`strayDashWord(in:)`), then parses and runs the command.
    /// Only this tool has them: they replace `pread` for the whole process, which a library must not
    /// do to the programs that use it. Naming a function of CMappedReads here also ties its object, and
    /// with it the `pread`, `pread64` and `close` it defines, to the executable: SwiftPM passes every
    /// target's object files to the linker today, but from a static archive a member that nothing
    /// refers to would be left out (libc defines `pread` and `close` too).
    static func main() {
        mapped_reads_enable()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let word = strayDashWord(in: arguments) {
            let command = arguments.first { !$0.hasPrefix("-") } ?? "search"
            exit(withError: ValidationError("""
                Unknown option '\(word)': the only short option is -h. To search for text that begins \
                with '-', put it after '--' (searchlight \(ShellWords.quoted(command)) -- \(ShellWords.quoted(word))).
                """))
        }
        main(arguments)
    }

    /// The first argument before `--` that begins with one dash and is neither `-h`, a number nor
    /// `-` alone. No option is spelt so, but ArgumentParser reads it as a cluster of short flags, and
    /// one with an `h` in it ("-wireshrak") printed the help and succeeded instead of failing.
    ///
    /// - Parameter arguments: The command line without the program's name.
    /// - Returns: The argument, or nil when there is none.
    ///
    /// ```swift
    /// SearchlightCLI.strayDashWord(in: ["search", "-wireshrak"])        // "-wireshrak"
    /// SearchlightCLI.strayDashWord(in: ["search", "--limit", "-1", "x"]) // nil: a value, checked later
    /// SearchlightCLI.strayDashWord(in: ["search", "--", "-wireshrak"])  // nil: query text
    /// ```
    static func strayDashWord(in arguments: [String]) -> String? {
        for argument in arguments {
            if argument == "--" { return nil }
            if argument.hasPrefix("-"), !argument.hasPrefix("--"), argument.count > 2, Double(argument) == nil { return argument }
        }
        return nil
    }
}
