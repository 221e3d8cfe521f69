// A plan building block of the shim, published for Benchmarks/peers/xapian_raw.cpp: whether a query
// may match a document with weight 0.
//
//     Xapian::Query typed(Xapian::Query::OP_OR, Xapian::Query("Zli"), Xapian::Query("XPli"));
//     cxapian::may_weigh_zero(typed, db);   // true: XPli is a boolean term (wdf 0)
//
// Search finds the weighted matches of a query with a weight cutoff, which lets Xapian skip the
// unweighted parts, and reads unweighted matches by a second run only when this says there may be some.
#ifndef CXAPIAN_ZERO_WEIGHT_HPP
#define CXAPIAN_ZERO_WEIGHT_HPP

#include <xapian.h>

namespace cxapian {

// Whether a document can match `query` through parts that carry no weight alone: terms with
// postings of wdf 0 (boolean terms), match-all, value ranges, and anything not known to weigh.
inline bool may_weigh_zero(const Xapian::Query &query, const Xapian::Database &db) {
    size_t count = query.get_num_subqueries();
    switch (query.get_type()) {
      case Xapian::Query::LEAF_MATCH_NOTHING:
        return false;
      case Xapian::Query::LEAF_TERM: {
        auto term = query.get_terms_begin();
        // Every posting weighs when the wdfs add up to at least one per document.
        return term == query.get_terms_end() || db.get_collection_freq(*term) < db.get_termfreq(*term);
      }
      case Xapian::Query::OP_AND:
      case Xapian::Query::OP_NEAR:
      case Xapian::Query::OP_PHRASE:
        for (size_t i = 0; i < count; ++i) if (!may_weigh_zero(query.get_subquery(i), db)) return false;
        return true;
      case Xapian::Query::OP_AND_NOT:
      case Xapian::Query::OP_FILTER:
      case Xapian::Query::OP_AND_MAYBE:
      case Xapian::Query::OP_SCALE_WEIGHT:
        return count == 0 || may_weigh_zero(query.get_subquery(0), db);
      case Xapian::Query::OP_OR:
      case Xapian::Query::OP_XOR:
      case Xapian::Query::OP_SYNONYM:
      case Xapian::Query::OP_ELITE_SET:
      case Xapian::Query::OP_MAX:
        for (size_t i = 0; i < count; ++i) if (may_weigh_zero(query.get_subquery(i), db)) return true;
        return false;
      default:
        return true;
    }
}

} // namespace cxapian

#endif
