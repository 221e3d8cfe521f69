/// British and American spellings of an English word, which Porter's stemmer leaves apart:
/// "colour" and "color", "catalogue" and "catalog", "organisation" and "organization" (stems
/// "organis" and "organ"), "centre" and "center", "analyse" and "analyze", "defence" and
/// "defense", "programme" and "program". `QueryText.formStems` relates a word's stem to the
/// stems of these spellings that the index has, and `Searcher` matches them as one term with it,
/// so that a search typed in either spelling finds text written in the other.
///
/// ```swift
/// EnglishSpellings.otherSpellings(of: "colours")       // ["colors"]
/// EnglishSpellings.otherSpellings(of: "organization")  // ["organisation"]
/// EnglishSpellings.otherSpellings(of: "catalog")       // ["catalogue"]
/// ```
enum EnglishSpellings {
    /// The fewest letters before "-our" or "-or": "hour" is no "hor", nor "flour" a "flor".
    static let shortestStart = 3
    /// The fewest letters before another ending: "analyse" is "analyze", but "wise" no "wize".
    static let shortestStartBeforeEnding = 2

    /// The other spellings `word` (lower-case, a to z) may have, British for American and
    /// American for British: the candidates a caller keeps where the index has them.
    ///
    /// - Parameter word: A lower-case English word.
    /// - Returns: Distinct candidate spellings, none equal to `word`; empty for a word with other
    ///   letters than a to z.
    static func otherSpellings(of word: String) -> [String] {
        guard AgentNouns.isLowerCaseASCII(word.utf8) else { return [] }
        var spellings: [String] = []
        if let other = irregular[word] { spellings.append(other) }
        for (british, american) in endings {
            for (from, to) in [(british, american), (american, british)] where word.hasSuffix(from) {
                let start = word.dropLast(from.count)
                if start.count >= shortestStartBeforeEnding { spellings.append(start + to) }
            }
        }
        // "-our" and "-or" anywhere after the first letters: "favourite", "behavioural", "colours".
        let letters = Array(word.utf8)
        for (from, to) in [(Array("our".utf8), "or"), (Array("or".utf8), "our")] where letters.count >= shortestStart + from.count {
            for start in shortestStart...(letters.count - from.count) where letters[start..<start + from.count].elementsEqual(from) {
                spellings.append(String(decoding: letters[..<start], as: UTF8.self) + to
                                 + String(decoding: letters[(start + from.count)...], as: UTF8.self))
            }
        }
        var distinct: [String] = []
        for spelling in spellings where spelling != word && !distinct.contains(spelling) { distinct.append(spelling) }
        return distinct
    }

    /// Word endings spelt one way in British English and another in American, each inflection
    /// whole: the endings of verbs and their nouns, where a rule is safe ("-ise" words with
    /// another meaning in "-ize" are rare); other differences are listed word by word (`pairs`).
    private static let endings: [(british: String, american: String)] = [
        ("ise", "ize"), ("ised", "ized"), ("ises", "izes"), ("ising", "izing"), ("isation", "ization"), ("isations", "izations"),
        ("iser", "izer"), ("isers", "izers"),
        ("yse", "yze"), ("ysed", "yzed"), ("yses", "yzes"), ("ysing", "yzing"),
    ]

    /// Words whose spellings differ otherwise, both ways, and their plurals (or third persons)
    /// in "-s": endings that a rule would apply to words of other meanings too ("-ogue" would make
    /// "prologue" the language Prolog, "-tre" would make "letter" the French "lettre").
    private static let irregular: [String: String] = {
        let words = [
            ("centre", "center"), ("theatre", "theater"), ("metre", "meter"), ("litre", "liter"), ("fibre", "fiber"),
            ("calibre", "caliber"), ("spectre", "specter"), ("lustre", "luster"), ("sombre", "somber"), ("manoeuvre", "maneuver"),
            ("catalogue", "catalog"), ("dialogue", "dialog"), ("analogue", "analog"),
            ("defence", "defense"), ("licence", "license"), ("offence", "offense"), ("pretence", "pretense"),
            ("programme", "program"), ("kilogramme", "kilogram"),
            ("grey", "gray"), ("judgement", "judgment"), ("acknowledgement", "acknowledgment"), ("aluminium", "aluminum"),
            ("plough", "plow"), ("mould", "mold"), ("sceptic", "skeptic"), ("sceptical", "skeptical"), ("pyjamas", "pajamas"),
            ("jewellery", "jewelry"), ("enrol", "enroll"), ("fulfil", "fulfill"), ("instalment", "installment"),
            ("artefact", "artifact"), ("cosy", "cozy"), ("encyclopaedia", "encyclopedia"), ("archaeology", "archeology"),
            ("paediatric", "pediatric"), ("odour", "odor"),
        ]
        var table: [String: String] = [:]
        for (british, american) in words {
            for (one, other) in [(british, american), (american, british)] {
                table[one] = other
                if !one.hasSuffix("s") { table[one + "s"] = other + "s" }
            }
        }
        // "catalogued", "cataloguing": the British verb's forms.
        for (british, american) in [("catalogued", "cataloged"), ("cataloguing", "cataloging")] {
            table[british] = american
            table[american] = british
        }
        return table
    }()
}
