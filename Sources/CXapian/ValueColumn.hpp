// Internal to the shim (and shared with the same-plan mirror in Benchmarks/peers): a value slot of
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
// and stays: a process that runs many queries soon reads no value blocks at all. Memory is 8 bytes
// per docid up to the highest one read (5 MB at 640,000 documents).
#ifndef CXAPIAN_VALUE_COLUMN_HPP
#define CXAPIAN_VALUE_COLUMN_HPP

#include <xapian.h>
#include <algorithm>
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
            Xapian::docid g = docids[i] / granule;
            if (g >= loaded.size() || !loaded[g]) missing.push_back(g);
        }
        if (!missing.empty()) load(db, missing);
        for (size_t i = 0; i < count; ++i) out[i] = docids[i] < values.size() ? values[docids[i]] : 0;
    }

    void clear() {
        values.clear();
        loaded.clear();
    }

  private:
    void load(const Xapian::Database &db, std::vector<Xapian::docid> &granules) {
        std::sort(granules.begin(), granules.end());
        granules.erase(std::unique(granules.begin(), granules.end()), granules.end());
        size_t size = (size_t(granules.back()) + 1) * granule;
        if (values.size() < size) values.resize(size, 0);
        if (loaded.size() < granules.back() + 1) loaded.resize(granules.back() + 1, false);
        Xapian::ValueIterator it = db.valuestream_begin(slot), end = db.valuestream_end(slot);
        for (Xapian::docid g : granules) {
            Xapian::docid first = std::max<Xapian::docid>(1, g * granule), past = (g + 1) * granule;
            if (it != end && it.get_docid() < first) it.skip_to(first);
            for (; it != end && it.get_docid() < past; ++it) values[it.get_docid()] = Xapian::sortable_unserialise(*it);
            loaded[g] = true;
        }
    }

    Xapian::valueno slot;
    std::vector<double> values;   // by docid
    std::vector<bool> loaded;     // by granule
};

} // namespace cxapian

#endif
