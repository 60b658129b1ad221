// The ismcts bot: legal in every game, reproducible from its seed, finds the obvious move, and
// refuses bad settings. Its strength and speed are measured with `whist arena` (docs/ismcts.md).
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>

#include "ai/bot.h"
#include "ai/ismcts.h"
#include "ai/ismcts_policy.h"
#include "game/match.h"
#include "rules/options.h"
#include "rules/presets.h"

namespace whist {
namespace {

std::unique_ptr<Bot> bot_or_die(const std::string& spec) {
  std::string error;
  auto bot = make_bot(spec, error);
  EXPECT_TRUE(bot) << spec << ": " << error;
  return bot;
}

std::vector<std::string> seat_names(int n) {
  std::vector<std::string> names;
  for (int p = 0; p < n; ++p) names.push_back("P" + std::to_string(p));
  return names;
}

uint64_t deal_seed(uint64_t base, int deal, int seat) {
  return base * 1000003 + static_cast<uint64_t>(deal) * 101 + static_cast<uint64_t>(seat);
}

// Plays `match` to its end with one bot a seat; every choice must be legal. Returns the actions.
std::vector<Action> play_match(Match& m, std::vector<std::unique_ptr<Bot>>& bots, uint64_t seed,
                               const std::string& where) {
  Rng deal_rng(seed);
  std::vector<Action> actions;
  while (!m.finished()) {
    m.deal_random(deal_rng);
    for (int p = 0; p < m.players(); ++p) bots[p]->new_deal(deal_seed(seed, m.deal_index(), p));
    while (m.in_deal()) {
      const int seat = m.state().to_move();
      const PlayerView v = m.view(seat);
      const Action a = bots[seat]->choose(m.rules(), v);
      EXPECT_TRUE(v.legal.contains(a)) << where << ": " << to_string(a) << " in deal "
                                       << m.deal_index() << ": " << m.why_illegal(a);
      if (!v.legal.contains(a)) return actions;
      actions.push_back(a);
      m.apply(a);
    }
  }
  return actions;
}

// A few deals of a game: the largest hand, a middle one and a one-card deal for the exact-bid
// games, whose schedules otherwise start with many one-card deals.
Rules few_deals(Rules r, int deals) {
  if (r.family == Family::ExactBid) {
    r.schedule = ScheduleKind::Explicit;
    r.schedule_list = {r.max_hand(), 3, 1};
    r.schedule_list.resize(static_cast<size_t>(std::min(deals, 3)));
  }
  r.end = GameEnd::Deals;
  r.deal_limit = deals;
  EXPECT_EQ(validate(r), "") << r.variant;
  return r;
}

TEST(Ismcts, PlaysEveryPresetLegally) {
  for (const PresetInfo& preset : presets()) {
    const Rules rules = few_deals(*make_preset(preset.name), 6);
    std::vector<std::unique_ptr<Bot>> bots;
    for (int p = 0; p < rules.players; ++p) bots.push_back(bot_or_die("ismcts:iterations=50"));
    Match m(rules, seat_names(rules.players), 0);
    play_match(m, bots, 7, std::string(preset.name));
    EXPECT_TRUE(m.finished()) << preset.name;
  }
}

TEST(Ismcts, PlaysZeroPlayTheModeChoiceAndBlindHands) {
  Rules rules = *make_preset("romanian");
  for (const char* o : {"zero_play=start", "one_card_mode=dealer", "special_hands=blind,zero"}) {
    ASSERT_EQ(set_option(rules, o), "") << o;
  }
  rules.schedule = ScheduleKind::Explicit;
  rules.schedule_list = {1, 2};
  ASSERT_EQ(validate(rules), "");
  std::vector<std::unique_ptr<Bot>> bots;
  for (int p = 0; p < rules.players; ++p) bots.push_back(bot_or_die("ismcts:iterations=50"));
  Match m(rules, seat_names(rules.players), 0);
  const std::vector<Action> actions = play_match(m, bots, 3, "romanian options");
  EXPECT_TRUE(m.finished());
  int modes = 0;
  for (Action a : actions) {
    modes += a.kind() == ActionKind::ChooseMode;
    EXPECT_NE(a.kind(), ActionKind::AnnounceZero) << "the bot never announces zero play";
  }
  EXPECT_GT(modes, 0);
}

TEST(Ismcts, PassesCardsOfItsShortestSideSuit) {
  Rules rules = *make_preset("israeli");
  Match m(rules, seat_names(4), 0);
  Rng rng(11);
  m.deal_random(rng);
  for (int p = 0; p < 4; ++p) m.apply(Action::pass());
  ASSERT_EQ(m.state().phase(), Phase::Passing);
  auto bot = bot_or_die("ismcts");
  bot->new_deal(1);
  while (m.state().phase() == Phase::Passing) {
    const PlayerView v = m.view(m.state().to_move());
    const Action a = bot->choose(rules, v);
    ASSERT_TRUE(v.legal.contains(a)) << to_string(a);
    EXPECT_EQ(a.card(), pass_choice(v.own_hand - v.choosing));
    m.apply(a);
  }
  EXPECT_EQ(m.state().phase(), Phase::Auction);
  EXPECT_EQ(pass_choice(CardSet(*parse_card("AS")) | *parse_card("KS") | *parse_card("2S") |
                        *parse_card("QH") | *parse_card("3H") | *parse_card("JD")),
            *parse_card("JD"));
}

TEST(Ismcts, SameSeedSameChoices) {
  const Rules rules = few_deals(*make_preset("oh-hell"), 2);
  std::vector<Action> runs[2];
  for (auto& run : runs) {
    std::vector<std::unique_ptr<Bot>> bots;
    for (int p = 0; p < rules.players; ++p) bots.push_back(bot_or_die("ismcts:iterations=100"));
    Match m(rules, seat_names(rules.players), 1);
    run = play_match(m, bots, 42, "oh-hell");
  }
  EXPECT_EQ(runs[0], runs[1]);
  EXPECT_FALSE(runs[0].empty());
}

// A deal of `cards` cards a seat from given hands, seat 0 bidding and leading first; trump is the
// turned card's suit (none without one); no hook.
Match given_deal(int cards, const std::vector<std::string>& hands, const char* turned) {
  Rules r = *make_preset("oh-hell");
  r.scoring = Scoring::Romanian;
  r.hook = false;
  r.must_trump = false;
  r.trump = turned ? TrumpRule::Turned : TrumpRule::NoTrump;
  r.schedule = ScheduleKind::Explicit;
  r.schedule_list = {cards};
  r.end = GameEnd::Deals;
  r.deal_limit = 1;
  EXPECT_EQ(validate(r), "");
  Match m(r, seat_names(4), 3);
  Hands h{};
  for (int p = 0; p < 4; ++p) {
    for (size_t i = 0; i < hands[p].size(); i += 3) h[p] |= *parse_card(hands[p].substr(i, 2));
  }
  EXPECT_EQ(m.deal_given(h, turned ? *parse_card(turned) : kNoCard), "");
  return m;
}

void apply_all(Match& m, const std::vector<std::string>& actions) {
  for (const std::string& a : actions) {
    const Action act = a.size() == 1 ? Action::bid(a[0] - '0') : Action::play(*parse_card(a));
    ASSERT_EQ(m.why_illegal(act), "") << a;
    m.apply(act);
  }
}

// The bot's choice, the same from every seat tried (else an invalid action).
Action choice(const Match& m, const std::string& spec = "ismcts") {
  auto bot = bot_or_die(spec);
  Action first;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    bot->new_deal(seed);
    const Action a = bot->choose(m.rules(), m.view(m.state().to_move()));
    if (seed == 1) first = a;
    if (!(a == first)) return Action();
  }
  return first;
}

TEST(Ismcts, BidsTheTrumpAceToWinAndALowCardToLose) {
  Match ace = given_deal(1, {"AH", "5C", "8D", "9S"}, "TH");
  EXPECT_EQ(choice(ace), Action::bid(1));
  Match low = given_deal(1, {"2C", "5C", "8D", "9S"}, "TH");
  EXPECT_EQ(choice(low), Action::bid(0));
}

TEST(Ismcts, NeedingOneTrickRuffsWhenLastToPlay) {
  // Seat 3 bid 1 and is void in diamonds: the 2 of trump wins this trick for sure, while kept it
  // may be overtrumped, and the 3S it keeps instead may win the last trick too.
  Match m = given_deal(2, {"KD 4C", "5D 6C", "7D 8C", "2H 3S"}, "TH");
  apply_all(m, {"1", "0", "0", "1", "KD", "5D", "7D"});
  EXPECT_EQ(choice(m), Action::play(*parse_card("2H")));
}

TEST(Ismcts, HavingItsTricksDucks) {
  // Seat 1 bid 0: the AS wins the trick for sure, the 2S loses it.
  Match m = given_deal(2, {"9S 5D", "AS 2S", "3H 4H", "5H 6H"}, nullptr);
  apply_all(m, {"1", "0", "0", "1", "9S"});
  EXPECT_EQ(choice(m), Action::play(*parse_card("2S")));
}

TEST(Ismcts, NeedingOneTrickTakesTheSureOne) {
  // Seat 1 bid 1: the AS wins now for sure; the 2S loses now, and the AS may not win later.
  Match m = given_deal(2, {"9S 5D", "AS 2S", "3H 4H", "5H 6H"}, nullptr);
  apply_all(m, {"1", "1", "0", "1", "9S"});
  EXPECT_EQ(choice(m), Action::play(*parse_card("AS")));
}

TEST(Ismcts, ExplainsTheRootWithoutChangingTheChoice) {
  Match m = given_deal(2, {"9S 5D", "AS 2S", "3H 4H", "5H 6H"}, nullptr);
  apply_all(m, {"1", "0", "0", "1", "9S"});
  auto bot = bot_or_die("ismcts:iterations=300");
  bot->new_deal(3);
  const PlayerView v = m.view(1);
  const std::string text = bot->explain(m.rules(), v);
  EXPECT_EQ(text.rfind("play 2S: ", 0), 0u) << text;
  EXPECT_NE(text.find("\nplay AS: "), std::string::npos) << text;
  const Action a = bot->choose(m.rules(), v);
  auto fresh = bot_or_die("ismcts:iterations=300");
  fresh->new_deal(3);
  EXPECT_EQ(a, fresh->choose(m.rules(), v));
}

TEST(Ismcts, TimeLimitStopsTheSearch) {
  Match m = given_deal(2, {"9S 5D", "AS 2S", "3H 4H", "5H 6H"}, nullptr);
  apply_all(m, {"1", "0", "0", "1", "9S"});
  auto bot = bot_or_die("ismcts:iterations=1000000:ms=20");
  bot->new_deal(1);
  const auto t0 = std::chrono::steady_clock::now();
  const Action a = bot->choose(m.rules(), m.view(1));
  const auto spent = std::chrono::steady_clock::now() - t0;
  EXPECT_EQ(a, Action::play(*parse_card("2S")));
  EXPECT_LT(spent, std::chrono::seconds(2));  // a million iterations would take far longer
}

TEST(Ismcts, SpecsAndBadSettings) {
  EXPECT_EQ(bot_or_die("ismcts")->name(), "ismcts:normal");
  EXPECT_EQ(bot_or_die("ismcts:hard")->name(), "ismcts:hard");
  EXPECT_EQ(bot_or_die("ismcts:iterations=500")->name(), "ismcts:normal:iterations=500");
  std::string error;
  EXPECT_EQ(ismcts_config(BotParams{Level::Max, {}}, error).iterations, 40000);
  EXPECT_EQ(ismcts_config(BotParams{Level::Easy, {{"c", "120"}}}, error).c, 120);
  EXPECT_EQ(error, "");
  for (const char* bad : {"ismcts:iterations=0", "ismcts:iterations=abc", "ismcts:c=-1",
                          "ismcts:rollout=2", "ismcts:depth=3", "ismcts:ultra", "ismcts:ms=x"}) {
    EXPECT_EQ(make_bot(bad, error), nullptr) << bad;
    EXPECT_NE(error.find(bad), std::string::npos) << error;
  }
  make_bot("ismcts:iterations=0", error);
  EXPECT_NE(error.find("iterations"), std::string::npos) << error;
  make_bot("ismcts:depth=3", error);
  EXPECT_NE(error.find("unknown setting 'depth'"), std::string::npos) << error;
}

TEST(Ismcts, DealRewardsAreTheMatchScores) {
  for (const PresetInfo& preset : presets()) {
    Rules rules = few_deals(*make_preset(preset.name), 30);
    if (rules.family == Family::ExactBid) {
      rules.schedule = ScheduleKind::OneEightOne;
      rules.schedule_list.clear();
      rules.spades_double = rules.trump == TrumpRule::Turned;
    }
    Match m(rules, seat_names(rules.players), 0);
    Rng rng(9);
    int checked = 0;
    while (!m.finished()) {
      m.deal_random(rng);
      while (m.in_deal()) {
        const ActionList legal = m.state().legal_actions();
        Action a = legal.items[rng.below(static_cast<uint32_t>(legal.size))];
        if (m.state().phase() == Phase::Auction && rng.below(3) > 0) a = Action::pass();
        m.apply(a);
      }
      const Rewards r = deal_rewards(rules, m.state());
      ++checked;
      for (int p = 0; p < rules.players; ++p) {
        ASSERT_EQ(r[p], m.results().back().contract[p].as_double())
            << preset.name << " deal " << m.deal_index() << " seat " << p;
      }
    }
    EXPECT_EQ(checked, 30) << preset.name;
  }
}

}  // namespace
}  // namespace whist
