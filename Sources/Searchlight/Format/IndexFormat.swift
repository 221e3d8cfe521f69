/// The on-disk format of an index: its version and the value slots every index has. The terms are
/// in `IndexTerms`, the metadata keys in `IndexMetadata`, the stored entity in `StoredData`, the
/// length normalisation of wdfs in `LengthNormalization`, the attribute slots in `Schema+Slots`;
/// docs/FORMAT.md is the specification of all of them.
///
/// ```swift
/// try writer.setMetadata(IndexMetadata.formatVersion, Array(String(IndexFormat.version).utf8))
/// ```
public enum IndexFormat {
    /// The format this build writes and reads. It changes whenever an index written before would
    /// be read wrongly; an index of another version is refused (`SearchlightError.notAnIndex`)
    /// and must be rebuilt from its data.
    public static let version = 9

    /// The value slots every index has; attribute keys get slots from `firstAttribute` on.
    enum Slot {
        /// log(1 + ranking hint), `sortable_serialise`d.
        static let rankingHint: UInt32 = 0
        /// The expiration date in seconds since 1970, `sortable_serialise`d.
        static let expiration: UInt32 = 1
        /// The entity's type name (facet counts by type).
        static let type: UInt32 = 2
        /// The first slot given to an attribute key.
        static let firstAttribute: UInt32 = 3
    }
}
