// SQLite FTS5 peer for the latency benchmarks (Benchmarks/run.py): what a Swift developer reaches
// for first, written the plain way.
//
//   sqlite_fts5 index CORPUS_DIR INDEX_DIR
//       INDEX_DIR/fts.db: a normal table `entities(rowid, key = "type:id" primary key, data = the JSON
//       line)` and an FTS5 table `docs(name, summary, description)` (tokenizer porter unicode61, the
//       same rowid), filled from every *.jsonl line with SQLite's own JSON functions, in one
//       transaction. Ranking: bm25() with column weights 8, 3, 1 (the Debian schema's weights),
//       set as the table's default rank.
//   sqlite_fts5 bench INDEX_DIR --queries FILE --mode any|all|prefix|id [--limit 10] [--warmup 1] [--rounds 1]
//       any = words ORed, all = words ANDed (FTS5's implicit AND), prefix = all words with the last
//       one as a prefix ("word"*), id = lookup of "type:id" in `entities`. Each whitespace-separated
//       word is quoted, so FTS5 reads it as a string (a phrase of its tokens), never as syntax.
//       The JSON data of every hit is read.
//
// Build: make -C Benchmarks peers (cc -O2 ... -lsqlite3).

#define _POSIX_C_SOURCE 200809L
#include <sqlite3.h>

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void die(const char *what, sqlite3 *db) {
    fprintf(stderr, "sqlite_fts5: %s%s%s\n", what, db ? ": " : "", db ? sqlite3_errmsg(db) : "");
    exit(1);
}

static void exec(sqlite3 *db, const char *sql) {
    char *message = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &message) != SQLITE_OK) {
        fprintf(stderr, "sqlite_fts5: %s: %s\n", sql, message);
        exit(1);
    }
}

static double peak_rss_mb(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss / 1024.0;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

// ---------------------------------------------------------------------------------------------
// index

static int run_index(const char *corpus, const char *index_dir) {
    double started = now_seconds();
    mkdir(index_dir, 0755);
    char path[4096];
    snprintf(path, sizeof path, "%s/fts.db", index_dir);
    remove(path);
    sqlite3 *db;
    if (sqlite3_open(path, &db) != SQLITE_OK) die("open", db);
    exec(db, "CREATE TABLE entities(rowid INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, data TEXT NOT NULL);"
             "CREATE VIRTUAL TABLE docs USING fts5(name, summary, description, tokenize = 'porter unicode61');"
             "INSERT INTO docs(docs, rank) VALUES('rank', 'bm25(8.0, 3.0, 1.0)');");
    sqlite3_stmt *entity, *text;
    if (sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO entities(key, data) "
                               "VALUES(json_extract(?1, '$.type') || ':' || json_extract(?1, '$.id'), ?1)",
                           -1, &entity, NULL) != SQLITE_OK) die("prepare", db);
    if (sqlite3_prepare_v2(db, "INSERT INTO docs(rowid, name, summary, description) VALUES(last_insert_rowid(), "
                               "json_extract(?1, '$.attributes.name'), json_extract(?1, '$.attributes.summary'), "
                               "json_extract(?1, '$.attributes.description'))",
                           -1, &text, NULL) != SQLITE_OK) die("prepare", db);

    DIR *folder = opendir(corpus);
    if (!folder) die("cannot open the corpus folder", NULL);
    char *files[256];
    int count = 0;
    for (struct dirent *item; (item = readdir(folder)) && count < 256;) {
        size_t length = strlen(item->d_name);
        if (length > 6 && strcmp(item->d_name + length - 6, ".jsonl") == 0) files[count++] = strdup(item->d_name);
    }
    closedir(folder);
    qsort(files, count, sizeof files[0], by_name);

    exec(db, "BEGIN");
    long docs = 0;
    char *line = NULL;
    size_t capacity = 0;
    for (int f = 0; f < count; ++f) {
        snprintf(path, sizeof path, "%s/%s", corpus, files[f]);
        FILE *in = fopen(path, "r");
        if (!in) die("cannot read a corpus file", NULL);
        ssize_t length;
        while ((length = getline(&line, &capacity, in)) > 0) {
            while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) line[--length] = 0;
            if (length == 0) continue;
            sqlite3_bind_text(entity, 1, line, (int)length, SQLITE_STATIC);
            if (sqlite3_step(entity) != SQLITE_DONE) die("insert entity", db);
            sqlite3_reset(entity);
            sqlite3_bind_text(text, 1, line, (int)length, SQLITE_STATIC);
            if (sqlite3_step(text) != SQLITE_DONE) die("insert text", db);
            sqlite3_reset(text);
            ++docs;
        }
        fclose(in);
        free(files[f]);
    }
    exec(db, "COMMIT");
    free(line);
    sqlite3_finalize(entity);
    sqlite3_finalize(text);
    sqlite3_close(db);

    double seconds = now_seconds() - started;
    struct stat info;
    snprintf(path, sizeof path, "%s/fts.db", index_dir);
    double mb = stat(path, &info) == 0 ? info.st_size / 1048576.0 : 0;
    printf("{\"docs\": %ld, \"seconds\": %.3f, \"docs_per_s\": %.1f, \"index_mb\": %.1f, \"peak_rss_mb\": %.1f}\n",
           docs, seconds, docs / seconds, mb, peak_rss_mb());
    return 0;
}

