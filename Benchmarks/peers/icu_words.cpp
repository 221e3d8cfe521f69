// icu_words: ICU's dictionary word segmentation for the multilingual evaluation's
// `--segmenter icu` (Benchmarks/eval/multilingual.py), the alternative to the n-grams Searchlight
// indexes text written without spaces by.
//
// Reads lines of UTF-8 on stdin and writes each back with a space at every word boundary that
// ICU's word BreakIterator finds between two characters of a script written without spaces (Thai,
// Lao, Khmer, Myanmar, Han, Hiragana, Katakana); other text passes unchanged, one line out per line in.
//
//     printf 'ข้าวผัดไก่\n东京塔有多高\n' | work/icu_words    # "ข้าว ผัด ไก่", "东京 塔 有 多 高"
#include <unicode/brkiter.h>
#include <unicode/unistr.h>
#include <unicode/uscript.h>

#include <iostream>
#include <memory>
#include <string>

static bool written_without_spaces(UChar32 c) {
    UErrorCode error = U_ZERO_ERROR;
    switch (uscript_getScript(c, &error)) {
    case USCRIPT_THAI: case USCRIPT_LAO: case USCRIPT_KHMER: case USCRIPT_MYANMAR:
    case USCRIPT_HAN: case USCRIPT_HIRAGANA: case USCRIPT_KATAKANA:
        return true;
    default:
        return false;
    }
}

int main() {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::BreakIterator> words(icu::BreakIterator::createWordInstance(icu::Locale::getRoot(), status));
    if (U_FAILURE(status)) {
        std::cerr << "icu_words: no word break iterator: " << u_errorName(status) << "\n";
        return 1;
    }
    std::ios::sync_with_stdio(false);
    std::string line, written;
    while (std::getline(std::cin, line)) {
        icu::UnicodeString text = icu::UnicodeString::fromUTF8(line), out;
        words->setText(text);
        int32_t start = 0;
        for (int32_t end = words->next(); end != icu::BreakIterator::DONE; end = words->next()) {
            out.append(text, start, end - start);
            if (end < text.length() && written_without_spaces(text.char32At(end - 1)) && written_without_spaces(text.char32At(end)))
                out.append(static_cast<UChar>(u' '));
            start = end;
        }
        written.clear();
        out.toUTF8String(written);
        std::cout << written << '\n';
    }
    return 0;
}
