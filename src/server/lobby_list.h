// The lobby's list of tables (docs/protocol.md, GET /api/tables). Tens of thousands of tables may
// be listed (each client address keeps some 70), and a client may ask 20 times a second: an
// answer names at most kLobbyListMax tables, those a person can sit at first, and the tables are
// ordered and each filter's answer made at most once every kLobbyListMs, so that a request costs
// a copy of a finished text, not a look at every table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/table.h"

namespace whist::server {

// Tables named in one answer at most: more than a person reads, and a bound on what an answer
// costs (a summary is some 600 bytes).
inline constexpr size_t kLobbyListMax = 100;
// How long the list is kept once made. Not made again at each tick (5 a second): 70,000 tables
// take some 50 ms to look through and order, a quarter of a core if asked for at every tick.
inline constexpr int64_t kLobbyListMs = 1000;

// What a request asks to see (its query parameters).
struct LobbyQuery {
  std::string variant;     // a preset's name; empty: every variant
  bool free_only = false;  // only tables with a human seat nobody holds
};

// A query refused: the message starts with the parameter, which `field` names.
struct LobbyQueryError {
  std::string message;
  std::string field;
};

// The filters of a request's target, from its query (`variant=NAME`, `free=true|false`), or why
// it is refused: an unknown or repeated parameter, a bad value, a bad %-escape.
std::optional<LobbyQueryError> parse_lobby_query(std::string_view target, LobbyQuery& out);

// A listed table, as the list filters and orders it.
struct LobbyRow {
  std::string id;
  std::string variant;
  bool free = false;       // a human seat nobody holds: a person can sit down
  uint64_t seats_seq = 0;  // later for a later change of seats (the table made, a seat taken...)
};

LobbyRow lobby_row(const std::string& id, const Table& table, uint64_t seats_seq);

class LobbyList {
 public:
  using Rows = std::function<std::vector<LobbyRow>()>;
  using Summary = std::function<std::optional<std::string>(const LobbyRow& row)>;

  // {"tables": [summary, …], "total": N} for `query`: the first kLobbyListMax of the listed
  // tables that match, and how many match in all. The tables (`rows`) are asked for and ordered
  // at most once every kLobbyListMs, and each filter's answer made once meanwhile: `summary`
  // (the text of a table's summary, or nothing for a table gone since or no longer as its row
  // says, free or listed) is asked only for the tables named. The order: those with a free seat
  // first, then the games to watch; in each the most recent change of seats first, not the last
  // event, which would reshuffle the list at every card played.
  const std::string& answer(const LobbyQuery& query, int64_t now_ms, const Rows& rows,
                            const Summary& summary);

 private:
  bool built_ = false;
  int64_t built_ms_ = 0;
  std::vector<LobbyRow> rows_;
  // By filter: as many as there are presets, twice.
  std::map<std::pair<std::string, bool>, std::string> answers_;
};

}  // namespace whist::server
