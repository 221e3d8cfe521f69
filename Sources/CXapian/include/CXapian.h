/*
 * CXapian: a pure C interface over the Xapian search library.
 *
 * Every function that can fail takes a `cx_error *` as its last argument; on
 * failure it sets `error->kind` to a non-zero `cx_error_kind`, copies Xapian's
 * message into `error->message`, and returns 0 / NULL / false. No C++ exception
 * and no Xapian type ever crosses this header.
 *
 * Handles are opaque and owned by the caller: free each with its `_free` call.
 * Strings go in as (pointer, length) pairs and come out as malloc'd buffers
 * that the caller releases with `cx_free`.
 *
 *     cx_error err = {0};
 *     cx_database *db = cx_database_open("/tmp/idx", CX_OPEN_CREATE_OR_OPEN, &err);
 *     if (!db) { fprintf(stderr, "%s\n", err.message); }
 */
#ifndef CXAPIAN_H
#define CXAPIAN_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Errors ------------------------------------------------------------ */

typedef enum cx_error_kind {
    CX_OK = 0,
    CX_ERROR_DATABASE_LOCK,        /* another process holds the write lock */
    CX_ERROR_DATABASE_NOT_FOUND,   /* no database at the path */
    CX_ERROR_DATABASE_OPENING,     /* not a database, wrong version, unreadable */
    CX_ERROR_DATABASE_MODIFIED,    /* reader must reopen and retry */
    CX_ERROR_DATABASE_CORRUPT,
    CX_ERROR_DATABASE_CREATE,
    CX_ERROR_DATABASE,             /* other database errors (I/O, disk full) */
    CX_ERROR_DOCUMENT_NOT_FOUND,
    CX_ERROR_QUERY_PARSER,
    CX_ERROR_INVALID_ARGUMENT,
    CX_ERROR_INVALID_OPERATION,
    CX_ERROR_RANGE,
    CX_ERROR_UNIMPLEMENTED,
    CX_ERROR_OUT_OF_MEMORY,
    CX_ERROR_OTHER,
    CX_ERROR_NETWORK               /* a remote shard could not be reached, timed out or hung up */
} cx_error_kind;

#define CX_ERROR_MESSAGE_CAPACITY 512

typedef struct cx_error {
    int kind;                                  /* a cx_error_kind */
    char message[CX_ERROR_MESSAGE_CAPACITY];   /* NUL-terminated */
} cx_error;

/* Releases a buffer returned by this library. */
void cx_free(void *buffer);

/* ---- Database ---------------------------------------------------------- */

typedef struct cx_database cx_database;

typedef enum cx_open_mode {
    CX_OPEN_READ_ONLY = 0,
    CX_OPEN_CREATE_OR_OPEN = 1,   /* writable */
    CX_OPEN_OPEN = 2              /* writable, must exist */
    /* No overwrite mode: glass would truncate table files in place, under readers that have them
     * open (or mapped, in a program that links CMappedReads). Replace an index by building it
     * elsewhere and exchanging the folders. */
} cx_open_mode;

/* Opens the database at `path`. A folder holding a Xapian stub file `XAPIANDB` (one line per shard,
 * `glass <folder>` relative to the stub) is opened as the combined database of its shards, for
 * reading as Xapian does, and for writing by opening each shard as a writer of its own (see
 * cx_database_shard and cx_database_set_metadata). */
cx_database *cx_database_open(const char *path, int mode, cx_error *error);

/* How a reader reaches the remote shards of a stub folder (`remote HOST:PORT`, served by Xapian's
 * xapian-tcpsrv, or `remote :PROGRAM ARGS`). */
typedef struct cx_remote_options {
    double timeout_seconds;           /* each operation; 0: none (Xapian's default is 10) */
    double connect_timeout_seconds;   /* connecting; 0: none (Xapian's default is 10) */
    bool allow_partial;               /* a shard that cannot be reached is left out (an empty
                                         stand-in keeps the others' docids) instead of failing */
} cx_remote_options;

/* Opens the database at `path` for reading, as cx_database_open does, reaching remote shards with
 * `options` (NULL: Xapian's defaults, no partial reads). A remote shard that cannot be reached fails
 * the open with CX_ERROR_NETWORK naming its line of XAPIANDB, unless `allow_partial`. */
