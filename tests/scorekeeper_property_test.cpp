// Property tests of the scorekeeper (`whist score`) over random games of every preset: answers
// drawn at random from what each question could be told, wrong ones among them. Every refusal is
// one line and changes nothing; every accepted answer leaves a save file that reads back to the
// very same file (a deal in progress included); undo gives back the file as it was before the
// last answer; the totals are the sums of the deals' points; and every game of a fixed number
// of deals ends.
//
// WHIST_PROPERTY_DEALS scales the number of games (the sanitizer build uses fewer).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/card.h"
#include "core/rng.h"
#include "game/score_file.h"
#include "game/scorekeeper.h"
#include "game_case.h"
#include "rules/contracts.h"
#include "rules/options.h"
#include "rules/presets.h"

namespace whist {
namespace {

using test_games::case_name;
using test_games::GameCase;

int games_per_case() {
  // The random-game property tests' 100,000 deals make 10 games; the sanitizer build's 5,000
  // make one (two took 45 s there).
  int deals = 100000;
  if (const char* env = std::getenv("WHIST_PROPERTY_DEALS")) deals = std::atoi(env);
  return std::max(1, deals / 10000);
}

// What a table could say to a question of this kind, right or wrong.
std::vector<std::string> candidates(AskKind kind, const std::vector<std::string>& names) {
  std::vector<std::string> out;
  const auto numbers = [&](int lo, int hi) {
    for (int i = lo; i <= hi; ++i) out.push_back(std::to_string(i));
  };
  const auto cards = [&] {
    for (int s = 0; s < kNumSuits; ++s) {
      for (int r = 0; r < kNumRanks; ++r) {
        out.push_back(to_string(Card(static_cast<Suit>(s), static_cast<Rank>(r))));
      }
    }
  };
  const auto suits = [&] {
    for (const char* s : {"S", "H", "D", "C", "NT"}) out.push_back(s);
  };
  const auto players = [&] {
    numbers(0, static_cast<int>(names.size()) + 1);
    out.insert(out.end(), names.begin(), names.end());
  };
  switch (kind) {
    case AskKind::Mode:
      out = {"regular", "forehead", "blind"};
      break;
    case AskKind::Trump:
      suits();
      cards();
      break;
    case AskKind::Auction:
      out = {"thrown in", "pass"};
      for (int t = 4; t <= 14; ++t) {
        for (const char* s : {"S", "H", "D", "C", "NT"}) out.push_back(std::to_string(t) + s);
      }
      break;
    case AskKind::Contract:
      out = {"pass", "all passed"};
      for (int i = 0; i < static_cast<int>(contract_ladder().size()); ++i) {
        out.push_back(contract_name(i));
      }
      break;
    case AskKind::Declarer:
      players();
      break;
    case AskKind::ContractTrump:
      suits();
      break;
    case AskKind::Called:
      cards();
      break;
    case AskKind::Partner:
      out = {"alone"};
      players();
      break;
    case AskKind::Bid:  // up to 17 cards a hand (oh-hell for 3), and one past
      out = {"zero"};
      numbers(0, 18);
      break;
    case AskKind::Tricks:
      numbers(0, 18);
      break;
  }
  // What a slip of the keyboard gives.
  for (const char* junk : {"", " ", "-1", "x", "99", "1 2", "AH AH", "\t7"}) out.push_back(junk);
  return out;
}

// Points summed over the deals, seat by seat, as the last totals should be.
std::vector<Points> summed(const Scorekeeper& k) {
  std::vector<Points> sum(static_cast<size_t>(k.players()));
  for (const DealResult& r : k.results()) {
    for (int p = 0; p < k.players(); ++p) sum[p] += r.points[p];
  }
  return sum;
}

constexpr int kMaxDeals = 60;

class ScorekeeperGames : public testing::TestWithParam<GameCase> {};

TEST_P(ScorekeeperGames, SavesReadBackUndoRestoresAndEveryGameEnds) {
  const GameCase& c = GetParam();
  std::optional<Rules> rules = make_preset(c.variant, c.players);
  ASSERT_TRUE(rules);
  for (const auto& o : c.options) ASSERT_EQ(set_option(*rules, o), "") << o;
  ASSERT_EQ(validate(*rules), "");
  const std::vector<std::string> all_names = {"Ana", "Bogdan", "Cristi", "Dana",
                                              "Eva", "Filip",  "Gelu"};
  const std::vector<std::string> names(all_names.begin(), all_names.begin() + rules->players);
  Rng rng(20261127);
  int accepted_total = 0, refused_total = 0, undone_total = 0, read_back_total = 0;
  for (int game = 0; game < games_per_case(); ++game) {
    Scorekeeper k(*rules, names, game % rules->players);
    // The save file before each accepted answer: what undo must give back.
    std::vector<std::string> before;
    std::string text = write_score_file(k);
    int steps = 0;
    // A game to a target score (Israeli whist's default) may take hundreds of random deals, and
    // each answer reads the whole file back: such a game is followed for kMaxDeals.
    while (!k.finished() && static_cast<int>(k.deals().size()) < kMaxDeals) {
      ASSERT_LT(++steps, 20000) << "game " << game << " does not end";
      const Question q = *k.current().question();
      if (!before.empty() && rng.below(100) < 8) {
        ASSERT_TRUE(k.undo()) << "game " << game;
        text = write_score_file(k);
        ASSERT_EQ(text, before.back()) << "game " << game << ": undo after " << q.prompt;
        before.pop_back();
        ++undone_total;
        continue;
      }
      std::vector<std::string> options = candidates(q.kind, names);
      // A few wrong answers at random, then the candidates in a random order until one is taken.
      for (size_t i = options.size(); i > 1; --i)
        std::swap(options[i - 1], options[rng.below(static_cast<uint32_t>(i))]);
      const ScoreDeal deal = k.current().deal();
      const std::vector<std::string> answers = k.current().answers();
      const size_t deals = k.deals().size();
      bool taken = false;
      for (const std::string& a : options) {
        const std::string error = k.answer(a);
        if (error.empty()) {
          before.push_back(text);
          text = write_score_file(k);
          ++accepted_total;
          taken = true;
          // Read back at the end of every deal and after one answer in four (reading replays
          // the whole game: after every answer, the test took seconds).
          if (k.deals().size() == deals && !k.finished() && rng.below(4) != 0) break;
          const ScoreFileResult back = read_score_file(text);
          ASSERT_EQ(back.error, "") << "game " << game << ", " << q.prompt << ": " << a << "\n"
                                    << text;
          ASSERT_EQ(write_score_file(*back.keeper), text) << q.prompt << ": " << a;
          ASSERT_EQ(back.keeper->sheet(), k.sheet());
          ++read_back_total;
          break;
        }
        ASSERT_EQ(error.find('\n'), std::string::npos) << error;
        // Cheaper than writing the file again, which every answer accepted does.
        ASSERT_EQ(k.current().deal(), deal) << "a refused answer changed the deal: " << a;
        ASSERT_EQ(k.current().answers(), answers) << a;
        ASSERT_EQ(k.deals().size(), deals) << a;
        ++refused_total;
      }
      ASSERT_TRUE(taken) << "game " << game << ": nothing answers '" << q.prompt << "' (" << q.hint
                         << ")";
    }
    if (k.schedule().length() && *k.schedule().length() <= kMaxDeals) {
      EXPECT_TRUE(k.finished()) << "game " << game;
    }
    ASSERT_EQ(k.results().size(), k.deals().size());
    ASSERT_FALSE(k.results().empty());
    const std::vector<Points> sum = summed(k);
    for (int p = 0; p < k.players(); ++p) {
      EXPECT_EQ(k.results().back().totals[p], sum[p]) << "game " << game << ", seat " << p;
    }
    if (rules->family == Family::CallAce) {
      Points zero;
      for (const Points& s : sum) zero += s;
      EXPECT_EQ(zero, Points{}) << "Call-Ace payments sum to zero";
    }
  }
  EXPECT_GT(accepted_total, 0);
  EXPECT_GT(refused_total, 0);
  EXPECT_GT(undone_total, 0);
  EXPECT_GT(read_back_total, accepted_total / 5);
}

std::vector<GameCase> scorekeeper_cases() {
  std::vector<GameCase> out = test_games::every_preset_and_player_count();
  // Options that add questions: the dealer's one-card mode, zero play, forced bids, a turned
  // card; Israeli whist's raise and its end after a number of deals.
  out.push_back({"romanian",
                 4,
                 {"one_card_mode=dealer", "zero_play=start", "special_hands=blind,zero,eight",
                  "streak_bonus=10"}});
  out.push_back({"oh-hell", 4, {"trump=turned"}});
  out.push_back({"serbian", 5, {"hook=off"}});
  out.push_back({"israeli", 4, {"declarer_raise=on", "end=deals", "deals=12"}});
  // Zero play in Israeli whist, announced at one's turn to name a contract.
  out.push_back({"israeli", 4, {"zero_play=10-before-end", "end=deals", "deals=12"}});
  return out;
}

INSTANTIATE_TEST_SUITE_P(Presets, ScorekeeperGames, testing::ValuesIn(scorekeeper_cases()),
                         case_name);

}  // namespace
}  // namespace whist
