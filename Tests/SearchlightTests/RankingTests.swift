import Foundation
import Testing
@testable import Searchlight

/// BM25's length normalisation, written into the wdfs (`LengthNormalization`), must score as BM25 does.
@Suite struct LengthNormalizedRanking {
    static let schema = try! Schema(jsonText: """
        {"types": [{"name": "note", "display": {"title": "text"}, "attributes": [{"key": "text", "kind": "text"}]}]}
        """, source: "test")

    @Test func scoresAreBM25WithItsLengthNormalisation() throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Self.schema)
        let texts = ["1": "alpha beta", "2": "alpha b c d e f g h i j k l", "3": "gamma", "4": "alpha alpha alpha delta"]
        try index.index(texts.sorted { $0.key < $1.key }.map { Entity(type: "note", id: .string($0.key), attributes: ["text": .string($0.value)]) })

        let lengths = texts.mapValues { Double($0.split(separator: " ").count) }
        let average = lengths.values.reduce(0, +) / Double(lengths.count)
        #expect(try #require(index.normalization).averageLength == average)

        // Xapian's BM25 idf for a term in 3 of 4 documents (its floor for common terms included).
        let ratio = (4.0 - 3 + 0.5) / (3 + 0.5)
        let idf = log(ratio < 2 ? ratio * 0.5 + 1 : ratio)
        let found = try index.search(SearchRequest("alpha "))
        #expect(found.results.count == 3)
        for result in found.results {
            let id = result.entity.id.stringValue
            let occurrences = Double(texts[id]!.split(separator: " ").filter { $0 == "alpha" }.count)
            // BM25: tf / (1 - b + b * max(length / average, 0.5)), with the wdf's rounding to 1/32.
            let normalized = occurrences * Double(LengthNormalization(averageLength: average).wdf(weight: 1, length: lengths[id]!)) / LengthNormalization.scale
            let expected = idf * (Ranking.k1 + 1) * normalized / (Ranking.k1 + normalized)
            #expect(abs(result.score - expected) < 1e-9, "note \(id): \(result.score) vs \(expected)")
        }
        // The short note beats the long one, which has the word as often.
        #expect(found.results.map(\.entity.id.stringValue) == ["4", "1", "2"])
    }

    @Test func theAverageIsFixedByTheFirstEntitiesAndStored() throws {
        let folder = TemporaryFolder()
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(Self.schema)
        #expect(index.normalization == nil)
        try index.index([Entity(type: "note", id: "1", attributes: ["text": "one two three four"])])
        try index.index([Entity(type: "note", id: "2", attributes: ["text": "one"])])
        #expect(index.normalization?.averageLength == 4)
        let reader = try EntityIndex(path: folder.path + "/index")
        #expect(reader.normalization?.averageLength == 4)
    }

    @Test func aSurveyMeasuresInferredTypesFromAUniformSampleOfTheirLines() throws {
        var survey = LengthSurvey()
        var exact = 0.0
        for i in 0..<5_000 {
            let count = i % 10 == 0 ? 300 : 2 + i % 5
            exact += Double(count)
            let line = #"{"type":"note","id":"\#(i)","attributes":{"text":"\#(String(repeating: "word ", count: count))"}}"#
            Array(line.utf8).withUnsafeBytes { survey.sampleLineOfInferredType($0) }
        }
        exact /= 5_000
        let average = try #require(survey.normalization(decoder: EntityDecoder(schema: Self.schema))).averageLength
        #expect(abs(average - exact) / exact < 0.1, "\(average) vs \(exact)")
        #expect(LengthSurvey().normalization(decoder: EntityDecoder(schema: Self.schema)) == nil)
    }

    @Test func wdfsAreWeightTimesScaleOverBM25sDivisor() {
        let normalization = LengthNormalization(averageLength: 100)
        #expect(normalization.wdf(weight: 1, length: 100) == 32)
        #expect(normalization.wdf(weight: 5, length: 10) == 256)            // shorter than half the average counts as half
        #expect(normalization.wdf(weight: 1, length: 1_000) == 4)           // 32 / 7.75
        #expect(normalization.wdf(weight: 1, length: 1_000_000) == 1)       // never 0
        #expect(LengthNormalization(stored: normalization.stored) == normalization)
        #expect(LengthNormalization(stored: Array("not a number".utf8)) == nil)
    }
}
