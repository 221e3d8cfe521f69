// A plan building block of the shim, published for Benchmarks/peers/xapian_raw.cpp: how many
// documents a query matches, estimated from term frequencies alone, without running it.
//
//     Xapian::MSet first = enquire.get_mset(0, 10);
//     double n = cxapian::estimate_matches(other_query, db, [&](const std::string &t) { return first.get_termfreq(t); });
//     if (n < 0) { /* the query holds a part that needs the match to be estimated: run it */ }
//
// Sub-queries are taken as independent, as Xapian's posting lists estimate themselves:
// P(a OR b) = P(a) + P(b) - P(a)P(b), P(a AND b) = P(a)P(b). Asking Xapian instead
// (get_mset(0, 0, 0)) builds the posting-list tree, opening every term's posting list: about a
// dozen block reads for a typical search. Here the term frequencies come from an MSet the search
// already has, which holds them for its own terms.
#ifndef CXAPIAN_MATCH_ESTIMATE_HPP
#define CXAPIAN_MATCH_ESTIMATE_HPP

#include <xapian.h>
#include <algorithm>
#include <string>

namespace cxapian {

namespace detail {

inline bool is_value_range(const Xapian::Query &query) {
    auto type = query.get_type();
    return type == Xapian::Query::OP_VALUE_RANGE || type == Xapian::Query::OP_VALUE_GE || type == Xapian::Query::OP_VALUE_LE;
}

// The share of the database `query` matches, or -1 when it holds something the term statistics
// cannot estimate (wildcards, posting sources, value ranges other than left out with AND_NOT).
template <typename TermFreq>
double match_share(const Xapian::Query &query, double size, TermFreq &termfreq) {
    using Q = Xapian::Query;
    auto sub = [&](size_t i) { return match_share(query.get_subquery(i), size, termfreq); };
    size_t n = query.get_num_subqueries();
    switch (query.get_type()) {
    case Q::LEAF_TERM:
        return std::min(1.0, double(termfreq(*query.get_terms_begin())) / size);
    case Q::LEAF_MATCH_ALL:
        return 1;
    case Q::LEAF_MATCH_NOTHING:
        return 0;
    case Q::OP_OR: case Q::OP_SYNONYM: case Q::OP_MAX: case Q::OP_ELITE_SET: {
        double none = 1;
        for (size_t i = 0; i < n; ++i) {
            double p = sub(i);
            if (p < 0) return -1;
            none *= 1 - p;
        }
        return 1 - none;
    }
    case Q::OP_AND: case Q::OP_FILTER: case Q::OP_PHRASE: case Q::OP_NEAR: {
        double all = 1;
        for (size_t i = 0; i < n; ++i) {
            double p = sub(i);
            if (p < 0) return -1;
            all *= p;
        }
        return all;
    }
    case Q::OP_AND_NOT: {
        double p = sub(0);
        for (size_t i = 1; i < n && p >= 0; ++i) {
            // A value range left out (Searchlight's expired entities) is taken to leave out few:
            // its slot and bounds are not readable from a Query, so its share is unknown.
            if (is_value_range(query.get_subquery(i))) continue;
            double q = sub(i);
            p = q < 0 ? -1 : p * (1 - q);
        }
        return p;
    }
    case Q::OP_XOR: {
        double p = sub(0);
        for (size_t i = 1; i < n && p >= 0; ++i) {
            double q = sub(i);
            p = q < 0 ? -1 : p + q - 2 * p * q;
        }
        return p;
    }
    case Q::OP_AND_MAYBE: case Q::OP_SCALE_WEIGHT:
        return sub(0);
    default:
        return -1;
    }
}

} // namespace detail

// About how many documents of `db` match `query`, with `termfreq(term)` giving each term's
// frequency; -1 when the query has a part only a match can estimate.
template <typename TermFreq>
double estimate_matches(const Xapian::Query &query, const Xapian::Database &db, TermFreq termfreq) {
    double size = db.get_doccount();
    if (size == 0) return 0;
    double share = detail::match_share(query, size, termfreq);
    return share < 0 ? -1 : share * size;
}

} // namespace cxapian

#endif
