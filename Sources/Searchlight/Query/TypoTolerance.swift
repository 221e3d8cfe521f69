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
    /// two edits away. The digits of a name ("fial2ban": fail2ban) are never edited; numbers, and
    /// words in quotes or with operators, match only as typed.
    case auto
    /// Words match only as typed.
    case off
}

/// The corrections typo tolerance makes: for a word no entity has, the index's closest word; for a
/// word only a few entities have (`rareFrequency`), a word one slip away that many times more have
/// (`rareRatio`: "pyhton", a typo one description makes, beside "python"), searched beside it.
///
/// A word the index has often is taken as meant (its matches rank as they are), so an exact match
/// ranks above a typo match. Correcting an unknown word costs a scan of the words that begin with
/// the same two letters (or those two swapped), about two thousand on the Debian corpus; a rare
/// word, far more common in queries (parts of names, jargon), costs only a look-up of each of its
/// slips (`commonNeighbour`), a few dozen at most.
///
/// ```swift
/// try TypoCorrections.corrections(of: "wireshrak", database: database).first?.word   // "wireshark"
/// try TypoCorrections.commonNeighbour(of: "pyhton", frequency: 1, database: database)?.word   // "python"
/// ```
enum TypoCorrections {
    /// Words this long or longer are forgiven one edit.
    static let oneEditFrom = 5
    /// Words this long or longer are forgiven two edits.
    static let twoEditsFrom = 9
    /// The most index words one scan of a correction reads (the first letter's words, the slips').
    static let scanLimit = 20_000
    /// A word in this many entities or fewer is rare: a close word far more entities have
    /// (`rareRatio` times as many) is searched beside it.
    static let rareFrequency = 3
    /// How many times more entities a rare word's correction must be in.
    static let rareRatio = 20
    /// The most spellings a word no entity has is searched as (`corrections(of:database:)`).
    static let spellingLimit = 4

    /// Words longer than this are forgiven nothing: a look-up of each slip, and the comparisons of
    /// a scan, cost more the longer the word, in the square of its length (a word of 20,000
    /// letters took 72 s), and the longest German compounds have about 60 letters.
    static let longestCorrectable = 64

    /// How many edits a word of this many letters (its digits not counted) is forgiven.
    static func allowedEdits(_ word: String) -> Int {
        let scalars = word.unicodeScalars.count
        guard scalars <= longestCorrectable else { return 0 }
        let letters = scalars - digits(of: word.unicodeScalars).count
        return letters >= twoEditsFrom ? 2 : letters >= oneEditFrom ? 1 : 0
    }

    /// Whether `word` may be corrected at all: five letters or more (its digits aside: a name
    /// with a version, "python3", "fail2ban", is a name; a number or code has too few letters),
    /// no numeral but the ASCII digits, nor the n-grams of a script written without spaces
    /// (`TextAnalyzer.isUnspaced`: Thai, Chinese, Japanese), which are pieces of words that the
    /// index holds as such, not words.
    static func isCorrectable(_ word: String) -> Bool {
        allowedEdits(word) > 0
            && !word.unicodeScalars.contains { ($0.properties.numericType != nil && !isDigit($0)) || TextAnalyzer.isUnspaced($0) }
    }

    /// Whether `spelling` keeps the digits of `word`, in order: a correction edits letters only,
    /// as a version or number typed is meant ("fial2ban" is fail2ban, not fail3ban).
    ///
    /// ```swift
    /// TypoCorrections.keepsDigits(of: "fial2ban", in: "fail2ban")   // true
    /// TypoCorrections.keepsDigits(of: "python3", in: "python")      // false
    /// ```
    static func keepsDigits(of word: String, in spelling: String) -> Bool {
        digits(of: word.unicodeScalars) == digits(of: spelling.unicodeScalars)
    }

    /// Whether `word` is a number: ASCII digits only, which no spelling corrects.
    static func isNumber(_ word: String) -> Bool { word.unicodeScalars.allSatisfy(isDigit) }

