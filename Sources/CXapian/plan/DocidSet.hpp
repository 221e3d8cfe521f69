// A plan building block of the shim, published for Benchmarks/peers/xapian_raw.cpp: a fixed set of
// documents as a query, to re-rank a pool of candidates without matching anything else.
//
//     Xapian::Query pool((new cxapian::DocidSet({12, 7, 40}))->release());
//     Xapian::Query reranked(Xapian::Query::OP_AND_MAYBE, Xapian::Query(Xapian::Query::OP_FILTER, query, pool), boost);
//
// As a FILTER it drives the match when it is the rarest part: the other posting lists are only
// skipped to its documents, so scoring a pool of 100 reads little beyond their blocks.
#ifndef CXAPIAN_DOCID_SET_HPP
#define CXAPIAN_DOCID_SET_HPP

#include <xapian.h>
#include <algorithm>
#include <vector>

namespace cxapian {

// Every docid of a list, weight 0. A docid without a document (deleted, or never written) is
// passed over by whatever it filters; the list is taken to hold documents for the estimates.
class DocidSet : public Xapian::PostingSource {
  public:
    explicit DocidSet(std::vector<Xapian::docid> ids) : docids(std::move(ids)) {
        std::sort(docids.begin(), docids.end());
        docids.erase(std::unique(docids.begin(), docids.end()), docids.end());
    }
    Xapian::doccount get_termfreq_min() const override { return 0; }
    Xapian::doccount get_termfreq_est() const override { return most; }
    Xapian::doccount get_termfreq_max() const override { return most; }
    Xapian::docid get_docid() const override { return docids[position]; }
    bool at_end() const override { return started && position >= docids.size(); }
    void next(double) override {
        if (started) ++position;
        started = true;
    }
    void skip_to(Xapian::docid did, double) override {
        auto from = docids.begin() + (started ? position : 0);
        position = std::lower_bound(from, docids.end(), did) - docids.begin();
        started = true;
    }
    void init(const Xapian::Database &db) override {
        position = 0;
        started = false;
        most = std::min<Xapian::doccount>(docids.size(), db.get_doccount());
    }
    DocidSet *clone() const override { return new DocidSet(docids); }

  private:
    std::vector<Xapian::docid> docids;
    size_t position = 0;
    bool started = false;
    Xapian::doccount most = 0;
};

} // namespace cxapian

#endif
