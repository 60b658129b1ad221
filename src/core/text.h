// Error messages that quote what a file or a message held: they are printed as one line (the
// command-line tools' `whist replay: MESSAGE`, the server's JSON), whatever the input held.
#pragma once

#include <string>
#include <string_view>

namespace whist {

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
    } else if (static_cast<unsigned char>(ch) < 0x20) {
      out += '?';
    } else {
      out += ch;
    }
  }
  return out;
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
