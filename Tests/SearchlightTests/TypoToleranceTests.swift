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

    @Test func wordsAreForgivenEditsByLength() {
        #expect(TypoCorrections.allowedEdits("kafk") == 0)
        #expect(TypoCorrections.allowedEdits("kafka") == 1)
        #expect(TypoCorrections.allowedEdits("thunderbi") == 2)
        #expect(!TypoCorrections.isCorrectable("python3"))
        #expect(!TypoCorrections.isCorrectable("12345"))
        #expect(TypoCorrections.isCorrectable("wireshrak"))
    }

    func index(_ folder: TemporaryFolder) throws -> EntityIndex {
        let index = try openIndex(folder)
        try index.index([
            trail("wireshark", "Wireshark Ridge", description: "a ridge above the network of valleys"),
            trail("thunder", "Thunderbird Lake", description: "email the ranger before you camp"),
            trail("python", "Python Pass", description: "a pass named for the requests of early surveyors"),
            trail("meadow", "Meadow Loop", description: "a short loop"),
            trail("v2", "Version Two", description: "route 12345 and route 12346"),
        ])
        return index
    }

    @Test func aWordNoEntityHasFindsTheClosestWordAndSaysSo() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        for (typed, id, corrected) in [("wireshrak", "wireshark", "wireshark"), ("thunderbrid emial", "thunder", "thunderbird email"),
                                       ("pyhton requsts", "python", "python requests")] {
            let found = try index.search(SearchRequest(typed))
            #expect(found.results.first?.entity.id.stringValue == id, "\(typed)")
            #expect(found.correction == corrected && found.correctionSearched, "\(typed)")
            var off = SearchRequest(typed)
            off.typos = .off
            #expect(try index.search(off).results.isEmpty, "\(typed) with typos off")
        }
    }

    @Test func knownWordsShortWordsAndNumbersMatchOnlyAsTyped() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        let exact = try index.search(SearchRequest("meadow"))
        #expect(exact.results.map(\.entity.id.stringValue) == ["meadow"])
        #expect(!exact.correctionSearched)
        #expect(try index.search(SearchRequest("loup")).results.isEmpty)     // four letters: no typo forgiven
        #expect(try index.search(SearchRequest("12347")).results.isEmpty)    // a number never matches by typo
        #expect(try index.search(SearchRequest("\"wireshrak ridge\"")).results.isEmpty)   // nor a quoted phrase
    }

    @Test func aWordBeingTypedIsCorrectedOnlyWhenNothingBeginsWithIt() throws {
        let folder = TemporaryFolder()
        let index = try index(folder)
        #expect(try index.search(SearchRequest.typed("wiresh")).results.first?.entity.id.stringValue == "wireshark")
        #expect(try index.search(SearchRequest.typed("wiresh")).correctionSearched == false)
        let typo = try index.search(SearchRequest.typed("wireshrak"))
        #expect(typo.results.first?.entity.id.stringValue == "wireshark")
        #expect(typo.correctionSearched)
    }
}
