import Testing
import XapianIndex
@testable import Searchlight

/// Languages parsed from codes, tags and Xapian's names, with their stemmers and conventions.
@Suite struct Languages {
    @Test func codesTagsAndNamesGiveTheSameLanguage() {
        #expect(Language("de") == Language("german"))
        #expect(Language("DE-at") == Language("deu"))
        #expect(Language("pt-BR")?.code == "pt")
        #expect(Language("zh-Hans")?.code == "zh")
        #expect(Language("zh_Hant_TW")?.segmentation == .cjkNGrams)
        #expect(Language("french")?.code == "fr")
        #expect(Language("none") == Language.none)
        #expect(Language("english") == Language.english)
        #expect(Language("iw")?.code == "he")
    }

    @Test func everyXapianStemmerIsNamed() {
        // Xapian::Stem::get_available_languages() in 1.4.22.
        let available = "arabic armenian basque catalan danish dutch earlyenglish english finnish french german german2 hungarian indonesian irish italian kraaij_pohlmann lithuanian lovins nepali norwegian porter portuguese romanian russian spanish swedish tamil"
        for name in available.split(separator: " ").map(String.init) {
            #expect(Language(name)?.xapianStemmer == name, "\(name)")
            #expect(Language(name)?.truncation == nil, "\(name)")
        }
        // Turkish, the other one, is stemmed by truncation, as are languages with suffixes and no stemmer.
        for code in ["turkish", "tr", "el", "pl", "uk"] {
            #expect(Language(code)?.xapianStemmer == nil && Language(code)?.truncation == 5, "\(code)")
        }
        // Hindi's Snowball stemmer came after Xapian 1.4's and is libstemmer's.
        #expect(Language("hindi")?.xapianStemmer == "hindi" && Language("hi")?.truncation == nil)
        for code in ["vi", "zh", "th", "tlh", "none"] { #expect(Language(code)?.truncation == nil, "\(code)") }
        #expect(Language("english_porter")?.xapianStemmer == "porter")
        #expect(Language("nb")?.xapianStemmer == "norwegian")
        #expect(Language("ga")?.xapianStemmer == "irish")
        for code in ["el", "zh", "ja", "ko", "th", "vi", "he", "pl", "none"] {
            #expect(Language(code) != nil && Language(code)?.xapianStemmer == nil, "\(code)")
        }
    }

    /// English acronyms' plurals, words of four letters or more without a vowel, stem to the
    /// acronym ("DVDs": dvd), which Snowball leaves with their "s"; shorter ones are acronyms of
    /// their own ("GPS" is no "gp"); other words stem as Snowball stems them.
    @Test func anAcronymsPluralStemsToTheAcronym() throws {
        let english = try Stemmer(language: "english")
        for (word, stem) in [("dvds", "dvd"), ("pdfs", "pdf"), ("mp3s", "mp3"), ("ssds", "ssd"), ("urls", "url"), ("rhythms", "rhythm"),
                             ("browsers", "browser"), ("cds", "cds"), ("gps", "gps"), ("dns", "dns"), ("ss", "ss"), ("bus", "bus")] {
            #expect(try english.stem(word) == stem, "\(word)")
        }
        #expect(try Stemmer(language: "german").stem("dvds") == "dvds")
    }

    @Test func unknownCodesAreKeptAndNonsenseRefused() {
        #expect(Language("tlh")?.code == "tlh")
        #expect(Language("Tlh-Latn")?.code == "tlh")
        #expect(Language("tlh")?.xapianStemmer == nil)
        #expect(Language("tlh")?.segmentation == .spaces)
        for nonsense in ["", "en us", "fr!", "-de", "12", "dé", "de/fr"] { #expect(Language(nonsense) == nil, "\(nonsense)") }
    }

    @Test func segmentationElisionsStopwordsAndUmlauts() {
        #expect(["zh", "ja", "ko"].allSatisfy { Language($0)?.segmentation == .cjkNGrams })
        #expect(["th", "lo", "km", "my"].allSatisfy { Language($0)?.segmentation == .characterBigrams })
        #expect(Language("ar")?.segmentation == .spaces)
        #expect(Language("fr")?.elisions.isSuperset(of: ["l", "qu", "jusqu"]) == true)
        #expect(Language("it")?.elisions.contains("dell") == true)
        #expect(Language.english.elisions.isEmpty)
        for code in ["en", "de", "fr", "es", "it", "pt", "nl", "ru"] {
            let count = Language(code)?.stopwords.count ?? 0
            #expect(count >= 50, "\(code): \(count)")
        }
        // Folded as prepared text is.
        #expect(Language("fr")?.stopwords.isSuperset(of: ["a", "ete", "ou"]) == true)
        #expect(Language("de")?.stopwords.isSuperset(of: ["fur", "uber", "konnen"]) == true)
        #expect(Language("ru")?.stopwords.isSuperset(of: ["и", "ее", "еще", "про"]) == true)
        #expect(Language("ca")?.stopwords.isSuperset(of: ["per", "amb", "es", "perque"]) == true)   // "és", "perquè"
        for code in ["tr", "ro", "el", "ar", "hi", "ca"] {
            let count = Language(code)?.stopwords.count ?? 0
            #expect(count >= 40, "\(code): \(count)")
        }
        #expect(Language("el")?.stopwords.isSuperset(of: ["ποιοσ", "ειναι"]) == true)   // "ποιος", "είναι"
        #expect(Language("tr")?.stopwords.isSuperset(of: ["hangi", "icin"]) == true)   // "için"
        // Folded, Vietnamese function words would be content words ("đá", stone, reads "da").
        #expect(Language("vi")?.stopwords.isEmpty == true)
        #expect(Language("de-CH")?.germanUmlautAlternates == true)
        #expect(Language("nl")?.germanUmlautAlternates == false)
    }
}

/// Folding: the ways one word is typed read the same.
@Suite struct Folding {
    func fold(_ text: String) -> String { TextNormalizer.normalized(text) }

    @Test func asciiIsLowerCasedOnly() {
        #expect(fold("Hello, World! 4.3") == "hello, world! 4.3")
        #expect(fold("already lower") == "already lower")
        #expect(fold(String(repeating: "MiXeD Case 123 ", count: 20)) == String(repeating: "mixed case 123 ", count: 20))
    }

    @Test func diacriticsCaseAndCompositionFold() {
        #expect(fold("Café") == fold("cafe"))
        #expect(fold("Cafe\u{301}") == "cafe")
        #expect(fold("caf\u{E9}") == fold("cafe\u{301}"))
        #expect(fold("Müller") == "muller")
        #expect(fold("Mu\u{308}ller") == "muller")
        #expect(fold("Crème Brûlée À LA CARTE") == "creme brulee a la carte")
        #expect(fold("Straße STRAẞE") == "strasse strasse")
        #expect(fold("Æsir Œuvre Ørsted Łódź Đorđević Þór") == "aesir oeuvre orsted lodz dordevic thor")
        #expect(fold("Señor niño") == "senor nino")
    }

    @Test func compatibilityForms() {
        #expect(fold("ＡＢＣ") == "abc")
        #expect(fold("ｔｅｓｔ１２３！") == "test123!")
        #expect(fold("東京\u{3000}タワー") == "東京 タワー")
        // Half-width katakana as full-width, their voicing marks joined to the kana: NFKC's forms.
        #expect(fold("ｶﾞｲﾄﾞﾌﾞｯｸ｡") == "ガイドブック。")
        #expect(fold("ﾊﾟｿｺﾝ") == "パソコン")
        // A zero-width non-joiner parts a Persian word's parts, and stays inside Indic words.
        #expect(fold("کتاب\u{200C}ها") == "كتاب ها")
        #expect(fold("क्\u{200C}ष") == "क्\u{200C}ष")
        #expect(fold("ﬁnal ﬂow") == "final flow")
        #expect(fold("soft\u{AD}ware") == "software")
        // Decimal digits of every script as ASCII digits.
        #expect(fold("نوروز ۱۴۰۳ و ٢٠٢٤") == "نوروز 1403 و 2024")
        #expect(fold("ปี ๒๕๖๗ वर्ष १९४७ ２０２４") == "ปี 2567 वर्ष 1947 2024")
    }

    /// Letters one language writes and another's keyboard types: Persian ک and ی as Arabic ك and
    /// ي, Catalan's "l·l" as "ll", Hebrew's geresh as the apostrophe and its gershayim inside a word
    /// dropped; Chinese traditional characters as simplified ones, in Chinese text.
    @Test func lettersTypedOtherwise() {
        #expect(fold("کتاب یزد") == fold("كتاب يزد"))
        #expect(fold("Col·legi L·LEIDA") == "collegi lleida")
        #expect(fold("a · b") == "a · b")
        #expect(fold("Paul·Simon") == "paul·simon")
        #expect(fold("ג׳חנון צה״ל") == "ג'חנון צהל")
        #expect(fold("צה\"ל \"שלום\"") == "צהל \"שלום\"")
        // Chinese text is indexed and searched in simplified characters, Japanese as written.
        #expect(TextAnalyzer(language: Language("zh")!).prepare("臺灣電腦").contains("台湾电脑"))
        #expect(TextAnalyzer(language: Language("ja")!).prepare("午後の紅茶").contains("午後"))
        #expect(TextNormalizer.simplifyingChinese("臺灣 中文 乾隆") == "台湾 中文 乾隆")
        // A predicate's diacritic-insensitive comparison (`d`) drops strokes as search does, and
        // the marks search folds in other scripts: Arabic harakat, Hebrew points, the nukta.
        #expect("Łódź, Đà Nẵng, Ørsted".foldingDiacritics() == "Lodz, Da Nang, Orsted")
        #expect("كِتَاب שָׁלוֹם क़िला".foldingDiacritics() == "كتاب שלום किला")
        #expect("ありがとう ガイド".foldingDiacritics() == "ありがとう ガイド")
        // Thai's and Lao's sara am typed as its two parts is the one vowel, a tone mark between them before it.
        #expect(fold("ต้มย\u{0E4D}\u{0E32}กุ้ง") == fold("ต้มยำกุ้ง"))
        #expect(fold("น\u{0E4D}\u{0E49}\u{0E32}พริก") == fold("น้ำพริก"))
        #expect(fold("น\u{0E49}\u{0E4D}\u{0E32}พริก") == fold("น้ำพริก"))
        // A mark with no letter before it folds as on another script's letter: kana voicing stays.
        #expect("\u{3099}か".foldingDiacritics().unicodeScalars.first == "\u{3099}")
        #expect("\u{301}a".foldingDiacritics() == "a")
        #expect(fold("ນ\u{0ECD}\u{0EB2}") == "ນຳ")
        // Turkish "İ" lower-cased is "i", not "i" and a combining dot.
        #expect(TextNormalizer.lowercased("İSTANBUL İzmir") == "istanbul izmir")
        #expect(TextNormalizer.lowercased("İ\u{301}") == "í")
    }

    @Test func dottedInitialsAreJoinedAsXapianJoinsCapitals() {
        #expect(fold("The U.S.A. and J.R.R. Tolkien") == "the usa and jrr tolkien")
        #expect(fold("U.S.A.x") == "u.s.a.x")
        #expect(fold("e.g. this") == "e.g. this")
        #expect(fold("Die U.S.A. über") == "die usa uber")
    }

    @Test func greekRussianArabicVietnameseTurkish() {
        // Greek: accents and breathings go, final sigma reads as sigma.
        #expect(fold("Ελλάδα") == "ελλαδα")
        #expect(fold("ά") == "α")
        #expect(fold("Ἀθῆναι") == "αθηναι")
        #expect(fold("ΟΔΥΣΣΕΥΣ") == fold("Οδυσσεύς"))
        // Russian: ё as е, but й stays (its own letter), composed or not.
        #expect(fold("Ёжик") == "ежик")
        #expect(fold("Новый Йод") == "новый йод")
        #expect(fold("И\u{306}од") == "йод")
        // Arabic: letters stay; harakat and tatweel go.
        #expect(fold("مُحَمَّد") == "محمد")
        #expect(fold("كتـــاب") == "كتاب")
        #expect(fold("العربية") == "العربية")
        // The madda of آ stays (composed or not), which the stemmer reads; hamzas on alef fold.
        #expect(fold("القُرْآن") == "القرآن")
        #expect(fold("قرا\u{653}ن") == "قرآن")
        #expect(fold("أحمد إبراهيم") == "احمد ابراهيم")
        // Vietnamese: stacked diacritics fold, đ as d.
        #expect(fold("Việt Nam") == "viet nam")
        #expect(fold("Đà Nẵng") == "da nang")
        // Turkish: dotted capital and dotless small i both read as i.
        #expect(fold("İstanbul") == "istanbul")
        #expect(fold("ISPARTA ılık") == "isparta ilik")
    }

    /// Trigrams of the words of four letters or more, folded, but stopwords and words with digits;
    /// a query's are those of its free words: not quoted, negated, operators or field parts, nor
    /// the word being typed.
    @Test func letterTrigramsOfFreeWords() {
        #expect(TextAnalyzer.letterTrigrams("Die Universität Moskau", stopwords: ["die"])
                == ["uni", "niv", "ive", "ver", "ers", "rsi", "sit", "ita", "tat", "mos", "osk", "ska", "kau"])
        #expect(TextAnalyzer.letterTrigrams("Москвы год 1990 Internet2", stopwords: []) == ["мос", "оск", "скв", "квы"])
        #expect(TextAnalyzer.letterTrigrams("بالسواكن", stopwords: []) == ["بال", "الس", "لسو", "سوا", "واك", "اكن"])
        #expect(QueryText("\"half dome\" -trail name:yosemite granite NTL-Dienste AND walls", typing: true, stopwords: []).freeWords
                == ["granite", "NTL", "Dienste"])
        #expect(QueryText("granite walls", typing: false, stopwords: []).freeWords == ["granite", "walls"])
        #expect(Language("ar")!.matchesTrigrams && Language("de")!.matchesTrigrams && Language("hi")!.matchesTrigrams)
        #expect(!Language.english.matchesTrigrams && !Language("zh")!.matchesTrigrams && !Language("th")!.matchesTrigrams
                && !Language.none.matchesTrigrams)
    }

    /// Five terms or more make a description (feedback expands it; typos are not corrected in it);
    /// words joined by hyphens are one term, a package's name, and a hyphen before a word negates.
    @Test func wordsJoinedByHyphensAreOneTermOfAText() {
        let name = QueryText("qml-module-qtquick-shapes quick", typing: false, stopwords: [])
        #expect(name.typedTermCount == 2 && !name.isVerbose)
        let description = QueryText("shapes for qt quick modules", typing: false, stopwords: [])
        #expect(description.typedTermCount == 5 && description.isVerbose)
        #expect(QueryText("granite -trail dome walls cliffs", typing: false, stopwords: []).typedTermCount == 5)
        #expect(!QueryText("Is the qt-quick-shapes module in Debian?", typing: false, stopwords: []).isVerbose)
    }

    @Test func otherScriptsKeepTheirMarksAndStayComposed() {
        #expect(fold("がギ") == "がギ")
        #expect(fold("か\u{3099}") == "が")
        #expect(fold("한국어") == "한국어")
        #expect(fold("हिन्दी") == "हिन्दी")
        #expect(fold("ข้าว") == "ข้าว")
    }

    @Test func germanUmlautSpellings() {
        #expect(TextNormalizer.umlautSpellings(of: "mueller") == ["muller"])
        #expect(TextNormalizer.umlautSpellings(of: "goethe") == ["gothe"])
        #expect(TextNormalizer.umlautSpellings(of: "aerger") == ["arger"])
        #expect(TextNormalizer.umlautSpellings(of: "muller").isEmpty)
        #expect(TextNormalizer.umlautSpellings(of: "feuer").isEmpty)
        #expect(TextNormalizer.umlautSpellings(of: "bauer").isEmpty)
        #expect(TextNormalizer.umlautSpellings(of: "quelle").isEmpty)
    }
}

