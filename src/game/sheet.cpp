#include "game/sheet.h"

#include <algorithm>
#include <string_view>
#include <utility>

#include "core/text.h"
#include "rules/contracts.h"

namespace whist {

namespace {

// Columns on a terminal: a CJK name or an emoji takes two a character, an accent none.
int text_width(std::string_view s) { return static_cast<int>(display_width(s)); }

std::string pad_left(std::string_view s, int width) {
  const int pad = std::max(0, width - text_width(s));
  return std::string(static_cast<size_t>(pad), ' ') + std::string(s);
}

std::string pad_right(std::string_view s, int width) {
  const int pad = std::max(0, width - text_width(s));
  return std::string(s) + std::string(static_cast<size_t>(pad), ' ');
}

void rtrim(std::string& s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
}

// Room left at the end of the rows when names are shortened, for the notes most rows have when
// there are any: "  under", "  over", "  x2".
constexpr int kNoteRoom = 8;

// The players' columns: their widths, and what heads each and names its player in the notes.
struct Columns {
  std::vector<int> cells;
  std::vector<std::string> labels;
  std::vector<int> shortened;  // the seats whose label is not the whole name, for the legend
};

// The start of `name` that fits `width` columns, cut between characters.
std::string name_prefix(std::string_view name, int width) {
  std::string out(name.substr(0, width_prefix(name, static_cast<size_t>(std::max(0, width)))));
  rtrim(out);
  return out;
}

// The columns of a sheet whose players' numbers take `numbers[p]` columns, beside `fixed` more
// (the first columns, the spaces between). Whole names when the table fits `max_width`. Else
// the long names are shortened to what fits columns narrowed to leave kNoteRoom, a reader
// knowing the players by the start of their names, and the legend under the sheet gives them in
// full; "~" and the seat number end a shortened name that would read as another's.
Columns fit_columns(const std::vector<std::string>& names, const std::vector<int>& numbers,
                    int fixed, int max_width) {
  const auto n = names.size();
  std::vector<int> name_w(n);
  int widest = 0;
  for (size_t p = 0; p < n; ++p) {
    name_w[p] = text_width(names[p]);
    widest = std::max(widest, name_w[p]);
  }
  Columns c{.cells = std::vector<int>(n), .labels = names, .shortened = {}};
  const auto fit = [&](int cap) {
    int width = fixed;
    for (size_t p = 0; p < n; ++p) {
      c.cells[p] = std::max(numbers[p], std::min(name_w[p], cap));
      width += c.cells[p];
    }
    return width;
  };
  if (fit(widest) <= max_width) return c;
  int cap = widest - 1;
  while (cap > 1 && fit(cap) > max_width - kNoteRoom) --cap;
  fit(cap);
  for (size_t p = 0; p < n; ++p) {
    if (name_w[p] <= c.cells[p]) continue;
    c.labels[p] = name_prefix(names[p], c.cells[p]);
    c.shortened.push_back(static_cast<int>(p));
  }
  std::vector<int> alike;
  for (int p : c.shortened) {
    if (std::count(c.labels.begin(), c.labels.end(), c.labels[p]) > 1) alike.push_back(p);
  }
  for (int p : alike) {
    // Not `"~" + std::to_string(…)`: g++ 12 warns of a memcpy past any object's size there.
    const std::string seat = std::string(1, '~').append(std::to_string(p + 1));
    c.labels[p] = name_prefix(names[p], c.cells[p] - static_cast<int>(seat.size())) + seat;
  }
  return c;
}

// Under a sheet with shortened names: each in full, "Aleksand = Aleksandra Kowalczyk"; a name
// that would pass `max_width` there goes on the next line, indented by two (regression: a CJK
// name of 48 columns shortened to 36 among short names made a line of 87).
std::string legend(const Columns& c, const std::vector<std::string>& names, int max_width) {
  int width = 0;
  for (int p : c.shortened) width = std::max(width, text_width(c.labels[p]));
  std::string out;
  for (int p : c.shortened) {
    const std::string label = pad_right(c.labels[p], width);
    out += text_width(label) + 3 + text_width(names[p]) <= max_width
               ? label + " = " + names[p] + "\n"
               : c.labels[p] + " =\n  " + names[p] + "\n";
  }
  return out;
}

// `head`, then `items` separated by ", " (the first by `first_sep`), then `tail` and a line
// break, broken after a comma before an item that would pass `max_width`, the next line
// indented by `indent`.
std::string wrap(std::string head, std::string_view first_sep,
                 const std::vector<std::string>& items, std::string_view tail, int indent,
                 int max_width) {
  std::string out;
  std::string line = std::move(head);
  int column = text_width(line);
  for (size_t i = 0; i < items.size(); ++i) {
    const bool last = i + 1 == items.size();
    const std::string_view sep = i == 0 ? first_sep : ", ";
    const int need = text_width(items[i]) + (last ? text_width(tail) : 1);
    if (i > 0 && column + text_width(sep) + need > max_width) {
      out += line + ",\n";
      line = std::string(static_cast<size_t>(indent), ' ');
      column = indent;
    } else {
      line += sep;
      column += text_width(sep);
    }
    line += items[i];
    column += text_width(items[i]);
  }
  return out + line + std::string(tail) + "\n";
}

// A row and its notes: after it when they fit `max_width`, else on the lines below, indented to
// the players' first column, where a row has its cards and trump and such a line nothing.
std::string row_with_notes(const std::string& row, const std::vector<std::string>& notes,
                           int indent, int max_width) {
  if (notes.empty()) return row + "\n";
  int width = text_width(row) + 2;
  for (size_t i = 0; i < notes.size(); ++i) width += (i > 0 ? 2 : 0) + text_width(notes[i]);
  if (width <= max_width) return wrap(row, "  ", notes, "", indent, max_width);
  return row + "\n" +
         wrap(std::string(static_cast<size_t>(indent), ' '), "", notes, "", indent, max_width);
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
// "winners: A, B (0, lowest wins)", "winner: D (zero play)"; the names whole, on more lines when
// they pass `max_width`.
std::string winner_line(const SheetData& data, int max_width) {
  const std::vector<int>& winners = data.winners;
  const std::string head = winners.size() == 1 ? "winner:" : "winners:";
  std::vector<std::string> names;
  for (int p : winners) names.push_back(data.names[p]);
  std::string tail;
  uint8_t announced = 0;
  for (const DealResult& r : data.results) announced |= r.zero_announced;
  const auto total = [&](int seat) {
    return data.results.empty() ? Points() : data.results.back().totals[seat];
  };
  bool zero_play = false;
  for (int p : winners) zero_play = zero_play || (announced >> p & 1);
  if (!winners.empty()) {
    if (zero_play && total(winners[0]) == Points()) {
      tail = " (zero play)";
    } else {
      tail = " (" + to_string(total(winners[0])) +
             (lowest_wins(data.rules.scoring) ? ", lowest wins" : "") + ")";
    }
  }
  return wrap(head, " ", names, tail, static_cast<int>(head.size()) + 1, max_width);
}

// Under the rows: once the game is over, a rule and the winner line; the legend of shortened
// names, after a rule that closes the table above it.
std::string sheet_end(const SheetData& data, const Columns& columns, const std::string& rule,
                      int max_width) {
  const bool shortened = !columns.shortened.empty();
  std::string out;
  if (data.finished || (shortened && !data.results.empty())) out += rule + "\n";
  if (data.finished) out += winner_line(data, max_width);
  if (shortened) out += legend(columns, data.names, max_width);
  return out;
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
  int contract_w = text_width("contract");
  std::vector<int> pay_w(n, 3);
  std::vector<int> total_w(n, 3);
  for (const DealResult& r : results) {
    contract_w = std::max(contract_w, text_width(contract_text(r)));
    for (int p = 0; p < n; ++p) {
      pay_w[p] = std::max(pay_w[p], text_width(payment_text(r, p)));
      total_w[p] = std::max(total_w[p], text_width(to_string(r.totals[p])));
    }
  }
  const auto left = [&](std::string_view contract, std::string_view trump, std::string_view call) {
    return pad_right(contract, contract_w) + " " + pad_right(trump, 5) + " " + pad_right(call, 4);
  };
  const int left_w = contract_w + 1 + 5 + 1 + 4;
  std::vector<int> numbers(n);
  for (int p = 0; p < n; ++p) numbers[p] = pay_w[p] + 1 + total_w[p];
  const Columns columns = fit_columns(names, numbers, left_w + 2 * n, style.max_width);
  for (int p = 0; p < n; ++p) total_w[p] = columns.cells[p] - pay_w[p] - 1;

  std::string out;
  std::string line = left("contract", "trump", "call");
  for (int p = 0; p < n; ++p) line += "  " + pad_left(columns.labels[p], columns.cells[p]);
  const int width = text_width(line);
  rtrim(line);
  out += line + "\n";
  const std::string rule(static_cast<size_t>(width), '-');
  out += rule + "\n";

  for (const DealResult& r : results) {
    std::vector<std::string> notes;
    if (r.thrown_in) {
      line = left("-", "", "");
      notes.emplace_back(data.rules.redeal_on_all_pass ? "all passed, redeal"
                                                       : "all passed, thrown in");
    } else {
      line = left(contract_text(r), trump_text(r.trump, style),
                  r.called == kNoCard ? "-" : card_text(r.called, style));
      const int taken = r.tricks[r.declarer] + (r.partner >= 0 ? r.tricks[r.partner] : 0);
      notes.push_back(r.partner >= 0 ? "partner " + columns.labels[r.partner] : "alone");
      notes.push_back(std::to_string(taken) + (taken == 1 ? " trick" : " tricks"));
    }
    for (int p = 0; p < n; ++p) {
      line += "  " + pad_left(payment_text(r, p), pay_w[p]) + " " +
              pad_left(to_string(r.totals[p]), total_w[p]);
    }
    out += row_with_notes(line, notes, left_w + 2, style.max_width);
  }
  return out + sheet_end(data, columns, rule, style.max_width);
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
      bid_w[p] = std::max(bid_w[p], text_width(bid_text(r, p)));
      total_w[p] = std::max(total_w[p], static_cast<int>(to_string(r.totals[p]).size()));
    }
  }
  std::vector<int> numbers(n);
  for (int p = 0; p < n; ++p) numbers[p] = bid_w[p] + 1 + total_w[p];
  // A player's column: two spaces, the bid, a space, the total, the mark.
  const Columns columns = fit_columns(names, numbers, kLeft + 3 * n, style.max_width);
  for (int p = 0; p < n; ++p) total_w[p] = columns.cells[p] - bid_w[p] - 1;

  std::string out;
  std::string line(kLeft, ' ');
  int width = kLeft;
  for (int p = 0; p < n; ++p) {
    line += "  " + pad_left(columns.labels[p], columns.cells[p]) + " ";
    width += 2 + columns.cells[p] + 1;
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
    for (int p : zero_announcers(r, n)) notes.push_back(columns.labels[p] + " zero play");
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
      if (marked) notes.push_back(columns.labels[p] + " " + signed_points(r.bonus[p]));
    }
    rtrim(line);
    out += row_with_notes(line, notes, kLeft + 2, style.max_width);
  }
  return out + sheet_end(data, columns, rule, style.max_width);
}

}  // namespace whist
