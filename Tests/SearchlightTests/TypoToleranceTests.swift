import Foundation
import Testing
@testable import Searchlight

@Suite struct TypoTolerance_ {
    @Test(arguments: [
        ("python", "pyhton", 1), ("wireshark", "wireshrak", 1), ("kafka", "kafkaa", 1), ("thunderbird", "thunderbrid", 1),
        ("requests", "requsts", 1), ("café", "cafe", 1), ("Müller", "Muller", 1), ("abc", "abc", 0), ("abcdef", "badcfe", 3),
        ("東京都", "京東都", 1), ("москва", "моксва", 1),
    ])
    func editsCountTranspositionsOnce(a: String, b: String, expected: Int) {
        var distances = EditDistance(limit: 3)
        #expect(distances.between(Array(a.unicodeScalars), b.unicodeScalars) == expected)
        #expect(distances.between(Array(b.unicodeScalars), a.unicodeScalars) == expected)
    }

    @Test func distancesPastTheLimitStopAtOneMore() {
        var distances = EditDistance(limit: 1)
        #expect(distances.between(Array("granite".unicodeScalars), "grenade".unicodeScalars) == 2)
        #expect(distances.between(Array("ab".unicodeScalars), "ba".unicodeScalars) == 1)
    }

    @Test func aScanReachesWordsWhoseSecondLetterWasSlipped() {
        #expect(TypoCorrections.heads(of: Array("porgetto".unicodeScalars)) == ["po", "op", "pr", "or"])
        #expect(TypoCorrections.heads(of: Array("aab".unicodeScalars)) == ["aa", "ab"])
        #expect(TypoCorrections.heads(of: Array("ab".unicodeScalars)) == ["ab", "ba"])
        // The first letter changed or left out, in its script's letters.
        let latin = TypoCorrections.firstLetterSlips(of: Array("qireshark".unicodeScalars))
        #expect(latin.contains("wir") && latin.contains("wqi") && !latin.contains("qir") && latin.count == 50)
        let cyrillic = TypoCorrections.firstLetterSlips(of: Array("носква".unicodeScalars))
        #expect(cyrillic.contains("мос") && !cyrillic.contains("nos"))
        #expect(TypoCorrections.scriptLetters(around: "k").count == 26)
        #expect(TypoCorrections.scriptLetters(around: "ж").contains("а") && !TypoCorrections.scriptLetters(around: "ж").contains("А"))
    }

    @Test func wordsAreForgivenEditsByLength() {
        #expect(TypoCorrections.allowedEdits("kafk") == 0)
        // A word longer than any German compound is no word to correct: its look-ups cost the square of its length.
        #expect(TypoCorrections.allowedEdits(String(repeating: "ab", count: 32)) == 2)
        #expect(TypoCorrections.allowedEdits(String(repeating: "ab", count: 33)) == 0)
        #expect(TypoCorrections.allowedEdits("kafka") == 1)
        #expect(TypoCorrections.allowedEdits("thunderbi") == 2)
        // A name with a version is a name: its letters count, its digits are kept.
        #expect(TypoCorrections.isCorrectable("python3") && TypoCorrections.allowedEdits("fail2ban") == 1)
        #expect(!TypoCorrections.isCorrectable("12345") && !TypoCorrections.isCorrectable("sha256") && !TypoCorrections.isCorrectable("x86_64"))
        #expect(!TypoCorrections.isCorrectable("python²"))
        #expect(TypoCorrections.keepsDigits(of: "fial2ban", in: "fail2ban") && !TypoCorrections.keepsDigits(of: "fail3ban", in: "fail2ban"))
        #expect(!TypoCorrections.keepsDigits(of: "python3", in: "python"))
        #expect(TypoCorrections.isCorrectable("wireshrak"))
        #expect(TypoCorrections.isCorrectable("москваа"))
        // The n-grams Thai and Chinese text is searched by are pieces of words, not words.
        #expect(!TypoCorrections.isCorrectable("รั้งที่"))
        #expect(!TypoCorrections.isCorrectable("東京タワーの夜"))
    }

    func index(_ folder: TemporaryFolder, _ entities: [Entity] = [
        trail("wireshark", "Wireshark Ridge", description: "a ridge above the network of valleys"),
        trail("thunder", "Thunderbird Lake", description: "email the ranger before you camp"),
        trail("python", "Python Pass", description: "a pass named for the requests of early surveyors"),
        trail("meadow", "Meadow Loop", description: "a short loop"),
        trail("v2", "Version Two", description: "route 12345 and route 12346"),
    ]) throws -> EntityIndex {
        let index = try openIndex(folder)
        try index.index(entities)
        return index
    }