cx_database *cx_database_open_reader(const char *path, const cx_remote_options *options, cx_error *error);
/* The line of XAPIANDB that shard `index` of a reader of a stub folder comes from (`glass shard-0`,
 * `remote 10.0.0.2:7000`); malloc'd, release with cx_free; NULL for a reader of one database. */
char *cx_database_shard_line(const cx_database *db, uint32_t index, size_t *out_len);
/* Whether the reader has a shard behind a remote line (`remote ...`) of its stub file. */
bool cx_database_has_remote(const cx_database *db);
/* Connects every remote shard of a reader afresh and combines the shards again: after a network
 * error (a shard server restarted, an idle connection closed, a timeout). A shard that still
 * cannot be reached fails it with CX_ERROR_NETWORK naming the shard, or with `allow_partial` is left
 * out. Returns false on error. */
bool cx_database_reconnect(cx_database *db, cx_error *error);
/* Calls `visit` with each shard the reader left out (allow_partial): its stub line and why. */
void cx_database_missing_shards(const cx_database *db,
                                void (*visit)(void *context, const char *line, size_t line_len, const char *reason, size_t reason_len),
                                void *context);
void cx_database_free(cx_database *db);
bool cx_database_is_writable(const cx_database *db);
/* Re-reads the latest committed revision (readers only). Returns false on error. */
bool cx_database_reopen(cx_database *db, cx_error *error);
bool cx_database_close(cx_database *db, cx_error *error);
/* How many shards (sub-databases) the database combines: 1 for a single database. */
uint32_t cx_database_shard_count(const cx_database *db);
/* A writer of shard `index` of a sharded writer, sharing its Xapian handle (not a second lock);
 * NULL on error. Free it with cx_database_free; use it from one thread at a time. Of a reader of a
 * stub folder, a reader of that shard alone (CX_ERROR_NETWORK for a shard it left out). */
cx_database *cx_database_shard(cx_database *db, uint32_t index, cx_error *error);
/* The highest docid ever used (Xapian's get_lastdocid; on a combined database, in combined docids). */
uint32_t cx_database_last_docid(cx_database *db, cx_error *error);
/* The lowest docid of a document indexed by `term`; 0 when none is. */
uint32_t cx_database_first_docid(cx_database *db, const char *term, size_t term_len, cx_error *error);
uint32_t cx_database_doc_count(cx_database *db, cx_error *error);
/* Number of documents indexed by `term` (0 when absent). */
uint32_t cx_database_term_freq(cx_database *db, const char *term, size_t term_len, cx_error *error);
/* Metadata value for `key`; *out_len receives the length. Returns NULL with no error when unset. */
char *cx_database_metadata(cx_database *db, const char *key, size_t key_len, size_t *out_len, cx_error *error);
/* Data of the first document indexed by `term`; NULL with no error when there is none. */
char *cx_database_data_for_term(cx_database *db, const char *term, size_t term_len, size_t *out_len, cx_error *error);
/* Calls `visit` for each term starting with `prefix`, with its term frequency, until it returns false. */
bool cx_database_terms(cx_database *db, const char *prefix, size_t prefix_len,
                       bool (*visit)(void *context, const char *term, size_t term_len, uint32_t freq),
                       void *context, cx_error *error);
/* As cx_database_terms, from the first term at or after `from` (which should begin with `prefix`). */
bool cx_database_terms_from(cx_database *db, const char *prefix, size_t prefix_len, const char *from, size_t from_len,
                            bool (*visit)(void *context, const char *term, size_t term_len, uint32_t freq),
                            void *context, cx_error *error);
/* How many distinct terms the database holds (a walk over all of them). */
uint64_t cx_database_distinct_terms(cx_database *db, cx_error *error);
/* Calls `visit` for the `limit` most frequent terms starting with `prefix`, most frequent first
   (ties in byte order), with their term frequencies, until it returns false. */
bool cx_database_frequent_terms(cx_database *db, const char *prefix, size_t prefix_len, size_t limit,
                                bool (*visit)(void *context, const char *term, size_t term_len, uint32_t freq),
                                void *context, cx_error *error);
/* Calls `visit` for each term of document `docid` starting with `prefix`, with its wdf, until it returns false. */
bool cx_database_document_terms(cx_database *db, uint32_t docid, const char *prefix, size_t prefix_len,
                                bool (*visit)(void *context, const char *term, size_t term_len, uint32_t wdf),
                                void *context, cx_error *error);
/* Data of document `docid`, read without first checking that the document exists (which costs a
 * second B-tree lookup, in the termlist table); NULL, with no error, when it does not exist or has no data. */
