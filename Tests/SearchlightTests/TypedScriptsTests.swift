import Foundation
import Testing
@testable import Searchlight

/// Every keystroke of a title word keeps finding it, in scripts whose letters take several
/// keystrokes (Hindi's vowel signs and viramas, Thai's vowels after their consonant) and in German
/// words whose "ae", "oe" or "ue" spell no umlaut; and the letters people type for others: Hindi
/// without its nukta, Ukrainian г for ґ, Vietnamese place names' syllables written together,
/// Chinese in simplified characters for text in traditional ones and back; and Arabic آ, as the
/// stemmer reads it.
@Suite struct TypedScripts {
    static let schema = try! Schema(jsonText: """
    {"types": [
      {"name": "hi", "language": "hi", "display": {"title": "title"},
       "attributes": [{"key": "title", "kind": "text", "weight": 5}, {"key": "body", "kind": "text"}]},
      {"name": "th", "language": "th", "display": {"title": "title"},
       "attributes": [{"key": "title", "kind": "text", "weight": 5}, {"key": "body", "kind": "text"}]},
      {"name": "de", "language": "de", "display": {"title": "title"},
       "attributes": [{"key": "title", "kind": "text", "weight": 5}, {"key": "body", "kind": "text"}]},
      {"name": "uk", "language": "uk", "display": {"title": "title"},
       "attributes": [{"key": "title", "kind": "text", "weight": 5}, {"key": "body", "kind": "text"}]},
      {"name": "vi", "language": "vi", "display": {"title": "title"},
       "attributes": [{"key": "title", "kind": "text", "weight": 5}, {"key": "body", "kind": "text"}]},
      {"name": "ar", "language": "ar", "display": {"title": "title"},
       "attributes": [{"key": "title", "kind": "text", "weight": 5}, {"key": "body", "kind": "text"}]},
      {"name": "fr", "language": "fr", "display": {"title": "title"},
       "attributes": [{"key": "title", "kind": "text", "weight": 5}, {"key": "body", "kind": "text"}]},
      {"name": "zh", "language": "zh", "display": {"title": "title"},
       "attributes": [{"key": "title", "kind": "text", "weight": 5}, {"key": "body", "kind": "text"}]}
    ]}
    """, source: "typed scripts test schema")

    let folder = TemporaryFolder()
    let index: EntityIndex