/// The whole analysis, as Xapian's TermGenerator and QueryParser will be given it.
@Suite struct TextAnalysis {
    func prepare(_ text: String, _ code: String) -> String { TextAnalyzer(language: Language(code)!).prepare(text) }

    @Test func germanSpellingsOfOneNameMeet() {
        let forms = ["Müller", "MÜLLER", "Mueller", "muller", "Mu\u{308}ller"].map { prepare($0, "de") }
        #expect(Set(forms) == ["muller"])
        #expect(prepare("Goethestraße", "de") == prepare("Göthestrasse", "de"))
        #expect(prepare("Feuer Quelle", "de") == "feuer quelle")
        // Other languages keep "ue".
        #expect(prepare("Mueller", "en") == "mueller")
    }

    @Test func frenchAndItalianElisionsAreDropped() {
        #expect(prepare("L’Étranger", "fr") == "etranger")
        #expect(prepare("L'Étranger", "fr") == prepare("étranger", "fr"))
        #expect(prepare("qu'il lit l'histoire jusqu’à l'aube", "fr") == "il lit histoire a aube")
        #expect(prepare("aujourd'hui", "fr") == "aujourd'hui")
        #expect(prepare("Storia dell'arte", "it") == "storia arte")
        #expect(prepare("DELL'ARTE", "it") == "arte")
        // Only the language's own list, only at a word's start.
        #expect(prepare("dell'arte", "fr") == "dell'arte")
        #expect(prepare("l'homme", "en") == "l'homme")
        #expect(prepare("cl'homme", "fr") == "cl'homme")
        #expect(TextAnalyzer.splittingElisions("L'Étranger", language: Language("fr")!) == "Étranger")
        // Turkish writes a name's or a number's suffixes after an apostrophe: the name alone stays.
        #expect(prepare("Ali'nin kitabı 1881'de, Van’da", "tr") == "ali kitabi 1881, van")
        #expect(prepare("O'Neill'ın oyunu, D'Artagnan", "tr") == "o'neill oyunu, d'artagnan")
        #expect(prepare("Ali'nin", "en") == "ali'nin")
    }

