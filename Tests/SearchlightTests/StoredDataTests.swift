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

    @Test func damagedDataIsNotReadAsAnEntity() {
        let stored = StoredData.Encoder().pack(Array(#"{"type":"trail","id":"a","attributes":{}}"#.utf8))
        #expect(StoredData.unpack(Array(stored.dropLast(3))) == nil)
        #expect(StoredData.unpack(Array("not a frame".utf8)) == nil)
        #expect(StoredData.unpack([]) == nil)
        #expect(EntityIndex.entity(fromData: Array(#"{"type":"trail","id":"a","attributes":{}}"#.utf8)) == nil,
                "plain JSON is not the stored form")
    }
}
