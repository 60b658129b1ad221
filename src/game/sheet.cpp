#include "game/sheet.h"

#include <algorithm>
#include <string_view>

#include "core/text.h"
#include "rules/contracts.h"

namespace whist {

namespace {

// Display width of UTF-8 text: one column per code point (continuation bytes do not count).
// Good enough for names in Latin, Cyrillic or Greek script and the suit symbols.
int display_width(std::string_view s) { return static_cast<int>(code_points(s)); }

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

std::string signed_points(Points p) {
  std::string out = p > Points() ? "+" : "";
  out += to_string(p);
  return out;
}

// The seats that announced zero play in a deal, in the order they spoke: an announcement is made
// by the player whose turn it is to bid, and bids go round from the seat after the dealer (in
// Israeli whist from the seat after the declarer, whose own contract is said last or not at all).
std::vector<int> zero_announcers(const DealResult& r, int players) {
  std::vector<int> out;
  const int first = (r.declarer >= 0 ? r.declarer : r.dealer) + 1;
  for (int i = 0; i < players; ++i) {
    const int seat = (first + i) % players;
    if (r.zero_announced >> seat & 1) out.push_back(seat);
  }
  return out;
}

// A player's bid in a row: "-" when there is none (a thrown-in hand), "*7" for the declarer of
// an Israeli hand.
std::string bid_text(const DealResult& r, int seat) {
  if (r.bids[seat] < 0) return "-";
  std::string out = seat == r.declarer ? "*" : "";
  out += std::to_string(r.bids[seat]);
  return out;
}

// The first column: cards dealt and trump ("13 S"); in Israeli whist the auction's winning bid
// ("7 S", "6 NT"), or "-" for a hand thrown in.
std::string left_text(const DealResult& r, bool israeli, const SheetStyle& style) {
  if (r.thrown_in) return " -";
  const int number = israeli && r.declarer >= 0 ? r.auction_tricks : r.cards;
  return pad_left(std::to_string(number), 2) + " " + trump_text(r.trump, style);
}

// The winner line under a finished game's sheet: "winner: Jovana (27)", "winners: A, B (18)",
// "winners: A, B (0, lowest wins)", "winner: D (zero play)".
std::string winner_line(const SheetData& data) {
  const std::vector<int>& winners = data.winners;
  std::string line = winners.size() == 1 ? "winner:" : "winners:";
  for (size_t i = 0; i < winners.size(); ++i) {
    line += (i == 0 ? " " : ", ") + data.names[winners[i]];
  }
  uint8_t announced = 0;
  for (const DealResult& r : data.results) announced |= r.zero_announced;
  const auto total = [&](int seat) {
    return data.results.empty() ? Points() : data.results.back().totals[seat];
  };
  bool zero_play = false;
  for (int p : winners) zero_play = zero_play || (announced >> p & 1);
  if (!winners.empty()) {
    if (zero_play && total(winners[0]) == Points()) {
      line += " (zero play)";
    } else {
      line += " (" + to_string(total(winners[0])) +
              (lowest_wins(data.rules.scoring) ? ", lowest wins" : "") + ")";
    }
  }
  return line;
}

// Call-Ace whist: a card as the sheet writes it ("AH", or "A♥" with suit symbols).
std::string card_text(Card c, const SheetStyle& style) {
  if (!style.unicode || c.is_joker()) return to_string(c);
  return std::string(1, rank_char(c.rank())) + std::string(suit_symbol(c.suit()));
}

// Call-Ace whist: a player's payment in a deal, "+12" or "-12", with "*" before the declarer's;
// "-" when the hand was thrown in.
std::string payment_text(const DealResult& r, int seat) {
  if (r.thrown_in) return "-";
  std::string out = seat == r.declarer ? "*" : "";
  out += signed_points(r.points[seat]);
  return out;
}

// Call-Ace whist's sheet: the contract, trump, the called card, then each player's payment and
// running balance; the row ends with the partner (or "alone") and the declaring side's tricks.
std::string format_call_ace_sheet(const SheetData& data, const SheetStyle& style) {
  const int n = data.rules.players;
  const auto& results = data.results;
  const auto& names = data.names;

  const auto contract_text = [](const DealResult& r) {
    return r.thrown_in || r.contract_index < 0 ? std::string("-") : contract_name(r.contract_index);
  };
  int contract_w = display_width("contract");
  std::vector<int> pay_w(n, 3);
  std::vector<int> total_w(n, 3);
  for (const DealResult& r : results) {
    contract_w = std::max(contract_w, display_width(contract_text(r)));
    for (int p = 0; p < n; ++p) {
      pay_w[p] = std::max(pay_w[p], display_width(payment_text(r, p)));
      total_w[p] = std::max(total_w[p], display_width(to_string(r.totals[p])));
    }
  }
  for (int p = 0; p < n; ++p) {
    total_w[p] = std::max(total_w[p], display_width(names[p]) - pay_w[p] - 1);
  }
  const auto left = [&](std::string_view contract, std::string_view trump, std::string_view call) {
    return pad_right(contract, contract_w) + " " + pad_right(trump, 5) + " " + pad_right(call, 4);
  };

  std::string out;
  std::string line = left("contract", "trump", "call");
  for (int p = 0; p < n; ++p) line += "  " + pad_left(names[p], pay_w[p] + 1 + total_w[p]);
  const int width = display_width(line);
  rtrim(line);
  out += line + "\n";
  const std::string rule(static_cast<size_t>(width), '-');
  out += rule + "\n";

  for (const DealResult& r : results) {
    std::string note;
    if (r.thrown_in) {
      line = left("-", "", "");
      note = data.rules.redeal_on_all_pass ? "all passed, redeal" : "all passed, thrown in";
    } else {
      line = left(contract_text(r), trump_text(r.trump, style),
                  r.called == kNoCard ? "-" : card_text(r.called, style));
      const int taken = r.tricks[r.declarer] + (r.partner >= 0 ? r.tricks[r.partner] : 0);
      note = (r.partner >= 0 ? "partner " + names[r.partner] : std::string("alone")) + ", " +
             std::to_string(taken) + (taken == 1 ? " trick" : " tricks");
    }
    for (int p = 0; p < n; ++p) {
      line += "  " + pad_left(payment_text(r, p), pay_w[p]) + " " +
              pad_left(to_string(r.totals[p]), total_w[p]);
    }
    out += line + "  " + note + "\n";
  }
  if (data.finished) out += rule + "\n" + winner_line(data) + "\n";
  return out;
}

}  // namespace

std::string format_sheet(const Match& match, SheetStyle style) {
  return format_sheet(SheetData{.rules = match.rules(),
                                .names = match.names(),
                                .results = match.results(),
                                .finished = match.finished(),
                                .winners = match.winners()},
                      style);
}

std::string format_sheet(const SheetData& data, SheetStyle style) {
  const int n = data.rules.players;
  const auto& results = data.results;
  const auto& names = data.names;
  const Rules& rules = data.rules;
  if (rules.family == Family::CallAce) return format_call_ace_sheet(data, style);

  const bool israeli = rules.family == Family::Israeli;
  // Whether the contracts' sum (over or under the tricks) matters for the score.
  const bool over_under = israeli || rules.scoring == Scoring::Israeli;
  constexpr int kLeft = 5;  // "13 S", "12 NT"
  std::vector<int> bid_w(n, 2);
  std::vector<int> total_w(n, 3);
  for (const DealResult& r : results) {
    for (int p = 0; p < n; ++p) {
      bid_w[p] = std::max(bid_w[p], display_width(bid_text(r, p)));
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
    line = pad_right(left_text(r, israeli, style), kLeft);
    std::vector<std::string> notes;
    if (r.thrown_in) notes.emplace_back("thrown in");
    if (r.special == SpecialHand::Blind) notes.emplace_back("blind hand");
    if (r.special == SpecialHand::AllZero) notes.emplace_back("all bid 0");
    if (r.special == SpecialHand::AllEight) {
      notes.push_back("all bid " + std::to_string(r.cards));
    }
    if (r.cards == 1) {
      if (r.mode == OneCardMode::Forehead) notes.emplace_back("forehead");
      if (r.mode == OneCardMode::Blind) notes.emplace_back("blind");
    }
    // With a turned trump the trump is the turned card's suit (see Tally::score).
    if (rules.spades_double && rules.trump == TrumpRule::Turned && r.trump == Suit::Spades) {
      notes.emplace_back("x2");
    }
    for (int p : zero_announcers(r, n)) notes.push_back(names[p] + " zero play");
    if (over_under && !r.thrown_in) {
      int sum = 0;
      for (int p = 0; p < n; ++p) sum += r.bids[p];
      // A sum equal to the tricks (only without the hook) scores a made zero as under.
      notes.emplace_back(sum > r.cards ? "over" : "under");
    }
    for (int p = 0; p < n; ++p) {
      const bool marked = r.bonus[p] != Points();
      line += "  " + pad_left(bid_text(r, p), bid_w[p]) + " " +
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

  if (data.finished) out += rule + "\n" + winner_line(data) + "\n";
  return out;
}

}  // namespace whist
