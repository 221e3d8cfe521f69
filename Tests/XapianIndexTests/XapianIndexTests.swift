import CXapian
import Foundation
import Testing
@testable import XapianIndex

/// A fresh folder under the system temporary directory, removed when the test ends.
final class TemporaryFolder {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "xapianindex-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

private func document(_ data: String, terms: [String] = [], text: String? = nil, generator: TermGenerator? = nil) throws -> Document {
    let doc = Document()
    doc.setData(Array(data.utf8))
    for term in terms { doc.addBooleanTerm(term) }
    if let text, let generator {
        generator.document = doc
        try generator.indexText(text)
    }
    return doc
}

@Suite struct DatabaseRoundTrips {
    @Test func replacingByUniqueTermIsIdempotentAndReadableByTerm() throws {
        let folder = TemporaryFolder()
        let db = try WritableDatabase(path: folder.path + "/db")
        for _ in 0..<3 { try db.replaceDocument(uniqueTerm: "Qa", with: try document("first", terms: ["Qa", "XT:x"])) }
        try db.replaceDocument(uniqueTerm: "Qb", with: try document("second", terms: ["Qb", "XT:x"]))
        try db.commit()
        #expect(try db.documentCount == 2)
        #expect(try db.termFrequency("XT:x") == 2)
        #expect(try db.documentData(forTerm: "Qa") == Array("first".utf8))
        #expect(try db.documentData(forTerm: "Qmissing") == nil)

        let reader = try Database(path: folder.path + "/db")
        #expect(try reader.documentCount == 2)
        #expect(try reader.documentData(forTerm: "Qb") == Array("second".utf8))
    }

    @Test func deletingByTermReportsHowManyWentAway() throws {
        let folder = TemporaryFolder()
        let db = try WritableDatabase(path: folder.path)
        for i in 0..<5 { try db.replaceDocument(uniqueTerm: "Q\(i)", with: try document("\(i)", terms: ["Q\(i)", i % 2 == 0 ? "XT:even" : "XT:odd"])) }
        #expect(try db.deleteDocuments(withTerm: "XT:even") == 3)
        #expect(try db.deleteDocuments(withTerm: "XT:even") == 0)
        #expect(try db.documentCount == 2)
    }

    @Test func dataByDocidIsNilForMissingDeletedAndEmptyDocuments() throws {
        let folder = TemporaryFolder()
        let db = try WritableDatabase(path: folder.path)
        var docids: [UInt32] = []
        for (i, data) in ["one", "two", ""].enumerated() {
            docids.append(try db.replaceDocument(uniqueTerm: "Q\(i)", with: try document(data, terms: ["Q\(i)"])))
        }
        #expect(try db.deleteDocuments(withTerm: "Q1") == 1)
        try db.commit()
        let reader = try Database(path: folder.path)
        #expect(try reader.documentData(docid: docids[0]) == Array("one".utf8))
        #expect(try reader.documentData(docid: docids[1]) == nil)    // deleted
        #expect(try reader.documentData(docid: docids[2]) == nil)    // no data
        #expect(try reader.documentData(docid: docids[2] + 1) == nil)    // never written
    }

    @Test func metadataCommitsWithTheDocuments() throws {
        let folder = TemporaryFolder()
        let db = try WritableDatabase(path: folder.path)
        #expect(try db.metadata("k") == nil)
        try db.setMetadata("k", Array("v1".utf8))
        try db.commit()
        #expect(try Database(path: folder.path).metadata("k") == Array("v1".utf8))
    }

    @Test func cancelledTransactionLeavesNothingAndCommittedOneEverything() throws {
        let folder = TemporaryFolder()
        let db = try WritableDatabase(path: folder.path)
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try db.transaction {
                try db.replaceDocument(uniqueTerm: "Qa", with: try document("a", terms: ["Qa"]))
                try db.setMetadata("batch", [1])
                throw Boom()
            }
        }
        #expect(try db.documentCount == 0)
        #expect(try db.metadata("batch") == nil)
        try db.transaction {
            try db.replaceDocument(uniqueTerm: "Qa", with: try document("a", terms: ["Qa"]))
            try db.setMetadata("batch", [2])
        }
        let reader = try Database(path: folder.path)
        #expect(try reader.documentCount == 1)
        #expect(try reader.metadata("batch") == [2])
    }

