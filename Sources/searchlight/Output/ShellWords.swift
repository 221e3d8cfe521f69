/// Command lines printed for the user to paste back into a shell.
enum ShellWords {
    /// `word` as a POSIX shell reads it back: as it is when it holds only ASCII letters, digits and
    /// `-_./:=@%+,`, else in single quotes (a quote inside written `'\''`).
    ///
    /// - Parameter word: Any text.
    /// - Returns: The text to paste into a command line.
    ///
    /// ```swift
    /// ShellWords.quoted("-wireshrak")       // -wireshrak
    /// ShellWords.quoted("-wireshrak info")  // '-wireshrak info'
    /// ShellWords.quoted("it's")             // 'it'\''s'
    /// ```
    static func quoted(_ word: String) -> String {
        let plain = word.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || "-_./:=@%+,".utf8.contains(byte)
        }
        return plain && !word.isEmpty ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
