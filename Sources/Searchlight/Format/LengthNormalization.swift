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
/// The words of an entity's title are divided by the title's own length against the average
/// title's instead, as BM25F normalises each field by its own length (Robertson, Zaragoza and
/// Taylor, 2004): a title is a name, and a long description should not make the words of the name
/// count for less, nor a short one make them count for more. Of the titles holding a word, the
/// shortest then holds it most: "django" finds python3-django before python3-django-captcha,
/// whose text says "Django" more often (`named_items.py --family`: MRR@10 0.748 → 0.898).
/// Likewise each other attribute the schema weighs above 1 (a summary, a headline: short text that
/// says what the entity is), by its own average length: a long description no longer makes the
/// words of a package's summary count for less than a short one's ("image manipulation program"
/// finds gimp, "GNU Image Manipulation Program" with a long description, first). Text of weight 1
/// (descriptions, bodies) stays normalised by the whole entity's length: on CISI, whose bodies
/// normalised alone lose nDCG@10 0.4238 → 0.4173. Debian known items typed as purposes ("audio
/// editor", "office suite"), MRR@10 0.265 → 0.405 and 0.478 → 0.522 in two sweeps; the named
/// sets and probes within ±0.002.
///
/// ```swift
/// let normalization = LengthNormalization(averageLength: 96, averageTitleLength: 3, averageFieldLengths: ["summary": 4])
/// normalization.wdf(weight: 5, length: 48)                         // a word in a short document: 256
/// normalization.titleWdf(weight: 5, titleLength: 2, length: 480)   // a title word: 213
/// normalization.fieldWdf(weight: 3, key: "summary", fieldLength: 4, length: 480)   // a summary word: 96
/// ```
struct LengthNormalization: Sendable, Equatable {
    /// The wdf of one occurrence, weight 1, in a document of average length.
    static let scale = 32.0
    /// BM25's b, for titles and for the rest alike.
    static let b = 0.75
    /// Xapian's `min_normlen`: documents shorter than half the average count as half of it.
    static let shortest = 0.5

    let averageLength: Double
    /// The average length of a title in words; nil in an index written before titles were
    /// normalised on their own, whose titles stay normalised as the rest of their entity.
    let averageTitleLength: Double?
    /// The average length in words of each attribute searched by default (by key, over the
    /// entities of every type that have it); nil in an index written before attributes were
    /// normalised on their own, whose attributes stay normalised as their whole entity. Only
    /// those of weight above 1 that are no title are normalised by it (`fieldWdf`).
    let averageFieldLengths: [String: Double]?

    /// The wdf increment of one occurrence of a word of an attribute of `weight`, in a document of `length`.
    func wdf(weight: Int, length: Double) -> UInt32 {
        Self.wdf(weight: weight, relativeLength: averageLength > 0 ? length / averageLength : 1)
    }

    /// The wdf increment of one occurrence of a word of attribute `key`, of `weight`, that is
    /// `fieldLength` words long in a document of `length`: normalised by the attribute's own
    /// length, as BM25F does, when the index keeps its average.
    func fieldWdf(weight: Int, key: String, fieldLength: Double, length: Double) -> UInt32 {
        guard weight > 1, let average = averageFieldLengths?[key], average > 0 else { return wdf(weight: weight, length: length) }
        return Self.wdf(weight: weight, relativeLength: fieldLength / average)
    }

    /// The wdf increment of one occurrence of a word of the title, an attribute of `weight`, in a
    /// title of `titleLength` words (of a document of `length`, which counts when the index keeps
    /// no average title length).
    func titleWdf(weight: Int, titleLength: Double, length: Double) -> UInt32 {
        guard let averageTitleLength, averageTitleLength > 0 else { return wdf(weight: weight, length: length) }
        return Self.wdf(weight: weight, relativeLength: titleLength / averageTitleLength)
    }

    private static func wdf(weight: Int, relativeLength: Double) -> UInt32 {
        UInt32(max(1, (Double(weight) * scale / (1 - b + b * max(relativeLength, shortest))).rounded()))
    }

    /// An entity's lengths, counted in one pass over its text searched by default: as BM25 counts
    /// it (`total`: each attribute's words times its weight), each attribute's words (`fields`, by
    /// key), and its title's words (`title`, when it has a title searched by default).
    struct Lengths {
        let total: Double
        let fields: [String: Double]
        let title: Double?
    }

    /// The lengths of `entity`, of type `type` (see `Lengths`).
    ///
    /// ```swift
    /// LengthNormalization.lengths(of: entity, type: type).total   // 3 title words × 5 + 12 body words: 27
    /// ```
    static func lengths(of entity: Entity, type: EntityType) -> Lengths {
        var total = 0
        var fields: [String: Double] = [:]
        for (key, value) in entity.attributes {
            guard let attribute = type.attribute(key), attribute.searchable, attribute.searchableByDefault else { continue }
            let words = value.elements.reduce(0) { $0 + Words.count($1.text) }
            total += attribute.weight * words
            fields[key] = Double(words)
        }
        return Lengths(total: Double(total), fields: fields, title: type.display.title.flatMap { fields[$0] })
    }

