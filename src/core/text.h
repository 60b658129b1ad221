// Error messages that quote what a file, a message or a keyboard held: they are printed as one
// line (the command-line tools' `whist replay: MESSAGE`, the server's JSON, a prompt's
// refusal), whatever the input held.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>

namespace whist {

// A character that moves the cursor, recolours or clears a terminal, or breaks a line: the C0
// controls and DEL.
constexpr bool is_control_character(char ch) {
  const auto c = static_cast<unsigned char>(ch);
  return c < 0x20 || c == 0x7F;
}

// `s` with line breaks and tabs written as \n, \r and \t, and other control characters as '?'.
inline std::string one_line(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (const char ch : s) {
    if (ch == '\n') {
      out += "\\n";
    } else if (ch == '\r') {
      out += "\\r";
    } else if (ch == '\t') {
      out += "\\t";
    } else if (is_control_character(ch)) {
      out += '?';
    } else {
      out += ch;
    }
  }
  return out;
}

// `s` with each control character written as \x1b, so that printing it cannot move the cursor or
// recolour a terminal; the rest (UTF-8 included) as it is.
inline std::string escape_control_characters(std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(s.size());
  for (const char ch : s) {
    if (is_control_character(ch)) {
      const auto c = static_cast<unsigned char>(ch);
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += ch;
    }
  }
  return out;
}

// What someone typed or sent, for an error message that quotes it: in single quotes, control
// characters as \x1b (so that quoting it cannot move the cursor or recolour a terminal), cut
// after `max` bytes (not inside a UTF-8 character) with the length said.
inline std::string quote_input(std::string_view s, size_t max = 60) {
  size_t n = std::min(s.size(), max);
  while (n < s.size() && n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  std::string out = "'" + escape_control_characters(s.substr(0, n));
  out += n < s.size() ? "'... (" + std::to_string(s.size()) + " bytes)" : "'";
  return out;
}

// Whether `s` holds a control character: a player's name may not, as it is printed on screens
// and score sheets, where one would move the cursor or recolour the terminal.
inline bool has_control_character(std::string_view s) {
  return std::any_of(s.begin(), s.end(), is_control_character);
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

}  // namespace whist
