import Foundation
import Testing
@testable import Searchlight

@Suite struct StoredDataTests {
    @Test func entityJSONRoundTripsThroughItsStoredForm() throws {
        let json = Array(#"{"type":"trail","id":"é-1","attributes":{"name":"Mist Trail","body":"granite \#(String(repeating: "waterfall ", count: 200))"}}"#.utf8)
        let encoder = StoredData.Encoder()
        let stored = encoder.pack(json)
        #expect(stored.count < json.count / 4, "repetitive text should compress")
        #expect(StoredData.unpack(stored) == json)
        #expect(StoredData.unpack(encoder.pack([])) == [])
    }

    @Test func storedAttributesReadAsTheyWereWrittenAndOddValuesAreSkipped() throws {
        let entity = Entity(type: "trail", id: "t1", attributes: [
            "name": "Mist \"Trail\"\nupper", "length": 4.5, "visits": 12, "open": true, "tags": ["steep", "wet"], "none": [],
        ])
        let json = Array(entity.jsonValue.jsonText.utf8)
        let read = try #require(json.withUnsafeBytes { Entity(storedJSON: $0) })
        #expect(read == entity)
        // Values the stored form never holds are left out, and the members after them still read.
        let odd = Array(#"{"type":"trail","id":"t2","attributes":{"a":null,"b":[1,[2]],"c":{"d":1},"e":[1,null],"f":"kept","g":[3,4]}}"#.utf8)
        let oddRead = try #require(odd.withUnsafeBytes { Entity(storedJSON: $0) })
        #expect(oddRead.attributes.entries.map(\.key) == ["f", "g"])
        #expect(oddRead.attributes["g"] == [3, 4])
        let broken = Array(#"{"type":"trail","id":"t3","attributes":{"a":[1,}}"#.utf8)
        #expect(broken.withUnsafeBytes { Entity(storedJSON: $0) } == nil)
    }

    @Test func damagedDataIsNotReadAsAnEntity() {
        let stored = StoredData.Encoder().pack(Array(#"{"type":"trail","id":"a","attributes":{}}"#.utf8))
        #expect(StoredData.unpack(Array(stored.dropLast(3))) == nil)
        #expect(StoredData.unpack(Array("not a frame".utf8)) == nil)
        #expect(StoredData.unpack([]) == nil)
        #expect(EntityIndex.entity(fromData: Array(#"{"type":"trail","id":"a","attributes":{}}"#.utf8)) == nil,
                "plain JSON is not the stored form")
    }

    /// Entity JSON of `count` trails, each with words of its own and words they share.
    static func trailJSON(_ count: Int, from first: Int = 0) -> [[UInt8]] {
        (first..<first + count).map { i in
            Array(#"{"type":"trail","id":"t\#(i)","attributes":{"name":"Trail \#(i)","region":"Sierra","description":"granite waterfall \#(i * 7919 % 1000) meadow","length":\#(Double(i) / 10)}}"#.utf8)
        }
    }

    @Test func aDictionaryTrainedOnEntitiesShrinksThemAndReadsBack() throws {
        let samples = Self.trailJSON(1000)
        var sampler = StoredData.Sampler(expectedBytes: samples.reduce(0) { $0 + $1.count })
        var seen = 0
        for sample in samples {
            seen += sample.count
            sample.withUnsafeBytes { sampler.offer($0, after: seen) }
        }
        let dictionary = try #require(StoredData.Dictionary.trained(on: sampler))
        #expect(dictionary.id != 0)
        #expect(StoredData.Dictionary.registered(dictionary.bytes) === dictionary, "registering the same bytes again finds the same dictionary")
        let plain = StoredData.Encoder()
        let trained = StoredData.Encoder()
        trained.dictionary = dictionary
        let json = Self.trailJSON(1, from: 5000)[0]
        let small = trained.pack(json)
        #expect(small.count < plain.pack(json).count * 2 / 3)
        #expect(StoredData.unpack(small) == json)
        // A frame naming a dictionary this process never registered is unreadable, not misread.
        var unknown = small
        let idOffset = 5  // magic (4 bytes), frame header descriptor; single-segment frames have no window byte
        unknown.withUnsafeMutableBytes { $0[idOffset] ^= 0xFF }
        #expect(StoredData.unpack(unknown) == nil)
    }

    @Test func tooFewSamplesTrainNoDictionary() {
        var sampler = StoredData.Sampler(expectedBytes: 10_000)
        for sample in Self.trailJSON(StoredData.Dictionary.minimumSamples - 1) { sample.withUnsafeBytes { sampler.offer($0, after: 0) } }
        #expect(StoredData.Dictionary.trained(on: sampler) == nil)
    }

    @Test func samplesAreSpreadOverTheWholeInput() {
        // 10 MB of input for a 2 MB budget: about every fifth sample, up to the last part.
        let size = 1000
        let count = 10 * StoredData.Dictionary.trainingBytes / size
        var sampler = StoredData.Sampler(expectedBytes: count * size)
        var taken: [Int] = []
        let sample = [UInt8](repeating: 0x61, count: size)
        for i in 0..<count {
            let before = sampler.sizes.count
            sample.withUnsafeBytes { sampler.offer($0, after: (i + 1) * size) }
            if sampler.sizes.count > before { taken.append(i) }
        }
        #expect(taken.count >= StoredData.Dictionary.trainingBytes / size - 1)
        #expect(taken.last! >= count * 9 / 10, "the last tenth of the input is sampled too")
        #expect(taken[taken.count / 2] > count * 4 / 10 && taken[taken.count / 2] < count * 6 / 10)
    }

    @Test func anIndexTrainsItsDictionaryOnceAndReadersPickItUp() throws {
        let folder = TemporaryFolder()
        let index = try openIndex(folder)
        try index.index([trail("first", "First Trail")])
        #expect(index.dictionary == nil, "one entity is too few to learn from")
        let reader = try EntityIndex(path: index.path)
        #expect(reader.dictionary == nil)
        let trails = (0..<400).map { trail("t\($0)", "Trail \($0)", description: "granite waterfall \($0 * 31 % 97)") }
        try index.index(trails)
        #expect(index.dictionary != nil)
        try reader.reopen()
        #expect(reader.dictionary != nil)
        let references = trails.map(\.reference)
        #expect(try reader.entities(for: references).map(\.attributes) == trails.map(\.attributes))
        #expect(try EntityIndex(path: index.path).entities(for: [EntityReference(type: "trail", id: "first")]).count == 1,
                "entities written before the dictionary still read")
        #expect(try IndexCheckReport(checking: index.path).isConsistent)
    }
}
