#include "cli/play_screen.h"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>

#include "core/text.h"
#include "game/sheet.h"
#include "rules/contracts.h"

namespace whist::cli {

namespace {

// ANSI attributes, each with the code that ends it alone (a red card inside a bold line must
// not end the bold).
struct Paint {
  std::string_view on, off;
};
constexpr Paint kRed{"\033[31m", "\033[39m"};
constexpr Paint kDim{"\033[2m", "\033[22m"};
constexpr Paint kBold{"\033[1m", "\033[22m"};

std::string paint(std::string text, Paint p, bool colour) {
  if (!colour) return text;
  return std::string(p.on) + text + std::string(p.off);
}

// Columns of UTF-8 text on the terminal (core/text.h's display_width), none for a colour code
// (ESC [ … m).
int width(std::string_view s) {
  size_t w = 0;
  for (size_t i = 0; i < s.size();) {
    if (s[i] == '\033' && i + 1 < s.size() && s[i + 1] == '[') {
      const size_t m = s.find('m', i);
      i = m == std::string_view::npos ? s.size() : m + 1;
      continue;
    }
    const size_t end = std::min(s.find('\033', i + 1), s.size());
    w += display_width(s.substr(i, end - i));
    i = end;
  }
  return static_cast<int>(w);
}

std::string pad(std::string_view s, int w) {
  return std::string(s) + std::string(static_cast<size_t>(std::max(0, w - width(s))), ' ');
}

std::string cards_text(CardSet cards, const Style& style) {
  std::vector<std::string> out;
  for (Card c : display_order(cards)) out.push_back(card_text(c, style));
  return join(out, " ");
}

const char* mode_name(OneCardMode m) {
  switch (m) {
    case OneCardMode::Forehead:
      return "forehead";
    case OneCardMode::Blind:
      return "blind";
    default:
      return "regular";
  }
}

// The current trick's cards, from the view (the last trick_size plays).
std::vector<PlayedCard> current_trick(const PlayerView& v, int trick_size) {
  return {v.plays.end() - trick_size, v.plays.end()};
}

std::string auction_line(const Match& m, const PlayerView& v, const Style& style) {
  std::vector<std::string> calls;
  for (const SeatAction& h : v.history) {
    const ActionKind k = h.action.kind();
    if (k != ActionKind::AuctionBid && k != ActionKind::Pass && k != ActionKind::Contract) {
      continue;
    }
    const std::string who = h.seat >= 0 ? m.names()[static_cast<size_t>(h.seat)] : "?";
    calls.push_back(who + " " + action_text(h.action, style));
  }
  if (calls.empty()) return {};
  return wrap_list("Auction: ", calls, ", ", "");
}

// Whether `v`'s seat knows that the declarer of a called-partner contract plays alone: it played
// the called card, or the card was turned up in a Turn contract (whose declarer takes the kitty),
// or, to the declarer, the card is its own or in the kitty it took (regression: "partner secret"
// was shown to a declarer that called its own card, and to all once it had played it).
bool known_alone(const PlayerView& v, int declarer, ContractKind kind) {
  const Card called = v.call.called;
  if (called == kNoCard) return false;
  for (const PlayedCard& p : v.plays) {
    if (p.card == called) return p.seat == declarer;
  }
  if (kind == ContractKind::Turn && v.kitty_seen.contains(called)) return true;
  return v.seat == declarer && (v.own_hand.contains(called) || v.kitty_seen.contains(called) ||
                                v.call.kitty.contains(called));
}

std::string contract_lines(const Match& m, const PlayerView& v, const Style& style) {
  const DealState& s = m.state();
  const auto& names = m.names();
  std::string out;
  if (s.family() == Family::Israeli && s.declarer() >= 0 && v.phase != Phase::Auction &&
      v.phase != Phase::Passing) {
    out += fmt::format("Declarer: {}, contract {}{}\n", names[static_cast<size_t>(s.declarer())],
                       s.contract_tricks(), suit_text(s.trump(), style));
  }
  if (s.family() != Family::CallAce || v.call.contract < 0 || v.phase == Phase::Auction) {
    return out;
  }
  const Contract& c = contract_ladder()[static_cast<size_t>(v.call.contract)];
  const std::string declarer = names[static_cast<size_t>(s.declarer())];
  // Broken between its parts: two names of 48 columns do not fit a line (regression: 99 to 139
  // columns).
  std::vector<std::string> parts = {contract_name(v.call.contract) + " by " + declarer};
  if (s.trump() != Suit::None || v.phase == Phase::Playing) {
    parts.push_back("trump " + (s.trump() == Suit::None ? "none" : suit_text(s.trump(), style)));
  }
  if (v.call.called != kNoCard) parts.push_back("called " + card_text(v.call.called, style));
  const bool alone = c.alone() || known_alone(v, s.declarer(), c.kind);
  if (v.partner >= 0) {
    parts.push_back("partner " + names[static_cast<size_t>(v.partner)]);
  } else if (v.call.called != kNoCard && !c.alone()) {
    parts.emplace_back(alone ? "declarer alone" : "partner secret");
  }
  // Public, and told only once (regression, from an audit: at one keyboard, the narration was
  // cleared before the other player saw whether the kitty was taken).
  for (const SeatAction& h : v.history) {
    if (h.action.kind() == ActionKind::TakeKitty) parts.emplace_back("kitty taken");
    if (h.action.kind() == ActionKind::KeepHand) parts.emplace_back("kitty not taken");
  }
  out += wrap_list("Contract: ", parts, ", ", "");
  if (c.negative()) {
    out += fmt::format("{} must take exactly {} trick{}\n", declarer, c.negative_target(),
                       c.negative_target() == 1 ? "" : "s");
  } else {
    const int side =
        v.tricks[static_cast<size_t>(s.declarer())] +
        (v.partner >= 0 && v.partner != s.declarer() ? v.tricks[static_cast<size_t>(v.partner)]
                                                     : 0);
    out += fmt::format("The declaring side needs {} tricks; {} so far{}\n", c.tricks, side,
                       v.partner < 0 && !alone ? " (without the secret partner's)" : "");
  }
  return out;
}

// One row per player: bid, tricks won, and what the bid still needs.
std::string players_table(const Match& m, const PlayerView& v, int seat) {
  const DealState& s = m.state();
  const auto& names = m.names();
  const bool bids = s.family() != Family::CallAce;
  int w = 6;
  for (const auto& n : names) w = std::max(w, width(n));
  std::string out = fmt::format("    {}{}  won\n", pad("player", w), bids ? "  bid" : "");
  for (int p = 0; p < m.players(); ++p) {
    const auto i = static_cast<size_t>(p);
    std::vector<std::string> notes;
    const int bid = v.bids[i];
    if (bids && bid >= 0) {
      const int left = bid - v.tricks[i];
      notes.push_back(left > 0   ? fmt::format("needs {}", left)
                      : left < 0 ? fmt::format("{} over", -left)
                                 : "needs none");
    }
    if (p == s.dealer()) notes.push_back("dealer");
    if (v.zero_announced >> p & 1) notes.push_back("zero play");
    if (s.family() != Family::ExactBid && p == s.declarer() && v.phase != Phase::Auction) {
      notes.push_back("declarer");
    }
    if (p == seat && names[i] != "You") notes.push_back("you");
    const bool moving = v.to_move == p && !s.done();
    const std::string row = fmt::format(
        "  {} {}{}  {:>3}", moving ? '>' : ' ', pad(names[i], w),
        bids ? fmt::format("  {:>3}", bid >= 0 ? std::to_string(bid) : "-") : "", v.tricks[i]);
    const std::string note = join(notes, ", ");
    // Notes that would pass the screen's width (a long name of wide characters) go on a line of
    // their own, under the name (regression: rows of 85 columns).
    if (note.empty()) {
      out += row + "\n";
    } else if (width(row) + 3 + width(note) <= kScreenWidth) {
      out += row + "   " + note + "\n";
    } else {
      out += row + "\n      " + note + "\n";
    }
  }
  // What the hook and the others' chances turn on: the bids against the tricks to be had.
  if (bids && s.bids_made() > 0) {
    const int sum = s.bid_sum();
    const int cards = s.cards();
    out += fmt::format("    bids total {} for {} trick{}{}\n", sum, cards, cards == 1 ? "" : "s",
                       sum == cards  ? ""
                       : sum < cards ? fmt::format(" ({} under)", cards - sum)
                                     : fmt::format(" ({} over)", sum - cards));
  }
  return out;
}

std::string hand_line(const PlayerView& v, const Style& style) {
  const std::vector<Card> shown = shown_cards(v);
  if (v.own_hand.empty()) {
    if (!shown.empty()) return "Your card: 1:? (on your forehead: you cannot see it)\n";
    if (v.phase == Phase::ChooseMode) return "Your cards: not dealt yet\n";
    if (v.mode == OneCardMode::Forehead) return "Your card: on your forehead\n";
    if (v.phase == Phase::Bidding) return "Your cards: face down (you bid blind)\n";
    return {};
  }
  CardSet legal;
  if (v.phase == Phase::Playing) {
    for (Action a : v.legal) legal |= a.card();
  }
  // A group a suit, kept whole on its line.
  std::vector<std::string> groups;
  Suit last = Suit::None;
  for (size_t i = 0; i < shown.size(); ++i) {
    const Card c = shown[i];
    const Suit suit = c.is_joker() ? Suit::None : c.suit();
    if (i == 0 || suit != last) groups.emplace_back();
    last = suit;
    std::string item = fmt::format("{}:{}", i + 1, card_text(c, style));
    if (!legal.empty() && !legal.contains(c)) item = paint(item, kDim, style.colour);
    groups.back() += (groups.back().empty() ? "" : " ") + item;
  }
  return wrap_list("Your hand: ", groups, "   ", "");
}

// `head`, then the legal choices numbered from 1.
std::string numbered(std::string_view head, const PlayerView& v, const Style& style) {
  std::vector<std::string> items;
  for (int i = 0; i < v.legal.size; ++i) {
    items.push_back(fmt::format("{}) {}", i + 1, action_text(v.legal.items[i], style)));
  }
  return wrap_list(head, items, "   ", "");
}

std::string play_choices(const Match& m, const PlayerView& v, const Style& style) {
  const std::vector<Card> shown = shown_cards(v);
  if (v.own_hand.empty()) return "Play your card: 1\n";
  std::vector<std::string> items;
  CardSet legal;
  for (Action a : v.legal) legal |= a.card();
  for (size_t i = 0; i < shown.size(); ++i) {
    if (legal.contains(shown[i])) {
      items.push_back(fmt::format("{}:{}", i + 1, card_text(shown[i], style)));
    }
  }
  if (legal == v.own_hand) return wrap_list("Play any card: ", items, " ", "");
  // Why the other cards are not allowed. Jokers (Call-Ace) may be allowed beside the led suit
  // (regression: a joker beside hearts was read as "you have no H: you must trump").
  std::string why;
  const DealState& s = m.state();
  const CardSet plain = legal - CardSet::jokers();
  const Suit led = s.trick_size() > 0 ? s.led_suit() : Suit::None;
  if (led != Suit::None && !plain.empty() && plain.of_suit(led) == plain) {
    why = "you must follow " + suit_text(led, style);
  } else if (led != Suit::None && s.trump() != Suit::None && !plain.empty() &&
             plain.of_suit(s.trump()) == plain) {
    why = "you have no " + suit_text(led, style) + ": you must trump";
  } else {
    // Anything else (a joker may not lead the first trick): the engine's own reason.
    const CardSet refused = v.own_hand - legal;
    if (!refused.empty()) why = m.why_illegal(Action::play(refused.lowest()));
  }
  if (!why.empty() && legal.intersects(CardSet::jokers()) && !plain.empty()) {
    why += ", or play a joker";
  }
  return wrap_list("Play a card: ", items, " ", why.empty() ? "" : " (" + why + ")");
}

std::string bid_choices(const Match& m, const PlayerView& v) {
  std::vector<std::string> bids, forbidden;
  bool zero = false;
  for (Action a : v.legal) {
    if (a.kind() == ActionKind::Bid) bids.push_back(std::to_string(a.bid_value()));
    zero = zero || a.kind() == ActionKind::AnnounceZero;
  }
  for (int b = 0; b <= v.cards; ++b) {
    if (m.why_illegal(Action::bid(b)).rfind("the hook", 0) == 0) {
      forbidden.push_back(std::to_string(b));
    }
  }
  std::string out = "Your bid: ";
  if (v.setup.forced_bid >= 0) {
    out += join(bids, ", ") + " (everyone must bid " + std::to_string(v.setup.forced_bid) +
           " in this hand)";
  } else if (bids.size() == static_cast<size_t>(v.cards + 1)) {
    out += fmt::format("0 to {}", v.cards);
  } else {
    out += join(bids, ", ");
    if (!forbidden.empty()) out += " (the hook forbids " + join(forbidden, ", ") + ")";
  }
  if (zero) out += "; or zero to announce zero play";
  // 17 cards a player leave 17 bids (regression: 88 columns with 3 players of Oh Hell).
  return wrap_text(out + "\n");
}

std::string auction_choices(const PlayerView& v, const Style& style) {
  std::vector<std::string> names;
  for (Action a : v.legal) {
    if (a.kind() == ActionKind::Pass) continue;
    names.push_back(a.kind() == ActionKind::Contract ? contract_name(a.contract_index())
                                                     : action_text(a, style));
  }
  if (names.empty()) return "Call: pass\n";
  if (v.setup.family == Family::CallAce) {
    return wrap_list("Call: pass, or a contract: ", names, ", ", "");
  }
  return fmt::format("Call: pass, or a bid from {} up to {} (trumps rank {} < {} < {} < {} < NT)\n",
                     names.front(), names.back(), suit_text(Suit::Clubs, style),
                     suit_text(Suit::Diamonds, style), suit_text(Suit::Hearts, style),
                     suit_text(Suit::Spades, style));
}

}  // namespace

std::string cards_restyled(std::string_view text, const Style& style) {
  const auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  std::string out;
  for (size_t i = 0; i < text.size();) {
    // A card is a word of two capitals, a rank and a suit ("as" in a sentence is not A♠).
    const bool starts = i == 0 || !word_char(text[i - 1]);
    if (starts && i + 2 <= text.size() && (i + 2 == text.size() || !word_char(text[i + 2])) &&
        std::string_view("23456789TJQKA").find(text[i]) != std::string_view::npos &&
        std::string_view("SHDC").find(text[i + 1]) != std::string_view::npos) {
      if (const auto card = parse_card(text.substr(i, 2))) {
        out += card_text(*card, style);
        i += 2;
        continue;
      }
    }
    out += text[i++];
  }
  return out;
}

std::string reason_restyled(std::string_view text, const Style& style) {
  const std::string cards = cards_restyled(text, style);
  // A suit is a capital alone between spaces or brackets, or at a clause's end, or after the
  // number of a bid ("10S": a bid of two digits is no card, regression).
  std::string out;
  for (size_t i = 0; i < cards.size(); ++i) {
    size_t word = i;  // where the word of the letter starts, past the bid's digits
    while (word > 0 && std::isdigit(static_cast<unsigned char>(cards[word - 1])) != 0) --word;
    const bool alone =
        (word == 0 || std::string_view(" (").find(cards[word - 1]) != std::string_view::npos) &&
        (i + 1 == cards.size() ||
         std::string_view(" ),;:").find(cards[i + 1]) != std::string_view::npos);
    if (alone && std::string_view("SHDC").find(cards[i]) != std::string_view::npos) {
      out += suit_text(*parse_suit(std::string_view(&cards[i], 1)), style);
    } else {
      out += cards[i];
    }
  }
  return out;
}

std::string card_text(Card c, const Style& style) {
  if (!c.valid()) return "?";
  if (c.is_joker()) return to_string(c);
  const std::string rank = c.rank() == Rank::Ten ? "10" : std::string(1, rank_char(c.rank()));
  const bool red = c.suit() == Suit::Hearts || c.suit() == Suit::Diamonds;
  const std::string suit =
      style.unicode ? std::string(suit_symbol(c.suit())) : std::string(1, suit_char(c.suit()));
  return paint(rank + suit, kRed, style.colour && red);
}

std::string suit_text(Suit s, const Style& style) {
  if (s == Suit::None) return "NT";
  const bool red = s == Suit::Hearts || s == Suit::Diamonds;
  const std::string t = style.unicode ? std::string(suit_symbol(s)) : std::string(1, suit_char(s));
  return paint(t, kRed, style.colour && red);
}

std::string action_text(Action a, const Style& style) {
  switch (a.kind()) {
    case ActionKind::Play:
    case ActionKind::PassCard:
    case ActionKind::CallCard:
    case ActionKind::Discard:
      return card_text(a.card(), style);
    case ActionKind::Bid:
      return std::to_string(a.bid_value());
    case ActionKind::AnnounceZero:
      return "zero play";
    case ActionKind::ChooseMode:
      return mode_name(a.mode());
    case ActionKind::AuctionBid:
      return std::to_string(a.auction_tricks()) + suit_text(a.denomination(), style);
    case ActionKind::Pass:
      return "pass";
    case ActionKind::Contract:
      return contract_name(a.contract_index());
    case ActionKind::ChooseTrump:
      return suit_text(a.trump_suit(), style);
    case ActionKind::AcceptTrump:
      return "accept the turned card";
    case ActionKind::TurnNext:
      return "turn the next kitty card";
    case ActionKind::TakeKitty:
      return "take the kitty";
    case ActionKind::KeepHand:
      return "keep the hand";
    case ActionKind::Invalid:
      break;
  }
  return to_string(a);
}

std::string deal_header(const Match& m, const Style& style) {
  const DealState& s = m.state();
  std::string out = fmt::format("Deal {}", m.log().size());
  if (const auto length = m.schedule().length()) {
    out += fmt::format(" of {}", *length);
  } else if (m.rules().end == GameEnd::Target) {
    out += fmt::format(" (to {} points)", m.rules().target_score);  // as whist score says it
  }
  out += ": ";
  std::vector<std::string> parts;
  parts.push_back(fmt::format("{} card{} each", s.cards(), s.cards() == 1 ? "" : "s"));
  parts.push_back("dealer " + m.names()[static_cast<size_t>(s.dealer())]);
  if (s.family() == Family::ExactBid) {
    std::string trump =
        s.trump() == Suit::None ? "no trump" : "trump " + suit_text(s.trump(), style);
    if (s.turned() != kNoCard) trump += " (turned " + card_text(s.turned(), style) + ")";
    parts.push_back(trump);
  } else if (s.family() == Family::Israeli) {
    // Once the auction is over, its trump (regression: "trump by auction" all deal long).
    const bool known = s.declarer() >= 0 && s.phase() != Phase::Auction;
    if (!known) {
      parts.push_back("trump by auction");
    } else if (s.trump() == Suit::None) {
      parts.push_back("no trump (the auction's)");
    } else {
      parts.push_back("trump " + suit_text(s.trump(), style) + " (the auction's)");
    }
  } else {
    parts.push_back("a kitty of 3");
    parts.push_back("contracts by auction");
    if (s.trump() != Suit::None) {
      parts.push_back("trump " + suit_text(s.trump(), style));
    } else if (s.phase() == Phase::Playing) {
      parts.push_back("no trump");
    }
  }
  if (s.phase() == Phase::ChooseMode)
    parts.push_back("the dealer chooses how to play the one card");
  if (s.mode() != OneCardMode::Regular)
    parts.push_back(fmt::format("a {} deal", mode_name(s.mode())));
  if (s.blind_bidding()) parts.push_back("blind bidding");
  if (s.forced_bid() >= 0) parts.push_back(fmt::format("everyone must bid {}", s.forced_bid()));
  std::string text = wrap_list(out, parts, ", ", "");
  text.pop_back();  // the line break, after the bold
  return paint(text, kBold, style.colour) + "\n";
}

std::vector<Card> shown_cards(const PlayerView& v) {
  if (!v.own_hand.empty()) return display_order(v.own_hand);
  std::vector<Card> out;
  // A forehead deal: the one legal card is the player's own, unseen.
  if (v.phase == Phase::Playing) {
    for (Action a : v.legal) out.push_back(a.card());
  }
  return out;
}

std::string status_text(const Match& m, int seat, const Style& style) {
  const PlayerView v = m.view(seat);
  const DealState& s = m.state();
  const auto& names = m.names();
  std::string out = deal_header(m, style) + players_table(m, v, seat);
  out += auction_line(m, v, style);
  out += contract_lines(m, v, style);
  // Every passing round, not the last alone (regression, from an audit: the earlier rounds were
  // told nowhere else at one keyboard).
  for (size_t r = 0; r < v.received.size(); ++r) {
    const int from = (seat + m.players() - 1) % m.players();
    out +=
        wrap_text(fmt::format("{}ou passed {} to {} and received {} from {}\n",
                              v.received.size() > 1 ? fmt::format("Round {}: y", r + 1) : "Y",
                              cards_text(v.passed[r], style),
                              names[static_cast<size_t>((seat + 1) % m.players())],
                              cards_text(v.received[r], style), names[static_cast<size_t>(from)]),
                  names);
  }
  if (!v.kitty_seen.empty()) out += "Kitty cards seen: " + cards_text(v.kitty_seen, style) + "\n";
  if (!v.call.kitty.empty()) {
    out += "You discarded to the kitty: " + cards_text(v.call.kitty, style) + "\n";
  }
  for (int p = 0; p < m.players(); ++p) {
    const CardSet seen = v.visible[static_cast<size_t>(p)];
    if (p == seat || seen.empty()) continue;
    std::vector<std::string> cards;
    for (Card c : display_order(seen)) cards.push_back(card_text(c, style));
    out += wrap_list(names[static_cast<size_t>(p)] + "'s cards: ", cards, " ", "");
  }
  if (v.phase == Phase::Playing) {
    const int trick = s.tricks_played() + 1;
    std::vector<std::string> table;
    for (const PlayedCard& p : current_trick(v, s.trick_size())) {
      table.push_back(names[static_cast<size_t>(p.seat)] + " " + card_text(p.card, style));
    }
    if (table.empty()) {
      out += fmt::format("Trick {} of {}: {} to lead\n", trick, s.cards(),
                         names[static_cast<size_t>(s.leader())]);
    } else {
      // Broken at the screen's width, as the hand is, the winner on a line of its own if need
      // be (regression: 83 columns with 7 players, 124 with long names of wide characters).
      const std::string head = fmt::format("Trick {} of {}: ", trick, s.cards());
      const std::string winning =
          fmt::format("{} is winning", names[static_cast<size_t>(s.trick_winner())]);
      const std::string line = head + join(table, ", ") + "; " + winning;
      out += width(line) <= kScreenWidth
                 ? line + "\n"
                 : wrap_list(head, table, ", ", ";") + "  " + winning + "\n";
    }
  }
  out += hand_line(v, style);
  return out;
}

std::string choices_text(const Match& m, int seat, const Style& style) {
  const PlayerView v = m.view(seat);
  const auto& names = m.names();
  switch (v.phase) {
    case Phase::Playing:
      return play_choices(m, v, style);
    case Phase::Bidding:
      return bid_choices(m, v);
    case Phase::Auction:
      return auction_choices(v, style);
    case Phase::Passing: {
      const int chosen = v.choosing.size();
      std::string out =
          fmt::format("Choose {} more card{} to pass to {}", v.setup.pass_cards - chosen,
                      v.setup.pass_cards - chosen == 1 ? "" : "s",
                      names[static_cast<size_t>((seat + 1) % m.players())]);
      if (chosen > 0) out += " (chosen: " + cards_text(v.choosing, style) + ")";
      return wrap_text(out + ": a card or its number\n", names);
    }
    case Phase::Discard: {
      const int left = kKittySize - v.call.discards;
      std::string out = fmt::format("Discard {} more card{} to the kitty: a card or its number",
                                    left, left == 1 ? "" : "s");
      if (v.call.called != kNoCard) {
        out += " (not the called " + card_text(v.call.called, style) + ")";
      }
      return out + "\n";
    }
    case Phase::ChooseMode:
      return numbered("Choose how the one card is played: ", v, style);
    case Phase::ChooseTrump:
      return numbered("Choose trump: ", v, style);
    case Phase::TurnKitty:
      return numbered(
          "Kitty card turned: " + card_text(m.state().kitty_card(v.call.turned - 1), style) + ". ",
          v, style);
    case Phase::CallCard:
      return numbered("Call a card (its holder is your secret partner): ", v, style);
    case Phase::Exchange:
      return numbered("The kitty: ", v, style);
    case Phase::Done:
      break;
  }
  return {};
}

std::string join(const std::vector<std::string>& items, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) out += (i ? std::string(sep) : "") + items[i];
  return out;
}

