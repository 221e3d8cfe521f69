/// English agent nouns in "-er" and the verbs they are made of, which Porter's stemmer leaves
/// apart when the word is short: "viewing" stems to "view" and "viewer" to "viewer", so a search
/// for "viewing pdfs" would miss a "PDF viewer" that "pdf viewer" finds. `QueryText.agentStems`
/// relates a word's stem to the stems these give that the index has, and `Searcher` matches them
/// as one term with it. Nouns in "-or" are left apart: an "editor" edits, but a "compressor" or a
/// "reactor" is a machine, and relating them cost the Cranfield collection.
///
/// ```swift
/// AgentNouns.nouns(ofVerb: "view")            // ["viewer"]: kept where the index has it
/// AgentNouns.presentParticiple(of: "scanner") // "scanning": its verb, where the index has the word
/// ```
enum AgentNouns {
    /// The fewest letters of a verb's stem related to its agent noun: "user" is no "us".
    static let shortestVerb = 3

    /// The stems of the agent nouns verb stem `stem` may make: "-er" (its last consonant doubled
    /// after one short vowel: "scan", "scanner"; "-r" after an "e": "write", "writer"), but for the
    /// common words in "-er" that name no doer (`notAgentNouns`: "form" makes no "former").
    ///
    /// - Parameter stem: A word's Porter stem.
    /// - Returns: The candidate stems, which the caller keeps where the index has them; none for a
    ///   stem in "-er" or of other letters than lower-case ASCII.
    static func nouns(ofVerb stem: String) -> [String] {
        let letters = Array(stem.utf8)
        guard letters.count >= shortestVerb, !stem.hasSuffix("er"), isLowerCaseASCII(letters) else { return [] }
        var nouns = [stem + (stem.hasSuffix("e") ? "r" : "er")]
        if endsInShortSyllable(letters) { nouns.append(stem + String(UnicodeScalar(letters[letters.count - 1])) + "er") }
        return nouns.filter { !notAgentNouns.contains($0) }
    }

    /// The present participle of the verb agent noun stem `stem` is made of, as a word ("scanner":
    /// "scanning", "writer": "writing"): where the index has it, the noun names one who does it,
    /// and the participle's stem is the verb's. Nil for a stem not in "-er", one of
    /// `notAgentNouns`, or too short ("user").
    ///
    /// - Parameter stem: A word's Porter stem.
    static func presentParticiple(of stem: String) -> String? {
        let letters = Array(stem.utf8)
        guard stem.hasSuffix("er"), letters.count - 2 >= shortestVerb, !notAgentNouns.contains(stem),
              isLowerCaseASCII(letters) else { return nil }
        return String(stem.dropLast(2)) + "ing"
    }

    /// Common English words in "-er", as Porter stems them, that name no one who does what a
    /// shorter word says ("summer" is no "sum"-er, "power" no "pow"-er), nor mean it ("former",
    /// "letter"): comparatives, kin, seasons, things and function words.
    static let notAgentNouns: Set<String> = [
        "after", "answer", "banner", "better", "border", "brother", "center", "chapter", "clover", "copper", "corner",
        "cover", "dinner", "either", "ever", "father", "fever", "finger", "flower", "former", "ginger", "hammer",
        "latter", "layer", "letter", "lever", "liver", "lower", "matter", "member", "meter", "monster", "mother",
        "neither", "never", "number", "offer", "order", "other", "over", "paper", "pepper", "poker", "powder",
        "power", "proper", "rather", "river", "shower", "silver", "sister", "soccer", "summer", "super", "temper",
        "thunder", "tiger", "timber", "together", "tower", "under", "upper", "water", "whether", "winter", "wonder",
    ]

    private static func isVowel(_ letter: UInt8) -> Bool { "aeiou".utf8.contains(letter) }

    /// Whether `letters` are all a to z: English words whose forms these rules spell; also the
    /// words `EnglishSpellings` and `NumberForms` (folded text) have rules for.
    static func isLowerCaseASCII(_ letters: some Sequence<UInt8>) -> Bool {
        letters.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    }

    /// Whether `letters` end in a consonant after one vowel after a consonant ("scan", "plan"),
    /// whose consonant English doubles before "-er"; not w, x or y ("view", "fix", "play").
    private static func endsInShortSyllable(_ letters: [UInt8]) -> Bool {
        guard letters.count >= 3 else { return false }
        let last = letters[letters.count - 1], vowel = letters[letters.count - 2], before = letters[letters.count - 3]
        return !isVowel(last) && !"wxy".utf8.contains(last) && isVowel(vowel) && !isVowel(before)
    }
}
