#include "cli/play_input.h"

#include <algorithm>
#include <charconv>
#include <utility>

#include "core/text.h"
#include "game/view_json.h"
#include "rules/contracts.h"

namespace whist::cli {

namespace {

// Lower case, suit symbols as letters, words separated by single spaces, no space at either end.
std::string normalize(std::string_view raw) {
  const std::string text = suit_symbols_as_letters(raw);
  std::string out;
  bool space = false;
  for (const char c : text) {
    const auto ch = static_cast<unsigned char>(c);
    if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n') {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
  }
  return out;
}

std::optional<int> read_number(std::string_view s) {
  int n = 0;
  if (s.empty() || s.size() > 6) return std::nullopt;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return n;
}

// `text` without a leading word such as "play " (the full action texts are accepted too).
std::string_view strip_word(std::string_view text, std::initializer_list<std::string_view> words) {
  for (std::string_view w : words) {
    if (text.size() > w.size() && text.substr(0, w.size()) == w && text[w.size()] == ' ') {
      return text.substr(w.size() + 1);
    }
  }
  return text;
}

Input error(std::string text) {
  Input in;
  in.error = std::move(text);
  return in;
}

Input action(Action a) {
  Input in;
  in.action = a;
  return in;
}

Input pick_from_list(int n, const InputContext& ctx) {
  const int size = static_cast<int>(ctx.legal.size());
  if (n < 1 || n > size) {
    return error("there is no choice " + std::to_string(n) + ": pick 1 to " + std::to_string(size));
  }
  return action(ctx.legal[static_cast<size_t>(n - 1)]);
}

std::optional<Suit> read_suit(std::string_view s) {
  if (s == "spades" || s == "spade") return Suit::Spades;
  if (s == "hearts" || s == "heart") return Suit::Hearts;
  if (s == "diamonds" || s == "diamond") return Suit::Diamonds;
  if (s == "clubs" || s == "club") return Suit::Clubs;
  if (s == "nt" || s == "n" || s == "no trump" || s == "notrump") return Suit::None;
  return parse_suit(s);
}

Input card_phase(std::string_view text, const InputContext& ctx, const std::string& unreadable) {
  text = strip_word(text, {"play", "pass card", "pass", "discard"});
  std::optional<Card> card;
  if (const auto n = read_number(text)) {
    const int size = static_cast<int>(ctx.hand.size());
    if (*n < 1 || *n > size) {
      return error("there is no card number " + std::to_string(*n) + ": your cards are 1 to " +
                   std::to_string(size));
    }
    card = ctx.hand[static_cast<size_t>(*n - 1)];
  } else {
    card = read_card(text);
  }
  if (!card) return error(unreadable);
  if (ctx.phase == Phase::Passing) return action(Action::pass_card(*card));
  if (ctx.phase == Phase::Discard) return action(Action::discard(*card));
  return action(Action::play(*card));
}

Input bidding(std::string_view text, const InputContext& ctx, const std::string& unreadable) {
  if (text == "zero" || text == "z" || text == "zero play" || text == "announce zero") {
    return action(Action::announce_zero());
  }
  text = strip_word(text, {"bid"});
  const auto n = read_number(text);
  if (!n) return error(unreadable);
  // Larger numbers would be other actions' codes, so the rules never see them: say what the rules
  // say of a bid past the hand ("out of range 0-8"). The top bid is the hand's size, or the
  // largest legal bid where the hand is not shown (forehead).
  if (*n < 0 || *n > kMaxPlays - 1) {
    int top = static_cast<int>(ctx.hand.size());
    for (const Action a : ctx.legal) {
      if (a.kind() == ActionKind::Bid) top = std::max(top, a.bid_value());
    }
    return error("bid " + std::to_string(*n) + " out of range 0-" + std::to_string(top));
  }
  return action(Action::bid(*n));
}

Input israeli_auction(std::string_view text, const std::string& unreadable) {
  if (text == "pass" || text == "p") return action(Action::pass());
  text = strip_word(text, {"auction", "bid"});
  size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits == 0) return error(unreadable);
  const auto tricks = read_number(text.substr(0, digits));
  std::string_view rest = text.substr(digits);
  if (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  if (rest.empty()) {
    const std::string t(text.substr(0, digits));
    return error("name the trump too: e.g. " + t + "S, " + t + "H or " + t + "NT");
  }
  const auto suit = read_suit(rest);
  if (!tricks || !suit) return error(unreadable);
  if (*tricks > 13) return error("bid " + std::to_string(*tricks) + " out of range: at most 13");
  return action(Action::auction_bid(*tricks, *suit));
}

Input call_ace_auction(std::string_view text, const std::string& unreadable) {
  if (text == "pass" || text == "p") return action(Action::pass());
  text = strip_word(text, {"contract", "bid"});
  if (const auto index = parse_contract(text)) return action(Action::contract(*index));
  return error(unreadable);
}

// What each phase expects, for the message about text that could not be read.
std::string expected(const InputContext& ctx) {
  switch (ctx.phase) {
    case Phase::Playing:
      return "type a card such as QH or 10h, or its number in your hand";
    case Phase::Passing:
      return "type a card to pass, such as QH or 10h, or its number in your hand";
    case Phase::Discard:
      return "type a card to discard, such as QH or 10h, or its number in your hand";
    case Phase::Bidding:
      return "type your bid as a number of tricks";
    case Phase::Auction:
      return ctx.family == Family::CallAce ? "type a contract such as 8, 8 good or sun, or pass"
                                           : "type a bid such as 6S, 6H or 7NT, or pass";
    case Phase::ChooseMode:
      return "type regular, forehead or blind, or the number of the choice";
    case Phase::ChooseTrump:
      return "type a suit (S, H, D, C) or the number of the choice";
    case Phase::TurnKitty:
      return "type accept or turn, or the number of the choice";
    case Phase::CallCard:
      return "type the card to call, such as AH, or the number of the choice";
    case Phase::Exchange:
      return "type take or keep, or the number of the choice";
    case Phase::Done:
      break;
  }
  return "nothing to do now";
}

}  // namespace

bool picks_from_hand(Phase phase) {
  return phase == Phase::Playing || phase == Phase::Passing || phase == Phase::Discard;
}

bool shows_numbered_list(Phase phase) {
  return phase == Phase::ChooseMode || phase == Phase::ChooseTrump || phase == Phase::TurnKitty ||
         phase == Phase::CallCard || phase == Phase::Exchange;
}

std::vector<Card> display_order(CardSet hand) {
  std::vector<Card> out;
  for (Card c : hand& CardSet::jokers()) out.push_back(c);
  for (Suit s : {Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs}) {
    const size_t start = out.size();
    for (Card c : hand.of_suit(s)) out.push_back(c);
    std::reverse(out.begin() + static_cast<std::ptrdiff_t>(start), out.end());
  }
  return out;
}

std::optional<Card> read_card(std::string_view text) {
  std::string t = normalize(text);
  std::erase(t, ' ');  // "Q H", "10 h"
  return parse_card(t);
}

Input parse_input(std::string_view raw, const InputContext& ctx) {
  const std::string text = normalize(raw);
  if (text.empty()) return error("type a move, or help for the commands");
  static constexpr std::pair<std::string_view, Command> kCommands[] = {
      {"help", Command::Help},   {"?", Command::Help},    {"hint", Command::Hint},
      {"undo", Command::Undo},   {"last", Command::Last}, {"sheet", Command::Sheet},
      {"score", Command::Sheet}, {"quit", Command::Quit}, {"exit", Command::Quit},
  };
  for (const auto& [word, command] : kCommands) {
    if (text == word) {
      Input in;
      in.command = command;
      return in;
    }
  }
  const std::string unreadable =
      "cannot read " + quote_input(raw) + ": " + expected(ctx) + " (help lists the commands)";
  Input in;
  if (picks_from_hand(ctx.phase)) {
    in = card_phase(text, ctx, unreadable);
  } else if (ctx.phase == Phase::Bidding) {
    in = bidding(text, ctx, unreadable);
  } else if (ctx.phase == Phase::Auction) {
    in = ctx.family == Family::CallAce ? call_ace_auction(text, unreadable)
                                       : israeli_auction(text, unreadable);
  } else if (const auto n = read_number(text); n && shows_numbered_list(ctx.phase)) {
    return pick_from_list(*n, ctx);
  } else if (ctx.phase == Phase::ChooseMode) {
    const std::string_view m = strip_word(text, {"mode"});
    if (m == "regular" || m == "r") in = action(Action::choose_mode(OneCardMode::Regular));
    if (m == "forehead" || m == "f") in = action(Action::choose_mode(OneCardMode::Forehead));
    if (m == "blind" || m == "b") in = action(Action::choose_mode(OneCardMode::Blind));
  } else if (ctx.phase == Phase::ChooseTrump) {
    const auto suit = read_suit(strip_word(text, {"trump"}));
    if (suit && *suit != Suit::None) in = action(Action::choose_trump(*suit));
  } else if (ctx.phase == Phase::TurnKitty) {
    if (text == "accept" || text == "a" || text == "yes" || text == "y") {
      in = action(Action::accept_trump());
    }
    if (text == "turn" || text == "t" || text == "next" || text == "no") {
      in = action(Action::turn_next());
    }
  } else if (ctx.phase == Phase::CallCard) {
    if (const auto card = read_card(strip_word(text, {"call"}))) in = action(Action::call(*card));
  } else if (ctx.phase == Phase::Exchange) {
    if (text == "take" || text == "t" || text == "take the kitty") {
      in = action(Action::take_kitty());
    }
    if (text == "keep" || text == "k" || text == "keep the hand") in = action(Action::keep_hand());
  }
  if (in.action) return in;
  // The full texts of actions ("play QH", "bid 2", "trump S") are understood in every phase.
  if (!read_number(text)) {
    if (const auto a = parse_action(text)) return action(*a);
  }
  if (!in.error.empty()) return in;
  return error(unreadable);
}

std::string help_text(const InputContext& ctx, bool symbols) {
  std::string out = "Now: " + expected(ctx) + ".\n";
  // Within 80 columns; suit symbols only where the screen shows them (regression: "Q♥" in a
  // terminal of another charset).
  out +=
      symbols ? "Cards are typed as QH, qh, 10h, TH or Q♥" : "Cards are typed as QH, qh, 10h or TH";
  out +=
      " (ranks A K Q J 10/T 9 ... 2,\n"
      "suits S H D C).\n";
  // Regression: the hand showed X1 and nothing said what it was.
  if (ctx.jokers) {
    out +=
        "Jokers are X1, X2 and X3: a joker led wins the trick, and one played to a\n"
        "trick led by another card loses it.\n";
  }
  out +=
      "Commands:\n"
      "  hint    what a bot would do here, and why (the bots' own when they all share\n"
      "          one, unless random or an engine; else the expert)\n"
      "  undo    take back your last action (in a game against bots only)\n"
      "  last    show the last trick\n"
      "  sheet   show the score sheet so far\n"
      "  quit    save the game and stop (Ctrl-C and Ctrl-D too);\n"
      "          whist play --resume FILE continues it\n"
      "  help    this list\n";
  return out;
}

}  // namespace whist::cli