    @Test func termsAreListedByPrefixWithFrequencies() throws {
        let folder = TemporaryFolder()
        let db = try WritableDatabase(path: folder.path)
        try db.addDocument(try document("1", terms: ["XK:apple", "XK:apricot", "XK:banana"]))
        try db.addDocument(try document("2", terms: ["XK:apple"]))
        var seen: [String: Int] = [:]
        try db.forEachTerm(withPrefix: "XK:ap") { term, frequency in seen[term] = frequency; return true }
        #expect(seen == ["XK:apple": 2, "XK:apricot": 1])
    }

    @Test func theMostFrequentTermsOfAPrefixComeBestFirstWithTiesInByteOrder() throws {
        let folder = TemporaryFolder()
        let db = try WritableDatabase(path: folder.path)
        // Term "XW:wN" is in the documents 1...(N % 7 + 1): frequencies repeat, so ties must be broken.
        let words = (0..<40).map { "XW:w\($0)" }
        for docid in 1...7 {
            try db.addDocument(try document("\(docid)", terms: words.enumerated().filter { docid <= $0.offset % 7 + 1 }.map(\.element) + ["XV:other"]))
        }
        var all: [(term: String, frequency: Int)] = []
        try db.forEachTerm(withPrefix: "XW:") { term, frequency in all.append((term, frequency)); return true }
        let bruteForce = all.sorted { $0.frequency != $1.frequency ? $0.frequency > $1.frequency : Array($0.term.utf8).lexicographicallyPrecedes($1.term.utf8) }
        for limit in [0, 1, 5, 12, 40, 100] {
            let found = try db.mostFrequentTerms(withPrefix: "XW:", limit: limit)
            #expect(found.map(\.term) == bruteForce.prefix(limit).map(\.term))
            #expect(found.map(\.frequency) == bruteForce.prefix(limit).map(\.frequency))
        }
        #expect(try db.mostFrequentTerms(withPrefix: "XZ:", limit: 5).isEmpty)
    }

    @Test func aQueryMayWeighZeroOnlyThroughItsUnweightedParts() throws {
        let folder = TemporaryFolder()
        let db = try WritableDatabase(path: folder.path + "/db")
        for i in 0..<4 {
            let doc = try document("d\(i)", terms: ["XPli"])
            doc.addTerm("Zword", wdf: 2)
            _ = try db.addDocument(doc)
        }
        try db.commit()
        let reader = try Database(path: folder.path + "/db")
        let weighted = Query.term("Zword"), boolean = Query.term("XPli")
        #expect(try !weighted.mayWeighZero(in: reader))
        #expect(try boolean.mayWeighZero(in: reader))
        #expect(try Query.combine(.or, [weighted, boolean]).mayWeighZero(in: reader))
        #expect(try !Query.combine(.and, [weighted, boolean]).mayWeighZero(in: reader))
        #expect(try !Query.combine(.andMaybe, [weighted, boolean]).mayWeighZero(in: reader))
        #expect(try Query.combine(.andMaybe, [boolean, weighted]).mayWeighZero(in: reader))
        #expect(try !Query.combine(.filter, [weighted, boolean]).mayWeighZero(in: reader))
        #expect(try !weighted.scaled(by: 0.5).mayWeighZero(in: reader))
        #expect(try Query.matchAll.mayWeighZero(in: reader))
        #expect(try Query.combine(.or, [weighted, Query.valueRange(slot: 1, low: nil, high: [0x80])]).mayWeighZero(in: reader))
        #expect(try !Query.term("Zabsent").mayWeighZero(in: reader))
    }

    @Test func consistencyCheckPassesOnAFreshDatabase() throws {
        let folder = TemporaryFolder()
        let db = try WritableDatabase(path: folder.path)
        try db.addDocument(try document("x", terms: ["Qx"]))
        try db.close()
        let result = try Database.check(path: folder.path)
        #expect(result.errors == 0)
    }