    @Test func spanishAndRussian() {
        #expect(prepare("¿Dónde está la estación?", "es") == "¿donde esta la estacion?")
        #expect(TextAnalyzer(language: Language("es")!).stemmer == "spanish")
        #expect(prepare("Ёлка и новый год", "ru") == "елка и новый год")
        #expect(TextAnalyzer(language: Language("ru")!).stopwords.contains("и"))
    }

    /// Question words of Thai and Chinese are cut from a query as stopwords are dropped from
    /// others; whole letters only ("ไหม" asks, "ไหม้" burns), and never all of the query.
    @Test func questionWordsOfUnspacedScriptsAreCutFromQueries() {
        #expect(TextAnalyzer.droppingQuestionWords("DECnet คืออะไร") == "DECnet คือ ")
        #expect(TextAnalyzer.droppingQuestionWords("ไฟไหม้ที่ไหน") == "ไฟไหม้ ")
        #expect(TextAnalyzer.droppingQuestionWords("เธอมาไหม") == "เธอมา ")
        #expect(TextAnalyzer.droppingQuestionWords("为什么天空是蓝色的") == " 天空是蓝色的")
        #expect(TextAnalyzer.droppingQuestionWords("他几乎什么都没说") == "他几乎 都没说")
        #expect(TextAnalyzer.droppingQuestionWords("什么") == "什么")
        #expect(TextAnalyzer.droppingQuestionWords("อะไร?") == "อะไร?")
        #expect(TextAnalyzer.droppingQuestionWords("what is this?") == "what is this?")
        #expect(TextAnalyzer.droppingQuestionWords("title:什么 东京在哪里") == "title:什么 东京在 ")
    }