char *cx_database_document_data(cx_database *db, uint32_t docid, size_t *out_len, cx_error *error);
/* Calls `visit` with each docid indexed by `term`, in ascending order, until it returns false. */
bool cx_database_postings(cx_database *db, const char *term, size_t term_len,
                          bool (*visit)(void *context, uint32_t docid), void *context, cx_error *error);
/* Calls `visit` with each document's value in `slot`, by ascending docid, until it returns false. */
bool cx_database_values(cx_database *db, uint32_t slot,
                        bool (*visit)(void *context, uint32_t docid, const char *value, size_t len),
                        void *context, cx_error *error);
/* The numbers (sortable_serialise'd values) of `slot` for `count` documents, into `out`: 0 where a
 * document has none. A reader keeps what it reads, 64 docids at a time, until it is reopened at a
 * new revision (ValueColumn.hpp); a writer reads afresh each time. */
bool cx_database_numbers(cx_database *db, uint32_t slot, const uint32_t *docids, size_t count, double *out, cx_error *error);
/* A bound on the values in `slot` over all documents: the largest when `upper`, else the smallest
 * (malloc'd; NULL with no error when the slot is empty). After deletions a bound may be looser than
 * the values left, never tighter. */
char *cx_database_value_bound(cx_database *db, uint32_t slot, bool upper, size_t *out_len, cx_error *error);
/* Runs Xapian's consistency check on the database folder; returns the error count, or -1 on failure. */
long cx_database_check(const char *path, char **out_report, size_t *out_report_len, cx_error *error);
/* Calls `visit` for each document in docid order with its data and its first term starting with
 * `term_prefix` (empty when it has none), until `visit` returns false. */
bool cx_database_documents(cx_database *db, const char *term_prefix, size_t prefix_len,
                           bool (*visit)(void *context, uint32_t docid, const char *data, size_t data_len,
                                         const char *term, size_t term_len),
                           void *context, cx_error *error);
/* Writes a compacted copy of the database's latest committed revision into the folder `destination`
 * (Xapian's Database::compact, level FULL, docids kept); the source is left untouched. */
bool cx_database_compact(cx_database *db, const char *destination, cx_error *error);

/* Writes every document of the database's latest committed revision (a combined database's too), at
 * its own docid, and every metadata entry (a combined database's are its first shard's) into a new
 * glass database in the folder `destination`, uncompacted: the one database a sharded index merges into. */
bool cx_database_merge(cx_database *db, const char *destination, cx_error *error);

/* Writing (the database must be writable). A sharded writer sets metadata in every shard. */
bool cx_database_set_metadata(cx_database *db, const char *key, size_t key_len,
                              const char *value, size_t value_len, cx_error *error);
bool cx_database_commit(cx_database *db, cx_error *error);
bool cx_database_begin_transaction(cx_database *db, bool flushed, cx_error *error);
bool cx_database_commit_transaction(cx_database *db, cx_error *error);
bool cx_database_cancel_transaction(cx_database *db, cx_error *error);

typedef struct cx_document cx_document;

/* Adds `doc` and returns its docid (0 on error). */
uint32_t cx_database_add_document(cx_database *db, const cx_document *doc, cx_error *error);
/* Replaces the document(s) indexed by `unique_term` with `doc` (adds it if none). Returns the docid. */
uint32_t cx_database_replace_document(cx_database *db, const char *unique_term, size_t term_len,
                                      const cx_document *doc, cx_error *error);
/* Puts `doc` at `docid`, replacing the document there or adding it with that docid. Returns false on error. */
bool cx_database_replace_document_at(cx_database *db, uint32_t docid, const cx_document *doc, cx_error *error);
/* Deletes every document indexed by `term`; returns how many were deleted, -1 on error. */
long cx_database_delete_documents(cx_database *db, const char *term, size_t term_len, cx_error *error);

/* ---- Document ---------------------------------------------------------- */

cx_document *cx_document_new(void);
void cx_document_free(cx_document *doc);
void cx_document_set_data(cx_document *doc, const char *data, size_t len);
/* A term with a within-document frequency (0 for a boolean term). */
void cx_document_add_term(cx_document *doc, const char *term, size_t len, uint32_t wdf);
void cx_document_add_value(cx_document *doc, uint32_t slot, const char *value, size_t len);

