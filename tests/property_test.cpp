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
#include "game_case.h"
#include "rules/options.h"
#include "rules/presets.h"

namespace whist {
namespace {

int deals_per_case() {
  if (const char* env = std::getenv("WHIST_PROPERTY_DEALS")) return std::atoi(env);
  return 100000;
}

// The reference: the rule texts, card by card, with no masks.
CardSet reference_legal(const DealState& s, bool joker_any_time) {
  const CardSet hand = s.hand(s.to_move());
  CardSet jokers;
  for (Card c : hand) {
    if (c.is_joker()) jokers |= c;
  }
  if (s.trick_size() == 0) {
    // A joker may not lead the first trick (unless the hand holds nothing else).
    if (s.num_plays() == 0 && hand != jokers) return hand - jokers;
    return hand;
  }
  if (s.trick_card(0).is_joker()) return hand;  // nothing need be followed to a joker
  const Suit led = s.trick_card(0).suit();
  CardSet follow, trumps;
  for (Card c : hand) {
    if (c.is_joker()) continue;
    if (c.suit() == led) follow |= c;
    if (c.suit() == s.trump()) trumps |= c;
  }
  if (!follow.empty()) return joker_any_time ? follow | jokers : follow;
  if (s.must_trump() && !trumps.empty()) return trumps;
  return hand;
}

// The winner of a complete trick led by `leader`: highest trump, else highest of the led suit.
int reference_winner(const std::vector<Card>& trick, int leader, int players, Suit trump) {
  if (trick[0].is_joker()) return leader;  // a joker led wins the trick
  int best = 0;
  for (int i = 1; i < static_cast<int>(trick.size()); ++i) {
    const Card c = trick[i], b = trick[best];
    if (c.is_joker()) continue;  // a joker played to a trick loses it
    const bool c_trump = c.suit() == trump, b_trump = b.suit() == trump;
    if (c_trump && !b_trump) {
      best = i;
    } else if (c.suit() == b.suit() && c.rank() > b.rank()) {
      best = i;
    }
  }
  return (leader + best) % players;
}

// Call-Ace whist: before the called card is played, no other seat's view says who the partner
// is: not in the partner field, not as the seat to move while the partner chooses trump or
// exchanges, not as the taker of those actions in the history.
void audit_partner_secrecy(const Match& match) {
  const DealState& s = match.state();
  const int partner_seat = [&] {
    if (s.call().called == kNoCard) return -1;
    for (int p = 0; p < s.players(); ++p) {
      if (s.hand(p).contains(s.call().called)) return p;
    }
    return -1;
  }();
  if (partner_seat < 0 || partner_seat == s.declarer()) return;
  for (int seat = 0; seat < s.players(); ++seat) {
    if (seat == partner_seat) continue;
    const PlayerView v = match.view(seat);
    ASSERT_EQ(v.partner, -1) << "seat " << seat << " sees the partner";
    ASSERT_EQ(v.call.partner, -1);
    if (s.phase() != Phase::Playing) {
      ASSERT_NE(v.to_move, partner_seat) << "seat " << seat << " sees the partner act";
    }
    for (const SeatAction& h : v.history) {
      const ActionKind k = h.action.kind();
      if (k == ActionKind::ChooseTrump || k == ActionKind::TakeKitty || k == ActionKind::KeepHand) {
        ASSERT_NE(h.seat, partner_seat) << "history names the partner to seat " << seat;
      }
    }
  }
}

using test_games::case_name;
using test_games::GameCase;

// Every action code of a valid kind, of every game.
const std::vector<Action>& every_action() {
  static const std::vector<Action> all = [] {
    std::vector<Action> out;
    for (uint32_t code = 0; code < 0x10000; ++code) {
      const Action a = Action::from_code(static_cast<uint16_t>(code));
      if (a.kind() != ActionKind::Invalid) out.push_back(a);
    }
    return out;
  }();
  return all;
}

class RandomGames : public testing::TestWithParam<GameCase> {};

TEST_P(RandomGames, EveryInvariantHoldsOverRandomDeals) {
  const GameCase& c = GetParam();
  auto rules = make_preset(c.variant, c.players);
  ASSERT_TRUE(rules);
  for (const auto& o : c.options) ASSERT_EQ(set_option(*rules, o), "");
  ASSERT_EQ(validate(*rules), "");
  std::vector<std::string> names;
  for (int p = 0; p < c.players; ++p) names.push_back("p" + std::to_string(p));

  Rng rng(0xC0FFEE + static_cast<uint64_t>(c.players));
  const int target = deals_per_case();
  int deals = 0;
  int64_t hook_checks = 0, tricks_checked = 0, all_pass_rounds = 0, thrown_in = 0;
  int64_t positions = 0, checked_positions = 0;
  PlayerView reused;
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
        // A view rebuilt in place of the last one (as the searches' playouts do) is a fresh one.
        const int seat = static_cast<int>(rng.below(static_cast<uint32_t>(c.players)));
        make_view_into(s, seat, reused);
        ASSERT_EQ(reused, make_view(s, seat)) << "deal " << deals << ", seat " << seat;
        const ActionList legal = s.legal_actions();
        ASSERT_GT(legal.size, 0);
        // Every action of every kind, of this game or another, is refused with a reason exactly
        // when it is not legal (every 101st position, 400 at most: each costs some 900 checks).
        if (++positions % 101 == 0 && checked_positions < 400) {
          ++checked_positions;
          for (const Action any : every_action()) {
            ASSERT_EQ(s.why_illegal(any).empty(), legal.contains(any))
                << to_string(any) << " in deal " << deals << ": '" << s.why_illegal(any) << "'";
          }
        }
        if (s.phase() == Phase::Playing) {
          ASSERT_EQ(s.legal_cards(), reference_legal(s, rules->joker_any_time));
          // A card held but not legal is refused with a reason.
          const CardSet illegal = s.hand(s.to_move()) - s.legal_cards();
          if (!illegal.empty()) {
            ASSERT_NE(s.why_illegal(Action::play(illegal.lowest())), "");
          }
        }
        if (s.phase() == Phase::Bidding && s.hook() && s.forced_bid() < 0 &&
            s.bids_made() == s.players() - 1) {
          const int forbidden = s.cards() - s.bid_sum();
          // The one exception: a declarer who must raise to every trick keeps a contract.
          const bool exception = rules->declarer_raise && s.to_move() == s.declarer() &&
                                 s.contract_tricks() == s.cards();
          if (exception) {
            ASSERT_TRUE(legal.contains(Action::bid(s.cards())));
          } else if (forbidden >= 0) {
            ASSERT_FALSE(legal.contains(Action::bid(forbidden)));
            ++hook_checks;
          }
        }
        Action a = legal.items[rng.below(static_cast<uint32_t>(legal.size))];
        // In auctions, pass most of the time so that card passing and thrown-in hands happen.
        if (s.phase() == Phase::Auction && rng.below(10) < 8) a = Action::pass();
        ASSERT_EQ(s.why_illegal(a), "");
        if (a.kind() == ActionKind::Pass && s.auction().high < 0 && s.auction().passes == 3) {
          ++all_pass_rounds;
        }

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
        if (rules->family == Family::CallAce && deals <= 5000) audit_partner_secrecy(match);
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
      // Tricks sum to the cards dealt (a thrown-in hand has none, and scores nothing).
      const DealResult& r = match.results().back();
      int sum = 0;
      for (int p = 0; p < c.players; ++p) sum += r.tricks[p];
      if (rules->family == Family::CallAce) {
        Points payments;
        for (int p = 0; p < c.players; ++p) payments += r.points[p];
        ASSERT_EQ(payments, Points()) << "payments must sum to zero, deal " << deals;
      }
      if (r.thrown_in) {
        ++thrown_in;
        ASSERT_EQ(sum, 0);
        for (int p = 0; p < c.players; ++p) ASSERT_EQ(r.points[p], Points());
      } else {
        ASSERT_EQ(sum, r.cards);
      }
    }
  }
  EXPECT_EQ(deals, target);
  EXPECT_GT(tricks_checked, deals / 2);
  if (rules->family == Family::Israeli) {
    EXPECT_GT(all_pass_rounds, deals / 10);  // card passing is exercised
    if (rules->pass_rounds <= 1) {
      EXPECT_GT(thrown_in, 0);
    }
  }
  if (rules->hook) {
    EXPECT_GT(hook_checks, 0);
  }
}

