#include "Shim.hpp"

#include <functional>
#include <unordered_map>
#include <unordered_set>
#include "plan/DocidSet.hpp"
#include "plan/ZeroWeight.hpp"

using namespace cxapian;

namespace {

Xapian::Query::op to_xapian_op(int op) {
    switch (op) {
    case CX_QUERY_AND: return Xapian::Query::OP_AND;
    case CX_QUERY_OR: return Xapian::Query::OP_OR;
    case CX_QUERY_AND_NOT: return Xapian::Query::OP_AND_NOT;
    case CX_QUERY_XOR: return Xapian::Query::OP_XOR;
    case CX_QUERY_AND_MAYBE: return Xapian::Query::OP_AND_MAYBE;
    case CX_QUERY_FILTER: return Xapian::Query::OP_FILTER;
    case CX_QUERY_NEAR: return Xapian::Query::OP_NEAR;
    case CX_QUERY_PHRASE: return Xapian::Query::OP_PHRASE;
    case CX_QUERY_SYNONYM: return Xapian::Query::OP_SYNONYM;
    case CX_QUERY_MAX: return Xapian::Query::OP_MAX;
    default: throw Xapian::InvalidArgumentError("unknown query operator " + std::to_string(op));
    }
}

cx_query *wrap(Xapian::Query query) { return new cx_query{std::move(query)}; }

/* `query` with each term leaf replaced by what `replace` makes of it (the leaf and its term),
 * under operators that take no parameter (AND, OR, AND_NOT, XOR, AND_MAYBE, FILTER, SYNONYM,
 * MAX), which are rebuilt over their rewritten subqueries; those with one (windows, factors,
 * ranges), which Xapian 1.4 does not expose, are kept whole. */
Xapian::Query rewriting_leaves(const Xapian::Query &query,
                               const std::function<Xapian::Query(const Xapian::Query &, const std::string &)> &replace) {
    switch (query.get_type()) {
    case Xapian::Query::LEAF_TERM: {
        Xapian::TermIterator term = query.get_terms_begin();
        return term == query.get_terms_end() ? query : replace(query, *term);
    }
    case Xapian::Query::OP_AND: case Xapian::Query::OP_OR: case Xapian::Query::OP_AND_NOT:
    case Xapian::Query::OP_XOR: case Xapian::Query::OP_AND_MAYBE: case Xapian::Query::OP_FILTER:
    case Xapian::Query::OP_SYNONYM: case Xapian::Query::OP_MAX: {
        std::vector<Xapian::Query> parts;
        parts.reserve(query.get_num_subqueries());
        for (size_t i = 0; i < query.get_num_subqueries(); ++i) parts.push_back(rewriting_leaves(query.get_subquery(i), replace));
        return Xapian::Query(query.get_type(), parts.begin(), parts.end());
    }
    default: return query;
    }
}

} // namespace

