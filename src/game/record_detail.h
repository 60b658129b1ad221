// What the files of game records share: record.cpp reads them, record_call_ace.cpp reads their
// Call-Ace deals and record_write.cpp writes them, and all three must spell the format the same
// way and stop a replay at the first problem in the same words.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/match.h"

namespace whist::record_detail {

using Json = nlohmann::ordered_json;

inline constexpr std::string_view kFormat = "whist-record/1";
inline constexpr const char* kModeNames[] = {"regular", "forehead", "blind"};

// ---------------------------------------------------------------------------------------------
// Writing (record_write.cpp)

// One line of JSON with a space after every comma and colon.
std::string inline_text(const Json& j);

// An auction call as records write it: "5S", "6NT", "pass".
std::string call_text(Action a);

// The Israeli contract of a finished auction: "7S", "6NT".
std::string contract_text(int tricks, Suit trump);

// ---------------------------------------------------------------------------------------------
// Reading (record.cpp)

// Ends the replay with the first problem found; replay_record turns it into ReplayResult::error.
[[noreturn]] void fail(std::string message);

const Json* find_field(const Json& object, std::string_view name);
const Json& require_field(const Json& object, std::string_view name, const std::string& where);
void reject_unknown_fields(const Json& object, std::initializer_list<std::string_view> known,
                           const std::string& where);

std::string plural(int64_t count, const std::string& one, const std::string& many);

// Text from the file quoted in a message as a JSON string, cut after 60 bytes with the length
// said (regression: a 1 MB "format" came back whole on one line of stderr).
std::string shown(std::string_view text);

// The "hands" field of a deal: one hand per seat, no card twice in a hand.
Hands parse_hands(const Json& j, const std::string& where, int players);

// The "plays" field of a deal: cards in playing order.
std::vector<Card> parse_plays(const Json& plays, int number);

// Why play `i` of `plays` is refused when the card is one an earlier play of the deal played
// ("8D was already played (play 1)"), empty if none did: "card not in hand" would send the
// reader to the deal's "hands", which do hold it (regression).
std::string played_before(const std::vector<Card>& plays, size_t i);

// ---------------------------------------------------------------------------------------------
// Reading Call-Ace deals (record_call_ace.cpp)

// Parses deal `number` of a Call-Ace record and replays it into the match, checking every
// action; only the last deal (`last`) may stop before the end of the deal.
void parse_and_replay_call_ace_deal(Match& match, const Json& deal, int number, int players,
                                    bool last);

}  // namespace whist::record_detail