    @Test func everyDocumentIsVisitedWithItsDataAndUniqueTerm() throws {
        let folder = TemporaryFolder()
        let db = try WritableDatabase(path: folder.path)
        try db.addDocument(try document("one", terms: ["Qa", "XT:x"]))
        try db.addDocument(try document("two", terms: ["XT:x"]))
        try db.commit()
        var seen: [(UInt32, String, String)] = []
        try db.forEachDocument(termPrefix: "Q") { docid, data, term in
            seen.append((docid, String(decoding: data, as: UTF8.self), term))
            return true
        }
        #expect(seen.map(\.0) == [1, 2])
        #expect(seen.map(\.1) == ["one", "two"])
        #expect(seen.map(\.2) == ["Qa", ""])
    }

    @Test func compactingWritesAnEquivalentDatabaseElsewhere() throws {
        let folder = TemporaryFolder()
        let db = try WritableDatabase(path: folder.path + "/db")
        for i in 0..<200 { try db.replaceDocument(uniqueTerm: "Q\(i)", with: try document("doc \(i)", terms: ["Q\(i)"])) }
        for i in 0..<100 { try db.deleteDocuments(withTerm: "Q\(i * 2)") }
        try db.setMetadata("k", Array("v".utf8))
        try db.commit()
        try db.compact(to: folder.path + "/compact")
        let compacted = try Database(path: folder.path + "/compact")
        #expect(try compacted.documentCount == 100)
        #expect(try compacted.documentData(forTerm: "Q3") == Array("doc 3".utf8))
        #expect(try compacted.metadata("k") == Array("v".utf8))
        #expect(try Database.check(path: folder.path + "/compact").errors == 0)
    }
}

@Suite struct ErrorPaths {
    @Test func openingAMissingDatabaseIsNotFound() throws {
        let folder = TemporaryFolder()
        let error = #expect(throws: XapianError.self) { try Database(path: folder.path + "/none") }
        #expect(error?.kind == .databaseNotFound || error?.kind == .databaseOpening)
        #expect(error?.message.isEmpty == false)
    }

    @Test func openingAFolderOfOtherFilesIsAnOpeningError() throws {
        let folder = TemporaryFolder()
        try "not xapian".write(toFile: folder.path + "/iamglass", atomically: true, encoding: .utf8)
        let error = #expect(throws: XapianError.self) { try Database(path: folder.path) }
        #expect(error?.kind == .databaseOpening || error?.kind == .databaseCorrupt)
    }

    @Test func aSecondWriterGetsTheLockError() throws {
        let folder = TemporaryFolder()
        let first = try WritableDatabase(path: folder.path)
        let error = #expect(throws: XapianError.self) { try WritableDatabase(path: folder.path) }
        #expect(error?.kind == .databaseLock)
        try first.close()
        // Xapian's lock is held by a child process, which exits after the close returns: on a loaded
        // machine the next writer may have to try again for a moment.
        var reopened = try? WritableDatabase(path: folder.path)
        for _ in 0..<100 where reopened == nil {
            usleep(10_000)
            reopened = try? WritableDatabase(path: folder.path)
        }
        #expect(reopened != nil)
    }

    @Test func creatingUnderAFileIsACreateError() throws {
        let folder = TemporaryFolder()
        try "x".write(toFile: folder.path + "/file", atomically: true, encoding: .utf8)
        let error = #expect(throws: XapianError.self) { try WritableDatabase(path: folder.path + "/file/db") }
        #expect(error?.kind == .databaseCreate || error?.kind == .databaseOpening)
    }

    @Test func writingThroughAReadOnlyHandleIsAnInvalidOperation() throws {
        let folder = TemporaryFolder()
        try WritableDatabase(path: folder.path).close()
        var error = cx_error()
        let db = cx_database_open(folder.path, Int32(CX_OPEN_READ_ONLY.rawValue), &error)!
        defer { cx_database_free(db) }
        #expect(!cx_database_commit(db, &error))
        #expect(error.kind == Int32(CX_ERROR_INVALID_OPERATION.rawValue))
    }

