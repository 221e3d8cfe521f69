import XapianIndex

/// Compound words of a query split in two words the index has, for the languages that write their
/// compounds as one word (`Language.joinsCompounds`: German, Dutch, the Scandinavian languages,
/// Finnish, ...). A question's "Touristenstrecken" matches no text that says "Touristeneisenbahnen
/// … auf Strecken"; searched also as "touristen strecken", it matches that text by its parts. The
/// split text is searched beside the query (one of `QueryText.variants`), so an entity with the
/// compound itself still ranks by it.
///
/// A cut is kept when both parts are words of the index, the first possibly less a linking
/// element ("Staatsbesitz": "staat" + "besitz"); of several, the one whose rarer part is most
/// common, since a cut into a rare fragment is more likely chance. Each cut costs two or three
/// term-frequency look-ups, about three per letter of a long word.
///
/// ```swift
/// try CompoundWords.split("touristenstrecken", database: database)   // ("touristen", "strecken")
/// ```
enum CompoundWords {
    /// Words shorter than this are not split.
    static let shortestCompound = 8
    /// The fewest letters of each part as cut (the first part may then lose a linking element).
    static let shortestPart = 4
    /// The fewest letters of a first part after its linking element is dropped.
    static let shortestStem = 3
    /// Letters that join the parts of a compound (German Fugenelemente, Dutch and Scandinavian "s").
    static let linkingElements = ["s", "es", "n", "en", "e"]

    /// The two words of the index `word` is made of, or nil when no cut gives two such words.
    ///
    /// - Parameters:
    ///   - word: a lower-cased, folded word of the query.
    ///   - database: the index whose words the parts must be.
    /// - Throws: `XapianError` when the index cannot be read.
    static func split(_ word: String, database: Database) throws(XapianError) -> (head: String, tail: String)? {
        let letters = Array(word)
        guard letters.count >= shortestCompound, letters.allSatisfy(\.isLetter) else { return nil }
        var best: (head: String, tail: String, entities: Int)?
        for cut in shortestPart...(letters.count - shortestPart) {
            let tail = String(letters[cut...])
            let tailEntities = try database.termFrequency(tail)
            guard tailEntities > best?.entities ?? 0 else { continue }
            let head = String(letters[..<cut])
            let heads = [head] + linkingElements.filter { head.hasSuffix($0) && head.count - $0.count >= shortestStem }.map { String(head.dropLast($0.count)) }
            for candidate in heads {
                let entities = min(try database.termFrequency(candidate), tailEntities)
                if entities > best?.entities ?? 0 { best = (candidate, tail, entities) }
            }
        }
        return best.map { ($0.head, $0.tail) }
    }
}
