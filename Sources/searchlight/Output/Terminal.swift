import FoundationEssentials
import Glibc

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

    /// `text` with its control characters (C0 but newline and tab, DEL and C1) written as visible
    /// escapes (`\u{1B}`), for human output of indexed data: a title holding `\u{1B}[2J` must
    /// not clear the screen of whoever searches. JSON output escapes them as JSON does.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }

    static func printError(_ message: String) {
        writeToStandardError("searchlight: error: \(message)\n")
    }

    static func printWarning(_ message: String) {
        writeToStandardError("searchlight: \(message)\n")
    }

    /// Writes `text` to stderr unbuffered, as one write.
    static func writeToStandardError(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }
}
