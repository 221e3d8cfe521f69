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
#include <string>
#include <vector>

namespace cxapian {

// Every docid of a list, weight 0. A docid without a document (deleted, or never written) is
// passed over by whatever it filters; the list is taken to hold documents for the estimates.
//
// Over a combined database Xapian runs a clone in each shard, with the shard's own docids, and
// tells it nothing but the shard: given the shards' uuids in order (the combined database's uuid
// split at ':'), a clone finds its shard by uuid and keeps the docids that live there, as that
// shard numbers them (combined docid d is docid (d - 1) / N + 1 of shard (d - 1) % N).
class DocidSet : public Xapian::PostingSource {
  public:
    explicit DocidSet(std::vector<Xapian::docid> ids, std::vector<std::string> shard_uuids = {})
        : all(std::move(ids)), shards(std::move(shard_uuids)) {
        std::sort(all.begin(), all.end());
        all.erase(std::unique(all.begin(), all.end()), all.end());
        docids = all;
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
        if (!shards.empty()) {
            Xapian::docid count = static_cast<Xapian::docid>(shards.size());
            Xapian::docid shard = static_cast<Xapian::docid>(std::find(shards.begin(), shards.end(), db.get_uuid()) - shards.begin());
            docids.clear();
            for (Xapian::docid did : all) {
                if (shard < count && (did - 1) % count == shard) docids.push_back((did - 1) / count + 1);
            }
        }
        most = std::min<Xapian::doccount>(docids.size(), db.get_doccount());
    }
    DocidSet *clone() const override { return new DocidSet(all, shards); }

  private:
    // The docids given, sorted; `docids` those of the database searched (all of them without shards).
    std::vector<Xapian::docid> all;
    std::vector<std::string> shards;
    std::vector<Xapian::docid> docids;
    size_t position = 0;
    bool started = false;
    Xapian::doccount most = 0;
};

} // namespace cxapian

#endif
