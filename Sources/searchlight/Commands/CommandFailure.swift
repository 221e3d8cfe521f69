import ArgumentParser
import Searchlight

/// A failure that prints `searchlight: error: ...` on stderr and exits with a code that says
/// what kind of failure it was (see `searchlight --help`).
struct CommandFailure: Error, CustomStringConvertible {
    let message: String
    let code: Int32

    static let notFound: Int32 = 1
    static let invalidInput: Int32 = 3
    static let noIndex: Int32 = 4
    static let locked: Int32 = 5
    static let storage: Int32 = 6

    init(message: String, code: Int32) {
        self.message = message
        self.code = code
    }

    init(_ error: SearchlightError) {
        if case .shardUnavailable = error {
            message = error.description + " (--allow-partial answers from the shards that can be reached; --timeout and --connect-timeout set how long to wait)"
        } else {
            message = error.description
        }
        switch error {
        case .indexNotFound, .notAnIndex: code = Self.noIndex
        case .indexLocked: code = Self.locked
        case .storage, .readOnly, .shardUnavailable: code = Self.storage
        case .invalidSchema, .schemaConflict, .invalidEntity, .unknownType, .input, .invalidQuery, .cannotResume: code = Self.invalidInput
        }
    }

    var description: String { message }
}

extension ParsableCommand {
    /// Runs `body`, turning Searchlight errors into a message on stderr and a meaningful exit code.
    func reportingFailures(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as CommandFailure {
            Terminal.printError(failure.message)
            throw ExitCode(failure.code)
        } catch let error as SearchlightError {
            let failure = CommandFailure(error)
            Terminal.printError(failure.message)
            throw ExitCode(failure.code)
        }
    }
}
