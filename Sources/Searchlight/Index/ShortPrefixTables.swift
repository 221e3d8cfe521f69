import FoundationEssentials
import XapianIndex

/// Answers for typed prefixes whose live lookup would touch many terms or postings, computed when
/// the index changes so that they read one metadata entry instead: the best completions of every
/// one- and two-letter prefix and of every longer one (up to five letters) that begins more than
/// `liveScanLimit` completion terms, and the best entities (highest ranking hint first) whose title
/// has a word starting with every one- to three-letter prefix and every longer one (up to five
/// letters) that begins more than `liveScanLimit` titles.
///
/// ```swift
/// try index.refreshShortPrefixTables()          // after a bulk load (`searchlight index` does it)
/// let completions = try index.storedCompletions(of: "wa")
/// ```
enum ShortPrefixTables {
    /// Completions kept per stored prefix.
    static let completionsPerPrefix = 20
    /// Prefixes up to this length always have stored completions.
    static let longestCompletionPrefix = 2
    /// Entities kept per stored title prefix.
    static let entitiesPerPrefix = 64
    /// Prefixes up to this length always have a stored entity list.
    static let longestEntityPrefix = 3
    /// Longer prefixes (up to `IndexTerms.maximumPrefixLength`) have stored lists when they begin
    /// more terms or titles than this (fewer are scanned and sorted fast enough live).
    static let liveScanLimit = 256

    /// Docids as little-endian 32-bit integers.
    static func encode(_ docids: [UInt32]) -> [UInt8] {
        docids.flatMap { docid in (0..<4).map { UInt8(truncatingIfNeeded: docid >> (8 * $0)) } }
    }

    static func decode(_ bytes: [UInt8]) -> [UInt32] {
        stride(from: 0, to: bytes.count - 3, by: 4).map { i in
            (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[i + $1]) << (8 * UInt32($1)) }
        }
    }
}

extension EntityIndex {
    /// Recomputes the stored completions and entities of short prefixes from the title terms.
    func refreshShortPrefixTables() throws(SearchlightError) {
        try write { (state: inout State, writer) throws in
            var failure: (any Error)?
            // Completion terms come in byte order, so each prefix's terms are contiguous: one running
            // group per prefix length keeps its count and best completions until the prefix changes.
            var groups = (1...IndexTerms.maximumPrefixLength).map { _ in CompletionGroup() }
            func close(_ group: CompletionGroup) throws {
                guard !group.prefix.isEmpty else { return }
                let stored = IndexTerms.prefixLength(group.prefix) <= ShortPrefixTables.longestCompletionPrefix || group.count > ShortPrefixTables.liveScanLimit
                let json = JSONValue.array(group.best.map { .array([.string($0.text), .int($0.count)]) })
                // An empty value deletes a list a prefix no longer needs.
                try writer.setMetadata(IndexMetadata.completions(group.prefix), stored ? Array(json.jsonText.utf8) : [])
            }
            try writer.forEachTerm(withPrefix: IndexTerms.completionPrefix) { term, frequency in
                let text = String(term.dropFirst(IndexTerms.completionPrefix.count))
                for length in 1...min(IndexTerms.maximumPrefixLength, IndexTerms.prefixLength(text)) {
                    let prefix = IndexTerms.prefix(of: text, length: length)
                    if groups[length - 1].prefix != prefix {
                        do { try close(groups[length - 1]) } catch { failure = error; return false }
                        groups[length - 1] = CompletionGroup(prefix: prefix)
                    }
                    groups[length - 1].add(text, count: frequency)
                }
                return true
            }
            if let failure { throw failure }
            for group in groups { try close(group) }

            var hints: [UInt32: Double] = [:]
            try writer.forEachValue(inSlot: IndexFormat.Slot.rankingHint) { docid, value in
                hints[docid] = Sortable.unserialise(Array(value))
                return true
            }
            var prefixes: [String] = []
            var small: [String] = []
            try writer.forEachTerm(withPrefix: IndexTerms.titlePrefixPrefix) { term, frequency in
                if IndexTerms.prefixLength(term.dropFirst(IndexTerms.titlePrefixPrefix.count)) <= ShortPrefixTables.longestEntityPrefix
                    || frequency > ShortPrefixTables.liveScanLimit {
                    prefixes.append(term)
                } else {
                    small.append(term)
                }
                return true
            }
            // A longer prefix that no longer begins many titles loses its list (an empty value deletes it).
            for term in small {
                try writer.setMetadata(IndexMetadata.prefixEntities(String(term.dropFirst(IndexTerms.titlePrefixPrefix.count))), [])
            }
            for term in prefixes {
                var docids: [UInt32] = []
                try writer.forEachPosting(of: term) { docids.append($0); return true }
                let best = docids.sorted { (hints[$0] ?? -.infinity, $1) > (hints[$1] ?? -.infinity, $0) }
                    .prefix(ShortPrefixTables.entitiesPerPrefix)
                try writer.setMetadata(IndexMetadata.prefixEntities(String(term.dropFirst(IndexTerms.titlePrefixPrefix.count))),
                                       ShortPrefixTables.encode(Array(best)))
            }
        }
    }

