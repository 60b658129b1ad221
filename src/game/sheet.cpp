#include "game/sheet.h"

#include <algorithm>
#include <string_view>

namespace whist {

namespace {

// Display width of UTF-8 text: one column per code point (continuation bytes do not count).
// Good enough for names in Latin, Cyrillic or Greek script and the suit symbols.
int display_width(std::string_view s) {
  int w = 0;
  for (char ch : s) {
    if ((static_cast<unsigned char>(ch) & 0xC0) != 0x80) ++w;
  }
  return w;
}

std::string pad_left(std::string_view s, int width) {
  const int pad = std::max(0, width - display_width(s));
  return std::string(static_cast<size_t>(pad), ' ') + std::string(s);
}

std::string pad_right(std::string_view s, int width) {
  const int pad = std::max(0, width - display_width(s));
  return std::string(s) + std::string(static_cast<size_t>(pad), ' ');
}

void rtrim(std::string& s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
}

std::string trump_text(Suit s, const SheetStyle& style) {
  if (s == Suit::None) return "NT";
  return style.unicode ? std::string(suit_symbol(s)) : std::string(1, suit_char(s));
}

std::string signed_points(Points p) { return (p > Points() ? "+" : "") + to_string(p); }

// The seats that announced zero play in a deal, from its log: an announcement is made by the
// player whose turn it is to bid, and bids go round from the seat after the dealer.
std::vector<int> zero_announcers(const DealLog& log, int dealer, int players) {
  std::vector<int> out;
  int bids = 0;
  for (Action a : log.actions) {
    if (a.kind() == ActionKind::Bid) ++bids;
    if (a.kind() == ActionKind::AnnounceZero) out.push_back((dealer + 1 + bids) % players);
  }
  return out;
}

// The one-card mode actually played: the dealer's choice if there was one, else the plan's.
OneCardMode mode_played(const DealLog& log, OneCardMode planned) {
  for (Action a : log.actions) {
    if (a.kind() == ActionKind::ChooseMode) return a.mode();
  }
  return planned;
}

}  // namespace

std::string format_sheet(const Match& match, SheetStyle style) {
  const int n = match.players();
  const auto& results = match.results();
  const auto& names = match.names();
  const Rules& rules = match.rules();

  constexpr int kLeft = 5;  // "13 S", "12 NT"
  std::vector<int> bid_w(n, 2);
  std::vector<int> total_w(n, 3);
  for (const DealResult& r : results) {
    for (int p = 0; p < n; ++p) {
      bid_w[p] = std::max(bid_w[p], static_cast<int>(std::to_string(r.bids[p]).size()));
      total_w[p] = std::max(total_w[p], static_cast<int>(to_string(r.totals[p]).size()));
    }
  }
  for (int p = 0; p < n; ++p) {
    total_w[p] = std::max(total_w[p], display_width(names[p]) - bid_w[p] - 1);
  }

  std::string out;
  std::string line(kLeft, ' ');
  int width = kLeft;
  for (int p = 0; p < n; ++p) {
    const int cell = bid_w[p] + 1 + total_w[p];
    line += "  " + pad_left(names[p], cell) + " ";
    width += 2 + cell + 1;
  }
  rtrim(line);
  out += line + "\n";
  const std::string rule(static_cast<size_t>(width - 1), '-');
  out += rule + "\n";

  for (size_t k = 0; k < results.size(); ++k) {
    const DealResult& r = results[k];
    const DealLog* log = k < match.log().size() ? &match.log()[k] : nullptr;
    const DealPlan plan = match.schedule().plan(static_cast<int>(k));
    line =
        pad_right(pad_left(std::to_string(r.cards), 2) + " " + trump_text(r.trump, style), kLeft);
    std::vector<std::string> notes;
    if (plan.special == SpecialHand::Blind) notes.emplace_back("blind hand");
    if (plan.special == SpecialHand::AllZero) notes.emplace_back("all bid 0");
    if (plan.special == SpecialHand::AllEight) {
      notes.push_back("all bid " + std::to_string(r.cards));
    }
    if (log != nullptr && r.cards == 1) {
      const OneCardMode m = mode_played(*log, plan.mode);
      if (m == OneCardMode::Forehead) notes.emplace_back("forehead");
      if (m == OneCardMode::Blind) notes.emplace_back("blind");
    }
    if (log != nullptr && rules.spades_double && log->turned != kNoCard &&
        log->turned.suit() == Suit::Spades) {
      notes.emplace_back("x2");
    }
    if (log != nullptr) {
      for (int p : zero_announcers(*log, r.dealer, n)) notes.push_back(names[p] + " zero play");
    }
    for (int p = 0; p < n; ++p) {
      const bool marked = r.bonus[p] != Points();
      line += "  " + pad_left(std::to_string(r.bids[p]), bid_w[p]) + " " +
              pad_left(to_string(r.totals[p]), total_w[p]) + (marked ? "*" : " ");
      if (marked) notes.push_back(names[p] + " " + signed_points(r.bonus[p]));
    }
    rtrim(line);
    if (!notes.empty()) {
      line += "  ";
      for (size_t i = 0; i < notes.size(); ++i) line += (i == 0 ? "" : ", ") + notes[i];
    }
    out += line + "\n";
  }

  if (match.finished()) {
    const std::vector<int> winners = match.winners();
    out += rule + "\n";
    line = winners.size() == 1 ? "winner:" : "winners:";
    for (size_t i = 0; i < winners.size(); ++i) {
      line += (i == 0 ? " " : ", ") + names[winners[i]];
    }
    bool zero_play = false;
    for (int p : winners) zero_play = zero_play || (match.zero_play_announced() >> p & 1);
    if (!winners.empty()) {
      if (zero_play && match.totals()[winners[0]] == Points()) {
        line += " (zero play)";
      } else {
        line += " (" + to_string(match.totals()[winners[0]]) +
                (lowest_wins(rules.scoring) ? ", lowest wins" : "") + ")";
      }
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace whist
