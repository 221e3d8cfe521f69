import CXapian

/// A document under construction: data, terms and values.
///
/// ```swift
/// let doc = Document()
/// doc.setData(Array(#"{"id":1}"#.utf8))
/// doc.addBooleanTerm("XT:trail")
/// doc.addValue(Sortable.serialise(4.5), slot: 2)
/// ```
public final class Document {
    let handle: OpaquePointer

    public init() {
        handle = cx_document_new()
    }

    deinit { cx_document_free(handle) }

    public func setData(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cx_document_set_data(handle, $0.baseAddress, $0.count) }
        }
    }

    /// A term that only filters (no within-document frequency, no effect on ranking).
    public func addBooleanTerm(_ term: String) { addTerm(term, wdf: 0) }

    /// A term with a within-document frequency; `wdf: 0` makes it boolean.
    public func addTerm(_ term: String, wdf: UInt32 = 1) {
        try? withUTF8Bytes(term) { bytes, count in cx_document_add_term(handle, bytes, count, wdf) }
    }

    public func addValue(_ value: [UInt8], slot: UInt32) {
        value.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cx_document_add_value(handle, slot, $0.baseAddress, $0.count) }
        }
    }
}

/// Xapian's order-preserving encoding of numbers, for value slots that are sorted or ranged.
///
/// ```swift
/// let key = Sortable.serialise(12.5)
/// assert(Sortable.unserialise(key) == 12.5)
/// ```
public enum Sortable {
    public static func serialise(_ value: Double) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 9) { buffer in
            let count = cx_sortable_serialise(value, buffer.baseAddress!)
            return UnsafeRawBufferPointer(start: buffer.baseAddress, count: count).map { $0 }
        }
    }

    public static func unserialise(_ bytes: [UInt8]) -> Double {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cx_sortable_unserialise($0.baseAddress, $0.count) }
        }
    }
}