    /// The stored best completions of a prefix, or nil when none are stored (see `ShortPrefixTables`).
    func storedCompletions(of prefix: String) throws(SearchlightError) -> [(text: String, count: Int)]? {
        try read { (state: inout State) throws -> [(text: String, count: Int)]? in
            guard let bytes = try state.database.metadata(IndexMetadata.completions(prefix)), !bytes.isEmpty,
                  let list = (try? JSONValue(parsing: String(decoding: bytes, as: UTF8.self)))?.arrayValue else { return nil }
            return list.compactMap { pair in
                guard let items = pair.arrayValue, items.count == 2, let text = items[0].stringValue, let count = items[1].intValue else { return nil }
                return (text, count)
            }
        }
    }

    /// The best unexpired entities of `types` (all when empty) with a title word starting with
    /// `prefix`, highest ranking hint first (then oldest), from the `offset`th; nil when no list is
    /// stored for it, or the stored list cannot fill the page (it was cut, and filtering or the
    /// offset left too few), so the caller must query. `total` is how many of them there are:
    /// exact when the list holds them all, or (of every type) when none can have expired; else
    /// how many entities of any type, expired or not, have such a title word, which is no fewer.
    static func storedPrefixEntities(_ prefix: String, types: [String], offset: Int = 0, limit: Int,
                                     database: Database) throws(XapianError) -> (entities: [Entity], total: MatchCount)? {
        let frequency = try database.termFrequency(IndexTerms.titlePrefixPrefix + prefix)
        guard let bytes = try database.metadata(IndexMetadata.prefixEntities(prefix)), !bytes.isEmpty else {
            return frequency == 0 ? ([], .exact(0)) : nil
        }
        let docids = ShortPrefixTables.decode(bytes)
        let now = Date()
        var entities: [Entity] = []
        var next = 0
        // As many as still wanted at a time, read in docid order (neighbours share the B-tree's
        // upper blocks, which a read in rank order would fetch again and again) and kept in rank order.
        let wanted = offset + limit
        while entities.count < wanted, next < docids.count {
            let batch = next..<min(next + wanted - entities.count, docids.count)
            next = batch.upperBound
            var found = [Entity?](repeating: nil, count: batch.count)
            for position in batch.sorted(by: { docids[$0] < docids[$1] }) {
                guard let data = try database.documentData(docid: docids[position]), let entity = Self.entity(fromData: data),
                      types.isEmpty || types.contains(entity.type), entity.expirationDate.map({ $0 > now }) ?? true else { continue }
                found[position - batch.lowerBound] = entity
            }
            entities += found.compactMap { $0 }
        }
        let complete = entities.count < wanted
        if complete && docids.count >= ShortPrefixTables.entitiesPerPrefix { return nil }
        var total = MatchCount.exact(entities.count)
        if !complete {
            let noneExpired = try IndexFacts(database: database).expiredBy == nil
            total = MatchCount(count: frequency, isExact: types.isEmpty && noneExpired)
        }
        return (Array(entities.dropFirst(offset)), total)
    }
}

/// The completion terms of one prefix while the refresh walks them: how many, and the best few.
private struct CompletionGroup {
    var prefix = ""
    var count = 0
    /// The most frequent so far, most frequent first (ties: alphabetical), at most `completionsPerPrefix`.
    var best: [(text: String, count: Int)] = []

    mutating func add(_ text: String, count frequency: Int) {
        count += 1
        let ranksBefore = { (a: (text: String, count: Int), b: (text: String, count: Int)) in (a.count, b.text) > (b.count, a.text) }
        let entry = (text: text, count: frequency)
        guard best.count < ShortPrefixTables.completionsPerPrefix || ranksBefore(entry, best[best.count - 1]) else { return }
        let position = best.firstIndex { ranksBefore(entry, $0) } ?? best.count
        best.insert(entry, at: position)
        if best.count > ShortPrefixTables.completionsPerPrefix { best.removeLast() }
    }
}
