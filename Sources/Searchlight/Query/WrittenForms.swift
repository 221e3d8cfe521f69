import XapianIndex

/// Completions and corrections are made of indexed words, which folding wrote without accents
/// (and German text with "ae", "oe", "ue" read as umlauts): shown to a person, each word is spelt
/// as the titles write it, where some title has it with accents (`IndexTerms.writtenFormPrefix`).
///
/// ```swift
/// try WrittenForms.written(["galdhopiggen"], database: database)   // ["galdhøpiggen"]
/// try WrittenForms.written(["pho co", "pho bo"], typed: "phở", database: vietnamese)   // ["phố cổ", "phở bò"]
/// try WrittenForms.written(["isral reisefuhrer"], database: german)   // ["israel reiseführer"]
/// ```
enum WrittenForms {
    /// Each of `texts` with each of its words (or two neighbouring words, read together first:
    /// "phố cổ" and "phở bò" fold alike) that some title writes otherwise spelt as the titles
    /// written otherwise most often write it, or, where the person typed it so, as typed ("phở",
    /// not the commoner "phố", after "phở" was typed); a Greek word ends in ς. Only the last holds
    /// in an index whose titles fold to themselves (one look-up for all the texts).
    ///
    /// - Parameters:
    ///   - texts: Indexed words (completions, a correction), separated by spaces or punctuation.
    ///   - typed: What the person typed, whose words (in order) are preferred where a title writes them so.
    ///   - database: The index whose titles' written forms are read.
    /// - Returns: The texts with those words respelt, lower-cased as written.
    /// - Throws: `XapianError` when the index cannot be read.
    static func written(_ texts: [String], typed: String = "", database: Database) throws(XapianError) -> [String] {
        let indexHasThem = try database.hasTerms(withPrefix: IndexTerms.writtenFormPrefix)
        let typedWords = TextNormalizer.lowercased(typed.trimming(\.isWhitespace)).split(whereSeparator: \.isWhitespace).map(String.init)
        return try texts.map { (text) throws(XapianError) in try written(text, typedWords: typedWords, lookingUp: indexHasThem, database: database) }
    }

    private static func written(_ text: String, typedWords: [String], lookingUp: Bool, database: Database) throws(XapianError) -> String {
        // Words and what separates them, alternating, a word first (possibly empty).
        var pieces: [String] = [""]
        for character in text {
            let isWord = character.isLetter || character.isNumber
            if isWord == pieces.count.isMultiple(of: 2) { pieces.append("") }
            pieces[pieces.count - 1].append(character)
        }
        func chosen(_ forms: [String], typed: String) -> String? {
            // By scalars, as words are typed: "दिल" begins "दिल्ली".
            forms.first { !typed.isEmpty && $0.unicodeScalars.starts(with: typed.unicodeScalars) } ?? forms.first
        }
        func forms(of words: String) throws(XapianError) -> [String] { lookingUp ? try writtenForms(of: words, database: database) : [] }
        var written = ""
        var index = 0
        while index < pieces.count {
            let piece = pieces[index]
            guard index.isMultiple(of: 2), !piece.isEmpty else {
                written += piece
                index += 1
                continue
            }
            let position = index / 2
            if index + 2 < pieces.count, pieces[index + 1] == " ", !pieces[index + 2].isEmpty,
               let pair = chosen(try forms(of: piece + " " + pieces[index + 2]),
                                 typed: typedWords.dropFirst(position).prefix(2).joined(separator: " ")) {
                written += pair.split(separator: " ").map { withFinalSigma(String($0)) }.joined(separator: " ")
                index += 3
                continue
            }
            let form = chosen(try forms(of: piece), typed: position < typedWords.count ? typedWords[position] : "")
            written += withFinalSigma(form ?? piece)
            index += 1
        }
        return written
    }

    /// `word` with a Greek σ that ends it written ς, as a word's last sigma is (folding and the
    /// written forms read it as σ, a difference of case rather than spelling).
    private static func withFinalSigma(_ word: String) -> String {
        guard word.hasSuffix("σ") else { return word }
        return String(word.dropLast()) + "ς"
    }

    /// The written forms of indexed `words` (one, or two separated by a space) that titles have,
    /// the one the most entities have first.
    private static func writtenForms(of words: String, database: Database) throws(XapianError) -> [String] {
        let prefix = IndexTerms.writtenForms(of: words)
        var forms: [(form: String, count: Int)] = []
        try database.forEachTerm(withPrefix: prefix) { term, count in
            forms.append((String(term.dropFirst(prefix.count)), count))
            return true
        }
        return forms.sorted { $0.count > $1.count }.map(\.form)
    }
}
