import Foundation
import Testing
@testable import Searchlight
import XapianIndex

/// The planner and the query text without an index: what a search's Xapian queries are.
@Suite struct QueryPlanner_ {
    let schema: Schema = {
        var schema = outdoorSchema
        schema.assignSlots()
        return schema
    }()

    func plan(_ request: SearchRequest, typing: Bool = false, facts: IndexFacts = IndexFacts(hintWeight: 0.5, expiredBy: nil)) throws -> QueryPlan {
        let searcher = try Searcher(schema: schema, database: nil)
        let text = QueryText(request.text, typing: typing, stopwords: searcher.stopwords)
        return try QueryPlanner(searcher: searcher, schema: schema).plan(request, text: text, facts: facts)
    }

    /// Plain words are parsed once, joined by OR; joined by AND they are exactly what the query
    /// parser makes of them with AND as its default (stopwords, repeats, digits, accents, scripts).
    @Test(arguments: [
        "granite dome", "the dome of the rock", "of the", "the", "dome dome dome", "Half Dome 2024", "4 x 4",
        "Crème brûlée", "Müller Straße", "東京 夜", "ночь в Москве", "ข้าว ผัด", "ليلة القدر", "a b c d e f g h",
        "python3 requests", "MiXeD CaSe Words", "and or not", "x",
    ])
    func plainWordsJoinedByAndAreWhatTheParserMakesWithAndAsDefault(text: String) throws {
        let searcher = try Searcher(schema: schema, database: nil)
        let analysed = QueryText(text, typing: false, stopwords: searcher.stopwords)
        #expect(analysed.plainWords != nil)
        let parsed = try searcher.parse(analysed, in: searcher.languages[0], allWords: true, expansions: [:])
        searcher.languages[0].parser.setDefaultOperator(.and)
        // The text as the language analyses it: capitalised words lower-cased, to be stemmed.
        let adjusted = searcher.languages[0].adjusted(analysed.trimmed)
        let expected = try searcher.languages[0].parser.parse(adjusted, flags: [.boolean, .phrase, .loveHate, .pureNot])
        #expect(parsed.allWords?.description == expected.description)
        searcher.languages[0].parser.setDefaultOperator(.or)
        #expect(parsed.anyWords.description == (try searcher.languages[0].parser.parse(adjusted, flags: [.boolean, .phrase, .loveHate, .pureNot])).description)
    }

    /// Quotes pair as Xapian's parser reads them: German and Romanian „ opens a quotation, and a
    /// quote without its pair is dropped rather than turn the rest of the text into one phrase.
    @Test func quotesArePairedBeforeTheParserReadsThem() throws {
        #expect(Searcher.pairingQuotes("die „Blechtrommel“ von Grass") == "die \"Blechtrommel“ von Grass")
        #expect(Searcher.pairingQuotes("”Care sunt cele două organe?") == "Care sunt cele două organe?")
        #expect(Searcher.pairingQuotes("\"half dome\" trail \"mist") == "\"half dome\" trail mist")
        #expect(Searcher.pairingQuotes("no quotes at all") == "no quotes at all")
        #expect(Searcher.pairingQuotes("\"") == "\"", "a lone quote is not made an empty query")
        let searcher = try Searcher(schema: schema, database: nil)
        let stray = QueryText(searcher.normalized("”granite dome trail"), typing: false, stopwords: searcher.stopwords)
        let parsed = try searcher.parse(stray, allWords: true, types: [])
        #expect(!parsed.anyWords.description.contains("PHRASE"))
        let quoted = QueryText(searcher.normalized("„granite dome“ trail"), typing: false, stopwords: searcher.stopwords)
        #expect(try searcher.parse(quoted, allWords: true, types: []).anyWords.description.contains("PHRASE 2"))
    }

    /// The weight of each language's parse of a text, by language code, for `schema`'s searcher.
    func languageWeights(_ schema: Schema) throws -> (String) -> [String: Double] {
        let searcher = try Searcher(schema: schema, database: nil)
        return { text in
            let analysed = QueryText(searcher.normalized(text), typed: text, typing: false, stopwords: searcher.stopwords)
            let weights = Searcher.languageWeights(of: analysed, in: searcher.languages)
            return Dictionary(uniqueKeysWithValues: zip(searcher.languages.map(\.analyzer.language.code), weights))
        }
    }

