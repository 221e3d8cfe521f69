/// The singular of a plural and the plural of a singular, in languages whose Snowball stemmer
/// leaves some of them apart: Spanish "lápiz" stems to "lapiz" and "lápices" to "lapic",
/// "ciudad" to "ciud" and "ciudades" to "ciudad", "isla" to "isla" and "islas" to "islas" (a
/// short word's ending is outside the region the stemmer may cut); Portuguese "animal" and
/// "animais", "homem" and "homens", "navegação" and "navegações"; French "travail" and
/// "travaux", "jeu" and "jeux". `QueryText.formStems` relates a word's stem to the stems of
/// these forms that the index has, and `Searcher` matches them as one term with it.
///
/// The forms are spelt folded, as the index's words are (no accents: "canciones", "animais").
///
/// ```swift
/// NumberForms.otherForms(of: "ciudad", in: Language("es")!)     // ["ciudades"]
/// NumberForms.otherForms(of: "animais", in: Language("pt")!)    // ["animaises", "animai", "animal", "animail"]
/// NumberForms.otherForms(of: "travaux", in: Language("fr")!)    // ["travau", "traval", "travail"]
/// ```
enum NumberForms {
    /// The fewest letters of a word whose other number is looked for: "es" is no plural of "e".
    static let shortestWord = 3

    /// The languages with rules here: Spanish, Portuguese and French.
    static func relates(_ language: Language) -> Bool { rules[language.code] != nil }

    /// The forms `word` (folded, lower-case) may have in the other number, by `language`'s
    /// spelling rules: its plurals and its singulars, the candidates a caller keeps where the index
    /// has them. Empty for another language, a word shorter than `shortestWord` or with letters
    /// outside a to z.
    ///
    /// - Parameters:
    ///   - word: A folded, lower-case word.
    ///   - language: The language the word is read in.
    /// - Returns: Distinct candidate forms, none equal to `word`.
    static func otherForms(of word: String, in language: Language) -> [String] {
        guard let rules = rules[language.code], word.utf8.count >= shortestWord,
              AgentNouns.isLowerCaseASCII(word.utf8) else { return [] }
        var forms: [String] = []
        // "" (any word) takes a plural ending, but for a word that ends in one already.
        let endsAsPlural = word.hasSuffix("s") || word.hasSuffix("x") || word.hasSuffix("z")
        for (ending, replacement) in rules where word.hasSuffix(ending) && !(ending.isEmpty && endsAsPlural) {
            let stem = word.dropLast(ending.count)
            guard stem.count >= 2 else { continue }
            let form = String(stem) + replacement
            if form != word, !forms.contains(form) { forms.append(form) }
        }
        return forms
    }

    /// Each language's endings and what replaces them in the other number, both ways; "" is any
    /// word not ending in s, x or z (every ending applies that the word has, so "ciudades" gives
    /// both "ciudade" and "ciudad", the index keeping the one it has).
    private static let rules: [String: [(String, String)]] = [
        "es": [
            // Plurals: a vowel takes -s, a consonant -es, z becomes -ces.
            ("a", "as"), ("e", "es"), ("i", "is"), ("o", "os"), ("u", "us"),
            ("d", "des"), ("l", "les"), ("n", "nes"), ("r", "res"), ("s", "ses"), ("y", "yes"), ("j", "jes"), ("z", "ces"),
            // Singulars.
            ("s", ""), ("es", ""), ("ces", "z"),
        ],
        "pt": [
            // Plurals: a vowel takes -s; -ão becomes -ões, -ães or -ãos; -l becomes -is; -m
            // becomes -ns; r, s and z take -es.
            ("a", "as"), ("e", "es"), ("i", "is"), ("o", "os"), ("u", "us"),
            ("ao", "oes"), ("ao", "aes"), ("ao", "aos"),
            ("al", "ais"), ("el", "eis"), ("ol", "ois"), ("ul", "uis"), ("il", "is"),
            ("m", "ns"), ("r", "res"), ("s", "ses"), ("z", "zes"),
            // Singulars.
            ("s", ""), ("es", ""), ("oes", "ao"), ("aes", "ao"),
            ("ais", "al"), ("eis", "el"), ("ois", "ol"), ("uis", "ul"), ("is", "il"), ("ns", "m"),
        ],
        "fr": [
            // Plurals: -s; -eau, -au and -eu take -x; -al and -ail become -aux.
            ("", "s"), ("au", "aux"), ("eu", "eux"), ("al", "aux"), ("ail", "aux"),
            // Singulars.
            ("s", ""), ("x", ""), ("aux", "al"), ("aux", "ail"),
        ],
    ]
}
