// Deal schedules: how many cards each deal has, its trump where a rotation fixes it, its one-card
// mode and whether it is one of the special final hands.
#pragma once

#include <optional>
#include <vector>

#include "rules/rules.h"

namespace whist {

struct DealPlan {
  int cards = 0;
  Suit rotation_trump = Suit::None;  // only meaningful with TrumpRule::Rotation
  SpecialHand special = SpecialHand::None;
  OneCardMode mode = OneCardMode::Regular;  // DealerChooses: the dealer picks before bidding
};

class Schedule {
 public:
  explicit Schedule(const Rules& rules);

  // The hand sizes of one pass through the schedule, special hands included.
  const std::vector<int>& sizes() const { return sizes_; }
  // Deals in the game; nullopt when the game ends on a target score instead.
  std::optional<int> length() const { return length_; }
  // Deal k (from 0). Past one pass, the schedule starts again (target-score games).
  DealPlan plan(int k) const;
  // Whether a zero-play announcement may still be made during deal k.
  bool zero_play_open(int k) const;

 private:
  std::vector<Suit> trump_order_;
  ZeroPlay zero_play_ = ZeroPlay::Off;
  std::vector<int> sizes_;
  std::vector<SpecialHand> specials_;
  std::vector<OneCardMode> modes_;
  std::optional<int> length_;
  int pivot_ = 0;
};

// The hand sizes a schedule kind gives for `players` players and largest hand `max_cards`.
std::vector<int> schedule_sizes(ScheduleKind kind, int players, int max_cards);

}  // namespace whist
