import ArgumentParser
import FoundationEssentials
import Searchlight

/// `--index PATH`, shared by every command.
struct IndexOptions: ParsableArguments {
    @Option(name: .customLong("index"), help: ArgumentHelp("The index folder.", discussion: "Default: $SEARCHLIGHT_INDEX, else .searchlight in the current folder.", valueName: "path"))
    var indexPaths: [String] = []

    var index: String? { indexPaths.first }

    func validate() throws {
        _ = try Once.check(indexPaths, "--index")
        if index?.isEmpty == true { throw ValidationError("--index is empty: give the index folder's path") }
    }

    var path: String {
        index ?? ProcessInfo.processInfo.environment["SEARCHLIGHT_INDEX"].flatMap { $0.isEmpty ? nil : $0 } ?? ".searchlight"
    }

    /// Opens the index; `shards` as `EntityIndex.init` takes it (the count a new index gets, and an
    /// existing one must have); a reader reaches remote shards with `remote`.
    func open(_ mode: EntityIndex.Mode, waitingForWriter seconds: Double = 0, shards: Int? = nil,
              remote: RemoteShardArguments? = nil) throws -> EntityIndex {
        if mode == .readOnly { Allocator.keepFreedMemory() }
        do {
            let index = try EntityIndex(path: path, mode: mode, waitingForWriterUpTo: .milliseconds(Int(seconds * 1000)), shards: shards,
                                        remote: remote?.options ?? RemoteShardOptions())
            if let advice = IndexFormat.textRevisionAdvice(try index.textRevision) { Terminal.printWarning("warning: index \(path): \(advice)") }
            return index
        } catch {
            throw CommandFailure(error)
        }
    }
}

/// `--timeout`, `--connect-timeout` and `--allow-partial`, shared by the commands that read: how
/// remote shards (`remote HOST:PORT` lines of XAPIANDB) are reached, and whether to answer without
/// those that cannot be.
struct RemoteShardArguments: ParsableArguments {
    @Option(name: .customLong("timeout"), parsing: .unconditionalSingleValue, help: ArgumentHelp(
        "Remote shards: how long one operation may take before the shard counts as unreachable; 0: no limit. (default: 10)", valueName: "seconds"))
    var timeoutGiven: [Double] = []

    @Option(name: .customLong("connect-timeout"), parsing: .unconditionalSingleValue, help: ArgumentHelp(
        "Remote shards: how long connecting may take; 0: no limit. (default: 10)", valueName: "seconds"))
    var connectTimeoutGiven: [Double] = []

    @Flag(name: .customLong("allow-partial"), help: "Remote shards: answer from the shards that can be reached, with a warning naming the others, instead of failing (exit 6).")
    var allowPartial = false

    /// The largest timeout, in seconds: an hour.
    static let longestTimeout = 3_600.0

    func validate() throws {
        for (values, name) in [(timeoutGiven, "--timeout"), (connectTimeoutGiven, "--connect-timeout")] {
            guard let seconds = try Once.check(values, name) else { continue }
            guard seconds >= 0, seconds <= Self.longestTimeout else {
                throw ValidationError("\(name) \(NumericOption.text(seconds)) is out of range: it must be between 0 and \(Int(Self.longestTimeout)) seconds")
            }
        }
    }

    var options: RemoteShardOptions {
        RemoteShardOptions(timeout: .milliseconds(Int(((timeoutGiven.first ?? 10) * 1000).rounded(.up))),
                           connectTimeout: .milliseconds(Int(((connectTimeoutGiven.first ?? 10) * 1000).rounded(.up))),
                           allowPartial: allowPartial)
    }

    /// Warns on stderr of each shard `index` left out (with `--allow-partial`).
    static func warnOfMissingShards(_ index: EntityIndex) {
        for shard in index.missingShards {
            Terminal.printWarning("warning: partial results: shard '\(shard.line)' of \(index.path) could not be reached and was left out (\(shard.reason))")
        }
    }

    /// `report` (a JSON object) with `"missingShards"`: the stub lines of the shards `index` left out,
    /// when partial results are allowed; and a warning on stderr for each. Unchanged otherwise.
    func reporting(_ report: JSONValue, of index: EntityIndex) -> JSONValue {
        Self.warnOfMissingShards(index)
        guard allowPartial, case .object(var members) = report else { return report }
        members.append(("missingShards", .array(index.missingShards.map { .string($0.line) })))
        return .object(members)
    }
}

/// `--wait SECONDS`, shared by the commands that write.
struct WaitOptions: ParsableArguments {
    @Option(name: .customLong("wait"), parsing: .unconditionalSingleValue, help: ArgumentHelp(
        "While another process writes the index, retry for up to this many seconds before failing (exit 5). (default: 0)", valueName: "seconds"))
    var secondsGiven: [Double] = []

    var seconds: Double { secondsGiven.first ?? 0 }

    func validate() throws {
        _ = try Once.check(secondsGiven, "--wait")
        guard seconds >= 0, seconds <= 86_400 else {
            throw ValidationError("--wait \(NumericOption.text(seconds)) is out of range: it must be between 0 and 86400 seconds")
        }
    }
}

/// `--where PREDICATE`, shared by `search` and `bench`: filters that must all hold.
struct FilterOptions: ParsableArguments {
    @Option(name: .customLong("where"), help: ArgumentHelp(
        "A property filter in Core Spotlight's syntax, e.g. 'rating >= 4 && region == \"yose*\"cd' (repeatable: every filter must hold).", valueName: "predicate"))
    var predicates: [String] = []

    /// The filters as one predicate, checked against `schema`; nil without any.
    func filter(checkedAgainst schema: Schema) throws -> EntityPredicate? {
        // Repeated --where filters must all hold.
        let filters = try predicates.map { text throws -> EntityPredicate in
            do { return try EntityPredicate(spotlight: text) } catch { throw SearchlightError.invalidQuery("--where: \(error)") }
        }
        let filter: EntityPredicate? = filters.count > 1 ? .all(filters) : filters.first
        do { try filter?.checkValueKinds(against: schema) } catch { throw SearchlightError.invalidQuery("--where: \(error)") }
        return filter
    }
}

/// `--json`, shared by every command that prints results.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print one JSON document on stdout instead of a table.")
    var json = false
}

/// Range checks for numeric options, so that every value a user can type is either used or refused
/// with a usage error (exit 64), never passed on to overflow later. The options are parsed
/// `.unconditional`ly, so that `--limit -1` reads -1 as the value (and is refused as out of range)
/// rather than as an unknown flag.
enum NumericOption {
    /// The largest `--offset`: Xapian counts matches in 32 bits, and offset plus limit must fit.
    static let maximumOffset = 1_000_000_000

    static func check(_ value: Int, _ name: String, in range: ClosedRange<Int>) throws {
        guard range.contains(value) else {
            throw ValidationError("\(name) \(value) is out of range: it must be between \(range.lowerBound) and \(range.upperBound)")
        }
    }

    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// ArgumentParser keeps the last of a repeated single-value option and silently drops the others
/// (`--index a --index b` used b). Such options are declared as arrays, so that `validate()` can
/// refuse a repetition as a usage error (exit 64); the value is the array's only element.
enum Once {
    @discardableResult
    static func check<T>(_ values: [T], _ name: String) throws -> T? {
        guard values.count <= 1 else { throw ValidationError("\(name) was given \(values.count) times; give it once") }
        return values.first
    }
}
