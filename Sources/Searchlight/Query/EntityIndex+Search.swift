import Foundation
import XapianIndex

extension EntityIndex {
    /// Runs a ranked string query and returns one list over all requested types.
    public func search(_ request: SearchRequest) throws(SearchlightError) -> SearchResults {
        for type in request.types where schema.type(named: type) == nil {
            throw .unknownType(type, known: schema.types.map(\.name))
        }
        let trimmed = request.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return try read { (state: inout State) throws -> SearchResults in
            if state.searcher == nil { state.searcher = try Searcher(schema: state.schema, database: state.database) }
            let searcher = state.searcher!
            let filter = try Self.filter(types: request.types)
            let enquire = try Enquire(database: state.database)
            var hits: [(match: MatchSet.Match, set: MatchSet)] = []
            var total = 0

            func run(_ query: Query, offset: Int, limit: Int) throws -> MatchSet {
                enquire.query = try filter(query)
                return try enquire.matches(offset: offset, limit: limit, checkAtLeast: request.offset + request.limit)
            }

            if trimmed.isEmpty {
                let set = try run(.matchAll, offset: request.offset, limit: request.limit)
                hits = set.map { ($0, set) }
                total = set.estimatedTotal
            } else if request.match == .best {
                // Entities matching every word first, then the rest of those matching any word.
                let all = try searcher.parse(trimmed, defaultOperator: .and, partial: request.isTypingLastWord)
                let any = try searcher.parse(trimmed, defaultOperator: .or, partial: request.isTypingLastWord)
                let first = try run(all, offset: request.offset, limit: request.limit)
                hits = first.map { ($0, first) }
                let allTotal = first.count < request.limit ? request.offset + first.count : first.estimatedTotal
                var restTotal = 0
                if hits.count < request.limit || first.count == 0 {
                    let rest = try Query.combine(.andNot, [any, all])
                    let second = try run(rest, offset: max(0, request.offset - allTotal), limit: request.limit - hits.count)
                    hits += second.map { ($0, second) }
                    restTotal = second.estimatedTotal
                } else {
                    restTotal = max(0, try run(any, offset: 0, limit: 0).estimatedTotal - allTotal)
                }
                total = allTotal + restTotal
            } else {
                let query = try searcher.parse(trimmed, defaultOperator: request.match == .all ? .and : .or,
                                               partial: request.isTypingLastWord)
                let set = try run(query, offset: request.offset, limit: request.limit)
                hits = set.map { ($0, set) }
                total = set.estimatedTotal
            }

            let schema = state.schema
            var results: [SearchResult] = []
            results.reserveCapacity(hits.count)
            for (position, hit) in hits.enumerated() {
                guard let entity = Self.entity(fromData: try hit.match.data()) else { continue }
                results.append(SearchResult(rank: request.offset + position + 1, score: hit.match.weight, entity: entity,
                                            displayRepresentation: schema.displayRepresentation(of: entity),
                                            url: schema.url(of: entity)))
            }
            return SearchResults(query: request.text, total: total, results: results)
        }
    }

    /// Restricts a query to the given types and leaves out expired entities.
    static func filter(types: [String]) throws(XapianError) -> (Query) throws(XapianError) -> Query {
        let typeFilter = types.isEmpty ? nil : try Query.combine(.or, types.map { Query.term(IndexTerms.type($0)) })
        let expired = try Query.valueRange(slot: Schema.expirationSlot, low: nil,
                                           high: Sortable.serialise(Date().timeIntervalSince1970))
        return { (query: Query) throws(XapianError) -> Query in
            var result = query
            if let typeFilter { result = try Query.combine(.filter, [result, typeFilter]) }
            return try Query.combine(.andNot, [result, expired])
        }
    }
}