    /// In a schema of several languages, the parses in the languages whose function words the
    /// query uses most, as typed, keep their weight; the others are scaled down; a query with none
    /// keeps every parse's weight.
    @Test func theQuerysOwnLanguageIsToldByItsFunctionWordsAsTyped() throws {
        let schema = try Schema(jsonText: """
        {"types": [
          {"name": "fr", "language": "fr", "display": {"title": "t"}, "attributes": [{"key": "t", "kind": "text"}]},
          {"name": "vi", "language": "vi", "display": {"title": "t"}, "attributes": [{"key": "t", "kind": "text"}]},
          {"name": "de", "language": "de", "display": {"title": "t"}, "attributes": [{"key": "t", "kind": "text"}]}
        ]}
        """, source: "three-language test schema")
        let weights = try languageWeights(schema)
        let other = Ranking.otherLanguageWeight
        #expect(weights("Qui a écrit la chanson ?") == ["fr": 1, "vi": other, "de": other])
        // Folded, "là" would be French "la": as typed it is Vietnamese.
        #expect(weights("Paris là thủ đô của nước nào?") == ["fr": other, "vi": 1, "de": other])
        #expect(weights("Wer hat das Lied geschrieben?") == ["fr": other, "vi": other, "de": 1])
        #expect(weights("Victoria 1851") == ["fr": 1, "vi": 1, "de": 1])
    }

    /// Thai and Chinese have no function words to count: their script tells them, and a Latin
    /// name in the query does not make it English.
    @Test func aQuerysScriptTellsItsLanguage() throws {
        let schema = try Schema(jsonText: """
        {"types": [
          {"name": "en", "language": "en", "display": {"title": "t"}, "attributes": [{"key": "t", "kind": "text"}]},
          {"name": "th", "language": "th", "display": {"title": "t"}, "attributes": [{"key": "t", "kind": "text"}]},
          {"name": "zh", "language": "zh", "display": {"title": "t"}, "attributes": [{"key": "t", "kind": "text"}]},
          {"name": "ru", "language": "ru", "display": {"title": "t"}, "attributes": [{"key": "t", "kind": "text"}]}
        ]}
        """, source: "four-script test schema")
        let weights = try languageWeights(schema)
        // Told by its script, a query's language weighs the others less than by its function words.
        let other = Ranking.otherLanguageWeight
        let otherScript = Ranking.otherScriptWeight
        #expect(otherScript < other)
        #expect(weights("DECnet เฟส 2 คืออะไร") == ["en": otherScript, "th": 1, "zh": otherScript, "ru": otherScript])
        #expect(weights("DECnet 是什么") == ["en": otherScript, "th": otherScript, "zh": 1, "ru": otherScript])
        #expect(weights("Что такое DECnet?") == ["en": otherScript, "th": otherScript, "zh": otherScript, "ru": 1])
        #expect(weights("what is the DECnet protocol?") == ["en": 1, "th": other, "zh": other, "ru": other])
        #expect(weights("DECnet 1975") == ["en": 1, "th": 1, "zh": 1, "ru": 1])
        // Kana are Japanese: kanji between them are no Chinese runs (they had split them into more).
        let cjk = try languageWeights(try Schema(jsonText: """
        {"types": [
          {"name": "zh", "language": "zh", "display": {"title": "t"}, "attributes": [{"key": "t", "kind": "text"}]},
          {"name": "ja", "language": "ja", "display": {"title": "t"}, "attributes": [{"key": "t", "kind": "text"}]}
        ]}
        """, source: "Chinese and Japanese test schema"))
        #expect(cjk("東京の夜") == ["zh": otherScript, "ja": 1])
        #expect(cjk("东京之夜") == ["zh": 1, "ja": 1])
    }

