import XapianIndex

/// Words no entity has that are two of the index's words written together: a German, Dutch or
/// Swedish compound ("Paketkennzeichnung": "paket" + "kennzeichnung"), an Arabic word with the one
/// after it typed without a space. Searched as the two words, where typo tolerance finds no word
/// close enough; the index's own vocabulary is the dictionary.
///
/// ```swift
/// try CompoundWords.split("gesetzgebungsverfahren", database: database)   // ("gesetzgebung", "verfahren")
/// ```
enum CompoundWords {
    /// The fewest letters of a part.
    static let shortestPart = 4
    /// The fewest letters of a word that is split.
    static let shortestWord = 2 * shortestPart
    /// The most letters of a word that is split (German's longest dictionary words have about 40):
    /// longer input is not a compound, and its look-ups are bounded.
    static let longestWord = 64
    /// Letters that may join two parts without belonging to either (German's Fugen-s, -n, -es,
    /// -en, -e; Dutch and Swedish -s and -en): tried at the end of the first part.
    static let joiningLetters = ["s", "n", "e", "es", "en"]

    /// The two index words `word` is made of, the pair whose entity counts have the largest
    /// geometric mean (the likeliest reading: short and rare parts lose to common ones), each part
    /// of at least `shortestPart` letters, the first possibly followed by joining letters; nil when
    /// the index has no such pair. Two to four look-ups per split point: bounded by the word's length.
    ///
    /// - Parameters:
    ///   - word: a lower-cased word of the query that no entity has.
    ///   - database: the index whose words are looked up.
    /// - Throws: `XapianError` when the index cannot be read.
    static func split(_ word: String, database: Database) throws(XapianError) -> (head: String, tail: String)? {
        let letters = Array(word.unicodeScalars)
        guard letters.count >= shortestWord, letters.count <= longestWord, letters.allSatisfy(isLetter) else { return nil }
        var best: (head: String, tail: String, score: Double)?
        for cut in shortestPart...(letters.count - shortestPart) {
            let tail = String(String.UnicodeScalarView(letters[cut...]))
            let tailCount = try database.termFrequency(tail)
            guard tailCount > 0 else { continue }
            let joined = String(String.UnicodeScalarView(letters[..<cut]))
            var heads = [joined]
            for joining in joiningLetters where joined.hasSuffix(joining) && joined.unicodeScalars.count - joining.unicodeScalars.count >= shortestPart {
                heads.append(String(joined.unicodeScalars.dropLast(joining.unicodeScalars.count)))
            }
            for head in heads {
                let headCount = try database.termFrequency(head)
                guard headCount > 0 else { continue }
                let score = (Double(headCount) * Double(tailCount)).squareRoot()
                if score > best?.score ?? 0 { best = (head, tail, score) }
            }
        }
        return best.map { ($0.head, $0.tail) }
    }

    /// The most compounds a query word adds (the most frequent): 5, 10 and 20 gave XQuAD's German
    /// questions MRR@10 0.934, 0.935 and 0.935.
    static let compoundsPerWord = 10
    /// The fewest letters of a word whose compounds are looked up (one fewer of its stem): "milch"
    /// finds "Milchreis", "fjell" "fjellovergang". Five and six letters gave XQuAD's German
    /// questions MRR@10 0.9500 and 0.9495, Debian's German descriptions 0.9718 and 0.9723.
    static let shortestWordBeginning = 5

    /// The index's words that begin with `word`'s stem and run on for a part of their own (at least
    /// `shortestPart` more letters) without sharing its stem: the compounds it begins ("spannungen":
    /// "spannungstensor"), the `compoundsPerWord` most frequent. A German text names its subject in
    /// a compound as often as alone; a word search finds only the word, where character n-grams
    /// find both. One scan of the words beginning with the stem.
    ///
    /// - Parameters:
    ///   - word: a lower-cased word of the query.
    ///   - stemmer: the stemmer of a language that joins compounds (`Language.joinsCompounds`).
    ///   - database: the index whose words are read.
    /// - Throws: `XapianError` when the index cannot be read.
    ///
    /// ```swift
    /// try CompoundWords.beginning(with: "spannungen", stemmer: german, database: database)  // ["spannungstensor"]
    /// ```
    static func beginning(with word: String, stemmer: Stemmer, database: Database) throws(XapianError) -> [String] {
        guard word.count >= shortestWordBeginning, word.allSatisfy(\.isLetter) else { return [] }
        let stem = try stemmer.stem(word)
        guard stem.count >= shortestWordBeginning - 1 else { return [] }
        var compounds: [String] = []
        for found in try Searcher.mostFrequentWords(beginning: stem, limit: compoundsPerWord, database: database)
        where found.count >= stem.count + shortestPart {
            if try stemmer.stem(found) != stem { compounds.append(found) }
        }
        return compounds
    }

    /// The fewest letters of a part searched alone (`longestPart(of:database:)`).
    static let shortestAlonePart = 5
    /// The fewest letters of a word searched as one of its parts: a misspelt word of ordinary
    /// length is not a compound ("etsrazione" is no "azione"), and longer ones are corrected with
    /// two edits first.
    static let shortestWordOfParts = 12

    /// The longest index word that begins or ends `word` (of at least `shortestAlonePart`
    /// letters, and not the whole word), the more frequent one when a head and a tail are as long:
    /// what a compound whose other part the index lacks is searched as ("Paketkennzeichnung",
    /// where the entities say "Paket" and "Paketkopf"); nil when there is none. One look-up per
    /// letter at most.
    ///
    /// With `endingOnly`, the longest index word that ends it: the last part of a compound whose
    /// first part the index lacks, what it is a kind of ("Sekundarschulen": "schulen").
    ///
    /// - Parameters:
    ///   - word: a lower-cased word of the query (with `endingOnly` false, one that no entity has).
    ///   - database: the index whose words are looked up.
    ///   - endingOnly: whether only the words that end it count.
    /// - Throws: `XapianError` when the index cannot be read.
    ///
    /// ```swift
    /// try CompoundWords.longestPart(of: "sekundarschulen", database: database, endingOnly: true)  // "schulen"
    /// ```
    static func longestPart(of word: String, database: Database, endingOnly: Bool = false) throws(XapianError) -> String? {
        let letters = Array(word.unicodeScalars)
        guard letters.count >= shortestWordOfParts, letters.count <= longestWord, letters.allSatisfy(isLetter) else { return nil }
        for length in stride(from: letters.count - 1, through: shortestAlonePart, by: -1) {
            let tail = String(String.UnicodeScalarView(letters[(letters.count - length)...]))
            let tailCount = try database.termFrequency(tail)
            if endingOnly {
                if tailCount > 0 { return tail }
                continue
            }
            let head = String(String.UnicodeScalarView(letters[..<length]))
            let headCount = try database.termFrequency(head)
            if headCount > 0 || tailCount > 0 { return headCount >= tailCount ? head : tail }
        }
        return nil
    }

    /// Whether a scalar belongs to a word's letters (combining marks included: Hindi's vowel signs).
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .spacingMark
    }
}
