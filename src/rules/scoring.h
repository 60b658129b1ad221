// Scoring systems: the points one player gets for one deal from bid, tricks and cards dealt.
//
// Points are counted in half points so the `trick` system's ½ for a made zero bid stays exact: no
// floating-point totals anywhere.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "rules/rules.h"

namespace whist {

class Points {
 public:
  constexpr Points() = default;
  static constexpr Points whole(int64_t n) { return Points(2 * n); }
  static constexpr Points halves(int64_t h) { return Points(h); }

  constexpr int64_t in_halves() const { return halves_; }
  constexpr bool is_whole() const { return halves_ % 2 == 0; }
  constexpr double as_double() const { return static_cast<double>(halves_) / 2; }

  constexpr Points operator+(Points o) const { return Points(halves_ + o.halves_); }
  constexpr Points operator-(Points o) const { return Points(halves_ - o.halves_); }
  constexpr Points operator-() const { return Points(-halves_); }
  constexpr Points operator*(int64_t k) const { return Points(halves_ * k); }
  constexpr Points& operator+=(Points o) {
    halves_ += o.halves_;
    return *this;
  }
  constexpr auto operator<=>(const Points&) const = default;

 private:
  constexpr explicit Points(int64_t h) : halves_(h) {}
  int64_t halves_ = 0;
};

std::string to_string(Points p);  // "12", "-3", "0.5", "-1.5"

std::string_view scoring_name(Scoring s);
std::string_view scoring_description(Scoring s);
std::optional<Scoring> parse_scoring(std::string_view name);

// True where the lowest total wins (negative systems, scratch).
bool lowest_wins(Scoring s);

// One player's points for a deal: the scoring system, then the zero-bid modifier. `cards` is
// the number of cards dealt to each player, `players` the number of players, `bid_sum` the sum
// of all bids (the `israeli` system scores a made zero by whether the hand is over or under;
// a sum equal to the cards, possible only without the hook, counts as under).
Points contract_points(const Rules& rules, int bid, int tricks, int cards, int players,
                       int bid_sum = 0);

}  // namespace whist
