// Internal to the shim: handle structs and the one place C++ exceptions turn into cx_error.
#ifndef CXAPIAN_SHIM_HPP
#define CXAPIAN_SHIM_HPP

#include "CXapian.h"
#include "plan/FrequentTerms.hpp"
#include "plan/ValueColumn.hpp"
#include <xapian.h>
#include <libstemmer.h>
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

// One line of a stub file `XAPIANDB` as a reader opened it: a local shard (`glass`/`auto` FOLDER) or
// one served by xapian-tcpsrv (`remote HOST:PORT`) or a program (`remote :PROGRAM ARGS`), in Xapian's
// own stub syntax (backends/databasehelpers.h, read_stub_file).
struct StubShard {
    std::string line;      // as written, to name the shard in messages
    std::string folder;    // a local shard's folder, relative paths resolved against the stub's folder
    bool remote = false;
    std::string host;      // remote over TCP: host and port
    unsigned port = 0;
    std::string program;   // remote through a program: its path and arguments
    std::string args;
    Xapian::Database db;   // open when `missing` is empty
    std::string missing;   // why the shard is left out of the combined reader (partial reads only)
};

struct cx_database {
    Xapian::Database reader;
    Xapian::WritableDatabase writer;
    // The shards of a writer opened on a stub folder, each its own handle: Xapian's combined writer
    // sets metadata in the first shard only, and the ingest writes each shard from a thread of its own.
    std::vector<Xapian::WritableDatabase> shards;
    bool writable = false;
    // A reader of a stub folder: its shards, and how remote ones are reached (cx_database_open_reader).
    std::string stub;
    std::vector<StubShard> parts;
    cx_remote_options remote_options{10.0, 10.0, false};
    bool has_remote() const {
        for (const auto &part : parts) if (part.remote) return true;
        return false;
    }
    // Numeric value slots a reader has read (cx_database_numbers), until it moves to another revision.
    std::map<Xapian::valueno, cxapian::ValueColumn> columns;
    // Value bounds a reader has read (cx_database_value_bound: slot, upper), until it moves to another
    // revision: each search asks for two, a round trip each to a remote shard.
    std::map<std::pair<Xapian::valueno, bool>, std::string> bounds;
    // Forgets what a reader keeps of its revision.
    void revision_changed() {
        columns.clear();
        bounds.clear();
    }
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

struct cx_enquire {
    Xapian::Enquire enquire;
    // The BM25 parameters last set (k1, k2, k3, b, min_normlen), for explanations' own runs.
    double bm25[5] = {1, 0, 1, 0.5, 0.5};
    std::unique_ptr<Xapian::MultiValueKeyMaker> sorter;
    // A sort by one value slot, ascending: documents without a value must come last, where Xapian
    // puts them first (an empty value), so such a match runs in two parts (cx_enquire_mset).
    bool absent_last = false;
    Xapian::valueno sort_slot = 0;
    std::unique_ptr<CallbackDecider> decider;
    // Facet slots and their spies: Xapian's ValueCountMatchSpy, which the remote protocol carries
    // (xapian-tcpsrv knows it), counting whole slot values; multi-valued ones are split on 0x1F when read.
    std::vector<std::pair<Xapian::valueno, std::unique_ptr<Xapian::ValueCountMatchSpy>>> facets;
    // The database searched (Xapian's Enquire does not give it back), for explanations' own runs.
    Xapian::Database database;
    // Whether a shard is remote: Xapian's remote protocol carries no key maker or decider.
    bool remote;
    explicit cx_enquire(const cx_database &db) : enquire(db.writable ? static_cast<const Xapian::Database &>(db.writer) : db.reader),
        database(db.writable ? static_cast<const Xapian::Database &>(db.writer) : db.reader), remote(db.has_remote()) {}
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

// English's Snowball stemmer, which keeps the "s" of an acronym's plural, a word without a vowel
// ("dvds", "pdfs", "mp3s"; "urls" loses it already): such a stem of four letters or more loses its
// "s" here, so that "DVDs" and "dvd" meet. Shorter ones keep it: "gps", "dns" and "sms" are
// acronyms of their own.
class AcronymPluralStem : public Xapian::StemImplementation {
    Xapian::Stem snowball;
public:
    explicit AcronymPluralStem(const std::string &language) : snowball(language) {}
    std::string operator()(const std::string &word) override {
        std::string stem = snowball(word);
        if (stem.size() < 4 || stem.back() != 's') return stem;
        for (char c : stem) {
            bool consonantOrDigit = (c >= 'b' && c <= 'z' && !std::strchr("eiouy", c)) || (c >= '0' && c <= '9');
            if (!consonantOrDigit) return stem;
        }
        stem.pop_back();
        return stem;
    }
    std::string get_description() const override { return snowball.get_description() + ", acronym plurals"; }
};

// A Snowball stemmer of the system's libstemmer (Snowball 2.x), for the languages whose
// algorithms came after the Snowball compiled into Xapian 1.4 (Greek, Hindi, Serbian, Yiddish).
// Like Xapian's own stemmers, one instance is not for concurrent use.
class LibStemmerStem : public Xapian::StemImplementation {
    struct sb_stemmer *stemmer;
    std::string language;
public:
    explicit LibStemmerStem(const std::string &language)
        : stemmer(sb_stemmer_new(language.c_str(), "UTF_8")), language(language) {
        if (!stemmer) throw Xapian::InvalidArgumentError("Language code " + language + " unknown");
    }
    ~LibStemmerStem() override { sb_stemmer_delete(stemmer); }
    LibStemmerStem(const LibStemmerStem &) = delete;
    LibStemmerStem &operator=(const LibStemmerStem &) = delete;
    std::string operator()(const std::string &word) override {
        const sb_symbol *stem = sb_stemmer_stem(stemmer, reinterpret_cast<const sb_symbol *>(word.data()),
                                                static_cast<int>(word.size()));
        if (!stem) throw std::bad_alloc();
        return std::string(reinterpret_cast<const char *>(stem), static_cast<size_t>(sb_stemmer_length(stemmer)));
    }
    std::string get_description() const override { return "Snowball " + language + " (libstemmer)"; }
};

// A page of matches: one Xapian MSet, or two when an ascending value sort ran the documents with a
// value (`mset`) and then those without (`rest`), so that the latter come last.
struct cx_mset {
    Xapian::MSet mset;
    Xapian::MSet rest;
    Xapian::doccount size() const { return mset.size() + rest.size(); }
    Xapian::MSetIterator at(uint32_t index) const {
        return index < mset.size() ? mset[index] : rest[index - mset.size()];
    }
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

// The shards a stub file lists (`stub`, in `folder`), in Xapian's stub syntax; unopened.
std::vector<StubShard> read_stub(const std::string &folder, const std::string &stub);
// Opens `path` for reading into `handle`: a stub folder shard by shard (Shards.cpp), else as Xapian does.
void open_reader(cx_database &handle, const std::string &path, const cx_remote_options &options);

} // namespace cxapian

#endif
