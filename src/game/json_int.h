// A whole number read from JSON (records, score files, network messages), clamped far outside
// every range the rules and the protocol allow: a huge value stays huge, so that a range check
// after it refuses it, where get<int>() would wrap 4294967296 around to 0.
#pragma once

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>

namespace whist {

inline constexpr int64_t kJsonIntLimit = 1'000'000'000;

inline std::optional<int64_t> json_int(const nlohmann::json& j) {
  constexpr int64_t kLimit = kJsonIntLimit;
  if (j.is_number_unsigned()) {
    return static_cast<int64_t>(std::min<uint64_t>(j.get<uint64_t>(), kLimit));
  }
  if (j.is_number_integer()) return std::clamp<int64_t>(j.get<int64_t>(), -kLimit, kLimit);
  return std::nullopt;
}

// Whether json_int's result stands for a number at least that far out, so that a message quotes
// the text (j.dump()) rather than the limit (regression: "bid 1000000000" for 2^63).
inline bool json_int_far_out(int64_t n) { return n >= kJsonIntLimit || n <= -kJsonIntLimit; }

}  // namespace whist
