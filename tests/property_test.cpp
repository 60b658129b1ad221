// Property tests over random games (OpenSpiel's RandomSimTest): for every preset and player
// count, at least 100,000 random deals with every invariant checked after every action, undo
// checked against a copy, and every trick's winner and every legal-move set checked against a
// slow reference written straight from the rule texts.
//
// WHIST_PROPERTY_DEALS overrides the number of deals (the sanitizer build uses fewer).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdlib>
#include <set>
#include <string>

#include "core/rng.h"
#include "game/invariants.h"
#include "game/match.h"
#include "game/view.h"
#include "rules/options.h"
#include "rules/presets.h"

namespace whist {
namespace {

int deals_per_case() {
  if (const char* env = std::getenv("WHIST_PROPERTY_DEALS")) return std::atoi(env);
  return 100000;
}

// The reference: the rule texts, card by card, with no masks.
CardSet reference_legal(const DealState& s) {
  const CardSet hand = s.hand(s.to_move());
  if (s.trick_size() == 0) return hand;
  const Suit led = s.trick_card(0).suit();
  CardSet follow, trumps;
  for (Card c : hand) {
    if (c.suit() == led) follow |= c;
    if (c.suit() == s.trump()) trumps |= c;
  }
  if (!follow.empty()) return follow;
  if (s.must_trump() && !trumps.empty()) return trumps;
  return hand;
}

// The winner of a complete trick led by `leader`: highest trump, else highest of the led suit.
int reference_winner(const std::vector<Card>& trick, int leader, int players, Suit trump) {
  int best = 0;
  for (int i = 1; i < static_cast<int>(trick.size()); ++i) {
    const Card c = trick[i], b = trick[best];
    const bool c_trump = c.suit() == trump, b_trump = b.suit() == trump;
    if (c_trump && !b_trump) {
      best = i;
    } else if (c.suit() == b.suit() && c.rank() > b.rank()) {
      best = i;
    }
  }
  return (leader + best) % players;
}

struct Case {
  std::string variant;
  int players;
  std::vector<std::string> options;
};

void PrintTo(const Case& c, std::ostream* os) {
  *os << c.variant << " for " << c.players;
  for (const auto& o : c.options) *os << " " << o;
}

std::string case_name(const testing::TestParamInfo<Case>& info) {
  std::string n = info.param.variant + "_" + std::to_string(info.param.players);
  for (const auto& o : info.param.options) n += "_" + o;
  for (char& ch : n) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return n;
}

class RandomGames : public testing::TestWithParam<Case> {};

TEST_P(RandomGames, EveryInvariantHoldsOverRandomDeals) {
  const Case& c = GetParam();
  auto rules = make_preset(c.variant, c.players);
  ASSERT_TRUE(rules);
  for (const auto& o : c.options) ASSERT_EQ(set_option(*rules, o), "");
  ASSERT_EQ(validate(*rules), "");
  std::vector<std::string> names;
  for (int p = 0; p < c.players; ++p) names.push_back("p" + std::to_string(p));

  Rng rng(0xC0FFEE + static_cast<uint64_t>(c.players));
  const int target = deals_per_case();
  int deals = 0;
  int64_t hook_checks = 0, tricks_checked = 0;
  while (deals < target) {
    Match match(*rules, names, static_cast<int>(rng.below(static_cast<uint32_t>(c.players))));
    while (!match.finished() && deals < target) {
      match.deal_random(rng);
      ++deals;
      const Hands dealt = match.log().back().hands;
      int trick_leader = match.state().leader();
      std::vector<Card> trick;
      while (match.in_deal()) {
        const DealState& s = match.state();
        ASSERT_EQ(check_invariants(s, dealt), "") << "deal " << deals;
        const ActionList legal = s.legal_actions();
        ASSERT_GT(legal.size, 0);
        if (s.phase() == Phase::Playing) {
          ASSERT_EQ(s.legal_cards(), reference_legal(s));
          // A card held but not legal is refused with a reason.
          const CardSet illegal = s.hand(s.to_move()) - s.legal_cards();
          if (!illegal.empty()) {
            ASSERT_NE(s.why_illegal(Action::play(illegal.lowest())), "");
          }
        }
        if (s.phase() == Phase::Bidding && s.hook() && s.forced_bid() < 0 &&
            s.bids_made() == s.players() - 1) {
          const int forbidden = s.cards() - s.bid_sum();
          if (forbidden >= 0) {
            ASSERT_FALSE(legal.contains(Action::bid(forbidden)));
            ++hook_checks;
          }
        }
        const Action a = legal.items[rng.below(static_cast<uint32_t>(legal.size))];
        ASSERT_EQ(s.why_illegal(a), "");

        // Undo equals copy.
        DealState copy = s;
        DealState::Undo u;
        copy.apply(a, u);
        copy.undo(u);
        ASSERT_TRUE(copy == s) << "undo of " << to_string(a) << " in deal " << deals;

        const int tricks_before = s.tricks_played();
        if (a.kind() == ActionKind::Play) {
          if (trick.empty()) trick_leader = s.to_move();
          trick.push_back(a.card());
        }
        const Suit trump = s.trump();
        match.apply(a);
        const DealState& after = match.state();
        if (static_cast<int>(trick.size()) == c.players) {
          // Exactly one trick more, won by the reference's winner, who leads next.
          ASSERT_EQ(after.tricks_played(), tricks_before + 1);
          const int w = reference_winner(trick, trick_leader, c.players, trump);
          if (!after.done()) {
            ASSERT_EQ(after.to_move(), w);
          }
          ASSERT_EQ(after.leader(), w);
          trick.clear();
          ++tricks_checked;
        }
      }
      // Tricks sum to the cards dealt.
      const DealResult& r = match.results().back();
      int sum = 0;
      for (int p = 0; p < c.players; ++p) sum += r.tricks[p];
      ASSERT_EQ(sum, r.cards);
    }
  }
  EXPECT_EQ(deals, target);
  EXPECT_GT(tricks_checked, deals);
  if (rules->hook) {
    EXPECT_GT(hook_checks, 0);
  }
}

std::vector<Case> all_cases() {
  std::vector<Case> out;
  for (const auto& p : presets()) {
    auto r = make_preset(p.name);
    for (int n = r->min_players; n <= r->max_players; ++n)
      out.push_back({std::string(p.name), n, {}});
  }
  // Options that add phases and actions.
  out.push_back({"romanian",
                 4,
                 {"one_card_mode=dealer", "zero_play=before-pivot",
                  "special_hands=blind,zero,eight", "streak_bonus=10"}});
  out.push_back({"serbian", 5, {"schedule=each-dealer", "must_trump=off", "hook=off"}});
  out.push_back({"oh-hell", 3, {"schedule=8-1-8", "trump=none", "zero_play=10-before-end"}});
  return out;
}

INSTANTIATE_TEST_SUITE_P(Presets, RandomGames, testing::ValuesIn(all_cases()), case_name);

// A view never holds a card its seat may not see, and two states that agree on everything a
// seat may see give that seat the same view.
TEST(ViewProperty, HiddenCardsNeverAppearAndUnseenSwapsDoNotChangeTheView) {
  auto rules = make_preset("romanian", 4);
  ASSERT_TRUE(rules);
  ASSERT_EQ(set_option(*rules, "one_card_mode=dealer"), "");
  Rng rng(7);
  int checked = 0;
  for (int g = 0; g < 300; ++g) {
    Match match(*rules, {"a", "b", "c", "d"}, g % 4);
    while (!match.finished()) {
      match.deal_random(rng);
      while (match.in_deal()) {
        const DealState& s = match.state();
        for (int seat = 0; seat < 4; ++seat) {
          const PlayerView v = make_view(s, seat);
          const bool forehead = s.mode() == OneCardMode::Forehead && s.phase() != Phase::ChooseMode;
          for (int p = 0; p < 4; ++p) {
            if (p == seat) {
              ASSERT_TRUE(v.visible[p].empty());
            } else if (!forehead) {
              ASSERT_TRUE(v.visible[p].empty()) << "seat " << seat << " sees seat " << p;
            }
          }
          if (forehead) {
            ASSERT_TRUE(v.own_hand.empty());
          }
          if (!v.own_hand.empty()) {
            ASSERT_EQ(v.own_hand, s.hand(seat));
          }
          ++checked;
        }
        const ActionList legal = s.legal_actions();
        match.apply(legal.items[rng.below(static_cast<uint32_t>(legal.size))]);
      }
    }
  }
  EXPECT_GT(checked, 10000);
}

RC_GTEST_PROP(CardSetProperty, BehavesLikeASetOfCards, (std::vector<uint8_t> raw)) {
  std::set<int> model;
  CardSet set;
  for (uint8_t r : raw) {
    const int i = r % 64;
    const Card c = Card::from_index(i);
    if (!c.valid()) continue;
    if (r & 64) {
      set.erase(c);
      model.erase(i);
    } else {
      set.insert(c);
      model.insert(i);
    }
  }
  RC_ASSERT(set.size() == static_cast<int>(model.size()));
  std::vector<int> listed;
  for (Card c : set) listed.push_back(c.index());
  RC_ASSERT(listed == std::vector<int>(model.begin(), model.end()));
  for (int n = 0; n < set.size(); ++n) RC_ASSERT(set.nth(n).index() == listed[n]);
  if (!set.empty()) {
    RC_ASSERT(set.lowest().index() == *model.begin());
    RC_ASSERT(set.highest().index() == *model.rbegin());
  }
}

RC_GTEST_PROP(CardProperty, TextRoundTrips, (uint8_t raw)) {
  const Card c = Card::from_index(raw % 64);
  RC_PRE(c.valid());
  RC_ASSERT(parse_card(to_string(c)) == std::optional<Card>(c));
}

RC_GTEST_PROP(RngProperty, BelowStaysInRangeAndSeedsReproduce, (uint64_t seed, uint32_t n)) {
  RC_PRE(n > 0u);
  Rng a(seed), b(seed);
  for (int i = 0; i < 100; ++i) {
    const uint32_t x = a.below(n);
    RC_ASSERT(x < n);
    RC_ASSERT(x == b.below(n));
  }
}

RC_GTEST_PROP(DealProperty, RandomDealsConserveCardsAndUndoEqualsCopy, (uint64_t seed)) {
  auto rules = make_preset("oh-hell", 4);
  Match match(*rules, {"a", "b", "c", "d"}, 0);
  Rng rng(seed);
  match.deal_random(rng);
  const Hands dealt = match.log().back().hands;
  std::vector<DealState> history;
  std::vector<DealState::Undo> undos;
  DealState s = match.state();
  while (!s.done()) {
    history.push_back(s);
    const ActionList legal = s.legal_actions();
    undos.emplace_back();
    s.apply(legal.items[rng.below(static_cast<uint32_t>(legal.size))], undos.back());
    RC_ASSERT(check_invariants(s, dealt).empty());
  }
  // Undoing every action in turn walks back through every earlier state.
  while (!undos.empty()) {
    s.undo(undos.back());
    undos.pop_back();
    RC_ASSERT(s == history.back());
    history.pop_back();
  }
}

}  // namespace
}  // namespace whist