    /// Vietnamese syllables pair with their neighbours, folded; function words, numbers and
    /// punctuation break the pairs.
    @Test func vietnameseSyllablesPairWithTheirNeighbours() {
        let vietnamese = Language("vi")!
        #expect(TextAnalyzer.syllablePairs("Có bao nhiêu dòng lục lạp?", language: vietnamese) == ["dong luc", "luc lap"])
        #expect(TextAnalyzer.syllablePairs("Lục lạp, quang hợp", language: vietnamese) == ["luc lap", "quang hop"])
        #expect(TextAnalyzer.syllablePairs("năm 1975 Sài Gòn là thủ đô", language: vietnamese) == ["sai gon", "thu do"])
        #expect(TextAnalyzer.syllablePairs("là gì", language: vietnamese).isEmpty)
    }

    /// Arabic "لل" (li + al) at a word's start is written "ال", in text and queries; "لله" (two
    /// letters after) and a "لل" inside a word stay.
    @Test func arabicContractedArticlesAreWrittenInFull() {
        let arabic = Language("ar")!
        #expect(TextAnalyzer.expandingContractedArticle("الشكل البسيط للعصيان المدني", language: arabic) == "الشكل البسيط العصيان المدني")
        #expect(TextAnalyzer.expandingContractedArticle("(للطلاب) لله", language: arabic) == "(الطلاب) لله")
        #expect(TextAnalyzer.expandingContractedArticle("ظللنا", language: arabic) == "ظللنا")
        #expect(TextAnalyzer.expandingContractedArticle("للعصيان", language: Language("fa")!) == "للعصيان")
    }

