// `whist play`: the text of what happens (play_screen.h): actions as they are taken, the last
// trick, a deal's result.
#include <fmt/core.h>

#include "cli/play_screen.h"
#include "game/sheet.h"
#include "rules/contracts.h"

namespace whist::cli {

namespace {

// "bid" or "bids": the player called "You" is spoken to.
std::string says(const std::string& name, std::string_view base, std::string_view third) {
  return name + " " + std::string(name == "You" ? base : third);
}

std::string signed_points(Points p) { return (p > Points() ? "+" : "") + to_string(p); }

// What the end of an auction or a passing round tells everyone.
std::string auction_news(const Match& m, Action a, const std::vector<int>& viewers,
                         const Style& style) {
  const DealState& s = m.state();
  const auto& names = m.names();
  if (s.thrown_in() || (s.done() && s.family() == Family::CallAce && s.declarer() < 0)) {
    return "Everyone passed: the hand is thrown in.\n";
  }
  if (a.kind() == ActionKind::PassCard && s.phase() != Phase::Passing) {
    std::string out = "The cards are passed.";
    if (viewers.size() == 1) {
      const PlayerView v = m.view(viewers[0]);
      if (!v.received.empty())
        out += " You received " + [&] {
          std::vector<std::string> cards;
          for (Card c : display_order(v.received.back())) cards.push_back(card_text(c, style));
          return join(cards, " ");
        }() + ".";
    }
    return out + "\n";
  }
  if (a.kind() != ActionKind::Pass && a.kind() != ActionKind::AuctionBid &&
      a.kind() != ActionKind::Contract) {
    return {};
  }
  if (s.phase() == Phase::Passing) {
    return fmt::format("Nobody bid: each player passes {} cards to the next.\n", s.pass_cards());
  }
  if (s.phase() == Phase::Auction || s.declarer() < 0) return {};
  const std::string who = names[static_cast<size_t>(s.declarer())];
  if (s.family() == Family::CallAce) {
    return says(who, "win", "wins") + " the auction: contract " + contract_name(s.call().contract) +
           ".\n";
  }
  return says(who, "win", "wins") +
         fmt::format(" the auction with {}{}.\n", s.contract_tricks(), suit_text(s.trump(), style));
}

}  // namespace

std::string narrate(const Match& m, int seat, Action a, const std::vector<int>& viewers,
                    const Style& style) {
  const DealState& s = m.state();
  bool shown = true;
  for (int v : viewers) shown = shown && taker_visible(s, seat, a, v);
  // Unseen, a Half contract's chooser is the partner to the declarer, who is not asked; to the
  // others it may be the declarer alone (game/view.h, taker_visible).
  const bool declarer_watches = viewers.size() == 1 && viewers[0] == s.declarer();
  const std::string name = shown              ? m.names()[static_cast<size_t>(seat)]
                           : declarer_watches ? "The partner"
                                              : "The partner or the declarer";
  const std::string what = action_text(a, style);
  std::string out;
  switch (a.kind()) {
    case ActionKind::Play:
      out = says(name, "play", "plays") + " " + what;
      if (s.family() == Family::CallAce && a.card() == s.call().called && seat != s.declarer()) {
        out += " (the called card: " + name + (name == "You" ? " are" : " is") + " the partner)";
      }
      if (s.trick_size() == 0) {
        out += fmt::format("; {} the trick",
                           says(m.names()[static_cast<size_t>(s.leader())], "win", "wins"));
      }
      out += ".\n";
      break;
    case ActionKind::Bid:
      out = says(name, "bid", "bids") + " " + what + ".\n";
      break;
    case ActionKind::AnnounceZero:
      out = says(name, "announce", "announces") + " zero play.\n";
      break;
    case ActionKind::ChooseMode:
      out = says(name, "choose", "chooses") + " the " + what + " mode for this deal.\n";
      break;
    case ActionKind::AuctionBid:
    case ActionKind::Contract:
      out = says(name, "bid", "bids") + " " + what + ".\n";
      break;
    case ActionKind::Pass:
      out = says(name, "pass", "passes") + ".\n";
      break;
    case ActionKind::ChooseTrump:
      out = says(name, "choose", "chooses") + " trump " + what + ".\n";
      break;
    case ActionKind::TurnNext:
      out = says(name, "turn", "turns") +
            " the next kitty card: " + card_text(s.kitty_card(s.call().turned - 1), style) + ".\n";
      break;
    case ActionKind::AcceptTrump:
      out = says(name, "accept", "accepts") + " " +
            card_text(s.kitty_card(s.call().turned - 1), style) + ": " +
            (s.trump() == Suit::None ? std::string("no trump")
                                     : "trump " + suit_text(s.trump(), style)) +
            ".\n";
      break;
    case ActionKind::CallCard:
      out = says(name, "call", "calls") + " " + what + ".\n";
      break;
    case ActionKind::TakeKitty:
      out = says(name, "take", "takes") + " the kitty.\n";
      break;
    case ActionKind::KeepHand:
      out = says(name, "keep", "keeps") + " the hand.\n";
      break;
    case ActionKind::PassCard:
    case ActionKind::Discard:
    case ActionKind::Invalid:
      break;  // private
  }
  // Two names of 48 columns and the rest do not fit a line (regression: 123 columns).
  return wrap_text(out + auction_news(m, a, viewers, style), m.names());
}

std::string last_trick_text(const Match& m, int seat, const Style& style) {
  const PlayerView v = m.view(seat);
  const int n = m.players();
  const int done = static_cast<int>(v.plays.size()) / n;
  if (done == 0) return "No trick has been completed in this deal yet.\n";
  std::vector<std::string> cards;
  for (int i = (done - 1) * n; i < done * n; ++i) {
    const PlayedCard& p = v.plays[static_cast<size_t>(i)];
    cards.push_back(m.names()[static_cast<size_t>(p.seat)] + " " + card_text(p.card, style));
  }
  // The winner of a trick leads the next one.
  const int winner = static_cast<int>(v.plays.size()) > done * n
                         ? v.plays[static_cast<size_t>(done * n)].seat
                         : m.state().leader();
  // Broken between words, a player and their card kept together (regression: 159 to 430
  // columns with long names).
  std::vector<std::string> whole = cards;
  whole.insert(whole.end(), m.names().begin(), m.names().end());
  return wrap_text(fmt::format("Trick {}: {}; {} it.\n", done, join(cards, ", "),
                               says(m.names()[static_cast<size_t>(winner)], "won", "won")),
                   whole);
}

std::string deal_result_text(const Match& m, const Style& style) {
  const DealResult& r = m.results().back();
  std::string out;
  if (r.thrown_in) {
    out = "The hand was thrown in: nobody scores.\n";
  } else {
    std::vector<std::string> items;
    for (int p = 0; p < m.players(); ++p) {
      const auto i = static_cast<size_t>(p);
      const std::string who = m.names()[i];
      if (m.rules().family == Family::CallAce) {
        items.push_back(
            fmt::format("{} took {}: {}", who, r.tricks[i], signed_points(r.points[i])));
      } else {
        items.push_back(fmt::format("{} bid {}, took {}: {}", who, r.bids[i], r.tricks[i],
                                    signed_points(r.points[i])));
      }
    }
    out = wrap_list("Deal over. ", items, "; ", ".");
  }
  out += "\n" + format_sheet(m, SheetStyle{.unicode = style.unicode, .max_width = kScreenWidth});
  if (!out.empty() && out.back() != '\n') out += "\n";
  return out;
}

InputContext input_context(const Match& m, int seat) {
  const PlayerView v = m.view(seat);
  InputContext ctx;
  ctx.phase = v.phase;
  ctx.family = m.rules().family;
  ctx.hand = shown_cards(v);
  ctx.legal.assign(v.legal.begin(), v.legal.end());
  ctx.jokers = m.rules().jokers > 0;
  return ctx;
}

}  // namespace whist::cli
