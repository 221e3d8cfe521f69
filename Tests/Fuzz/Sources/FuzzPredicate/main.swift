import Foundation
import FuzzSupport
import Searchlight

// libFuzzer harness: the Core Spotlight query-string parser, EntityPredicate(spotlight:), and on
// success the predicate evaluated as a search filter on a tiny index.
private let now = Date(timeIntervalSince1970: 1_750_000_000)   // fixed, so runs reproduce

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let predicate = try? EntityPredicate(spotlight: text, now: now) else { return 0 }
    let index = FuzzSupport.tinyIndex
    _ = try? index.search(SearchRequest("", filter: predicate))
    _ = try? index.search(SearchRequest("trail", types: ["trail"], filter: predicate, sort: [SortDescriptor("rating", descending: true)]))
    return 0
}

/// The process entry point (see FuzzSupport.runFuzzer): runs libFuzzer over `fuzz`.
@_cdecl("FuzzPredicate_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzSupport.runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
