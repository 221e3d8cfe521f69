import XapianIndex

/// How many typos a search forgives in a word, as Meilisearch and Typesense do by default.
///
/// ```swift
/// var request = SearchRequest("pyhton requests")   // finds python3-requests
/// request.typos = .off                            // finds only what is spelt so
/// ```
public enum TypoTolerance: String, Sendable, Hashable, CaseIterable {
    /// A word of five letters or more that no entity has matches the index's closest word one edit
    /// away (an insertion, deletion, substitution, or two neighbours swapped); from nine letters,
    /// two edits away. Words with digits, and words in quotes or with operators, match only as typed.
    case auto
    /// Words match only as typed.
    case off
}

/// The corrections typo tolerance makes: for a word no entity has, the index's closest word.
///
/// A word the index has is taken as meant (its matches rank as they are); only unknown words are
/// corrected, so an exact match always ranks above a typo match, and a correction costs a scan of
/// the words that begin with the same two letters (or those two swapped), about two thousand on
/// the Debian corpus, only when a word is unknown.
///
/// ```swift
/// try TypoCorrections.correction(of: "wireshrak", database: database)   // "wireshark"
/// ```
enum TypoCorrections {
    /// Words this long or longer are forgiven one edit.
    static let oneEditFrom = 5
    /// Words this long or longer are forgiven two edits.
    static let twoEditsFrom = 9
    /// The most index words one correction compares with.
    static let scanLimit = 20_000

    /// How many edits a word of this many letters is forgiven.
    static func allowedEdits(_ word: String) -> Int {
        let letters = word.unicodeScalars.count
        return letters >= twoEditsFrom ? 2 : letters >= oneEditFrom ? 1 : 0
    }

    /// Whether `word` may be corrected at all: long enough, and a word rather than a number or id.
    static func isCorrectable(_ word: String) -> Bool {
        allowedEdits(word) > 0 && !word.unicodeScalars.contains { $0.properties.numericType != nil }
    }

    /// The closest word to `word` that the index's text has, within the edits `word` is forgiven:
    /// the fewest edits, then the most entities; nil when there is none.
    static func correction(of word: String, database: Database) throws(XapianError) -> String? {
        let edits = allowedEdits(word)
        let typed = Array(word.unicodeScalars)
        guard edits > 0, typed.count >= 2 else { return nil }
        var distances = EditDistance(limit: edits)
        var best: (word: String, distance: Int, count: Int)?
        var heads = [String(String.UnicodeScalarView(typed[0..<2]))]
        if typed[0] != typed[1] { heads.append(String(String.UnicodeScalarView([typed[1], typed[0]]))) }
        var scanned = 0
        for head in heads {
            try database.forEachTerm(withPrefix: head) { term, frequency in
                scanned += 1
                let candidate = term.unicodeScalars
                if abs(candidate.count - typed.count) <= edits {
                    let distance = distances.between(typed, candidate)
                    if distance <= edits,
                       best.map({ (distance, -frequency, term) < ($0.distance, -$0.count, $0.word) }) ?? true {
                        best = (term, distance, frequency)
                    }
                }
                return scanned < scanLimit
            }
        }
        return best?.word
    }
}