extern "C" {

cx_query *cx_query_match_all(void) {
    return guarded<cx_query *>(nullptr, nullptr, [] { return wrap(Xapian::Query::MatchAll); });
}

cx_query *cx_query_match_nothing(void) {
    return guarded<cx_query *>(nullptr, nullptr, [] { return wrap(Xapian::Query::MatchNothing); });
}

cx_query *cx_query_term(const char *term, size_t len, uint32_t wqf) {
    return guarded<cx_query *>(nullptr, nullptr, [&] { return wrap(Xapian::Query(str(term, len), wqf)); });
}

cx_query *cx_query_combine(int op, cx_query *const *subqueries, size_t count, uint32_t window, cx_error *error) {
    return guarded<cx_query *>(error, nullptr, [&] {
        std::vector<Xapian::Query> parts;
        parts.reserve(count);
        for (size_t i = 0; i < count; ++i) parts.push_back(subqueries[i]->query);
        return wrap(Xapian::Query(to_xapian_op(op), parts.begin(), parts.end(), window));
    });
}

cx_query *cx_query_value_range(uint32_t slot, const char *low, size_t low_len,
                               const char *high, size_t high_len, cx_error *error) {
    return guarded<cx_query *>(error, nullptr, [&] {
        std::string lo = str(low, low_len), hi = str(high, high_len);
        if (lo.empty() && hi.empty()) return wrap(Xapian::Query::MatchAll);
        if (lo.empty()) return wrap(Xapian::Query(Xapian::Query::OP_VALUE_LE, slot, hi));
        if (hi.empty()) return wrap(Xapian::Query(Xapian::Query::OP_VALUE_GE, slot, lo));
        return wrap(Xapian::Query(Xapian::Query::OP_VALUE_RANGE, slot, lo, hi));
    });
}

cx_query *cx_query_docids(cx_database *db, const uint32_t *docids, size_t count, cx_error *error) {
    return guarded<cx_query *>(error, nullptr, [&] {
        if (db->has_remote()) throw Xapian::UnimplementedError("a set of docids is a custom posting source, which remote shards cannot run");
        std::vector<std::string> shards;
        if (db->db().size() > 1) {
            // A combined database's uuid is its shards' uuids joined by ':'.
            std::string uuids = db->db().get_uuid();
            for (size_t start = 0, end; start <= uuids.size(); start = end + 1) {
                end = std::min(uuids.find(':', start), uuids.size());
                shards.push_back(uuids.substr(start, end - start));
            }
        }
        return wrap(Xapian::Query((new DocidSet(std::vector<Xapian::docid>(docids, docids + count), shards))->release()));
    });
}

cx_query *cx_query_scale(const cx_query *query, double factor, cx_error *error) {
    return guarded<cx_query *>(error, nullptr, [&] {
        return wrap(Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT, query->query, factor));
    });
}

cx_query *cx_query_regroup(const cx_query *query, int from, int to, cx_error *error) {
    return guarded<cx_query *>(error, nullptr, [&] {
        const Xapian::Query &q = query->query;
        if (q.get_type() != to_xapian_op(from)) return wrap(q);
        std::vector<Xapian::Query> parts;
        parts.reserve(q.get_num_subqueries());
        for (size_t i = 0; i < q.get_num_subqueries(); ++i) parts.push_back(q.get_subquery(i));
        return wrap(Xapian::Query(to_xapian_op(to), parts.begin(), parts.end()));
    });
}

cx_query *cx_query_scale_terms(const cx_query *query, const char *const *terms, const size_t *lens, size_t count,
                               double factor, cx_error *error) {
    return guarded<cx_query *>(error, nullptr, [&] {
        std::unordered_set<std::string> scaled;
        for (size_t i = 0; i < count; ++i) scaled.insert(str(terms[i], lens[i]));
        return wrap(rewriting_leaves(query->query, [&](const Xapian::Query &leaf, const std::string &term) {
            return scaled.count(term) ? Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT, leaf, factor) : leaf;
        }));
    });
}

cx_query *cx_query_replace_terms(const cx_query *query, const char *const *terms, const size_t *lens,
                                 const cx_query *const *replacements, size_t count, cx_error *error) {
    return guarded<cx_query *>(error, nullptr, [&] {
        std::unordered_map<std::string, const Xapian::Query *> replaced;
        for (size_t i = 0; i < count; ++i) replaced.emplace(str(terms[i], lens[i]), &replacements[i]->query);
        return wrap(rewriting_leaves(query->query, [&](const Xapian::Query &leaf, const std::string &term) {
            auto found = replaced.find(term);
            return found == replaced.end() ? leaf : *found->second;
        }));
    });
}

char *cx_query_describe(const cx_query *query, size_t *out_len) {
    return guarded<char *>(nullptr, nullptr, [&] { return copy_out(query->query.get_description(), out_len); });
}

bool cx_query_is_empty(const cx_query *query) { return query->query.empty(); }

bool cx_query_may_weigh_zero(const cx_query *query, cx_database *db, cx_error *error) {
    return guarded(error, true, [&] { return cxapian::may_weigh_zero(query->query, db->db()); });
}

void cx_query_free(cx_query *query) { delete query; }

} // extern "C"
