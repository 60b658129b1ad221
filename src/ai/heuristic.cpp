// The `heuristic` bot: dispatches each phase of a deal to its rule of thumb (heuristic_*.cpp).
#include "ai/heuristic.h"

#include "ai/heuristic_detail.h"

namespace whist {

namespace {

Action decide(const Rules& rules, const PlayerView& v, heuristic::Reasons* why) {
  if (v.legal.size == 0) return Action();
  if (v.legal.size == 1) return v.legal.items[0];
  switch (v.phase) {
    case Phase::ChooseMode:
      // Everyone sees their own card: the dealer, bidding last, then reads the others' bids
      // with its card in view.
      if (v.legal.contains(Action::choose_mode(OneCardMode::Regular))) {
        return Action::choose_mode(OneCardMode::Regular);
      }
      return v.legal.items[0];
    case Phase::Bidding:
      return heuristic::choose_bid(rules, v, why);
    case Phase::Auction:
      if (v.setup.family == Family::Israeli) return heuristic::israeli_auction(rules, v, why);
      return heuristic::call_ace_action(rules, v, why);
    case Phase::Passing:
      return heuristic::israeli_pass_card(rules, v, why);
    case Phase::Playing:
      return heuristic::choose_play(rules, v, why);
    case Phase::ChooseTrump:
    case Phase::TurnKitty:
    case Phase::CallCard:
    case Phase::Exchange:
    case Phase::Discard:
      return heuristic::call_ace_action(rules, v, why);
    case Phase::Done:
      break;
  }
  return v.legal.items[0];
}

class HeuristicBot final : public Bot {
 public:
  std::string name() const override { return "heuristic"; }

  Action choose(const Rules& rules, const PlayerView& view) override {
    const Action a = decide(rules, view, nullptr);
    // A rule of thumb that names an illegal action is a bug; never pass it on.
    return view.legal.contains(a) ? a : view.legal.items[0];
  }

  std::string explain(const Rules& rules, const PlayerView& view) override {
    if (view.legal.size == 0) return {};
    heuristic::Reasons why;
    const Action a = decide(rules, view, &why);
    std::string out;
    for (const std::string& line : why) out += line + "\n";
    out += "choice: " + to_string(a) + "\n";
    return out;
  }
};

}  // namespace

std::unique_ptr<Bot> make_heuristic_bot() { return std::make_unique<HeuristicBot>(); }

}  // namespace whist
