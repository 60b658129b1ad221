#include "game/score_form.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "core/text.h"
#include "game/deal.h"
#include "game/score_form_detail.h"
#include "rules/contracts.h"

namespace whist {

namespace {

using score_detail::normalize;
using score_detail::one_of;
using score_detail::parse_count;
using score_detail::parse_suit_word;
using score_detail::parse_typed_card;

std::string suit_answer(Suit s) { return s == Suit::None ? "NT" : std::string(1, suit_char(s)); }

// Bids as a short text: "0-4", "0-4, not 2", "7-13", "0, 2-4".
std::string ranges_text(const std::vector<int>& allowed, int cards) {
  if (allowed.empty()) return "none";
  if (static_cast<int>(allowed.size()) == cards && allowed.front() == 0 &&
      allowed.back() == cards) {
    for (int b = 0; b <= cards; ++b) {
      if (!std::binary_search(allowed.begin(), allowed.end(), b)) {
        return "0-" + std::to_string(cards) + ", not " + std::to_string(b);
      }
    }
  }
  std::string out;
  for (size_t i = 0; i < allowed.size();) {
    size_t j = i;
    while (j + 1 < allowed.size() && allowed[j + 1] == allowed[j] + 1) ++j;
    if (!out.empty()) out += ", ";
    out += std::to_string(allowed[i]);
    if (j > i) {
      out += '-';
      out += std::to_string(allowed[j]);
    }
    i = j + 1;
  }
  return out;
}

}  // namespace

PlayerAnswer parse_player(std::string_view text, const std::vector<std::string>& names) {
  // Unicode's case and accents, not ASCII's alone (regression: "ZOË" named nobody).
  const std::string t = fold_name(text);
  const int n = static_cast<int>(names.size());
  PlayerAnswer out;
  if (const auto k = parse_count(t); k && *k >= 1 && *k <= n) {
    out.seat = *k - 1;
    return out;
  }
  std::vector<int> prefixes;
  for (int p = 0; p < n && !parse_count(t); ++p) {
    const std::string name = fold_name(names[p]);
    if (name == t) {
      out.seat = p;
      return out;
    }
    if (!t.empty() && name.starts_with(t)) prefixes.push_back(p);
  }
  if (prefixes.size() == 1) {
    out.seat = prefixes.front();
  } else if (prefixes.empty()) {
    out.error = "not a player: " + quote_input(text);
  } else {
    out.ambiguous = true;
    out.error = quote_input(text) + " could be ";
    for (size_t i = 0; i < prefixes.size(); ++i) {
      out.error += (i == 0 ? "" : i + 1 == prefixes.size() ? " or " : ", ") + names[prefixes[i]];
    }
  }
  return out;
}

// As read, not as written (regressions: "Ana Bo" and "Ana" U+00A0 "Bo" were two players whom a
// prompt could not tell apart, and so were "Ștefan" and "ștefan").
bool same_name(std::string_view a, std::string_view b) { return fold_name(a) == fold_name(b); }

std::string player_names_refusal(const std::vector<std::string>& names, bool kept) {
  for (size_t i = 0; i < names.size(); ++i) {
    const std::string& name = names[i];
    if (name.empty()) return "player " + std::to_string(i + 1) + "'s name is empty";
    const bool kept_as_written = kept && is_utf8(name) && is_clean_name(name);
    if (std::string why = name_refusal(name); !why.empty() && !kept_as_written) return why;
    if (std::isdigit(static_cast<unsigned char>(name[0]))) {
      return "a name may not start with a digit (" + quote_input(name) +
             "): numbers stand for seats";
    }
    for (size_t j = 0; j < i; ++j) {
      if (same_name(names[j], name)) {
        return name + " is named twice" +
               (names[j] == name ? ""
                                 : " (" + names[j] + " and " + name + ", case and spaces aside)");
      }
    }
  }
  return {};
}

std::string_view mode_name(OneCardMode m) {
  switch (m) {
    case OneCardMode::Forehead:
      return "forehead";
    case OneCardMode::Blind:
      return "blind";
    case OneCardMode::DealerChooses:
      return "dealer";
    case OneCardMode::Regular:
      break;
  }
  return "regular";
}

DealForm::DealForm(Rules rules, std::vector<std::string> names, DealContext context)
    : rules_(std::move(rules)), names_(std::move(names)), context_(context) {
  auto_fill();
}

std::vector<int> DealForm::bidding_order() const {
  const int n = players();
  // Israeli contracts start after the declarer, whose own is said last (or not at all).
  const int first = (rules_.family == Family::Israeli ? *deal_.declarer : context_.dealer) + 1;
  std::vector<int> out;
  for (int i = 0; i < n; ++i) out.push_back((first + i) % n);
  return out;
}

std::vector<int> DealForm::tricks_order() const {
  if (rules_.family == Family::Israeli) return bidding_order();
  std::vector<int> out;
  for (int i = 0; i < players(); ++i) out.push_back((context_.dealer + 1 + i) % players());
  return out;
}

std::optional<Question> DealForm::question() const {
  const std::string& dealer = names_[context_.dealer];
  const auto ask = [](AskKind kind, std::string prompt, std::string hint, int seat = -1) {
    return std::optional<Question>(Question{kind, seat, std::move(prompt), std::move(hint)});
  };
  std::string players_hint;
  for (size_t p = 0; p < names_.size(); ++p) players_hint += (p ? ", " : "") + names_[p];
  players_hint += " or 1-" + std::to_string(names_.size());
  switch (rules_.family) {
    case Family::ExactBid:
      if (context_.plan.mode == OneCardMode::DealerChooses && !deal_.mode) {
        return ask(AskKind::Mode, dealer + " chooses the one-card mode",
                   "regular, forehead or blind", context_.dealer);
      }
      if (context_.turns_card && !deal_.trump) {
        return ask(AskKind::Trump, "Turned card", "e.g. 9H, or its suit: S, H, D or C");
      }
      break;
    case Family::Israeli:
      if (!deal_.thrown_in && !deal_.auction) {
        return ask(AskKind::Auction, "Auction won with", "e.g. 7S or 6NT; or 'thrown in'");
      }
      if (deal_.thrown_in) return std::nullopt;
      if (!deal_.declarer) return ask(AskKind::Declarer, "Declarer", players_hint);
      break;
    case Family::CallAce: {
      if (!deal_.thrown_in && !deal_.contract) {
        return ask(AskKind::Contract, "Contract",
                   "e.g. 8, 8 turn, 9 quarter, sun; or 'all passed'");
      }
      if (deal_.thrown_in) return std::nullopt;
      if (!deal_.declarer) return ask(AskKind::Declarer, "Declarer", players_hint);
      const Contract& k = contract_ladder()[*deal_.contract];
      if (!deal_.trump) {
        return ask(AskKind::ContractTrump, "Trump",
                   k.kind == ContractKind::Turn ? "S, H, D or C; NT when a joker was turned last"
                                                : "S, H, D or C");
      }
      if (!k.alone() && !deal_.called) return ask(AskKind::Called, "Called card", "e.g. AH");
      if (!k.alone() && !deal_.partner) {
        return ask(AskKind::Partner, "Partner (who held " + to_string(*deal_.called) + ")",
                   players_hint + "; or 'alone'");
      }
      break;
    }
  }
  if (rules_.family != Family::CallAce) {
    for (int seat : bidding_order()) {
      if (deal_.bids[seat] < 0) {
        return ask(AskKind::Bid,
                   names_[seat] + (seat == context_.dealer ? " (dealer)" : "") + " bids",
                   bid_hint(seat), seat);
      }
    }
  }
  const std::vector<int> order = tricks_order();
  int taken = 0;
  int asked = 0;
  for (int seat : order) {
    if (deal_.tricks[seat] >= 0) {
      taken += deal_.tricks[seat];
      ++asked;
    }
  }
  for (int seat : order) {
    if (deal_.tricks[seat] < 0) {
      const int left = cards() - taken;
      const std::string hint = left == 0                ? "0: every trick is taken"
                               : asked + 1 == players() ? "the tricks left: " + std::to_string(left)
                                                        : "0-" + std::to_string(left);
      return ask(AskKind::Tricks, names_[seat] + " took", hint, seat);
    }
  }
  return std::nullopt;
}

std::string DealForm::answer(std::string_view raw) {
  const std::optional<Question> q = question();
  if (!q) return "the deal is complete";
  const std::string text = normalize(raw);
  if (text.empty()) return "no answer given";
  const size_t first = raw.find_first_not_of(" \t\r\n\v\f");
  typed_ = raw.substr(first, raw.find_last_not_of(" \t\r\n\v\f") + 1 - first);
  std::string error;
  switch (q->kind) {
    case AskKind::Mode:
      if (text == "regular" || text == "r") {
        deal_.mode = OneCardMode::Regular;
      } else if (text == "forehead" || text == "f") {
        deal_.mode = OneCardMode::Forehead;
      } else if (text == "blind" || text == "b") {
        deal_.mode = OneCardMode::Blind;
      } else {
        error = "not a one-card mode: " + quote_input(typed_) + " (regular, forehead or blind)";
      }
      break;
    case AskKind::Trump:
    case AskKind::ContractTrump:
      error = answer_trump(q->kind, text);
      break;
    case AskKind::Auction:
    case AskKind::Declarer:
      error = rules_.family == Family::Israeli ? answer_israeli(q->kind, text)
                                               : answer_call_ace(q->kind, text);
      break;
    case AskKind::Contract:
    case AskKind::Called:
    case AskKind::Partner:
      error = answer_call_ace(q->kind, text);
      break;
    case AskKind::Bid:
      error = answer_bid(q->seat, text);
      break;
    case AskKind::Tricks:
      error = answer_tricks(q->seat, text);
      break;
  }
  if (!error.empty()) return error;
  // Kept as typed (trimmed), not as normalized, for the transcript: "S", "Batya".
  const size_t a = raw.find_first_not_of(" \t");
  const size_t b = raw.find_last_not_of(" \t");
  answers_.emplace_back(raw.substr(a, b - a + 1));
  // A player by name, however typed (regression: the recap said "Declarer: 2").
  std::string said = answers_.back();
  if (q->kind == AskKind::Declarer && deal_.declarer) said = names_[*deal_.declarer];
  if (q->kind == AskKind::Partner && deal_.partner && *deal_.partner >= 0) {
    said = names_[*deal_.partner];
  }
  transcript_.push_back(q->prompt + ": " + said);
  auto_fill();
  return {};
}

void DealForm::auto_fill() {
  // Special hands force every bid: nothing to ask, unless the player may announce zero play.
  while (context_.forced_bid >= 0) {
    const std::optional<Question> q = question();
    if (!q || q->kind != AskKind::Bid || zero_announce_allowed(q->seat)) return;
    deal_.bids[q->seat] = context_.forced_bid;
  }
}

bool DealForm::undo() {
  if (answers_.empty()) return false;
  std::vector<std::string> keep(answers_.begin(), answers_.end() - 1);
  deal_ = ScoreDeal{};
  answers_.clear();
  transcript_.clear();
  auto_fill();
  for (const std::string& a : keep) answer(a);
  return true;
}

std::string DealForm::fill(const ScoreDeal& deal) {
  typing_ = false;
  std::string error;
  while (const std::optional<Question> q = question()) {
    const std::string text = answer_from(*q, deal);
    if (text.empty()) {
      // Regression: a deal in progress with a gap was taken up to the gap, and what followed it
      // dropped from the file when it was saved again.
      if (answers_after_gap(deal)) error = q->prompt + ": no answer, yet later answers are given";
      break;
    }
    if (error = answer(text); !error.empty()) {
      error = q->prompt + " " + text + ": " + error;
      break;
    }
  }
  if (error.empty()) error = unasked_zero_play(deal);
  typing_ = true;
  return error;
}

// An announcement in `deal` that no question took, by a seat whose turn to bid has gone by or
// never comes: an Israeli declarer, whose contract is the auction's; a hand thrown in; a special
// hand's forced bid filled in past the deadline. The engine refuses it there, and nothing typed
// gives it (regression: with zero play open to Israeli whist, it was dropped without a word).
std::string DealForm::unasked_zero_play(const ScoreDeal& deal) const {
  for (int seat = 0; seat < players(); ++seat) {
    if (!(deal.zero_play >> seat & 1) || (deal_.zero_play >> seat & 1)) continue;
    if (!complete() && deal_.bids[seat] < 0) continue;  // still to be asked
    std::string why = zero_refusal(seat);  // the option off, the deadline, a second time
    if (rules_.zero_play != ZeroPlay::Off) {
      if (deal_.thrown_in) {
        why = "the hand is thrown in, so nobody bids";
      } else if (rules_.family == Family::Israeli && deal_.declarer == seat) {
        why = "the declarer's contract is the auction's, so the declarer has no turn to bid";
      } else if (why.empty()) {
        why = "no turn to bid";
      }
    }
    return names_[seat] + " announces zero play: " + why;
  }
  return {};
}

// Whether `deal` answers a question this deal asks that has not been answered: asked after the
// one fill() stopped at for want of an answer. Values the rules fix, or that the deal never asks
// for (a rotation's trump, the partner of a contract played alone), are no answers.
bool DealForm::answers_after_gap(const ScoreDeal& deal) const {
  for (int p = 0; p < players(); ++p) {
    if (rules_.family != Family::CallAce && deal.bids[p] >= 0 && deal_.bids[p] < 0) return true;
    if (deal.tricks[p] >= 0 && deal_.tricks[p] < 0) return true;
  }
  if (deal.zero_play & ~deal_.zero_play) return true;
  if (rules_.family != Family::ExactBid && deal.declarer && !deal_.declarer) return true;
  switch (rules_.family) {
    case Family::ExactBid:
      if (context_.plan.mode == OneCardMode::DealerChooses && deal.mode && !deal_.mode) {
        return true;
      }
      return context_.turns_card && deal.trump && !deal_.trump;
    case Family::Israeli:
      return false;
    case Family::CallAce: {
      if (deal.trump && !deal_.trump) return true;
      const std::optional<int> contract = deal_.contract ? deal_.contract : deal.contract;
      if (contract && contract_ladder()[*contract].alone()) return false;
      return (deal.called && !deal_.called) || (deal.partner && !deal_.partner);
    }
  }
  return false;
}

std::string DealForm::answer_from(const Question& q, const ScoreDeal& deal) const {
  const auto player = [](const std::optional<int>& p) {
    return p ? std::to_string(*p + 1) : std::string();
  };
  switch (q.kind) {
    case AskKind::Mode:
      return deal.mode ? std::string(mode_name(*deal.mode)) : std::string();
    case AskKind::Trump:
    case AskKind::ContractTrump:
      return deal.trump ? suit_answer(*deal.trump) : std::string();
    case AskKind::Auction:
      if (deal.thrown_in) return "thrown in";
      if (!deal.auction || !deal.trump) return {};
      return std::to_string(*deal.auction) + suit_answer(*deal.trump);
    case AskKind::Contract:
      if (deal.thrown_in) return "all passed";
      return deal.contract ? contract_name(*deal.contract) : std::string();
    case AskKind::Declarer:
      return player(deal.declarer);
    case AskKind::Called:
      return deal.called ? to_string(*deal.called) : std::string();
    case AskKind::Partner:
      if (deal.partner && *deal.partner < 0) return "alone";
      return player(deal.partner);
    case AskKind::Bid:
      if ((deal.zero_play >> q.seat & 1) && !(deal_.zero_play >> q.seat & 1)) return "zero";
      return deal.bids[q.seat] >= 0 ? std::to_string(deal.bids[q.seat]) : std::string();
    case AskKind::Tricks:
      return deal.tricks[q.seat] >= 0 ? std::to_string(deal.tricks[q.seat]) : std::string();
  }
  return {};
}

std::string DealForm::answer_trump(AskKind kind, std::string_view text_view) {
  const std::string text(text_view);
  if (kind == AskKind::Trump) {
    if (const auto card = parse_typed_card(text)) {
      const CardSet deck = rules_.deck_cards();
      if (!deck.contains(*card)) {
        return to_string(*card) + " is not in the " + std::to_string(deck.size()) + "-card deck";
      }
      deal_.trump = card->suit();
      return {};
    }
  }
  const std::optional<Suit> suit = parse_suit_word(text);
  if (!suit) {
    // The turned card may be given as a card too, and the message says so (regression: "1h"
    // was answered "not a suit", where a card was meant).
    if (kind == AskKind::Trump) {
      return "not a card or a suit: " + quote_input(typed_) +
             " (a card such as 9H or 10h, or its suit: S, H, D or C)";
    }
    return "not a suit: " + quote_input(typed_) + " (S, H, D or C)";
  }
  if (*suit == Suit::None) {
    if (kind == AskKind::Trump) {
      return "a card is turned in this deal, so there is a trump: give the card (e.g. 9H) or its "
             "suit (S, H, D or C)";
    }
    if (contract_ladder()[*deal_.contract].kind != ContractKind::Turn) {
      return "the trump of " + contract_name(*deal_.contract) + " is a suit: S, H, D or C";
    }
  }
  deal_.trump = *suit;
  return {};
}

// Any game with bids, as in the engine (DealState::legal_actions): Israeli whist's announcement
// is made at one's turn to name a contract (regression: the scorekeeper allowed only the
// exact-bid games, and refused what the session had just invited and `whist play` allowed).
// zero_open is empty where zero_play is off (always in Call-Ace whist, which asks no bids).
bool DealForm::zero_announce_allowed(int seat) const {
  return (context_.zero_open >> seat & 1) && !(deal_.zero_play >> seat & 1);
}

// Why `seat` may not announce zero play now, as the engine says it (empty when it may).
std::string DealForm::zero_refusal(int seat) const {
  if (zero_announce_allowed(seat)) return {};
  if (rules_.zero_play == ZeroPlay::Off) {
    return "zero play is not played in this game (option zero_play)";
  }
  if ((deal_.zero_play | context_.zero_announced) >> seat & 1) {
    return "zero play is already announced";
  }
  return "the deadline for announcing zero play has passed";
}

std::string DealForm::why_bid_illegal(int seat, int bid) const {
  if (bid > cards()) {
    return "bid " + std::to_string(bid) + " out of range 0-" + std::to_string(cards());
  }
  // The engine's own bidding rules, on a position without cards: the bids so far, and in Israeli
  // whist the auction's result. Bidding never looks at the hands.
  DealSetup s;
  s.players = players();
  s.cards = cards();
  s.dealer = context_.dealer;
  s.hook = rules_.hook;
  s.forced_bid = context_.forced_bid;
  s.family = rules_.family;
  s.declarer_raise = rules_.declarer_raise;
  Position p;
  p.phase = Phase::Bidding;
  p.to_move = seat;
  for (int i = 0; i < players(); ++i) p.bids[i] = static_cast<int8_t>(deal_.bids[i]);
  if (rules_.family == Family::Israeli) {
    p.auction.high = static_cast<int8_t>(5 * *deal_.auction + static_cast<int>(*deal_.trump));
    p.auction.declarer = static_cast<int8_t>(*deal_.declarer);
  }
  p.zero_open = static_cast<uint8_t>(context_.zero_open & ~deal_.zero_play);
  p.zero_announced = static_cast<uint8_t>(context_.zero_announced | deal_.zero_play);
  return DealState::from_position(s, p).why_illegal(Action::bid(bid));
}

std::string DealForm::bid_hint(int seat) const {
  if (context_.forced_bid >= 0) {
    return "everyone bids " + std::to_string(context_.forced_bid) +
           (zero_announce_allowed(seat) ? "; or 'zero' to announce zero play" : "");
  }
  std::vector<int> allowed;
  for (int b = 0; b <= cards(); ++b) {
    if (why_bid_illegal(seat, b).empty()) allowed.push_back(b);
  }
  std::string hint = ranges_text(allowed, cards());
  if (zero_announce_allowed(seat)) hint += "; or 'zero' to announce zero play";
  return hint;
}

std::string DealForm::answer_bid(int seat, std::string_view text_view) {
  const std::string text(text_view);
  if (text == "zero" || text == "zero play" || text == "z") {
    if (std::string why = zero_refusal(seat); !why.empty()) return why;
    deal_.zero_play |= static_cast<uint8_t>(1u << seat);
    return {};
  }
  const std::optional<int> bid = parse_count(text);
  if (!bid) return "not a bid: " + quote_input(typed_) + " (" + bid_hint(seat) + ")";
  if (std::string error = why_bid_illegal(seat, *bid); !error.empty()) return error;
  deal_.bids[seat] = *bid;
  return {};
}

std::string DealForm::answer_tricks(int seat, std::string_view text_view) {
  const std::string text(text_view);
  const std::optional<int> t = parse_count(text);
  if (!t) return "not a number of tricks: " + quote_input(typed_);
  const auto tricks_played = [&] {
    return cards() == 1 ? std::string("1 trick was played")
                        : std::to_string(cards()) + " tricks were played";
  };
  if (*t > cards()) return std::to_string(*t) + " tricks: only " + tricks_played();
  int sum = *t;
  int others = 0;
  for (int p = 0; p < players(); ++p) {
    if (p != seat && deal_.tricks[p] >= 0) {
      sum += deal_.tricks[p];
      ++others;
    }
  }
  if (sum > cards()) {
    return "the tricks would add up to " + std::to_string(sum) + ", but " + tricks_played() +
           " (the others took " + std::to_string(sum - *t) + ")";
  }
  if (others + 1 == players() && sum != cards()) {
    return "the tricks add up to " + std::to_string(sum) + ", but " + tricks_played() + ": " +
           names_[seat] + " took " + std::to_string(cards() - (sum - *t)) +
           (typing_ ? " (or 'undo' to correct an earlier number)" : "");
  }
  deal_.tricks[seat] = *t;
  return {};
}

DealResult deal_result(const ScoreDeal& deal, const DealContext& context, const Rules& rules) {
  DealResult r;
  r.cards = context.plan.cards;
  r.dealer = context.dealer;
  r.trump = deal.trump.value_or(context.fixed_trump);
  r.special = context.plan.special;
  r.zero_announced = deal.zero_play;
  r.thrown_in = deal.thrown_in;
  const OneCardMode planned =
      context.plan.mode == OneCardMode::DealerChooses ? OneCardMode::Regular : context.plan.mode;
  r.mode = deal.mode.value_or(planned);
  for (int p = 0; p < rules.players; ++p) {
    r.bids[p] = deal.thrown_in ? -1 : deal.bids[p];
    r.tricks[p] = deal.thrown_in ? 0 : deal.tricks[p];
  }
  if (deal.thrown_in) r.trump = Suit::None;
  if (rules.family == Family::Israeli && !deal.thrown_in) {
    r.declarer = deal.declarer.value_or(-1);
    r.auction_tricks = deal.auction.value_or(0);
  }
  if (rules.family == Family::CallAce && !deal.thrown_in) {
    r.declarer = deal.declarer.value_or(-1);
    r.contract_index = deal.contract.value_or(-1);
    r.called = deal.called.value_or(kNoCard);
    r.partner = deal.partner.value_or(-1);
  }
  return r;
}

}  // namespace whist
