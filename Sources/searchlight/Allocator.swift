import Glibc

/// glibc's allocator, tuned for a process that answers queries.
///
/// A search decodes its hits into Swift strings; a hit with a long text (an 82 KB Debian
/// description) allocates a few hundred KB that are freed when the search ends. By default glibc
/// hands such memory back to the kernel as soon as 128 KB are free at the top of the heap (and
/// maps blocks of 128 KB or more on their own), so the next search faults the same pages in again:
/// a third of such a search's time on debian-x1 ("sugar lisp like": 230 µs, 161 µs with the
/// memory kept). The CLI's reading commands keep up to 32 MB of freed memory for the next query.
///
/// ```swift
/// Allocator.keepFreedMemory()   // before the first query of a process
/// ```
enum Allocator {
    /// The most glibc accepts for M_MMAP_THRESHOLD on 64-bit machines; used for both settings.
    static let keptBytes: Int32 = 32 << 20

    static func keepFreedMemory() {
        // mallopt(3) is not in Swift's Glibc module (malloc.h is not part of it); the options are
        // M_TRIM_THRESHOLD (-1) and M_MMAP_THRESHOLD (-3) of <malloc.h>.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(-1, keptBytes)
        _ = mallopt(-3, keptBytes)
    }
}