/* Xapian::sortable_serialise: writes at most 9 bytes into `out`, returns the length. */
size_t cx_sortable_serialise(double value, char out[9]);
double cx_sortable_unserialise(const char *value, size_t len);

/* ---- TermGenerator ----------------------------------------------------- */

typedef struct cx_stemmer cx_stemmer;

/* A Snowball stemmer for `language` ("english", ...; "none" leaves words unchanged): Xapian's own,
 * else the system libstemmer's newer algorithm of that name ("hindi", "greek"). */
cx_stemmer *cx_stemmer_new(const char *language, cx_error *error);
/* A stemmer that keeps the first `length` characters (code points) of a word: stemming by
 * truncation, for languages that inflect by suffixes and have no Snowball stemmer. */
cx_stemmer *cx_stemmer_new_truncating(size_t length, cx_error *error);
void cx_stemmer_free(cx_stemmer *stemmer);
/* The stem of `word` (lower-case it first); malloc'd, release with cx_free. */
char *cx_stemmer_stem(cx_stemmer *stemmer, const char *word, size_t len, size_t *out_len, cx_error *error);

typedef struct cx_term_generator cx_term_generator;

/* Words are indexed as they are and, with `stemmer` (NULL: none), as "Z" + stem too (STEM_SOME). */
cx_term_generator *cx_term_generator_new(const cx_stemmer *stemmer, cx_error *error);
void cx_term_generator_free(cx_term_generator *gen);
/* Subsequent text is indexed into `doc` (which must outlive the calls). */
void cx_term_generator_set_document(cx_term_generator *gen, cx_document *doc);
bool cx_term_generator_index_text(cx_term_generator *gen, const char *text, size_t len,
                                  uint32_t wdf_inc, const char *prefix, size_t prefix_len,
                                  bool with_positions, cx_error *error);
void cx_term_generator_increase_termpos(cx_term_generator *gen, uint32_t delta);
/* Flag values mirror Xapian::TermGenerator's flags (and the matching QueryParser flags). */
enum {
    /* Spans of CJK characters become unigrams (with positions) and bigrams (without); the query
     * text must be parsed with CX_QP_CJK_NGRAM. */
    CX_TG_CJK_NGRAM = 2048
};
/* Replaces the generator's flags (0 = none, the default). */
void cx_term_generator_set_flags(cx_term_generator *gen, int flags);

/* ---- Query ------------------------------------------------------------- */

typedef struct cx_query cx_query;

typedef enum cx_query_op {
    CX_QUERY_AND = 0,
    CX_QUERY_OR = 1,
    CX_QUERY_AND_NOT = 2,
    CX_QUERY_XOR = 3,
    CX_QUERY_AND_MAYBE = 4,
    CX_QUERY_FILTER = 5,
    CX_QUERY_NEAR = 6,
    CX_QUERY_PHRASE = 7,
    CX_QUERY_SYNONYM = 8,
    CX_QUERY_MAX = 9
} cx_query_op;

cx_query *cx_query_match_all(void);
cx_query *cx_query_match_nothing(void);
cx_query *cx_query_term(const char *term, size_t len, uint32_t wqf);
/* Combines `count` subqueries (not consumed); `window` is used by NEAR and PHRASE (0 = default). */
cx_query *cx_query_combine(int op, cx_query *const *subqueries, size_t count, uint32_t window, cx_error *error);
/* Documents whose value in `slot` lies in [low, high]; an empty bound is open. */
cx_query *cx_query_value_range(uint32_t slot, const char *low, size_t low_len,
                               const char *high, size_t high_len, cx_error *error);
/* Exactly the documents `docids` (any order; docids of `db`, the database searched, combined docids
 * when it has shards), weight 0: with FILTER, restricts a query to a pool of candidates found by an
 * earlier match. */
cx_query *cx_query_docids(cx_database *db, const uint32_t *docids, size_t count, cx_error *error);
cx_query *cx_query_scale(const cx_query *query, double factor, cx_error *error);
/* `query` with its top-level operator `from` replaced by `to` over the same subqueries (a query
 * whose top level is not `from` comes back as it is): a parse of plain words joined by OR,
 * joined by AND instead, without parsing the text again. */
cx_query *cx_query_regroup(const cx_query *query, int from, int to, cx_error *error);
/* `query` with each leaf of the `count` terms given (`terms[i]`, `lens[i]` bytes) scaled by
 * `factor`, under operators that take no parameter (AND, OR, AND_NOT, XOR, AND_MAYBE, FILTER,
 * SYNONYM, MAX); phrases, windows and scaled subqueries are kept as they are. */
