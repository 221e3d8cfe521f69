import Foundation
import Testing
@testable import Searchlight

/// The bundled corpus, indexed once per test into a temporary folder, with its source lines.
struct CorpusFixture {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Corpus").standardized.path
    let folder = TemporaryFolder()
    let index: EntityIndex
    let source: [[String: Any]]

    init() throws {
        index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus).filter { $0.hasSuffix(".jsonl") }.sorted()
        let schema = try Schema(jsonText: String(contentsOfFile: Self.corpus + "/schema.json", encoding: .utf8), source: "schema.json")
        _ = try JSONLinesIngest(index: index, files: files.map { Self.corpus + "/" + $0 }, options: .init(schema: schema)).run()
        let now = Date()
        source = try files.flatMap { name in
            try String(contentsOfFile: Self.corpus + "/" + name, encoding: .utf8).split(separator: "\n").map {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
            }
        }.filter { ($0["expirationDate"] as? String).flatMap(ISO8601.parse).map { $0 > now } ?? true }
    }

    /// Every entity matching `filter`, as sorted `type:id` strings.
    func matching(_ filter: EntityPredicate) throws -> [String] {
        try index.search(SearchRequest("", filter: filter, limit: 10_000)).results.map { $0.entity.reference.description }.sorted()
    }

    /// The source entities `accept` keeps, as sorted `type:id` strings.
    func bruteForce(_ accept: ([String: Any]) -> Bool) -> [String] {
        source.filter { accept($0["attributes"] as! [String: Any]) }.map { "\($0["type"]!):\($0["id"]!)" }.sorted()
    }
}

private func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }
private func strings(_ value: Any?) -> [String] { (value as? [String]) ?? (value as? String).map { [$0] } ?? [] }

@Suite(.serialized) struct PropertyQueries {
    let fixture: CorpusFixture
    init() throws { fixture = try CorpusFixture() }