    @Test func thaiSpansAreIndexedAsPairsAndTriplesAndSearchedByTriples() {
        #expect(TextAnalyzer.segmented("ข้าวผัด") == "ข้าว าวผั วผัด")
        #expect(TextAnalyzer.segmented("ข้าวผัด", grams: TextAnalyzer.indexedGrams) == "ข้า าว วผั ผัด ข้าว าวผั วผัด")
        #expect(prepare("ข้าวผัด อร่อย", "th") == "ข้า าว วผั ผัด ข้าว าวผั วผัด อร่ ร่อ อย อร่อ ร่อย")
        #expect(TextAnalyzer.segmented("ก") == "ก")
        #expect(TextAnalyzer.segmented("ไก่") == "ไก่")
        #expect(TextAnalyzer.segmented("ABCข้าวผัด123") == "ABC ข้าว าวผั วผัด 123")
        // A hyphen joining a run to a number joins words: it does not become Xapian's NOT.
        #expect(TextAnalyzer.segmented("ออกซิเจน-18") == "ออก อกซิ กซิเ ซิเจ เจน 18")
        #expect(TextAnalyzer.cjkNGrams("東京-2020") == "東 京 東京 2020")
        #expect(TextAnalyzer.segmented("ข้าวผัด -ไก่") == "ข้าว าวผั วผัด -ไก่")
        // A field's value of grams: each gram in the field (and negated with it); a name that is no field stays apart.
        #expect(TextAnalyzer.segmented("title:ข้าวผัด", fields: ["title"]) == "title:ข้าว title:าวผั title:วผัด")
        #expect(TextAnalyzer.segmented("ok -title:ข้าวผัด", fields: ["title"]) == "ok -title:ข้าว -title:าวผั -title:วผัด")
        #expect(TextAnalyzer.segmented("note:ข้าวผัด", fields: ["title"]) == "note: ข้าว าวผั วผัด")
        #expect(TextAnalyzer.cjkNGrams("(title:北京 OR 上海)", fields: ["title"]) == "(title:北 title:京 title:北京 OR 上 海 上海 )")
        #expect(TextAnalyzer.cjkNGrams("烤鸭 -title:北京", fields: ["title"]) == "烤 鸭 烤鸭 -title:北京")
        #expect(TextAnalyzer.cjkNGrams("subtitle:北京", fields: ["title"]) == "subtitle: 北 京 北京")
        // A query's triples, and a two-character query, are among the document's terms.
        let document = Set(prepare("ร้านข้าวผัดอร่อยข้าวมันไก่", "th").split(separator: " "))
        #expect(Set(TextAnalyzer.segmented("ข้าวผัด").split(separator: " ")).isSubset(of: document))
        #expect(document.contains("ไก่"))
        // Thai digits and other scripts are left alone; Lao and Khmer are paired too.
        #expect(TextAnalyzer.segmented("๑๒๓ abc") == "๑๒๓ abc")
        #expect(TextAnalyzer.segmented("ສະບາຍ", grams: TextAnalyzer.indexedGrams) == "ສະ ະບ ບາ າຍ ສະບ ະບາ ບາຍ")
        #expect(TextAnalyzer.segmented("ខ្មែរ").split(separator: " ").count >= 1)
    }

