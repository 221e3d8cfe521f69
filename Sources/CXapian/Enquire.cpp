#include "Shim.hpp"
#include "plan/MatchEstimate.hpp"
#include "plan/StemmedTermsOnly.hpp"
#include <algorithm>
#include <functional>

using namespace cxapian;

extern "C" {

cx_enquire *cx_enquire_new(cx_database *db, cx_error *error) {
    return guarded<cx_enquire *>(error, nullptr, [&] { return new cx_enquire(*db); });
}

void cx_enquire_free(cx_enquire *enq) { delete enq; }

void cx_enquire_set_query(cx_enquire *enq, const cx_query *query) {
    guarded(nullptr, false, [&] { enq->enquire.set_query(query->query); return true; });
}

void cx_enquire_set_bm25(cx_enquire *enq, double k1, double k2, double k3, double b, double min_normlen) {
    guarded(nullptr, false, [&] {
        enq->enquire.set_weighting_scheme(Xapian::BM25Weight(k1, k2, k3, b, min_normlen));
        double parameters[5] = {k1, k2, k3, b, min_normlen};
        std::copy(parameters, parameters + 5, enq->bm25);
        return true;
    });
}

void cx_enquire_set_trad_expansion(cx_enquire *enq, double k) {
    guarded(nullptr, false, [&] { enq->enquire.set_expansion_scheme("trad", k); return true; });
}

bool cx_enquire_set_sort(cx_enquire *enq, const uint32_t *slots, const bool *descending, size_t count,
                         bool relevance_after, cx_error *error) {
    return guarded(error, false, [&] {
        enq->sorter.reset();
        enq->absent_last = false;
        if (count == 0) {
            enq->enquire.set_sort_by_relevance();
        } else if (count == 1) {
            // Xapian's value order: an absent (empty) value first when ascending, last when descending.
            if (relevance_after) enq->enquire.set_sort_by_value_then_relevance(slots[0], descending[0]);
            else enq->enquire.set_sort_by_value(slots[0], descending[0]);
            enq->absent_last = !descending[0];
            enq->sort_slot = slots[0];
        } else {
            if (enq->remote) {
                throw Xapian::UnimplementedError("sorting by more than one key is not possible on remote shards: "
                                                 "Xapian's remote protocol sorts by one value slot");
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
        }
        return true;
    });
}

void cx_enquire_set_decider(cx_enquire *enq, bool (*decide)(void *, const char *, size_t), void *context) {
    enq->decider.reset(decide ? new CallbackDecider(decide, context) : nullptr);
}

bool cx_enquire_add_facet(cx_enquire *enq, uint32_t slot, cx_error *error) {
    return guarded(error, false, [&] {
        enq->facets.emplace_back(slot, nullptr);
        return true;
    });
}

bool cx_enquire_facet_counts(cx_enquire *enq, uint32_t slot,
                             void (*visit)(void *, const char *, size_t, uint32_t), void *context, cx_error *error) {
    return guarded(error, false, [&] {
        for (auto &[facet, spy] : enq->facets) {
            if (facet != slot) continue;
            // The spy counts whole values; a multi-valued slot's elements (split on 0x1F) each
            // count every document holding the whole value.
            std::map<std::string, Xapian::doccount> counts;
            if (spy) {
                for (Xapian::TermIterator it = spy->values_begin(); it != spy->values_end(); ++it) {
                    std::string value = *it;
                    for (size_t start = 0, end; start < value.size(); start = end + 1) {
                        end = std::min(value.find('\x1f', start), value.size());
                        if (end > start) counts[value.substr(start, end - start)] += it.get_termfreq();
                    }
                }
            }
            for (auto &entry : counts) visit(context, entry.first.data(), entry.first.size(), entry.second);
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
        // Fresh spies: Xapian's add up over every run they see.
        enq->enquire.clear_matchspies();
        for (auto &[slot, spy] : enq->facets) {
            spy = std::make_unique<Xapian::ValueCountMatchSpy>(slot);
            enq->enquire.add_matchspy(spy.get());
        }
        auto result = std::make_unique<cx_mset>();
        if (!enq->absent_last) {
            result->mset = enq->enquire.get_mset(offset, limit, check_at_least, nullptr, enq->decider.get());
            return result.release();
        }
        // Ascending by value, documents without one last: those with a value (every value is at
        // least one byte), then the others; the page continues into the second run when the first
        // ends within it (its count then exact). The second always runs, for its count.
        Xapian::Query query = enq->enquire.get_query();
        Xapian::Query present(Xapian::Query::OP_VALUE_GE, enq->sort_slot, std::string(1, '\0'));
        enq->enquire.set_query(Xapian::Query(Xapian::Query::OP_FILTER, query, present));
        result->mset = enq->enquire.get_mset(offset, limit, check_at_least, nullptr, enq->decider.get());
        Xapian::doccount found = result->mset.size(), before = result->mset.get_matches_lower_bound();
        uint32_t rest_offset = found > 0 || offset < before ? 0 : offset - before;
        enq->enquire.set_query(Xapian::Query(Xapian::Query::OP_AND_NOT, query, present));
        result->rest = enq->enquire.get_mset(rest_offset, found < limit ? limit - found : 0, check_at_least, nullptr, enq->decider.get());
        enq->enquire.set_query(query);
        return result.release();
    });
}

bool cx_enquire_expand(cx_enquire *enq, const uint32_t *docids, size_t count, uint32_t max_terms, bool include_query_terms,
                       void (*visit)(void *, const char *, size_t, double), void *context, cx_error *error) {
    return guarded(error, false, [&] {
        Xapian::RSet rset;
        for (size_t i = 0; i < count; ++i) rset.add_document(docids[i]);
        StemmedTermsOnly decider;
        int flags = include_query_terms ? Xapian::Enquire::INCLUDE_QUERY_TERMS : 0;
        // Over shards Xapian approximates a term's frequency from the shards holding the relevant
        // documents; exact, the expansion weighs terms as it does in one database of the same documents.
        if (enq->database.size() > 1) flags |= Xapian::Enquire::USE_EXACT_TERMFREQ;
        Xapian::ESet eset = enq->enquire.get_eset(max_terms, rset, flags, &decider);
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

bool cx_enquire_explain(cx_enquire *enq, const cx_query *query, uint32_t docid, const char *unique_term, size_t unique_len,
                        void (*visit)(void *, double, const char *, size_t), void *context, cx_error *error) {
    return guarded(error, false, [&] {
        Xapian::Database &db = enq->database;
        Xapian::Enquire weigher(db);
        weigher.set_weighting_scheme(Xapian::BM25Weight(enq->bm25[0], enq->bm25[1], enq->bm25[2], enq->bm25[3], enq->bm25[4]));
        Xapian::Query document(str(unique_term, unique_len));
        Xapian::Document held = db.get_document(docid);
        auto holds = [&](const std::string &term) {
            Xapian::TermIterator it = held.termlist_begin();
            it.skip_to(term);
            return it != held.termlist_end() && *it == term;
        };
        auto matches = [&](const Xapian::Query &part) {
            weigher.set_query(Xapian::Query(Xapian::Query::OP_FILTER, Xapian::Query(0.0, part), document));
            return weigher.get_mset(0, 1).size() > 0;
        };
        // Walks the query, multiplying the scale factors met on the way down, to each part whose
        // weight Xapian sums: a term, or a synonym, wildcard or phrase as a whole. A branch the
        // document does not match adds nothing, whatever its terms would (the document holds
        // "lake" and "trail": `lake OR (glacier AND_NOT trail)` weighs its glacier at nothing).
        // The right-hand sides of FILTER (restrictions) are visited at factor 0, so the terms they
        // match are listed.
        std::function<void(const Xapian::Query &, double)> walk = [&](const Xapian::Query &part, double factor) {
            using Q = Xapian::Query;
            size_t n = part.get_num_subqueries();
            switch (part.get_type()) {
            case Q::OP_AND: case Q::OP_OR: case Q::OP_AND_MAYBE: case Q::OP_XOR: case Q::OP_FILTER: case Q::OP_AND_NOT:
                if (!matches(part)) return;
                break;
            default:
                break;
            }
            switch (part.get_type()) {
            case Q::OP_SCALE_WEIGHT: {
                // Xapian 1.4 has no getter for the factor; its description starts with it, written
                // with 20 significant digits ("0.05583756345177665753 * (...)"), which is exact for a double.
                double scale = std::strtod(part.get_description().c_str() + std::strlen("Query("), nullptr);
                walk(part.get_subquery(0), factor * scale);
                return;
            }
            case Q::OP_AND: case Q::OP_OR: case Q::OP_AND_MAYBE: case Q::OP_XOR:
                for (size_t i = 0; i < n; ++i) walk(part.get_subquery(i), factor);
                return;
            case Q::OP_FILTER:
                walk(part.get_subquery(0), factor);
                for (size_t i = 1; i < n; ++i) walk(part.get_subquery(i), 0);
                return;
            case Q::OP_AND_NOT:
                walk(part.get_subquery(0), factor);
                return;
            case Q::LEAF_MATCH_ALL: case Q::LEAF_MATCH_NOTHING: case Q::OP_VALUE_RANGE: case Q::OP_VALUE_GE: case Q::OP_VALUE_LE:
            case Q::LEAF_POSTING_SOURCE: case Q::OP_INVALID:
                return;
            default:
                break;
            }
            std::string terms;
            auto add = [&](const std::string &term) {
                if (!terms.empty()) terms += '\0';
                terms += term;
            };
            if (part.get_type() == Q::OP_WILDCARD) {
                // "WILDCARD SYNONYM <pattern>": the document's terms beginning with the pattern.
                std::string description = part.get_description();
                std::string pattern = description.substr(description.rfind(' ') + 1);
                pattern.pop_back();  // the closing ")" of "Query(...)"
                Xapian::TermIterator it = held.termlist_begin();
                for (it.skip_to(pattern); it != held.termlist_end() && (*it).compare(0, pattern.size(), pattern) == 0; ++it) add(*it);
            } else {
                for (Xapian::TermIterator it = part.get_unique_terms_begin(); it != part.get_unique_terms_end(); ++it) {
                    if (holds(*it)) add(*it);
                }
            }
            if (terms.empty()) return;
            double weight = 0;
            if (factor > 0) {
                weigher.set_query(Xapian::Query(Q::OP_FILTER, Xapian::Query(factor, part), document));
                Xapian::MSet one = weigher.get_mset(0, 1);
                if (one.size() > 0) weight = one[0].get_weight();
            }
            visit(context, weight, terms.data(), terms.size());
        };
        walk(query->query, 1);
        return true;
    });
}

void cx_mset_free(cx_mset *mset) { delete mset; }
uint32_t cx_mset_size(const cx_mset *mset) { return mset->size(); }
uint32_t cx_mset_matches_estimated(const cx_mset *mset) { return mset->mset.get_matches_estimated() + mset->rest.get_matches_estimated(); }
uint32_t cx_mset_matches_lower_bound(const cx_mset *mset) { return mset->mset.get_matches_lower_bound() + mset->rest.get_matches_lower_bound(); }
uint32_t cx_mset_matches_upper_bound(const cx_mset *mset) { return mset->mset.get_matches_upper_bound() + mset->rest.get_matches_upper_bound(); }
uint32_t cx_mset_docid(const cx_mset *mset, uint32_t index) { return *mset->at(index); }
double cx_mset_weight(const cx_mset *mset, uint32_t index) { return mset->at(index).get_weight(); }

char *cx_mset_value(const cx_mset *mset, uint32_t index, uint32_t slot, size_t *out_len, cx_error *error) {
    return guarded<char *>(error, nullptr, [&] {
        return copy_out(mset->at(index).get_document().get_value(slot), out_len);
    });
}

char *cx_mset_data(const cx_mset *mset, uint32_t index, size_t *out_len, cx_error *error) {
    return guarded<char *>(error, nullptr, [&] {
        return copy_out(mset->at(index).get_document().get_data(), out_len);
    });
}

} // extern "C"