    @Test func everyComparatorAgreesWithABruteForceFilter() throws {
        let cases: [(EntityPredicate, ([String: Any]) -> Bool)] = [
            (.compare("rating", .equal, 4.5), { number($0["rating"]) == 4.5 }),
            (.compare("rating", .notEqual, 4.5), { number($0["rating"]) != 4.5 }),
            (.compare("rating", .greaterThan, 4.6), { (number($0["rating"]) ?? -1) > 4.6 }),
            (.compare("rating", .greaterThanOrEqual, 4.6), { (number($0["rating"]) ?? -1) >= 4.6 }),
            (.compare("elevation", .lessThan, 1000), { (number($0["elevation"]) ?? .infinity) < 1000 }),
            (.compare("elevation", .lessThanOrEqual, 1000), { (number($0["elevation"]) ?? .infinity) <= 1000 }),
            (.compare("length", .between, 5, 12), { (5...12).contains(number($0["length"]) ?? -1) }),
            (.compare("updated", .greaterThan, .string("2026-01-01")), { ($0["updated"] as? String ?? "") > "2026-01-01" }),
            (.compare("updated", .between, .string("2024-01-01"), .string("2024-12-31")), {
                (($0["updated"] as? String) ?? "").hasPrefix("2024") }),
            (.compare("name", .contains, "Lake"), { ($0["name"] as? String ?? "").contains("Lake") }),
            (.compare("name", .hasPrefix, "Mount"), { ($0["name"] as? String ?? "").hasPrefix("Mount") }),
            (.compare("name", .hasSuffix, "Trail"), { ($0["name"] as? String ?? "").hasSuffix("Trail") }),
            (.compare("name", .contains, "lake", options: .caseInsensitive), { ($0["name"] as? String ?? "").lowercased().contains("lake") }),
            // Foundation's folding is the oracle for the index's own (Foundation-free) diacritic folding.
            (.compare("name", .contains, "JOKULL", options: [.caseInsensitive, .diacriticInsensitive]), {
                ($0["name"] as? String ?? "").folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).contains("jokull") }),
            (.compare("name", .hasPrefix, "Skoga", options: .diacriticInsensitive), {
                ($0["name"] as? String ?? "").folding(options: .diacriticInsensitive, locale: nil).hasPrefix("Skoga") }),
            (.compare("country", .equal, "Norway"), { $0["country"] as? String == "Norway" }),
            (.compare("activities", .equal, "biking"), { strings($0["activities"]).contains("biking") }),
            (.compare("activities", .notEqual, "hiking"), { !strings($0["activities"]).contains("hiking") }),
            (.compare("landmarks", .equal, "half-dome"), { strings($0["landmarks"]).contains("half-dome") }),
            (.compare("dogFriendly", .isTrue), { $0["dogFriendly"] as? Bool == true }),
            (.compare("loop", .isFalse), { $0["loop"] as? Bool == false }),
            (.compare("difficulty", .equal, "easy"), { $0["difficulty"] as? String == "easy" }),
        ]
        for (predicate, accept) in cases {
            let expected = fixture.bruteForce(accept)
            #expect(try fixture.matching(predicate) == expected, "\(predicate)")
            #expect(!expected.isEmpty, "\(predicate) selects nothing in the corpus; the case proves little")
        }
        // Without the diacritic option, "jökull" is not "jokull".
        #expect(try fixture.matching(.compare("name", .contains, "jokull", options: .caseInsensitive)).isEmpty)
    }

    @Test func modesAllAndAnyCombineComparisons() throws {
        let rated = EntityPredicate.compare("rating", .greaterThanOrEqual, 4.7)
        let easy = EntityPredicate.compare("difficulty", .equal, "easy")
        let isRated: ([String: Any]) -> Bool = { (number($0["rating"]) ?? 0) >= 4.7 }
        let isEasy: ([String: Any]) -> Bool = { $0["difficulty"] as? String == "easy" }
        #expect(try fixture.matching(.all([rated, easy])) == fixture.bruteForce { isRated($0) && isEasy($0) })
        #expect(try fixture.matching(.any([rated, easy])) == fixture.bruteForce { isRated($0) || isEasy($0) })
        #expect(try fixture.matching(.not(easy)) == fixture.bruteForce { !isEasy($0) })
    }

    @Test(arguments: [
        (#"rating >= 4.6"#, EntityPredicate.compare("rating", .greaterThanOrEqual, 4.6)),
        (#"InRange(length, 5, 12)"#, .compare("length", .between, 5, 12)),
        (#"region == "yose*"cd"#, .compare("region", .hasPrefix, "yose", options: [.caseInsensitive, .diacriticInsensitive])),
        (#"name == "*falls*"c"#, .compare("name", .contains, "falls", options: .caseInsensitive)),
        (#"name == "*Trail""#, .compare("name", .hasSuffix, "Trail")),
        (#"description == "granite"wc"#, .compare("description", .equal, "granite", options: [.caseInsensitive, .wordBased])),
        (#"dogFriendly == true && loop == false"#, .all([.compare("dogFriendly", .isTrue), .compare("loop", .isFalse)])),
        (#"(country == "Norway" || country == "Iceland") && elevation > 500"#,
         .all([.any([.compare("country", .equal, "Norway"), .compare("country", .equal, "Iceland")]), .compare("elevation", .greaterThan, 500)])),
        (#"updated >= $time.iso(2025-06-01)"#, .compare("updated", .greaterThanOrEqual, .string("2025-06-01"))),
        (#"activities != "hiking""#, .compare("activities", .notEqual, "hiking")),
    ])
    func spotlightSyntaxEqualsItsComparatorEquivalent(text: String, equivalent: EntityPredicate) throws {
        let parsed = try EntityPredicate(spotlight: text)
        let results = try fixture.matching(parsed)
        #expect(results == (try fixture.matching(equivalent)))
        #expect(!results.isEmpty, "\(text) selects nothing")
    }

    @Test(arguments: [
        ("rating >=", 10, "expected a value"),
        ("rating 4", 8, "comparison operator"),
        ("(rating > 4", 12, "expected ')'"),
        (#"name == "open"#, 9, "unterminated string"),
        (#"name == "x"q"#, 12, "unknown string modifier"),
        ("rating > 4 &&", 14, "expected a comparison"),
        ("updated > $time.tomorrow", 11, "unknown time"),
        // Found by Tests/Fuzz (FuzzPredicate): offsets that overflowed date arithmetic.
        ("updated > $time.today(99999999999999999999)", 23, "out of range"),
        ("name == $time.now(999999999999999999999999999)", 19, "out of range"),
        ("updated < $time.this_year(-00333333333333333333000000000)", 27, "out of range"),
        ("", 1, "empty"),
        // Nesting is bounded, so that the recursive parser cannot overflow the stack.
        (String(repeating: "(", count: 13_000), 101, "nested deeper than 100 levels"),
        (String(repeating: "!", count: 20_000) + "rating > 4", 101, "nested deeper than 100 levels"),
        (String(repeating: "!(", count: 60) + "rating > 4" + String(repeating: ")", count: 60), 101, "nested deeper than 100 levels"),
    ])
    func unreadablePredicatesSayWhereTheyBroke(text: String, column: Int, reason: String) {
        let error = #expect(throws: PredicateSyntaxError.self) { try EntityPredicate(spotlight: text) }
        #expect(error?.column == column, "\(error?.description ?? "")")
        #expect(error?.reason.contains(reason) == true, "\(error?.reason ?? "")")
    }

    /// A value that no value of the attribute's kind can equal would select nothing, silently.
    @Test func valuesOfTheWrongKindAreRefused() throws {
        let schema = fixture.index.schema
        for (text, message) in [(#"rating == "abc""#, #"wrong value kind for 'rating' (double): "abc" is not a number"#),
                                ("InRange(length, 5, x)", #"wrong value kind for 'length' (double): "x" is not a number"#),
                                ("!(updated > soon)", #"wrong value kind for 'updated' (date): "soon" is not a date"#),
                                (#"dogFriendly == "yes""#, #"wrong value kind for 'dogFriendly' (boolean): "yes" is not true or false"#)] {
            let error = #expect(throws: SearchlightError.self) { try EntityPredicate(spotlight: text).checkValueKinds(against: schema) }
            #expect(error?.description.contains(message) == true, "\(text): \(error?.description ?? "")")
        }
        for text in ["rating >= 4.5", #"rating == "4.5""#, "updated > $time.today(-30)", #"updated > "2024-01-01""#, "dogFriendly == true",
                     #"region == "yose*"cd"#, "unknownKey == 3"] {
            #expect(throws: Never.self) { try EntityPredicate(spotlight: text).checkValueKinds(against: schema) }
        }
    }

    @Test func predicatesNestedUpToTheLimitParse() throws {
        let nested = String(repeating: "(", count: 100) + "rating > 4" + String(repeating: ")", count: 100)
        #expect(try EntityPredicate(spotlight: nested) == .compare("rating", .greaterThan, 4))
        let negated = String(repeating: "!", count: 100) + "rating > 4"
        #expect(try fixture.matching(EntityPredicate(spotlight: negated)) == (try fixture.matching(.compare("rating", .greaterThan, 4))))
    }

    @Test func sortingOrdersByTheKeyWithMissingValuesLast() throws {
        let results = try fixture.index.search(SearchRequest("", sort: [SortDescriptor("elevation", descending: true)], limit: 10_000)).results
        let elevations = results.map { $0.entity.attributes["elevation"]?.doubleValue }
        let present = elevations.prefix { $0 != nil }.map { $0! }
        #expect(present == present.sorted(by: >))
        #expect(present.count == fixture.bruteForce { $0["elevation"] != nil }.count)
        #expect(elevations.dropFirst(present.count).allSatisfy { $0 == nil })
        let byName = try fixture.index.search(SearchRequest("", types: ["trail"], sort: [SortDescriptor("name")], limit: 10_000)).results
        // Accents and case do not move a name past the unaccented alphabet ("hörnlihütte" sorts as "hornlihutte").
        let names = byName.map { TextNormalizer.normalized($0.entity.attributes["name"]?.text ?? "") }
        #expect(names == names.sorted())
        #expect(names.contains { $0.hasPrefix("hornli") })
    }

    @Test func facetsCountEveryMatchAndAddUp() throws {
        let results = try fixture.index.search(SearchRequest("lake", facets: ["type", "difficulty"], limit: 5))
        let types = try #require(results.facets.first { $0.key == "type" })
        #expect(types.counts.reduce(0) { $0 + $1.count } == results.total)
        let all = try fixture.index.search(SearchRequest("lake", limit: 10_000))
        #expect(all.results.count == results.total)
        for count in types.counts {
            #expect(all.results.filter { $0.entity.type == count.value }.count == count.count)
        }
        let difficulty = try #require(results.facets.first { $0.key == "difficulty" })
        for count in difficulty.counts {
            #expect(all.results.filter { $0.entity.attributes["difficulty"]?.text == count.value }.count == count.count)
        }
    }

    @Test func propertyFiltersCombineWithATextQuery() throws {
        let results = try fixture.index.search(SearchRequest("waterfall", filter: .compare("rating", .greaterThanOrEqual, 4.5), limit: 10_000))
        #expect(!results.results.isEmpty)
        #expect(results.results.allSatisfy { ($0.entity.attributes["rating"]?.doubleValue ?? 0) >= 4.5 })
        #expect(results.results.count == results.total)
    }

    @Test func unknownKeysInFiltersSortsAndFacetsAreNamed() {
        for request in [SearchRequest("", filter: .compare("colour", .equal, "red")), SearchRequest("", sort: [SortDescriptor("description")]),
                        SearchRequest("", facets: ["rating"])] {
            let error = #expect(throws: SearchlightError.self) { try fixture.index.search(request) }
            #expect(error?.description.contains("colour") == true || error?.description.contains("description") == true
                    || error?.description.contains("rating") == true)
        }
    }
}
