import CXapian

/// Runs a query against a database and returns a ranked page of matches.
///
/// ```swift
/// let enquire = try Enquire(database: db)
/// enquire.query = Query.term("zgranit")
/// let page = try enquire.matches(offset: 0, limit: 10)
/// for match in page { print(match.rank, match.weight) }
/// ```
public final class Enquire {
    let handle: OpaquePointer
    /// The database searched.
    public let database: Database
    private var decider: DeciderBox?

    private final class DeciderBox {
        let decide: (UnsafeRawBufferPointer) -> Bool
        init(_ decide: @escaping (UnsafeRawBufferPointer) -> Bool) { self.decide = decide }
    }

    /// One key of a sort order: a value slot, ascending or descending.
    public struct SortKey: Sendable, Equatable {
        public var slot: UInt32
        public var descending: Bool
        public init(slot: UInt32, descending: Bool = false) {
            self.slot = slot
            self.descending = descending
        }
    }

    public init(database: Database) throws(XapianError) {
        let created = try withXapianError { cx_enquire_new(database.handle, $0) }
        handle = created!
        self.database = database
    }

    deinit { cx_enquire_free(handle) }

    public var query: Query? {
        didSet { if let query { cx_enquire_set_query(handle, query.handle) } }
    }

    /// BM25 parameters (Xapian's defaults are k1 1, k2 0, k3 1, b 0.5, min_normlen 0.5).
    public func setBM25(k1: Double, k2: Double = 0, k3: Double = 1, b: Double, minNormLength: Double = 0.5) {
        cx_enquire_set_bm25(handle, k1, k2, k3, b, minNormLength)
    }

    /// Weights expansion terms (`expansionTerms`) by Xapian's "trad" scheme with parameter `k`
    /// (Xapian's default is 1), which plays k1's part for the feedback documents' term frequencies.
    public func setTradExpansion(k: Double) {
        cx_enquire_set_trad_expansion(handle, k)
    }

    /// Orders matches by value slots instead of relevance (`relevanceBreaksTies` uses relevance
    /// after the keys); documents without a value come last. An empty list restores relevance order.
    public func setSort(_ keys: [SortKey], relevanceBreaksTies: Bool = true) throws(XapianError) {
        let slots = keys.map(\.slot), descending = keys.map(\.descending)
        _ = try withXapianError { error in
            slots.withUnsafeBufferPointer { s in
                descending.withUnsafeBufferPointer { d in
                    cx_enquire_set_sort(handle, s.baseAddress, d.baseAddress, keys.count, relevanceBreaksTies, error)
                }
            }
        }
    }

    /// Keeps only the candidates whose document data `decide` accepts (Xapian's `MatchDecider`).
    /// It runs while matching, so totals and pages count only accepted documents. nil removes it.
    public func setDecider(_ decide: ((UnsafeRawBufferPointer) -> Bool)?) {
        guard let decide else {
            decider = nil
            cx_enquire_set_decider(handle, nil, nil)
            return
        }
        let box = DeciderBox(decide)
        decider = box
        cx_enquire_set_decider(handle, { context, data, length in
            let box = Unmanaged<DeciderBox>.fromOpaque(context!).takeUnretainedValue()
            return box.decide(UnsafeRawBufferPointer(start: data, count: length))
        }, Unmanaged.passUnretained(box).toOpaque())
    }

    /// Counts the values of `slot` over all matches visited by the next `matches` call
    /// (a slot may hold several values separated by 0x1F).
    public func addFacet(slot: UInt32) throws(XapianError) {
        _ = try withXapianError { cx_enquire_add_facet(handle, slot, $0) }
    }

    /// The counts gathered for `slot` by the last `matches` call.
    public func facetCounts(slot: UInt32) throws(XapianError) -> [(value: String, count: Int)] {
        var counts: [(value: String, count: Int)] = []
        try withUnsafeMutablePointer(to: &counts) { (pointer) throws(XapianError) in
            _ = try withXapianError { error in
                cx_enquire_facet_counts(handle, slot, { context, value, length, count in
                    let counts = context!.assumingMemoryBound(to: [(value: String, count: Int)].self)
                    let text = String(decoding: UnsafeRawBufferPointer(start: value, count: length), as: UTF8.self)
                    counts.pointee.append((text, Int(count)))
                }, pointer, error)
            }
        }
        return counts
    }

    /// The `maxTerms` best terms to expand the current query with, judging `documents` relevant
    /// (Xapian's ESet, for pseudo-relevance feedback); stemmed default-field terms only.
    /// `includingQueryTerms` lets the current query's own terms be chosen too (Xapian leaves them out).
    public func expansionTerms(from documents: [UInt32], maxTerms: Int,
                               includingQueryTerms: Bool = false) throws(XapianError) -> [(term: String, weight: Double)] {
        var terms: [(term: String, weight: Double)] = []
        try withUnsafeMutablePointer(to: &terms) { (pointer) throws(XapianError) in
            _ = try withXapianError { error in
                documents.withUnsafeBufferPointer { ids in
                    cx_enquire_expand(handle, ids.baseAddress, ids.count, UInt32(maxTerms), includingQueryTerms, { context, term, length, weight in
                        let terms = context!.assumingMemoryBound(to: [(term: String, weight: Double)].self)
                        terms.pointee.append((String(decoding: UnsafeRawBufferPointer(start: term, count: length), as: UTF8.self), weight))
                    }, pointer, error)
                }
            }
        }
        return terms
    }

