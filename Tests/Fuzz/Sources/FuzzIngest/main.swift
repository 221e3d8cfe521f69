import Foundation
import FuzzSupport
import Searchlight

// libFuzzer harness: the JSON Lines ingest path. The bytes go through JSONValue(parsing:) and then,
// written to a .jsonl file, through JSONLinesIngest against Corpus/schema.json into one reused
// index that is emptied after every input (deleteAll), so each input starts from the same state.
private let folder = FuzzSupport.temporaryFolder("ingest")
private let input = folder + "/input.jsonl"
private let index: EntityIndex = {
    do {
        let index = try EntityIndex(path: folder + "/index", mode: .readWrite)
        try index.register(FuzzSupport.schema)
        return index
    } catch { fatalError("cannot create the ingest index: \(error)") }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    _ = try? JSONValue(parsing: bytes)
    _ = try? JSONValue(parsing: String(decoding: bytes, as: UTF8.self))

    guard FileManager.default.createFile(atPath: input, contents: Data(bytes)) else { fatalError("cannot write \(input)") }
    // Odd sizes stop at the first invalid line (nothing written); even sizes skip invalid lines.
    let options = JSONLinesIngest.Options(schema: FuzzSupport.schema, skipInvalid: size % 2 == 0, batchSize: 4)
    if (try? JSONLinesIngest(index: index, files: [input], options: options).run()) != nil {
        _ = try? index.search(SearchRequest("trail"))
    }
    _ = try? index.deleteAll()
    return 0
}

/// The process entry point (see FuzzSupport.runFuzzer): runs libFuzzer over `fuzz`.
@_cdecl("FuzzIngest_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzSupport.runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
