#include "Shim.hpp"

#include <algorithm>

using namespace cxapian;

extern "C" {

cx_document *cx_document_new(void) {
    return guarded<cx_document *>(nullptr, nullptr, [] { return new cx_document(); });
}

void cx_document_free(cx_document *doc) { delete doc; }


void cx_document_set_data(cx_document *doc, const char *data, size_t len) {
    guarded(nullptr, false, [&] { doc->doc.set_data(str(data, len)); return true; });
}

void cx_document_add_term(cx_document *doc, const char *term, size_t len, uint32_t wdf) {
    guarded(nullptr, false, [&] {
        if (wdf == 0) doc->doc.add_boolean_term(str(term, len));
        else doc->doc.add_term(str(term, len), wdf);
        return true;
    });
}

void cx_document_add_value(cx_document *doc, uint32_t slot, const char *value, size_t len) {
    guarded(nullptr, false, [&] { doc->doc.add_value(slot, str(value, len)); return true; });
}

size_t cx_sortable_serialise(double value, char out[9]) {
    return Xapian::sortable_serialise_(value, out);
}

double cx_sortable_unserialise(const char *value, size_t len) {
    return guarded(nullptr, 0.0, [&] { return Xapian::sortable_unserialise(str(value, len)); });
}

cx_stemmer *cx_stemmer_new(const char *language, cx_error *error) {
    return guarded<cx_stemmer *>(error, nullptr, [&] {
        std::string lang = language ? language : "none";
        if (lang.empty() || lang == "none") return new cx_stemmer{Xapian::Stem()};
        if (lang == "english" || lang == "en") return new cx_stemmer{Xapian::Stem(new AcronymPluralStem(lang))};
        // Xapian's own Snowball first; libstemmer's newer algorithms for the languages it lacks.
        try {
            return new cx_stemmer{Xapian::Stem(lang)};
        } catch (const Xapian::InvalidArgumentError &) {
            return new cx_stemmer{Xapian::Stem(new LibStemmerStem(lang))};
        }
    });
}

cx_stemmer *cx_stemmer_new_truncating(size_t length, cx_error *error) {
    return guarded<cx_stemmer *>(error, nullptr, [&] { return new cx_stemmer{Xapian::Stem(new TruncatingStem(length))}; });
}

void cx_stemmer_free(cx_stemmer *stemmer) { delete stemmer; }

char *cx_stemmer_stem(cx_stemmer *stemmer, const char *word, size_t len, size_t *out_len, cx_error *error) {
    return guarded<char *>(error, nullptr, [&] { return copy_out(stemmer->stem(str(word, len)), out_len); });
}

cx_term_generator *cx_term_generator_new(const cx_stemmer *stemmer, cx_error *error) {
    return guarded<cx_term_generator *>(error, nullptr, [&] {
        auto gen = std::make_unique<cx_term_generator>();
        if (stemmer) {
            gen->generator.set_stemmer(stemmer->stem);
            gen->generator.set_stemming_strategy(Xapian::TermGenerator::STEM_SOME);
        }
        return gen.release();
    });
}

void cx_term_generator_free(cx_term_generator *gen) { delete gen; }

void cx_term_generator_set_document(cx_term_generator *gen, cx_document *doc) {
    gen->generator.set_document(doc->doc);
    gen->generator.set_termpos(0);
}

bool cx_term_generator_index_text(cx_term_generator *gen, const char *text, size_t len, uint32_t wdf_inc,
                                  const char *prefix, size_t prefix_len, bool with_positions, cx_error *error) {
    return guarded(error, false, [&] {
        std::string p = str(prefix, prefix_len);
        // Xapian skips words over 64 bytes by default: 21 letters of Devanagari or Tamil, 3 bytes
        // each ("पेलियोक्लाईमेटोलॉजिस्ट", paleoclimatologist, is 66). Up to 160 bytes are
        // indexed, as long as the term, with "Z" and the prefix, stays within Xapian's 245.
        size_t room = p.size() + 1 < 245 ? 245 - 1 - p.size() : 0;
        gen->generator.set_max_word_length(static_cast<unsigned>(std::min<size_t>(160, room)));
        Xapian::Utf8Iterator begin(text, len), end;
        if (with_positions) gen->generator.index_text(begin, wdf_inc, p);
        else gen->generator.index_text_without_positions(begin, wdf_inc, p);
        return true;
    });
}

void cx_term_generator_increase_termpos(cx_term_generator *gen, uint32_t delta) {
    gen->generator.increase_termpos(delta);
}

void cx_term_generator_set_flags(cx_term_generator *gen, int flags) {
    // A mask of 0 replaces the flags with `flags` (new = (old & mask) ^ toggle).
    gen->generator.set_flags(static_cast<Xapian::TermGenerator::flags>(flags), Xapian::TermGenerator::flags(0));
}

} // extern "C"