    @Test func chineseAndJapaneseAreLeftToXapiansNGrams() {
        #expect(prepare("東京の夜", "ja") == "東京の夜")
        #expect(prepare("北京大学", "zh") == "北京大学")
        #expect(prepare("ＡＢＣ北京", "zh") == "abc北京")
        #expect(TextAnalyzer(language: Language("zh")!).usesCJKNGrams)
        #expect(TextAnalyzer(language: .english).usesCJKNGrams)
        #expect(TextAnalyzer(language: Language("ja")!).stemmer == nil)
    }

    @Test func greekArabicVietnamese() {
        #expect(prepare("Η Ακρόπολη της Αθήνας", "el") == "η ακροπολη τησ αθηνασ")
        #expect(prepare("ΑΚΡΟΠΟΛΗ", "el") == prepare("Ακρόπολη", "el"))
        #expect(prepare("اللُّغَة العربيّة", "ar") == "اللغة العربية")
        #expect(prepare("Tiếng Việt", "vi") == "tieng viet")
    }

    @Test func exactFormsAreTheWordsFoldingChanges() {
        let forms = TextAnalyzer.exactForms("Café MÜLLER, Straße; tiếng Việt ΛΌΓΟΣ λόγος Işık Cafe\u{301} cafe 東京 ข้าว")
        #expect(forms.map(\.exact) == ["café", "müller", "straße", "tiếng", "việt", "λόγοσ", "λόγοσ", "işık", "café"])
        #expect(forms.map(\.folded) == ["cafe", "muller", "strasse", "tieng", "viet", "λογοσ", "λογοσ", "isik", "cafe"])
        #expect(TextAnalyzer.exactForms("Cafe Mueller 2024").isEmpty)
        #expect(TextAnalyzer.exactForms("αθηνα логос").isEmpty)
        // A run of traditional Chinese is a phrase, searched by its characters: no exact form.
        #expect(TextAnalyzer.exactForms("臺灣鐵路 東京").isEmpty)
    }

    @Test func asciiFastPathMatchesTheFullFolding() {
        let samples = ["Hello World", "it's O'Brien's", "U.S.A.", "mixed CASE text, with. Dots.", "qu'il"]
        for code in ["en", "fr", "de"] {
            for sample in samples {
                // Appending a non-ASCII letter forces the full path; its folding is then removed.
                let full = prepare(sample + " é", code)
                #expect(full == prepare(sample, code) + " e", "\(code): \(sample)")
            }
        }
    }
}

/// English agent nouns in "-er" and their verbs match each other where Porter's stemmer leaves
/// them apart, but for names: a word that is an entity's whole title is meant as that name.
@Suite struct AgentNounRelations {
    static let schema = try! Schema(jsonText: """
        {"types": [{"name": "app", "display": {"title": "name"}, "attributes": [
            {"key": "name", "kind": "text", "weight": 5}, {"key": "summary", "kind": "text"}]}]}
        """, source: "test")

