// One deal of a game played with real cards, as the scorekeeper (`whist score`) takes it down:
// the questions asked at the table in order (the turned card, the bids in bidding order, the
// tricks each took; Israeli whist's auction and declarer; Call-Ace whist's contract, declarer,
// trump, called card and partner), each answer checked by the rules with the engine's own
// messages (the hook, forced bids, zero-play deadlines), and the deal's facts by seat.
//
// The form knows no cards, so it checks what can be checked without them: ranges, the hook,
// forced bids, tricks adding up to the cards dealt, the auction's minimum, a called card that is
// an ace or king outside trump.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/tally.h"
#include "rules/rules.h"
#include "rules/schedule.h"

namespace whist {

// What was said at the table about one deal, by seat. Empty optionals and -1 are "not said yet".
struct ScoreDeal {
  std::optional<OneCardMode> mode;  // the dealer's one-card mode, where the dealer chooses
  // Trump: the turned card's suit (trump=turned), the auction's denomination (Israeli), the
  // contract's trump (Call-Ace); Suit::None is no trump. Fixed by the rotation otherwise.
  std::optional<Suit> trump;
  uint8_t zero_play = 0;  // seats announcing zero play in this deal
  std::array<int, kMaxPlayers> bids{-1, -1, -1, -1, -1, -1, -1};
  std::array<int, kMaxPlayers> tricks{-1, -1, -1, -1, -1, -1, -1};
  // Israeli whist: the auction's tricks and the declarer; Call-Ace: the contract (index in
  // contract_ladder()), the declarer, the called card and the partner (-1: alone). A hand
  // nobody bid for (Israeli) or all four passed (Call-Ace) is thrown in.
  bool thrown_in = false;
  std::optional<int> auction;
  std::optional<int> contract;
  std::optional<int> declarer;
  std::optional<Card> called;
  std::optional<int> partner;

  bool operator==(const ScoreDeal&) const = default;
};

// Where a deal sits in the game: everything the rules and the deals before it decide.
struct DealContext {
  int index = 0;  // from 0
  int dealer = 0;
  DealPlan plan;
  bool turns_card = false;        // a card is turned for trump (trump=turned, cards left over)
  Suit fixed_trump = Suit::None;  // the rotation's trump, or none
  int forced_bid = -1;            // special hands: every bid must be this
  uint8_t zero_open = 0;          // seats that may announce zero play in this deal
  uint8_t zero_announced = 0;     // seats that announced in an earlier deal
  std::optional<int> length;      // deals in the game; none for a target score
};

enum class AskKind : uint8_t {
  Mode,           // the dealer's one-card mode
  Trump,          // the turned card or its suit
  Auction,        // Israeli: the auction's winning bid, or thrown in
  Contract,       // Call-Ace: the contract, or all passed
  Declarer,       // Israeli, Call-Ace
  ContractTrump,  // Call-Ace: trump where the contract lets someone name it
  Called,         // Call-Ace: the called card
  Partner,        // Call-Ace: who held the called card, or alone
  Bid,
  Tricks,
};

struct Question {
  AskKind kind = AskKind::Bid;
  int seat = -1;       // Bid, Tricks: whose; Mode: the dealer
  std::string prompt;  // "Ana bids"
  std::string hint;    // "0-4, not 2"
};

class DealForm {
 public:
  DealForm(Rules rules, std::vector<std::string> names, DealContext context);

  const DealContext& context() const { return context_; }
  const ScoreDeal& deal() const { return deal_; }
  // The answers accepted so far, in order (forced bids are filled in without one).
  const std::vector<std::string>& answers() const { return answers_; }
  // Each answer with its question, "Ana bids: 1", to show a deal taken up again.
  const std::vector<std::string>& transcript() const { return transcript_; }
  int players() const { return rules_.players; }

  // The next question; none when the deal is complete.
  std::optional<Question> question() const;
  bool complete() const { return !question().has_value(); }
  // Answers the current question: empty when accepted, else why not (nothing changes).
  std::string answer(std::string_view text);
  // Takes back the last answer; false when there is none.
  bool undo();
  // Answers every question that `deal` has an answer for, in order, stopping at the first one
  // it has none for (a deal in progress); returns the first refusal, and refuses a deal with
  // answers after the one it lacks ("Bo bids: no answer, yet later answers are given"). The
  // refusals give no keyboard advice: the answers were not typed.
  std::string fill(const ScoreDeal& deal);
  // The answer `deal` gives to question `q` in text form (an edit's default); empty when none.
  std::string answer_from(const Question& q, const ScoreDeal& deal) const;

 private:
  std::string answer_bid(int seat, std::string_view text);
  std::string answer_tricks(int seat, std::string_view text);
  std::string answer_trump(AskKind kind, std::string_view text);
  std::string answer_call_ace(AskKind kind, std::string_view text);
  std::string answer_israeli(AskKind kind, std::string_view text);
  std::string bid_hint(int seat) const;
  bool answers_after_gap(const ScoreDeal& deal) const;
  std::string why_bid_illegal(int seat, int bid) const;
  bool zero_announce_allowed(int seat) const;
  std::string zero_refusal(int seat) const;
  std::string unasked_zero_play(const ScoreDeal& deal) const;
  std::vector<int> bidding_order() const;
  std::vector<int> tricks_order() const;
  int cards() const { return context_.plan.cards; }
  void auto_fill();

  Rules rules_;
  std::vector<std::string> names_;
  DealContext context_;
  ScoreDeal deal_;
  std::vector<std::string> answers_;
  std::vector<std::string> transcript_;
  // The answer being read as it was typed, for the refusals that quote it: the parsers see it
  // lower-cased, and "not a suit: 'x'" answered one who had typed X.
  std::string typed_;
  // The answers come from the keyboard, where 'undo' takes one back (not from fill()).
  bool typing_ = true;
};

// A player named in an answer: the seat, or why none.
struct PlayerAnswer {
  std::optional<int> seat;
  std::string error;       // "not a player: 'x'", "'an' could be Ann or Andy"
  bool ambiguous = false;  // the start of several names
};
// A player named in an answer: a number 1 … N, a name (any case), or the start of one name. An
// ambiguous start is told from a name that matches none (regression: both were "not a player").
PlayerAnswer parse_player(std::string_view text, const std::vector<std::string>& names);
// Whether two names are one to parse_player (case and runs of spaces aside), so that players
// may not be named so (regression: with Ana and ANA, "ANA" named Ana).
bool same_name(std::string_view a, std::string_view b);
// Why `names` may not be the players of a kept score (empty when they may): an empty name, one
// name_refusal refuses (not UTF-8, a control character, an invisible one, too long), one starting
// with a digit (numbers stand for seats), two that are one to parse_player. The command line's
// --players and the save file's "players" alike (regression: the file took "3", which answered
// as seat 3), but for the length and name_text_refusal: a file's names are `kept`, and a name
// that an older version took, longer than kMaxPlayerName or with an invisible character, stays
// (refused, the user's game could not be resumed; the sheet shortens it).
std::string player_names_refusal(const std::vector<std::string>& names, bool kept = false);
// "regular", "forehead", "blind".
std::string_view mode_name(OneCardMode m);
// The facts of a complete deal as the tally scores them (points not yet filled in).
DealResult deal_result(const ScoreDeal& deal, const DealContext& context, const Rules& rules);

}  // namespace whist
