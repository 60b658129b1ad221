#include "rules/options.h"

#include <array>
#include <charconv>
#include <utility>

#include "core/text.h"
#include "rules/presets.h"
#include "rules/scoring.h"

namespace whist {

namespace {

template <typename E>
using Names = std::span<const std::pair<E, std::string_view>>;

constexpr std::pair<ScheduleKind, std::string_view> kScheduleNames[] = {
    {ScheduleKind::OneEightOne, "1-8-1"},
    {ScheduleKind::EightOneEight, "8-1-8"},
    {ScheduleKind::EachDealer, "each-dealer"},
    {ScheduleKind::DownUp, "down-up"},
};
constexpr std::pair<TrumpRule, std::string_view> kTrumpNames[] = {
    {TrumpRule::Turned, "turned"}, {TrumpRule::Rotation, "rotation"}, {TrumpRule::NoTrump, "none"}};
constexpr std::pair<OneCardMode, std::string_view> kModeNames[] = {
    {OneCardMode::Regular, "regular"},
    {OneCardMode::Forehead, "forehead"},
    {OneCardMode::Blind, "blind"},
    {OneCardMode::DealerChooses, "dealer"},
};
constexpr std::pair<OneCardDeals, std::string_view> kOneCardDealNames[] = {
    {OneCardDeals::All, "all"},
    {OneCardDeals::First, "first"},
    {OneCardDeals::Last, "last"},
    {OneCardDeals::FirstAndLast, "first-last"},
};
constexpr std::pair<ZeroBid, std::string_view> kZeroBidNames[] = {
    {ZeroBid::System, "system"}, {ZeroBid::Five, "5"}, {ZeroBid::FivePlusCards, "5+cards"}};
constexpr std::pair<ZeroPlay, std::string_view> kZeroPlayNames[] = {
    {ZeroPlay::Off, "off"},
    {ZeroPlay::Start, "start"},
    {ZeroPlay::BeforePivot, "before-pivot"},
    {ZeroPlay::TenBeforeEnd, "10-before-end"},
};
constexpr std::pair<GameEnd, std::string_view> kEndNames[] = {
    {GameEnd::Schedule, "schedule"}, {GameEnd::Target, "target"}, {GameEnd::Deals, "deals"}};
constexpr std::pair<SpecialHand, std::string_view> kSpecialNames[] = {
    {SpecialHand::Blind, "blind"},
    {SpecialHand::AllZero, "zero"},
    {SpecialHand::AllEight, "eight"}};
constexpr std::pair<DeckKind, std::string_view> kDeckNames[] = {
    {DeckKind::Full52, "52"}, {DeckKind::EightPerPlayer, "8-per-player"}};

template <typename E>
std::string_view name_of(Names<E> names, E e) {
  for (const auto& [v, n] : names) {
    if (v == e) return n;
  }
  return "?";
}

template <typename E>
std::string choices(Names<E> names) {
  std::string out;
  for (const auto& [v, n] : names) out += (out.empty() ? "" : "|") + std::string(n);
  return out;
}

template <typename E>
std::string set_enum(Names<E> names, E& field, std::string_view value) {
  for (const auto& [v, n] : names) {
    if (n == value) {
      field = v;
      return {};
    }
  }
  return "expected one of " + choices(names);
}

std::string set_bool(bool& field, std::string_view v) {
  if (v == "on" || v == "true" || v == "yes" || v == "1") {
    field = true;
  } else if (v == "off" || v == "false" || v == "no" || v == "0") {
    field = false;
  } else {
    return "expected on or off";
  }
  return {};
}

std::string bool_text(bool b) { return b ? "on" : "off"; }

std::optional<int> parse_int(std::string_view v) {
  int out = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  if (ec != std::errc() || p != v.data() + v.size()) return std::nullopt;
  return out;
}

std::string set_int(int& field, std::string_view v, int lo, int hi) {
  auto n = parse_int(v);
  if (!n || *n < lo || *n > hi) {
    return "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
  }
  field = *n;
  return {};
}

// The items of a comma-separated list, each trimmed of spaces; an empty item stays, to be
// refused (regression: a last one was dropped, so "1,2," was taken for "1,2").
std::vector<std::string_view> split_list(std::string_view v) {
  std::vector<std::string_view> out;
  if (v.empty()) return out;
  for (;;) {
    auto comma = v.find(',');
    auto item = v.substr(0, comma);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    out.push_back(item);
    if (comma == std::string_view::npos) break;
    v.remove_prefix(comma + 1);
  }
  return out;
}

std::string get_schedule(const Rules& r) {
  if (r.schedule != ScheduleKind::Explicit) {
    return std::string(name_of<ScheduleKind>(kScheduleNames, r.schedule));
  }
  std::string out;
  for (int c : r.schedule_list) out += (out.empty() ? "" : ",") + std::to_string(c);
  return out;
}

std::string set_schedule(Rules& r, std::string_view v) {
  if (set_enum<ScheduleKind>(kScheduleNames, r.schedule, v).empty()) {
    r.schedule_list.clear();  // a named schedule keeps no stale list
    return {};
  }
  std::vector<int> list;
  for (auto item : split_list(v)) {
    auto n = parse_int(item);
    if (!n || *n < 1 || *n > 52) {
      return "expected " + choices<ScheduleKind>(kScheduleNames) +
             " or a list of hand sizes such as 5,3,1,3,5";
    }
    list.push_back(*n);
  }
  if (list.empty()) return "the schedule is empty";
  r.schedule = ScheduleKind::Explicit;
  r.schedule_list = std::move(list);
  return {};
}

std::string get_trump_order(const Rules& r) {
  std::string out;
  for (Suit s : r.trump_order) out += (out.empty() ? "" : ",") + suit_name(s);
  return out;
}

std::string set_trump_order(Rules& r, std::string_view v) {
  std::vector<Suit> order;
  for (auto item : split_list(v)) {
    auto s = parse_suit(item);
    if (!s) return "expected a list of S, H, D, C and none, such as S,D,H,C,none";
    order.push_back(*s);
  }
  if (order.empty()) return "the trump order is empty";
  r.trump_order = std::move(order);
  return {};
}

std::string get_special(const Rules& r) {
  if (r.special_hands.empty()) return "none";
  std::string out;
  for (SpecialHand s : r.special_hands) {
    out += (out.empty() ? "" : ",") + std::string(name_of<SpecialHand>(kSpecialNames, s));
  }
  return out;
}

std::string set_special(Rules& r, std::string_view v) {
  std::vector<SpecialHand> hands;
  if (v != "none" && !v.empty()) {
    for (auto item : split_list(v)) {
      SpecialHand h{};
      if (!set_enum<SpecialHand>(kSpecialNames, h, item).empty()) {
        return "expected none or a list of blind, zero, eight";
      }
      hands.push_back(h);
    }
  }
  r.special_hands = std::move(hands);
  return {};
}

std::string set_scoring(Rules& r, std::string_view v) {
  auto s = parse_scoring(v);
  if (!s) return "unknown scoring system (see `whist variants` for the list)";
  r.scoring = *s;
  return {};
}

#define WHIST_ENUM_OPTION(name, table, field, values, desc)                                     \
  OptionInfo {                                                                                  \
    name, values, desc,                                                                         \
        [](const Rules& r) { return std::string(name_of<decltype(r.field)>(table, r.field)); }, \
        [](Rules& r, std::string_view v) {                                                      \
          return set_enum<decltype(r.field)>(table, r.field, v);                                \
        }                                                                                       \
  }
#define WHIST_BOOL_OPTION(name, field, desc)                                 \
  OptionInfo {                                                               \
    name, "on|off", desc, [](const Rules& r) { return bool_text(r.field); }, \
        [](Rules& r, std::string_view v) { return set_bool(r.field, v); }    \
  }
#define WHIST_INT_OPTION(name, field, lo, hi, desc)                                              \
  OptionInfo {                                                                                   \
    name, "a number " #lo "-" #hi, desc, [](const Rules& r) { return std::to_string(r.field); }, \
        [](Rules& r, std::string_view v) { return set_int(r.field, v, lo, hi); }                 \
  }

const std::array kOptions = {
    OptionInfo{"scoring", "see `whist variants`", "the scoring system",
               [](const Rules& r) { return std::string(scoring_name(r.scoring)); }, set_scoring},
    WHIST_BOOL_OPTION("must_trump", must_trump, "a player void in the led suit must trump if able"),
    // Israeli whist's wording is option_description()'s.
    WHIST_BOOL_OPTION("hook", hook,
                      "the dealer may not bid so that the bids sum to the cards dealt"),
    OptionInfo{"schedule", "1-8-1|8-1-8|each-dealer|down-up|list such as 5,3,1",
               "the hand sizes deal by deal (8 stands for the largest hand)", get_schedule,
               set_schedule},
    WHIST_INT_OPTION("max_cards", max_cards, 0, 52,
                     "the largest hand; 0 = as many as the deck allows"),
    WHIST_ENUM_OPTION("deck", kDeckNames, deck, "52|8-per-player",
                      "the full 52 cards, or 8 per player (top 2N ranks)"),
    WHIST_ENUM_OPTION("trump", kTrumpNames, trump, "turned|rotation|none",
                      "how trump is chosen each deal"),
    OptionInfo{"trump_order", "list of S H D C none", "the trump rotation, from the first deal",
               get_trump_order, set_trump_order},
    WHIST_ENUM_OPTION("one_card_mode", kModeNames, one_card_mode, "regular|forehead|blind|dealer",
                      "how one-card deals are played: regular, forehead, blind, dealer chooses"),
    WHIST_ENUM_OPTION("one_card_deals", kOneCardDealNames, one_card_deals,
                      "all|first|last|first-last", "which one-card deals use one_card_mode"),
    WHIST_ENUM_OPTION("zero_bid", kZeroBidNames, zero_bid, "system|5|5+cards",
                      "a made zero bid scores as the system says, 5, or 5 + cards dealt"),
    WHIST_BOOL_OPTION("spades_double", spades_double, "a turned spade doubles the deal's points"),
    WHIST_INT_OPTION("streak_bonus", streak_bonus, 0, 1000,
                     "bonus for streak_length exact bids in a row (0 = off)"),
    WHIST_INT_OPTION("streak_length", streak_length, 1, 100, "exact bids in a row for the bonus"),
    WHIST_BOOL_OPTION("streak_one_card", streak_one_card, "one-card deals count in streaks"),
    WHIST_INT_OPTION("miss_penalty", miss_penalty, 0, 1000,
                     "points lost for miss_length missed bids in a row (0 = off)"),
    WHIST_INT_OPTION("miss_length", miss_length, 1, 100, "missed bids in a row for the penalty"),
    WHIST_ENUM_OPTION("zero_play", kZeroPlayNames, zero_play,
                      "off|start|before-pivot|10-before-end",
                      "zero play: whether and until when a player may announce ending on 0"),
    OptionInfo{"special_hands", "none or list of blind,zero,eight",
               "extra largest-size deals after the schedule", get_special, set_special},
    WHIST_ENUM_OPTION("end", kEndNames, end, "schedule|target|deals",
                      "the game ends with the schedule, a target, or a deal count"),
    WHIST_INT_OPTION("target_score", target_score, 1, 100000, "the target score when end=target"),
    WHIST_INT_OPTION("deals", deal_limit, 0, 10000,
                     "the number of deals when end=deals; with end=target a cap (0 = 1000)"),
    WHIST_INT_OPTION("auction_min", auction_min, 1, 13,
                     "israeli: the smallest first auction bid (one more after each passing round)"),
    WHIST_INT_OPTION("auction_passes", auction_passes, 3, 4,
                     "israeli: passes in a row after a bid that end the auction"),
    WHIST_INT_OPTION("pass_rounds", pass_rounds, 0, 3,
                     "israeli: card-passing rounds when all pass without a bid, then thrown in"),
    WHIST_INT_OPTION("pass_cards", pass_cards, 1, 6, "israeli: cards passed to the next seat"),
    WHIST_BOOL_OPTION("declarer_raise", declarer_raise,
                      "israeli: the declarer names a contract of at least the auction number"),
    WHIST_INT_OPTION("zero_over", zero_over, 0, 1000,
                     "israeli scoring: a made zero when the contracts sum above the tricks"),
    WHIST_INT_OPTION("zero_under", zero_under, 0, 1000,
                     "israeli scoring: a made zero when the contracts sum below the tricks"),
    WHIST_BOOL_OPTION(
        "redeal", redeal_on_all_pass,
        "call-ace: when all pass, the same dealer deals again (off: the deal moves on)"),
    WHIST_BOOL_OPTION("joker_any_time", joker_any_time,
                      "call-ace: a joker may be played while holding the led suit"),
    OptionInfo{"direction", "clockwise|counter-clockwise",
               "the direction of play (said at the start of play and score)",
               [](const Rules& r) {
                 return std::string(r.counter_clockwise ? "counter-clockwise" : "clockwise");
               },
               [](Rules& r, std::string_view v) -> std::string {
                 if (v != "clockwise" && v != "counter-clockwise")
                   return "expected clockwise|counter-clockwise";
                 r.counter_clockwise = v == "counter-clockwise";
                 return {};
               }},
};

}  // namespace

std::span<const OptionInfo> options() { return kOptions; }

bool option_applies(std::string_view name, Family family) {
  static constexpr std::string_view kEveryGame[] = {"end", "target_score", "deals", "direction"};
  static constexpr std::string_view kIsraeliOnly[] = {
      "auction_min", "auction_passes", "pass_rounds", "pass_cards", "declarer_raise"};
  // Exact-bid options that work with Israeli contracts too (zero play, streaks, penalties).
  static constexpr std::string_view kIsraeliToo[] = {
      "scoring",   "must_trump",   "hook",          "zero_over",    "zero_under",
      "zero_play", "streak_bonus", "streak_length", "miss_penalty", "miss_length"};
  static constexpr std::string_view kCallAceOnly[] = {"redeal", "joker_any_time"};
  const auto in = [&](auto& list) {
    for (std::string_view n : list) {
      if (n == name) return true;
    }
    return false;
  };
  if (in(kEveryGame)) return true;
  switch (family) {
    case Family::ExactBid:
      return !in(kIsraeliOnly) && !in(kCallAceOnly);
    case Family::Israeli:
      return in(kIsraeliOnly) || in(kIsraeliToo);
    case Family::CallAce:
      return in(kCallAceOnly);
  }
  return false;
}

const OptionInfo* find_option(std::string_view name) {
  for (const auto& o : kOptions) {
    if (o.name == name) return &o;
  }
  return nullptr;
}

std::string_view option_description(const OptionInfo& option, Family family) {
  if (option.name == "hook" && family == Family::Israeli) {
    return "the last to name a contract (the seat before the declarer; the declarer with "
           "declarer_raise) may not make the contracts sum to 13";
  }
  return option.description;
}

std::string unread_option(const Rules& rules, std::string_view name) {
  const bool deals = name == "deals" && rules.end == GameEnd::Schedule;
  const bool target = name == "target_score" && rules.end != GameEnd::Target;
  if (!deals && !target) return {};
  const OptionInfo* o = find_option(name);
  const auto preset = make_preset(rules.variant, rules.players);
  if (preset && o->get(rules) == o->get(*preset)) return {};
  const std::string end(name_of<GameEnd>(kEndNames, rules.end));
  return "option " + std::string(name) + "=" + o->get(rules) + " has no effect with end=" + end +
         (deals ? ": it needs end=deals (or end=target, where it caps the deals)"
                : ": it needs end=target");
}

std::string set_option(Rules& rules, std::string_view name, std::string_view value) {
  const OptionInfo* o = find_option(name);
  if (o == nullptr) return "unknown option " + quote_input(name);
  Rules copy = rules;  // a failed set leaves the rules as they were
  std::string err = o->set(copy, value);
  if (!err.empty()) {
    return "option " + std::string(name) + ": bad value " + quote_input(value) + ": " + err;
  }
  rules = std::move(copy);
  return {};
}

std::string set_option(Rules& rules, std::string_view assignment) {
  auto eq = assignment.find('=');
  if (eq == std::string_view::npos) {
    return "expected option=value, got " + quote_input(assignment);
  }
  return set_option(rules, assignment.substr(0, eq), assignment.substr(eq + 1));
}

}  // namespace whist