    init() throws {
        index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Self.schema)
        try index.index([
            Entity(type: "hi", id: "delhi", attributes: ["title": "दिल्ली का लाल क़िला", "body": "मुग़ल बादशाह शाहजहाँ का क़िला"]),
            Entity(type: "hi", id: "godan", attributes: ["title": "प्रेमचंद: गोदान", "body": "किसान होरी की कहानी"]),
            Entity(type: "hi", id: "ghazal", attributes: ["title": "ग़ज़ल संग्रह", "body": "उर्दू और हिंदी की ग़ज़लें"]),
            Entity(type: "th", id: "tomyam", attributes: ["title": "ต้มยำกุ้ง", "body": "ต้มยำกุ้งรสจัด"]),
            Entity(type: "th", id: "somtam", attributes: ["title": "ส้มตำ", "body": "สลัดมะละกอ"]),
            Entity(type: "de", id: "duell", attributes: ["title": "Duell am Abend", "body": "Ein Western"]),
            Entity(type: "de", id: "aerobic", attributes: ["title": "Aerobic für Anfänger", "body": "Ein Fitnesskurs"]),
            Entity(type: "de", id: "schluessel", attributes: ["title": "Der Schlüsselbund", "body": "Ein Roman"]),
            Entity(type: "ar", id: "quran", attributes: ["title": "القُرْآن الكَرِيم", "body": "كِتَاب الإسلام المُقَدَّس"]),
            Entity(type: "ar", id: "village", attributes: ["title": "حكاية القرية", "body": "قصة قصيرة"]),
            Entity(type: "ar", id: "cairo", attributes: ["title": "مدينة القاهرة", "body": "عاصمة مصر"]),
            Entity(type: "ar", id: "ruins", attributes: ["title": "الآثار القديمة", "body": "الأهرامات"]),
            Entity(type: "vi", id: "hanoi", attributes: ["title": "Phở bò Hà Nội", "body": "Món ăn sáng nổi tiếng"]),
            Entity(type: "vi", id: "danang", attributes: ["title": "Đà Nẵng và cầu Rồng", "body": "Thành phố biển miền Trung"]),
            Entity(type: "vi", id: "pianist", attributes: ["title": "Đặng Thái Sơn", "body": "Nghệ sĩ dương cầm"]),
            Entity(type: "uk", id: "gruntovka", attributes: ["title": "Ґрунтовка для стін", "body": "Ґрунтовка глибокого проникнення"]),
            Entity(type: "zh", id: "taiwan", attributes: ["title": "臺灣鐵路", "body": "環島鐵路的歷史"]),
            Entity(type: "zh", id: "museum", attributes: ["title": "电脑博物馆", "body": "展示旧电脑的博物馆"]),
            Entity(type: "zh", id: "beijing", attributes: ["title": "北京", "body": "中国的首都"]),
            Entity(type: "zh", id: "kaoya", attributes: ["title": "北京烤鸭", "body": "菜谱"]),
            Entity(type: "zh", id: "kaoyadian", attributes: ["title": "全聚德北京烤鸭店", "body": "北京烤鸭餐厅"]),
        ])
    }

    func typed(_ text: String, _ type: String) throws -> [String] {
        var request = SearchRequest(text, types: [type], limit: 10)
        request.typing = true
        return try index.search(request).results.map(\.entity.id.stringValue)
    }

    func searched(_ text: String, _ type: String) throws -> [String] {
        try index.search(SearchRequest(text, types: [type], limit: 10)).results.map(\.entity.id.stringValue)
    }

    /// Each prefix of each title word, cut between Unicode scalars as they are typed (a consonant,
    /// then its vowel sign or virama), finds the entity.
    @Test(arguments: ["delhi", "godan", "tomyam", "somtam"])
    func everyKeystrokeOfATitleWordFindsIt(id: String) throws {
        let titles = ["delhi": ("दिल्ली", "hi"), "godan": ("गोदान", "hi"), "tomyam": ("ต้มยำกุ้ง", "th"), "somtam": ("ส้มตำ", "th")]
        let (word, type) = titles[id]!
        let scalars = Array(word.unicodeScalars)
        for length in 1...min(scalars.count, 7) {
            let prefix = String(String.UnicodeScalarView(scalars.prefix(length)))
            #expect(try typed(prefix, type).contains(id), "\(prefix)")
        }
    }

    @Test func hindiWithoutItsNuktaFindsTextWithIt() throws {
        #expect(try searched("किला", "hi") == ["delhi"])
        #expect(try searched("मुगल", "hi") == ["delhi"])
        #expect(try typed("गज", "hi") == ["ghazal"])
        #expect(try searched("ग़ज़ल", "hi") == ["ghazal"])
    }

    @Test func germanLettersThatSpellNoUmlautAreTypedAsWritten() throws {
        #expect(try typed("Duel", "de") == ["duell"])
        #expect(try typed("Aer", "de") == ["aerobic"])
        #expect(try typed("Aerob", "de") == ["aerobic"])
        // An umlaut written as two letters, typed: still the word with the umlaut.
        #expect(try typed("Schluesselb", "de") == ["schluessel"])
        // A stopword written so ("fuer", für) still waits for its next letter: the words before it are searched.
        var waiting = SearchRequest("Aerobic fuer", types: ["de"])
        waiting.typing = true
        waiting.explain = true
        let plan = try index.search(waiting).plan ?? ""
        #expect(!plan.contains(IndexTerms.titlePrefixPrefix + "fuer") && !plan.contains(IndexTerms.titlePrefixPrefix + "fur"))
        #expect(try searched("Schluesselbund", "de") == ["schluessel"])
    }

    @Test func ukrainianGheWithUpturnIsASlipOfGhe() throws {
        #expect(try searched("грунтовка", "uk") == ["gruntovka"])
    }

    @Test func arabicWithAndWithoutTheArticleMeetsTheWordWithMadda() throws {
        #expect(try searched("قرآن", "ar") == ["quran"])
        #expect(try searched("القرآن", "ar") == ["quran"])
        // A word the entities have without its article is no slip of another word ("القديمة").
        let city = try index.search(SearchRequest("المدينة", types: ["ar"]))
        #expect(city.results.map(\.entity.id.stringValue) == ["cairo"])
        #expect(city.correction == nil)
    }

    @Test func vietnameseSyllablesWrittenTogetherAreTheTwoSyllables() throws {
        #expect(try searched("hanoi", "vi").first == "hanoi")
        #expect(try searched("danang", "vi").first == "danang")
        // Said as the title writes it.
        #expect(try index.search(SearchRequest("danang", types: ["vi"])).correction == "đà nẵng")
        // A field's phrase is that field's alone: the syllables side by side in another field do not match it.
        try index.index([Entity(type: "vi", id: "train", attributes: ["title": "Đường sắt Bắc Nam", "body": "Tàu chạy từ Hà Nội"])])
        #expect(try searched("title:\"ha noi\"", "vi") == ["hanoi"])
    }

    /// Traditional characters are searched as their simplified forms, and text in either finds the
    /// other, in search, `field:value` and suggest; completions are shown as the titles write them.
    @Test func chineseInSimplifiedAndTraditionalCharactersFindsEachOther() throws {
        #expect(try searched("台湾铁路", "zh") == ["taiwan"])
        #expect(try searched("臺灣鐵路", "zh") == ["taiwan"])
        #expect(try searched("電腦", "zh") == ["museum"])
        #expect(try searched("title:博物館", "zh") == ["museum"])
        #expect(try searched("電腦 -title:博物館", "zh").isEmpty)
        #expect(try typed("台", "zh") == ["taiwan"])
        #expect(try index.suggest("台湾", types: ["zh"]).completions.map(\.text).allSatisfy { $0.hasPrefix("臺灣") })
    }

    /// A Chinese title typed whole ranks first, though the text is searched as its n-grams, and
    /// asked about too ("什么是…", what is …; "…是什么").
    @Test func aChineseTitleTypedWholeRanksFirst() throws {
        #expect(try searched("北京烤鸭", "zh").prefix(2) == ["kaoya", "kaoyadian"])
        #expect(try searched("什么是北京烤鸭", "zh").prefix(2) == ["kaoya", "kaoyadian"])
        #expect(try searched("北京烤鸭是什么？", "zh").prefix(2) == ["kaoya", "kaoyadian"])
        // A title that is itself a question keeps its words: a character left alone asks nothing.
        #expect(TextAnalyzer.droppingQuestionWords("我是谁") == "我是谁")
        #expect(TextAnalyzer.droppingQuestionWords("什么是爱") == "什么是爱")
        #expect(TextAnalyzer.droppingQuestionWords("什么是北京烤鸭").trimming(\.isWhitespace) == "北京烤鸭")
        #expect(try searched("北京", "zh").first == "beijing")
    }

    /// Completions and corrections, made of indexed words, are shown as the titles write them: the
    /// phrase as one title writes it where two fold alike ("phở bò", "phố cổ"), the word as typed
    /// where titles write it several ways, Greek's last sigma as ς, German's "ae" as written.
    @Test func completionsAndCorrectionsAreShownAsTheTitlesWriteThem() throws {
        try index.index([
            Entity(type: "vi", id: "hoian", attributes: ["title": "Hội An phố cổ", "body": "Phố cổ bên sông"]),
            Entity(type: "vi", id: "city", attributes: ["title": "Thành phố Hồ Chí Minh", "body": "Thành phố lớn nhất"]),
            Entity(type: "de", id: "israel", attributes: ["title": "Israel Reiseführer", "body": "Jerusalem und Tel Aviv"]),
        ])
        let typed = try index.suggest("phở", types: ["vi"]).completions.map(\.text)
        #expect(typed.contains("phở bò"))
        #expect(typed.contains("phố cổ"))
        #expect(!typed.contains("pho bo") && !typed.contains("phở cổ"))
        #expect(try index.suggest("isr", types: ["de"]).completions.map(\.text) == ["israel", "israel reiseführer"])
        #expect(try index.search(SearchRequest("isreal reisefuhrer", types: ["de"])).correction == "israel reiseführer")
        #expect(try index.suggest("Schlüsselb", types: ["de"]).completions.map(\.text) == ["schlüsselbund"])
        // Words an apostrophe joins are shown joined by it, as typed.
        try index.index([Entity(type: "fr", id: "camus", attributes: ["title": "L’Étranger", "body": "Roman d'Albert Camus"]),
                         Entity(type: "fr", id: "journal", attributes: ["title": "Aujourd'hui en France", "body": "Quotidien"])])
        #expect(try index.suggest("l'etr", types: ["fr"]).completions.map(\.text).contains("l’étranger"))
        #expect(try index.suggest("aujourd", types: ["fr"]).completions.map(\.text).contains("aujourd'hui"))
    }

    @Test func greekWordsEndInFinalSigmaWhenShown() throws {
        let folder = TemporaryFolder()
        let greek = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try greek.register(Schema(types: [EntityType(name: "el", language: "el", display: DisplayTemplate(title: "title"),
                                                     attributes: [AttributeKey("title", kind: .text, weight: 5)])]))
        try greek.index([Entity(type: "el", id: "moussaka", attributes: ["title": "Μουσακάς"]),
                         Entity(type: "el", id: "coffee", attributes: ["title": "Ελληνικός καφές"])])
        #expect(try greek.suggest("μουσ").completions.map(\.text) == ["μουσακάς"])
        #expect(try greek.search(SearchRequest("κσφές")).correction == "καφές")
    }
}
