#include "core/text.h"

#include <locale.h>
#include <wchar.h>
#include <wctype.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <vector>

namespace whist {

namespace {

// The C.UTF-8 locale of this thread, for wcwidth(), which reads LC_CTYPE. Not setlocale():
// that changes the whole process's, under the server's and the arena's other threads.
class Utf8Locale {
 public:
  Utf8Locale() : locale_(newlocale(LC_CTYPE_MASK, "C.UTF-8", locale_t{})) {}
  ~Utf8Locale() {
    if (locale_ != locale_t{}) freelocale(locale_);
  }
  Utf8Locale(const Utf8Locale&) = delete;
  Utf8Locale& operator=(const Utf8Locale&) = delete;
  locale_t get() const { return locale_; }

 private:
  locale_t locale_;
};

// C.UTF-8 for wcwidth() while it lives, the thread's own locale back after; inactive where the
// locale is missing (a system without it installed), when builtin_code_point_width stands in.
class Utf8Ctype {
 public:
  Utf8Ctype() {
    thread_local const Utf8Locale utf8;
    if (utf8.get() != locale_t{}) previous_ = uselocale(utf8.get());
  }
  ~Utf8Ctype() {
    if (previous_ != locale_t{}) uselocale(previous_);
  }
  Utf8Ctype(const Utf8Ctype&) = delete;
  Utf8Ctype& operator=(const Utf8Ctype&) = delete;
  bool active() const { return previous_ != locale_t{}; }

