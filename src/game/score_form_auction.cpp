// The scorekeeper's questions of the auction games: Israeli whist's auction and declarer, and
// Call-Ace whist's contract, declarer, called card and partner (game/score_form.h).
#include "core/text.h"
#include "game/score_form.h"
#include "game/score_form_detail.h"
#include "rules/contracts.h"

namespace whist {

using score_detail::one_of;
using score_detail::parse_count;
using score_detail::parse_suit_word;
using score_detail::parse_typed_card;

std::string DealForm::answer_israeli(AskKind kind, std::string_view text_view) {
  const std::string text(text_view);
  if (kind == AskKind::Declarer) {
    const PlayerAnswer p = parse_player(typed_, names_);
    if (!p.seat) return p.error;
    deal_.declarer = *p.seat;
    // The declarer's contract is the auction's number, unless the declarer names one last.
    if (!rules_.declarer_raise) deal_.bids[*p.seat] = *deal_.auction;
    return {};
  }
  if (one_of(text, {"thrown in", "thrown", "pass", "passed", "all passed", "-"})) {
    deal_.thrown_in = true;
    return {};
  }
  size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  const auto tricks = parse_count(std::string_view(text).substr(0, digits));
  std::string rest = text.substr(digits);
  if (!rest.empty() && rest.front() == ' ') rest.erase(0, 1);
  const std::optional<Suit> denomination = parse_suit_word(rest);
  if (!tricks || !denomination) {
    return "not an auction bid: " + quote_input(typed_) +
           " (tricks and trump, e.g. 7S or 6NT; or 'thrown in')";
  }
  if (*tricks < rules_.auction_min || *tricks > 13) {
    return "an auction bid names " + std::to_string(rules_.auction_min) + " to 13 tricks, not " +
           std::to_string(*tricks);
  }
  deal_.auction = *tricks;
  deal_.trump = *denomination;
  return {};
}

std::string DealForm::answer_call_ace(AskKind kind, std::string_view text_view) {
  const std::string text(text_view);
  switch (kind) {
    case AskKind::Contract: {
      if (one_of(text, {"all passed", "pass", "passed", "thrown in", "-"})) {
        deal_.thrown_in = true;
        return {};
      }
      const std::optional<int> c = parse_contract(text);
      if (!c) return "not a contract: " + quote_input(typed_) + " (e.g. 7, 8 turn, 9 quarter, sun)";
      deal_.contract = *c;
      // Good is played in clubs, Sense and the negative contracts without trump.
      const Contract& k = contract_ladder()[*c];
      if (k.kind == ContractKind::Good) deal_.trump = Suit::Clubs;
      if (k.kind == ContractKind::Sense || k.negative()) deal_.trump = Suit::None;
      return {};
    }
    case AskKind::Declarer: {
      const PlayerAnswer p = parse_player(typed_, names_);
      if (!p.seat) return p.error;
      deal_.declarer = *p.seat;
      return {};
    }
    case AskKind::Called: {
      const auto card = parse_typed_card(text);
      if (!card || card->is_joker()) return "not a card: " + quote_input(typed_) + " (e.g. AH)";
      if (card->rank() != Rank::Ace && card->rank() != Rank::King) {
        return "the called card is an ace (a king only for a declarer holding all four aces)";
      }
      const bool half = contract_ladder()[*deal_.contract].kind == ContractKind::Half;
      if (!half && card->suit() == *deal_.trump) return "the called card must not be a trump";
      deal_.called = *card;
      return {};
    }
    case AskKind::Partner: {
      if (one_of(text, {"alone", "none", "kitty", "-"})) {
        deal_.partner = -1;
        return {};
      }
      const PlayerAnswer p = parse_player(typed_, names_);
      if (!p.seat) return p.error + (p.ambiguous ? "" : " (or 'alone')");
      // A called card of the declarer's own means playing alone.
      deal_.partner = *p.seat == *deal_.declarer ? -1 : *p.seat;
      return {};
    }
    default:
      return "not a Call-Ace question";
  }
}

}  // namespace whist
