#include "game/tally.h"

#include <algorithm>
#include <bit>

#include "rules/contracts.h"
#include "rules/schedule.h"

namespace whist {

Tally::Tally(Rules rules) : rules_(std::move(rules)), length_(Schedule(rules_).length()) {}

void Tally::score(DealResult& r) {
  const int n = players();
  if (rules_.family == Family::CallAce) {
    score_call_ace(r);
    for (int p = 0; p < n; ++p) {
      totals_[p] += r.points[p];
      r.totals[p] = totals_[p];
    }
    if (r.thrown_in && rules_.redeal_on_all_pass) ++redeals_;
    return;
  }
  // With a turned trump the trump is the turned card's suit, so a spade trump is a turned spade.
  const bool doubled =
      rules_.spades_double && rules_.trump == TrumpRule::Turned && r.trump == Suit::Spades;
  const bool counts = (r.cards != 1 || rules_.streak_one_card) && !r.thrown_in;
  int bid_sum = 0;
  for (int p = 0; p < n; ++p) bid_sum += std::max(0, r.bids[p]);
  for (int p = 0; p < n; ++p) {
    Points pts = r.thrown_in ? Points()
                             : contract_points(rules_, r.bids[p], r.tricks[p], r.cards, n, bid_sum);
    if (doubled) pts = pts * 2;
    r.contract[p] = pts;
    r.bonus[p] = Points();
    const bool made = !r.thrown_in && r.bids[p] == r.tricks[p];
    if (made) made_bid_sum_[p] += r.bids[p];
    if (counts) {
      if (made) {
        miss_streak_[p] = 0;
        if (rules_.streak_bonus > 0 && ++made_streak_[p] == rules_.streak_length) {
          r.bonus[p] = Points::whole(rules_.streak_bonus);
          made_streak_[p] = 0;
        }
      } else {
        made_streak_[p] = 0;
        if (rules_.miss_penalty > 0 && ++miss_streak_[p] == rules_.miss_length) {
          r.bonus[p] = -Points::whole(rules_.miss_penalty);
          miss_streak_[p] = 0;
        }
      }
    }
    r.points[p] = r.contract[p] + r.bonus[p];
    totals_[p] += r.points[p];
    r.totals[p] = totals_[p];
  }
  zero_announced_ |= r.zero_announced;
}

void Tally::score_call_ace(DealResult& r) const {
  for (int p = 0; p < players(); ++p) {
    r.bids[p] = -1;
    r.contract[p] = Points();
    r.points[p] = Points();
  }
  if (r.thrown_in) return;
  const Contract& k = contract_ladder()[r.contract_index];
  uint8_t side = static_cast<uint8_t>(1u << r.declarer);
  if (r.partner >= 0) side |= static_cast<uint8_t>(1u << r.partner);
  int taken = 0;
  for (int p = 0; p < players(); ++p) {
    if (side >> p & 1) taken += r.tricks[p];
  }
  const bool made = contract_made(k, taken);
  // Each defender pays the game's value (or is paid it); the declaring side shares the sum.
  const int value = game_value(k, taken);
  const int members = std::popcount(static_cast<unsigned>(side));
  const int defenders = players() - members;
  for (int p = 0; p < players(); ++p) {
    const int gain = (side >> p & 1) ? defenders * value / members : -value;
    r.contract[p] = Points::whole(made ? gain : -gain);
    r.points[p] = r.contract[p];
  }
}

bool Tally::over_after(int deals) const {
  if (length_) return deals >= *length_;
  const Points target = Points::whole(rules_.target_score);
  // A cap keeps a game whose totals drift away from the target (random players, a system
  // where misses cost points) from running forever.
  return deals >= target_deal_cap(rules_) ||
         std::any_of(totals_.begin(), totals_.begin() + players(),
                     [&](Points t) { return t >= target; });
}

std::vector<Standing> Tally::standings() const {
  const bool low = lowest_wins(rules_.scoring);
  const auto zero_won = [&](int p) { return (zero_announced_ >> p & 1) && totals_[p] == Points(); };
  const auto ahead = [&](int a, int b) {  // is seat a strictly ahead of seat b?
    if (zero_won(a) != zero_won(b)) return zero_won(a);
    // Every successful announcer wins (docs/rules.md §5), whatever scratch's tie-break says
    // (regression: the first of two took the win alone).
    if (zero_won(a)) return false;
    if (totals_[a] != totals_[b]) return low ? totals_[a] < totals_[b] : totals_[a] > totals_[b];
    if (rules_.scoring == Scoring::Scratch) return made_bid_sum_[a] > made_bid_sum_[b];
    return false;
  };
  std::vector<int> order(static_cast<size_t>(players()));
  for (int p = 0; p < players(); ++p) order[static_cast<size_t>(p)] = p;
  // Equal seats in seat order (std::sort with the seat last, as std::stable_sort warns under
  // clang with libstdc++ 12).
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    if (ahead(a, b) || ahead(b, a)) return ahead(a, b);
    return a < b;
  });
  std::vector<Standing> out;
  for (size_t i = 0; i < order.size(); ++i) {
    const bool shared = i > 0 && !ahead(order[i - 1], order[i]);
    out.push_back({order[i], shared ? out.back().place : static_cast<int>(i) + 1});
  }
  return out;
}

std::vector<int> Tally::winners() const {
  std::vector<int> out;
  for (const Standing& s : standings()) {
    if (s.place == 1) out.push_back(s.seat);
  }
  return out;
}

}  // namespace whist
