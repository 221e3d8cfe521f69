/// BM25's document-length normalisation, applied when a document is written rather than when it
/// is scored.
///
/// BM25 divides a term's frequency by `1 - b + b * length / averageLength`. Asked to do that at
/// query time, Xapian reads the length of every candidate from the index's document-length list;
/// candidates spread over a large index touch nearly all of it (about 2 MB at 640,000 entities,
/// read block by block). Here each term's wdf is written already divided, in units of `scale`, and
/// queries use b = 0 with k1 in the same units (`Ranking`): the same scores, without the reads.
/// The average length is fixed when an index gets its first entities and stored with it.
///
/// ```swift
/// let normalization = LengthNormalization(averageLength: 96)
/// normalization.wdf(weight: 5, length: 48)   // a title word in a short document: 256
/// ```
struct LengthNormalization: Sendable, Equatable {
    /// The wdf of one occurrence, weight 1, in a document of average length.
    static let scale = 32.0
    /// BM25's b.
    static let b = 0.75
    /// Xapian's `min_normlen`: documents shorter than half the average count as half of it.
    static let shortest = 0.5

    let averageLength: Double

    /// The wdf increment of one occurrence of a word of an attribute of `weight`, in a document of `length`.
    func wdf(weight: Int, length: Double) -> UInt32 {
        let relative = averageLength > 0 ? max(length / averageLength, Self.shortest) : 1
        return UInt32(max(1, (Double(weight) * Self.scale / (1 - Self.b + Self.b * relative)).rounded()))
    }

    /// An entity's length as BM25 counts it: the words of its searchable-by-default text, each
    /// times its attribute's weight.
    static func length(of entity: Entity, type: EntityType) -> Double {
        var length = 0
        for (key, value) in entity.attributes {
            guard let attribute = type.attribute(key), attribute.searchable, attribute.searchableByDefault else { continue }
            for element in value.elements { length += attribute.weight * IndexTerms.wordCount(element.text) }
        }
        return Double(length)
    }

    /// The normalisation for an index whose entities look like `entities`; nil for none.
    static func averaging(_ entities: some Sequence<Entity>, schema: Schema) -> LengthNormalization? {
        var total = 0.0, count = 0
        for entity in entities {
            guard let type = schema.type(named: entity.type) else { continue }
            total += length(of: entity, type: type)
            count += 1
        }
        return count == 0 ? nil : LengthNormalization(averageLength: total / Double(count))
    }

    /// As stored in the index's metadata.
    var stored: [UInt8] { Array(String(averageLength).utf8) }

    init(averageLength: Double) { self.averageLength = averageLength }

    init?(stored: [UInt8]) {
        guard let average = Double(String(decoding: stored, as: UTF8.self)), average.isFinite, average >= 0 else { return nil }
        averageLength = average
    }
}
