// The leak audit of the game server: over random games of every preset, everything the server
// would send each seat and a spectator after every event (the table's summary, the match's
// score and the receiver's view) is searched for card names, and none may name a card its
// receiver may not see, nor may the table's secret seed appear.
#include <gtest/gtest.h>

#include <cctype>
#include <nlohmann/json.hpp>
#include <string>

#include "bot_specs.h"
#include "core/rng.h"
#include "game/view.h"
#include "rules/presets.h"
#include "server/table.h"

namespace whist::server {
namespace {

// Every card named in `text` as a word ("QH", "10H", "X1"); an Israeli auction bid ("auction
// 5C") names a number of tricks and a suit, and a Call-Ace call ("call AS") a card by name
// only, not where it lies.
CardSet cards_named(const std::string& text) {
  CardSet out;
  const auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  for (size_t i = 0; i < text.size(); ++i) {
    if (i > 0 && word_char(text[i - 1])) continue;
    size_t end = i;
    while (end < text.size() && word_char(text[end])) ++end;
    if (end - i < 2 || end - i > 3) continue;
    if (i >= 8 && text.compare(i - 8, 8, "auction ") == 0) continue;
    if (i >= 5 && text.compare(i - 5, 5, "call ") == 0) continue;
    if (const auto c = parse_card(text.substr(i, end - i))) out |= *c;
  }
  return out;
}

// What seat k has seen of the cards still hidden somewhere (hands and kitty).
CardSet seen_by(const DealState& s, int k) {
  const PlayerView v = make_view(s, k);
  CardSet seen = v.own_hand | v.kitty_seen | v.choosing | v.call.kitty;
  for (const CardSet& c : v.visible) seen |= c;
  for (const CardSet& c : v.passed) seen |= c;
  for (const CardSet& c : v.received) seen |= c;
  return seen;
}

CardSet hidden_cards(const DealState& s) {
  CardSet all;
  for (int p = 0; p < s.players(); ++p) all |= s.hand(p);
  if (s.family() == Family::CallAce) {
    for (int i = 0; i < kKittySize; ++i) {
      if (s.kitty_card(i) != kNoCard) all |= s.kitty_card(i);
    }
  }
  all -= s.played();  // a kitty card taken into a hand may have been played since
  // A called card's name is public; where it lies is not (names cannot tell that).
  if (s.family() == Family::CallAce && s.call().called != kNoCard) all -= s.call().called;
  return all;
}

class LeakAudit : public ::testing::TestWithParam<std::string> {};

TEST_P(LeakAudit, NoMessageNamesACardItsReceiverMayNotSee) {
  const std::string preset = GetParam();
  const int games = test_bots::scaled(4);
  int events = 0;
  for (int g = 0; g < games; ++g) {
    TableSetup setup;
    setup.variant = preset;
    Rules rules = *make_preset(preset);
    setup.players = rules.players;
    setup.seats.assign(static_cast<size_t>(rules.players), kHumanSeat);
    setup.seed = derive_seed(0xA0D17, {static_cast<uint64_t>(g)});
    Table table("t", setup, rules);
    for (int k = 0; k < rules.players; ++k) {
      const Event join{EventKind::Join, k, {}, "g" + std::to_string(k), "P" + std::to_string(k)};
      ASSERT_EQ(table.check(join), "");
      table.apply(join, 0);
    }
    Rng rng(g + 1);
    const std::string seed_text = std::to_string(setup.seed);
    // The first deals of the game (an Israeli game to 300 points played at random is long).
    for (int n = 0; table.stage() == TableStage::Playing && n < 600; ++n) {
      const DealState& s = table.match()->state();
      // The summary names no card; the score names only the cards called in finished deals and
      // the cards of their last tricks, played face up.
      const std::string summary = table.summary(1, "").dump();
      const std::string score = table.match_json().dump();
      EXPECT_EQ((summary + score).find(seed_text), std::string::npos);
      ASSERT_TRUE(cards_named(summary).empty()) << summary;
      CardSet public_cards;
      const Match& m = *table.match();
      for (size_t d = 0; d < m.results().size(); ++d) {
        if (m.results()[d].called != kNoCard) public_cards |= m.results()[d].called;
        const std::vector<Action>& actions = m.log()[d].actions;
        int last = 0;
        for (auto a = actions.rbegin(); a != actions.rend() && last < rules.players; ++a) {
          if (a->kind() != ActionKind::Play) continue;
          public_cards |= a->card();
          ++last;
        }
      }
      ASSERT_TRUE((cards_named(score) - public_cards).empty()) << score;
      const CardSet hidden = hidden_cards(s);
      CardSet seen_by_all = hidden;
      for (int k = 0; k < rules.players; ++k) {
        const CardSet seen = seen_by(s, k);
        seen_by_all &= seen;
        const CardSet leaked = cards_named(table.view_text(k)) & (hidden - seen);
        ASSERT_TRUE(leaked.empty()) << preset << " game " << g << ", event " << table.seq()
                                    << ": seat " << k << " is sent " << to_string(leaked);
      }
      const CardSet leaked = cards_named(table.view_text(-1)) & (hidden - seen_by_all);
      ASSERT_TRUE(leaked.empty()) << preset << " game " << g << ", event " << table.seq()
                                  << ": a spectator is sent " << to_string(leaked);
      const ActionList legal = s.legal_actions();
      const Event act{EventKind::Act, s.to_move(), legal.items[rng.below(legal.size)], {}, {}};
      ASSERT_EQ(table.check(act), "");
      table.apply(act, 0);
      ++events;
    }
  }
  EXPECT_GT(events, 10 * games);
}

std::vector<std::string> preset_names() {
  std::vector<std::string> out;
  for (const PresetInfo& p : presets()) out.emplace_back(p.name);
  return out;
}

INSTANTIATE_TEST_SUITE_P(Presets, LeakAudit, ::testing::ValuesIn(preset_names()),
                         [](const auto& test) {
                           std::string n = test.param;
                           for (char& c : n) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return n;
                         });

// The audit's card finder itself.
TEST(LeakAuditTool, FindsCardsNamedAsWordsOnly) {
  EXPECT_EQ(cards_named("play QH, 10s and X1; AS"), *parse_card_set("QH TS X1 AS"));
  EXPECT_TRUE(cards_named("ASK QHX 2C3 ace, auction 5C, call AS").empty());
}

}  // namespace
}  // namespace whist::server