 private:
  locale_t previous_{};
};

struct Range {
  char32_t first, last;
  int width;
};

// Sorted, for the binary search; what is not here is 1 column. The last range is the tags (a
// subdivision's flag) and the variation selectors supplement. The emoji blocks are wide
// whether assigned or not: Unicode reserves them for emoji, which newer versions fill with wide
// ones (U+1FA77 pink heart is unknown to glibc 2.36).
constexpr std::array<Range, 37> kWidths = {{
    {0x0300, 0x036F, 0},   {0x0483, 0x0489, 0},   {0x0591, 0x05BD, 0},   {0x0610, 0x061A, 0},
    {0x064B, 0x065F, 0},   {0x0E31, 0x0E31, 0},   {0x0E34, 0x0E3A, 0},   {0x0E47, 0x0E4E, 0},
    {0x1100, 0x115F, 2},   {0x1160, 0x11FF, 0},   {0x1AB0, 0x1AFF, 0},   {0x1DC0, 0x1DFF, 0},
    {0x200B, 0x200F, 0},   {0x2060, 0x2064, 0},   {0x20D0, 0x20FF, 0},   {0x231A, 0x231B, 2},
    {0x2E80, 0x3029, 2},   {0x302A, 0x302D, 0},   {0x302E, 0x303E, 2},   {0x3041, 0x3098, 2},
    {0x3099, 0x309A, 0},   {0x309B, 0x33FF, 2},   {0x3400, 0x4DBF, 2},   {0x4E00, 0xA4CF, 2},
    {0xAC00, 0xD7A3, 2},   {0xF900, 0xFAFF, 2},   {0xFE00, 0xFE0F, 0},   {0xFE20, 0xFE2F, 0},
    {0xFE30, 0xFE4F, 2},   {0xFEFF, 0xFEFF, 0},   {0xFF00, 0xFF60, 2},   {0xFFE0, 0xFFE6, 2},
    {0x1F300, 0x1F64F, 2}, {0x1F680, 0x1F6FF, 2}, {0x1F900, 0x1FAFF, 2}, {0x20000, 0x3FFFD, 2},
    {0xE0000, 0xE0FFF, 0},
}};

constexpr bool is_control(char32_t c) { return c < 0x20 || (c >= 0x7F && c < 0xA0); }

int width_of(char32_t c, bool wcwidth_ready) {
  if (is_control(c)) return 0;
  if (!wcwidth_ready) return builtin_code_point_width(c);
  const int w = wcwidth(static_cast<wchar_t>(c));
  return w >= 0 ? w : builtin_code_point_width(c);  // -1: not assigned in glibc's Unicode
}

struct Decoded {
  char32_t value = 0;
  size_t bytes = 0;
  bool valid = false;
};

Decoded decode(std::string_view s, size_t i) {
  const size_t n = utf8_length(s, i);
  if (n == 0) return {0xFFFD, 1, false};
  char32_t c = static_cast<unsigned char>(s[i]);
  if (n > 1) c &= 0x7F >> n;
  for (size_t k = 1; k < n; ++k) c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  return {c, n, true};
}

// Emoji that U+200D joins and U+FE0F turns into their colour form, roughly Unicode's
// Extended_Pictographic: the symbol and dingbat blocks, the emoji planes, a few letterlike ones.
constexpr bool is_pictographic(char32_t c) {
  return c == 0xA9 || c == 0xAE || c == 0x203C || c == 0x2049 || c == 0x2122 || c == 0x2139 ||
         (c >= 0x2194 && c <= 0x21AA) || (c >= 0x2300 && c <= 0x23FF) ||
         (c >= 0x25A0 && c <= 0x27BF) || (c >= 0x2900 && c <= 0x2BFF) || c == 0x3030 ||
         c == 0x303D || c == 0x3297 || c == 0x3299 || (c >= 0x1F000 && c <= 0x1FAFF) ||
         (c >= 0x1FC00 && c <= 0x1FFFD);
}

// Keycap bases: "1️⃣" is 1, U+FE0F, U+20E3.
constexpr bool is_keycap_base(char32_t c) { return (c >= '0' && c <= '9') || c == '#' || c == '*'; }
constexpr bool is_regional_indicator(char32_t c) { return c >= 0x1F1E6 && c <= 0x1F1FF; }
constexpr bool is_skin_tone(char32_t c) { return c >= 0x1F3FB && c <= 0x1F3FF; }
constexpr char32_t kZwj = 0x200D;
constexpr char32_t kEmojiPresentation = 0xFE0F;

struct Cluster {
  size_t bytes = 0;
  size_t width = 0;
};

// The grapheme cluster that starts at s[i]: a simplification of Unicode's rules (UAX #29) to
// what a name holds, where glibc knows widths but not clusters.
Cluster cluster_at(std::string_view s, size_t i, bool wcwidth_ready) {
  const Decoded base = decode(s, i);
  if (!base.valid) return {1, 1};
  const bool pictographic = is_pictographic(base.value);
  int width = width_of(base.value, wcwidth_ready);
  size_t j = i + base.bytes;
  if (is_regional_indicator(base.value) && j < s.size()) {
    if (const Decoded next = decode(s, j); next.valid && is_regional_indicator(next.value)) {
      j += next.bytes;  // a flag
      width = 2;
    }
  }
  while (j < s.size()) {
    const Decoded next = decode(s, j);
    if (!next.valid) break;
    if (next.value == kEmojiPresentation) {
      if (pictographic || is_keycap_base(base.value)) width = std::max(width, 2);
    } else if (next.value == kZwj) {
      j += next.bytes;
      if (j < s.size()) {
        // The emoji after the joiner is drawn with the one before it (👩‍👧 is one picture).
        if (const Decoded joined = decode(s, j);
            pictographic && joined.valid && is_pictographic(joined.value)) {
          j += joined.bytes;
        }
      }
      continue;
    } else if (!(pictographic && is_skin_tone(next.value)) &&
               (is_control(next.value) || width_of(next.value, wcwidth_ready) != 0)) {
      break;
    }
    j += next.bytes;
  }
  return {j - i, static_cast<size_t>(std::max(width, 0))};
}

// What may take U+FE0F: an emoji, a keycap's digit, and Ⓜ, the one emoji with a text form
// outside is_pictographic's blocks.
constexpr bool takes_emoji_presentation(char32_t c) {
  return is_pictographic(c) || is_keycap_base(c) || c == 0x24C2;
}

constexpr bool is_bidi_control(char32_t c) {
  return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

struct CodePointRange {
  char32_t first, last;
};

// Sorted. U+200D and U+FE0F are here too: name_text_refusal takes them in emoji alone.
constexpr std::array<CodePointRange, 18> kInvisible = {{
    {0x00AD, 0x00AD},    // soft hyphen
    {0x034F, 0x034F},    // combining grapheme joiner
    {0x061C, 0x061C},    // Arabic letter mark
    {0x115F, 0x1160},    // Hangul choseong and jungseong fillers
    {0x17B4, 0x17B5},    // Khmer inherent vowels
    {0x180B, 0x180F},    // Mongolian variation selectors and vowel separator
    {0x200B, 0x200F},    // zero width space, (non-)joiner, direction marks
    {0x2028, 0x202E},    // line and paragraph separators, bidirectional controls
    {0x2060, 0x206F},    // word joiner, invisible operators, bidirectional isolates
    {0x3164, 0x3164},    // Hangul filler
    {0xFE00, 0xFE0F},    // variation selectors
    {0xFEFF, 0xFEFF},    // zero width no-break space (byte order mark)
    {0xFFA0, 0xFFA0},    // halfwidth Hangul filler
    {0xFFF0, 0xFFFB},    // unassigned, interlinear annotation controls
    {0x13430, 0x1343F},  // Egyptian hieroglyph format controls
    {0x1BCA0, 0x1BCA3},  // shorthand format controls
    {0x1D173, 0x1D17A},  // musical symbol formatting controls
    {0xE0000, 0xE0FFF},  // tags, variation selectors supplement
}};

std::string code_point_name(char32_t c) {
  char text[16];
  std::snprintf(text, sizeof text, "U+%04X", static_cast<unsigned>(c));
  return text;
}

// "holds an invisible character (U+200B) at character 4": `k` counts from 0, the reader from 1.
std::string fault_at(std::string_view what, char32_t c, size_t k) {
  return std::string(what) + " (" + code_point_name(c) + ") at character " + std::to_string(k + 1);
}

}  // namespace

bool is_blank_character(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
         c == 0x3000 || c == 0x2800;
}

bool is_invisible_character(char32_t c) {
  return std::any_of(kInvisible.begin(), kInvisible.end(),
                     [c](const CodePointRange& r) { return c >= r.first && c <= r.last; });
}

bool is_combining_mark(char32_t c) {
  return (c >= 0x0300 && c <= 0x036F) || (c >= 0x1AB0 && c <= 0x1AFF) ||
         (c >= 0x1DC0 && c <= 0x1DFF) || (c >= 0x20D0 && c <= 0x20FF) ||
         (c >= 0xFE20 && c <= 0xFE2F);
}

std::string name_text_refusal(std::string_view name) {
  std::vector<char32_t> cs;
  for (size_t i = 0; i < name.size();) {
    const Decoded d = decode(name, i);
    if (!d.valid) return "is not UTF-8 text (at character " + std::to_string(cs.size() + 1) + ")";
    cs.push_back(d.value);
    i += d.bytes;
  }
  // An emoji, or an emoji with its U+FE0F: what U+200D may follow.
  const auto emoji_before = [&](size_t k) {
    return k > 0 && (is_pictographic(cs[k - 1]) ||
                     (cs[k - 1] == kEmojiPresentation && k > 1 && is_pictographic(cs[k - 2])));
  };
  // Marks of every script count, not only the generic blocks' (regression: Thai or Cyrillic
  // marks between the accents reset the count, and 21 stood on one letter): whatever takes no
  // column of its own draws over the character before it.
  const Utf8Ctype ctype;
  const auto draws_over = [&](char32_t c) {
    return is_combining_mark(c) || (!is_control(c) && width_of(c, ctype.active()) == 0);
  };
  int marks = 0;
  for (size_t k = 0; k < cs.size(); ++k) {
    const char32_t c = cs[k];
    if (is_control(c)) return fault_at("holds a control character", c, k);
    if (is_bidi_control(c)) return fault_at("holds a bidirectional control", c, k);
    if (c == kEmojiPresentation || c == kZwj) {
      const bool in_emoji = c == kEmojiPresentation ? k > 0 && takes_emoji_presentation(cs[k - 1])
                                                    : emoji_before(k) && k + 1 < cs.size() &&
                                                          is_pictographic(cs[k + 1]);
      if (!in_emoji) {
        return fault_at("holds an invisible character", c, k) + ", outside an emoji sequence";
      }
    } else if (is_invisible_character(c)) {
      return fault_at("holds an invisible character", c, k);
    }
    if (!draws_over(c)) {
      marks = 0;
    } else if (k == 0) {
      // It would draw over what comes before the name: a border, "Waiting for ".
      return fault_at("starts with a combining mark", c, k);
    } else if (++marks > kMaxCombiningMarks) {
      return fault_at(
          "holds more than " + std::to_string(kMaxCombiningMarks) + " combining marks in a row", c,
          k);
    }
  }
  // A name that ends in U+00A0 looks like one without it. Plain spaces at the ends are kept as
  // they were: the command line trims them, the server takes them as sent.
  for (size_t k = 0; k < cs.size() && is_blank_character(cs[k]); ++k) {
    if (cs[k] != ' ') return fault_at("starts with a blank character", cs[k], k);
  }
  for (size_t k = cs.size(); k > 0 && is_blank_character(cs[k - 1]); --k) {
    if (cs[k - 1] != ' ') return fault_at("ends with a blank character", cs[k - 1], k - 1);
  }
  return {};
}

bool is_blank_name(std::string_view name) {
  for (size_t i = 0; i < name.size();) {
    const Decoded d = decode(name, i);
    if (!d.valid || !is_blank_character(d.value)) return false;
    i += d.bytes;
  }
  return true;
}

std::string_view trim_blanks(std::string_view s) {
  size_t begin = s.size(), end = 0;
  for (size_t i = 0; i < s.size();) {
    const Decoded d = decode(s, i);
    if (!d.valid || !is_blank_character(d.value)) {
      begin = std::min(begin, i);
      end = i + d.bytes;
    }
    i += d.bytes;
  }
  return begin < end ? s.substr(begin, end - begin) : std::string_view();
}

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

size_t name_characters(std::string_view name) {
  size_t n = 0;
  for (size_t i = 0; i < name.size();) {
    const Decoded d = decode(name, i);
    i += d.bytes;
    n += !(d.valid && is_combining_mark(d.value));
  }
  return n;
}

namespace {

struct Decomposition {
  char32_t from, first, second;  // second: 0 for a decomposition to one code point
};

constexpr Decomposition kDecompositions[] = {
#include "core/decompositions.inc"
};

// Appends the canonical decomposition of `c`, in full (a step's parts decompose further).
void decompose(char32_t c, std::u32string& out) {
  if (c >= 0xAC00 && c <= 0xD7A3) {  // a Hangul syllable: its jamo, by Unicode's formula
    const char32_t s = c - 0xAC00;
    out += static_cast<char32_t>(0x1100 + s / 588);
    out += static_cast<char32_t>(0x1161 + s % 588 / 28);
    if (s % 28 != 0) out += static_cast<char32_t>(0x11A7 + s % 28);
    return;
  }
  const auto it = std::lower_bound(std::begin(kDecompositions), std::end(kDecompositions), c,
                                   [](const Decomposition& d, char32_t v) { return d.from < v; });
  if (it == std::end(kDecompositions) || it->from != c) {
    out += c;
    return;
  }
  decompose(it->first, out);
  if (it->second != 0) decompose(it->second, out);
}

}  // namespace

std::string fold_name(std::string_view name) {
  const std::string key = look_alike_key(name);
  std::u32string cs;
  for (size_t i = 0; i < key.size();) {
    const Decoded d = decode(key, i);
    i += d.bytes;
    decompose(d.value, cs);
  }
  // A run of marks sorted: "ệ" typed as e, U+0323, U+0302 or as e, U+0302, U+0323 is one name.
  for (size_t k = 0; k < cs.size();) {
    size_t end = k;
    while (end < cs.size() && is_combining_mark(cs[end])) ++end;
    std::sort(cs.begin() + static_cast<std::ptrdiff_t>(k),
              cs.begin() + static_cast<std::ptrdiff_t>(end));
    k = end + 1;
  }
  const Utf8Ctype ctype;  // towlower() reads LC_CTYPE: ASCII alone without C.UTF-8
  std::string out;
  for (const char32_t c : cs)
    append_utf8(out, static_cast<char32_t>(towlower(static_cast<wint_t>(c))));
  return out;
}

std::string look_alike_key(std::string_view name) {
  std::string out;
  bool space = false;  // blank characters since the last one shown
  for (size_t i = 0; i < name.size();) {
    const Decoded d = decode(name, i);
    const std::string_view bytes = name.substr(i, d.bytes);
    i += d.bytes;
    if (d.valid && (is_control(d.value) || is_invisible_character(d.value))) continue;
    if (d.valid && is_blank_character(d.value)) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += bytes;
  }
  return out;
}

int builtin_code_point_width(char32_t c) {
  if (is_control(c)) return 0;
  const auto it = std::upper_bound(kWidths.begin(), kWidths.end(), c,
                                   [](char32_t v, const Range& r) { return v < r.first; });
  if (it == kWidths.begin()) return 1;
  const Range& r = *(it - 1);
  return c <= r.last ? r.width : 1;
}

int code_point_width(char32_t c) {
  const Utf8Ctype ctype;
  return width_of(c, ctype.active());
}

size_t display_width(std::string_view s) {
  const Utf8Ctype ctype;
  size_t width = 0;
  for (size_t i = 0; i < s.size();) {
    const Cluster c = cluster_at(s, i, ctype.active());
    width += c.width;
    i += c.bytes;
  }
  return width;
}

size_t width_prefix(std::string_view s, size_t max_width) {
  const Utf8Ctype ctype;
  size_t width = 0;
  size_t i = 0;
  while (i < s.size()) {
    const Cluster c = cluster_at(s, i, ctype.active());
    if (width + c.width > max_width) break;
    width += c.width;
    i += c.bytes;
  }
  return i;
}

}  // namespace whist