    @Test func truncationKeepsAWordsFirstCharacters() throws {
        let stemmer = try Stemmer(truncatingTo: 5)
        #expect(try stemmer.stem("καταρράκτες") == "καταρ")
        #expect(try stemmer.stem("kitaplarımızdan") == "kitap")
        #expect(try stemmer.stem("भारतीय") == "भारती")
        #expect(try stemmer.stem("dome") == "dome")
        let folder = TemporaryFolder()
        let db = try WritableDatabase(path: folder.path)
        try db.addDocument(try document("rock", text: "granites", generator: try TermGenerator(stemmer: stemmer)))
        try db.commit()
        var terms: [String] = []
        try db.forEachTerm(withPrefix: "") { term, _ in terms.append(term); return true }
        #expect(terms == ["Zgrani", "granites"])
    }

    /// Snowball algorithms newer than Xapian 1.4's come from the system's libstemmer, behind the
    /// same `Stemmer`: Hindi's strips its inflections, and Greek's (not used by Searchlight, which
    /// truncates Greek) shows that the fallback is for any name libstemmer knows.
    @Test func newerSnowballStemmersComeFromLibstemmer() throws {
        let hindi = try Stemmer(language: "hindi")
        #expect(try hindi.stem("लड़कों") == "लड़क")
        #expect(try hindi.stem("लड़का") == "लड़क")
        #expect(try hindi.stem("राष्ट्रगान") != (try hindi.stem("राष्ट्रपति")))
        let greek = try Stemmer(language: "greek")
        #expect(try greek.stem("ανθρώπων") == (try greek.stem("άνθρωπος")))
        let folder = TemporaryFolder()
        let db = try WritableDatabase(path: folder.path)
        try db.addDocument(try document("boys", text: "लड़कों", generator: try TermGenerator(stemmer: hindi)))
        try db.commit()
        var terms: [String] = []
        try db.forEachTerm(withPrefix: "Z") { term, _ in terms.append(term); return true }
        #expect(terms == ["Zलड़क"])
    }

    @Test func anUnknownStemmerIsAnInvalidArgument() throws {
        let error = #expect(throws: XapianError.self) { try Stemmer(language: "klingon") }
        #expect(error?.kind == .invalidArgument)
    }

    @Test func malformedQuerySyntaxIsAQueryParserError() throws {
        let parser = QueryParser()
        let error = #expect(throws: XapianError.self) { try parser.parse("a AND", flags: .standard) }
        #expect(error?.kind == .queryParser)
    }

    /// Xapian builds, matches and frees queries by recursion: text nested thousands deep is refused
    /// as a syntax error (the caller then searches plain words) instead of overflowing the stack.
    @Test func deeplyNestedQueryTextIsASyntaxError() throws {
        let parser = QueryParser()
        for text in [String(repeating: "NOT (", count: 25_000) + "a", String(repeating: "a AND (", count: 101) + "b"] {
            let error = #expect(throws: XapianError.self) { try parser.parse(text, flags: [.boolean, .phrase, .loveHate, .pureNot]) }
            #expect(error?.kind == .queryParser)
            #expect(error?.message.contains("nested deeper than") == true, "\(error?.message ?? "")")
            _ = try parser.parse(text, flags: [])
        }
        _ = try parser.parse(String(repeating: "a AND (", count: 100) + "b", flags: .standard)
    }

    @Test func aCorruptTableIsReported() throws {
        let folder = TemporaryFolder()
        let db = try WritableDatabase(path: folder.path)
        for i in 0..<200 { try db.addDocument(try document(String(repeating: "data \(i) ", count: 50), terms: ["Q\(i)"])) }
        try db.close()
        let table = folder.path + "/docdata.glass"
        let handle = FileHandle(forWritingAtPath: table)!
        handle.write(Data(repeating: 0xAB, count: 8192))
        try handle.close()
        do {
            #expect(try Database.check(path: folder.path).errors > 0)
        } catch {
            #expect(error.kind == .databaseCorrupt)
        }
    }
}

@Suite struct Querying {
    func sampleDatabase(_ folder: TemporaryFolder) throws -> WritableDatabase {
        let db = try WritableDatabase(path: folder.path)
        let generator = try TermGenerator(stemmer: try Stemmer(language: "english"))
        let texts = ["granite domes and granite cliffs", "waterfalls over granite", "desert arches at sunset"]
        for (i, text) in texts.enumerated() {
            let doc = try document("\(i)", terms: ["Q\(i)"], text: text, generator: generator)
            doc.addValue(Sortable.serialise(Double(i * 10)), slot: 3)
            try db.replaceDocument(uniqueTerm: "Q\(i)", with: doc)
        }
        try db.commit()
        return db
    }