std::string wrap_list(std::string_view head, const std::vector<std::string>& items,
                      std::string_view sep, std::string_view tail, int max_width) {
  std::string out(head);
  int column = width(head);
  const std::string trimmed_sep(sep.substr(0, sep.find_last_not_of(' ') + 1));
  for (size_t i = 0; i < items.size(); ++i) {
    const bool last = i + 1 == items.size();
    // The item with what follows it on its line: the separator, or the tail.
    const int need = width(items[i]) + (last ? width(tail) : width(trimmed_sep));
    // A long first item goes under a long head (regression: "whist play: romanian, 4 players: "
    // and a name of 48 columns made 82).
    if (i == 0 && column > 2 && column + need > max_width) {
      out.erase(out.find_last_not_of(' ') + 1);
      out += "\n  ";
      column = 2;
    }
    if (i > 0) {
      if (column + width(sep) + need > max_width) {
        out += trimmed_sep + "\n  ";
        column = 2;
      } else {
        out += sep;
        column += width(sep);
      }
    }
    out += items[i];
    column += width(items[i]);
  }
  return out + std::string(tail) + "\n";
}

namespace {

// One line of wrap_text.
std::string wrap_line(std::string_view line, const std::vector<std::string>& whole, int max_width) {
  if (width(line) <= max_width) return std::string(line);
  const size_t indent = std::min(line.find_first_not_of(' '), line.size());
  // The spaces inside a phrase kept whole are not places to break.
  std::vector<bool> kept(line.size(), false);
  for (const std::string& phrase : whole) {
    if (phrase.empty()) continue;
    for (size_t at = line.find(phrase); at != std::string_view::npos;
         at = line.find(phrase, at + 1)) {
      std::fill_n(kept.begin() + static_cast<std::ptrdiff_t>(at), phrase.size(), true);
    }
  }
  std::string out(line.substr(0, indent));
  int column = static_cast<int>(indent);
  bool empty = true;  // nothing on the output line yet but its indent
  size_t start = indent;
  for (size_t i = indent; i <= line.size(); ++i) {
    if (i < line.size() && (line[i] != ' ' || kept[i])) continue;
    const std::string_view word = line.substr(start, i - start);
    start = i + 1;
    const int w = width(word);
    if (!empty && column + 1 + w > max_width) {
      out += "\n" + std::string(indent + 2, ' ');
      column = static_cast<int>(indent) + 2;
      empty = true;
      if (word.empty()) continue;  // the second of two spaces
    }
    if (!empty) {
      out += ' ';
      ++column;
    }
    out += word;
    column += w;
    empty = false;
  }
  return out;
}

}  // namespace

std::string wrap_text(std::string_view text, const std::vector<std::string>& whole, int max_width) {
  std::string out;
  for (size_t start = 0; start < text.size();) {
    const size_t end = std::min(text.find('\n', start), text.size());
    out += wrap_line(text.substr(start, end - start), whole, max_width);
    if (end < text.size()) out += '\n';
    start = end + 1;
  }
  return out;
}

}  // namespace whist::cli
