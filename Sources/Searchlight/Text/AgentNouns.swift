/// The stems of English agent nouns in "-er" and the verbs they are made of, which Porter's stemmer
/// leaves apart when the word is short: "viewing" stems to "view" and "viewer" to "viewer", so a
/// search for "viewing pdfs" would miss a "PDF viewer" that "pdf viewer" finds. A word's stem is
/// related to the stems this gives that the index has (`QueryText.agentStems`), and matches them
/// as one term with itself. Nouns in "-or" are left apart: an "editor" edits, but a "compressor"
/// or a "reactor" is a machine, and relating them cost the Cranfield collection.
///
/// ```swift
/// AgentNouns.relatedStems(of: "view")     // ["viewer"]: where the index has it
/// AgentNouns.relatedStems(of: "scanner")  // ["scann", "scan"]
/// ```
enum AgentNouns {
    /// The fewest letters of a verb's stem related to its agent noun: "user" is no "us".
    static let shortestVerb = 3

    /// The stems an agent noun of `stem`, or the verb of agent noun `stem`, may have: the verb
    /// with "-er" (its last consonant doubled after one short vowel: "scan", "scanner"; "-r" after
    /// an "e": "use", "user"), or the agent noun without it. Only lower-case ASCII letters are
    /// related; other stems give none.
    ///
    /// - Parameter stem: A word's Porter stem.
    /// - Returns: The candidate stems, which the caller keeps where the index has them.
    static func relatedStems(of stem: String) -> [String] {
        let letters = Array(stem.utf8)
        guard letters.count >= shortestVerb, letters.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) else { return [] }
        if stem.hasSuffix("er") {
            let verb = Array(letters.dropLast(2))
            guard verb.count >= shortestVerb else { return [] }
            var verbs = [String(decoding: verb, as: UTF8.self)]
            if verb.count > shortestVerb, verb[verb.count - 1] == verb[verb.count - 2], !isVowel(verb[verb.count - 1]) {
                verbs.append(String(decoding: verb.dropLast(), as: UTF8.self))
            }
            return verbs
        }
        var nouns = [stem + (stem.hasSuffix("e") ? "r" : "er")]
        if endsInShortSyllable(letters) { nouns.append(stem + String(UnicodeScalar(letters[letters.count - 1])) + "er") }
        return nouns
    }

    private static func isVowel(_ letter: UInt8) -> Bool { "aeiou".utf8.contains(letter) }

    /// Whether `letters` end in a consonant after one vowel after a consonant ("scan", "plan"),
    /// whose consonant English doubles before "-er"; not w, x or y ("view", "fix", "play").
    private static func endsInShortSyllable(_ letters: [UInt8]) -> Bool {
        guard letters.count >= 3 else { return false }
        let last = letters[letters.count - 1], vowel = letters[letters.count - 2], before = letters[letters.count - 3]
        return !isVowel(last) && !"wxy".utf8.contains(last) && isVowel(vowel) && !isVowel(before)
    }
}