    /// An acronym is a name: "LOR" in a Romanian query is searched, not dropped as "lor" (their);
    /// typed in capitals throughout, a text has no acronyms.
    @Test func acronymsAreNeverStopwords() throws {
        let schema = try Schema(jsonText: """
        {"types": [{"name": "ro", "language": "ro", "display": {"title": "t"}, "attributes": [{"key": "t", "kind": "text"}]}]}
        """, source: "Romanian test schema")
        let searcher = try Searcher(schema: schema, database: nil)
        func analysed(_ text: String) -> QueryText {
            QueryText(searcher.normalized(text), typed: text, typing: false, stopwords: searcher.stopwords)
        }
        #expect(analysed("Care unitate NASA a fost de acord cu LOR?").acronyms == ["nasa", "lor"])
        #expect(analysed("CARE UNITATE A FOST DE ACORD CU LOR").acronyms.isEmpty)
        #expect(analysed("nasa AND lor").acronyms.isEmpty)
        let parsed = try searcher.parse(analysed("unitate de acord cu LOR"), allWords: true, types: [])
        #expect(parsed.anyWords.description.contains("Zlor"), "\(parsed.anyWords.description)")
        #expect(parsed.allWords?.description.contains("AND Zlor") == true, "\(parsed.allWords?.description ?? "")")
        let lower = try searcher.parse(analysed("unitate de acord cu lor"), allWords: true, types: [])
        #expect(!lower.anyWords.description.contains("lor"))
    }

