import Foundation
import Testing
@testable import Searchlight

@Suite struct SchemaFiles {
    @Test func theBundledCorpusSchemaIsValid() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Corpus/schema.json")
        let schema = try Schema(jsonText: String(contentsOf: url, encoding: .utf8), source: "schema.json")
        #expect(schema.types.count >= 3)
        #expect(schema.enumType(named: "activity") != nil)
    }

    @Test(arguments: [
        (#"{"types": [{"name": "t", "attributes": [{"key": "a", "kind": "strng"}]}]}"#, "types[0].attributes[0].kind"),
        (#"{"types": [{"name": "t", "attributes": [{"kind": "text"}]}]}"#, "missing required field 'key'"),
        (#"{"types": [{"name": "t", "display": {"title": "nope"}, "attributes": []}]}"#, "types[0].display.title"),
        (#"{"types": [{"name": "t", "attributes": [{"key": "e", "kind": "enum", "enum": "missing"}]}]}"#, "enum type 'missing'"),
        (#"{"types": [{"name": "t", "colour": 1, "attributes": []}]}"#, "unknown field 'colour'"),
        (#"{"types": [{"name": "two words", "attributes": []}]}"#, "types[0].name"),
        (#"{"types": [{"name": "t", "language": "elv ish", "attributes": []}]}"#, "is not a language"),
        (#"{"types": [{"name": "t", "attributes": [{"key": "a", "kind": "text", "language": "a+b"}]}]}"#, "is not a language"),
        (#"{"types": [{"name": "t", "attributes": [{"key": "a", "kind": "text", "weight": 0}]}]}"#, "weight"),
        (#"{"types": [1]}"#, "expected an object"),
        (#"{"types": ["#, "invalid JSON"),
        (#"{"types": [{"name": "t", "attributes": [{"key": "type", "kind": "keyword"}]}]}"#, "types[0].attributes[0].key: attribute key 'type' is reserved: 'type' and 'domain'"),
        (#"{"types": [{"name": "t", "attributes": [{"key": "a", "kind": "text"}, {"key": "domain", "kind": "text"}]}]}"#, "types[0].attributes[1].key: attribute key 'domain' is reserved"),
    ])
    func invalidSchemasSayWhereTheyBreak(text: String, expected: String) {
        let error = #expect(throws: SearchlightError.self) { try Schema(jsonText: text, source: "s.json") }
        #expect(error?.description.contains(expected) == true, "\(error?.description ?? "")")
        #expect(error?.description.hasPrefix("s.json") == true)
    }

    /// `type:` and `domain:` filter by entity type and domain in queries, so attributes of those names
    /// are refused however the schema arrives: a file, data to infer it from, or a schema built in code.
    @Test func reservedKeysAreRefusedForInferredAndBuiltSchemasToo() throws {
        for key in Schema.reservedKeys {
            var inference = SchemaInference()
            let error = #expect(throws: SearchlightError.self) {
                try inference.observe(type: "doc", id: .int(1), attributes: [(key: key, value: .string("x"))])
            }
            #expect(error?.description.contains("attribute key '\(key)' is reserved") == true, "\(error?.description ?? "")")
            let built = Schema(types: [EntityType(name: "doc", attributes: [AttributeKey(key, kind: .keyword)])])
            let merged = #expect(throws: SearchlightError.self) { try Schema().merged(with: built) }
            #expect(merged?.description.contains("is reserved") == true, "\(merged?.description ?? "")")
        }
    }

    @Test func schemasSurviveTheirStoredForm() throws {
        var schema = try outdoorSchema.merged(with: Schema())
        schema.assignSlots()
        let again = try Schema(jsonText: schema.jsonValue.jsonText, source: "stored")
        #expect(again == schema)
    }
}

@Suite struct SchemaMerging {
    @Test func newKeysAreAddedAndExistingSlotsNeverMove() throws {
        let base = try Schema().merged(with: outdoorSchema)
        let lengthSlot = base.numericSlot("length")
        var extended = outdoorSchema
        extended.types[0].attributes.insert(AttributeKey("rating", kind: .double), at: 0)
        let merged = try base.merged(with: extended)
        #expect(merged.numericSlot("length") == lengthSlot)
        #expect(merged.numericSlot("rating") != nil)
        #expect(Set(merged.slots.values).count == merged.slots.count)
    }

    @Test func aKeyWhoseKindChangesIsAConflict() throws {
        let base = try Schema().merged(with: outdoorSchema)
        var changed = outdoorSchema
        changed.types[0].attributes[3] = AttributeKey("length", kind: .integer)
        let error = #expect(throws: SearchlightError.self) { try base.merged(with: changed) }
        #expect(error?.description.contains("'length'") == true)
    }

    @Test func numericKeysSharedAcrossTypesShareASlot() throws {
        let schema = try Schema().merged(with: Schema(types: [
            EntityType(name: "a", attributes: [AttributeKey("rating", kind: .double)]),
            EntityType(name: "b", attributes: [AttributeKey("rating", kind: .double)]),
        ]))
        #expect(schema.slots.count == 1)
    }
}

@Suite struct Inference {
    @Test func flatObjectsInferKindsAndDisplay() throws {
        var inference = SchemaInference()
        let rows: [String] = [
            #"{"id": 1, "title": "Hello", "body": "world", "rating": 4, "score": 1.5, "published": "2024-01-02", "tags": ["a","b"], "draft": false}"#,
            #"{"id": 2, "title": "Again", "body": "text", "rating": 5, "score": 2, "published": "2024-03-04T05:06:07Z", "tags": [], "draft": true}"#,
        ]
        for row in rows {
            let json = try JSONValue(parsing: row)
            try inference.observe(type: "doc", id: json["id"]!, attributes: json.objectValue!.filter { $0.key != "id" })
        }
        let type = try #require(inference.schema().type(named: "doc"))
        #expect(type.idKind == .int)
        #expect(type.display.title == "title")
        #expect(type.attribute("title")?.weight == 3)
        #expect(type.attribute("body")?.kind == .text)
        #expect(type.attribute("rating")?.kind == .integer)
        #expect(type.attribute("score")?.kind == .double)
        #expect(type.attribute("published")?.kind == .date)
        #expect(type.attribute("tags")?.kind == .keyword)
        #expect(type.attribute("tags")?.multiValued == true)
        #expect(type.attribute("draft")?.kind == .boolean)
        #expect(type.recency == "published")
    }

    @Test func stringIDsAndMixedValuesWidenToText() throws {
        var inference = SchemaInference()
        try inference.observe(type: "doc", id: .string("a"), attributes: [("code", .int(1))])
        try inference.observe(type: "doc", id: .int(2), attributes: [("code", .string("x7"))])
        let type = try #require(inference.schema().type(named: "doc"))
        #expect(type.idKind == .string)
        #expect(type.attribute("code")?.kind == .text)
    }

    @Test func nestedObjectsAreRejectedByName() {
        var inference = SchemaInference()
        let error = #expect(throws: SearchlightError.self) {
            try inference.observe(type: "doc", id: .int(1), attributes: [("meta", .object([("a", .int(1))]))])
        }
        #expect(error?.description.contains("meta") == true)
    }
}

/// Query text is split by bytes when it is ASCII and by Unicode characters otherwise; both give the same words.
@Suite struct QueryWords {
    @Test func titleWordsAreLowerCasedLettersAndDigits() {
        #expect(Words.lowercased("Mist-Trail 42, the (OLD) one") == ["mist", "trail", "42", "the", "old", "one"])
        // Folded as searched text is: accents, case and width.
        #expect(Words.lowercased("Café Crème-Brûlée 2") == ["cafe", "creme", "brulee", "2"])
        #expect(Words.lowercased("Ｍüller ＣＡＦÉ") == ["muller", "cafe"])
        #expect(Words.lowercased("  --  ") == [])
        // Each ASCII byte is classified as Unicode classifies its character.
        let ascii = (0..<128).map { String(UnicodeScalar(UInt8($0))) }.joined()
        #expect(Words.lowercased(ascii) == ascii.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init))
    }

    @Test func plainWordsSplitOffTheLastWordAndRefuseOperatorsAndPunctuation() {
        #expect(QueryText.plainWords("  Granite\tFalls TRAIL ").map { [$0.head, $0.last] } == ["Granite Falls", "trail"])
        #expect(QueryText.plainWords("café Crème").map { [$0.head, $0.last] } == ["café", "crème"])
        #expect(QueryText.plainWords("mist") .map { [$0.head, $0.last] } == ["", "mist"])
        #expect(QueryText.plainWords("mist AND falls") == nil)
        #expect(QueryText.plainWords("crème OR brûlée") == nil)
        #expect(QueryText.plainWords("mist-trail") == nil)
        #expect(QueryText.plainWords("name:mist") == nil)
        #expect(QueryText.plainWords("   ") == nil)
    }

    @Test func trimmingDropsOnlyTheEnds() {
        #expect(" \t gnu  make \n".trimming(\.isWhitespace) == "gnu  make")
        #expect("  \n ".trimming(\.isWhitespace) == "")
        #expect("\"'2026-01-02'\"".trimming { $0 == "\"" || $0 == "'" } == "2026-01-02")
    }

    @Test func caseInsensitiveComparisonsFoldAsFoundationDoes() {
        for (name, pattern) in [("Straße", "STRASSE"), ("Οδος", "ΟΔΟΣ"), ("ǅemal", "ǄEMAL"), ("Mist", "MIST")] {
            #expect(name.compare(pattern, options: .caseInsensitive) == .orderedSame, "the oracle: \(name)")
            let predicate = EntityPredicate.compare("name", .equal, .string(pattern), options: .caseInsensitive)
            #expect(predicate.matches(trail("x", name), schema: outdoorSchema), "\(name) vs \(pattern)")
        }
        #expect(!EntityPredicate.compare("name", .equal, "STRASSE").matches(trail("x", "Straße"), schema: outdoorSchema))
    }

    /// Foundation's diacritic-insensitive folding, but for the strokes of letters such as ø and ł,
    /// which Foundation keeps and search folds ("lodz" finds Łódź either way), and the marks of
    /// other scripts search folds (Hebrew points, Arabic harakat, the nukta).
    @Test func diacriticFoldingAgreesWithFoundation() {
        #expect("Galdhøpiggen Łódź".foldingDiacritics() == "Galdhopiggen Lodz")
        #expect("שָׁלוֹם".foldingDiacritics() == "שלום")
        for text in ["Crème Brûlée", "Ångström", "ǘ ǚ", "Tiếng Việt", "Ελληνικά ά", "Eyjafjallajökull",
                     "naïve façade", "한국어", "plain ascii", "e\u{301}", "かばん", "か\u{301}", "ภาษาไทย", "हिन्दी", "ἄλφα", "ӓ",
                     "a\u{3099}", "\u{5D0}\u{301}"] {
            #expect(text.foldingDiacritics() == text.folding(options: .diacriticInsensitive, locale: nil), "\(text)")
        }
    }
}

@Suite struct GrowingSchema {
    static func infer(_ rows: [String], type: String = "doc") throws -> Schema {
        var inference = SchemaInference()
        for row in rows {
            let json = try JSONValue(parsing: row)
            try inference.observe(type: type, id: json["id"]!, attributes: json.objectValue!.filter { $0.key != "id" })
        }
        return inference.schema()
    }

    @Test func singleTokenStringsWithFewValuesAreKeywords() throws {
        let languages = ["en", "fr", "en", "de", "fr", "en"]
        let rows = languages.enumerated().map { #"{"id": \#($0.offset), "title": "Book \#($0.offset)", "language": "\#($0.element)", "note": "\#($0.element) edition"}"# }
        let type = try #require(try Self.infer(rows).type(named: "doc"))
        #expect(type.attribute("language")?.kind == .keyword)
        #expect(type.attribute("note")?.kind == .text, "values with spaces stay text")
        #expect(type.attribute("title")?.kind == .text, "display keys stay text")
        #expect(type.inferred)
        // Every value different: an identifier-like string, not a category.
        let codes = try #require(try Self.infer((0..<6).map { #"{"id": \#($0), "code": "x\#($0)"}"# }).type(named: "doc"))
        #expect(codes.attribute("code")?.kind == .text)
    }

    /// A key named for a language whose every value names one is the type's language attribute,
    /// so that each entity of a mixed-language file is analysed in its own language.
    @Test func aKeyNamingEachEntitysLanguageIsTheLanguageAttribute() throws {
        let rows = [#"{"id": 1, "title": "L'Étranger", "lang": "fr"}"#, #"{"id": 2, "title": "Die Verwandlung", "lang": "de-AT"}"#,
                    #"{"id": 3, "title": "Война и мир", "lang": "russian"}"#]
        let type = try #require(try Self.infer(rows).type(named: "doc"))
        #expect(type.languageAttribute == "lang")
        let attribute = try #require(type.attribute("lang"))
        #expect(attribute.kind == .keyword && !attribute.searchableByDefault, "filterable, not matched by free text")
        // A value that names no language, a key not named for one, or a list: no language attribute.
        let unknown = rows + [#"{"id": 4, "title": "Untitled", "lang": "unknown"}"#]
        #expect(try Self.infer(unknown).type(named: "doc")?.languageAttribute == nil)
        let country = [#"{"id": 1, "title": "A", "country": "de"}"#, #"{"id": 2, "title": "B", "country": "fr"}"#]
        #expect(try Self.infer(country).type(named: "doc")?.languageAttribute == nil)
        let lists = [#"{"id": 1, "title": "A", "languages": ["de", "fr"]}"#]
        #expect(try Self.infer(lists).type(named: "doc")?.languageAttribute == nil)
        // Spelt otherwise: Language, language_code, inLanguage.
        for key in ["Language", "language_code", "inLanguage"] {
            let spelt = [#"{"id": 1, "title": "A", "\#(key)": "it"}"#]
            #expect(try Self.infer(spelt).type(named: "doc")?.languageAttribute == key)
        }
    }

    @Test func inferredTypesGrowAndFixedOnesDoNot() throws {
        var stored = try Self.infer([#"{"id": 1, "title": "A", "n": 1, "tag": "x"}"#])
        stored.assignSlots()
        let later = try Self.infer([#"{"id": 2, "title": "B", "n": 2.5, "extra": true}"#])
        let (grown, changes) = try stored.grown(with: later)
        let type = try #require(grown.type(named: "doc"))
        #expect(type.attribute("n")?.kind == .double)
        #expect(type.attribute("extra")?.kind == .boolean)
        #expect(grown.numericSlot("n") == stored.numericSlot("n"), "the widened key keeps its value slot")
        #expect(changes.count == 2)
        #expect(changes.contains("type 'doc': attribute 'n' widened from integer to double (a value has a fraction)"))
        // The stored form merges with the grown one (what a batch commits).
        #expect(try stored.merged(with: grown).type(named: "doc")?.attribute("n")?.kind == .double)
        // A double given integers stays a double; a text key given a number is a conflict.
        #expect(try grown.grown(with: try Self.infer([#"{"id": 3, "n": 4}"#])).changes.isEmpty)
        #expect(throws: SearchlightError.self) { try grown.grown(with: try Self.infer([#"{"id": 3, "title": 7}"#])) }
        // A type from a schema file does not grow.
        var fixed = stored
        fixed.types[0].inferred = false
        #expect(throws: SearchlightError.self) { try fixed.merged(with: later) }
        #expect(throws: SearchlightError.self) { try fixed.grown(with: later) }
    }
}
