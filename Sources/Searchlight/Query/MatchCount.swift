import XapianIndex

/// How many entities a list of matches holds (one run, a tier, a whole search): exactly, or
/// Xapian's estimate. An estimate is never below the matches already read, and is above them
/// when more are known to follow.
///
/// ```swift
/// let set = try enquire.matches(offset: 0, limit: 10, checkAtLeast: 11)
/// let count = MatchCount(set, found: set.count, asked: 10)
/// count.isExact   // true when fewer than 10 came back, or Xapian's bounds met
/// ```
struct MatchCount {
    var count: Int
    var isExact: Bool

    static func exact(_ count: Int) -> MatchCount { MatchCount(count: count, isExact: true) }

    init(count: Int, isExact: Bool) {
        self.count = count
        self.isExact = isExact
    }

    /// The count of a run that asked for its first `asked` matches and got `found`, having looked
    /// at `asked + 1` at least: exact when it came back short (nothing more matches) or when
    /// Xapian's lower and upper bounds meet; otherwise its estimate, raised to the lower bound
    /// (which counts the one past the page when there is one).
    init(_ set: MatchSet, found: Int, asked: Int) {
        if found < asked {
            self = .exact(found)
        } else if set.totalLowerBound == set.totalUpperBound {
            self = .exact(set.totalLowerBound)
        } else {
            self.init(count: max(set.estimatedTotal, set.totalLowerBound, found), isExact: false)
        }
    }

    /// Two lists read one after the other.
    static func + (first: MatchCount, second: MatchCount) -> MatchCount {
        MatchCount(count: first.count + second.count, isExact: first.isExact && second.isExact)
    }
}
