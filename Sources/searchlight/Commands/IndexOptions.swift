import ArgumentParser
import FoundationEssentials
import Searchlight

/// `--index PATH`, shared by every command.
struct IndexOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The index folder.", discussion: "Default: $SEARCHLIGHT_INDEX, else .searchlight in the current folder.", valueName: "path"))
    var index: String?

    var path: String {
        index ?? ProcessInfo.processInfo.environment["SEARCHLIGHT_INDEX"].flatMap { $0.isEmpty ? nil : $0 } ?? ".searchlight"
    }

    func open(_ mode: EntityIndex.Mode, waitingForWriter seconds: Double = 0) throws -> EntityIndex {
        if mode == .readOnly { Allocator.keepFreedMemory() }
        do { return try EntityIndex(path: path, mode: mode, waitingForWriterUpTo: .milliseconds(Int(seconds * 1000))) }
        catch { throw CommandFailure(error) }
    }
}

/// `--wait SECONDS`, shared by the commands that write.
struct WaitOptions: ParsableArguments {
    @Option(name: .customLong("wait"), help: ArgumentHelp(
        "While another process writes the index, retry for up to this many seconds before failing (exit 5).", valueName: "seconds"))
    var seconds: Double = 0

    func validate() throws {
        guard seconds >= 0, seconds <= 86_400 else { throw ValidationError("--wait must be between 0 and 86400 seconds") }
    }
}

/// `--json`, shared by every command that prints results.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print one JSON document on stdout instead of a table.")
    var json = false
}
