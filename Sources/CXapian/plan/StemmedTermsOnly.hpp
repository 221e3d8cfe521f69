// A plan building block of the shim, published for Benchmarks/peers/xapian_raw.cpp: the expand
// decider of pseudo-relevance feedback, which keeps the stemmed terms of the default field only.
//
//     cxapian::StemmedTermsOnly decider;
//     Xapian::ESet eset = enquire.get_eset(20, rset, Xapian::Enquire::INCLUDE_QUERY_TERMS, &decider);
//
// Xapian's TermGenerator writes a stemmed word as "Z" + stem, and a field's stemmed word as "Z" +
// the field prefix (upper case) + stem; the feedback takes "Z" followed by a non-prefix character.
#ifndef CXAPIAN_STEMMED_TERMS_ONLY_HPP
#define CXAPIAN_STEMMED_TERMS_ONLY_HPP

#include <xapian.h>
#include <string>

namespace cxapian {

class StemmedTermsOnly : public Xapian::ExpandDecider {
  public:
    bool operator()(const std::string &term) const override {
        return term.size() > 2 && term[0] == 'Z' && !(term[1] >= 'A' && term[1] <= 'Z');
    }
};

} // namespace cxapian

#endif