std::vector<GameCase> random_game_cases() {
  std::vector<GameCase> out = test_games::every_preset_and_player_count();
  // Options that add phases and actions.
  out.push_back({"romanian",
                 4,
                 {"one_card_mode=dealer", "zero_play=before-pivot",
                  "special_hands=blind,zero,eight", "streak_bonus=10"}});
  out.push_back({"serbian", 5, {"schedule=each-dealer", "must_trump=off", "hook=off"}});
  out.push_back({"oh-hell", 3, {"schedule=8-1-8", "trump=none", "zero_play=10-before-end"}});
  out.push_back({"israeli", 4, {"auction_passes=3", "declarer_raise=on"}});
  out.push_back({"israeli", 4, {"pass_rounds=1", "pass_cards=2", "end=deals", "deals=20"}});
  out.push_back({"call-ace", 4, {"joker_any_time=off", "redeal=off"}});
  return out;
}

INSTANTIATE_TEST_SUITE_P(Presets, RandomGames, testing::ValuesIn(random_game_cases()), case_name);

// A view never holds a card its seat may not see, and two states that agree on everything a
// seat may see give that seat the same view.
TEST(ViewProperty, HiddenCardsNeverAppearAndUnseenSwapsDoNotChangeTheView) {
  auto rules = make_preset("romanian", 4);
  ASSERT_TRUE(rules);
  ASSERT_EQ(set_option(*rules, "one_card_mode=dealer"), "");
  Rng rng(7);
  int checked = 0;
  PlayerView reused;
  for (int g = 0; g < 300; ++g) {
    Match match(*rules, {"a", "b", "c", "d"}, g % 4);
    while (!match.finished()) {
      match.deal_random(rng);
      while (match.in_deal()) {
        const DealState& s = match.state();
        for (int seat = 0; seat < 4; ++seat) {
          const PlayerView v = make_view(s, seat);
          // A view rebuilt in place of another seat's (the searches' playouts) is the same.
          make_view_into(s, seat, reused);
          ASSERT_EQ(reused, v);
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

// Two deals that differ only by cards swapped between two other seats look the same to a seat
// through bidding and the auction (until a card is played or passed).
TEST(ViewProperty, SwappingUnseenCardsDoesNotChangeTheView) {
  int compared = 0;
  for (const char* variant : {"romanian", "serbian", "israeli"}) {
    auto rules = make_preset(variant, 4);
    ASSERT_TRUE(rules);
    Rng rng(21);
    for (int trial = 0; trial < 200; ++trial) {
      Match a(*rules, {"a", "b", "c", "d"}, trial % 4);
      a.deal_random(rng);
      const int seat = static_cast<int>(rng.below(4));
      const int x = (seat + 1 + static_cast<int>(rng.below(3))) % 4;
      int y = (seat + 1 + static_cast<int>(rng.below(3))) % 4;
      if (y == x) y = (x + 1) % 4 == seat ? (x + 2) % 4 : (x + 1) % 4;
      Hands swapped = a.log().back().hands;
      const Card cx = swapped[x].lowest(), cy = swapped[y].highest();
      swapped[x] = (swapped[x] - cx) | cy;
      swapped[y] = (swapped[y] - cy) | cx;
      Match b(*rules, {"a", "b", "c", "d"}, trial % 4);
      ASSERT_EQ(b.deal_given(swapped, a.state().turned()), "");
      while (a.in_deal() &&
             (a.state().phase() == Phase::Bidding || a.state().phase() == Phase::Auction ||
              a.state().phase() == Phase::ChooseMode)) {
        ASSERT_TRUE(a.view(seat) == b.view(seat)) << variant << " trial " << trial;
        ++compared;
        const ActionList legal = a.state().legal_actions();
        const Action act = legal.items[rng.below(static_cast<uint32_t>(legal.size))];
        ASSERT_EQ(b.why_illegal(act), "");
        a.apply(act);
        b.apply(act);
      }
    }
  }
  EXPECT_GT(compared, 1000);
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
