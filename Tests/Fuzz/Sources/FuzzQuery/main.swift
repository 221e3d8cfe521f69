import FuzzSupport
import Searchlight

// libFuzzer harness: the string-query parser (words, "phrases", AND/OR/NOT, -word, field:word,
// key:low..high, type:name) run against a tiny index in every match mode, plus suggest().
// A thrown SearchlightError is an accepted outcome; a trap or sanitizer report is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let index = FuzzSupport.tinyIndex
    for mode in SearchRequest.MatchMode.allCases {
        _ = try? index.search(SearchRequest(text, match: mode))
    }
    _ = try? index.search(SearchRequest(text, types: ["trail"], facets: ["difficulty"], limit: 3, offset: 1))
    _ = try? index.suggest(text)
    return 0
}

/// The process entry point (see FuzzSupport.runFuzzer): runs libFuzzer over `fuzz`.
@_cdecl("FuzzQuery_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzSupport.runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