// ---------------------------------------------------------------------------------------------
// bench

enum mode { MODE_ANY, MODE_ALL, MODE_PREFIX, MODE_ID };

// The FTS5 expression for a line: each word quoted ("" inside), joined by OR or by spaces (AND);
// in prefix mode the last word gets a '*'. Words without a letter or digit are dropped.
static void expression(const char *line, enum mode mode, char *out, size_t size) {
    size_t used = 0;
    out[0] = 0;
    const char *p = line;
    while (*p) {
        while (*p == ' ' || *p == '\t') ++p;
        const char *start = p;
        while (*p && *p != ' ' && *p != '\t') ++p;
        if (p == start) break;
        int alnum = 0;
        for (const char *c = start; c < p; ++c)
            if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || (unsigned char)*c >= 0x80) alnum = 1;
        if (!alnum) continue;
        if (used && used + 5 < size) used += snprintf(out + used, size - used, mode == MODE_ANY ? " OR " : " ");
        if (used + 2 < size) out[used++] = '"';
        for (const char *c = start; c < p && used + 4 < size; ++c) {
            if (*c == '"') out[used++] = '"';
            out[used++] = *c;
        }
        if (used + 2 < size) out[used++] = '"';
        out[used] = 0;
    }
    if (mode == MODE_PREFIX && used && used + 2 < size) { out[used++] = '*'; out[used] = 0; }
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double percentile(const double *sorted, size_t n, double p) {
    if (n == 0) return 0;
    size_t rank = (size_t)ceil(p / 100.0 * n);
    if (rank < 1) rank = 1;
    if (rank > n) rank = n;
    return sorted[rank - 1];
}

