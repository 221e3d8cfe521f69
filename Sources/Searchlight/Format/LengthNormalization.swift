/// BM25's document-length normalisation, applied when a document is written rather than when it
/// is scored.
///
/// BM25 divides a term's frequency by `1 - b + b * length / averageLength`. Asked to do that at
/// query time, Xapian reads the length of every candidate from the index's document-length list;
/// candidates spread over a large index touch nearly all of it (about 2 MB at 640,000 entities,
/// read block by block). Here each term's wdf is written already divided, in units of `scale`, and
/// queries use b = 0 with k1 in the same units (`Ranking`): BM25's scores for this length (the
/// searchable-by-default words times their weights) to the wdf's rounding, without the reads.
/// The average length is fixed when an index gets its first entities with words, and stored.
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
            for element in value.elements { length += attribute.weight * Words.count(element.text) }
        }
        return Double(length)
    }

    /// As stored in the index's metadata.
    var stored: [UInt8] { Array(String(averageLength).utf8) }

    init(averageLength: Double) { self.averageLength = averageLength }

    init?(stored: [UInt8]) {
        guard let average = Double(String(decoding: stored, as: UTF8.self)), average.isFinite, average >= 0 else { return nil }
        averageLength = average
    }
}

/// The average length of a batch's or an ingest's entities (an ingest gathers it in its first
/// pass): exact over the entities of known types; for those whose type is still being inferred,
/// from a uniform sample of their lines (reservoir sampling), measured once the schema is known.
///
/// ```swift
/// var survey = LengthSurvey()
/// survey.count(entity, type: type)                 // a line of a known type
/// survey.sampleLineOfInferredType(lineBytes)       // a line whose type is being inferred
/// let normalization = survey.normalization(decoder: EntityDecoder(schema: schema))
/// ```
struct LengthSurvey {
    /// Lines of inferred types kept for measuring, and the longest such line kept.
    static let inferredSample = 1_000
    static let longestSampledLine = 1 << 16

    private var knownTotal = 0.0
    private var knownCount = 0
    private var inferredLines: [[UInt8]] = []
    private var inferredCount = 0
    private var random = SplitMix64(state: 0x5EED)

    mutating func count(_ entity: Entity, type: EntityType) {
        knownTotal += LengthNormalization.length(of: entity, type: type)
        knownCount += 1
    }

    mutating func sampleLineOfInferredType(_ line: UnsafeRawBufferPointer) {
        inferredCount += 1
        guard line.count <= Self.longestSampledLine else { return }
        if inferredLines.count < Self.inferredSample {
            inferredLines.append(Array(line))
        } else {
            let slot = Int(random.next() % UInt64(inferredCount))
            if slot < Self.inferredSample { inferredLines[slot] = Array(line) }
        }
    }

    /// The normalisation for the surveyed entities, their sampled lines decoded with the final
    /// schema; nil when they have no searchable words.
    func normalization(decoder: EntityDecoder) -> LengthNormalization? {
        var total = knownTotal
        var measured = 0
        var inferredTotal = 0.0
        for line in inferredLines {
            guard let json = try? JSONValue(parsing: String(decoding: line, as: UTF8.self)), let entity = try? decoder.entity(from: json),
                  let type = decoder.schema.type(named: entity.type) else { continue }
            inferredTotal += LengthNormalization.length(of: entity, type: type)
            measured += 1
        }
        if measured > 0 { total += inferredTotal / Double(measured) * Double(inferredCount) }
        let count = knownCount + (measured > 0 ? inferredCount : 0)
        return total > 0 ? LengthNormalization(averageLength: total / Double(count)) : nil
    }
}

/// SplitMix64: a small, seeded generator, so a run samples the same lines each time.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