    /// An enquire over the sample database for the parsed, stemmed query "granite".
    func graniteEnquire(_ db: Database) throws -> Enquire {
        let parser = QueryParser()
        try parser.setStemmer(try Stemmer(language: "english"))
        let enquire = try Enquire(database: db)
        enquire.query = try parser.parse("granite", flags: .standard)
        return enquire
    }

    @Test func parsedQueriesRankDocumentsWithMoreMatchesHigher() throws {
        let folder = TemporaryFolder()
        let enquire = try graniteEnquire(try sampleDatabase(folder))
        let page = try enquire.matches(offset: 0, limit: 10)
        #expect(page.count == 2)
        #expect(try page[0].data() == Array("0".utf8))
        #expect(page[0].weight > page[1].weight)
        #expect(page[1].rank == 1)
    }

    /// Xapian counts in 32 bits: a page past that is empty rather than a trap converting the offset.
    @Test func aPageBeyond32BitsIsEmpty() throws {
        let folder = TemporaryFolder()
        let enquire = try graniteEnquire(try sampleDatabase(folder))
        #expect(try enquire.matches(offset: 1 << 32, limit: 10).isEmpty)
        #expect(try enquire.matches(offset: Int.max, limit: Int.max).isEmpty)
        #expect(try enquire.matches(offset: 0, limit: 1 << 40).count == 2)
    }

    @Test func expansionTermsLeaveOutTheQuerysOwnTermsUnlessAsked() throws {
        let folder = TemporaryFolder()
        let enquire = try graniteEnquire(try sampleDatabase(folder))
        let relevant = try enquire.matches(offset: 0, limit: 10).map(\.docid)
        let expansion = try enquire.expansionTerms(from: relevant, maxTerms: 10).map(\.term)
        #expect(expansion.contains("Zdome") && !expansion.contains("Zgranit"))
        #expect(try enquire.expansionTerms(from: relevant, maxTerms: 10, includingQueryTerms: true).map(\.term).contains("Zgranit"))
    }

    @Test func aDocumentSetRestrictsAQueryWithoutChangingItsWeights() throws {
        let folder = TemporaryFolder()
        let db = try WritableDatabase(path: folder.path)
        let generator = try TermGenerator(stemmer: try Stemmer(language: "english"))
        for i in 0..<50 {
            let text = (0...(i % 7)).map { _ in "granite" }.joined(separator: " ") + (i % 3 == 0 ? " dome" : " arch")
            try db.replaceDocument(uniqueTerm: "Q\(i)", with: try document("\(i)", terms: ["Q\(i)"], text: text, generator: generator))
        }
        try db.commit()
        let enquire = try Enquire(database: db)
        let query = try Query.combine(.or, [Query.term("Zgranit"), Query.term("Zdome")])
        enquire.query = query
        let whole = Dictionary(uniqueKeysWithValues: try enquire.matches(offset: 0, limit: 50).map { ($0.docid, $0.weight) })
        #expect(whole.count == 50)
        // Out of order, repeated, and with a document the query does not match (no such docid).
        let pool: [UInt32] = [40, 3, 17, 3, 25, 1, 50, 999]
        enquire.query = try Query.combine(.filter, [query, Query.documents(pool, in: db)])
        let restricted = try enquire.matches(offset: 0, limit: 50)
        #expect(Set(restricted.map(\.docid)) == [1, 3, 17, 25, 40, 50])
        #expect(restricted.allSatisfy { $0.weight == whole[$0.docid] })
        #expect(restricted.map(\.weight) == restricted.map(\.weight).sorted(by: >))
        enquire.query = try Query.combine(.filter, [query, Query.documents([], in: db)])
        #expect(try enquire.matches(offset: 0, limit: 10).isEmpty)
    }

    @Test func valueRangesAndSortingUseSortableNumbers() throws {
        let folder = TemporaryFolder()
        let db = try sampleDatabase(folder)
        let enquire = try Enquire(database: db)
        enquire.query = try Query.valueRange(slot: 3, low: Sortable.serialise(5), high: nil)
        try enquire.setSort([.init(slot: 3, descending: true)])
        let page = try enquire.matches(offset: 0, limit: 10)
        #expect(try page.map { String(decoding: try $0.data(), as: UTF8.self) } == ["2", "1"])
    }

