// Error messages that quote what a file, a message or a keyboard held: they are printed as one
// line (the command-line tools' `whist replay: MESSAGE`, the server's JSON, a prompt's
// refusal), whatever the input held. And the columns text takes on a terminal, which lines up
// names in tables (display_width).
#pragma once

#include <algorithm>
#include <csignal>
#include <cstddef>
#include <string>
#include <string_view>

namespace whist {

// A character that moves the cursor, recolours or clears a terminal, or breaks a line: the C0
// controls and DEL.
constexpr bool is_control_character(char ch) {
  const auto c = static_cast<unsigned char>(ch);
  return c < 0x20 || c == 0x7F;
}

// The length in bytes of the well-formed UTF-8 character that starts at s[i] (no overlong form,
// surrogate or code point past U+10FFFF), 0 if none does.
constexpr size_t utf8_length(std::string_view s, size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  size_t len = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
  if (c < 0x80) {
    return 1;
  } else if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return 0;
  }
  if (i + len > s.size()) return 0;
  for (size_t k = 1; k < len; ++k) {
    const auto b = static_cast<unsigned char>(s[i + k]);
    if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) return 0;
  }
  return len;
}

// The length in bytes of the control character that starts at s[i], 0 if none starts there: a
// C0 control or DEL (one byte), or a C1 control, U+0080 to U+009F, written in UTF-8 (two bytes,
// C2 80 to C2 9F), which some terminals obey as they do ESC: U+009B is ESC [.
constexpr size_t control_length(std::string_view s, size_t i) {
  if (is_control_character(s[i])) return 1;
  const bool c1 = static_cast<unsigned char>(s[i]) == 0xC2 && i + 1 < s.size() &&
                  static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
                  static_cast<unsigned char>(s[i + 1]) <= 0x9F;
  return c1 ? 2 : 0;
}

// The length in bytes (3) of the bidirectional embedding, override or isolate that starts at
// s[i] (U+202A to U+202E, U+2066 to U+2069), 0 if none does: text after one is shown in another
// order than it has, so a quoted name could make a message say what it does not.
constexpr size_t bidi_length(std::string_view s, size_t i) {
  const auto byte = [&](size_t k) {
    return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0;
  };
  const bool bidi = byte(0) == 0xE2 && ((byte(1) == 0x80 && byte(2) >= 0xAA && byte(2) <= 0xAE) ||
                                        (byte(1) == 0x81 && byte(2) >= 0xA6 && byte(2) <= 0xA9));
  return bidi ? 3 : 0;
}

// What is written as an escape in quoted text: a control character or a bidirectional control.
constexpr size_t escaped_length(std::string_view s, size_t i) {
  const size_t n = control_length(s, i);
  return n > 0 ? n : bidi_length(s, i);
}

// `s` with line breaks and tabs written as \n, \r and \t, and other control characters,
// bidirectional controls and bytes that are not part of a UTF-8 character as '?'.
inline std::string one_line(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    const size_t control = escaped_length(s, i);
    const size_t len = utf8_length(s, i);
    const size_t n = control > 0 ? control : len == 0 ? 1 : 0;
    if (s[i] == '\n') {
      out += "\\n";
    } else if (s[i] == '\r') {
      out += "\\r";
    } else if (s[i] == '\t') {
      out += "\\t";
    } else if (n > 0) {
      out += '?';
      i += n - 1;
    } else {
      out += s.substr(i, len);
      i += len - 1;
    }
  }
  return out;
}

// `s` with each control character written as \x1b (a C1 control as its two bytes, \xc2\x9b, a
// bidirectional control as its three) and each byte that is not part of a UTF-8 character as
// \xff, so that printing it cannot move the cursor or recolour a terminal (a lone 0x9B is ESC [
// to some) and the message is text; the rest (UTF-8 included) as it is.
inline std::string escape_control_characters(std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    const size_t control = escaped_length(s, i);
    const size_t len = utf8_length(s, i);
    if (control == 0 && len > 0) {
      out += s.substr(i, len);
      i += len - 1;
      continue;
    }
    const size_t n = control > 0 ? control : 1;  // or a byte that is not part of UTF-8
    for (size_t k = i; k < i + n; ++k) {
      const auto c = static_cast<unsigned char>(s[k]);
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
    i += n - 1;
  }
  return out;
}

