#include "core/card.h"

#include <cctype>
#include <utility>

#include "core/card_set.h"

namespace whist {

namespace {
constexpr std::string_view kRankChars = "23456789TJQKA";
constexpr std::string_view kSuitChars = "CDHS";
constexpr std::pair<std::string_view, char> kSymbols[] = {
    {"♠", 'S'}, {"♥", 'H'}, {"♦", 'D'}, {"♣", 'C'}, {"♤", 'S'}, {"♡", 'H'}, {"♢", 'D'}, {"♧", 'C'},
};
}  // namespace

std::string suit_symbols_as_letters(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    bool symbol = false;
    for (const auto& [sym, letter] : kSymbols) {
      if (text.substr(i, sym.size()) == sym) {
        out += letter;
        i += sym.size();
        // The emoji form (♥️) that phones and emoji pickers type: the symbol and U+FE0F.
        if (constexpr std::string_view kEmoji = "\xEF\xB8\x8F"; text.substr(i, 3) == kEmoji) i += 3;
        symbol = true;
        break;
      }
    }
    if (!symbol) out += text[i++];
  }
  return out;
}

char suit_char(Suit s) { return s == Suit::None ? 'N' : kSuitChars[static_cast<int>(s)]; }

char rank_char(Rank r) { return kRankChars[static_cast<int>(r)]; }

std::string_view suit_symbol(Suit s) {
  switch (s) {
    case Suit::Clubs:
      return "♣";
    case Suit::Diamonds:
      return "♦";
    case Suit::Hearts:
      return "♥";
    case Suit::Spades:
      return "♠";
    case Suit::None:
      break;
  }
  return "NT";
}

std::string suit_name(Suit s) { return s == Suit::None ? "none" : std::string(1, suit_char(s)); }

std::string to_string(Card c) {
  if (!c.valid()) return "??";
  if (c.is_joker()) return "X" + std::to_string(c.index() - Card::joker(0).index() + 1);
  return {rank_char(c.rank()), suit_char(c.suit())};
}

std::optional<Suit> parse_suit(std::string_view t) {
  std::string u;
  for (char ch : t) u += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  if (u == "N" || u == "NT" || u == "NONE") return Suit::None;
  if (u.size() != 1) return std::nullopt;
  auto pos = kSuitChars.find(u[0]);
  if (pos == std::string_view::npos) return std::nullopt;
  return static_cast<Suit>(pos);
}

std::optional<Card> parse_card(std::string_view t) {
  std::string u;
  for (char ch : t) u += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  if (u.size() == 2 && u[0] == 'X' && u[1] >= '1' && u[1] <= '3') return Card::joker(u[1] - '1');
  if (u.size() == 3 && u[0] == '1' && u[1] == '0') u = "T" + u.substr(2);
  if (u.size() != 2) return std::nullopt;
  auto r = kRankChars.find(u[0]);
  auto s = kSuitChars.find(u[1]);
  if (r == std::string_view::npos || s == std::string_view::npos) return std::nullopt;
  return Card(static_cast<Suit>(s), static_cast<Rank>(r));
}

Card CardSet::nth(int n) const {
  uint64_t b = bits_;
  for (; n > 0; --n) b &= b - 1;
  return Card::from_index(std::countr_zero(b));
}

std::optional<CardSet> parse_card_set(std::string_view text) {
  CardSet out;
  while (!text.empty()) {
    const size_t space = text.find(' ');
    const std::string_view word = text.substr(0, space);
    if (!word.empty()) {
      const auto c = parse_card(word);
      if (!c) return std::nullopt;
      out |= *c;
    }
    if (space == std::string_view::npos) break;
    text.remove_prefix(space + 1);
  }
  return out;
}

std::string to_string(CardSet s) {
  std::string out;
  for (int i = 63; i >= 0; --i) {
    if (!s.contains(Card::from_index(i))) continue;
    if (!out.empty()) out += ' ';
    out += to_string(Card::from_index(i));
  }
  return out;
}

}  // namespace whist
