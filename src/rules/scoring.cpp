#include "rules/scoring.h"

#include <array>
#include <cstdlib>

namespace whist {

namespace {

struct ScoringInfo {
  Scoring id;
  std::string_view name;
  std::string_view description;
};

constexpr std::array<ScoringInfo, kNumScorings> kScorings = {{
    {Scoring::Basic, "basic", "made: 10 + tricks; missed: tricks"},
    {Scoring::Serbian, "serbian",
     "made: 10 + tricks; missed: tricks, or -10 for no trick on a bid above 0"},
    {Scoring::SerbianHarsh, "serbian-harsh", "made: 10 + tricks; fewer: tricks - 10; more: tricks"},
    {Scoring::Romanian, "romanian", "made: 5 + bid; missed: -d"},
    {Scoring::RomanianCards, "romanian-cards", "made: bid + cards dealt; missed: -d"},
    {Scoring::Triangular, "triangular", "made: 5 + bid(bid+1)/2; missed: -d(d+1)/2"},
    {Scoring::Exact, "exact", "made: 10 + bid; missed: 0"},
    {Scoring::ExactPenalty, "exact-penalty", "made: 10 + bid; missed: -bid"},
    {Scoring::TenTimes, "ten-times", "made: 10 x bid; missed: 0"},
    {Scoring::TenTimesPenalty, "ten-times-penalty", "made: 10 x bid; missed: -10 x bid"},
    {Scoring::UnderPenalty, "under-penalty", "made: 10 + bid; more tricks: 0; fewer: -bid"},
    {Scoring::UnderPenaltyTen, "under-penalty-ten",
     "made: 10 x bid; more tricks: 0; fewer: -10 x bid"},
    {Scoring::UnderPenaltyCypriot, "under-penalty-cypriot",
     "made: 10 + 5 x bid; more tricks: 0; fewer: -5 x bid"},
    {Scoring::UnderPenaltySet, "under-penalty-set", "made: 10 + bid; more tricks: 0; fewer: -10"},
    {Scoring::UnderPenaltyProgressive, "under-penalty-progressive",
     "made: 10 + bid; more tricks: 0; fewer: -(bid + 10d)"},
    {Scoring::Cypriot, "cypriot", "made: 10 + 5 x bid; missed: -5 x bid, a missed zero -10"},
    {Scoring::SetPenalty, "set-penalty", "made: 10 + bid; more tricks: tricks; fewer: -10"},
    {Scoring::ProgressivePenalty, "progressive-penalty", "made: 10 + bid; missed: -(bid + 10d)"},
    {Scoring::Progressive, "progressive", "made: 10 + bid^2; missed: tricks"},
    {Scoring::Montreal, "montreal", "made: 10 + 2 x tricks; missed: 0"},
    {Scoring::Negative, "negative", "lowest wins; made: 0; missed: d(d+1)/2"},
    {Scoring::NegativeSquared, "negative-squared", "lowest wins; made: 0; missed: d^2"},
    {Scoring::NegativeRound, "negative-round", "lowest wins; made: 0; missed: cards dealt"},
    {Scoring::Trick, "trick", "made: bid, a made zero 1/2; missed: -d"},
    {Scoring::Binary, "binary", "made: 10; missed: 0"},
    {Scoring::BinaryNil, "binary-nil",
     "made: 10; with more cards than players a zero bid is 20 made, -10 missed"},
    {Scoring::Scratch, "scratch", "a miss is a scratch; fewest scratches wins, ties by made bids"},
    {Scoring::AdjustedExact, "adjusted-exact", "made: bid + cards dealt; missed: 0"},
    {Scoring::GetFred, "get-fred", "made: 10 + bid; missed: -d"},
    {Scoring::OyVey, "oy-vey", "made: 10 + bid^2; missed: -d"},
    {Scoring::Israeli, "israeli",
     "made: 10 + bid^2, a made zero 50 under / 30 over; missed: -10d, a missed zero -60 + 10d"},
}};

const ScoringInfo& info(Scoring s) { return kScorings[static_cast<int>(s)]; }

// Points for the system alone, in half points.
int64_t system_halves(Scoring s, int bid, int tricks, int cards, int players) {
  const int d = std::abs(tricks - bid);
  const bool made = d == 0;
  const auto w = [](int64_t n) { return 2 * n; };
  switch (s) {
    case Scoring::Basic:
      return w(made ? 10 + tricks : tricks);
    case Scoring::Serbian:
      if (made) return w(10 + tricks);
      return w(bid > 0 && tricks == 0 ? -10 : tricks);
    case Scoring::SerbianHarsh:
      if (made) return w(10 + tricks);
      return w(tricks < bid ? tricks - 10 : tricks);
    case Scoring::Romanian:
      return w(made ? 5 + bid : -d);
    case Scoring::RomanianCards:
      return w(made ? bid + cards : -d);
    case Scoring::Triangular:
      return w(made ? 5 + bid * (bid + 1) / 2 : -d * (d + 1) / 2);
    case Scoring::Exact:
      return w(made ? 10 + bid : 0);
    case Scoring::ExactPenalty:
      return w(made ? 10 + bid : -bid);
    case Scoring::TenTimes:
      return w(made ? 10 * bid : 0);
    case Scoring::TenTimesPenalty:
      return w(made ? 10 * bid : -10 * bid);
    // "Penalty under, zero over" on each of seed 000's exact systems with a penalty ("according
    // to the specific exact scoring variant used"); a zero bid can only be missed over, so
    // Cypriot's -10 for a missed zero never applies.
    case Scoring::UnderPenalty:
      if (made) return w(10 + bid);
      return w(tricks > bid ? 0 : -bid);
    case Scoring::UnderPenaltyTen:
      if (made) return w(10 * bid);
      return w(tricks > bid ? 0 : -10 * bid);
    case Scoring::UnderPenaltyCypriot:
      if (made) return w(10 + 5 * bid);
      return w(tricks > bid ? 0 : -5 * bid);
    // Set penalty's penalty is the -10 for fewer tricks (docs/rules.md section 9, choice 8).
    case Scoring::UnderPenaltySet:
      if (made) return w(10 + bid);
      return w(tricks > bid ? 0 : -10);
    case Scoring::UnderPenaltyProgressive:
      if (made) return w(10 + bid);
      return w(tricks > bid ? 0 : -(bid + 10 * d));
    case Scoring::Cypriot:
      if (made) return w(10 + 5 * bid);
      return w(bid == 0 ? -10 : -5 * bid);
    case Scoring::SetPenalty:
      if (made) return w(10 + bid);
      return w(tricks > bid ? tricks : -10);
    case Scoring::ProgressivePenalty:
      return w(made ? 10 + bid : -(bid + 10 * d));
    case Scoring::Progressive:
      return w(made ? 10 + bid * bid : tricks);
    case Scoring::Montreal:
      return w(made ? 10 + 2 * tricks : 0);
    case Scoring::Negative:
      return w(made ? 0 : d * (d + 1) / 2);
    case Scoring::NegativeSquared:
      return w(made ? 0 : d * d);
    case Scoring::NegativeRound:
      return w(made ? 0 : cards);
    case Scoring::Trick:
      if (made) return bid == 0 ? 1 : w(bid);
      return w(-d);
    case Scoring::Binary:
      return w(made ? 10 : 0);
    case Scoring::BinaryNil:
      if (bid == 0 && cards > players) return w(made ? 20 : -10);
      return w(made ? 10 : 0);
    case Scoring::Scratch:
      return w(made ? 0 : 1);
    case Scoring::AdjustedExact:
      return w(made ? bid + cards : 0);
    case Scoring::GetFred:
      return w(made ? 10 + bid : -d);
    case Scoring::OyVey:
      return w(made ? 10 + bid * bid : -d);
    case Scoring::Israeli:  // a made zero depends on the hand: see contract_points()
      if (bid == 0) return w(made ? 50 : -60 + 10 * d);
      return w(made ? 10 + bid * bid : -10 * d);
  }
  return 0;
}

}  // namespace

std::string to_string(Points p) {
  const int64_t h = p.in_halves();
  std::string out = std::to_string(h / 2);
  if (h % 2 != 0) {
    if (h < 0 && h / 2 == 0) out = "-0";
    out += ".5";
  }
  return out;
}

std::string_view scoring_name(Scoring s) { return info(s).name; }
std::string_view scoring_description(Scoring s) { return info(s).description; }

std::optional<Scoring> parse_scoring(std::string_view name) {
  for (const auto& i : kScorings) {
    if (i.name == name) return i.id;
  }
  return std::nullopt;
}

bool lowest_wins(Scoring s) {
  return s == Scoring::Negative || s == Scoring::NegativeSquared || s == Scoring::NegativeRound ||
         s == Scoring::Scratch;
}

Points contract_points(const Rules& rules, int bid, int tricks, int cards, int players,
                       int bid_sum) {
  if (rules.scoring == Scoring::Israeli && bid == 0 && tricks == 0) {
    return Points::whole(bid_sum > cards ? rules.zero_over : rules.zero_under);
  }
  if (bid == 0 && tricks == 0) {
    switch (rules.zero_bid) {
      case ZeroBid::Five:
        return Points::whole(5);
      case ZeroBid::FivePlusCards:
        return Points::whole(5 + cards);
      case ZeroBid::System:
        break;
    }
  }
  return Points::halves(system_halves(rules.scoring, bid, tricks, cards, players));
}

}  // namespace whist
