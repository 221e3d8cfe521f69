import Foundation
import Testing
import XapianIndex
@testable import Searchlight

/// Text in several languages in one index: each type analysed in its own language, accents,
/// case and width folded, elisions, scripts without spaces, and language-aware sorting.
@Suite struct Multilingual {
    static let schema = try! Schema(jsonText: """
    {"types": [
      {"name": "buch", "language": "de", "display": {"title": "titel"},
       "attributes": [{"key": "titel", "kind": "text", "weight": 3, "sortable": true}, {"key": "text", "kind": "text"}]},
      {"name": "livre", "language": "fr", "display": {"title": "titre"},
       "attributes": [{"key": "titre", "kind": "text", "weight": 3, "sortable": true}, {"key": "texte", "kind": "text"}]},
      {"name": "shu", "language": "zh", "display": {"title": "title"},
       "attributes": [{"key": "title", "kind": "text", "weight": 3}, {"key": "body", "kind": "text"}]},
      {"name": "hon", "language": "ja", "display": {"title": "title"},
       "attributes": [{"key": "title", "kind": "text", "weight": 3}, {"key": "body", "kind": "text"}]},
      {"name": "nangsue", "language": "th", "display": {"title": "title"},
       "attributes": [{"key": "title", "kind": "text", "weight": 3}, {"key": "body", "kind": "text", "language": "en"}]},
      {"name": "book", "display": {"title": "title"},
       "attributes": [{"key": "title", "kind": "text", "weight": 3, "sortable": true}, {"key": "body", "kind": "text"}]}
    ]}
    """, source: "multilingual test schema")