cx_query *cx_query_scale_terms(const cx_query *query, const char *const *terms, const size_t *lens, size_t count,
                               double factor, cx_error *error);
/* `query` with each leaf of the `count` terms given (`terms[i]`, `lens[i]` bytes) replaced by
 * `replacements[i]`, under the same operators as `cx_query_scale_terms`: one word of a parse
 * searched as several (`OP_SYNONYM` of its other spellings). */
cx_query *cx_query_replace_terms(const cx_query *query, const char *const *terms, const size_t *lens,
                                 const cx_query *const *replacements, size_t count, cx_error *error);
/* Xapian's own description of the query (for --explain and tests). */
char *cx_query_describe(const cx_query *query, size_t *out_len);
bool cx_query_is_empty(const cx_query *query);
/* Whether some document of `db` may match `query` with weight 0, through parts that carry no
 * weight alone (boolean terms, match-all, value ranges); true when unsure. */
bool cx_query_may_weigh_zero(const cx_query *query, cx_database *db, cx_error *error);
void cx_query_free(cx_query *query);

/* ---- QueryParser ------------------------------------------------------- */

typedef struct cx_query_parser cx_query_parser;

/* Flag values mirror Xapian::QueryParser::feature_flag. */
enum {
    CX_QP_BOOLEAN = 1,
    CX_QP_PHRASE = 2,
    CX_QP_LOVEHATE = 4,
    CX_QP_BOOLEAN_ANY_CASE = 8,
    CX_QP_WILDCARD = 16,
    CX_QP_PURE_NOT = 32,
    CX_QP_PARTIAL = 64,
    CX_QP_SPELLING_CORRECTION = 128,
    CX_QP_SYNONYM = 256,
    CX_QP_AUTO_SYNONYMS = 512,
    /* CJK spans become an AND of their unigrams and bigrams, matching CX_TG_CJK_NGRAM indexing. */
    CX_QP_CJK_NGRAM = 2048,
    CX_QP_DEFAULT = 7
};

typedef enum cx_stem_strategy { CX_STEM_NONE = 0, CX_STEM_SOME = 1, CX_STEM_ALL = 2, CX_STEM_ALL_Z = 3, CX_STEM_SOME_FULL_POS = 4 } cx_stem_strategy;

cx_query_parser *cx_query_parser_new(void);
void cx_query_parser_free(cx_query_parser *qp);
bool cx_query_parser_set_stemmer(cx_query_parser *qp, const cx_stemmer *stemmer, int strategy, cx_error *error);
/* Words dropped from queries (a copy is kept). */
void cx_query_parser_set_stopwords(cx_query_parser *qp, const char *const *words, size_t count);
void cx_query_parser_set_default_op(cx_query_parser *qp, int op);
/* The database used for wildcard/partial expansion and spelling. */
void cx_query_parser_set_database(cx_query_parser *qp, cx_database *db);
void cx_query_parser_set_max_expansion(cx_query_parser *qp, uint32_t max_expansion);
bool cx_query_parser_add_prefix(cx_query_parser *qp, const char *field, const char *prefix, bool boolean, cx_error *error);
/* `field:low..high` on a value slot; `is_date` parses ISO dates (YYYY-MM-DD), otherwise numbers. */
bool cx_query_parser_add_range(cx_query_parser *qp, uint32_t slot, const char *field, bool is_date, cx_error *error);
cx_query *cx_query_parser_parse(cx_query_parser *qp, const char *text, size_t len, int flags,
                                const char *default_prefix, cx_error *error);

/* ---- Enquire / MSet ---------------------------------------------------- */

typedef struct cx_enquire cx_enquire;
typedef struct cx_mset cx_mset;

cx_enquire *cx_enquire_new(cx_database *db, cx_error *error);
void cx_enquire_free(cx_enquire *enq);
void cx_enquire_set_query(cx_enquire *enq, const cx_query *query);
void cx_enquire_set_bm25(cx_enquire *enq, double k1, double k2, double k3, double b, double min_normlen);
/* Expansion terms (ESets) weighted by Xapian's "trad" scheme with parameter k (its default is 1). */
void cx_enquire_set_trad_expansion(cx_enquire *enq, double k);
/* Sorts by the given value slots (first is primary); `descending[i]` per key; documents without a
 * value sort last either way. `relevance_after` breaks ties by relevance; count 0 restores pure relevance.
 * One key sorts by the slot's value (Xapian's set_sort_by_value, which the remote protocol carries);
 * several use a key maker, which it does not: on a reader with remote shards that is
 * CX_ERROR_UNIMPLEMENTED. */
