// Internal to the shim: handle structs and the one place C++ exceptions turn into cx_error.
#ifndef CXAPIAN_SHIM_HPP
#define CXAPIAN_SHIM_HPP

#include "CXapian.h"
#include "plan/FrequentTerms.hpp"
#include "plan/ValueColumn.hpp"
#include <xapian.h>
#include <cstring>
#include <cstdlib>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <vector>

// Defined by CMappedReads (Sources/CMappedReads/MappedReads.c), which only the `searchlight`
// executable links: a weak reference, null in any other program, so that the libraries neither
// contain nor require the process-wide pread interposition.
extern "C" __attribute__((weak)) void mapped_reads_scanning(bool on);

// While alive, this thread's reads of database files stay with the kernel (in a program that maps
// them, CMappedReads): for work that reads a whole database once, where mapping the files (after
// 256 reads each) would only add every page read to the resident set (about 250 MB when compacting
// a 64,000-entity bulk load).
struct WholeDatabaseScan {
    WholeDatabaseScan() { if (mapped_reads_scanning) mapped_reads_scanning(true); }
    ~WholeDatabaseScan() { if (mapped_reads_scanning) mapped_reads_scanning(false); }
    WholeDatabaseScan(const WholeDatabaseScan &) = delete;
    WholeDatabaseScan &operator=(const WholeDatabaseScan &) = delete;
};

struct cx_database {
    Xapian::Database reader;
    Xapian::WritableDatabase writer;
    // The shards of a writer opened on a stub folder, each its own handle: Xapian's combined writer
    // sets metadata in the first shard only, and the ingest writes each shard from a thread of its own.
    std::vector<Xapian::WritableDatabase> shards;
    bool writable = false;
    // Numeric value slots a reader has read (cx_database_numbers), until it moves to another revision.
    std::map<Xapian::valueno, cxapian::ValueColumn> columns;
    Xapian::Database &db() { return writable ? static_cast<Xapian::Database &>(writer) : reader; }
};

struct cx_document {
    Xapian::Document doc;
};

struct cx_term_generator {
    Xapian::TermGenerator generator;
};

struct cx_query {
    Xapian::Query query;
};

struct cx_query_parser {
    Xapian::QueryParser parser;
    std::unique_ptr<Xapian::SimpleStopper> stopper;
};

// Hands each candidate's data to a C callback (Xapian::MatchDecider over the C boundary).
class CallbackDecider : public Xapian::MatchDecider {
  public:
    CallbackDecider(bool (*decide)(void *, const char *, size_t), void *context) : decide(decide), context(context) {}
    bool operator()(const Xapian::Document &doc) const override {
        std::string data = doc.get_data();
        return decide(context, data.data(), data.size());
    }

  private:
    bool (*decide)(void *, const char *, size_t);
    void *context;
};

// Counts the values of one slot over the matches, splitting multi-valued slots on 0x1F.
class FacetSpy : public Xapian::MatchSpy {
  public:
    explicit FacetSpy(Xapian::valueno slot) : slot(slot) {}
    void operator()(const Xapian::Document &doc, double) override {
        std::string value = doc.get_value(slot);
        size_t start = 0;
        while (start < value.size()) {
            size_t end = value.find('\x1f', start);
            if (end == std::string::npos) end = value.size();
            if (end > start) ++counts[value.substr(start, end - start)];
            start = end + 1;
        }
    }
    Xapian::valueno slot;
    std::map<std::string, Xapian::doccount> counts;
};

struct cx_enquire {
    Xapian::Enquire enquire;
    // The BM25 parameters last set (k1, k2, k3, b, min_normlen), for explanations' own runs.
    double bm25[5] = {1, 0, 1, 0.5, 0.5};
    std::unique_ptr<Xapian::MultiValueKeyMaker> sorter;
    std::unique_ptr<CallbackDecider> decider;
    std::vector<std::unique_ptr<FacetSpy>> facets;
    // The database searched (Xapian's Enquire does not give it back), for explanations' own runs.
    Xapian::Database database;
    explicit cx_enquire(const Xapian::Database &db) : enquire(db), database(db) {}
};

struct cx_stemmer {
    Xapian::Stem stem;
};

// Stemming by truncation: a word's first `length` characters (code points of its UTF-8) are its stem.
class TruncatingStem : public Xapian::StemImplementation {
    size_t length;
public:
    explicit TruncatingStem(size_t length) : length(length) {}
    std::string operator()(const std::string &word) override {
        size_t characters = 0;
        for (size_t i = 0; i < word.size(); ++i) {
            // Each character starts at a byte that is not a UTF-8 continuation byte (10xxxxxx).
            if ((static_cast<unsigned char>(word[i]) & 0xC0) != 0x80 && characters++ == length) return word.substr(0, i);
        }
        return word;
    }
    std::string get_description() const override { return "truncation to " + std::to_string(length); }
};

struct cx_mset {
    Xapian::MSet mset;
};

namespace cxapian {

void set_error(cx_error *error, int kind, const std::string &message);
// Maps the exception being handled (call only inside a catch block) onto `error`.
void set_error_from_current_exception(cx_error *error);

// Runs `body`; any exception becomes `error` and `failure` is returned instead.
template <typename Result, typename Body>
Result guarded(cx_error *error, Result failure, Body &&body) noexcept {
    try {
        return body();
    } catch (...) {
        set_error_from_current_exception(error);
        return failure;
    }
}

// A malloc'd copy of `value` for returning across the C boundary.
char *copy_out(const std::string &value, size_t *out_len);

inline std::string str(const char *bytes, size_t len) { return std::string(bytes ? bytes : "", bytes ? len : 0); }

void require_writable(cx_database *db);

} // namespace cxapian

#endif
