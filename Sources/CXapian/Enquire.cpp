#include "Shim.hpp"
#include "plan/MatchEstimate.hpp"
#include "plan/StemmedTermsOnly.hpp"

using namespace cxapian;

extern "C" {

cx_enquire *cx_enquire_new(cx_database *db, cx_error *error) {
    return guarded<cx_enquire *>(error, nullptr, [&] { return new cx_enquire(db->db()); });
}

void cx_enquire_free(cx_enquire *enq) { delete enq; }

void cx_enquire_set_query(cx_enquire *enq, const cx_query *query) {
    guarded(nullptr, false, [&] { enq->enquire.set_query(query->query); return true; });
}

void cx_enquire_set_bm25(cx_enquire *enq, double k1, double k2, double k3, double b, double min_normlen) {
    guarded(nullptr, false, [&] { enq->enquire.set_weighting_scheme(Xapian::BM25Weight(k1, k2, k3, b, min_normlen)); return true; });
}

void cx_enquire_set_trad_expansion(cx_enquire *enq, double k) {
    guarded(nullptr, false, [&] { enq->enquire.set_expansion_scheme("trad", k); return true; });
}

bool cx_enquire_set_sort(cx_enquire *enq, const uint32_t *slots, const bool *descending, size_t count,
                         bool relevance_after, cx_error *error) {
    return guarded(error, false, [&] {
        if (count == 0) {
            enq->enquire.set_sort_by_relevance();
            enq->sorter.reset();
            return true;
        }
        auto sorter = std::make_unique<Xapian::MultiValueKeyMaker>();
        // An absent value sorts after every sortable_serialise'd or text value when ascending,
        // and the empty default sorts last when descending.
        static const std::string after_everything(16, '\xff');
        for (size_t i = 0; i < count; ++i)
            sorter->add_value(slots[i], descending[i], descending[i] ? std::string() : after_everything);
        if (relevance_after) enq->enquire.set_sort_by_key_then_relevance(sorter.get(), false);
        else enq->enquire.set_sort_by_key(sorter.get(), false);
        enq->sorter = std::move(sorter);
        return true;
    });
}

void cx_enquire_set_decider(cx_enquire *enq, bool (*decide)(void *, const char *, size_t), void *context) {
    enq->decider.reset(decide ? new CallbackDecider(decide, context) : nullptr);
}

bool cx_enquire_add_facet(cx_enquire *enq, uint32_t slot, cx_error *error) {
    return guarded(error, false, [&] {
        auto spy = std::make_unique<FacetSpy>(slot);
        enq->enquire.add_matchspy(spy.get());
        enq->facets.push_back(std::move(spy));
        return true;
    });
}

bool cx_enquire_facet_counts(cx_enquire *enq, uint32_t slot,
                             void (*visit)(void *, const char *, size_t, uint32_t), void *context, cx_error *error) {
    return guarded(error, false, [&] {
        for (auto &spy : enq->facets) {
            if (spy->slot != slot) continue;
            for (auto &entry : spy->counts) visit(context, entry.first.data(), entry.first.size(), entry.second);
            return true;
        }
        throw Xapian::InvalidArgumentError("no facet on slot " + std::to_string(slot));
    });
}

void cx_enquire_set_weight_cutoff(cx_enquire *enq, double weight) {
    guarded(nullptr, false, [&] { enq->enquire.set_cutoff(0, weight); return true; });
}

cx_mset *cx_enquire_mset(cx_enquire *enq, uint32_t offset, uint32_t limit, uint32_t check_at_least, cx_error *error) {
    return guarded<cx_mset *>(error, nullptr, [&] {
        for (auto &spy : enq->facets) spy->counts.clear();
        return new cx_mset{enq->enquire.get_mset(offset, limit, check_at_least, nullptr, enq->decider.get())};
    });
}

bool cx_enquire_expand(cx_enquire *enq, const uint32_t *docids, size_t count, uint32_t max_terms, bool include_query_terms,
                       void (*visit)(void *, const char *, size_t, double), void *context, cx_error *error) {
    return guarded(error, false, [&] {
        Xapian::RSet rset;
        for (size_t i = 0; i < count; ++i) rset.add_document(docids[i]);
        StemmedTermsOnly decider;
        Xapian::ESet eset = enq->enquire.get_eset(max_terms, rset, include_query_terms ? Xapian::Enquire::INCLUDE_QUERY_TERMS : 0, &decider);
        for (Xapian::ESetIterator it = eset.begin(); it != eset.end(); ++it) {
            std::string term = *it;
            visit(context, term.data(), term.size(), it.get_weight());
        }
        return true;
    });
}

double cx_mset_estimate_matches(const cx_mset *mset, const cx_query *query, cx_database *db, cx_error *error) {
    return guarded<double>(error, -1, [&] {
        return estimate_matches(query->query, db->db(), [&](const std::string &term) { return mset->mset.get_termfreq(term); });
    });
}

bool cx_enquire_matching_terms(cx_enquire *enq, uint32_t docid,
                               void (*visit)(void *, const char *, size_t), void *context, cx_error *error) {
    return guarded(error, false, [&] {
        for (Xapian::TermIterator it = enq->enquire.get_matching_terms_begin(docid); it != enq->enquire.get_matching_terms_end(docid); ++it) {
            std::string term = *it;
            visit(context, term.data(), term.size());
        }
        return true;
    });
}

void cx_mset_free(cx_mset *mset) { delete mset; }
uint32_t cx_mset_size(const cx_mset *mset) { return mset->mset.size(); }
uint32_t cx_mset_matches_estimated(const cx_mset *mset) { return mset->mset.get_matches_estimated(); }
uint32_t cx_mset_matches_lower_bound(const cx_mset *mset) { return mset->mset.get_matches_lower_bound(); }
uint32_t cx_mset_matches_upper_bound(const cx_mset *mset) { return mset->mset.get_matches_upper_bound(); }
uint32_t cx_mset_docid(const cx_mset *mset, uint32_t index) { return *mset->mset[index]; }
double cx_mset_weight(const cx_mset *mset, uint32_t index) { return mset->mset[index].get_weight(); }

char *cx_mset_data(const cx_mset *mset, uint32_t index, size_t *out_len, cx_error *error) {
    return guarded<char *>(error, nullptr, [&] {
        return copy_out(mset->mset[index].get_document().get_data(), out_len);
    });
}

} // extern "C"
