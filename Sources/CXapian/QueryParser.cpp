#include "Shim.hpp"
#include <ctime>

using namespace cxapian;

namespace {

// Dates live in value slots as sortable_serialise(seconds since 1970, UTC), so a date range
// must produce the same encoding; Xapian's DateRangeProcessor writes YYYYMMDD strings instead.
class EpochDateRangeProcessor : public Xapian::RangeProcessor {
  public:
    EpochDateRangeProcessor(Xapian::valueno slot, const std::string &prefix)
        : Xapian::RangeProcessor(slot, prefix) {}

    Xapian::Query operator()(const std::string &begin, const std::string &end) override {
        double low = 0, high = 0;
        bool has_low = !begin.empty(), has_high = !end.empty();
        if ((has_low && !parse(begin, false, low)) || (has_high && !parse(end, true, high)))
            return Xapian::Query(Xapian::Query::OP_INVALID);
        if (!has_low) return Xapian::Query(Xapian::Query::OP_VALUE_LE, slot, Xapian::sortable_serialise(high));
        if (!has_high) return Xapian::Query(Xapian::Query::OP_VALUE_GE, slot, Xapian::sortable_serialise(low));
        return Xapian::Query(Xapian::Query::OP_VALUE_RANGE, slot, Xapian::sortable_serialise(low),
                             Xapian::sortable_serialise(high));
    }

  private:
    // YYYY, YYYY-MM, YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS][Z]; an upper bound covers its whole period.
    static bool parse(const std::string &text, bool upper, double &out) {
        int year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0;
        int fields = std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d", &year, &month, &day, &hour, &minute, &second);
        if (fields < 1 || month < 1 || month > 12 || day < 1 || day > 31) return false;
        struct tm t = {};
        t.tm_year = year - 1900; t.tm_mon = month - 1; t.tm_mday = day;
        t.tm_hour = hour; t.tm_min = minute; t.tm_sec = second;
        if (upper) {
            if (fields == 1) { t.tm_year += 1; t.tm_mon = 0; t.tm_mday = 1; }
            else if (fields == 2) { t.tm_mon += 1; t.tm_mday = 1; }
            else if (fields == 3) { t.tm_mday += 1; }
            else if (fields == 5) { t.tm_min += 1; }
            else { t.tm_sec += 1; }
        }
        out = static_cast<double>(timegm(&t)) - (upper ? 0.001 : 0.0);
        return true;
    }
};

// How deeply brackets may nest in query text, and a parsed query's tree. Xapian builds, matches
// and frees a query by recursion over its tree, as the shim's match estimate does, so a text of
// thousands of "NOT (" would overflow the stack. Past the limits the parse fails as a syntax
// error, and the caller searches the text as plain words (whose query is flat).
constexpr int max_bracket_nesting = 100;
constexpr int max_query_depth = 1000;

bool brackets_nest_deeper_than(const std::string &text, int limit) {
    int depth = 0;
    for (char c : text) {
        if (c == '(' && ++depth > limit) return true;
        if (c == ')' && depth > 0) --depth;
    }
    return false;
}

// Looks at most `limit` levels down, so the check itself cannot recurse without bound.
bool deeper_than(const Xapian::Query &query, int limit) {
    if (limit <= 0) return query.get_num_subqueries() > 0;
    for (size_t i = 0, n = query.get_num_subqueries(); i < n; ++i) {
        if (deeper_than(query.get_subquery(i), limit - 1)) return true;
    }
    return false;
}

} // namespace

extern "C" {

cx_query_parser *cx_query_parser_new(void) {
    return guarded<cx_query_parser *>(nullptr, nullptr, [] { return new cx_query_parser(); });
}

void cx_query_parser_free(cx_query_parser *qp) { delete qp; }

bool cx_query_parser_set_stemmer(cx_query_parser *qp, const cx_stemmer *stemmer, int strategy, cx_error *error) {
    return guarded(error, false, [&] {
        qp->parser.set_stemmer(stemmer ? stemmer->stem : Xapian::Stem());
        qp->parser.set_stemming_strategy(static_cast<Xapian::QueryParser::stem_strategy>(strategy));
        return true;
    });
}

void cx_query_parser_set_stopwords(cx_query_parser *qp, const char *const *words, size_t count) {
    guarded(nullptr, false, [&] {
        auto stopper = std::make_unique<Xapian::SimpleStopper>();
        for (size_t i = 0; i < count; ++i) stopper->add(words[i]);
        qp->parser.set_stopper(stopper.get());
        qp->stopper = std::move(stopper);
        return true;
    });
}

void cx_query_parser_set_default_op(cx_query_parser *qp, int op) {
    qp->parser.set_default_op(op == CX_QUERY_AND ? Xapian::Query::OP_AND : Xapian::Query::OP_OR);
}

void cx_query_parser_set_database(cx_query_parser *qp, cx_database *db) { qp->parser.set_database(db->db()); }

void cx_query_parser_set_max_expansion(cx_query_parser *qp, uint32_t max_expansion) {
    qp->parser.set_max_expansion(max_expansion, Xapian::Query::WILDCARD_LIMIT_MOST_FREQUENT,
                                 Xapian::QueryParser::FLAG_WILDCARD | Xapian::QueryParser::FLAG_PARTIAL);
}

bool cx_query_parser_add_prefix(cx_query_parser *qp, const char *field, const char *prefix, bool boolean, cx_error *error) {
    return guarded(error, false, [&] {
        if (boolean) qp->parser.add_boolean_prefix(field, prefix);
        else qp->parser.add_prefix(field, prefix);
        return true;
    });
}

bool cx_query_parser_add_range(cx_query_parser *qp, uint32_t slot, const char *field, bool is_date, cx_error *error) {
    return guarded(error, false, [&] {
        std::string prefix = std::string(field) + ":";
        Xapian::RangeProcessor *processor = is_date
            ? static_cast<Xapian::RangeProcessor *>(new EpochDateRangeProcessor(slot, prefix))
            : new Xapian::NumberRangeProcessor(slot, prefix);
        qp->parser.add_rangeprocessor(processor->release());
        return true;
    });
}

cx_query *cx_query_parser_parse(cx_query_parser *qp, const char *text, size_t len, int flags,
                                const char *default_prefix, cx_error *error) {
    return guarded<cx_query *>(error, nullptr, [&] {
        std::string query_text = str(text, len);
        if ((flags & Xapian::QueryParser::FLAG_BOOLEAN) && brackets_nest_deeper_than(query_text, max_bracket_nesting))
            throw Xapian::QueryParserError("brackets nested deeper than " + std::to_string(max_bracket_nesting) + " levels");
        const char *prefix = default_prefix ? default_prefix : "";
        Xapian::Query query;
        try {
            query = qp->parser.parse_query(query_text, flags, prefix);
        } catch (const Xapian::QueryParserError &e) {
            // A `..` that no range processor takes ("version 2..3", "1..", "year:abc..def") makes
            // Xapian refuse the whole text, whatever the flags. It is not a range, so its dots are
            // read as what they are in plain text: a break between words.
            if (e.get_msg().find("range") == std::string::npos || query_text.find("..") == std::string::npos) throw;
            std::string words = query_text;
            for (size_t at = words.find(".."); at != std::string::npos; at = words.find("..", at)) words.replace(at, 2, " ");
            query = qp->parser.parse_query(words, flags, prefix);
        }
        if (deeper_than(query, max_query_depth))
            throw Xapian::QueryParserError("query nested deeper than " + std::to_string(max_query_depth) + " levels");
        return new cx_query{std::move(query)};
    });
}

} // extern "C"