    /// The average length, as stored in the index's metadata (`IndexMetadata.averageLength`).
    var stored: [UInt8] { Array(String(averageLength).utf8) }
    /// The average title length, as stored in the index's metadata (`IndexMetadata.averageTitleLength`).
    var storedTitle: [UInt8]? { averageTitleLength.map { Array(String($0).utf8) } }
    /// The average attribute lengths, as stored in the index's metadata
    /// (`IndexMetadata.averageFieldLengths`): a line of key, tab and length for each.
    var storedFields: [UInt8]? {
        averageFieldLengths.map { Array($0.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)\n" }.joined().utf8) }
    }

    init(averageLength: Double, averageTitleLength: Double?, averageFieldLengths: [String: Double]? = nil) {
        self.averageLength = averageLength
        self.averageTitleLength = averageTitleLength
        self.averageFieldLengths = averageFieldLengths
    }

    /// The normalisation stored as `stored`, `storedTitle` and `storedFields`; nil when `stored`
    /// is no length (a title length that is none, or attribute lengths that are not all lengths,
    /// are left out).
    init?(stored: [UInt8], storedTitle: [UInt8]?, storedFields: [UInt8]? = nil) {
        guard let average = Self.length(stored) else { return nil }
        averageLength = average
        averageTitleLength = storedTitle.flatMap(Self.length)
        averageFieldLengths = storedFields.flatMap(Self.fieldLengths)
    }

    /// The attribute lengths `bytes` spell (`storedFields`), when every line is a key and a length.
    static func fieldLengths(_ bytes: [UInt8]) -> [String: Double]? {
        var lengths: [String: Double] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t")
            guard parts.count == 2, let length = Self.length(Array(parts[1].utf8)) else { return nil }
            lengths[String(parts[0])] = length
        }
        return lengths
    }

    /// The length `bytes` spell, when they spell a finite one of zero or more.
    static func length(_ bytes: [UInt8]) -> Double? {
        guard let length = Double(String(decoding: bytes, as: UTF8.self)), length.isFinite, length >= 0 else { return nil }
        return length
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
    private var knownTitleTotal = 0.0
    private var knownTitleCount = 0
    private var knownFields: [String: (total: Double, count: Double)] = [:]
    private var inferredLines: [[UInt8]] = []
    private var inferredCount = 0
    private var random = SplitMix64(state: 0x5EED)

    mutating func count(_ entity: Entity, type: EntityType) {
        let lengths = LengthNormalization.lengths(of: entity, type: type)
        knownTotal += lengths.total
        knownCount += 1
        if let title = lengths.title {
            knownTitleTotal += title
            knownTitleCount += 1
        }
        Self.add(lengths.fields, to: &knownFields, times: 1)
    }

    private static func add(_ lengths: [String: Double], to fields: inout [String: (total: Double, count: Double)], times scale: Double) {
        for (key, length) in lengths {
            fields[key, default: (0, 0)].total += length * scale
            fields[key, default: (0, 0)].count += scale
        }
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
        var sample = (total: 0.0, count: 0, titleTotal: 0.0, titleCount: 0)
        var sampledFields: [[String: Double]] = []
        for line in inferredLines {
            guard let json = try? JSONValue(parsing: String(decoding: line, as: UTF8.self)), let entity = try? decoder.entity(from: json),
                  let type = decoder.schema.type(named: entity.type) else { continue }
            let lengths = LengthNormalization.lengths(of: entity, type: type)
            sample.total += lengths.total
            sample.count += 1
            sampledFields.append(lengths.fields)
            if let title = lengths.title {
                sample.titleTotal += title
                sample.titleCount += 1
            }
        }
        // The sample stands for all the lines of inferred types.
        let scale = sample.count > 0 ? Double(inferredCount) / Double(sample.count) : 0
        let total = knownTotal + sample.total * scale, count = Double(knownCount) + Double(sample.count) * scale
        let titleTotal = knownTitleTotal + sample.titleTotal * scale, titleCount = Double(knownTitleCount) + Double(sample.titleCount) * scale
        guard total > 0 else { return nil }
        var fields = knownFields
        for lengths in sampledFields { Self.add(lengths, to: &fields, times: scale) }
        return LengthNormalization(averageLength: total / count, averageTitleLength: titleCount > 0 ? titleTotal / titleCount : nil,
                                   averageFieldLengths: fields.compactMapValues { $0.count > 0 && $0.total > 0 ? $0.total / $0.count : nil })
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
