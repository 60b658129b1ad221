// Policy-based inference (ai/inference.h): the real deal fits a model that is how the other
// seats really decide, and Metropolis moves keep every world consistent with the view.
#include "ai/inference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "ai/heuristic.h"
#include "game/match.h"
#include "real_holdings.h"
#include "rules/presets.h"

namespace whist {
namespace {

constexpr ModelFit kSharp{2, 60, 8};

// Plays `deals` deals of `preset` with the heuristic in every seat, calling `visit` before each
// decision of a seat with a choice.
template <typename Visit>
void play_heuristic_deals(const char* preset, int deals, uint64_t seed, Visit visit) {
  const Rules rules = *make_preset(preset);
  Rng rng(seed);
  const auto bot = make_heuristic_bot();
  int dealt = 0;
  while (dealt < deals) {
    std::vector<std::string> names;
    for (int p = 0; p < rules.players; ++p) names.push_back("P" + std::to_string(p));
    Match m(rules, names, 0);
    while (!m.finished() && dealt < deals) {
      m.deal_random(rng);
      ++dealt;
      bot->new_deal(rng.next());
      int action = 0;
      while (m.in_deal()) {
        const int seat = m.state().to_move();
        const PlayerView v = m.view(seat);
        if (v.legal.size > 1) {
          visit(rules, m, v,
                std::string(preset) + " deal " + std::to_string(dealt) + " action " +
                    std::to_string(action));
        }
        m.apply(bot->choose(rules, v));
        ++action;
      }
    }
  }
}

TEST(Inference, TheRealDealFitsAModelThatIsHowTheOthersDecide) {
  const auto model = make_heuristic_bot();
  ReplayScratch scratch;
  for (const char* preset : {"romanian", "oh-hell", "israeli", "call-ace"}) {
    int checked = 0;
    play_heuristic_deals(
        preset, 60, 7,
        [&](const Rules& rules, const Match& m, const PlayerView& v, const std::string& where) {
          if (v.phase != Phase::Playing && v.phase != Phase::Bidding) return;
          SeatLogs logs{};
          SeatMisses misses;
          misses.fill(-1);
          const int decisions =
              seat_log_likelihoods(rules, v, real_holdings(m), *model, kSharp, ~0u, scratch, logs,
                                   -std::numeric_limits<double>::infinity(), &misses);
          for (int p = 0; p < v.players; ++p) {
            ASSERT_EQ(logs[p], 0.0) << where << " seat " << p;
            if (p != v.seat) {
              ASSERT_EQ(misses[p], 0) << where << " seat " << p;
            }
          }
          if (!v.plays.empty() || v.bids[(v.seat + 1) % v.players] >= 0) checked += decisions > 0;
        });
    if (HasFatalFailure()) return;
    EXPECT_GT(checked, 200) << preset;
  }
}

TEST(Inference, MovesKeepTheWorldConsistentAndItsLikelihoodExact) {
  const auto model = make_heuristic_bot();
  ReplayScratch scratch;
  Rng rng(11);
  for (const char* preset : {"romanian", "oh-hell", "israeli", "call-ace"}) {
    int moved = 0;
    play_heuristic_deals(
        preset, 12, 3,
        [&](const Rules& rules, const Match& m, const PlayerView& v, const std::string& where) {
          if (v.phase != Phase::Playing) return;
          const Knowledge k = infer(rules, v);
          Holdings w{};
          ASSERT_TRUE(draw_world(k, rng, w)) << where;
          SeatLogs logs{};
          SeatMisses misses{};
          const double no_floor = -std::numeric_limits<double>::infinity();
          seat_log_likelihoods(rules, v, w, *model, kSharp, ~0u, scratch, logs, no_floor, &misses);
          const Holdings before = w;
          rejuvenate(rules, v, k, *model, kSharp, 20, rng, scratch, w, logs, &misses);
          moved += !(w == before);
          CardSet all = m.state().played();
          for (int h = 0; h < kHolders; ++h) {
            ASSERT_TRUE(w[h].contains(k.known[h])) << where << " holder " << h;
            ASSERT_TRUE(k.allowed[h].contains(w[h] - k.known[h])) << where << " holder " << h;
            ASSERT_EQ((w[h] - k.known[h]).size(), k.need[h]) << where << " holder " << h;
            ASSERT_FALSE(all.intersects(w[h])) << where;
            all |= w[h];
          }
          ASSERT_EQ(all, rules.deck_cards()) << where;
          // The logs carried along are the world's own.
          SeatLogs fresh{};
          SeatMisses fresh_misses{};
          seat_log_likelihoods(rules, v, w, *model, kSharp, ~0u, scratch, fresh, no_floor,
                               &fresh_misses);
          for (int p = 0; p < v.players; ++p) {
            ASSERT_DOUBLE_EQ(logs[p], fresh[p]) << where;
            ASSERT_EQ(misses[p], fresh_misses[p]) << where << " seat " << p;
          }
          ASSERT_TRUE(build_world(v, w).legal_cards() == m.state().legal_cards()) << where;
        });
    if (HasFatalFailure()) return;
    EXPECT_GT(moved, 30) << preset;
  }
}

TEST(Inference, MissesAreTheChoicesUnlikeTheModels) {
  // The counts do not depend on the weighting. Under one where every miss costs, a seat's log is
  // 0 exactly when it has none; with the bids' penalty alone, a bid off is one of the misses.
  const auto model = make_heuristic_bot();
  ReplayScratch scratch;
  Rng rng(23);
  const double no_floor = -std::numeric_limits<double>::infinity();
  const ModelFit bids_only{100, 10, 0};  // a card unlike the model's costs nothing
  int missed = 0, fitted = 0;
  for (const char* preset : {"romanian", "oh-hell"}) {
    play_heuristic_deals(
        preset, 20, 19,
        [&](const Rules& rules, const Match&, const PlayerView& v, const std::string& where) {
          if (v.phase != Phase::Playing) return;
          const Knowledge k = infer(rules, v);
          Holdings w{};
          ASSERT_TRUE(draw_world(k, rng, w)) << where;
          SeatLogs logs{}, bid_logs{};
          SeatMisses misses{}, bid_misses{};
          seat_log_likelihoods(rules, v, w, *model, kSharp, ~0u, scratch, logs, no_floor, &misses);
          seat_log_likelihoods(rules, v, w, *model, bids_only, ~0u, scratch, bid_logs, no_floor,
                               &bid_misses);
          for (int p = 0; p < v.players; ++p) {
            ASSERT_EQ(misses[p], bid_misses[p]) << where << " seat " << p;
            ASSERT_EQ(logs[p] == 0.0, misses[p] == 0) << where << " seat " << p;
            ASSERT_LE(bid_logs[p] < 0 ? 1 : 0, misses[p]) << where << " seat " << p;
            (misses[p] > 0 ? missed : fitted) += p != v.seat;
          }
        });
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(missed, 100);
  EXPECT_GT(fitted, 100);
}

TEST(Inference, AFloorStopsOnlyTheWorldsBelowIt) {
  // The replay may stop early only when the seats' log-likelihood is already below the floor:
  // a world at or above it scores exactly as without one, a world below it -infinity.
  const auto model = make_heuristic_bot();
  ReplayScratch scratch;
  Rng rng(17);
  const ModelFit agreement{20, 60, 8, 20, 1000};
  int above = 0, below = 0;
  for (const char* preset : {"romanian", "oh-hell", "israeli", "call-ace"}) {
    play_heuristic_deals(
        preset, 8, 13,
        [&](const Rules& rules, const Match&, const PlayerView& v, const std::string& where) {
          if (v.phase != Phase::Playing && v.phase != Phase::Bidding) return;
          const Knowledge k = infer(rules, v);
          Holdings w{};
          ASSERT_TRUE(draw_world(k, rng, w)) << where;
          for (const ModelFit& fit : {kSharp, agreement}) {
            // Two seats, as a swap replays them, or all.
            const unsigned pair = (1u << rng.below(static_cast<uint32_t>(v.players))) |
                                  (1u << rng.below(static_cast<uint32_t>(v.players)));
            for (const unsigned mask : {pair, ~0u}) {
              SeatLogs full{};
              seat_log_likelihoods(rules, v, w, *model, fit, mask, scratch, full);
              double sum = 0;
              for (int p = 0; p < v.players; ++p) sum += mask >> p & 1 ? full[p] : 0;
              for (const double margin : {-0.5, 0.5}) {
                SeatLogs logs{};
                seat_log_likelihoods(rules, v, w, *model, fit, mask, scratch, logs, sum + margin);
                const bool scored = (mask & ~(1u << v.seat) & ((1u << v.players) - 1)) != 0;
                for (int p = 0; p < v.players; ++p) {
                  if (margin < 0 || !(mask >> p & 1) || p == v.seat || !scored) {
                    ASSERT_DOUBLE_EQ(logs[p], full[p]) << where << " seat " << p;
                  } else {
                    ASSERT_TRUE(std::isinf(logs[p]) && logs[p] < 0) << where << " seat " << p;
                  }
                }
                (margin < 0 ? above : below) += scored;
              }
            }
          }
        });
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(above, 300);
  EXPECT_GT(below, 100);
}

TEST(Inference, WithAFlatModelEverySwapIsTaken) {
  // No miss costs anything, so the walk is uniform over the placements the view allows: from
  // one world, 20 moves in the first trick of an 8-card romanian deal leave it elsewhere, and a
  // card lands only where it may.
  const auto model = make_heuristic_bot();
  ReplayScratch scratch;
  Rng rng(5);
  const ModelFit flat{100, 0, 0};
  int checked = 0;
  play_heuristic_deals(
      "romanian", 60, 9,
      [&](const Rules& rules, const Match&, const PlayerView& v, const std::string& where) {
        if (v.phase != Phase::Playing || v.cards != 8 || v.plays.size() > 3) return;
        const Knowledge k = infer(rules, v);
        Holdings w{};
        ASSERT_TRUE(draw_world(k, rng, w));
        SeatLogs logs{};
        seat_log_likelihoods(rules, v, w, *model, flat, ~0u, scratch, logs);
        const Holdings start = w;
        rejuvenate(rules, v, k, *model, flat, 20, rng, scratch, w, logs);
        int moved = 0;
        for (int p = 0; p < v.players; ++p) moved += (w[p] - start[p]).size();
        EXPECT_GE(moved, 6) << where;
        EXPECT_EQ(total_log(logs), 0.0) << where;
        ++checked;
      });
  EXPECT_GT(checked, 20);
}

TEST(Inference, AnUnknownAgreementRateMakesTheFirstMissCostMost) {
  const ModelFit fit{20, 15, 8, 20, 1000};  // Beta(10, 0.2): agrees 98% of the time a priori
  EXPECT_DOUBLE_EQ(agreement_log(0, 0, fit), 0.0);
  // One decision: the prior's mean.
  EXPECT_NEAR(std::exp(agreement_log(1, 0, fit)), 10.0 / 10.2, 1e-12);
  EXPECT_NEAR(std::exp(agreement_log(0, 1, fit)), 0.2 / 10.2, 1e-12);
  // After 10 hits, a miss costs a factor 0.2 / 20.2; a second one 1.2 / 21.2; a third 2.2 / 22.2.
  const auto cost = [&](int misses) {
    return agreement_log(10, misses, fit) - agreement_log(10, misses - 1, fit);
  };
  EXPECT_NEAR(std::exp(cost(1)), 0.2 / 20.2, 1e-12);
  EXPECT_NEAR(std::exp(cost(2)), 1.2 / 21.2, 1e-12);
  EXPECT_NEAR(std::exp(cost(3)), 2.2 / 22.2, 1e-12);
  // Order does not matter, only the counts: the rate is exchangeable.
  EXPECT_LT(agreement_log(20, 1, fit) - agreement_log(20, 0, fit),
            agreement_log(5, 1, fit) - agreement_log(5, 0, fit));
}

}  // namespace
}  // namespace whist