    /// Why document `docid` (unique term `uniqueTerm`) weighs what it does under `query`: each part
    /// of the query whose weight Xapian adds up (a term; a synonym, wildcard or phrase as a whole)
    /// that the document matches, what it adds (scale factors applied; 0 for parts that only
    /// select), and the terms of it the document holds. The weights add up to the document's
    /// weight in a run of `query` with this enquire's BM25 parameters.
    ///
    /// ```swift
    /// for part in try enquire.explain(query, docid: 12, uniqueTerm: "Qtrail:mist") { print(part.terms, part.weight) }
    /// ```
    public func explain(_ query: Query, docid: UInt32, uniqueTerm: String) throws(XapianError) -> [(weight: Double, terms: [String])] {
        var parts: [(weight: Double, terms: [String])] = []
        try withUnsafeMutablePointer(to: &parts) { (list) throws(XapianError) in
            _ = try withUTF8Bytes(uniqueTerm) { (term, count) throws(XapianError) in
                try withXapianError { error in
                    cx_enquire_explain(handle, query.handle, docid, term, count, { context, weight, terms, length in
                        let joined = UnsafeRawBufferPointer(start: terms, count: length)
                        context!.assumingMemoryBound(to: [(weight: Double, terms: [String])].self).pointee
                            .append((weight, joined.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }))
                    }, list, error)
                }
            }
        }
        return parts
    }

    /// Matches weighing less than this are left out (Xapian's weight cutoff); 0 keeps every match.
    /// The matcher skips the parts of a query that cannot lift a document to it.
    public var weightCutoff: Double = 0 {
        didSet { cx_enquire_set_weight_cutoff(handle, weightCutoff) }
    }

    /// The matches ranked `offset ..< offset + limit`; Xapian looks at `checkAtLeast` matches at
    /// least (more than the page when asked), so that the total's bounds are exact up to that many.
    public func matches(offset: Int, limit: Int, checkAtLeast: Int = 0) throws(XapianError) -> MatchSet {
        // Xapian counts in 32 bits: a page beyond that is empty, not a trap on the conversion.
        let offset32 = UInt32(clamping: max(0, offset))
        let limit32 = min(UInt32(clamping: max(0, limit)), UInt32.max - offset32)
        let check32 = UInt32(clamping: max(0, checkAtLeast))
        let mset = try withXapianError { cx_enquire_mset(handle, offset32, limit32, check32, $0) }
        return MatchSet(handle: mset!, offset: offset)
    }
}

/// A ranked page of matches (Xapian's `MSet`).
public final class MatchSet: RandomAccessCollection {
    let handle: OpaquePointer
    let offset: Int

    init(handle: OpaquePointer, offset: Int) {
        self.handle = handle
        self.offset = offset
    }

    deinit { cx_mset_free(handle) }

    /// One ranked match.
    public struct Match {
        public let docid: UInt32
        /// Zero-based rank over the whole result list (not just this page).
        public let rank: Int
        public let weight: Double
        let set: MatchSet
        let index: UInt32

        /// The document's stored data.
        public func data() throws(XapianError) -> [UInt8] {
            var length = 0
            let buffer = try withXapianError { cx_mset_data(set.handle, index, &length, $0) }
            return takeBytes(buffer, count: length) ?? []
        }

        /// The document's value in `slot`; empty when it has none.
        ///
        /// ```swift
        /// let key = try match.value(slot: 3)   // a sortable_serialise'd number, or folded text
        /// ```
        public func value(slot: UInt32) throws(XapianError) -> [UInt8] {
            var length = 0
            let buffer = try withXapianError { cx_mset_value(set.handle, index, slot, &length, $0) }
            return takeBytes(buffer, count: length) ?? []
        }

        /// This match of shard `shard` (of `shards`) as the combined database numbers it: Xapian's
        /// docid there, `(docid - 1) × shards + shard + 1`. Its rank stays the one in the shard's
        /// list, and its data and values are still read from the shard's set.
        ///
        /// ```swift
        /// let combined = match.inCombinedDatabase(shard: 1, of: 2)   // docid 3 of shard 1: 6
        /// ```
        public func inCombinedDatabase(shard: Int, of shards: Int) -> Match {
            Match(docid: (docid - 1) * UInt32(shards) + UInt32(shard) + 1, rank: rank, weight: weight, set: set, index: index)
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(cx_mset_size(handle)) }

    public subscript(position: Int) -> Match {
        let i = UInt32(position)
        return Match(docid: cx_mset_docid(handle, i), rank: offset + position, weight: cx_mset_weight(handle, i), set: self, index: i)
    }

    /// Xapian's estimate of the total number of matches, and its bounds.
    public var estimatedTotal: Int { Int(cx_mset_matches_estimated(handle)) }
    public var totalLowerBound: Int { Int(cx_mset_matches_lower_bound(handle)) }
    public var totalUpperBound: Int { Int(cx_mset_matches_upper_bound(handle)) }

    /// About how many documents of `database` `query` matches, from the term frequencies this set
    /// holds, with sub-queries taken as independent (as Xapian's posting lists estimate themselves),
    /// without opening any posting list; nil when `query` has a part only running it can estimate
    /// (wildcards, value ranges other than ones left out with `.andNot`).
    ///
    /// ```swift
    /// let page = try enquire.matches(offset: 0, limit: 10)
    /// let others = try page.estimatedMatches(of: Query.combine(.andNot, [anyWords, allWords]), database: db)
    /// ```
    public func estimatedMatches(of query: Query, database: Database) throws(XapianError) -> Int? {
        let estimate = try withXapianError { cx_mset_estimate_matches(handle, query.handle, database.handle, $0) }
        return estimate < 0 ? nil : Int(estimate.rounded())
    }
}
