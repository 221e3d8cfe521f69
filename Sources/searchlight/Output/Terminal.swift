import Foundation

/// What the terminal can show: styling only on a TTY with `NO_COLOR` unset.
enum Terminal {
    static let stdoutIsTTY = isatty(STDOUT_FILENO) == 1
    static let stderrIsTTY = isatty(STDERR_FILENO) == 1
    static let colorAllowed = ProcessInfo.processInfo.environment["NO_COLOR"] == nil

    static func bold(_ text: String) -> String { style(text, code: "1") }
    static func dim(_ text: String) -> String { style(text, code: "2") }

    private static func style(_ text: String, code: String) -> String {
        stdoutIsTTY && colorAllowed ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data("searchlight: error: \(message)\n".utf8))
    }

    static func printWarning(_ message: String) {
        FileHandle.standardError.write(Data("searchlight: \(message)\n".utf8))
    }
}