    func index(_ folder: TemporaryFolder) throws -> EntityIndex {
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Self.schema)
        try index.index([
            Entity(type: "buch", id: "1", attributes: ["titel": "Erinnerungen eines Müllers", "text": "Die Erinnerung an das Café in der Straße"]),
            Entity(type: "buch", id: "2", attributes: ["titel": "Über den Fluss", "text": "Ein Buch über Häuser und Bäume"]),
            Entity(type: "livre", id: "1", attributes: ["titre": "L'Étranger", "texte": "Aujourd'hui, maman est morte. Les mémoires d'un enfant"]),
            Entity(type: "livre", id: "2", attributes: ["titre": "Élan vital", "texte": "L'enfant et la création"]),
            Entity(type: "shu", id: "1", attributes: ["title": "我的猫", "body": "我家有一只白色的猫，它喜欢睡觉。"]),
            Entity(type: "hon", id: "1", attributes: ["title": "東京の夜", "body": "記憶の中の東京は、夜になると静かだった。"]),
            Entity(type: "nangsue", id: "1", attributes: ["title": "ข้าวผัดกุ้ง", "body": "Fried rice with shrimp"]),
            Entity(type: "book", id: "1", attributes: ["title": "War and Peace", "body": "Memories of a Russian winter"]),
            Entity(type: "book", id: "2", attributes: ["title": "ＦＵＬＬ Width Café", "body": "A soseki reading group"]),
        ])
        return index
    }

    func ids(_ index: EntityIndex, _ text: String, types: [String] = []) throws -> Set<String> {
        Set(try index.search(SearchRequest(text, types: types)).results.map { "\($0.entity.type):\($0.entity.id)" })
    }

    @Test func accentsCaseAndWidthAreFoldedOnBothSides() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        #expect(try ids(index, "cafe").isSuperset(of: ["buch:1", "book:2"]))
        #expect(try ids(index, "CAFÉ") == (try ids(index, "cafe")))
        #expect(try ids(index, "Cafe\u{301}") == (try ids(index, "cafe")))   // decomposed é
        #expect(try ids(index, "full width") == ["book:2"])
        #expect(try ids(index, "memoires") == ["livre:1"])
        #expect(try ids(index, "strasse") == ["buch:1"])
        #expect(try ids(index, "hauser") == ["buch:2"])
        // Half-width katakana typed find the full-width text, and the other way round.
        try index.index([Entity(type: "hon", id: "2", attributes: ["title": "ｶﾞｲﾄﾞﾌﾞｯｸ", "body": "東京の店"]),
                         Entity(type: "hon", id: "3", attributes: ["title": "パソコン入門", "body": "初めての一台"])])
        #expect(try ids(index, "ガイドブック") == ["hon:2"])
        #expect(try ids(index, "ﾊﾟｿｺﾝ") == ["hon:3"])
        // A Persian word finds its forms written with its endings after a zero-width non-joiner.
        try index.index([Entity(type: "book", id: "3", attributes: ["title": "کتاب\u{200C}های من", "body": "درباره\u{200C}ی تاریخ"])])
        #expect(try ids(index, "کتاب") == ["book:3"])
        #expect(try ids(index, "کتاب\u{200C}ها") == ["book:3"])
    }

    /// A word typed with its marks finds the forms its stem as written has: Snowball's rules read
    /// the marks folding removes (Portuguese "navegação" and "navegações" are "naveg" as written,
    /// "navegaca" and "navegaco" folded; French "préféré" and "préférées"). Typed without marks,
    /// a word finds its own form as before.
    @Test func aWordTypedWithMarksFindsTheFormsOfItsWrittenStem() throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(try Schema(jsonText: """
        {"types": [{"name": "livro", "language": "pt", "display": {"title": "titulo"},
                    "attributes": [{"key": "titulo", "kind": "text", "weight": 3}, {"key": "texto", "kind": "text"}]},
                   {"name": "livre", "language": "fr", "display": {"title": "titre"},
                    "attributes": [{"key": "titre", "kind": "text", "weight": 3}, {"key": "texte", "kind": "text"}]}]}
        """, source: "written stems"))
        try index.index([
            Entity(type: "livro", id: "lusiadas", attributes: ["titulo": "Os Lusíadas", "texto": "Epopeia que celebra as navegações portuguesas"]),
            Entity(type: "livro", id: "guia", attributes: ["titulo": "Guia", "texto": "Informações e mãos"]),
            Entity(type: "livre", id: "recettes", attributes: ["titre": "Recettes", "texte": "nos recettes préférées"]),
        ])
        func found(_ text: String) throws -> [String] { try index.search(SearchRequest(text)).results.map(\.entity.id.stringValue) }
        #expect(try found("navegação") == ["lusiadas"])
        #expect(try found("informação") == ["guia"])
        #expect(try found("mão") == ["guia"])
        #expect(try found("préféré") == ["recettes"])
        #expect(try found("navegacoes") == ["lusiadas"])
        let stems = try TextAnalyzer.writtenStems(of: TextAnalyzer.exactForms("navegações café"), stemmer: try Stemmer(language: "portuguese"))
        #expect(stems.map(\.folded) == ["navegaco"] && stems.map(\.written) == ["naveg"])
    }

    /// A query typed with accents ranks the spelling it typed first; typed without, it finds every
    /// spelling alike. Each pair of entities differs only by accents.
    @Test(arguments: [
        ("Café Flore", "Cafe Flore", "café", "cafe"),
        ("Müller Straße", "Muller Strasse", "Müller", "muller"),
        ("Natsume Sōseki", "Natsume Soseki", "Sōseki", "soseki"),
        ("Tiếng Việt", "Tiêng Viet", "tiếng Việt", "tieng viet"),
        ("Ο λόγος του", "Ο λογος του", "λόγος", "λογος"),
    ])
    func theExactFormRanksAboveTheFoldedOne(exact: String, folded: String, accented: String, plain: String) throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Schema(types: [EntityType(name: "note", language: "none", attributes: [AttributeKey("text", kind: .text)])]))
        try index.index([Entity(type: "note", id: "folded", attributes: ["text": .string(folded)]),
                         Entity(type: "note", id: "exact", attributes: ["text": .string(exact)])])
        let typed = try index.search(SearchRequest(accented)).results
        #expect(typed.map(\.entity.id.stringValue) == ["exact", "folded"])
        #expect(typed[0].score > typed[1].score)
        let unaccented = try index.search(SearchRequest(plain)).results
        #expect(unaccented.count == 2)
        #expect(unaccented[0].score == unaccented[1].score)
    }

    /// A capitalised word is stemmed like any other (not taken for a name, as Xapian's parser
    /// would): German writes every noun with a capital, where the form typed also ranks first, and
    /// names inflect (a Turkish suffix after an apostrophe, an English plural).
    @Test func capitalisedWordsAreStemmedAndTheirTypedFormRanksFirst() throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Schema(types: [
            EntityType(name: "seite", language: "de", attributes: [AttributeKey("text", kind: .text)]),
            EntityType(name: "page", attributes: [AttributeKey("text", kind: .text)]),
            EntityType(name: "sayfa", language: "tr", attributes: [AttributeKey("text", kind: .text)]),
        ]))
        try index.index([Entity(type: "seite", id: "one", attributes: ["text": "Die Bibliothek der Stadt"]),
                         Entity(type: "seite", id: "many", attributes: ["text": "Die Bibliotheken der Stadt"]),
                         Entity(type: "page", id: "normans", attributes: ["text": "The Normans crossed the sea"]),
                         Entity(type: "page", id: "norman", attributes: ["text": "A Norman castle by the sea"]),
                         Entity(type: "sayfa", id: "ankara", attributes: ["text": "Atatürk Ankara'ya geldi"])])
        #expect(try index.search(SearchRequest("Welche Bibliotheken", types: ["seite"])).results.map(\.entity.id.stringValue) == ["many", "one"])
        #expect(try index.search(SearchRequest("Bibliothek", types: ["seite"])).results.map(\.entity.id.stringValue) == ["one", "many"])
        // Elsewhere the typed form is not ranked first: a capital says less there.
        #expect(try index.search(SearchRequest("Normans", types: ["page"])).results.map(\.entity.id.stringValue).sorted() == ["norman", "normans"])
        #expect(try index.search(SearchRequest("Atatürk'ün Ankara", types: ["sayfa"])).results.map(\.entity.id.stringValue) == ["ankara"])
    }

    /// Words joined by hyphens are searched as the words they are, each stemmed, and the entity
    /// that writes them joined ranks first (Xapian's parser would search a phrase of unstemmed words).
    @Test func wordsJoinedByHyphensAreSearchedAsWordsWrittenTogetherFirst() throws {
        #expect(Searcher.splittingJoinedWords("AFC-Championship-Spiels -draft x86-64") == "AFC Championship Spiels -draft x86 64")
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Schema(types: [EntityType(name: "seite", language: "de", attributes: [AttributeKey("text", kind: .text)])]))
        try index.index([Entity(type: "seite", id: "apart", attributes: ["text": "Die Dienste des Anbieters NTL wurden umbenannt"]),
                         Entity(type: "seite", id: "joined", attributes: ["text": "Die NTL-Dienste heißen nun anders"]),
                         Entity(type: "seite", id: "other", attributes: ["text": "Ein anderer Anbieter"])])
        #expect(try index.search(SearchRequest("ntl-dienste")).results.map(\.entity.id.stringValue) == ["joined", "apart"])
        #expect(try index.search(SearchRequest("NTL-Dienstes")).results.map(\.entity.id.stringValue).sorted() == ["apart", "joined"])
    }

    /// Thai or Chinese joined to a number by a hyphen finds the text that writes them so: the
    /// hyphen after the run's terms is not Xapian's NOT.
    @Test func aHyphenAfterThaiOrChineseJoinsWords() throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Schema(types: [EntityType(name: "th", language: "th", attributes: [AttributeKey("text", kind: .text)]),
                                          EntityType(name: "zh", language: "zh", attributes: [AttributeKey("text", kind: .text)])]))
        try index.index([Entity(type: "th", id: "o18", attributes: ["text": "น้ำทะเลมีออกซิเจน-18 มากขึ้น"]),
                         Entity(type: "zh", id: "tokyo", attributes: ["text": "东京-2020 奥运会"])])
        #expect(try index.search(SearchRequest("ออกซิเจน-18")).results.map(\.entity.id.stringValue) == ["o18"])
        #expect(try index.search(SearchRequest("东京-2020")).results.map(\.entity.id.stringValue) == ["tokyo"])
        // A minus before the run, after a space, is still NOT.
        #expect(try index.search(SearchRequest("2020 -东京")).results.isEmpty)
        #expect(try index.search(SearchRequest("18 -ออกซิเจน")).results.isEmpty)
    }

    /// An index of one type in `language` holding `texts` (by id) and twelve other entities made of
    /// `others` (`common` in every second one), so that words weigh as in a collection rather
    /// than as in two texts.
    func collection(_ folder: TemporaryFolder, language: String, _ texts: KeyValuePairs<String, String>,
                    others: [String], common: String = "") throws -> EntityIndex {
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Schema(types: [EntityType(name: "doc", language: language, attributes: [AttributeKey("text", kind: .text)])]))
        var entities = texts.map { Entity(type: "doc", id: .string($0.key), attributes: ["text": .string($0.value)]) }
        for i in 0..<12 {
            let text = others[i % 5] + " " + (i % 2 == 1 ? common : "") + others[(i + 2) % 5]
            entities.append(Entity(type: "doc", id: .string("other\(i)"), attributes: ["text": .string(text)]))
        }
        try index.index(entities)
        return index
    }

    /// A word of Thai or Chinese is searched as several n-grams, a Latin name as one term: the
    /// n-grams are weighted down so that the name counts as much as a word beside it, and the
    /// entity naming DECnet ranks above one that repeats the question's other words.
    @Test(arguments: [
        ("th", "DECnet เฟส 2 เปลี่ยนมาใช้มาตรฐานแบบเปิด", "การเปลี่ยนแปลงแอนติเจนอย่างรวดเร็ว การเปลี่ยนแปลงบ่อยครั้ง มีการเปลี่ยนแปลงอย่างสม่ำเสมอ",
         "มีการเปลี่ยนแปลง", ["ระบบภูมิคุ้มกันปรับตัว", "แม่น้ำไหลผ่านเมือง", "นักเรียนไปโรงเรียน", "ข้าวผัดอร่อยมาก", "ฝนตกหนักในฤดูร้อน"],
         "DECnet เฟส 2 มีการเปลี่ยนแปลงอย่างไร"),
        ("zh", "DECnet 第二阶段变为开放标准", "抗原发生了什么变化，发生变化，什么变化，发生了变化",
         "发生了变化", ["免疫系统的适应", "河流穿过城市", "学生去学校", "炒饭很好吃", "夏天下大雨"],
         "DECnet 阶段发生了什么变化"),
    ])
    func aNameAmongUnspacedWordsCountsAsAWord(language: String, named: String, repeating: String, common: String,
                                              others: [String], question: String) throws {
        let folder = TemporaryFolder()
        let index = try collection(folder, language: language, ["named": named, "repeating": repeating], others: others, common: common)
        #expect(try index.search(SearchRequest(question)).results.first?.entity.id.stringValue == "named")
    }

    /// "What is a network?" in Thai: the passage about networks first, not the one that asks
    /// "what" twice, whose question word passages seldom have would otherwise weigh most.
    @Test func aThaiQuestionWordWeighsNothing() throws {
        let folder = TemporaryFolder()
        let index = try collection(folder, language: "th", ["network": "ชุดโปรโตคอลเครือข่าย", "asking": "เขาถามว่าเครือข่ายของเธอทำอะไร ทำอะไรอยู่"],
                                   others: ["ระบบภูมิคุ้มกันปรับตัว", "แม่น้ำไหลผ่านเมือง", "นักเรียนไปโรงเรียน", "ข้าวผัดอร่อยมาก", "ฝนตกหนักในฤดูร้อน"])
        #expect(try index.search(SearchRequest("เครือข่ายคืออะไร")).results.map(\.entity.id.stringValue) == ["network", "asking"])
        // A question word alone is still searched.
        #expect(try index.search(SearchRequest("อะไร")).results.map(\.entity.id.stringValue) == ["asking"])
    }

    /// A query of more words than `SearchRequest.maximumWords` is searched by its first ones, and
    /// says so; a letter of a script written without spaces counts as a word.
    @Test func aLongQueryIsSearchedByItsFirstWords() throws {
        let folder = TemporaryFolder()
        let english = try collection(folder, language: "en", ["first": "granite waterfall", "last": "obsidian canyon"],
                                     others: ["river bend", "pine forest", "alpine meadow", "city park", "desert road"])
        let filler = Array(repeating: "zzq", count: SearchRequest.maximumWords)
        let found = try english.search(SearchRequest((["granite"] + filler + ["obsidian"]).joined(separator: " ")))
        #expect(found.results.map(\.entity.id.stringValue) == ["first"])
        #expect(found.searchedText?.split(separator: " ").count == SearchRequest.maximumWords)
        #expect(try english.search(SearchRequest("granite obsidian")).searchedText == nil)

        let thaiFolder = TemporaryFolder()
        let thai = try collection(thaiFolder, language: "th", ["network": "ชุดโปรโตคอลเครือข่าย", "river": "แม่น้ำเจ้าพระยา"],
                                  others: ["ระบบภูมิคุ้มกันปรับตัว", "นักเรียนไปโรงเรียน", "ข้าวผัดอร่อยมาก", "ฝนตกหนักในฤดูร้อน", "ดอกไม้บาน"])
        let long = "เครือข่าย" + String(repeating: "ฮ", count: 2 * SearchRequest.maximumWords) + "แม่น้ำ"
        let thaiFound = try thai.search(SearchRequest(long))
        #expect(thaiFound.searchedText?.unicodeScalars.count == SearchRequest.maximumWords)
        #expect(thaiFound.results.map(\.entity.id.stringValue) == ["network"])
    }

    /// An entity with another form of a query's word that the stemmer leaves apart ("Москвы" for
    /// "московский", of Moscow; "الكومبيوتر" for "الكمبيوتر", computer spelt another way) ranks
    /// above a shorter one with the other words alone, by the letter trigrams they share; not with
    /// typos off, nor for a word in quotes.
    @Test(arguments: [
        ("ru", "Университет Москвы основан давно", "Университет Казани основан", "университет", "московский"),
        ("ar", "تطوير الكومبيوتر في المدينة", "تطوير المدينة", "تطوير", "الكمبيوتر"),
    ])
    func aWordFindsItsOtherFormsByTrigrams(language: String, other: String, plain: String, shared: String, word: String) throws {
        let folder = TemporaryFolder()
        let index = try collection(folder, language: language, ["plain": plain, "other": other],
                                   others: ["река течёт", "горы высокие", "مدرسة جديدة", "سوق قديم", "лес зелёный"])
        func first(_ text: String, typos: TypoTolerance = .auto) throws -> String? {
            var request = SearchRequest(text)
            request.typos = typos
            return try index.search(request).results.first?.entity.id.stringValue
        }
        #expect(try first("\(word) \(shared)") == "other")
        #expect(try first("\(word) \(shared)", typos: .off) == "plain")
        #expect(try first("\"\(word)\" \(shared)") == "plain")
        // Explained as the trigrams they are.
        var explained = SearchRequest("\(word) \(shared)")
        explained.explain = true
        let matches = try index.search(explained).results.first?.explanation?.matches ?? []
        #expect(matches.contains { $0.field == "trigram" && $0.weight > 0 })
    }

    /// A Vietnamese word of two syllables: the entity with them side by side ("lục lạp",
    /// chloroplast) ranks above one with each syllable apart, more often, typed with or without
    /// accents.
    @Test func vietnameseSyllablesSideBySideRankFirst() throws {
        let folder = TemporaryFolder()
        let index = try collection(folder, language: "vi", ["chloroplast": "Lục lạp quang hợp trong tế bào thực vật", "apart": "Lục quân ăn lạp xưởng, lục soát kho"],
                                   others: ["Hà Nội là thủ đô", "sông Hồng chảy qua thành phố", "học sinh đến trường", "phở bò rất ngon", "mưa lớn vào mùa hè"])
        for query in ["lục lạp là gì?", "luc lap"] {
            #expect(try index.search(SearchRequest(query)).results.prefix(2).map(\.entity.id.stringValue) == ["chloroplast", "apart"], "\(query)")
        }
    }

    /// A word of over 64 bytes is indexed (Xapian's default skips it): 22 Devanagari letters of 3
    /// bytes each. However long an attribute's key, its field terms stay within Xapian's limit.
    @Test func longWordsOfThreeByteScriptsAreIndexed() throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        let longKey = String(repeating: "k", count: 200)
        try index.register(Schema(types: [EntityType(name: "doc", language: "hi", attributes: [
            AttributeKey("text", kind: .text), AttributeKey(longKey, kind: .text)])]))
        let word = "पेलियोक्लाईमेटोलॉजिस्ट"
        #expect(word.utf8.count > 64)
        try index.index([Entity(type: "doc", id: "paleo", attributes: ["text": .string(word + " समुद्री जीवों के खोल"), longKey: .string(word)]),
                         Entity(type: "doc", id: "other", attributes: ["text": "समुद्री जल के अणु"])])
        #expect(try index.search(SearchRequest(word)).results.map(\.entity.id.stringValue) == ["paleo"])
    }

    /// A German word finds the compounds it begins: "Spannungen" finds the text that speaks of a
    /// "Spannungstensor" above one that only shares the question's other word; a compound finds
    /// its last part.
    @Test func aGermanWordFindsTheCompoundsItBegins() throws {
        let folder = TemporaryFolder()
        let index = try collection(folder, language: "de", ["material": "Das Material hat viele Eigenschaften und Kräfte",
                                                            "tensor": "Der Spannungstensor beschreibt die Kräfte im Material"],
                                   others: ["Der Zug fährt nach Berlin", "Die Katze schläft im Garten", "Das Wetter ist heute schön",
                                            "Wir essen Brot und Käse", "Der Fluss fließt ins Meer"])
        #expect(try index.search(SearchRequest("Was verursacht Spannungen im Material?")).results.map(\.entity.id.stringValue) == ["tensor", "material"])
        // The word itself still ranks first: only a compound has it at half weight.
        try index.index([Entity(type: "doc", id: "alone", attributes: ["text": "Spannungen im Material"])])
        #expect(try index.search(SearchRequest("Spannungen")).results.map(\.entity.id.stringValue) == ["alone", "tensor"])
        // A compound finds its last part below itself: "Sekundarschulen" are "Schulen".
        try index.index([Entity(type: "doc", id: "compound", attributes: ["text": "Die Sekundarschulen der Stadt"]),
                         Entity(type: "doc", id: "schools", attributes: ["text": "Private Schulen und Gymnasien"]),
                         Entity(type: "doc", id: "sekundar", attributes: ["text": "Der Sekundar Bereich"])])
        #expect(try index.search(SearchRequest("Sekundarschulen")).results.map(\.entity.id.stringValue) == ["compound", "schools"])
        // Its last part too when the index lacks the first ("waldorf" is no word of it).
        try index.index([Entity(type: "doc", id: "waldorf", attributes: ["text": "Die Waldorfschulen sind privat"])])
        #expect(try index.search(SearchRequest("Waldorfschulen")).results.map(\.entity.id.stringValue) == ["waldorf", "schools"])
        // A word of five letters too.
        try index.index([Entity(type: "doc", id: "milchreis", attributes: ["text": "Milchreis mit Zimt und Zucker"])])
        #expect(try index.search(SearchRequest("Milch")).results.map(\.entity.id.stringValue) == ["milchreis"])
    }

    /// An Arabic query of "للعصيان" (for the disobedience) finds the text that says "العصيان".
    @Test func anArabicContractedArticleFindsTheArticle() throws {
        let folder = TemporaryFolder()
        let index = try collection(folder, language: "ar", ["civil": "العصيان المدني هو رفض طاعة القوانين", "other": "الشكل البسيط للبيت"],
                                   others: ["ذهب الطلاب إلى المدرسة", "المدينة كبيرة وجميلة", "الطقس حار في الصيف", "نأكل الخبز والجبن", "النهر يجري إلى البحر"])
        #expect(try index.search(SearchRequest("للعصيان")).results.map(\.entity.id.stringValue) == ["civil"])
        #expect(try index.search(SearchRequest("البيت")).results.map(\.entity.id.stringValue) == ["other"])
    }

    @Test func germanUmlautsMatchTheirTwoLetterSpellings() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        #expect(try ids(index, "Müllers") == ["buch:1"])
        #expect(try ids(index, "muellers") == ["buch:1"])
        #expect(try ids(index, "haeuser") == ["buch:2"])
        // Spelt so, a word is as meant: no "did you mean" its umlaut collapsed ("muellers": no
        // "mullers"), in every language or in German alone, which finds what the umlaut finds.
        for request in [SearchRequest("muellers"), SearchRequest("Muellers", types: ["buch"]), SearchRequest("haeuser baeume", types: ["buch"])] {
            let found = try index.search(request)
            #expect(found.correction == nil && !found.correctionSearched, "\(request.text): \(found.correction ?? "")")
        }
        let typed = try index.search(SearchRequest("haeuser", types: ["buch"])), umlaut = try index.search(SearchRequest("häuser", types: ["buch"]))
        #expect(typed.results.map(\.entity.id) == umlaut.results.map(\.entity.id) && typed.total == umlaut.total)
    }

    @Test func eachTypeIsSearchedInItsOwnLanguage() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        // German stemming finds "Erinnerungen" and "Erinnerung" from either, with or without --type.
        #expect(try ids(index, "erinnerung") == ["buch:1"])
        #expect(try ids(index, "erinnerung", types: ["buch"]) == ["buch:1"])
        #expect(try ids(index, "erinnerungen", types: ["buch"]) == ["buch:1"])
        // An attribute in its own language: English stemming of the Thai type's English body.
        #expect(try ids(index, "shrimps") == ["nangsue:1"])
    }

    @Test func elidedArticlesAreDropped() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        #expect(try ids(index, "étranger") == ["livre:1"])
        #expect(try ids(index, "etranger") == ["livre:1"])
        #expect(try ids(index, "enfant") == ["livre:1", "livre:2"])
        #expect(try ids(index, "aujourd'hui") == ["livre:1"])
        // Typed up to an apostrophe, the word goes on: what is typed is its beginning.
        for typed in ["aujourd'", "aujourd\u{2019}", "l'étr"] {
            #expect(try index.search(SearchRequest.typed(typed)).results.first.map { "\($0.entity.type):\($0.entity.id)" } == "livre:1", "\(typed)")
        }
        #expect(try index.search(SearchRequest.typed("aujourd'")).query == "aujourd'")
        #expect(try index.suggest("aujourd'").entities.first?.entity.id.stringValue == "1")
        #expect(Words.continuingWord("rock 'n'") == "rock 'n" && Words.continuingWord("'") == nil && Words.continuingWord("a ' ") == nil)
        #expect(Words.continuingWord("cafe\u{301}'") == "cafe\u{301}")
    }

    @Test func chineseJapaneseAndThaiAreFoundByTheirWordsAndCharacters() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        #expect(try ids(index, "猫") == ["shu:1"])
        #expect(try ids(index, "白色的猫") == ["shu:1"])
        #expect(try ids(index, "夜") == ["hon:1"])
        #expect(try ids(index, "記憶") == ["hon:1"])
        #expect(try ids(index, "東京") == ["hon:1"])
        #expect(try ids(index, "ข้าวผัด") == ["nangsue:1"])
        #expect(try ids(index, "กุ้ง") == ["nangsue:1"])
    }

    /// A word of a script without spaces is found inside a title while it is typed, as `suggest`
    /// and a search with `typing` read it: "猫" is a word of "我的猫", not the beginning of one.
    @Test func aWordTypedInAScriptWithoutSpacesIsFoundInsideTitles() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        for (typed, expected) in [("猫", "shu:1"), ("夜", "hon:1"), ("東京", "hon:1"), ("กุ้ง", "nangsue:1")] {
            let suggested = try index.suggest(typed).entities.map { "\($0.entity.type):\($0.entity.id)" }
            #expect(suggested.first == expected, "suggest \(typed)")
            var request = SearchRequest(typed)
            request.typing = true
            #expect(try index.search(request).results.first.map { "\($0.entity.type):\($0.entity.id)" } == expected, "search --typing \(typed)")
        }
    }

    /// A Turkish title's capital I is the capital of ı: its completions are shown so ("ışıklı"),
    /// not with the dotted i of other languages.
    @Test func turkishCompletionsKeepTheDotlessI() throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(try Schema(jsonText: """
            {"types": [{"name": "yer", "language": "tr", "display": {"title": "ad"}, "attributes": [{"key": "ad", "kind": "text"}]}]}
            """, source: "test"))
        try index.index([Entity(type: "yer", id: "1", attributes: ["ad": "Işıklı Köyü"]), Entity(type: "yer", id: "2", attributes: ["ad": "İzmir Limanı"])])
        #expect(try index.suggest("isik").completions.map(\.text).contains("ışıklı"))
        #expect(try index.suggest("izm").completions.map(\.text).contains("izmir"))
    }

    /// Text no title begins but other attributes' words do ("baud" of Baudelaire, named in a
    /// description) suggests those entities, as `search --typing` finds them, and no title word as
    /// its correction.
    @Test func suggestFindsWordsBegunOutsideTitles() throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(try Schema(jsonText: """
            {"types": [{"name": "livre", "language": "fr", "display": {"title": "titre"},
              "attributes": [{"key": "titre", "kind": "text"}, {"key": "auteur", "kind": "text"}]}]}
            """, source: "test"))
        try index.index([Entity(type: "livre", id: "1", attributes: ["titre": "Les Fleurs du mal", "auteur": "Charles Baudelaire"]),
                         Entity(type: "livre", id: "2", attributes: ["titre": "Voyage au bout de la nuit", "auteur": "Céline"])])
        let suggested = try index.suggest("baud")
        #expect(suggested.entities.map(\.entity.id.stringValue) == ["1"])
        #expect(suggested.correction == nil)
        #expect(try index.suggest("Flaub").entities.isEmpty)
    }

    @Test func suggestionsAndCompletionsFoldAccents() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        let suggestions = try index.suggest("el")
        #expect(suggestions.entities.contains { $0.entity.id.stringValue == "2" && $0.entity.type == "livre" })
        // Completions are shown as the titles write them, accents and all.
        #expect(suggestions.completions.map(\.text).contains("élan vital"))
        #expect(try index.suggest("uber").entities.contains { $0.entity.type == "buch" })
        #expect(try index.suggest("uber").completions.map(\.text).contains("über den"))
    }

    @Test func textSortsWithoutAccentsOrCasePushingWordsPastTheAlphabet() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        let sorted = try index.search(SearchRequest("", sort: [SortDescriptor("titre")])).results.compactMap { $0.entity.attributes["titre"]?.text }
        #expect(sorted == ["Élan vital", "L'Étranger"])
        let mixed = try index.search(SearchRequest("", types: ["buch", "book"], sort: [SortDescriptor("title")])).results
            .compactMap { $0.entity.attributes["title"]?.text }
        #expect(mixed == ["ＦＵＬＬ Width Café", "War and Peace"])
        let german = try index.search(SearchRequest("", types: ["buch"], sort: [SortDescriptor("titel")])).results
            .compactMap { $0.entity.attributes["titel"]?.text }
        #expect(german == ["Erinnerungen eines Müllers", "Über den Fluss"])
        // Cyrillic letters that Unicode encodes after я sort after the letter their alphabets put them after.
        func ordered(_ words: [String], _ code: String) -> [String] {
            let language = Language(code)!
            // By the keys' bytes, as Xapian compares them (Swift's < compares canonically).
            return words.sorted { Array(SortKeys.key($0, language: language).utf8).lexicographicallyPrecedes(Array(SortKeys.key($1, language: language).utf8)) }
        }
        #expect(ordered(["Яблуко", "Ґава", "Гора", "Євген", "Едем", "Ірина", "Ива", "Жук", "Дім", "Київ", "Їжак", "Йорданія"], "uk")
                == ["Гора", "Ґава", "Дім", "Едем", "Євген", "Жук", "Ива", "Ірина", "Їжак", "Йорданія", "Київ", "Яблуко"])
        #expect(ordered(["Џеп", "Чаша", "Шума", "Ђак", "Дан", "Ера"], "sr") == ["Дан", "Ђак", "Ера", "Чаша", "Џеп", "Шума"])
        // Letters an alphabet orders after others, rather than with the letter they fold to.
        #expect(ordered(["Örebro", "Zürich", "Åre", "Ängelholm", "Arvika", "Orsa"], "sv") == ["Arvika", "Orsa", "Zürich", "Åre", "Ängelholm", "Örebro"])
        #expect(ordered(["Ærø", "Odense", "Åarhus", "Øster", "Zealand"], "da") == ["Odense", "Zealand", "Ærø", "Øster", "Åarhus"])
        #expect(ordered(["Łódź", "Lublin", "Lwówek", "Żary", "Zamość", "Źródła"], "pl") == ["Lublin", "Lwówek", "Łódź", "Zamość", "Źródła", "Żary"])
        #expect(ordered(["Chrudim", "Hradec", "Cheb", "Ivančice", "Čáslav", "Cvikov"], "cs") == ["Cvikov", "Čáslav", "Hradec", "Cheb", "Chrudim", "Ivančice"])
        #expect(ordered(["İzmir", "Işık", "Ilgaz", "Hatay", "Çorum", "Cide", "Şile", "Sinop"], "tr")
                == ["Cide", "Çorum", "Hatay", "Ilgaz", "Işık", "İzmir", "Sinop", "Şile"])
        #expect(ordered(["Ñandú", "Nuevo León", "Oaxaca"], "es") == ["Nuevo León", "Ñandú", "Oaxaca"])
        #expect(ordered(["Đà Lạt", "Dĩ An", "Đông Hà", "Ea Súp"], "vi") == ["Dĩ An", "Đà Lạt", "Đông Hà", "Ea Súp"])
        #expect(ordered(["Usb", "U.S.A.", "Uppsala"], "sv") == ["Uppsala", "U.S.A.", "Usb"])
        // A key holds the text's first 64 letters, however many are placed after others.
        #expect(SortKeys.key(String(repeating: "ö", count: 70), language: Language("sv")!).filter { $0 == "z" }.count == 64)
        // Persian's own letters after their Arabic neighbours, و before ه; Thai's vowels written
        // first sort after the consonant they follow in speech, in any language.
        #expect(ordered(["تهران", "پارس", "بابل", "چالوس", "جلفا", "گرگان", "کرج", "هرات", "ورامین"], "fa")
                == ["بابل", "پارس", "تهران", "جلفا", "چالوس", "کرج", "گرگان", "ورامین", "هرات"])
        #expect(ordered(["ขอนแก่น", "เกาะสมุย", "กาญจนบุรี", "กรุงเทพ"], "th") == ["กรุงเทพ", "กาญจนบุรี", "เกาะสมุย", "ขอนแก่น"])
        #expect(ordered(["ขอนแก่น", "เกาะสมุย", "กาญจนบุรี"], "en") == ["กาญจนบุรี", "เกาะสมุย", "ขอนแก่น"])
        // Tone marks order only words alike but for them: ม before ล.
        #expect(ordered(["ตลาดน้ำ", "ต้มยำกุ้ง", "ตม", "ต้ม"], "th") == ["ตม", "ต้ม", "ต้มยำกุ้ง", "ตลาดน้ำ"])
        // Katakana sort with the hiragana of the same sound, voicing and the prolonged sound mark
        // aside, in any language; words alike but for them by the text as written; kanji after kana.
        #expect(ordered(["わたし", "ソニー", "さくら", "コーヒー", "こおり", "東京", "ガイド", "かいだん"], "ja")
                == ["かいだん", "ガイド", "コーヒー", "こおり", "さくら", "ソニー", "わたし", "東京"])
        #expect(ordered(["ババ", "はば", "はは", "ﾊﾊ", "ははおや"], "en") == ["はは", "ﾊﾊ", "はば", "ババ", "ははおや"])
        #expect(ordered(["が山", "か山", "か"], "ja") == ["か", "か山", "が山"])
        // Kana punctuation is no kana: a Swedish title with "・" keeps Swedish order.
        #expect(ordered(["Åre・X", "Zürich"], "sv") == ["Zürich", "Åre・X"])
        // Languages without letters of their own sort as folded.
        #expect(ordered(["Über", "Zug", "Ulm", "Österreich"], "de") == ["Österreich", "Über", "Ulm", "Zug"])
    }

    @Test func languagesAreGuessedFromInferredText() {
        var german = LanguageGuess()
        german.observe("Die Verwandlung ist eine Erzählung von Franz Kafka, und der Mann ist nicht mehr da")
        #expect(german.language == "de")
        var french = LanguageGuess()
        french.observe("Le petit prince est un livre pour les enfants et pour les grands, dans une édition de la maison")
        #expect(french.language == "fr")
        var chinese = LanguageGuess()
        chinese.observe("我家有一只白色的猫")
        #expect(chinese.language == "zh")
        var japanese = LanguageGuess()
        japanese.observe("東京の夜は静かだった")
        #expect(japanese.language == "ja")
        var thai = LanguageGuess()
        thai.observe("ข้าวผัดกุ้ง อร่อยมาก")
        #expect(thai.language == "th")
        var english = LanguageGuess()
        english.observe("A short walk to the lake and back")
        #expect(english.language == "en")
        // Latin-script languages by their common words and their own letters, Cyrillic and Arabic
        // script by the letters only some of their languages write.
        for (text, code) in [
            ("Zamek w Malborku jest największym zamkiem na świecie, zbudowanym przez Krzyżaków", "pl"),
            ("Karlův most je nejstarší dochovaný most přes řeku Vltavu v Praze", "cs"),
            ("Stockholm är Sveriges huvudstad och den största staden i landet, med gamla stan", "sv"),
            ("Helsinki on Suomen pääkaupunki ja se on myös maan suurin kaupunki", "fi"),
            ("Budapest Magyarország fővárosa, és a Duna két partján fekszik; ez volt a legnagyobb város", "hu"),
            ("Kapadokya, peri bacaları ve yeraltı şehirleri ile ünlü bir bölgedir", "tr"),
            ("Hà Nội là thủ đô của Việt Nam, nổi tiếng với phở và hồ Hoàn Kiếm", "vi"),
            ("Candi Borobudur adalah candi Buddha terbesar di dunia yang terletak di Jawa Tengah", "id"),
            ("La Sagrada Família és una basílica de Barcelona, obra de l'arquitecte Gaudí, i la més visitada", "ca"),
            ("Київ є столицею України, і місто стоїть на річці Дніпро", "uk"),
            ("Москва является столицей России и крупнейшим городом страны", "ru"),
            ("اصفهان یکی از بزرگترین شهرهای ایران است و پل‌های زیبایی دارد", "fa"),
            ("القاهرة هي عاصمة مصر وأكبر مدنها", "ar"),
            ("Мінск — сталіца Беларусі, і горад стаіць на рацэ Свіслач, ля ўзгоркаў", "be"),
            ("Скопје е главен град на Македонија, ѓубре и ќе се исчисти", "mk"),
            ("لاہور پاکستان کا ایک بڑا شہر ہے اور یہاں بہت سے باغ ہیں", "ur"),
            ("Oslo er hovedstaden i Norge, og byen ble grunnlagt for nesten tusen år siden av kongen", "no"),
        ] {
            var guess = LanguageGuess()
            guess.observe(text)
            #expect(guess.language == code, "\(text)")
        }
    }
}
