import Foundation
import Testing
@testable import Searchlight

/// `field:value` on every kind of attribute, in German, French and Chinese text: numbers, dates
/// (whole days in UTC), booleans, enum cases by value or title, the words of one text attribute,
/// and the errors that name what would work.
@Suite struct FieldValueQueries {
    static let schema = try! Schema(jsonText: """
    {"types": [
      {"name": "buch", "language": "de", "display": {"title": "titel"},
       "attributes": [
         {"key": "titel", "kind": "text", "weight": 5},
         {"key": "beschreibung", "kind": "text"},
         {"key": "language", "kind": "text"},
         {"key": "notiz", "kind": "text", "fieldSearchable": false},
         {"key": "year", "kind": "integer"},
         {"key": "rating", "kind": "double"},
         {"key": "updated", "kind": "date"},
         {"key": "vergriffen", "kind": "boolean"},
         {"key": "genres", "kind": "enum", "enum": "genre", "multiValued": true}]}
     ],
     "enums": [{"name": "genre", "cases": [
       {"value": "scifi", "title": "Science Fiction"},
       {"value": "polar", "title": "Roman policier"},
       {"value": "maerchen", "title": "Märchen"},
       {"value": "wuxia", "title": "武侠小说"}]}]}
    """, source: "field query test schema")

    let folder = TemporaryFolder()
    let index: EntityIndex

