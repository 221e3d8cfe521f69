#include "Shim.hpp"
#include <sstream>
#include <vector>
#include <sys/stat.h>

using namespace cxapian;

// Opens each shard a stub lists as a writer of its own and combines them, as Xapian's own stub
// opening does, keeping the shards. A remote shard is written on its own host, not through the folder.
static void open_shards(cx_database &handle, const std::string &folder, const std::string &stub, int action) {
    for (const StubShard &part : read_stub(folder, stub)) {
        if (part.remote) {
            throw Xapian::InvalidOperationError("cannot write " + folder + " here: its shard '" + part.line
                + "' is remote (write it where it is served, or put its folder back in " + stub + ")");
        }
        handle.shards.emplace_back(part.folder, action | Xapian::DB_BACKEND_GLASS);
        handle.writer.add_database(handle.shards.back());
    }
}

extern "C" {

cx_database *cx_database_open(const char *path, int mode, cx_error *error) {
    return guarded<cx_database *>(error, nullptr, [&] {
        auto handle = std::make_unique<cx_database>();
        switch (mode) {
        case CX_OPEN_READ_ONLY:
            open_reader(*handle, path, cx_remote_options{10.0, 10.0, false});
            break;
        case CX_OPEN_CREATE_OR_OPEN:
        case CX_OPEN_OPEN: {
            int action = mode == CX_OPEN_OPEN ? Xapian::DB_OPEN : Xapian::DB_CREATE_OR_OPEN;
            std::string stub = std::string(path) + "/XAPIANDB";
            struct stat info;
            if (stat(stub.c_str(), &info) == 0) {
                open_shards(*handle, path, stub, action);
            } else {
                handle->writer = Xapian::WritableDatabase(path, action | Xapian::DB_BACKEND_GLASS);
            }
            handle->writable = true;
            break;
        }
        default:
            throw Xapian::InvalidArgumentError("unknown open mode");
        }
        return handle.release();
    });
}

void cx_database_free(cx_database *db) {
    if (!db) return;
    try { delete db; } catch (...) {}
}

bool cx_database_is_writable(const cx_database *db) { return db->writable; }

bool cx_database_reopen(cx_database *db, cx_error *error) {
    return guarded(error, false, [&] {
        if (db->db().reopen()) db->revision_changed();
        return true;
    });
}

bool cx_database_close(cx_database *db, cx_error *error) {
    return guarded(error, false, [&] { db->db().close(); return true; });
}

uint32_t cx_database_shard_count(const cx_database *db) {
    return db->writable ? static_cast<uint32_t>(std::max<size_t>(1, db->shards.size())) : static_cast<uint32_t>(db->reader.size());
}

cx_database *cx_database_shard(cx_database *db, uint32_t index, cx_error *error) {
    return guarded<cx_database *>(error, nullptr, [&] {
        if (!db->writable) {
            if (index >= db->parts.size()) throw Xapian::InvalidArgumentError("no shard " + std::to_string(index));
            const StubShard &part = db->parts[index];
            if (!part.missing.empty()) throw Xapian::NetworkError("shard " + std::to_string(index) + " (" + part.line + "): " + part.missing);
            auto handle = std::make_unique<cx_database>();
            handle->reader = part.db;
            return handle.release();
        }
        if (index >= db->shards.size()) throw Xapian::InvalidArgumentError("no shard " + std::to_string(index));
        auto handle = std::make_unique<cx_database>();
        handle->writer = db->shards[index];
        handle->writable = true;
        return handle.release();
    });
}

uint32_t cx_database_last_docid(cx_database *db, cx_error *error) {
    return guarded<uint32_t>(error, 0, [&] { return db->db().get_lastdocid(); });
}

uint32_t cx_database_first_docid(cx_database *db, const char *term, size_t term_len, cx_error *error) {
    return guarded<uint32_t>(error, 0, [&]() -> uint32_t {
        Xapian::Database &d = db->db();
        Xapian::PostingIterator it = d.postlist_begin(str(term, term_len));
        return it == d.postlist_end(str(term, term_len)) ? 0 : *it;
    });
}

uint32_t cx_database_doc_count(cx_database *db, cx_error *error) {
    return guarded<uint32_t>(error, 0, [&] { return db->db().get_doccount(); });
}

uint32_t cx_database_term_freq(cx_database *db, const char *term, size_t term_len, cx_error *error) {
    return guarded<uint32_t>(error, 0, [&] { return db->db().get_termfreq(str(term, term_len)); });
}

char *cx_database_metadata(cx_database *db, const char *key, size_t key_len, size_t *out_len, cx_error *error) {
    return guarded<char *>(error, nullptr, [&]() -> char * {
        std::string value = db->db().get_metadata(str(key, key_len));
        if (value.empty()) return nullptr;
        return copy_out(value, out_len);
    });
}

char *cx_database_data_for_term(cx_database *db, const char *term, size_t term_len, size_t *out_len, cx_error *error) {
    return guarded<char *>(error, nullptr, [&]() -> char * {
        Xapian::Database &d = db->db();
        Xapian::PostingIterator it = d.postlist_begin(str(term, term_len));
        if (it == d.postlist_end(str(term, term_len))) return nullptr;
        return copy_out(d.get_document(*it, Xapian::DOC_ASSUME_VALID).get_data(), out_len);
    });
}

bool cx_database_terms(cx_database *db, const char *prefix, size_t prefix_len,
                       bool (*visit)(void *, const char *, size_t, uint32_t), void *context, cx_error *error) {
    return guarded(error, false, [&] {
        Xapian::Database &d = db->db();
        std::string p = str(prefix, prefix_len);
        for (Xapian::TermIterator it = d.allterms_begin(p); it != d.allterms_end(p); ++it) {
            std::string term = *it;
            if (!visit(context, term.data(), term.size(), it.get_termfreq())) break;
        }
        return true;
    });
}

bool cx_database_terms_from(cx_database *db, const char *prefix, size_t prefix_len, const char *from, size_t from_len,
                            bool (*visit)(void *, const char *, size_t, uint32_t), void *context, cx_error *error) {
    return guarded(error, false, [&] {
        Xapian::Database &d = db->db();
        std::string p = str(prefix, prefix_len);
        Xapian::TermIterator it = d.allterms_begin(p), end = d.allterms_end(p);
        it.skip_to(str(from, from_len));
        for (; it != end; ++it) {
            std::string term = *it;
            if (!visit(context, term.data(), term.size(), it.get_termfreq())) break;
        }
        return true;
    });
}

uint64_t cx_database_distinct_terms(cx_database *db, cx_error *error) {
    return guarded<uint64_t>(error, 0, [&] {
        WholeDatabaseScan scan;
        Xapian::Database &d = db->db();
        uint64_t count = 0;
        for (Xapian::TermIterator it = d.allterms_begin(); it != d.allterms_end(); ++it) ++count;
        return count;
    });
}

bool cx_database_frequent_terms(cx_database *db, const char *prefix, size_t prefix_len, size_t limit,
                                bool (*visit)(void *, const char *, size_t, uint32_t), void *context, cx_error *error) {
    return guarded(error, false, [&] {
        for (const auto &[term, frequency] : cxapian::most_frequent_terms(db->db(), str(prefix, prefix_len), limit)) {
            if (!visit(context, term.data(), term.size(), frequency)) break;
        }
        return true;
    });
}

bool cx_database_document_terms(cx_database *db, uint32_t docid, const char *prefix, size_t prefix_len,
                                bool (*visit)(void *, const char *, size_t, uint32_t), void *context, cx_error *error) {
    return guarded(error, false, [&] {
        Xapian::Database &d = db->db();
        std::string p = str(prefix, prefix_len);
        Xapian::TermIterator it = d.termlist_begin(docid);
        for (it.skip_to(p); it != d.termlist_end(docid); ++it) {
            std::string term = *it;
            if (term.compare(0, p.size(), p) != 0 || !visit(context, term.data(), term.size(), it.get_wdf())) break;
        }
        return true;
    });
}

char *cx_database_document_data(cx_database *db, uint32_t docid, size_t *out_len, cx_error *error) {
    return guarded<char *>(error, nullptr, [&]() -> char * {
        std::string data;
        try {
            data = db->db().get_document(docid, Xapian::DOC_ASSUME_VALID).get_data();
        } catch (const Xapian::DocNotFoundError &) {
            // no such document (in a shard left out of a partial reader, its empty stand-in)
        }
        return data.empty() ? nullptr : copy_out(data, out_len);
    });
}

bool cx_database_postings(cx_database *db, const char *term, size_t term_len,
                          bool (*visit)(void *, uint32_t), void *context, cx_error *error) {
    return guarded(error, false, [&] {
        Xapian::Database &d = db->db();
        std::string t = str(term, term_len);
        for (Xapian::PostingIterator it = d.postlist_begin(t); it != d.postlist_end(t); ++it) {
            if (!visit(context, *it)) break;
        }
        return true;
    });
}

bool cx_database_values(cx_database *db, uint32_t slot,
                        bool (*visit)(void *, uint32_t, const char *, size_t), void *context, cx_error *error) {
    return guarded(error, false, [&] {
        Xapian::Database &d = db->db();
        for (Xapian::ValueIterator it = d.valuestream_begin(slot); it != d.valuestream_end(slot); ++it) {
            std::string value = *it;
            if (!visit(context, it.get_docid(), value.data(), value.size())) break;
        }
        return true;
    });
}

bool cx_database_numbers(cx_database *db, uint32_t slot, const uint32_t *docids, size_t count, double *out, cx_error *error) {
    return guarded(error, false, [&] {
        if (db->has_remote()) {
            // A value stream of a remote shard is read document by document, a round trip each
            // (Xapian's remote backend has no value streams): read only the documents asked for.
            for (size_t i = 0; i < count; ++i) {
                std::string value;
                try {
                    value = db->reader.get_document(docids[i]).get_value(slot);
                } catch (const Xapian::DocNotFoundError &) {
                    // a document of a shard left out (allow_partial) or deleted since: no value
                }
                out[i] = value.empty() ? 0 : Xapian::sortable_unserialise(value);
            }
            return true;
        }
        auto &column = db->columns.try_emplace(slot, slot).first->second;
        // A writer's uncommitted changes may have changed any value since the last read.
        if (db->writable) column.clear();
        column.read(db->db(), docids, count, out);
        return true;
    });
}

char *cx_database_value_bound(cx_database *db, uint32_t slot, bool upper, size_t *out_len, cx_error *error) {
    return guarded<char *>(error, nullptr, [&]() -> char * {
        auto read = [&] { return upper ? db->db().get_value_upper_bound(slot) : db->db().get_value_lower_bound(slot); };
        std::string bound;
        if (db->writable) {
            bound = read();   // a writer's uncommitted changes may move a bound at any time
        } else {
            auto known = db->bounds.find({slot, upper});
            bound = known != db->bounds.end() ? known->second : db->bounds.emplace(std::make_pair(slot, upper), read()).first->second;
        }
        return bound.empty() ? nullptr : copy_out(bound, out_len);
    });
}

long cx_database_check(const char *path, char **out_report, size_t *out_report_len, cx_error *error) {
    return guarded<long>(error, -1, [&] {
        WholeDatabaseScan scan;
        std::ostringstream report;
        size_t errors = Xapian::Database::check(path, 0, &report);
        if (out_report) *out_report = copy_out(report.str(), out_report_len);
        return static_cast<long>(errors);
    });
}

bool cx_database_documents(cx_database *db, const char *term_prefix, size_t prefix_len,
                           bool (*visit)(void *, uint32_t, const char *, size_t, const char *, size_t),
                           void *context, cx_error *error) {
    return guarded(error, false, [&] {
        WholeDatabaseScan scan;
        Xapian::Database &d = db->db();
        std::string prefix = str(term_prefix, prefix_len);
        for (Xapian::PostingIterator it = d.postlist_begin(""); it != d.postlist_end(""); ++it) {
            Xapian::Document doc = d.get_document(*it, Xapian::DOC_ASSUME_VALID);
            std::string data = doc.get_data();
            std::string term;
            Xapian::TermIterator terms = doc.termlist_begin();
            terms.skip_to(prefix);
            if (terms != doc.termlist_end() && (*terms).compare(0, prefix.size(), prefix) == 0) term = *terms;
            if (!visit(context, *it, data.data(), data.size(), term.data(), term.size())) break;
        }
        return true;
    });
}

// Compacted tables get 4 KB blocks rather than glass's 8 KB: every block a search touches is copied
// whole into Xapian's cursor, and most lookups (a term's first posting chunk, a document's data, a
// metadata entry) need a few hundred bytes of one. On the Debian corpus this takes about 5 % off
// `search` and `suggest` at 64,000 entities and 15 % off `suggest` at 640,000, for a 3 % larger index
// (Benchmarks/RESULTS.md). 2 KB blocks split posting chunks (about 2 KB each) and were slower at 640,000.
static const unsigned compacted_block_size = 4096;

bool cx_database_compact(cx_database *db, const char *destination, cx_error *error) {
    return guarded(error, false, [&] {
        WholeDatabaseScan scan;
        // Docids are kept: stored short-prefix tables name documents by docid, and in a shard of a
        // sharded index a docid is the entity's position (Xapian would close the gap before the first).
        db->db().compact(destination, Xapian::Compactor::FULL | Xapian::DBCOMPACT_NO_RENUMBER, compacted_block_size);
        return true;
    });
}

// Documents are copied at their own docids (on a combined database, combined docids), so that a merged
// sharded index keeps the order of its documents and the docids its short-prefix tables name; a
// commit every so many documents bounds the memory the copy holds. Not a WholeDatabaseScan: a
// document's positions are one lookup per term in a table ordered by term, reads all over the
// files, which the tool's mapped reads serve without a system call each (a merge of 10,000 Debian
// packages in 2 shards: 17 s instead of 40, for 20 MB more resident).
static const Xapian::doccount merge_commit_interval = 10000;

// Glass does not tighten a slot's value bounds when documents are deleted, and searches read them
// (the ranking hint's scale is slot 0's upper bound): the copy, whose bounds are those of the documents
// left, gets the source's back. A document carrying the source's bounds is added at a docid no
// document has, below the last one (so the next new document's docid is unchanged), and deleted:
// its values stay in the bounds, as a deleted document's do. Slots past `bounded_slots` are left.
static const Xapian::valueno bounded_slots = 1024;

static void keep_value_bounds(Xapian::Database &source, Xapian::WritableDatabase &merged) {
    Xapian::Document upper, lower;
    for (Xapian::valueno slot = 0; slot < bounded_slots; ++slot) {
        if (source.get_value_freq(slot) == 0) continue;
        std::string high = source.get_value_upper_bound(slot), low = source.get_value_lower_bound(slot);
        if (merged.get_value_upper_bound(slot) != high) upper.add_value(slot, high);
        if (merged.get_value_lower_bound(slot) != low) lower.add_value(slot, low);
    }
    std::vector<Xapian::docid> unused;
    Xapian::docid expected = 1;
    for (Xapian::PostingIterator it = merged.postlist_begin(""); it != merged.postlist_end("") && unused.size() < 2; ++it) {
        for (; expected < *it && unused.size() < 2; ++expected) unused.push_back(expected);
        expected = *it + 1;
    }
    size_t next = 0;
    for (Xapian::Document *bounds : {&upper, &lower}) {
        if (bounds->values_count() == 0 || next == unused.size()) continue;
        merged.replace_document(unused[next], *bounds);
        merged.delete_document(unused[next++]);
    }
    merged.commit();
}

bool cx_database_merge(cx_database *db, const char *destination, cx_error *error) {
    return guarded(error, false, [&] {
        Xapian::Database &source = db->db();
        // Unsynced: it is only read by the compaction that follows, whose output is synced.
        Xapian::WritableDatabase merged(destination, Xapian::DB_CREATE | Xapian::DB_BACKEND_GLASS | Xapian::DB_NO_SYNC);
        Xapian::doccount copied = 0;
        for (Xapian::PostingIterator it = source.postlist_begin(""); it != source.postlist_end(""); ++it) {
            merged.replace_document(*it, source.get_document(*it));
            if (++copied % merge_commit_interval == 0) merged.commit();
        }
        for (Xapian::TermIterator key = source.metadata_keys_begin(); key != source.metadata_keys_end(); ++key) {
            merged.set_metadata(*key, source.get_metadata(*key));
        }
        merged.commit();
        keep_value_bounds(source, merged);
        merged.close();
        return true;
    });
}

bool cx_database_set_metadata(cx_database *db, const char *key, size_t key_len,
                              const char *value, size_t value_len, cx_error *error) {
    return guarded(error, false, [&] {
        require_writable(db);
        if (db->shards.empty()) {
            db->writer.set_metadata(str(key, key_len), str(value, value_len));
        } else {
            for (auto &shard : db->shards) shard.set_metadata(str(key, key_len), str(value, value_len));
        }
        return true;
    });
}

bool cx_database_commit(cx_database *db, cx_error *error) {
    return guarded(error, false, [&] { require_writable(db); db->writer.commit(); return true; });
}

bool cx_database_begin_transaction(cx_database *db, bool flushed, cx_error *error) {
    return guarded(error, false, [&] { require_writable(db); db->writer.begin_transaction(flushed); return true; });
}

bool cx_database_commit_transaction(cx_database *db, cx_error *error) {
    return guarded(error, false, [&] { require_writable(db); db->writer.commit_transaction(); return true; });
}

bool cx_database_cancel_transaction(cx_database *db, cx_error *error) {
    return guarded(error, false, [&] { require_writable(db); db->writer.cancel_transaction(); return true; });
}

uint32_t cx_database_add_document(cx_database *db, const cx_document *doc, cx_error *error) {
    return guarded<uint32_t>(error, 0, [&] { require_writable(db); return db->writer.add_document(doc->doc); });
}

uint32_t cx_database_replace_document(cx_database *db, const char *unique_term, size_t term_len,
                                      const cx_document *doc, cx_error *error) {
    return guarded<uint32_t>(error, 0, [&] {
        require_writable(db);
        return db->writer.replace_document(str(unique_term, term_len), doc->doc);
    });
}

bool cx_database_replace_document_at(cx_database *db, uint32_t docid, const cx_document *doc, cx_error *error) {
    return guarded(error, false, [&] {
        require_writable(db);
        db->writer.replace_document(docid, doc->doc);
        return true;
    });
}

long cx_database_delete_documents(cx_database *db, const char *term, size_t term_len, cx_error *error) {
    return guarded<long>(error, -1, [&] {
        require_writable(db);
        std::string t = str(term, term_len);
        long count = db->writer.get_termfreq(t);
        if (count > 0) db->writer.delete_document(t);
        return count;
    });
}

} // extern "C"
