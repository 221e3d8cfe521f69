/// The edit distance between words, over Unicode scalars: insertions, deletions, substitutions and
/// transpositions of neighbours each count one (the optimal string alignment distance: "pyhton" is
/// one edit from "python"). It gives up once the distance exceeds `limit`; its rows are kept
/// between calls, so scanning many candidates allocates nothing per candidate.
///
/// ```swift
/// var distances = EditDistance(limit: 2)
/// distances.between(Array("wireshrak".unicodeScalars), "wireshark".unicodeScalars)   // 1
/// ```
struct EditDistance {
    let limit: Int
    private var beforePrevious: [Int] = []
    private var previous: [Int] = []
    private var current: [Int] = []
    private var b: [Unicode.Scalar] = []

    init(limit: Int) { self.limit = limit }

    /// The distance from `a` to `other`, or `limit + 1` when it is larger than `limit`.
    mutating func between<A: Collection, B: Collection>(_ a: A, _ other: B) -> Int
    where A.Element == Unicode.Scalar, B.Element == Unicode.Scalar {
        b.removeAll(keepingCapacity: true)
        b.append(contentsOf: other)
        if a.isEmpty || b.isEmpty { return min(limit + 1, max(a.count, b.count)) }
        if abs(a.count - b.count) > limit { return limit + 1 }
        guard fillRows(a) else { return limit + 1 }
        return Swift.min(previous[b.count], limit + 1)
    }

    /// The distance from `a` to the closest beginning of `other` (`other` itself included), and
    /// that beginning's length in scalars; nil when every beginning is more than `limit` away. Of
    /// beginnings as close, the one as long as `a`, else the shorter.
    ///
    /// ```swift
    /// var distances = EditDistance(limit: 1)
    /// distances.toBeginning(of: Array("thundreb".unicodeScalars), "thunderbird".unicodeScalars)   // (1, 8): "thunderb"
    /// ```
    mutating func toBeginning<A: Collection, B: Collection>(of a: A, _ other: B) -> (distance: Int, length: Int)?
    where A.Element == Unicode.Scalar, B.Element == Unicode.Scalar {
        b.removeAll(keepingCapacity: true)
        b.append(contentsOf: other.prefix(a.count + limit))
        guard !a.isEmpty, b.count + limit >= a.count, fillRows(a) else { return nil }
        var best: (distance: Int, length: Int)?
        for length in Swift.max(0, a.count - limit)...b.count where previous[length] <= limit {
            if best == nil || previous[length] < best!.distance || (previous[length] == best!.distance && length == a.count) {
                best = (previous[length], length)
            }
        }
        return best
    }

    /// Fills the rows of the distances from `a`'s beginnings to `b`'s, the last in `previous`;
    /// false when every distance passed the limit on the way.
    private mutating func fillRows<A: Collection>(_ a: A) -> Bool where A.Element == Unicode.Scalar {
        let width = b.count + 1
        for row in [\Self.beforePrevious, \Self.previous, \Self.current] {
            self[keyPath: row].removeAll(keepingCapacity: true)
            self[keyPath: row].append(contentsOf: repeatElement(0, count: width))
        }
        for j in 0...b.count { previous[j] = j }
        var earlier: Unicode.Scalar?
        var previousRowMinimum = 0
        for (i, x) in a.enumerated() {
            current[0] = i + 1
            var rowMinimum = current[0]
            for j in Swift.stride(from: 1, through: b.count, by: 1) {
                var distance = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x == b[j - 1] ? 0 : 1))
                if let earlier, j > 1, x == b[j - 2], earlier == b[j - 1] {
                    distance = Swift.min(distance, beforePrevious[j - 2] + 1)
                }
                current[j] = distance
                rowMinimum = Swift.min(rowMinimum, distance)
            }
            // A transposition reaches back two rows: give up only when both are past the limit.
            if rowMinimum > limit && previousRowMinimum > limit { return false }
            previousRowMinimum = rowMinimum
            swap(&beforePrevious, &previous)
            swap(&previous, &current)
            earlier = x
        }
        return true
    }
}