    func index(_ folder: TemporaryFolder) throws -> EntityIndex {
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Self.schema)
        let apps = [("evince", "Document viewer for PDF files"), ("nmap", "Tool for scanning ports of hosts"),
                    ("ublock", "Ads blocker for browsers"), ("blender", "3D modelling suite"),
                    ("smoothie", "Kitchen tool to blend fruit"), ("cups", "Lets you print PDF files"),
                    ("novel", "Tool for writing novels"), ("calc", "Compute the sum of numbers"), ("festival", "Summer festival planner"),
                    ("summing", "Amplifier summing inputs"), ("spool", "Queue for printing")]
        try index.index(apps.map { Entity(type: "app", id: .string($0.0), attributes: ["name": .string($0.0), "summary": .string($0.1)]) })
        return index
    }

    func ids(_ index: EntityIndex, _ text: String) throws -> [String] {
        try index.search(SearchRequest(text)).results.map(\.entity.id.stringValue)
    }

    @Test func agentNounsAndTheirVerbsFindEachOther() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        // Each text's only word is the other form of a word of one entity's summary.
        #expect(try ids(index, "viewing") == ["evince"])
        #expect(try ids(index, "scanner") == ["nmap"])
        #expect(try ids(index, "blocking") == ["ublock"])
        // A noun's verb is related where the index has its present participle ("printing").
        #expect(try ids(index, "printers").contains("cups"))
        // A noun whose verb ends in "e": the verb is its present participle's stem.
        #expect(try ids(index, "writer") == ["novel"])
        #expect(AgentNouns.nouns(ofVerb: "view") == ["viewer"])
        #expect(AgentNouns.nouns(ofVerb: "scan") == ["scaner", "scanner"])
        #expect(AgentNouns.nouns(ofVerb: "write") == ["writer"])
        #expect(AgentNouns.nouns(ofVerb: "viewer").isEmpty)
        #expect(AgentNouns.nouns(ofVerb: "éditer").isEmpty)
        #expect(AgentNouns.presentParticiple(of: "scanner") == "scanning")
        #expect(AgentNouns.presentParticiple(of: "writer") == "writing")
        #expect(AgentNouns.presentParticiple(of: "user") == nil)
        #expect(AgentNouns.presentParticiple(of: "view") == nil)
    }

    @Test func aNameIsNotRelated() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        // "blender" is an entity's whole title: it is not read as one who blends.
        #expect(try ids(index, "blender") == ["blender"])
        // Words in "-er" that name no doer are no verb's: "summer" is no "sum", "former" no "form".
        #expect(try !ids(index, "sum").contains("festival"))
        #expect(try ids(index, "summer") == ["festival"])
        #expect(AgentNouns.nouns(ofVerb: "form").isEmpty)
        #expect(AgentNouns.presentParticiple(of: "summer") == nil)
        #expect(try ids(index, "blending").first == "smoothie")
    }
}

