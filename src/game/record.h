// Game records: the JSON format of docs/record-format.md ("whist-record/1"), written from a
// match's log and replayed into a match with every action checked against the rules. The format
// covers the exact-bidding games, Israeli whist (auction, card passing, contracts) and Call-Ace
// whist (contract auction, trump, turned kitty cards, the called card, the kitty exchange).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "game/match.h"

namespace whist {

// The JSON text of a match so far (a game in progress stops after its last action). `session`,
// when not empty, is a JSON object written as the record's "session" field: what the program
// that plays the game needs to go on with it (`whist play` keeps its seed and seats there).
std::string write_record(const Match& match, std::string_view session = {});

// The result of reading and replaying a record.
struct ReplayResult {
  std::unique_ptr<Match> match;  // set when there was no error
  std::string error;             // e.g. "deal 6, play 2 (seat 3, 8H): must follow suit D"
  std::string session;           // the "session" object as one line of JSON; empty when absent
};

// Parses the text of a record and replays every deal, checking every action. On the first
// problem returns the error and no match.
ReplayResult replay_record(const std::string& text);

// The `whist replay --json` summary of a match, one line: the finished deals (cards, trump, bids,
// tricks, points by seat; Israeli whist adds declarer, contract and thrown_in; Call-Ace whist
// has contract, declarer, trump, called, partner, thrown_in, tricks and the payments, no bids),
// the totals (Call-Ace: balances), whether the game is complete, and the deal in progress apart
// ("unfinished", null when none).
std::string replay_summary_json(const Match& match);

}  // namespace whist
