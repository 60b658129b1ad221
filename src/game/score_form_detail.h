// Helpers shared by the scorekeeper's form (score_form.cpp, score_form_auction.cpp): reading
// answers as the table says them.
#pragma once

#include <algorithm>
#include <cctype>
#include <charconv>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include "core/card.h"

namespace whist::score_detail {

// Lower case with runs of spaces made one, and no spaces at either end: "  Clean  Sun" is
// "clean sun".
inline std::string normalize(std::string_view text) {
  std::string out;
  for (char ch : text) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (std::isspace(c)) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += static_cast<char>(std::tolower(c));
    }
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

inline std::optional<int> parse_count(std::string_view text) {
  int v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < 0) return std::nullopt;
  return v;
}

// A suit as the table says it: a letter, a word or a symbol; "nt" / "none" for no trump.
inline std::optional<Suit> parse_suit_word(const std::string& t) {
  static constexpr std::pair<std::string_view, Suit> kWords[] = {
      {"spades", Suit::Spades}, {"spade", Suit::Spades},      {"hearts", Suit::Hearts},
      {"heart", Suit::Hearts},  {"diamonds", Suit::Diamonds}, {"diamond", Suit::Diamonds},
      {"clubs", Suit::Clubs},   {"club", Suit::Clubs},        {"no trump", Suit::None},
      {"notrump", Suit::None}};
  for (const auto& [word, suit] : kWords) {
    if (t == word) return suit;
  }
  return parse_suit(suit_symbols_as_letters(t));
}

// A card as typed, spaces and suit symbols allowed ("A ♥", "10 h"), as parse_card reads it.
inline std::optional<Card> parse_typed_card(std::string_view text) {
  std::string compact;
  for (const char c : suit_symbols_as_letters(text)) {
    if (c != ' ') compact += c;
  }
  return parse_card(compact);
}

inline bool one_of(const std::string& t, std::initializer_list<std::string_view> words) {
  return std::find(words.begin(), words.end(), t) != words.end();
}

}  // namespace whist::score_detail