bool cx_enquire_set_sort(cx_enquire *enq, const uint32_t *slots, const bool *descending, size_t count,
                         bool relevance_after, cx_error *error);
/* Keeps only the candidates for which `decide` returns true; it is called with each candidate's
 * document data while matching, so totals and paging stay exact. NULL removes the decider. Xapian's
 * remote protocol cannot carry a decider: a search with one on remote shards fails (CX_ERROR_UNIMPLEMENTED). */
void cx_enquire_set_decider(cx_enquire *enq, bool (*decide)(void *context, const char *data, size_t len), void *context);
/* Counts, over every match visited, the values in `slot`; a slot may hold several values
 * separated by the byte 0x1F. Read the counts with cx_enquire_facet_counts after cx_enquire_mset.
 * Counted by Xapian's ValueCountMatchSpy, which remote shards run themselves. */
bool cx_enquire_add_facet(cx_enquire *enq, uint32_t slot, cx_error *error);
bool cx_enquire_facet_counts(cx_enquire *enq, uint32_t slot,
                             void (*visit)(void *context, const char *value, size_t len, uint32_t count),
                             void *context, cx_error *error);
/* Leaves out matches weighing less than `weight` (Xapian's weight cutoff; 0 keeps every match). */
void cx_enquire_set_weight_cutoff(cx_enquire *enq, double weight);
cx_mset *cx_enquire_mset(cx_enquire *enq, uint32_t offset, uint32_t limit, uint32_t check_at_least, cx_error *error);

/* Pseudo-relevance feedback (Xapian's ESet): the `max_terms` best terms for expanding the query from
 * the documents `docids`, restricted to stemmed unprefixed terms ("Z" + lowercase), with their weights.
 * `include_query_terms` lets terms of the current query compete too (Enquire::INCLUDE_QUERY_TERMS). */
bool cx_enquire_expand(cx_enquire *enq, const uint32_t *docids, size_t count, uint32_t max_terms, bool include_query_terms,
                       void (*visit)(void *context, const char *term, size_t len, double weight),
                       void *context, cx_error *error);

/* Why document `docid` (whose unique term is `unique_term`) weighs what it does under `query`:
 * `visit` gets each part of the query whose weight Xapian adds up (a term; a synonym, wildcard or
 * phrase as a whole) that the document matches, with what it adds to the document's weight under
 * `enq`'s BM25 parameters (scale factors applied; 0 for parts that only select, such as filter
 * terms) and the terms of it the document holds, separated by NUL bytes. The weights add up to
 * the document's weight in a run of `query`. */
bool cx_enquire_explain(cx_enquire *enq, const cx_query *query, uint32_t docid, const char *unique_term, size_t unique_len,
                        void (*visit)(void *context, double weight, const char *terms, size_t len), void *context, cx_error *error);

void cx_mset_free(cx_mset *mset);
uint32_t cx_mset_size(const cx_mset *mset);
uint32_t cx_mset_matches_estimated(const cx_mset *mset);
uint32_t cx_mset_matches_lower_bound(const cx_mset *mset);
uint32_t cx_mset_matches_upper_bound(const cx_mset *mset);
uint32_t cx_mset_docid(const cx_mset *mset, uint32_t index);
double cx_mset_weight(const cx_mset *mset, uint32_t index);
/* The value in `slot` of the document at `index` (empty when it has none); malloc'd, release with cx_free. */
char *cx_mset_value(const cx_mset *mset, uint32_t index, uint32_t slot, size_t *out_len, cx_error *error);
/* Data of the document at `index`; malloc'd, release with cx_free. */
char *cx_mset_data(const cx_mset *mset, uint32_t index, size_t *out_len, cx_error *error);
/* About how many documents of `db` `query` matches, from the term frequencies `mset` holds (those
 * of its own query; other terms are looked up), without running it (MatchEstimate.hpp); -1 when
 * the query has a part only running it can estimate. */
double cx_mset_estimate_matches(const cx_mset *mset, const cx_query *query, cx_database *db, cx_error *error);

#ifdef __cplusplus
}
#endif

#endif