static int run_bench(int argc, char **argv) {
    const char *index_dir = NULL, *queries_path = NULL, *mode_name = NULL;
    int limit = 10, warmup = 1, rounds = 1;
    for (int i = 2; i < argc; ++i) {
        if (strcmp(argv[i], "--queries") == 0 && i + 1 < argc) queries_path = argv[++i];
        else if (strcmp(argv[i], "--mode") == 0 && i + 1 < argc) mode_name = argv[++i];
        else if (strcmp(argv[i], "--limit") == 0 && i + 1 < argc) limit = atoi(argv[++i]);
        else if (strcmp(argv[i], "--warmup") == 0 && i + 1 < argc) warmup = atoi(argv[++i]);
        else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) rounds = atoi(argv[++i]);
        else if (argv[i][0] != '-' && !index_dir) index_dir = argv[i];
        else { fprintf(stderr, "sqlite_fts5: unknown argument %s\n", argv[i]); return 2; }
    }
    enum mode mode;
    if (!mode_name) mode_name = "";
    if (strcmp(mode_name, "any") == 0) mode = MODE_ANY;
    else if (strcmp(mode_name, "all") == 0) mode = MODE_ALL;
    else if (strcmp(mode_name, "prefix") == 0) mode = MODE_PREFIX;
    else if (strcmp(mode_name, "id") == 0) mode = MODE_ID;
    else mode_name = NULL;
    if (!index_dir || !queries_path || !mode_name) {
        fprintf(stderr, "usage: sqlite_fts5 bench INDEX_DIR --queries FILE --mode any|all|prefix|id "
                        "[--limit 10] [--warmup 1] [--rounds 1]\n");
        return 2;
    }

    FILE *in = fopen(queries_path, "r");
    if (!in) die("cannot read the queries", NULL);
    size_t count = 0, slots = 1024;
    char **queries = malloc(slots * sizeof *queries);
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    while ((length = getline(&line, &capacity, in)) > 0) {
        while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) line[--length] = 0;
        if (length == 0) continue;
        if (count == slots) queries = realloc(queries, (slots *= 2) * sizeof *queries);
        queries[count++] = strdup(line);
    }
    fclose(in);
    free(line);

    char path[4096];
    snprintf(path, sizeof path, "%s/fts.db", index_dir);
    sqlite3 *db;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) die("open", db);
    sqlite3_stmt *search, *lookup;
    if (sqlite3_prepare_v2(db, "SELECT e.data FROM docs JOIN entities e ON e.rowid = docs.rowid "
                               "WHERE docs MATCH ?1 ORDER BY rank LIMIT ?2", -1, &search, NULL) != SQLITE_OK) die("prepare", db);
    if (sqlite3_prepare_v2(db, "SELECT data FROM entities WHERE key = ?1", -1, &lookup, NULL) != SQLITE_OK) die("prepare", db);

    char query[8192];
    double *latencies = malloc((count * (rounds > 0 ? rounds : 1) + 1) * sizeof *latencies);
    size_t measured = 0, zero = 0, total = 0;
    double started = 0;
    for (int round = -warmup; round < rounds; ++round) {
        if (round == 0) started = now_seconds();
        for (size_t q = 0; q < count; ++q) {
            double t0 = now_seconds();
            sqlite3_stmt *statement = lookup;
            size_t hits = 0;
            if (mode == MODE_ID) {
                sqlite3_bind_text(lookup, 1, queries[q], -1, SQLITE_STATIC);
            } else {
                expression(queries[q], mode, query, sizeof query);
                statement = search;
                sqlite3_bind_text(search, 1, query, -1, SQLITE_STATIC);
                sqlite3_bind_int(search, 2, limit);
            }
            if (mode == MODE_ID || query[0]) {
                int rc;
                while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
                    (void)sqlite3_column_text(statement, 0);
                    ++hits;
                }
                if (rc != SQLITE_DONE) die(queries[q], db);
            }
            sqlite3_reset(statement);
            double elapsed = (now_seconds() - t0) * 1e6;
            if (round >= 0) {
                latencies[measured++] = elapsed;
                if (hits == 0) ++zero;
                total += hits;
            }
        }
    }
    double wall = now_seconds() - started;
    qsort(latencies, measured, sizeof *latencies, compare_doubles);
    double sum = 0;
    for (size_t i = 0; i < measured; ++i) sum += latencies[i];
    size_t n = measured;
    printf("{\"mode\": \"%s\", \"queries\": %zu, \"p50_us\": %.1f, \"p95_us\": %.1f, \"p99_us\": %.1f, "
           "\"mean_us\": %.1f, \"max_us\": %.1f, \"qps\": %.1f, \"zero_result_pct\": %.2f, \"mean_results\": %.3f}\n",
           mode_name, n, percentile(latencies, n, 50), percentile(latencies, n, 95), percentile(latencies, n, 99),
           n ? sum / n : 0, n ? latencies[n - 1] : 0, wall > 0 ? n / wall : 0,
           n ? 100.0 * zero / n : 0, n ? (double)total / n : 0);
    sqlite3_finalize(search);
    sqlite3_finalize(lookup);
    sqlite3_close(db);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 4 && strcmp(argv[1], "index") == 0) return run_index(argv[2], argv[3]);
    if (argc > 1 && strcmp(argv[1], "bench") == 0) return run_bench(argc, argv);
    fprintf(stderr, "usage: sqlite_fts5 index CORPUS_DIR INDEX_DIR\n"
                    "       sqlite_fts5 bench INDEX_DIR --queries FILE --mode any|all|prefix|id "
                    "[--limit 10] [--warmup 1] [--rounds 1]\n");
    return 2;
}