    @Test func rangeQueriesParseOnRegisteredFields() throws {
        let folder = TemporaryFolder()
        let db = try sampleDatabase(folder)
        let parser = QueryParser()
        try parser.addRange(field: "size", slot: 3, isDate: false)
        let enquire = try Enquire(database: db)
        enquire.query = try parser.parse("size:0..10", flags: .standard)
        #expect(try enquire.matches(offset: 0, limit: 10).count == 2)
    }

    /// A `..` that no range processor takes is not a range: its text is parsed as words, not refused
    /// (Xapian throws "Unknown range operation" for the whole text, whatever the flags).
    @Test func dotsThatAreNoRangeParseAsWords() throws {
        let parser = QueryParser()
        try parser.addRange(field: "size", slot: 3, isDate: false)
        for text in ["version 2..3", "1..", "year:abc..def", "size:abc..def", "a..b..c"] {
            for flags: QueryParser.Flags in [.standard, []] {
                let query = try parser.parse(text, flags: flags)
                #expect(!query.description.contains("VALUE_RANGE"), "\(text): \(query.description)")
            }
        }
        #expect(try parser.parse("version 2..3", flags: .standard).description.contains("version"))
        #expect(try parser.parse("size:0..10", flags: .standard).description.contains("VALUE_RANGE"))
    }

    @Test func sortableEncodingPreservesOrderAndValue() {
        let values: [Double] = [-1e9, -2.5, 0, 0.001, 3, 42.75, 1e12]
        let encoded = values.map(Sortable.serialise)
        #expect(encoded.map(Sortable.unserialise) == values)
        #expect(encoded == encoded.sorted { $0.lexicographicallyPrecedes($1) })
    }

    /// Chosen terms are scaled where they stand, under AND, OR and SYNONYM alike; a phrase, whose
    /// window Xapian 1.4 does not expose, is kept whole.
    @Test func chosenTermsAreScaledWhereTheyStand() throws {
        let parser = QueryParser()
        parser.setDefaultOperator(.or)
        let parsed = try parser.parse("decnet ออก อกซิ \"ออก phase\"", flags: .standard)
        let scaled = try parsed.scalingTerms(["ออก", "อกซิ"], by: 0.25)
        #expect(scaled.description.contains("0.25 * ออก@2"), "\(scaled.description)")
        #expect(scaled.description.contains("0.25 * อกซิ@3"), "\(scaled.description)")
        #expect(scaled.description.contains("(ออก@4 PHRASE 2 phase@5)"), "\(scaled.description)")
        #expect(!scaled.description.contains("0.25 * decnet"))
        let all = try parsed.regrouped(from: .or, to: .and).scalingTerms(["decnet"], by: 2)
        #expect(all.description.hasPrefix("Query((2 * decnet@1 AND"), "\(all.description)")
        #expect(try parsed.scalingTerms([], by: 0.5).description == parsed.description)
    }

    /// Chosen terms are replaced where they stand, under OR and AND; a phrase is kept whole, and
    /// the replacements may be released once the query is made.
    @Test func chosenTermsAreReplacedWhereTheyStand() throws {
        let parser = QueryParser()
        parser.setDefaultOperator(.or)
        let parsed = try parser.parse("cktex warnings \"cktex rules\" москва", flags: .standard)
        var replacements: [String: Query]? = [
            "cktex": try Query.combine(.synonym, [Query.term("ctex"), Query.term("chktex")]),
            "москва": Query.term("москве"),
        ]
        let replaced = try parsed.replacingTerms(replacements!)
        replacements = nil
        #expect(replaced.description.contains("(ctex SYNONYM chktex)"), "\(replaced.description)")
        #expect(replaced.description.contains("(cktex@3 PHRASE 2 rules@4)"), "\(replaced.description)")
        #expect(replaced.description.contains("москве") && replaced.description.contains("warnings@2"), "\(replaced.description)")
        let all = try parsed.regrouped(from: .or, to: .and).replacingTerms(["warnings": Query.term("warning")])
        #expect(all.description.contains("AND warning AND"), "\(all.description)")
        #expect(try parsed.replacingTerms([:]).description == parsed.description)
    }

