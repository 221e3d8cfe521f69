/// Metadata keys stored in the index, committed together with the documents.
enum IndexMetadata {
    static let formatVersion = "searchlight.format"
    static let schema = "searchlight.schema"
    static let checkpoint = "searchlight.checkpoint"
    /// The zstd dictionary of the stored entity data (see `StoredData`), once one is trained.
    static let dictionary = "searchlight.dictionary"
    /// The average entity length wdfs are normalised by (see `LengthNormalization`), fixed with the first entities.
    static let averageLength = "searchlight.averageLength"
    /// The average title length the words of titles are normalised by (see `LengthNormalization`),
    /// fixed with the first entities; absent in indexes written before.
    static let averageTitleLength = "searchlight.averageTitleLength"
    /// The average length of each attribute searched by default, by key, that the words of those of
    /// weight above 1 other than titles are normalised by (see `LengthNormalization`), fixed with
    /// the first entities; absent in indexes written before.
    static let averageFieldLengths = "searchlight.averageFieldLengths"
    /// The text revision (`IndexFormat.textRevision`) the index's entities were analysed by, as ASCII
    /// decimal, written with the first entities; absent in indexes written before revisions were
    /// recorded (revision 1).
    static let textRevision = "searchlight.textRevision"
    /// The languages the entities of types with a `languageAttribute` are in (see `EntityLanguages`).
    static let languages = "searchlight.languages"
    /// How many Xapian changesets the index's writers keep for replicas, as ASCII decimal; absent: none
    /// (see `Changesets`).
    static let changesets = "searchlight.changesets"

    /// The best completions of a short prefix, as JSON `[[text, count], …]` (see `ShortPrefixTables`).
    static func completions(_ prefix: String) -> String { "searchlight.completions." + prefix }
    /// The best entities with a title word beginning with a short prefix, as little-endian 32-bit docids.
    static func prefixEntities(_ prefix: String) -> String { "searchlight.prefix." + prefix }
}
