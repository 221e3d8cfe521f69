import ArgumentParser
import Searchlight

/// `searchlight check`: is the index consistent?
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the index for consistency: Xapian's structure check, then every document against the schema.",
        usage: "searchlight check [--index <path>] [--json] [--timeout <seconds>] [--connect-timeout <seconds>] [--allow-partial]",
        discussion: """
        Runs Xapian's consistency check over the database files, then checks the format version, the stored \
        schema and checkpoint, and that every document's data decodes to an entity whose unique term it carries. \
        Reads only, so it may run while the index is being written. Exits with 0 when the index is consistent \
        and 6 (storage error) when it is not. Entities analysed by another build's text revision are a warning, \
        not a problem: words whose analysis changed may be missed until they are indexed again.
        """
    )

    @OptionGroup var indexOptions: IndexOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var remote: RemoteShardArguments

    func run() throws {
        try reportingFailures {
            let report = try IndexCheckReport(checking: indexOptions.path, remote: remote.options)
            print(output.json ? json(report).prettyJSONText : human(report))
            guard report.isConsistent else {
                let count = report.xapianErrors + report.problemCount
                throw CommandFailure(message: "index at \(report.path) is not consistent: \(count) \(count == 1 ? "problem" : "problems")",
                                     code: CommandFailure.storage)
            }
        }
    }

    private func json(_ report: IndexCheckReport) -> JSONValue {
        .object([
            ("index", .string(report.path)),
            ("consistent", .bool(report.isConsistent)),
            ("documents", .int(report.documents)),
            ("xapianErrors", .int(report.xapianErrors)),
            ("problemCount", .int(report.problemCount)),
            ("problems", .array(report.problems.map(JSONValue.string))),
            ("warnings", .array(report.warnings.map(JSONValue.string))),
            ("xapianReport", .string(report.xapianReport)),
        ])
    }

    private func human(_ report: IndexCheckReport) -> String {
        var lines = ["Index \(report.path): \(Plural.count(report.documents, "document")) checked; Xapian found \(Plural.count(report.xapianErrors, "error")); "
            + "\(report.problemCount) other \(report.problemCount == 1 ? "problem" : "problems")."]
        if report.xapianErrors > 0 { lines.append(report.xapianReport) }
        lines += report.problems.map { "  \(Terminal.printable($0))" }
        if report.problemCount > report.problems.count { lines.append("  ... and \(report.problemCount - report.problems.count) more") }
        lines += report.warnings.map { "Warning: \(Terminal.printable($0))." }
        lines.append(report.isConsistent ? "The index is consistent." : "The index is NOT consistent.")
        return lines.joined(separator: "\n")
    }
}
