// A plan building block of the shim, published for Benchmarks/peers/xapian_raw.cpp: a value slot of
// numbers held in memory by a reader, read from Xapian's value stream one granule of docids at a time.
//
//     cxapian::ValueColumn hints(0);
//     double values[2];
//     Xapian::docid docids[] = {17, 4021};
//     hints.read(db, docids, 2, values);   // sortable_unserialise'd; 0 where a document has none
//     hints.clear();                       // after the reader moves to another revision
//
// Reading one document's value costs a B-tree lookup in the postlist table, and the values of a
// page's candidates lie in as many different blocks: 30 candidates read about 20 blocks. A granule
// is read with one lookup and a short walk along the stream (its values lie in one or two chunks),
// and stays: a process that runs many queries soon reads no value blocks at all. Memory is about 9
// bytes per docid of the granules read (6 MB for a whole column of 640,000 documents).
#ifndef CXAPIAN_VALUE_COLUMN_HPP
#define CXAPIAN_VALUE_COLUMN_HPP

#include <xapian.h>
#include <algorithm>
#include <array>
#include <unordered_map>
#include <vector>

namespace cxapian {

class ValueColumn {
  public:
    // Docids per granule: small enough that a one-shot query decodes little beyond what it needs.
    static constexpr Xapian::docid granule = 64;

    explicit ValueColumn(Xapian::valueno slot) : slot(slot) {}

    // The values of `docids` (any order) into `out`; reads the granules not yet held, in docid order.
    void read(const Xapian::Database &db, const Xapian::docid *docids, size_t count, double *out) {
        std::vector<Xapian::docid> missing;
        for (size_t i = 0; i < count; ++i) {
            if (granules.find(docids[i] / granule) == granules.end()) missing.push_back(docids[i] / granule);
        }
        if (!missing.empty()) load(db, missing);
        for (size_t i = 0; i < count; ++i) out[i] = granules.find(docids[i] / granule)->second[docids[i] % granule];
    }

    void clear() { granules.clear(); }

  private:
    using Values = std::array<double, granule>;

    void load(const Xapian::Database &db, std::vector<Xapian::docid> &missing) {
        std::sort(missing.begin(), missing.end());
        missing.erase(std::unique(missing.begin(), missing.end()), missing.end());
        Xapian::ValueIterator it = db.valuestream_begin(slot), end = db.valuestream_end(slot);
        for (Xapian::docid g : missing) {
            Values &values = granules[g];   // value-initialised: 0 for documents without a value
            Xapian::docid first = std::max<Xapian::docid>(1, g * granule), past = (g + 1) * granule;
            if (it != end && it.get_docid() < first) it.skip_to(first);
            for (; it != end && it.get_docid() < past; ++it) values[it.get_docid() % granule] = Xapian::sortable_unserialise(*it);
        }
    }

    Xapian::valueno slot;
    // By granule number, only those read: a one-shot process allocates a few granules, not a column
    // as long as the highest docid it met (5 MB of zeroed pages at 640,000 documents).
    std::unordered_map<Xapian::docid, Values> granules;
};

} // namespace cxapian

#endif
