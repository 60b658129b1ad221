// Every bot plays every game: each action it chooses is one of its view's legal actions, and
// every match finishes (whole matches for the fast bots; the searching ones play deals from
// random places in the schedule).
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

using test_bots::BotSpec;
using test_bots::GameCase;

struct PlayCase {
  BotSpec bot;
  GameCase game;
};

void PrintTo(const PlayCase& c, std::ostream* os) {
  *os << c.bot.spec << " in " << test_bots::case_label(c.game);
}

std::vector<PlayCase> play_cases() {
  std::vector<PlayCase> out;
  for (const BotSpec& b : test_bots::bot_specs()) {
    for (const GameCase& g : test_bots::game_cases()) out.push_back({b, g});
  }
  return out;
}

std::string play_name(const testing::TestParamInfo<PlayCase>& info) {
  std::string n = info.param.bot.spec + "_" + test_bots::case_label(info.param.game);
  for (char& ch : n) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return n;
}

class BotPlayGames : public testing::TestWithParam<PlayCase> {};

TEST_P(BotPlayGames, EveryChoiceIsLegalAndEveryMatchFinishes) {
  const PlayCase& c = GetParam();
  const Rules rules = test_bots::make_rules(c.game);
  ASSERT_EQ(validate(rules), "");
  std::vector<std::unique_ptr<Bot>> bots;
  std::vector<std::string> names;
  for (int p = 0; p < rules.players; ++p) {
    std::string error;
    bots.push_back(make_bot(c.bot.spec, error));
    ASSERT_TRUE(bots.back()) << error;
    names.push_back("p" + std::to_string(p));
  }
  Rng rng(0xB07 + static_cast<uint64_t>(rules.players));
  const int target = test_bots::scaled(c.bot.deals);
  int deals = 0, matches = 0;
  while (deals < target) {
    Match match(rules, names, static_cast<int>(rng.below(static_cast<uint32_t>(rules.players))));
    if (!c.bot.whole_matches) {
      const int passes = static_cast<int>(match.schedule().sizes().size());
      match.skip_to(static_cast<int>(rng.below(static_cast<uint32_t>(passes))));
    }
    // A match always finishes: its schedule, its deal count or the cap on target games.
    while (!match.finished() && (c.bot.whole_matches || deals < target)) {
      match.deal_random(rng);
      ++deals;
      for (auto& b : bots) b->new_deal(rng.next());
      int actions = 0;
      while (match.in_deal()) {
        const int seat = match.state().to_move();
        const PlayerView view = match.view(seat);
        ASSERT_EQ(view.to_move, seat);
        ASSERT_GT(view.legal.size, 0);
        const Action a = bots[seat]->choose(rules, view);
        ASSERT_TRUE(view.legal.contains(a)) << c.bot.spec << " chose " << to_string(a)
                                            << " in deal " << deals << ": " << match.why_illegal(a);
        match.apply(a);
        ASSERT_LT(++actions, 1000) << "the deal does not end";
      }
    }
    ++matches;
  }
  EXPECT_GT(matches, 0);
}

// Named BotPlay/BotPlayGames.…/<bot>_<game>, so that --gtest_filter='BotPlay*' runs them all.
INSTANTIATE_TEST_SUITE_P(BotPlay, BotPlayGames, testing::ValuesIn(play_cases()), play_name);

}  // namespace
}  // namespace whist
