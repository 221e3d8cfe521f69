// A plan building block of the shim, published for Benchmarks/peers/xapian_raw.cpp: the most frequent
// terms beginning with a prefix, which a partly typed word expands to.
//
//     for (const auto &[term, frequency] : cxapian::most_frequent_terms(db, "data", 20)) { ... }
//
// A four-letter prefix begins hundreds of terms in a large index; only the best `limit` are kept
// while walking them (a bounded heap), so the caller gets `limit` terms, not all of them to sort.
#ifndef CXAPIAN_FREQUENT_TERMS_HPP
#define CXAPIAN_FREQUENT_TERMS_HPP

#include <xapian.h>
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace cxapian {

// The `limit` most frequent terms beginning with `prefix`, most frequent first, ties in byte order
// (Xapian's WILDCARD_LIMIT_MOST_FREQUENT choice, in a defined order).
inline std::vector<std::pair<std::string, Xapian::doccount>>
most_frequent_terms(const Xapian::Database &db, const std::string &prefix, size_t limit) {
    using Entry = std::pair<std::string, Xapian::doccount>;
    // "Better" puts the more frequent first, then the smaller term: the heap's top is the worst kept.
    auto better = [](const Entry &a, const Entry &b) { return a.second != b.second ? a.second > b.second : a.first < b.first; };
    std::vector<Entry> kept;
    if (limit == 0) return kept;
    kept.reserve(limit + 1);
    for (Xapian::TermIterator it = db.allterms_begin(prefix); it != db.allterms_end(prefix); ++it) {
        Xapian::doccount frequency = it.get_termfreq();
        // Terms arrive in byte order, so a later term with the worst kept frequency loses the tie.
        if (kept.size() == limit && frequency <= kept.front().second) continue;
        kept.emplace_back(*it, frequency);
        std::push_heap(kept.begin(), kept.end(), better);
        if (kept.size() > limit) {
            std::pop_heap(kept.begin(), kept.end(), better);
            kept.pop_back();
        }
    }
    std::sort_heap(kept.begin(), kept.end(), better);
    return kept;
}

} // namespace cxapian

#endif
