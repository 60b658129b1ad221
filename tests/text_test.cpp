// core/text.h: how error messages quote what they were given, and the columns text takes on a
// terminal.
#include <gtest/gtest.h>
#include <locale.h>

#include <atomic>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "core/text.h"
#include "sample_names.h"

namespace whist {
namespace {

TEST(QuoteInput, EscapesControlCharactersAndKeepsTheRest) {
  EXPECT_EQ(quote_input("QH"), "'QH'");
  EXPECT_EQ(quote_input(""), "''");
  EXPECT_EQ(quote_input("a\x1b[31mb\x7f\n"), "'a\\x1b[31mb\\x7f\\x0a'");
  EXPECT_EQ(quote_input("6 ♥"), "'6 ♥'");
}

TEST(QuoteInput, CutsLongTextAndSaysHowLongItWas) {
  EXPECT_EQ(quote_input(std::string(60, 'x')), "'" + std::string(60, 'x') + "'");
  EXPECT_EQ(quote_input(std::string(61, 'x')), "'" + std::string(60, 'x') + "'... (61 bytes)");
  EXPECT_EQ(quote_input("abcdef", 3), "'abc'... (6 bytes)");
  // Never inside a character: '♥' is three bytes, and the cut falls in its middle.
  EXPECT_EQ(quote_input("ab♥cd", 3), "'ab'... (7 bytes)");
  EXPECT_EQ(quote_input("ab♥cd", 5), "'ab♥'... (7 bytes)");
}

TEST(OneLine, WritesLineBreaksAsEscapes) {
  EXPECT_EQ(one_line("a\nb\r\tc\x01\x7f"), "a\\nb\\r\\tc??");
}

TEST(EscapeControlCharacters, EscapesEveryControlCharacterAndNothingElse) {
  EXPECT_EQ(escape_control_characters(""), "");
  EXPECT_EQ(escape_control_characters("Ana ♥ 7"), "Ana ♥ 7");
  EXPECT_EQ(escape_control_characters(std::string("\x00\x1b[2J\t\x7f~", 8)),
            "\\x00\\x1b[2J\\x09\\x7f~");
  int controls = 0;
  for (int c = 0; c < 256; ++c) {
    const std::string one(1, static_cast<char>(c));
    controls += is_control_character(one[0]) ? 1 : 0;
    // A byte from 0x80 up alone is no UTF-8 character: written as \x.. too.
    EXPECT_EQ(escape_control_characters(one) != one, is_control_character(one[0]) || c >= 0x80)
        << c;
    EXPECT_EQ(has_control_character("a" + one), is_control_character(one[0])) << c;
  }
  EXPECT_EQ(controls, 33);  // 0x00-0x1f and 0x7f
}

// U+0080 to U+009F, C2 80 to C2 9F in UTF-8: U+009B is CSI, which some terminals obey as ESC [.
TEST(EscapeControlCharacters, C1ControlsInUtf8AreControlsToo) {
  EXPECT_EQ(escape_control_characters("a\xc2\x9b"
                                      "2Jb"),
            "a\\xc2\\x9b2Jb");
  EXPECT_EQ(escape_control_characters("\xc2\x80\xc2\x9f"), "\\xc2\\x80\\xc2\\x9f");
  EXPECT_TRUE(has_control_character("Ana\xc2\x9b"));
  EXPECT_EQ(one_line("x\xc2\x85y"), "x?y");
  EXPECT_EQ(quote_input("\xc2\x9b"
                        "31m"),
            "'\\xc2\\x9b31m'");
  // Not controls: the characters after them (U+00A0, U+00E9), and C2 at the end of the text
  // (which is no UTF-8 character, and written as one byte).
  for (const char* text : {"Ana\xc2\xa0"
                           "Bo",
                           "Andr\xc3\xa9", "Jos\xc3\xa9 \xc2\xbf"}) {
    EXPECT_FALSE(has_control_character(text)) << text;
    EXPECT_EQ(escape_control_characters(text), text);
  }
  EXPECT_FALSE(has_control_character("\xc2"));
  EXPECT_EQ(escape_control_characters("\xc2"), "\\xc2");
}

// Regression: bytes that are not UTF-8 went into messages as they were (an engine's answer
// "play \xff\xfe", a --variant of one byte 0x9B, which some terminals obey as ESC [), and a
// right-to-left override in an engine's name turned the arena's table around.
TEST(EscapeControlCharacters, BytesNotUtf8AndBidiOverridesAreWrittenAsEscapes) {
  EXPECT_EQ(escape_control_characters("play \xff\xfe"), "play \\xff\\xfe");
  EXPECT_EQ(escape_control_characters("\x9b"
                                      "2J"),
            "\\x9b2J");
  EXPECT_EQ(escape_control_characters("\xc0\x80 \xe2\x99 \xe2\x99\xa5"), "\\xc0\\x80 \\xe2\\x99 ♥");
  EXPECT_EQ(quote_input("A\xff"), "'A\\xff'");
  EXPECT_EQ(one_line("A\xff\xe2\x99\xa5\xc3"), "A?♥?");
  for (const char* bidi : {"\xe2\x80\xaa", "\xe2\x80\xae", "\xe2\x81\xa6", "\xe2\x81\xa9"}) {
    const std::string name = std::string("bot") + bidi + "x";
    EXPECT_FALSE(is_clean_name(name)) << quote_input(name);
    // Not a control character: names read back from old files may hold one.
    EXPECT_FALSE(has_control_character(name)) << quote_input(name);
    EXPECT_EQ(escape_control_characters(name).find(bidi), std::string::npos);
    EXPECT_EQ(one_line(name), "bot?x");
  }
  // Their neighbours are text: U+2029 (a paragraph separator is no override), U+202F, U+2065.
  for (const char* text : {"\xe2\x80\xa9", "\xe2\x80\xaf", "\xe2\x81\xa5"}) {
    EXPECT_TRUE(is_clean_name(text)) << quote_input(text);
  }
}

// A new name is UTF-8 text without control characters of either kind.
TEST(IsCleanName, TakesUtf8TextWithoutControls) {
  for (const char* ok : {"Ana", "Dušan", "יוסי", "♠ Bo", ""}) EXPECT_TRUE(is_clean_name(ok)) << ok;
  for (const char* bad : {"A\x1b[2J", "A\xc2\x9b", "A\xff", "\xc3",
                          "A\xe2\x80\xae"
                          "B",
                          "A\x7f"}) {
    EXPECT_FALSE(is_clean_name(bad)) << quote_input(bad);
  }
}

// `c` in UTF-8, for names built around a code point.
std::string utf8(char32_t c) {
  std::string out;
  append_utf8(out, c);
  return out;
}

// Regression (an audit): guests were named "Ana" + U+200B beside an "Ana", "\u200f" alone,
// "\u061cAna": two players shown alike, or a name that shows nothing. Each end of each range,
// after a letter and first.
TEST(NameTextRefusal, RefusesInvisibleCharactersAndSaysWhichAndWhere) {
  const std::vector<char32_t> invisible = {
      0x00AD,  0x034F,  0x061C,  0x115F,  0x1160,  0x17B4,  0x17B5, 0x180B, 0x180F,
      0x200B,  0x200C,  0x200E,  0x200F,  0x2028,  0x2029,  0x2060, 0x2064, 0x206A,
      0x206F,  0x3164,  0xFE00,  0xFE0E,  0xFEFF,  0xFFA0,  0xFFF0, 0xFFFB, 0x1D173,
      0x1D17A, 0xE0001, 0xE0041, 0xE007F, 0xE0100, 0xE01EF, 0xE0FFF};
  for (const char32_t c : invisible) {
    char code[16];
    std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
    EXPECT_TRUE(is_invisible_character(c)) << code;
    EXPECT_EQ(name_text_refusal("Ana" + utf8(c)),
              "holds an invisible character (" + std::string(code) + ") at character 4");
    EXPECT_EQ(name_text_refusal(utf8(c) + "Ana"),
              "holds an invisible character (" + std::string(code) + ") at character 1");
  }
  // The neighbours of the ranges are text.
  for (const char32_t c : {0x00ACu, 0x00AEu, 0x115Eu, 0x1161u, 0x180Au, 0x2027u, 0x2030u, 0x205Eu,
                           0x2070u, 0xFDFFu, 0xFE10u, 0xFFFCu, 0x1D172u, 0x1D17Bu, 0xDFFFFu}) {
    EXPECT_FALSE(is_invisible_character(c)) << static_cast<unsigned>(c);
    EXPECT_EQ(name_text_refusal("Ana" + utf8(c)), "") << static_cast<unsigned>(c);
  }
  // The bidirectional controls and control characters are named as such.
  EXPECT_EQ(name_text_refusal("Ana\u202e"),
            "holds a bidirectional control (U+202E) at character 4");
  EXPECT_EQ(name_text_refusal("Ana\u2066x"),
            "holds a bidirectional control (U+2066) at character 4");
  EXPECT_EQ(name_text_refusal("A\x1b[2J"), "holds a control character (U+001B) at character 2");
  EXPECT_EQ(name_text_refusal("A\u009b"), "holds a control character (U+009B) at character 2");
  EXPECT_EQ(name_text_refusal("Dušan\xff"), "is not UTF-8 text (at character 6)");
  // Counted in characters, not bytes: "Дуња" is 8 bytes.
  EXPECT_EQ(name_text_refusal("Дуња\u200b"),
            "holds an invisible character (U+200B) at character 5");
}

// U+200D and U+FE0F write emoji, and are taken there alone: where they join or colour an emoji.
TEST(NameTextRefusal, TakesJoinersAndVariationSelector16InsideEmojiAlone) {
  for (const char* emoji :
       {"👩‍👩‍👧", "❤️", "Ana ❤️", "🏳️‍🌈", "❤️‍🔥",
        "🧑‍🤝‍🧑", "👩🏽‍💻", "🏃‍♀️", "1️⃣ Bo", "#️⃣", "Ⓜ️",
        "🇷🇴 Ion", "♠️♥️", "👍🏽", "©️"}) {
    EXPECT_EQ(name_text_refusal(emoji), "") << emoji;
  }
  const std::vector<std::pair<std::string, std::string>> refused = {
      // A joiner between letters shows nothing: "A" + U+200D + "na" would pass for "Ana".
      {"A\u200dna",
       "holds an invisible character (U+200D) at character 2, outside an emoji "
       "sequence"},
      {"\u200d👩",
       "holds an invisible character (U+200D) at character 1, outside an emoji "
       "sequence"},
      {"👩\u200d",
       "holds an invisible character (U+200D) at character 2, outside an emoji "
       "sequence"},
      {"👩\u200d\u200d👧",
       "holds an invisible character (U+200D) at character 2, outside an "
       "emoji sequence"},
      {"👩\u200dA",
       "holds an invisible character (U+200D) at character 2, outside an emoji "
       "sequence"},
      {"Ana\ufe0f",
       "holds an invisible character (U+FE0F) at character 4, outside an emoji "
       "sequence"},
      {"\ufe0f❤",
       "holds an invisible character (U+FE0F) at character 1, outside an emoji "
       "sequence"},
      {"❤\ufe0f\ufe0f",
       "holds an invisible character (U+FE0F) at character 3, outside an "
       "emoji sequence"},
      {"1\ufe0f\u200d👩",
       "holds an invisible character (U+200D) at character 3, outside an "
       "emoji sequence"},
      // The other variation selectors, and the tags of a subdivision's flag, are refused.
      {"❤\ufe0e", "holds an invisible character (U+FE0E) at character 2"},
      {"🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F",
       "holds an invisible character (U+E0067) at character 2"},
  };
  for (const auto& [name, why] : refused) EXPECT_EQ(name_text_refusal(name), why) << name;
}

// Regression: "Z" and 23 combining marks drew over the lines above and below it.
TEST(NameTextRefusal, TakesTwoCombiningMarksInARowAtMost) {
  std::string zalgo = "Z";
  for (int i = 0; i < 23; ++i) zalgo += utf8(0x0300 + static_cast<char32_t>(i));
  EXPECT_EQ(name_text_refusal(zalgo),
            "holds more than 2 combining marks in a row (U+0302) at character 4");
  // Each block counts, and runs are counted apart.
  for (const char32_t mark :
       {0x0300u, 0x036Fu, 0x1AB0u, 0x1AFFu, 0x1DC0u, 0x1DFFu, 0x20D0u, 0x20FFu, 0xFE20u, 0xFE2Fu}) {
    EXPECT_TRUE(is_combining_mark(mark)) << static_cast<unsigned>(mark);
    const std::string two = "e" + utf8(mark) + utf8(mark);
    EXPECT_EQ(name_text_refusal(two + "a" + two), "") << static_cast<unsigned>(mark);
    EXPECT_NE(name_text_refusal(two + utf8(mark)), "") << static_cast<unsigned>(mark);
  }
  for (const char32_t text : {0x02FFu, 0x0370u, 0x1AAFu, 0x1B00u, 0x20CFu, 0x2100u, 0xFE1Fu}) {
    EXPECT_FALSE(is_combining_mark(text)) << static_cast<unsigned>(text);
  }
  // Vietnamese decomposed: two marks on a letter; a keycap's U+20E3 after its U+FE0F.
  EXPECT_EQ(name_text_refusal("Nguye\u0323\u0302n"), "");
  EXPECT_EQ(name_text_refusal("Dus\u030Ckan"), "");
  EXPECT_EQ(name_text_refusal("7\ufe0f\u20e3"), "");
  // A mark first goes on what is printed before the name.
  EXPECT_EQ(name_text_refusal("\u0301Ana"), "starts with a combining mark (U+0301) at character 1");
  // Regression (review): marks outside the generic blocks reset the count, so 21 marks stood on
  // one letter, and Thai marks were not counted at all.
  std::string mixed = "Z";
  for (int i = 0; i < 7; ++i) mixed += "\u0301\u0301\u0483";
  EXPECT_EQ(name_text_refusal(mixed),
            "holds more than 2 combining marks in a row (U+0483) at character 4");
  EXPECT_EQ(name_text_refusal("Z\u0e49\u0e49\u0e49"),
            "holds more than 2 combining marks in a row (U+0E49) at character 4");
  EXPECT_EQ(name_text_refusal("\u0e19\u0e49\u0e33"), "");  // a Thai syllable with its mark
  // Regression (review): format controls that draw nothing, beyond the first list.
  EXPECT_EQ(name_text_refusal("A\U0001BCA0na"),
            "holds an invisible character (U+1BCA0) at character 2");
}

// Regression: "\u3000", "\u2800" and "\u00a0" were guests' names that show nothing. Spaces at
// the ends are the callers' to trim or keep; other blank characters there are refused.
TEST(NameTextRefusal, BlankNamesAndBlankCharactersAtTheEnds) {
  const std::vector<char32_t> blank = {0x09,   0x0A,   0x0D,   0x20,   0x85,
                                       0xA0,   0x1680, 0x2000, 0x200A, 0x2028,
                                       0x2029, 0x202F, 0x205F, 0x3000, 0x2800};
  for (const char32_t c : blank) {
    EXPECT_TRUE(is_blank_character(c)) << static_cast<unsigned>(c);
    EXPECT_TRUE(is_blank_name(utf8(c) + " " + utf8(c))) << static_cast<unsigned>(c);
    EXPECT_FALSE(is_blank_name(utf8(c) + "a")) << static_cast<unsigned>(c);
  }
  for (const char32_t c : {0x08u, 0x0Eu, 0x21u, 0x84u, 0xA1u, 0x200Bu, 0x2801u, 0x3001u, 0xFEFFu}) {
    EXPECT_FALSE(is_blank_character(c)) << static_cast<unsigned>(c);
  }
  EXPECT_TRUE(is_blank_name(""));
  EXPECT_FALSE(is_blank_name("\u200b"));  // not blank: invisible, which name_text_refusal says
  EXPECT_FALSE(is_blank_name(" \xff"));
  EXPECT_EQ(name_text_refusal("\u3000"), "starts with a blank character (U+3000) at character 1");
  EXPECT_EQ(name_text_refusal("Ana\u00a0"), "ends with a blank character (U+00A0) at character 4");
  EXPECT_EQ(name_text_refusal(" \u2800Ana"),
            "starts with a blank character (U+2800) at character 2");
  EXPECT_EQ(name_text_refusal("Ana \u205f "),
            "ends with a blank character (U+205F) at character 5");
  // Plain spaces at the ends are as they were; blank characters inside a name are text
  // (a Japanese full name is written with U+3000).
  for (const char* ok : {" Ana ", "   ", "", "山田\u3000太郎", "Ana\u00a0Bo", "Ana  Bo"}) {
    EXPECT_EQ(name_text_refusal(ok), "") << ok;
  }
  EXPECT_EQ(trim_blanks("\u3000 Ana\u00a0Bo\u2800\t"), "Ana\u00a0Bo");
  EXPECT_EQ(trim_blanks(" \u3000 "), "");
  EXPECT_EQ(trim_blanks("A\xff "), "A\xff");
}

// Names read alike when they differ by invisible characters and blank ones alone: what the
// score sheet tells apart by seat number, for names stored before they were refused.
TEST(LookAlikeKey, DropsInvisibleCharactersAndFoldsBlankOnes) {
  for (const char* twin : {"Ana\u200b", "\u061cAna", "Ana\u200f", "\ufeffAna", " Ana\u3000",
                           "A\u200dna", "Ana\x1b", "Ana\U000E0041"}) {
    EXPECT_EQ(look_alike_key(twin), "Ana") << twin;
  }
  EXPECT_EQ(look_alike_key("Ana \u00a0\u2800Bo"), "Ana Bo");
  EXPECT_NE(look_alike_key("ana"), look_alike_key("Ana"));
  EXPECT_NE(look_alike_key("Ána"), look_alike_key("Ana"));
}

// Regression (an audit): the scorekeeper's "in any case" folded ASCII letters alone, so "Ștefan"
// and "ștefan" were two players and "ZOË" named nobody; and "Zoë" typed with U+0308 (as macOS
// stores it) was another name, and more characters.
TEST(FoldName, FoldsCaseAndAccentsAsWrittenInEveryScript) {
  const std::vector<std::vector<std::string>> alike = {
      {"Zo\u00eb", "ZO\u00cb", "zoe\u0308", "ZOE\u0308", " Zo\u00eb\u200b"},
      {"\u0218tefan", "\u0219tefan", "S\u0326tefan", "\u0218TEFAN"},
      {"\u00c1NGEL", "a\u0301ngel"},
      {"\u0141ukasz", "\u0142ukasz"},
      {"\u0386\u039d\u039d\u0391", "\u03ac\u03bd\u03bd\u03b1"},  // Greek: ΆΝΝΑ, άννα
      {"\u0419\u0440\u0430", "\u0439\u0440\u0430", "\u0438\u0306\u0440\u0430"},  // Йра
      {"Vi\u1ec7t", "Vie\u0323\u0302t", "Vie\u0302\u0323t", "VI\u1ec6T"},  // ệ, marks in any order
      {"\ud55c", "\u1112\u1161\u11ab"},  // 한: the syllable and its jamo
      {"Ana Bo", "ana\u00a0bo"},
  };
  for (const auto& names : alike) {
    for (const std::string& name : names) {
      EXPECT_EQ(fold_name(name), fold_name(names.front())) << name << " / " << names.front();
    }
  }
  EXPECT_EQ(fold_name("ZO\u00cb"), "zoe\u0308");
  // Different letters stay different: an accent is not dropped, nor a letter taken for another.
  for (const auto& [a, b] :
       std::vector<std::pair<std::string, std::string>>{{"Ana", "\u00c1na"},
                                                        {"Ana", "Ann"},
                                                        {"Zo\u00eb", "Zoe"},
                                                        {"\u0141ukasz", "Lukasz"},
                                                        {"Ana", "Anastasia"}}) {
    EXPECT_NE(fold_name(a), fold_name(b)) << a << " / " << b;
  }
}

TEST(NameCharacters, LeaveCombiningMarksOut) {
  EXPECT_EQ(name_characters("Zo\u00eb"), 3u);
  EXPECT_EQ(name_characters("Zoe\u0308"), 3u);
  EXPECT_EQ(name_characters("Vie\u0323\u0302t"), 4u);
  EXPECT_EQ(name_characters("\U0001F600x"), 2u);
  std::string zoes;
  for (int k = 0; k < 8; ++k) zoes += "Zoe\u0308";  // 24 characters, 32 code points
  EXPECT_EQ(name_refusal(zoes), "");
  EXPECT_EQ(name_refusal(zoes + "x").rfind("a name is at most 24 characters, not 25: '", 0), 0u)
      << name_refusal(zoes + "x");
}

// Text printed as lines (a score sheet): its line breaks are its own, any other control is not.
TEST(HasControlCharacterInLines, AllowsTheLineBreakAlone) {
  EXPECT_FALSE(has_control_character_in_lines("deal 1\nAna 5\n"));
  EXPECT_FALSE(has_control_character_in_lines(""));
  for (const char* text : {"a\r\n", "\tAna\n", "Ana\x1b[2J\n", "\n\x7f", "Ana\xc2\x9b\n"}) {
    EXPECT_TRUE(has_control_character_in_lines(text)) << escape_control_characters(text);
  }
}

TEST(IsUtf8, AcceptsWhatJsonAcceptsAndNothingElse) {
  for (const std::string ok : {"", "plain", "Dušan", "♠♥", "\xF0\x9F\x82\xA1", "\xF4\x8F\xBF\xBF",
                               "\xEF\xBF\xBF", "\xC2\x80"}) {
    EXPECT_TRUE(is_utf8(ok)) << quote_input(ok);
  }
  for (const std::string bad : {"bad\xFF\xFEname", "\xC0\xAF", "\xC1\xBF", "\xE0\x80\xAF",
                                "\xED\xA0\x80", "\xF0\x80\x80\xAF", "\xF4\x90\x80\x80",
                                "\xF5\x80\x80\x80", "\x80", "\xC3", "\xE2\x99", "\xE2\x28\xA1"}) {
    EXPECT_FALSE(is_utf8(bad)) << quote_input(bad);
    // As nlohmann's writer sees it: it refuses the same.
    EXPECT_THROW(nlohmann::json(bad).dump(), nlohmann::json::type_error) << quote_input(bad);
  }
}

// The names that broke the score sheet's columns: CJK characters two columns wide, "Zoë" with its
// diaeresis a combining mark, a family of three emoji joined by U+200D.
using sample_names::kCjk;
using sample_names::kFamily;
using sample_names::kZoe;

TEST(DisplayWidth, CountsTerminalColumnsNotCodePoints) {
  struct Case {
    std::string text;
    size_t width;
    size_t code_points;
  };
  const std::vector<Case> cases = {
      {"Igor", 4, 4},
      {"Dušan", 5, 5},
      {kCjk, 6, 3},
      {kZoe, 3, 4},
      {"Zo\u00EB", 3, 3},  // the same name, precomposed
      {kFamily, 2, 5},
      {"♥", 1, 1},
      {"♥\uFE0F", 2, 2},                       // the emoji form
      {"\U0001F1F7\U0001F1F4", 2, 2},          // a flag: two regional indicators
      {"\U0001F44D\U0001F3FD", 2, 2},          // a skin tone
      {"1\uFE0F\u20E3", 2, 3},                 // a keycap
      {"\u2764\uFE0F\u200D\U0001F525", 2, 4},  // a heart on fire
      {"\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", 2, 7},  // Scotland
      {"\U0001FA77", 2, 1},          // pink heart: newer than glibc 2.36's tables
      {"한국", 4, 2},                // Hangul syllables
      {"\u1112\u1161\u11AB", 2, 3},  // 한 in conjoining letters
      {"", 0, 0},
      {"A\xff", 2, 2},  // a byte that is not UTF-8: one replacement character
  };
  for (const Case& c : cases) {
    EXPECT_EQ(display_width(c.text), c.width) << escape_control_characters(c.text);
    EXPECT_EQ(code_points(c.text), c.code_points) << escape_control_characters(c.text);
  }
}

TEST(WidthPrefix, NeverCutsACharacterOrAJoinedSequence) {
  EXPECT_EQ(width_prefix(kCjk, 3), 3u);  // 李: 小 would take columns 3 and 4
  EXPECT_EQ(width_prefix(kCjk, 4), 6u);
  EXPECT_EQ(width_prefix(kZoe + "y", 3), kZoe.size());  // the diaeresis stays with its e
  EXPECT_EQ(width_prefix(kZoe + "y", 2), 2u);
  EXPECT_EQ(width_prefix(kFamily + "x", 1), 0u);
  EXPECT_EQ(width_prefix(kFamily + "x", 2), kFamily.size());
  EXPECT_EQ(width_prefix("a\U0001F1F7\U0001F1F4b", 2), 1u);
  EXPECT_EQ(width_prefix("abc", 10), 3u);
  // At every width, a mixed name is cut between clusters: the two parts' widths add up.
  const std::string mixed = "A" + kCjk + kZoe + kFamily + "\u2665\uFE0F" + "Đorđe";
  for (size_t w = 0; w <= display_width(mixed) + 1; ++w) {
    const size_t n = width_prefix(mixed, w);
    const std::string_view text(mixed);
    EXPECT_LE(display_width(text.substr(0, n)), w);
    EXPECT_EQ(display_width(text.substr(0, n)) + display_width(text.substr(n)),
              display_width(mixed))
        << w;
  }
}

// Where the C.UTF-8 locale is missing, the table stands in for wcwidth: on the characters of
// such names they agree.
TEST(CodePointWidth, TheBuiltinTableAgreesWithWcwidthOnNamesCharacters) {
  for (const char32_t c : {U'A',
                           U'š',
                           U'ë',
                           char32_t{0x308},
                           char32_t{0x200D},
                           char32_t{0xFE0F},
                           U'李',
                           U'小',
                           U'龙',
                           char32_t{0x1F469},
                           char32_t{0x1F467},
                           char32_t{0x1F600},
                           char32_t{0x1F44D},
                           char32_t{0x1F3FD},
                           U'♥',
                           U'한',
                           char32_t{0x1112},
                           char32_t{0x1161},
                           char32_t{0x11AB},
                           char32_t{0xE0067},
                           char32_t{0x20E3},
                           char32_t{0xFF21},
                           char32_t{0x3000},
                           char32_t{0x1F1F7},
                           U'Ђ',
                           U'ξ',
                           U'א'}) {
    EXPECT_EQ(builtin_code_point_width(c), code_point_width(c)) << std::hex << uint32_t{c};
  }
}

// wcwidth reads LC_CTYPE: display_width sets it for its own thread and for the call alone.
TEST(DisplayWidth, LeavesTheLocaleAsItWasInEveryThread) {
  const locale_t before = uselocale(locale_t{});
  const std::string global = setlocale(LC_CTYPE, nullptr);
  EXPECT_EQ(display_width(kCjk), 6u);
  EXPECT_EQ(uselocale(locale_t{}), before);
  EXPECT_EQ(setlocale(LC_CTYPE, nullptr), global);
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 2000; ++i) wrong += display_width(kFamily + kCjk) != 8;
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(wrong.load(), 0);
}

TEST(JsonMessage, DropsTheExceptionsName) {
  EXPECT_EQ(json_message("[json.exception.parse_error.101] parse error at line 1, column 1: x"),
            "parse error at line 1, column 1: x");
  EXPECT_EQ(json_message("no prefix] here"), "no prefix] here");
}

}  // namespace
}  // namespace whist