    @Test func combinedQueriesDescribeThemselves() throws {
        let query = try Query.combine(.filter, [Query.term("zgranit"), Query.term("XT:trail")])
        #expect(query.description.contains("FILTER"))
        #expect(!query.isEmpty)
    }
}

/// A reader keeps the numbers of a value slot it has read (`Database.numbers`) until it moves to
/// another revision; a writer reads its own uncommitted values.
@Suite struct NumericColumns {
    /// 300 documents; the even ones hold `scale × docid` in slot 0, the odd ones nothing.
    private func fill(_ db: WritableDatabase, scale: Double) throws {
        for i in 1...300 {
            let doc = try document("\(i)", terms: ["Q\(i)"])
            if i % 2 == 0 { doc.addValue(Sortable.serialise(scale * Double(i)), slot: 0) }
            try db.replaceDocument(uniqueTerm: "Q\(i)", with: doc)
        }
    }

    private let docids: [UInt32] = [299, 2, 150, 64, 65, 128, 1, 300, 5000]

    private func expected(_ scale: Double) -> [Double] {
        docids.map { $0 <= 300 && $0 % 2 == 0 ? scale * Double($0) : 0 }
    }

    /// A writer that committed `fill(scale: 1.5)`, and a reader opened on that revision.
    private func committed(in folder: TemporaryFolder) throws -> (writer: WritableDatabase, reader: Database) {
        let writer = try WritableDatabase(path: folder.path)
        try fill(writer, scale: 1.5)
        try writer.commit()
        return (writer, try Database(path: folder.path))
    }

    @Test func aReaderReadsEachDocumentsNumberAndZeroWhereThereIsNone() throws {
        let folder = TemporaryFolder()
        let (_, reader) = try committed(in: folder)
        #expect(try reader.numbers(slot: 0, docids: docids) == expected(1.5))
        #expect(try reader.numbers(slot: 0, docids: docids) == expected(1.5))
        #expect(try reader.numbers(slot: 7, docids: docids) == docids.map { _ in 0 })
        #expect(try reader.numbers(slot: 0, docids: []) == [])
    }

    @Test func aReaderReopenedAtANewRevisionReadsTheNewNumbers() throws {
        let folder = TemporaryFolder()
        let (writer, reader) = try committed(in: folder)
        #expect(try reader.numbers(slot: 0, docids: docids) == expected(1.5))
        try fill(writer, scale: -4)
        #expect(try writer.numbers(slot: 0, docids: docids) == expected(-4))
        try writer.commit()
        try reader.reopen()
        #expect(try reader.numbers(slot: 0, docids: docids) == expected(-4))
    }
}

/// `MatchSet.estimatedMatches` estimates a query's matches from term frequencies alone, taking
/// sub-queries as independent (as Xapian's posting lists estimate themselves), and declines what
/// only a run can estimate.
@Suite struct MatchEstimates {
    /// 1,000 documents: "a" in every second, "b" every third, "c" every fifth (so the terms are as
    /// good as independent, and the estimate must come close to the exact count); slot 0 holds the docid.
    private func sample(_ folder: TemporaryFolder) throws -> WritableDatabase {
        let db = try WritableDatabase(path: folder.path)
        for i in 1...1000 {
            var terms = ["Q\(i)"]
            for (term, every) in [("a", 2), ("b", 3), ("c", 5)] where i % every == 0 { terms.append(term) }
            let doc = try document("\(i)", terms: terms)
            doc.addValue(Sortable.serialise(Double(i)), slot: 0)
            try db.replaceDocument(uniqueTerm: "Q\(i)", with: doc)
        }
        try db.commit()
        return db
    }

