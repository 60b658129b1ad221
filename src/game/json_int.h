// A whole number read from JSON (records, score files, network messages), clamped far outside
// every range the rules and the protocol allow: a huge value stays huge, so that a range check
// after it refuses it, where get<int>() would wrap 4294967296 around to 0.
#pragma once

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace whist {

inline constexpr int64_t kJsonIntLimit = 1'000'000'000;

// parse_json_input (json_input.h) keeps every number that is not a 64-bit integer (1.5, 1e3,
// 18446744073709551621) as its text, in a binary value of this subtype, which JSON text cannot
// hold: a double has lost how it was written (1e30 for 1000000000000000000000000000000, 2^64 for
// 2^64+5), and a message must quote the number the user wrote.
inline constexpr std::uint8_t kJsonNumberText = 0x4e;

template <class Json>
Json json_number_as_written(std::string_view text) {
  return Json::binary(std::vector<std::uint8_t>(text.begin(), text.end()), kJsonNumberText);
}

// The text of a number as the file has it: an integer as nlohmann writes it (the same digits),
// any other number as parse_json_input kept it; nullopt for what is not a number.
template <class Json>
std::optional<std::string> json_number_text(const Json& j) {
  if (j.is_number_integer()) return j.dump();
  if (j.is_number_float()) return j.dump();  // not from parse_json_input: its text is lost
  if (j.is_binary() && j.get_binary().has_subtype() &&
      j.get_binary().subtype() == kJsonNumberText) {
    const auto& bytes = j.get_binary();
    return std::string(bytes.begin(), bytes.end());
  }
  return std::nullopt;
}

// `j` in a message: a number as written (json_number_text), anything else as JSON.
template <class Json>
std::string json_shown(const Json& j) {
  if (auto text = json_number_text(j)) return *text;
  return j.dump();
}

// The whole number a JSON number's text stands for, clamped to ±limit, or nullopt if it is not
// whole. Decided on the digits as written, not on a double, which rounds 0.99999999999999999999
// to 1 (regression: such a count of tricks was taken as 1).
inline std::optional<int64_t> json_whole_number(std::string_view text, int64_t limit) {
  size_t i = 0;
  const bool negative = i < text.size() && text[i] == '-';
  if (negative) ++i;
  std::string digits;  // every digit, the point dropped
  int64_t point = 0;   // how many of `digits` stand before the point
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) digits += text[i];
  point = static_cast<int64_t>(digits.size());
  if (i < text.size() && text[i] == '.') {
    for (++i; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) digits += text[i];
  }
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    const bool down = i < text.size() && text[i] == '-';
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    int64_t exponent = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
      exponent = std::min<int64_t>(exponent * 10 + (text[i] - '0'), 1'000'000);
    }
    point += down ? -exponent : exponent;
  }
  if (i != text.size() || digits.empty()) return std::nullopt;
  // Whole when no digit after the point is other than 0.
  for (int64_t k = std::max<int64_t>(point, 0); k < static_cast<int64_t>(digits.size()); ++k) {
    if (digits[static_cast<size_t>(k)] != '0') return std::nullopt;
  }
  int64_t value = 0;
  for (int64_t k = 0; k < point; ++k) {
    const int d =
        k < static_cast<int64_t>(digits.size()) ? digits[static_cast<size_t>(k)] - '0' : 0;
    value = std::min(value * 10 + d, limit);
    if (value == limit) break;
  }
  return negative ? -value : value;
}

// The whole number `j` stands for, clamped to ±kJsonIntLimit; nullopt for what is not a whole
// number (a string, a fraction such as 1.5). A number kept as written by parse_json_input counts
// by its value: 1e3 and 1000.0 are 1000, and 1e30 or 18446744073709551621 (past 64 bits) are
// far out of range. A double from another parser (the server's messages) is not taken.
template <class Json>
std::optional<int64_t> json_int(const Json& j) {
  constexpr int64_t kLimit = kJsonIntLimit;
  if (j.is_number_unsigned()) {
    return static_cast<int64_t>(std::min<uint64_t>(j.template get<uint64_t>(), kLimit));
  }
  if (j.is_number_integer()) return std::clamp<int64_t>(j.template get<int64_t>(), -kLimit, kLimit);
  if (!j.is_binary()) return std::nullopt;
  const auto text = json_number_text(j);
  if (!text) return std::nullopt;
  return json_whole_number(*text, kLimit);
}

// Whether json_int's result stands for a number at least that far out, so that a message quotes
// the text (json_number_text) rather than the limit (regression: "bid 1000000000" for 2^63).
inline bool json_int_far_out(int64_t n) { return n >= kJsonIntLimit || n <= -kJsonIntLimit; }

// Why the number `j` is not a whole number json_int can give within the limit, as the end of a
// message ("1.5 is not a whole number", "18446744073709551621 is far out of range"), quoting the
// number as written; empty when it is one, or when `j` is no number at all (the caller says what
// the field must be).
template <class Json>
std::string json_int_refusal(const Json& j) {
  const auto text = json_number_text(j);
  if (!text) return {};
  const auto n = json_int(j);
  if (!n) return *text + " is not a whole number";
  if (json_int_far_out(*n)) return *text + " is far out of range";
  return {};
}

}  // namespace whist