// Characters (code points) in UTF-8 text: what a length limit counts (name_characters, which
// leaves combining marks out, for kMaxPlayerName), so that a name's allowance does not depend on
// its script. Not its width on a terminal: a CJK character
// or an emoji takes two columns, a combining accent none, and a family emoji is five code points
// shown as one; display_width measures that.
inline size_t code_points(std::string_view s) {
  size_t n = 0;
  for (const char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// The columns a code point takes on a terminal: glibc's wcwidth() in the C.UTF-8 locale (2 for
// CJK and most emoji, 0 for combining marks, U+200D and variation selectors), with the table of
// builtin_code_point_width for what that Unicode version has not assigned yet (newer emoji) or
// where the locale is missing; 0 for a control character.
int code_point_width(char32_t c);
// The same by a small table of the wide blocks (CJK, Hangul, fullwidth forms, the emoji blocks)
// and the zero-width ones (the main combining blocks, joiners, variation selectors, tags).
int builtin_code_point_width(char32_t c);

// The columns UTF-8 text takes on a terminal, counted by grapheme cluster (what a reader sees as
// one character): a base character with the marks, variation selectors and skin tones after it;
// emoji joined by U+200D (a family of three is 2, as a terminal that joins them draws it); a
// flag's two regional indicators (2). A base followed by U+FE0F (the emoji form of ♥ or ❤) is 2.
// A byte that is not part of a UTF-8 character is 1 (a terminal shows a replacement character).
size_t display_width(std::string_view s);

// The length in bytes of `s`'s longest prefix that takes at most `max_width` columns and ends
// between grapheme clusters: a cut that leaves neither half a character nor an accent without
// its letter nor part of a joined emoji.
size_t width_prefix(std::string_view s, size_t max_width);

// The length of `s`'s longest prefix of at most `max` bytes that does not end inside a UTF-8
// character: where to cut text that is quoted or sent with a limit.
inline size_t utf8_prefix(std::string_view s, size_t max) {
  if (s.size() <= max) return s.size();
  size_t n = max;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return n;
}

// What someone typed or sent, for an error message that quotes it: in single quotes, control
// characters as \x1b (so that quoting it cannot move the cursor or recolour a terminal), cut
// after `max` bytes (not inside a UTF-8 character) with the length said.
inline std::string quote_input(std::string_view s, size_t max = 60) {
  const size_t n = utf8_prefix(s, max);
  std::string out = "'";
  out += escape_control_characters(s.substr(0, n));
  out += n < s.size() ? "'... (" + std::to_string(s.size()) + " bytes)" : "'";
  return out;
}

// Whether `s` holds a control character: a player's name may not, as it is printed on screens
// and score sheets, where one would move the cursor or recolour the terminal.
inline bool has_control_character(std::string_view s) {
  for (size_t i = 0; i < s.size(); ++i) {
    if (control_length(s, i) > 0) return true;
  }
  return false;
}

// Whether a name is UTF-8 text with no control character or bidirectional control: the least a
// name is held to, a score file's names as an older version wrote them included. A new name
// (typed, sent, or an engine's) is held to name_text_refusal too. Names read back from records
// and databases are held to has_control_character alone, as they were written: an old record
// may hold a bidirectional control, and printing it escapes it.
inline bool is_clean_name(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    if (escaped_length(s, i) > 0) return false;
    const size_t n = utf8_length(s, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

// The same for text printed as lines (a score sheet, a program's output): a control character
// other than the line break.
inline bool has_control_character_in_lines(std::string_view s) {
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\n' && control_length(s, i) > 0) return true;
  }
  return false;
}

// Whether `s` is well-formed UTF-8 (no overlong forms, surrogates or code points past U+10FFFF),
// as a JSON string must be: text from a program (an engine's name) is checked before it goes in
// JSON output, whose writer would throw.
inline bool is_utf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const size_t n = utf8_length(s, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

// A player's name in characters (code points), at most: the server's guests and the terminal's
// players alike, so that a name fits a line whole (regression: a name of 5,000 characters was
// taken, and the sheet was unreadable). Six such names do not fit an 80-column sheet's columns:
// it shortens them, with a legend (game/sheet.h).
inline constexpr size_t kMaxPlayerName = 24;

// What a name may hold, beyond is_clean_name: a name is read by people, who must be able to
// tell two players apart by it (regression: "Ana" and "Ana" + U+200B sat at one table, shown as
// two Anas; a name of U+3000 alone looked empty; "Z" with 23 accents drew over the lines above
// it). Hand-written from the Unicode tables, not ICU, which the project does not depend on.
// Letters that look alike across scripts (Cyrillic "а", Latin "a") are not told apart.

// A character that takes room but shows nothing: Unicode's White_Space characters (U+0009 to
// U+000D, U+0020, U+0085, U+00A0, U+1680, U+2000 to U+200A, U+2028, U+2029, U+202F, U+205F,
// U+3000) and U+2800, the braille pattern without dots, which fonts draw as a space.
bool is_blank_character(char32_t c);
// A character that shows nothing and takes no room, or changes how what is near it shows: the
// soft hyphen, joiners and non-joiners, direction marks, invisible operators, line and
// paragraph separators, the Hangul fillers, variation selectors, the byte order mark, the
// interlinear annotation and object replacement controls (U+FFF0 to U+FFFB), musical
// formatting controls, tags. The bidirectional controls are among them (is_clean_name refuses
// those with the control characters).
bool is_invisible_character(char32_t c);
// A combining mark of the generic blocks (U+0300 to U+036F, U+1AB0 to U+1AFF, U+1DC0 to
// U+1DFF, U+20D0 to U+20FF, U+FE20 to U+FE2F): one that goes on any letter, and stacks.
bool is_combining_mark(char32_t c);
// At most so many combining marks in a row: Vietnamese needs two on a letter ("ệ" decomposed),
// no name needs more, and more pile up over the lines above and below.
inline constexpr int kMaxCombiningMarks = 2;

// Why the characters of a new name may not be taken, "" if they may, as words to follow
// "name: ": "holds an invisible character (U+200B) at character 4". Refused: what is not UTF-8
// text, control characters, invisible characters (is_invisible_character), more than
// kMaxCombiningMarks combining marks in a row or one that starts the name, and a blank
// character other than U+0020 at either end. Not the length, nor a name of spaces alone (the
// callers' rules: an empty table name is none, a guest's name is not blank).
//
// U+200D (zero width joiner) and U+FE0F (variation selector 16) are how emoji are written
// ("👩‍👩‍👧" is three joined, "❤️" the heart in colour), so they are taken inside an
// emoji sequence, and only there: U+FE0F straight after an emoji or a keycap's digit, U+200D
// between an emoji (or its U+FE0F) and the emoji it joins, never first or last. Between letters
// either would show nothing, and "A" + U+200D + "na" would pass for "Ana". Scripts that use U+200C
// or U+200D between letters (Persian, Sinhala, the Indic conjuncts) lose that form of a ligature.
std::string name_text_refusal(std::string_view name);

// Whether `name` holds no character but blank ones (is_blank_character): the empty name too. A
// name that is not UTF-8 is not blank (name_text_refusal says why it is refused).
bool is_blank_name(std::string_view name);

// `s` without the blank characters (is_blank_character) at either end: where a list typed on
// the command line is cut into names, which drops the spaces around them.
std::string_view trim_blanks(std::string_view s);

// A name as a reader sees it, to tell seats apart that two names would not (the score sheet's
// "Ana #2"): without control and invisible characters, its runs of blank characters as one
// space, none at either end. Names stored before name_text_refusal may differ by those alone.
std::string look_alike_key(std::string_view name);

// Appends code point `c` in UTF-8.
void append_utf8(std::string& out, char32_t c);

// The characters of a name as a reader counts them, for kMaxPlayerName: its code points but the
// combining marks (is_combining_mark), so that "Zoë" is 3 whether its ë is one code point or an
// e and U+0308 (as macOS stores a name typed there).
size_t name_characters(std::string_view name);

// The key under which two names are one where answers may name players in any case (the
// scorekeeper's): look_alike_key's text, each letter in lower case (Unicode's simple mapping, as
// glibc's C.UTF-8 has it) and written as its letter and combining marks (Unicode's canonical
// decomposition, a run of marks in one order), so that "ZOË", "zoë" and "zoe" + U+0308 are one.
std::string fold_name(std::string_view name);

// Why a new name may not be taken ("" if it may), for "--names: " and the like: not UTF-8,
// holding a control character, a character name_text_refusal refuses, or longer than
// kMaxPlayerName.
inline std::string name_refusal(std::string_view name) {
  if (!is_utf8(name)) return "a name must be UTF-8 text: " + quote_input(name);
  if (!is_clean_name(name)) return "a name may not hold control characters: " + quote_input(name);
  if (const std::string why = name_text_refusal(name); !why.empty()) {
    return "a name " + why + ": " + quote_input(name);
  }
  if (const size_t chars = name_characters(name); chars > kMaxPlayerName) {
    const size_t shown = utf8_prefix(name, 40);
    return "a name is at most " + std::to_string(kMaxPlayerName) + " characters, not " +
           std::to_string(chars) + ": " + quote_input(name.substr(0, shown)) +
           (shown < name.size() ? "…" : "");
  }
  return {};
}

// nlohmann::json's message without its "[json.exception.parse_error.101] " prefix, a name for
// programmers that tells the reader nothing: "parse error at line 1, column 1: …".
inline std::string json_message(std::string what) {
  if (const auto close = what.find("] ");
      what.starts_with("[json.") && close != std::string::npos) {
    what.erase(0, close + 2);
  }
  return what;
}

// A stopping signal's name, for the line that says why a run or the server stopped.
inline std::string_view signal_name(int signal) {
  switch (signal) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    case SIGHUP:
      return "SIGHUP";
    default:
      return "a signal";
  }
}

}  // namespace whist
