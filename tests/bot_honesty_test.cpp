// A bot decides from its view alone: given two full states of a deal that agree on everything
// its seat may see, it acts the same. The second state deals the same game again with unseen
// cards swapped between two other seats and replays the same actions; the views are checked
// equal first, then every bot is asked, with the same seed, in both, at the seat's earlier turns
// in the deal as well (what a bot keeps between its decisions must come from its views too).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "bot_specs.h"
#include "core/rng.h"
#include "game/match.h"

namespace whist {
namespace {

using test_bots::GameCase;

// Plays match `a`'s deals again into `b`, the current deal dealt from `hands`; false when an
// action is not legal there (the swap broke an earlier play). `turns` gets `viewer`'s views at
// its turns in the current deal.
bool replay(const Match& a, Match& b, const Hands& hands, int viewer,
            std::vector<PlayerView>& turns) {
  for (size_t d = 0; d < a.log().size(); ++d) {
    const DealLog& log = a.log()[d];
    const bool current = d + 1 == a.log().size();
    if (!b.deal_given(current ? hands : log.hands, log.turned, log.kitty).empty()) return false;
    for (Action act : log.actions) {
      if (!b.why_illegal(act).empty()) return false;
      if (current && b.state().to_move() == viewer) turns.push_back(b.view(viewer));
      b.apply(act);
    }
  }
  return true;
}

// Swaps two cards of seats x and y that the viewer cannot see and that never moved (still held
// by the seat dealt them, not the called card); false when there is none to swap.
bool swap_unseen(const Match& a, int viewer, Rng& rng, Hands& hands) {
  const DealState& s = a.state();
  const PlayerView v = a.view(viewer);
  const int n = s.players();
  if (n < 3) return false;
  const int x = (viewer + 1 + static_cast<int>(rng.below(static_cast<uint32_t>(n - 1)))) % n;
  int y = (viewer + 1 + static_cast<int>(rng.below(static_cast<uint32_t>(n - 1)))) % n;
  if (y == x) y = (x + 1) % n == viewer ? (x + 2) % n : (x + 1) % n;
  if (y == viewer || y == x) return false;
  const auto swappable = [&](int p) {
    CardSet c = s.hand(p) & hands[p];
    c -= v.visible[p];
    if (s.call().called != kNoCard) c -= s.call().called;
    return c;
  };
  const CardSet cx = swappable(x), cy = swappable(y);
  if (cx.empty() || cy.empty()) return false;
  const Card from_x = cx.nth(static_cast<int>(rng.below(static_cast<uint32_t>(cx.size()))));
  const Card from_y = cy.nth(static_cast<int>(rng.below(static_cast<uint32_t>(cy.size()))));
  hands[x] = (hands[x] - from_x) | from_y;
  hands[y] = (hands[y] - from_y) | from_x;
  return true;
}

class BotHonestyGames : public testing::TestWithParam<GameCase> {};

TEST_P(BotHonestyGames, SameViewSameAction) {
  const GameCase& c = GetParam();
  const Rules rules = test_bots::make_rules(c);
  ASSERT_EQ(validate(rules), "");
  std::vector<std::string> names;
  for (int p = 0; p < rules.players; ++p) names.push_back("p" + std::to_string(p));
  std::string error;
  const auto mover = make_bot("random", error);
  Rng rng(0x40E57 + static_cast<uint64_t>(rules.players));

  for (const auto& spec : test_bots::bot_specs()) {
    const int target = test_bots::scaled(spec.positions);
    int compared = 0;
    for (int trial = 0; compared < target && trial < 20 * target; ++trial) {
      // A real position: a random number of random actions into a random deal of a match.
      Match a(rules, names, trial % rules.players);
      const int skip = static_cast<int>(rng.below(8));
      for (int d = 0; d <= skip && !a.finished(); ++d) {
        if (a.in_deal()) break;
        a.deal_random(rng);
        mover->new_deal(rng.next());
        // Stop somewhere in the deal: its bids (or calls) and plays.
        const int length = a.state().players() * (a.state().cards() + 1);
        const int stop =
            d == skip ? static_cast<int>(rng.below(static_cast<uint32_t>(length))) : 1 << 30;
        for (int i = 0; a.in_deal() && i < stop; ++i) {
          const int seat = a.state().to_move();
          a.apply(mover->choose(rules, a.view(seat)));
        }
      }
      if (!a.in_deal()) continue;
      const int viewer = a.state().to_move();
      Hands hands = a.log().back().hands;
      if (!swap_unseen(a, viewer, rng, hands)) continue;
      Match b(rules, names, trial % rules.players);
      std::vector<PlayerView> turns_a, turns_b;
      if (!replay(a, b, hands, viewer, turns_b)) continue;
      Match a2(rules, names, trial % rules.players);
      ASSERT_TRUE(replay(a, a2, a.log().back().hands, viewer, turns_a));
      ASSERT_FALSE(b.state() == a.state()) << "the swap must change the full state";
      const PlayerView va = a.view(viewer), vb = b.view(viewer);
      ASSERT_TRUE(va == vb) << "unseen cards changed seat " << viewer << "'s view";
      ASSERT_EQ(turns_a.size(), turns_b.size());
      auto bot_a = make_bot(spec.spec, error);
      auto bot_b = make_bot(spec.spec, error);
      ASSERT_TRUE(bot_a && bot_b) << error;
      const uint64_t seed = rng.next();
      bot_a->new_deal(seed);
      bot_b->new_deal(seed);
      // The bots decide at the seat's earlier turns too, as in a game: what a bot keeps from
      // one decision to the next in a deal (the expert's worlds) comes from views alone as well.
      for (size_t i = 0; i < turns_a.size(); ++i) {
        ASSERT_TRUE(turns_a[i] == turns_b[i]) << "unseen cards changed an earlier view";
        if (turns_a[i].legal.size == 0) continue;
        ASSERT_EQ(bot_a->choose(rules, turns_a[i]), bot_b->choose(rules, turns_b[i]))
            << spec.spec << ": at the seat's earlier turn " << i;
      }
      const Action act_a = bot_a->choose(rules, va);
      const Action act_b = bot_b->choose(rules, vb);
      ASSERT_EQ(act_a, act_b) << spec.spec << ": " << to_string(act_a) << " against "
                              << to_string(act_b) << " in phase " << static_cast<int>(va.phase);
      ++compared;
    }
    EXPECT_EQ(compared, target) << spec.spec << ": too few positions with unseen cards";
  }
}

std::string honesty_name(const testing::TestParamInfo<GameCase>& info) {
  return test_bots::case_label(info.param);
}

// Named BotHonesty/BotHonestyGames.SameViewSameAction/<game>.
INSTANTIATE_TEST_SUITE_P(BotHonesty, BotHonestyGames, testing::ValuesIn(test_bots::game_cases()),
                         honesty_name);

}  // namespace
}  // namespace whist