    init() throws {
        index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Self.schema)
        func buch(_ id: String, _ titel: String, _ beschreibung: String, language: String, year: Int, rating: Double, updated: String,
                  vergriffen: Bool, genres: [AttributeValue], notiz: String = "") -> Entity {
            Entity(type: "buch", id: .string(id), attributes: [
                "titel": .string(titel), "beschreibung": .string(beschreibung), "language": .string(language), "notiz": .string(notiz),
                "year": .int(year), "rating": .double(rating), "updated": .string(updated), "vergriffen": .bool(vergriffen),
                "genres": .list(genres)])
        }
        try index.index([
            buch("grimm", "Kinder- und Hausmärchen", "Die Sammlung der Brüder Grimm aus Hessen", language: "de", year: 1812, rating: 4.7,
                 updated: "2024-05-01T23:30:00Z", vergriffen: false, genres: ["maerchen"]),
            buch("verne", "Voyage au centre de la Terre", "Le roman de Jules Verne, traduit de le français", language: "fr", year: 1864,
                 rating: 4.2, updated: "2024-05-02", vergriffen: true, genres: ["scifi"]),
            buch("simenon", "Maigret et le corps sans tête", "Un roman policier de Georges Simenon", language: "fr", year: 1955,
                 rating: 4.0, updated: "2024-04-30T23:59:59Z", vergriffen: false, genres: ["polar"], notiz: "Leihgabe"),
            buch("jin", "射雕英雄传", "金庸的武侠小说，郭靖的故事", language: "zh", year: 1957, rating: 4.9,
                 updated: "2024-05-01", vergriffen: true, genres: ["wuxia", "scifi"]),
        ])
    }

    func ids(_ text: String, typing: Bool = false) throws -> Set<String> {
        var request = SearchRequest(text, limit: 50)
        request.typing = typing
        return Set(try index.search(request).results.map(\.entity.id.stringValue))
    }

    func error(_ text: String) -> String? {
        #expect(throws: SearchlightError.self) { try index.search(SearchRequest(text)) }?.description
    }

    @Test func numbersAndDatesMatchTheValueWritten() throws {
        #expect(try ids("year:1864") == ["verne"])
        #expect(try ids("rating:4.7") == ["grimm"])
        // A day is the whole day in UTC: 23:30 that day is in, the seconds either side are not.
        #expect(try ids("updated:2024-05-01") == ["grimm", "jin"])
        #expect(try ids("updated:2024-04") == ["simenon"])
        #expect(try ids("updated:2024") == ["grimm", "verne", "simenon", "jin"])
        #expect(try ids("updated:2024-05-01T23:30") == ["grimm"])
        #expect(try ids("roman AND updated:2024-05-02") == ["verne"])
    }

    @Test func booleansAndEnumCasesMatchByValueOrTitleFolded() throws {
        #expect(try ids("vergriffen:true") == ["verne", "jin"])
        #expect(try ids("vergriffen:FALSE") == ["grimm", "simenon"])
        #expect(try ids("genres:\"Science Fiction\"") == ["verne", "jin"])
        #expect(try ids("genres:\"science FICTION\"") == ["verne", "jin"])
        #expect(try ids("genres:scifi") == ["verne", "jin"])
        #expect(try ids("genres:marchen") == ["grimm"])
        #expect(try ids("genres:Märchen") == ["grimm"])
        #expect(try ids("genres:\"roman policier\"") == ["simenon"])
        #expect(try ids("genres:武侠小说") == ["jin"])
        #expect(try ids("(genres:polar OR genres:maerchen) -vergriffen:true") == ["grimm", "simenon"])
    }

    /// A text whose every word is excluded ("-word") is every entity but those, as with NOT.
    @Test func wordsAllExcludedAreEveryEntityButThose() throws {
        #expect(try ids("-vergriffen:true") == ["grimm", "simenon"])
        #expect(try ids("-roman") == ["grimm", "jin"])
        #expect(try ids("-roman -titel:Hausmärchen") == ["jin"])
        #expect(try ids("-beschreibung:金庸") == ["grimm", "verne", "simenon"])
        #expect(try ids("NOT roman") == ids("-roman"))
        #expect(try ids("-\"roman policier\"") == ["grimm", "verne", "jin"])
        #expect(Searcher.negatedAlone("-granite -\"half dome\"") == "NOT granite NOT \"half dome\"")
        #expect(Searcher.negatedAlone("-granite dome") == nil)
    }

    @Test func aTextFieldSearchesThatAttributeOnly() throws {
        // "de" is in the French descriptions too; language:de is the attribute alone.
        #expect(try ids("de") == ["grimm", "verne", "simenon"])
        #expect(try ids("language:de") == ["grimm"])
        #expect(try ids("beschreibung:roman") == ["verne", "simenon"])
        #expect(try ids("titel:roman").isEmpty)
        #expect(try ids("beschreibung:金庸") == ["jin"])
        // Chinese n-grams each in the field: none of them matches the description instead.
        #expect(try ids("titel:金庸").isEmpty)
        #expect(try ids("titel:射雕") == ["jin"])
        #expect(try ids("beschreibung:郭靖 -titel:射雕").isEmpty)
        #expect(try ids("beschreibung:Brüder") == ["grimm"])
        // A quoted phrase in a field: its words in that field, the phrase in the text.
        #expect(try ids("beschreibung:\"Brüder Grimm\"") == ["grimm"])
        #expect(try ids("beschreibung:\"Grimm Brüder\"").isEmpty)
        #expect(try ids("beschreibung:\"roman policier\"") == ["simenon"])
        #expect(try ids("titel:\"roman policier\"").isEmpty)
        #expect(try ids("roman -beschreibung:\"roman policier\"") == ["verne"])
    }

    @Test func aValueTheFieldCannotHoldIsAnErrorNamingWhatItTakes() throws {
        #expect(error("genres:krimi")?.contains("cases: scifi (Science Fiction), polar (Roman policier)") == true)
        #expect(error("vergriffen:ja")?.contains("true or false") == true)
        #expect(error("updated:gestern")?.contains("UTC") == true)
        #expect(error("year:früh")?.contains("year:10..20") == true)
        #expect(error("notiz:leihgabe")?.contains("fieldSearchable") == true)
        #expect(error("farbe:rot")?.contains("unknown field 'farbe'") == true)
        // While typing, a value not yet complete matches nothing instead.
        #expect(try ids("genres:sci", typing: true).isEmpty)
        #expect(try ids("genres:scifi", typing: true) == ["verne", "jin"])
        // The attribute's words are still searched with the rest of the text.
        #expect(try ids("leihgabe") == ["simenon"])
    }
}
