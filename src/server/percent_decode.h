// Percent-decoding of a URL's parts, for the static files' paths and the lobby's query.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace whist::server {

// The bytes a percent-encoded part of a URL stands for; nothing for a bad escape ("%2", "%zz").
// In a query (`plus_is_space`) '+' stands for a space, as forms send it; in a path it is itself.
inline std::optional<std::string> percent_decode(std::string_view in, bool plus_is_space = false) {
  const auto hex_value = [](char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  out.reserve(in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i] == '+' && plus_is_space) {
      out += ' ';
    } else if (in[i] != '%') {
      out += in[i];
    } else {
      if (i + 2 >= in.size()) return std::nullopt;
      const int hi = hex_value(in[i + 1]), lo = hex_value(in[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    }
  }
  return out;
}

}  // namespace whist::server