    /// The ASCII digits of `letters`, in order.
    static func digits(of letters: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar] { letters.filter(isDigit) }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }

    /// The word the most entities have, at least `rareRatio` times `frequency`, among those one
    /// slip away from `word`: two neighbouring letters swapped, one letter left out (a letter
    /// typed twice or by mistake), or one letter of its script added (a letter missed: "manger",
    /// "manager"); its digits kept (`keepsDigits(of:in:)`). nil when none is that common. Each slip is looked up, so the cost is bounded by
    /// the word's length and its script's alphabet (28 look-ups per letter in Latin script), not by
    /// the vocabulary.
    ///
    /// - Parameters:
    ///   - word: a word of the query (lower-cased) that `frequency` entities have (0: the most
    ///     common slip, however few have it).
    ///   - frequency: how many entities have `word`.
    ///   - database: the index whose words are looked up.
    /// - Throws: `XapianError` when the index cannot be read.
    static func commonNeighbour(of word: String, frequency: Int, database: Database) throws(XapianError) -> (word: String, entities: Int)? {
        let letters = Array(word.unicodeScalars)
        guard allowedEdits(word) > 0 else { return nil }
        // Slips are spelt as UTF-8 bytes, cut at the letters' boundaries (`starts`), and only the
        // best becomes a string: several hundred a word, looked up one by one.
        let bytes = Array(word.utf8)
        var starts: [Int] = []
        var offset = 0
        for letter in letters {
            starts.append(offset)
            offset += UTF8.width(letter)
        }
        starts.append(bytes.count)
        var best: (bytes: [UInt8], entities: Int)?
        var slip: [UInt8] = []
        slip.reserveCapacity(bytes.count + 4)
        func consider() throws(XapianError) {
            let entities = try database.termFrequency(utf8: slip)
            // The most entities; of as many, the first in byte (code-point) order.
            guard entities >= frequency * rareRatio,
                  entities > best?.entities ?? 0 || (entities == best?.entities && slip.lexicographicallyPrecedes(best!.bytes)) else { return }
            best = (slip, entities)
        }
        for at in 0..<(letters.count - 1) where letters[at] != letters[at + 1] && !(isDigit(letters[at]) && isDigit(letters[at + 1])) {
            slip.removeAll(keepingCapacity: true)
            slip += bytes[..<starts[at]]
            slip += bytes[starts[at + 1]..<starts[at + 2]]
            slip += bytes[starts[at]..<starts[at + 1]]
            slip += bytes[starts[at + 2]...]
            try consider()
        }
        for at in letters.indices where !isDigit(letters[at]) {
            slip.removeAll(keepingCapacity: true)
            slip += bytes[..<starts[at]]
            slip += bytes[starts[at + 1]...]
            try consider()
        }
        let alphabet = scriptLetters(around: letters[0]).map { Array(String($0).utf8) }
        for at in starts {
            for letter in alphabet {
                slip.removeAll(keepingCapacity: true)
                slip += bytes[..<at]
                slip += letter
                slip += bytes[at...]
                try consider()
            }
        }
        return best.map { (String(decoding: $0.bytes, as: UTF8.self), $0.entities) }
    }

    /// The first two letters a word the typist meant may begin with, for a scan of the index's
    /// words: those typed, swapped, and the first and third or second and third (a letter typed
    /// before the second or first by mistake, or the second and third swapped: "msesaggi" is
    /// "messaggi"). A slip that changes or leaves out the first or second letter is reached only
    /// by the wider scan of `corrections(of:database:)`.
    ///
    /// ```swift
    /// TypoCorrections.heads(of: Array("porgetto".unicodeScalars))   // ["po", "op", "pr", "or"]
    /// ```
    static func heads(of typed: [Unicode.Scalar]) -> [String] {
        guard typed.count >= 2 else { return [] }
        var pairs = [[typed[0], typed[1]], [typed[1], typed[0]]]
        if typed.count >= 3 { pairs += [[typed[0], typed[2]], [typed[1], typed[2]]] }
        var heads: [String] = []
        for pair in pairs {
            let head = String(String.UnicodeScalarView(pair))
            if !heads.contains(head) { heads.append(head) }
        }
        return heads
    }

    /// The beginnings a scan for the word that text being typed begins reads, in order: the text
    /// less its last letter, less its last two, and so on to its first two letters, then the
    /// other `heads(of:)`. Text typed with a slip shares its beginning, up to the slip, with the
    /// word meant, so the longest beginnings are read first, before a common two letters ("li",
    /// of every "lib…") spends the scan's budget.
    ///
    /// ```swift
    /// TypoCorrections.beginnings(of: Array("libroff".unicodeScalars))   // ["librof", "libro", "libr", "lib", "li", "il", "lb", "ib"]
    /// ```
    static func beginnings(of typed: [Unicode.Scalar]) -> [String] {
        guard typed.count >= 3 else { return heads(of: typed) }
        // The last `longestBeginnings` letters: a slip further back is reached by the two letters' scan.
        let lengths = Array(stride(from: typed.count - 1, through: max(3, typed.count - longestBeginnings), by: -1)) + [2]
        return lengths.map { String(String.UnicodeScalarView(typed[..<$0])) } + heads(of: typed).dropFirst()
    }

    /// Visits the index terms beginning with `termPrefix` and each of `beginnings` in turn, as
    /// long as `visit` says to go on. With `nested` (`beginnings(of:)`, longest first), a term a
    /// longer beginning read before holds is not visited again; beginnings of one length never
    /// nest, and are not compared.
    ///
    /// - Parameters:
    ///   - beginnings: the beginnings of the terms to visit, in the order to read them.
    ///   - termPrefix: what every term begins with before them (`IndexTerms.completionPrefix`).
    ///   - nested: whether a beginning may begin another read before it.
    ///   - database: the index whose terms are read.
    ///   - visit: given each term and how many entities have it; false stops the whole walk.
    /// - Throws: `XapianError` when the index cannot be read.
    ///
    /// ```swift
    /// try TypoCorrections.forEachTerm(beginning: ["libro", "libr"], nested: true, database: database) { term, _ in print(term); return true }
    /// ```
    static func forEachTerm(beginning beginnings: [String], after termPrefix: String = "", nested: Bool, database: Database,
                            _ visit: (String, Int) -> Bool) throws(XapianError) {
        var goingOn = true
        for (position, beginning) in beginnings.enumerated() where goingOn {
            let read = nested ? beginnings[..<position].filter { $0.utf8.starts(with: beginning.utf8) }.map { Array((termPrefix + $0).utf8) } : []
            try database.forEachTerm(withPrefix: termPrefix + beginning) { term, frequency in
                if read.contains(where: { term.utf8.starts(with: $0) }) { return true }
                goingOn = visit(term, frequency)
                return goingOn
            }
        }
    }

    /// How many of the beginnings of text being typed, less one letter, two, and so on, are read
    /// before its first two letters (`beginnings(of:)`).
    static let longestBeginnings = 8

    /// The letters of `letter`'s script that an index's folded words are written in: the small or
    /// caseless letters of the 128 code points around it (a to z for ASCII), or of the whole
    /// 256 of the Cyrillic and Arabic blocks (Ukrainian ґ, U+0491, is a slip of г, U+0433; Persian
    /// چ, U+0686, of ج), not the vowel signs of Indic scripts.
    ///
    /// ```swift
    /// TypoCorrections.scriptLetters(around: "k").count   // 26
    /// TypoCorrections.scriptLetters(around: "г").contains("ґ")   // true
    /// ```
    static func scriptLetters(around letter: Unicode.Scalar) -> [Unicode.Scalar] {
        if letter.isASCII { return latinLetters }
        if (0x0400...0x04FF).contains(letter.value) { return cyrillicLetters }
        if (0x0600...0x06FF).contains(letter.value) { return arabicLetters }
        return letters(in: (letter.value & ~0x7F)...(letter.value | 0x7F))
    }

    /// The small or caseless letters of the code points `range`.
    private static func letters(in range: ClosedRange<UInt32>) -> [Unicode.Scalar] {
        range.compactMap(Unicode.Scalar.init).filter { [.lowercaseLetter, .otherLetter].contains($0.properties.generalCategory) }
    }

    /// The small letters of ASCII, a to z: most words' script, listed once.
    private static let latinLetters: [Unicode.Scalar] = (0x61...0x7A).compactMap(Unicode.Scalar.init)
    /// The small letters of the Cyrillic block, listed once.
    private static let cyrillicLetters = letters(in: 0x0400...0x04FF)
    /// The letters of the Arabic block, listed once.
    private static let arabicLetters = letters(in: 0x0600...0x06FF)

    /// The beginnings of the words the typist meant if the first letter typed was a slip: another
    /// letter of its script before the second and third typed (the first changed), or before the
    /// first and second (a first letter left out). Its script's letters are `scriptLetters(around:)`:
    /// an index's words are folded.
    ///
    /// ```swift
    /// TypoCorrections.firstLetterSlips(of: Array("qireshark".unicodeScalars)).contains("wir")   // true
    /// ```
    static func firstLetterSlips(of typed: [Unicode.Scalar]) -> [String] {
        guard typed.count >= 3 else { return [] }
        var slips: [String] = []
        for letter in scriptLetters(around: typed[0]) where letter != typed[0] {
            for head in [[letter, typed[1], typed[2]], [letter, typed[0], typed[1]]] {
                let text = String(String.UnicodeScalarView(head))
                if !slips.contains(text) { slips.append(text) }
            }
        }
        return slips
    }

    /// The closest other words to `word` that the index's text has, within the edits `word` is
    /// forgiven, and how many entities have each: those of the fewest edits, the most entities
    /// first, at most `spellingLimit`; empty when there is none. The words beginning as
    /// `heads(of:)` says are compared, then every word sharing the first letter (the second letter
    /// changed, dropped or left out: "wureshark", "lubreoffice", "cktex" for "chktex"), and those
    /// beginning as `firstLetterSlips(of:)` says (the first letter changed or left out:
    /// "qireshark", "ireshark"): a scan of many times the words (debian-x1's misspelt known items,
    /// in-process `bench`: p50 1.77 ms, p99 4.6 ms; 1.34 and 4.3 ms when the first letter's words
    /// were scanned only for want of a nearer word), asked only for a word no entity has, nor (when
    /// it is being typed) any entity's word begins with. Each scan reads at most `scanLimit` words.
    ///
    /// Every word as close is a spelling the typist may have meant ("cktex" is one edit from
    /// "ctex" and "chktex"): the search matches each wherever it would match the first
    /// (`QueryText.otherSpellings`), and the other words of the query tell which was meant.
    ///
    /// Completing, the word is being typed and no entity's word begins with it: what is corrected
    /// is the beginning of a word ("thundreb": "thunderb", which thunderbird begins), and each
    /// beginning counts the entities of the words it begins.
    ///
    /// - Parameters:
    ///   - word: a lower-cased word of the query that no entity has.
    ///   - completing: whether `word` is the beginning of a word being typed.
    ///   - database: the index whose words are scanned.
    /// - Throws: `XapianError` when the index cannot be read.
    ///
    /// ```swift
    /// try TypoCorrections.corrections(of: "cktex", database: database).map(\.word)   // ["ctex", "chktex"]
    /// ```
    static func corrections(of word: String, completing: Bool = false, database: Database) throws(XapianError) -> [(word: String, entities: Int)] {
        let edits = allowedEdits(word)
        let typed = Array(word.unicodeScalars)
        guard edits > 0, typed.count >= 2 else { return [] }
        var distances = EditDistance(limit: edits)
        let near = completing ? beginnings(of: typed) : heads(of: typed)
        // A correction keeps the digits typed (`keepsDigits(of:in:)`), read once here.
        let typedDigits = digits(of: typed)
        var found: [(word: String, distance: Int, count: Int)] = []
        var scanned = 0
        func scan(_ prefixes: [String], accepting: (String) -> Bool) throws(XapianError) {
            guard scanned < scanLimit else { return }
            try forEachTerm(beginning: prefixes, nested: completing, database: database) { term, frequency in
                scanned += 1
                let candidate = term.unicodeScalars
                if completing {
                    // The beginning of the word closest to the text typed so far.
                    if candidate.count + edits >= typed.count, accepting(term),
                       let (distance, length) = distances.toBeginning(of: typed, candidate) {
                        let beginning = String(String.UnicodeScalarView(candidate.prefix(length)))
                        if digits(of: beginning.unicodeScalars) == typedDigits { found.append((beginning, distance, frequency)) }
                    }
                } else if abs(candidate.count - typed.count) <= edits, term != word, accepting(term), digits(of: candidate) == typedDigits {
                    let distance = distances.between(typed, candidate)
                    if distance <= edits { found.append((term, distance, frequency)) }
                }
                return scanned < scanLimit
            }
        }
        try scan(near) { _ in true }
        // The first letter's words not scanned already, then those of a slipped first letter,
        // with a budget of their own (a common first letter can spend the first).
        try scan([String(typed[0])]) { term in !near.contains { term.hasPrefix($0) } }
        scanned = 0
        try scan(firstLetterSlips(of: typed)) { term in !near.contains { term.hasPrefix($0) } }
        guard let fewest = found.map(\.distance).min() else { return [] }
        // Words that begin alike are one beginning, in as many entities as they are at most.
        var counts: [String: Int] = [:]
        for candidate in found where candidate.distance == fewest { counts[candidate.word, default: 0] += candidate.count }
        return counts.sorted { (-$0.value, $0.key) < (-$1.value, $1.key) }.prefix(spellingLimit).map { ($0.key, $0.value) }
    }
}
