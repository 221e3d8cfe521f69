/// The terms and prefixes of the on-disk format (see docs/ARCHITECTURE.md for the table).
/// Custom prefixes start with `X` and end with `:` so no prefix is a prefix of another.
enum IndexTerms {
    /// Unique key of an entity: `Q<type>:<id>`.
    static func unique(type: String, id: EntityIdentifier) -> String { "Q\(type):\(id.stringValue)" }

    static let typePrefix = "XT:"
    static let domainPrefix = "XD:"

    static func type(_ name: String) -> String { typePrefix + name }
    static func domain(_ name: String) -> String { domainPrefix + name }

    /// Prefix of the exact-value terms of a keyword, enum, boolean or reference attribute.
    static func valuePrefix(_ key: String) -> String { "XK\(key):" }
    static func value(_ key: String, _ value: String) -> String { valuePrefix(key) + value }

    /// Prefix of the words of a searchable attribute (for `key:word` queries).
    static func fieldPrefix(_ key: String) -> String { "XF\(key):" }

    /// A word or two-word phrase of an entity's title, lower-cased, offered as a completion.
    static let completionPrefix = "XC"
    /// The first 1...`maximumPrefixLength` letters of a title word: entities for a short typed prefix.
    static let titlePrefixPrefix = "XP"
    static let maximumPrefixLength = 5

    /// The whole title, normalised (lower-cased words joined by spaces): exact-title matches rank first.
    static let wholeTitlePrefix = "XE"
    static func wholeTitle(_ text: String) -> String { wholeTitlePrefix + normalisedName(text) }

    /// A title or other name as its lower-cased words joined by single spaces.
    static func normalisedName(_ text: String) -> String { titleWords(text).joined(separator: " ") }

    /// A whole other name of an entity (a value of a `synonyms` attribute), normalised like `XE`.
    static let alternateNamePrefix = "XA"
    /// The whole title of an entity that has other names, normalised like `XE`.
    static let namedTitlePrefix = "XS"

    /// How many words `text` has (runs of letters and digits), counted without building them.
    static func wordCount(_ text: String) -> Int {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.split { !$0.isLetter && !$0.isNumber }.count }
        var count = 0
        var inWord = false
        for byte in text.utf8 {
            let letter = isASCIILetterOrDigit(byte)
            if letter && !inWord { count += 1 }
            inWord = letter
        }
        return count
    }

    /// Lower-cased words of a title, for completions and prefix terms.
    static func titleWords(_ text: String) -> [String] {
        // ASCII text, most titles and queries, is split by bytes: the same words without Unicode's tables.
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        }
        var words: [String] = []
        var word: [UInt8] = []
        for byte in text.utf8 {
            if isASCIILetterOrDigit(byte) {
                word.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            } else if !word.isEmpty {
                words.append(String(decoding: word, as: UTF8.self))
                word.removeAll(keepingCapacity: true)
            }
        }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        return words
    }

    /// The ASCII bytes that are letters or digits (in ASCII, exactly the characters that are).
    static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    /// The longest term Xapian accepts.
    static let maximumTermBytes = 245
}

/// Metadata keys stored in the index, committed together with the documents.
enum IndexMetadata {
    static let formatVersion = "searchlight.format"
    static let schema = "searchlight.schema"
    static let checkpoint = "searchlight.checkpoint"
    /// The zstd dictionary of the stored entity data (see `StoredData`), once one is trained.
    static let dictionary = "searchlight.dictionary"
    /// The average entity length wdfs are normalised by (see `LengthNormalization`), fixed with the first entities.
    static let averageLength = "searchlight.averageLength"
}
