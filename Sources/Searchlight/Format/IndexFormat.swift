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

    /// The revision of the text analysis this build indexes and searches with: how words are
    /// folded, cut and stemmed. Unlike the format version it does not make an index unreadable: an
    /// index whose entities were analysed by another revision is still searched, but words whose
    /// analysis changed between the two may be missed until it is rebuilt from its data, which
    /// `EntityIndex.textRevision` tells. docs/FORMAT.md lists what each revision changed.
    ///
    /// ```swift
    /// if try index.textRevision != IndexFormat.textRevision { print("rebuild \(index.path)") }
    /// ```
    public static let textRevision = 5

    /// What to tell the user of an index whose entities were analysed by text revision `revision`;
    /// nil when it is this build's.
    ///
    /// ```swift
    /// if let advice = IndexFormat.textRevisionAdvice(try index.textRevision) { print("warning: \(advice)") }
    /// ```
    /// - Parameter revision: the index's text revision (`EntityIndex.textRevision`).
    public static func textRevisionAdvice(_ revision: Int) -> String? {
        if revision < textRevision {
            return "its entities were analysed by text revision \(revision) and this build searches with revision \(textRevision), "
                + "so words whose analysis changed since may be missed (docs/FORMAT.md lists the changes): delete every entity and index them again"
        }
        if revision > textRevision {
            return "its entities were analysed by text revision \(revision), newer than this build's \(textRevision), "
                + "so words whose analysis changed may be missed: search it with the build that wrote it"
        }
        return nil
    }

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