    /// Typed with accents, the query gains its exact form: the accented words as typed, the others
    /// as parsed; typed without, it has none.
    @Test func accentedWordsAddTheQueryAsTyped() throws {
        let searcher = try Searcher(schema: schema, database: nil)
        let text = QueryText(searcher.normalized("Crème brûlée recipe"), typed: "Crème brûlée recipe", typing: false, stopwords: searcher.stopwords)
        #expect(text.trimmed(without: Set(text.exactForms.map(\.folded))) == "  recipe")
        let parsed = try searcher.parse(text, allWords: true, types: [])
        #expect(parsed.anyWords.description
            == "Query(0.5 * ((Zcreme@1 OR Zbrule@2 OR Zrecip@3) AND_MAYBE 1 * (XOcrème OR XObrûlée OR Zrecip@1)))")
        #expect(parsed.allWords?.description.contains("AND_MAYBE 1 * (XOcrème OR XObrûlée OR Zrecip@1)") == true)
        let plain = QueryText("creme brulee recipe", typing: false, stopwords: searcher.stopwords)
        #expect(!(try searcher.parse(plain, allWords: false, types: []).anyWords.description.contains("XO")))
    }

    @Test func capitalsOfFieldsAndOperatorsAreNotWords() {
        let text = QueryText("Haus AND name:Vim Fluss: OR ist", typing: false, stopwords: [])
        #expect(text.capitalisedWords == ["Haus"])
        #expect(text.trimmed(without: ["Haus", "ist"]) == " AND name:Vim Fluss: OR ")
    }

    @Test func textWithSyntaxIsParsedOncePerMode() throws {
        let all = try #require(try plan(SearchRequest("dome OR falls trail")).allWords)
        #expect(all.description.contains("AND"))
        #expect(all.description.contains("OR"))
        #expect(try plan(SearchRequest("dome OR falls trail", match: .any)).allWords == nil)
    }

    @Test func theBestModeHasBothTiersAndTheAnyModeOne() throws {
        let best = try plan(SearchRequest("granite dome"))
        // The entity named by one of the words gains half the whole-title boost in the all-words tier.
        #expect(best.allWords?.description == "Query(((Zgranit@1 AND Zdome@2) AND_MAYBE 0.5 * (XEdome OR XEgranite)))")
        #expect(best.anyWords.description == "Query((Zgranit@1 OR Zdome@2))")
        #expect(best.titleBoost != nil)
        #expect(best.hintWeight == 0.5)
        #expect(!best.feedback)
        let any = try plan(SearchRequest("granite dome", match: .any))
        #expect(any.allWords == nil)
    }

    @Test func anEmptyTextMatchesEverythingWithoutBoostsOrHints() throws {
        let empty = try plan(SearchRequest("  "))
        #expect(empty.allWords == nil)
        #expect(empty.anyWords.description == Query.matchAll.description)
        #expect(empty.titleBoost == nil)
        #expect(empty.hintWeight == nil)
    }

    @Test func sortKeysReplaceRelevanceAndItsBoosts() throws {
        let sorted = try plan(SearchRequest("granite", sort: [SortDescriptor("length", descending: true)]))
        #expect(!sorted.relevanceOrder)
        #expect(sorted.sort.map(\.slot) == [schema.numericSlot("length")!])
        #expect(sorted.hintWeight == nil)
        #expect(sorted.titleBoost == nil)
    }

    @Test func typesAndFiltersBecomeIndexSideRestrictions() throws {
        let request = SearchRequest("granite", types: ["trail"],
                                    filter: .all([.compare("length", .greaterThan, .number(4)), .compare("elevation", .between, .number(100), .number(900))]))
        let restricted = try plan(request).restrictions
        #expect(restricted.contains { $0.contains(IndexTerms.type("trail")) })
        #expect(restricted.contains { $0.contains("VALUE_GE \(schema.numericSlot("length")!)") })
        #expect(restricted.contains { $0.contains("VALUE_RANGE \(schema.numericSlot("elevation")!)") })
    }

    @Test func expiryIsLeftOutUnlessSomeEntityMayHaveExpired() throws {
        #expect(try plan(SearchRequest("granite")).expired == nil)
        let now = Sortable.serialise(Date().timeIntervalSince1970)
        let expiring = try plan(SearchRequest("granite"), facts: IndexFacts(hintWeight: nil, expiredBy: now))
        #expect(expiring.expired?.description.contains("VALUE_LE \(IndexFormat.Slot.expiration)") == true)
    }

    @Test func verboseTextIsReRankedByFeedbackUnlessAllWordsOrSorted() throws {
        let verbose = "a granite dome above the valley floor"
        #expect(try plan(SearchRequest(verbose)).feedback)
        #expect(try !plan(SearchRequest(verbose, match: .all)).feedback)
        #expect(try !plan(SearchRequest(verbose, sort: [SortDescriptor("length")])).feedback)
    }

    /// One question seeks one passage: no feedback, whatever closes it after its question mark.
    @Test func oneQuestionIsNotReRankedByFeedback() throws {
        for question in ["why is the granite dome above the valley floor?", "why was the dome called \"the half dome?\"",
                         "was the dome called (the half dome?)", "ما هو ارتفاع القبة الجرانيتية فوق الوادي؟"] {
            #expect(try !plan(SearchRequest(question)).feedback, "\(question)")
        }
        #expect(try plan(SearchRequest("the dome? granite above the valley floor")).feedback)
    }

    @Test func aTypedLastWordAlsoMatchesTitlePrefixes() throws {
        let typed = try plan(SearchRequest("granite dom"), typing: true)
        #expect(typed.allWords?.description.contains(IndexTerms.titlePrefixPrefix + "dom") == true)
        let finished = try plan(SearchRequest("granite dom"), typing: false)
        #expect(finished.allWords?.description.contains(IndexTerms.titlePrefixPrefix) == false)
    }

    /// While one word is typed the hint weighs `Ranking.typedWordHintBoost` at the index's highest
    /// hint; with words before it, or finished, `Ranking.hintBoost`.
    @Test func aWordBeingTypedAloneWeighsTheHintMore() throws {
        let scale = Ranking.typedWordHintBoost / Ranking.hintBoost
        let alone = try plan(SearchRequest("gran"), typing: true)
        #expect(alone.largestHintBoost == Ranking.typedWordHintBoost)
        #expect(abs(alone.hintWeight! - 0.5 * scale) < 1e-12)
        for (text, typing) in [("granite dom", true), ("gran", false), ("granite ", true)] {
            let other = try plan(SearchRequest(text), typing: typing)
            #expect(other.largestHintBoost == Ranking.hintBoost, "\(text)")
            #expect(other.hintWeight == 0.5, "\(text)")
        }
    }

    @Test func theTitlePrefixPlanRequiresTheWordsAndOrdersByHint() throws {
        let searcher = try Searcher(schema: schema, database: nil)
        let plan = try QueryPlanner(searcher: searcher, schema: schema)
            .titlePrefixPlan(head: ["half"], prefix: "do", types: ["landmark"], facts: IndexFacts(hintWeight: 1, expiredBy: nil))
        // The required terms are the query itself, weightless: Xapian walks their postings, not every document's.
        let query = plan.anyWords.description
        #expect(query.contains(IndexTerms.completionPrefix + "half"))
        #expect(query.contains(IndexTerms.titlePrefixPrefix + "do"))
        #expect(query.contains(IndexTerms.type("landmark")))
        #expect(query.contains("0 * ") && !query.contains("<alldocuments>"))
        #expect(plan.filters.isEmpty)
        #expect(plan.sort.map(\.slot) == [IndexFormat.Slot.rankingHint])
        #expect(plan.hintWeight == nil)
    }

    /// A filter the index answers exactly is not checked again on each candidate's entity, so an
    /// exact total counts postings and value slots alone (and remote shards run it as Xapian's own
    /// operators); the rest keep the check.
    @Test func filtersTheIndexAnswersExactlyNeedNoCheckOnTheEntity() throws {
        func predicate(_ where: String) throws -> EntityPredicate? {
            try plan(SearchRequest("", filter: try EntityPredicate(spotlight: `where`))).predicate
        }
        for exact in ["length > 5", "length >= 5 && popularity < 10", "updated < $time.iso(2024-05-01)", "InRange(length, 2, 8)",
                      "length > 5 || popularity > 3", "!(length > 5)", "length != 5", "activities == \"hiking\"",
                      "landmarks == \"vernal-fall\"", "activities != \"hiking\" && !(length < 2 || length > 9)"] {
            #expect(try predicate(exact) == nil, "\(exact)")
        }
        for checked in ["name == \"Mist*\"", "name == \"mist\"c", "name != \"Mist Trail\"", "length > 5 || name == \"Mist*\"",
                        "!(name == \"Mist*\")", "activities == \"hik*\""] {
            #expect(try predicate(checked) != nil, "\(checked)")
        }
        // What narrows is kept even when it is not exact: an OR of index-answered parts.
        let narrowed = try plan(SearchRequest("", filter: try EntityPredicate(spotlight: "length > 5 && name == \"Mist*\"")))
        #expect(narrowed.predicate != nil && narrowed.restrictions.count == 1 && narrowed.restrictions[0].contains("VALUE_GE"))
        // A strict bound leaves out the bound itself.
        let strict = try plan(SearchRequest("", filter: try EntityPredicate(spotlight: "length > 5")))
        let inclusive = try plan(SearchRequest("", filter: try EntityPredicate(spotlight: "length >= 5")))
        #expect(strict.restrictions != inclusive.restrictions)
    }

    @Test func theTextIsAnalysedOnce() {
        let text = QueryText("  Half Dome tr", typing: true, stopwords: Set(Stopwords.english))
        #expect(text.words == ["half", "dome", "tr"])
        #expect(text.plainWords?.head == "Half Dome")
        #expect(text.plainWords?.last == "tr")
        #expect(text.partial)
        #expect(text.shortTypedPrefix == nil)
        #expect(QueryText("dicomscope of", typing: true, stopwords: Set(Stopwords.english)).partial == false)
        #expect(QueryText("mi", typing: true, stopwords: []).shortTypedPrefix == "mi")
        #expect(QueryText("mi ", typing: true, stopwords: []).shortTypedPrefix == nil)
        #expect(QueryText("mi", typing: false, stopwords: []).shortTypedPrefix == nil)
    }
}

private extension QueryPlan {
    /// The descriptions of the plan's restrictions: without words, they are the query itself.
    var restrictions: [String] { allWords == nil && filters.isEmpty ? [anyWords.description] : filters.map(\.description) }
}