    @Test func independentTermsAreEstimatedAtTheirExactCount() throws {
        let folder = TemporaryFolder()
        let db = try sample(folder)
        let enquire = try Enquire(database: db)
        enquire.query = try Query.combine(.and, [Query.term("a"), Query.term("b")])
        let first = try enquire.matches(offset: 0, limit: 10)
        let a = Query.term("a"), b = Query.term("b"), c = Query.term("c")
        let expired = try Query.valueRange(slot: 0, low: nil, high: Sortable.serialise(0))
        let queries = [
            try Query.combine(.or, [a, b]),
            try Query.combine(.andNot, [try Query.combine(.or, [a, b]), c]),
            try Query.combine(.filter, [try Query.combine(.synonym, [b, c]), a]),
            try Query.combine(.andNot, [try Query.combine(.andMaybe, [try Query.combine(.or, [b, c]).scaled(by: 0.5), a]), expired]),
        ]
        for query in queries {
            enquire.query = query
            let exact = try enquire.matches(offset: 0, limit: 0, checkAtLeast: 1000).estimatedTotal
            let estimate = try #require(try first.estimatedMatches(of: query, database: db))
            #expect(abs(estimate - exact) <= 2, "\(query.description): \(estimate) against \(exact) matches")
        }
    }

    @Test func queriesOnlyARunCanEstimateAreDeclined() throws {
        let folder = TemporaryFolder()
        let db = try sample(folder)
        let enquire = try Enquire(database: db)
        enquire.query = Query.term("a")
        let first = try enquire.matches(offset: 0, limit: 10)
        let range = try Query.valueRange(slot: 0, low: Sortable.serialise(10), high: Sortable.serialise(20))
        #expect(try first.estimatedMatches(of: try Query.combine(.filter, [Query.term("a"), range]), database: db) == nil)
        let parser = QueryParser()
        parser.setDatabase(db)
        #expect(try first.estimatedMatches(of: try parser.parse("Q1*", flags: .wildcard), database: db) == nil)
    }
}

/// Chinese, Japanese and Korean have no spaces between words: with the n-gram flags on both
/// sides, a span is indexed as its characters and their pairs, and a query of any part of it matches.
@Suite struct CJKNGrams {
    func matches(_ db: Database, _ text: String, flags: QueryParser.Flags) throws -> [String] {
        let parser = QueryParser()
        let enquire = try Enquire(database: db)
        enquire.query = try parser.parse(text, flags: flags)
        return try enquire.matches(offset: 0, limit: 10).map { String(decoding: try $0.data(), as: UTF8.self) }
    }

    @Test func aCJKSpanIsFoundByItsCharactersAndWords() throws {
        let folder = TemporaryFolder()
        let db = try WritableDatabase(path: folder.path)
        let generator = try TermGenerator(stemmer: nil)
        generator.cjkNGrams = true
        try db.addDocument(try document("night", text: "東京の夜", generator: generator))
        try db.addDocument(try document("kyoto", text: "京都の朝 morning", generator: generator))
        try db.commit()
        var terms: [String] = []
        try db.forEachTerm(withPrefix: "") { term, _ in terms.append(term); return true }
        #expect(Set(["東", "京", "の", "夜", "東京", "京の", "の夜"]).isSubset(of: terms))

        let cjk: QueryParser.Flags = [.standard, .cjkNGram]
        #expect(try matches(db, "夜", flags: cjk) == ["night"])
        #expect(try matches(db, "東京", flags: cjk) == ["night"])
        #expect(try matches(db, "京都", flags: cjk) == ["kyoto"])
        #expect(try matches(db, "morning", flags: cjk) == ["kyoto"])
        #expect(try matches(db, "\"東京の\"", flags: cjk) == ["night"])
        // Without the flag the parser reads a span as one word, which is no term of the index
        // unless it happens to be a pair.
        #expect(try matches(db, "東京の", flags: .standard).isEmpty)
        #expect(try matches(db, "東京の", flags: cjk) == ["night"])
    }

    @Test func withoutTheFlagASpanIsOneTerm() throws {
        let folder = TemporaryFolder()
        let db = try WritableDatabase(path: folder.path)
        let generator = try TermGenerator(stemmer: nil)
        try db.addDocument(try document("night", text: "東京の夜", generator: generator))
        generator.cjkNGrams = true
        generator.cjkNGrams = false
        try db.addDocument(try document("again", text: "東京の夜", generator: generator))
        try db.commit()
        #expect(try db.termFrequency("東京の夜") == 2)
        #expect(try db.termFrequency("夜") == 0)
    }
}
