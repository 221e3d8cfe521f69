import ArgumentParser
import Foundation
import Searchlight

/// `--index PATH`, shared by every command.
struct IndexOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The index folder.", discussion: "Default: $SEARCHLIGHT_INDEX, else .searchlight in the current folder.", valueName: "path"))
    var index: String?

    var path: String {
        index ?? ProcessInfo.processInfo.environment["SEARCHLIGHT_INDEX"].flatMap { $0.isEmpty ? nil : $0 } ?? ".searchlight"
    }

    func open(_ mode: EntityIndex.Mode) throws -> EntityIndex {
        do { return try EntityIndex(path: path, mode: mode) } catch { throw CommandFailure(error) }
    }
}

/// `--json`, shared by every command that prints results.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print one JSON document on stdout instead of a table.")
    var json = false
}