    @Test func aWordNoEntityHasFindsTheClosestWordAndSaysSo() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        for (typed, id, corrected) in [("wireshrak", "wireshark", "wireshark"), ("thunderbrid emial", "thunder", "thunderbird email"),
                                       ("pyhton requsts", "python", "python requests"),
                                       // Slips at the second letter: swapped with the third, a letter typed before it or before the first.
                                       ("wrieshark", "wireshark", "wireshark"), ("wqireshark", "wireshark", "wireshark"),
                                       ("ewireshark", "wireshark", "wireshark"),
                                       // The second letter changed or dropped.
                                       ("wureshark", "wireshark", "wireshark"), ("wreshark", "wireshark", "wireshark"),
                                       // The first letter changed or left out.
                                       ("qireshark", "wireshark", "wireshark"), ("ireshark", "wireshark", "wireshark")] {
            let found = try index.search(SearchRequest(typed))
            #expect(found.results.first?.entity.id.stringValue == id, "\(typed)")
            #expect(found.correction == corrected && found.correctionSearched, "\(typed)")
            var off = SearchRequest(typed)
            off.typos = .off
            #expect(try index.search(off).results.isEmpty, "\(typed) with typos off")
        }
    }

    /// A correction whose words only entities of other types have finds nothing in the types
    /// searched, and is not said.
    @Test func aCorrectionThatFindsNothingInTheTypesSearchedIsNotSaid() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        try index.index([Entity(type: "landmark", id: .int(1), attributes: ["name": "Glacier Point", "description": "a viewpoint"])])
        #expect(try index.search(SearchRequest("glaicer")).correction == "glacier")
        let trails = try index.search(SearchRequest("glaicer", types: ["trail"]))
        #expect(trails.results.isEmpty && trails.correction == nil)
        let spelt = try index.search(SearchRequest("glaicer pointt", types: ["trail"]))
        #expect(spelt.results.isEmpty && spelt.correction == nil)
    }

    /// A word as close to several of the index's words matches each of them, as one word: the
    /// query's other words tell which was meant, even against the one more entities have, and the
    /// correction said is the first result's spelling.
    @Test func aWordAsCloseToSeveralWordsMatchesEachAndTheOtherWordsChoose() throws {
        let folder = TemporaryFolder()
        let index = try index(folder, [
            trail("ctex1", "Ctex Fonts", description: "ctex typesetting of 中文 documents"),
            trail("ctex2", "Ctex Classes", description: "ctex document classes"),
            trail("ctex3", "Ctex Guide", description: "a guide to ctex"),
            trail("chktex", "Chktex", description: "finds warnings in LaTeX sources"),
            trail("poste", "Bureau de Poste", description: "envoyer une lettre"),
            trail("porte", "Porte du Quai", description: "la porte vers le quai"),
            trail("porte2", "Porte Bleue", description: "une porte ancienne"),
        ])
        // "cktex" is one edit from "ctex" (three entities) and "chktex" (one, which warns).
        let warned = try index.search(SearchRequest("cktex warnings"))
        #expect(warned.results.first?.entity.id.stringValue == "chktex")
        #expect(warned.correction == "chktex warnings" && warned.correctionSearched)
        let classes = try index.search(SearchRequest("cktex classes"))
        #expect(classes.results.first?.entity.id.stringValue == "ctex2")
        #expect(classes.correction == "ctex classes")
        // French: "poxte" is "poste" and "porte" alike; "lettre" and "quai" choose.
        #expect(try index.search(SearchRequest("poxte lettre")).results.first?.entity.id.stringValue == "poste")
        #expect(try index.search(SearchRequest("poxte quai")).results.first?.entity.id.stringValue == "porte")
        // A spelling typed as another word is meant there: the typo is read as the other spelling,
        // and the word typed keeps its own matches.
        let both = try index.search(SearchRequest("cktex ctex"))
        #expect(both.correction == "chktex ctex")
        #expect(Set(both.results.map(\.entity.id.stringValue)) == ["ctex1", "ctex2", "ctex3", "chktex"])
        // Every spelling as close matches: entities with either.
        #expect(Set(try index.search(SearchRequest("cktex")).results.map(\.entity.id.stringValue)) == ["ctex1", "ctex2", "ctex3", "chktex"])
    }

    /// A question (or a short sentence) is corrected like plain words, its punctuation kept; a
    /// long text with punctuation, a description rather than a search, is searched as written.
    @Test func questionsAreCorrectedWithTheirPunctuationKept() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        let question = try index.search(SearchRequest("Where is the wireshrak ridge?"))
        #expect(question.results.first?.entity.id.stringValue == "wireshark")
        #expect(question.correction == "Where is the wireshark ridge?" && question.correctionSearched)
        let sentence = try index.search(SearchRequest("thunderbrid, lake"))
        #expect(sentence.results.first?.entity.id.stringValue == "thunder" && sentence.correction == "thunderbird, lake")
        let description = try index.search(SearchRequest("A long description. It mentions a wireshrak ridge, and lakes."))
        #expect(description.correction == nil)
        // Words joined by hyphens (a package's name) are corrected as words, the hyphens kept; a
        // hyphen before a word negates it, and the text is left as typed.
        let joined = try index.search(SearchRequest("wireshrak-ridge"))
        #expect(joined.results.first?.entity.id.stringValue == "wireshark" && joined.correction == "wireshark-ridge")
        #expect(try index.search(SearchRequest("thunderbird-lake-emial")).correction == "thunderbird-lake-email")
        let negated = try index.search(SearchRequest("meadow -wireshrak"))
        #expect(negated.correction == nil && negated.results.map(\.entity.id.stringValue) == ["meadow"])
    }

    /// A word no entity has, and no word close to it, that is two of the index's words written
    /// together (a linking "s" allowed) is searched as those two words.
    @Test func aCompoundNoEntityHasIsSearchedAsTheWordsItJoins() throws {
        let folder = TemporaryFolder()
        let index = try index(folder, [
            trail("bahn", "Bahnstrecke am Fluss", description: "eine Strecke für Touristen entlang der Eisenbahn"),
            trail("berg", "Bergweg", description: "ein Weg über den Berg"),
            trail("see", "Seeufer", description: "ein Pfad am Ufer des Sees"),
        ])
        let found = try index.search(SearchRequest("Touristenstrecke"))
        #expect(found.results.first?.entity.id.stringValue == "bahn")
        #expect(found.correction == "touristen strecke")
        let linked = try index.search(SearchRequest("Eisenbahnsstrecke"))
        #expect(linked.results.first?.entity.id.stringValue == "bahn")
        var off = SearchRequest("Touristenstrecke")
        off.typos = .off
        #expect(try index.search(off).results.isEmpty)
        // A word being typed is a prefix, not a compound.
        #expect(try index.search(SearchRequest.typed("Touristenstrecke")).correction != "touristen strecke")
        // A compound whose other part no entity has is searched as its longest part the index has.
        let part = try index.search(SearchRequest("Eisenbahnmuseum"))
        #expect(part.results.map(\.entity.id.stringValue) == ["bahn"])
        #expect(part.correction == "eisenbahn" && part.correctionSearched)
        #expect(try index.search(SearchRequest("Museumseisenbahn")).correction == "eisenbahn")
    }

    /// Two words typed apart that entities write as one ("libre office") match the word they
    /// make, in every language and in questions, with the entity named by it first; each word
    /// still matches alone. A word being typed joins as a prefix. Not with typos off, not into a
    /// stopword, and not in long descriptions.
    @Test func wordsTypedApartMatchTheWordTheyMake() throws {
        let folder = TemporaryFolder()
        let index = try index(folder, [
            trail("libreoffice", "LibreOffice", description: "office suite: documents, spreadsheets, slides"),
            trail("office", "Office Hours", description: "when the ranger station is open"),
            trail("libre", "Sentier Libre", description: "un sentier ouvert à tous"),
            trail("wordpress", "WordPress", description: "blog tool"),
            trail("findutils", "Findutils", description: "locate files by name"),
            trail("weltkarte", "Weltkarte", description: "eine Karte der ganzen Welt"),
            trail("into", "Into the Valley", description: "a walk"),
            trail("thunderbird", "Thunderbird", description: "mail client"),
            trail("thunderx", "Thunderx Board", description: "a server board"),
            trail("supertuxkart", "SuperTuxKart", description: "a racing game with karts"),
            trail("supertux", "SuperTux", description: "a jump and run game with a penguin"),
        ])
        func ids(_ request: SearchRequest) throws -> [String] { try index.search(request).results.map(\.entity.id.stringValue) }
        // Three words that make one.
        #expect(try ids(SearchRequest("super tux kart")).first == "supertuxkart")
        #expect(try ids(SearchRequest("super tux")).first == "supertux")
        let split = try ids(SearchRequest("libre office"))
        #expect(split.first == "libreoffice", "\(split)")
        #expect(Set(split) == ["libreoffice", "office", "libre"], "each word still matches alone: \(split)")
        #expect(try ids(SearchRequest("word press blog")).first == "wordpress")
        // Joined by a hyphen, as people write a name they are unsure of.
        #expect(try ids(SearchRequest("Libre-Office")).first == "libreoffice")
        #expect(try ids(SearchRequest("word-press blog")).first == "wordpress")
        #expect(try ids(SearchRequest("Is there a libre office suite?")).first == "libreoffice")
        // A stopword ("find") may begin the name; the search reports no correction: nothing was misspelt.
        let found = try index.search(SearchRequest("find utils"))
        #expect(found.results.first?.entity.id.stringValue == "findutils" && found.correction == nil)
        #expect(try ids(SearchRequest("Welt Karte")).first == "weltkarte")
        // A half that no entity has alone is no typo of a word one edit away ("thunder", "thunderx").
        let halves = try index.search(SearchRequest("thunder bird"))
        #expect(halves.results.first?.entity.id.stringValue == "thunderbird" && halves.correction == nil, "\(halves.correction ?? "")")
        var off = SearchRequest("word press")
        off.typos = .off
        #expect(try ids(off).isEmpty)
        // The word being typed joins as a prefix of the words it may make.
        #expect(try ids(SearchRequest.typed("libre off")).first == "libreoffice")
        #expect(try ids(SearchRequest.typed("word pr")).first == "wordpress")
        // So do suggestions, though no title has a word beginning "off" after "libre".
        #expect(try index.suggest("libre off").entities.first?.entity.id.stringValue == "libreoffice")
        #expect(try ids(SearchRequest("in to")).isEmpty, "a joined word that is a stopword is not searched")
        let described = "A long description of a printer. It prints word press releases, and more."
        #expect(try !ids(SearchRequest(described)).contains("wordpress"))
    }

    /// A version typed after a name that entities write joined to it ("php 8.2": php8.2) matches
    /// the word they make, the number whole as the parser reads it; a number without a dot still
    /// joins as a word ("lua 5": lua5).
    @Test func aVersionTypedApartMatchesTheNameWrittenWithIt() throws {
        let folder = TemporaryFolder()
        let index = try index(folder, [
            trail("php", "PHP", description: "server-side scripting language, version 8.2 by default"),
            trail("php8.2", "php8.2", description: "server-side scripting language"),
            trail("php8.2-cli", "php8.2-cli", description: "command-line interpreter for the scripting language"),
            trail("lua5", "lua5", description: "a small scripting language"),
            trail("lua", "Lua", description: "a small scripting language, 5.3 and 5.4"),
        ])
        func ids(_ text: String) throws -> [String] { try index.search(SearchRequest(text)).results.map(\.entity.id.stringValue) }
        // PHP, whose text has both words, and the two whose names join them.
        #expect(try Set(ids("php 8.2")) == ["php", "php8.2", "php8.2-cli"])
        #expect(try ids("php 8.2 cli").first == "php8.2-cli")
        #expect(try ids("lua 5").first == "lua5")
    }

    /// A word no entity has as written, whose stem some entity has, is an inflection: its stem
    /// finds it, and it is not read as a close word of another meaning.
    @Test func anInflectedFormIsNotATypo() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        let found = try index.search(SearchRequest("requested"))
        #expect(found.results.map(\.entity.id.stringValue) == ["python"])
        #expect(found.correction == nil && !found.correctionSearched)
    }

    /// A word no entity has as written, whose stem stands for other words ("sever": "several",
    /// "severe"), is read beside its slip of a word more entities have than every form of that
    /// stem together ("server"), and the results say so; a word whose slips are rarer than its
    /// stem's forms ("severed": "severe") stays an inflection.
    @Test func aWordWhoseStemIsOtherWordsIsReadAsItsSlipOfACommonerWord() throws {
        let folder = TemporaryFolder()
        let index = try index(folder, [
            trail("askpass", "Askpass Ridge", description: "several openssh dialogs"),
            trail("weather", "Storm Col", description: "severe weather"),
            trail("sshd", "Openssh Server", description: "secure shell daemon"),
            trail("mail", "Mail Hut", description: "a mail server"),
            trail("web", "Web Tower", description: "a web server"),
            trail("name", "Name Rock", description: "a name server"),
        ])
        let found = try index.search(SearchRequest("openssh sever"))
        #expect(found.results.first?.entity.id.stringValue == "sshd", "\(found.results.map(\.entity.id.stringValue))")
        #expect(found.correction == "openssh server" && found.correctionSearched)
        var off = SearchRequest("openssh sever")
        off.typos = .off
        let asTyped = try index.search(off)
        #expect(asTyped.results.first?.entity.id.stringValue == "askpass" && !asTyped.correctionSearched)
        let inflected = try index.search(SearchRequest("severed"))
        #expect(Set(inflected.results.map(\.entity.id.stringValue)) == ["askpass", "weather"] && inflected.correction == nil)
    }

    /// A slip the stem forgives ("inkscap", a last letter dropped) names the entity whose whole
    /// title is the word its stem stands for, as the word itself would.
    @Test func aSlipTheStemForgivesNamesTheTitle() throws {
        let folder = TemporaryFolder()
        let index = try index(folder, [
            trail("ink", "Inkscape", description: "a vector drawing program for illustrations, diagrams, logos and much more, "
                  + "with layers, paths, text on paths, filters and an extension system for every need"),
            trail("tut", "Inkscape Tutorials", description: "inkscape lessons"),
            trail("ext", "Inkscape Extensions", description: "inkscape plugins"),
        ])
        for typed in ["inkscape", "inkscap"] {
            let found = try index.search(SearchRequest(typed)).results.map(\.entity.id.stringValue)
            #expect(found.first == "ink", "\(typed): \(found)")
        }
    }

    /// A quoted phrase that no entity has with the other words is searched as its words, when
    /// some entity has them all, and the results say so; with typos off, or when a phrase matches,
    /// the quotes hold.
    @Test func aPhraseNoEntityHasIsSearchedAsItsWords() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        let relaxed = try index.search(SearchRequest("where is \"ranger email\"?"))
        #expect(relaxed.results.first?.entity.id.stringValue == "thunder")
        #expect(relaxed.correction == "where is ranger email?" && relaxed.correctionSearched)
        #expect(Searcher.unquoted("name:\"half dome\"") == nil)
        #expect(Searcher.unquoted("a\"b\" c") == "a b c")
        let phrase = try index.search(SearchRequest("\"email the ranger\""))
        #expect(phrase.results.map(\.entity.id.stringValue) == ["thunder"] && phrase.correction == nil)
        var off = SearchRequest("where is \"ranger email\"?")
        off.typos = .off
        #expect(try index.search(off).correctionSearched == false)
    }

    /// A slip in the letters of a name with a version is forgiven as in any name; its digits are
    /// never edited, and a number gets no "did you mean".
    @Test func theLettersOfANameWithDigitsAreCorrectedAndItsDigitsKept() throws {
        let folder = TemporaryFolder()
        let index = try index(folder, [
            trail("fail2ban", "Fail2ban", description: "bans hosts that cause multiple authentication errors"),
            trail("python3", "Python3 Requests", description: "http for humans"),
            trail("exim4", "Exim4", description: "a mail transport agent"),
            trail("route", "Route 124", description: "a road"),
        ])
        for typed in ["fial2ban", "fail2bann", "fai2ban"] {
            let found = try index.search(SearchRequest(typed))
            #expect(found.results.first?.entity.id.stringValue == "fail2ban" && found.correctionSearched, "\(typed)")
        }
        #expect(try index.search(SearchRequest("pyhton3 requests")).results.first?.entity.id.stringValue == "python3")
        // A different digit is another name, and a word of four letters is not forgiven, but offered.
        #expect(try index.search(SearchRequest("fail3ban")).results.isEmpty)
        let short = try index.search(SearchRequest("exmi4"))
        #expect(short.results.isEmpty && short.correction == "exim4" && !short.correctionSearched)
        let number = try index.search(SearchRequest("12347"))
        #expect(number.results.isEmpty && number.correction == nil)
    }

    @Test func knownWordsShortWordsAndNumbersMatchOnlyAsTyped() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        let exact = try index.search(SearchRequest("meadow"))
        #expect(exact.results.map(\.entity.id.stringValue) == ["meadow"])
        #expect(!exact.correctionSearched)
        // Four letters: no typo forgiven beside a word the index has ("pass" is no "past")...
        #expect(try index.search(SearchRequest("pass")).results.map(\.entity.id.stringValue) == ["python"])
        // ...but a word no entity has in any form is searched as the title word one slip away,
        // and says so; as typed with typos off.
        let short = try index.search(SearchRequest("loup"))
        #expect(short.results.map(\.entity.id.stringValue) == ["meadow"] && short.correction == "loop")
        var asTyped = SearchRequest("loup")
        asTyped.typos = .off
        #expect(try index.search(asTyped).results.isEmpty)
        #expect(try index.search(SearchRequest("12347")).results.isEmpty)    // a number never matches by typo
        #expect(try index.search(SearchRequest("\"wireshrak ridge\"")).results.isEmpty)   // nor a quoted phrase
    }

    /// A name joined by hyphens being typed is its words, the last a prefix, as with spaces: the
    /// phrase the hyphens make is not asked of a word not yet finished.
    @Test func aNameJoinedByHyphensIsTypedAsItsWords() throws {
        let folder = TemporaryFolder()
        let index = try index(folder, [
            trail("terminal", "Gnome-Terminal", description: "the terminal emulator of the desktop"),
            trail("platform", "Gnome-Platform", description: "a long term platform: gnome term sheets"),
            trail("mines", "Gnome-Mines", description: "a game"),
        ])
        let typed = try index.search(SearchRequest.typed("gnome-term"))
        #expect(typed.results.first?.entity.id.stringValue == "terminal", "\(typed.results.map(\.entity.id.stringValue))")
        #expect(try index.search(SearchRequest.typed("gnome term")).results.first?.entity.id.stringValue == "terminal")
        // Finished, the phrase holds: "gnome term" is written so in one entity.
        #expect(try index.search(SearchRequest("gnome-term")).results.first?.entity.id.stringValue == "platform")
    }

    /// A word no entity has that writes an entity's two-word title together ("obsstudio") is
    /// that title, joined by a hyphen as package names are, unless a word one letter away reads it
    /// ("nodeejs" is nodejs, though "node ejs" is a title too); two words joined by a dot that
    /// make a title ("node.js") name it.
    @Test func aTitleWrittenTogetherIsThatTitle() throws {
        let folder = TemporaryFolder()
        let index = try index(folder, [
            trail("obs", "OBS Studio", description: "records and streams the screen"),
            trail("studio", "Studio Lights", description: "lamps for a photo studio"),
            trail("nodejs", "Nodejs", description: "Node.js runs javascript on the server"),
            trail("ejs", "Node EJS", description: "embedded javascript templates"),
            trail("sass", "Sass Binding", description: "Node.js bindings to Sass, for Node.js"),
        ])
        let found = try index.search(SearchRequest("obsstudio"))
        #expect(found.results.first?.entity.id.stringValue == "obs", "\(found.results.map(\.entity.id.stringValue))")
        #expect(found.correction == "obs-studio" && found.correctionSearched)
        #expect(try index.search(SearchRequest("nodeejs")).results.first?.entity.id.stringValue == "nodejs")
        // Words joined by a dot, as names of frameworks are written, name the title they make.
        #expect(try index.search(SearchRequest("Node.js")).results.map(\.entity.id.stringValue) == ["nodejs", "sass"])
    }

    /// A word that entities have, alone, and that is no entity's whole title, ranks first the
    /// entity whose two-word title it writes together: "networkmanager", which add-ons' texts say
    /// more often, names network-manager. The word's matches stay as they are, and it is not
    /// reported as a correction; with typos off, the text stays as typed.
    @Test func aWordEntitiesHaveNamesTheTitleItWritesTogether() throws {
        let folder = TemporaryFolder()
        let index = try index(folder, [
            trail("addon", "Networkmanager Applet", description: "a tray applet for networkmanager, networkmanager settings"),
            trail("nm", "Network Manager", description: "the networkmanager service keeps you online"),
            trail("other", "Cables", description: "network cables"),
        ])
        let found = try index.search(SearchRequest("networkmanager"))
        #expect(found.results.map(\.entity.id.stringValue) == ["nm", "addon"], "\(found.results.map(\.entity.id.stringValue))")
        #expect(found.correction == nil)
        var off = SearchRequest("networkmanager")
        off.typos = .off
        #expect(try index.search(off).results.map(\.entity.id.stringValue) == ["addon", "nm"])
        // A word that is a whole title itself is that entity's.
        #expect(try index.search(SearchRequest("cables")).results.first?.entity.id.stringValue == "other")
    }

    /// Words joined by underscores, as identifiers write names, are the words they join when the
    /// index has each: searched as a name joined by hyphens is, and the results say so. A word the
    /// index has with its underscores (an identifier: "x86_64") matches as typed.
    @Test func wordsJoinedByUnderscoresAreTheWordsTheyJoin() throws {
        let folder = TemporaryFolder()
        let index = try index(folder, [
            trail("terminal", "Gnome-Terminal", description: "the terminal emulator of the desktop"),
            trail("mines", "Gnome-Mines", description: "a game of the desktop"),
            trail("arch", "Arch Notes", description: "builds for x86_64 machines"),
        ])
        let found = try index.search(SearchRequest("gnome_terminal"))
        #expect(found.results.first?.entity.id.stringValue == "terminal", "\(found.results.map(\.entity.id.stringValue))")
        #expect(found.correction == "gnome-terminal" && found.correctionSearched)
        var off = SearchRequest("gnome_terminal")
        off.typos = .off
        #expect(try index.search(off).results.isEmpty)
        let identifier = try index.search(SearchRequest("x86_64"))
        #expect(identifier.results.map(\.entity.id.stringValue) == ["arch"] && identifier.correction == nil)
    }

    @Test func aWordBeingTypedIsCorrectedOnlyWhenNothingBeginsWithIt() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        #expect(try index.search(SearchRequest.typed("wiresh")).results.first?.entity.id.stringValue == "wireshark")
        #expect(try index.search(SearchRequest.typed("wiresh")).correctionSearched == false)
        let typo = try index.search(SearchRequest.typed("wireshrak"))
        #expect(typo.results.first?.entity.id.stringValue == "wireshark")
        #expect(typo.correctionSearched)
        // The first letter left out or mistyped, as in a finished word.
        for slipped in ["ireshark", "qireshark"] {
            let first = try index.search(SearchRequest.typed(slipped))
            #expect(first.results.first?.entity.id.stringValue == "wireshark" && first.correctionSearched, "\(slipped)")
        }
    }

    /// The beginning of a word typed with a slip, which no word begins, is read as the beginning
    /// of the word it is closest to the beginning of, in any script, and completes as that would:
    /// "thundreb" (two letters swapped), "wirehsa", "pytohn re"; the suggestions say the word.
    @Test func theBeginningOfAWordTypedWithASlipCompletesTheWordMeant() throws {
        var distances = EditDistance(limit: 1)
        #expect(distances.toBeginning(of: Array("thundreb".unicodeScalars), "thunderbird".unicodeScalars)! == (1, 8))
        #expect(distances.toBeginning(of: Array("libroff".unicodeScalars), "libreoffice".unicodeScalars)! == (1, 8))
        #expect(distances.toBeginning(of: Array("wiresh".unicodeScalars), "wireshark".unicodeScalars)! == (0, 6))
        #expect(distances.toBeginning(of: Array("grenade".unicodeScalars), "granite".unicodeScalars) == nil)
        #expect(distances.toBeginning(of: Array("москв".unicodeScalars), "моск".unicodeScalars)! == (1, 4))
        #expect(TypoCorrections.beginnings(of: Array("libroff".unicodeScalars)) == ["librof", "libro", "libr", "lib", "li", "il", "lb", "ib"])

        let folder = TemporaryFolder()
        let index = try index(folder, [
            trail("thunder", "Thunderbird Lake", description: "email the ranger before you camp"),
            trail("thunderhead", "Thunderhead Peak", description: "a peak"),
            trail("wireshark", "Wireshark Ridge", description: "a ridge above the network of valleys"),
            trail("moscow", "Москва-река", description: "тропа вдоль реки"),
            trail("meadow", "Meadow Loop", description: "a short loop"),
        ])
        for (typed, id) in [("thundreb", "thunder"), ("thnuderb", "thunder"), ("wirehsa", "wireshark"), ("wireshrk", "wireshark"),
                            ("meadow wirehsa", "wireshark"), ("мсоква", "moscow")] {
            let found = try index.search(SearchRequest.typed(typed))
            #expect(found.results.first?.entity.id.stringValue == id && found.correctionSearched, "\(typed): \(found.results.map(\.entity.id))")
            var off = SearchRequest.typed(typed)
            off.typos = .off
            #expect(try index.search(off).results.first?.entity.id.stringValue != id, "\(typed)")
        }
        let suggested = try index.suggest("thundreb")
        #expect(suggested.correction == "thunderbird")
        #expect(suggested.entities.first?.entity.id.stringValue == "thunder")
    }

    /// A name typed short with a slip, too short for typo tolerance and in no entity's text, is
    /// searched as the title word one slip away, alone or beside other words ("ngnx": nginx;
    /// "rsnc file sync": rsync): nothing matches it as typed. A word two slips away, or with a
    /// digit, stays as typed.
    @Test func aShortWordNoEntityHasIsTheTitleWordOneSlipAway() throws {
        let folder = TemporaryFolder()
        let index = try index(folder, [
            trail("nginx", "Nginx", description: "a small web server"),
            trail("rsync", "Rsync", description: "fast remote file copy and sync"),
            trail("lsyncd", "Lsyncd", description: "live file sync daemon"),
            trail("unison", "Unison", description: "file sync between two machines"),
        ])
        let alone = try index.search(SearchRequest("ngnx"))
        #expect(alone.results.first?.entity.id.stringValue == "nginx")
        #expect(alone.correction == "nginx" && alone.correctionSearched)
        let described = try index.search(SearchRequest("rsnc file sync"))
        #expect(described.results.first?.entity.id.stringValue == "rsync", "\(described.results.map(\.entity.id.stringValue))")
        #expect(described.correction == "rsync file sync")
        #expect(try index.search(SearchRequest("ngx")).results.isEmpty, "two slips from nginx")
        #expect(try index.search(SearchRequest("ngn2")).results.isEmpty, "a digit")
    }

    /// A text that finds nothing, with a title word two slips away (more than typo tolerance
    /// forgives a word of six letters), is searched as that word, and says so; with typos off it
    /// finds nothing, and a number is never searched as another.
    @Test func aSearchThatFindsNothingSearchesTheSpellingItOffers() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        let found = try index.search(SearchRequest("maedwo"))
        #expect(found.results.map(\.entity.id.stringValue) == ["meadow"])
        #expect(found.correction == "meadow" && found.correctionSearched && found.query == "maedwo")
        var off = SearchRequest("maedwo")
        off.typos = .off
        #expect(try index.search(off).results.isEmpty)
        #expect(try index.search(SearchRequest("12347")).results.isEmpty)
        // A spelling that only cuts or finishes the word reads it as an extension or a prefix,
        // which a one-shot search does not match.
        let extended = try index.search(SearchRequest("meadowxx"))
        #expect(extended.results.isEmpty && extended.correction == "meadow" && !extended.correctionSearched)
    }

    /// Twenty-five entities whose text says "python" and "Москва": words far more common than a slip of them.
    static let commonWords = (0..<25).map { trail("p\($0)", "Python Trail \($0)", description: "python loop near Москва, number \($0)") }

    @Test func aRareWordBesideAFarMoreCommonSpellingFindsBoth() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        try index.index(Self.commonWords + [
            trail("typo", "Sign Ridge", description: "a ridge whose sign says pyhton, and Моксва"),
            trail("wanted", "Requests Pass", description: "python requests and Москва"),
            trail("grovel", "Grovel Dome", description: "grovel"),
            trail("gravel", "Gravel Wall", description: "gravel gravel"),
            trail("gravel2", "Gravel Steps", description: "gravel"),
            trail("doubled", "Doubled Letter", description: "pythoon"),
        ])
        let found = try index.search(SearchRequest("pyhton requests"))
        let ids = found.results.map(\.entity.id.stringValue)
        #expect(ids.contains("typo") && ids.contains("wanted"), "\(ids)")
        #expect(found.correction == "python requests" && found.correctionSearched)
        #expect(found.synonyms.isEmpty)
        let cyrillic = try index.search(SearchRequest("моксва"))
        #expect(cyrillic.correction == "москва" && cyrillic.total == 27, "\(cyrillic.total)")
        // A letter typed twice is a slip too.
        #expect(try index.search(SearchRequest("pythoon")).correction == "python")
        // Not twenty times as common: the rare word is taken as meant.
        let grovel = try index.search(SearchRequest("grovel"))
        #expect(grovel.results.map(\.entity.id.stringValue) == ["grovel"] && grovel.correction == nil)
        var off = SearchRequest("pyhton requests")
        off.typos = .off
        #expect(try index.search(off).results.map(\.entity.id.stringValue).contains("wanted") == true)
        #expect(try index.search(off).correctionSearched == false)
    }

    /// A rare word one letter short of a word far more entities have is read as both ("pythn":
    /// python), in any script; a rare word of an entity's title is part of a name, and is taken
    /// as meant, though a slip of a common word ("pythoon").
    @Test func aRareWordALetterShortFindsTheCommonWordUnlessItNamesAnEntity() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        try index.index(Self.commonWords + [
            trail("short", "Short Sign", description: "a sign that says pythn, and Мосва"),
            trail("named", "Pythoon Ridge", description: "a ridge"),
        ])
        let short = try index.search(SearchRequest("pythn"))
        #expect(short.correction == "python" && short.correctionSearched)
        #expect(Set(short.results.map(\.entity.id.stringValue)).isSuperset(of: ["short", "p0"]))
        #expect(try index.search(SearchRequest("мосва")).correction == "москва")
        let named = try index.search(SearchRequest("pythoon"))
        #expect(named.results.map(\.entity.id.stringValue) == ["named"] && named.correction == nil)
    }
}