/// Spanish, Portuguese and French singulars and plurals, and English British and American
/// spellings, that Snowball stems apart match each other where the index has the other form,
/// weighed as one word with it (a SYNONYM, as stemming does for the forms it joins).
@Suite struct OtherFormRelations {
    func index(_ folder: TemporaryFolder, language: String, _ texts: [(String, String)]) throws -> EntityIndex {
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Schema(jsonText: """
            {"types": [{"name": "doc", "language": "\(language)", "display": {"title": "title"}, "attributes": [
                {"key": "title", "kind": "text", "weight": 3}, {"key": "body", "kind": "text"}]}]}
            """, source: "test"))
        try index.index(texts.enumerated().map { offset, text in
            Entity(type: "doc", id: .string(String(offset)), attributes: ["title": .string(text.0), "body": .string(text.1)])
        })
        return index
    }

    func ids(_ index: EntityIndex, _ text: String) throws -> [String] {
        try index.search(SearchRequest(text)).results.map(\.entity.id.stringValue)
    }

    @Test func spanishSingularsAndPlurals() throws {
        let folder = TemporaryFolder()
        let index = try index(folder, language: "es", [("Las ciudades de España", "Guía de museos"), ("Lápices de colores", "Una caja para dibujar"),
                                                        ("Otra cosa", "Nada que ver"), ("La ciudad vieja", "Un paseo")])
        // "ciudad" stems to "ciud", "ciudades" to "ciudad"; "lápiz" to "lapiz", "lápices" to "lapic".
        #expect(try Set(ids(index, "ciudad")) == ["3", "0"])
        #expect(try Set(ids(index, "ciudades")) == ["0", "3"])
        #expect(try ids(index, "lapiz") == ["1"])
        #expect(try ids(index, "lápiz") == ["1"])
        #expect(NumberForms.otherForms(of: "ciudad", in: Language("es")!) == ["ciudades"])
        #expect(NumberForms.otherForms(of: "lapices", in: Language("es")!) == ["lapiceses", "lapice", "lapic", "lapiz"])
    }

    @Test func portugueseAndFrenchPlurals() throws {
        let portuguese = TemporaryFolder()
        let pt = try index(portuguese, language: "pt", [("Grandes navegações", "A história do mar"), ("Os jornais do dia", "Notícias"),
                                                        ("Os homens do mar", "Pescadores")])
        #expect(try ids(pt, "navegação") == ["0"])
        #expect(try ids(pt, "navegacao") == ["0"])
        #expect(try ids(pt, "jornal") == ["1"])
        let french = TemporaryFolder()
        let fr = try index(french, language: "fr", [("Les travaux publics", "Routes et ponts"), ("Le travail du bois", "Menuiserie")])
        #expect(try Set(ids(fr, "travail")) == ["1", "0"])
        #expect(try Set(ids(fr, "travaux")) == ["0", "1"])
        #expect(NumberForms.otherForms(of: "travaux", in: Language("fr")!) == ["travau", "traval", "travail"])
        // Another language has no such rules, nor has a word with other letters than a to z.
        #expect(NumberForms.otherForms(of: "city", in: Language.english).isEmpty)
        #expect(NumberForms.otherForms(of: "ciudad1", in: Language("es")!).isEmpty)
    }

    /// English words spelt the British or the American way find each other, which Porter's
    /// stemmer keeps apart ("colour" and "color", "catalogue" and "catalog", "organisation" and
    /// "organization" stem to "organis" and "organ"), whatever inflection either has; typo
    /// correction is off, so that only the spellings can match.
    @Test func britishAndAmericanSpellings() throws {
        let folder = TemporaryFolder()
        let en = try index(folder, language: "en", [("Color picker", "Pick from the screen"), ("Library catalogue", "Books and their shelves"),
                                                    ("Organization chart", "Who reports to whom"), ("Shopping centre", "Shops"),
                                                    ("Four hours", "A clock"), ("Colours of the wind", "A song"), ("SWI Prolog", "Logic programming")])
        func exact(_ text: String) throws -> Set<String> {
            var request = SearchRequest(text)
            request.typos = .off
            return Set(try en.search(request).results.map(\.entity.id.stringValue))
        }
        #expect(try exact("colour") == ["0", "5"])
        #expect(try exact("colours") == ["0", "5"])
        #expect(try exact("color") == ["0", "5"])
        #expect(try exact("catalog") == ["1"])
        #expect(try exact("organisation") == ["2"])
        #expect(try exact("center") == ["3"])
        // A prologue is no Prolog: "-ogue" words are paired one by one, not by rule.
        #expect(try exact("prologue").isEmpty)
        // "hour" is no "hor", nor "four" a "for": too few letters before the ending.
        #expect(EnglishSpellings.otherSpellings(of: "hour").isEmpty && EnglishSpellings.otherSpellings(of: "four").isEmpty)
        #expect(EnglishSpellings.otherSpellings(of: "colours") == ["colors"])
        #expect(EnglishSpellings.otherSpellings(of: "organization") == ["organisation"])
        #expect(EnglishSpellings.otherSpellings(of: "catalog") == ["catalogue"])
        #expect(EnglishSpellings.otherSpellings(of: "letter").isEmpty)
    }

    /// A form that is a stopword is no other number of the word: Spanish "mes" (month) is no
    /// plural of "me".
    @Test func aStopwordIsNoOtherForm() throws {
        let folder = TemporaryFolder()
        let es = try index(folder, language: "es", [("Dime lo que me quieres", "Una canción"), ("El mes de mayo", "Flores")])
        #expect(try ids(es, "mes") == ["1"])
    }

    /// In an index of several languages, English agent nouns still relate when the query has no
    /// function word to tell its language by; other forms relate in the languages it reads as.
    @Test func agentNounsRelateInAnIndexOfSeveralLanguages() throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Schema(jsonText: """
            {"types": [{"name": "en", "language": "en", "display": {"title": "title"}, "attributes": [{"key": "title", "kind": "text"}]},
                       {"name": "de", "language": "de", "display": {"title": "title"}, "attributes": [{"key": "title", "kind": "text"}]}]}
            """, source: "test"))
        try index.index([Entity(type: "en", id: "viewer", attributes: ["title": "Image viewer"]),
                         Entity(type: "de", id: "bild", attributes: ["title": "Bildbetrachter"])])
        #expect(try ids(index, "view") == ["viewer"])
    }
}
