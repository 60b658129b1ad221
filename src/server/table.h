// One table of the game server: its rules and seats, the match, and the numbered events that
// made it. Event sourced: every change is an Event, checked by check() and applied by apply(),
// so that the store can write it first and a restarted server can replay the same events to the
// same table. The cards come from the table's secret seed (deal k from derive_seed(seed, k)),
// which never leaves the server.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "game/match.h"
#include "server/hub.h"
#include "server/store.h"

namespace whist::server {

inline constexpr const char* kHumanSeat = "human";
inline constexpr const char* kAwayBot = "expert:normal";  // plays for a player who is away

// What a table is made with (docs/protocol.md, POST /api/tables).
struct TableSetup {
  std::string name;
  std::string variant;
  int players = 4;
  std::vector<std::pair<std::string, std::string>> options;  // as given
  std::vector<std::string> seats;                            // "human" or a bot spec, by seat
  bool is_public = true;
  int turn_seconds = 0;  // a player to move this long has a bot play that move (0: no timer)
  uint64_t seed = 0;     // secret: deals the cards and seeds the bots
};

nlohmann::json setup_to_json(const TableSetup& setup);  // with the seed: for the store only
// The setup from JSON (the API's request or the store's row); the error names the field.
std::string setup_from_json(const nlohmann::json& j, bool with_seed, TableSetup& out, Rules& rules);

enum class EventKind : uint8_t {
  Join,        // a guest takes a human seat
  Leave,       // the seat's player gives it up
  Act,         // the seat takes an action
  Connect,     // the seat's player has a connection again
  Disconnect,  // the seat's player's last connection closed
  Away,        // a bot plays the seat (grace period over)
  Restart,     // the server restarted: nobody is connected
};

struct Event {
  EventKind kind = EventKind::Act;
  int seat = -1;
  Action action;      // Act
  std::string guest;  // Join: the guest's id
  std::string name;   // Join: the guest's name
};

nlohmann::json event_to_json(const Event& e);
std::optional<Event> event_from_json(const nlohmann::json& j);

struct SeatState {
  std::string guest;  // empty: free (a human seat) or a bot seat
  std::string name;
  bool connected = false;
  bool away = false;     // a bot plays for the player
  int64_t since_ms = 0;  // when the last connection closed
};

enum class TableStage : uint8_t { Waiting, Playing, Finished };

class Table {
 public:
  Table(std::string id, TableSetup setup, Rules rules);

  const std::string& id() const { return id_; }
  const TableSetup& setup() const { return setup_; }
  const Rules& rules() const { return rules_; }
  uint64_t seq() const { return seq_; }
  // The last event that changed the game: an action, a seat taken or given up. The others are
  // the players' presence (connections, a bot taking over for one away, a restart), after which
  // an action decided on an earlier seq is still the same decision (docs/protocol.md, act).
  uint64_t game_seq() const { return game_seq_; }
  TableStage stage() const { return stage_; }
  const SeatState& seat(int k) const { return seats_[static_cast<size_t>(k)]; }
  bool is_human_seat(int k) const { return setup_.seats[static_cast<size_t>(k)] == kHumanSeat; }
  int players() const { return setup_.players; }
  const Match* match() const { return match_.get(); }
  // The seat a guest holds, or -1.
  int seat_of(const std::string& guest) const;

  // Why the event may not happen now (empty: it may). Changes nothing.
  std::string check(const Event& e) const;
  // Applies a checked event; its number is seq() afterwards.
  void apply(const Event& e, int64_t now_ms);

  // The bot decision due now: a bot seat, or a human seat a bot plays for, to move; with
  // `timed_out`, also a player whose turn timer has run out.
  std::optional<BotJob> bot_job(bool timed_out = false) const;
  // Whether the seat to move decides in secret, the others not told who acts (Call-Ace's partner
  // choosing trump and exchanging in a Half contract).
  bool secret_turn() const;
  // How long a bot waits before such a decision, from 1/3 of `most` to `most` milliseconds, drawn
  // from the table's seed and event number (the same again for a table replayed).
  int64_t secret_delay_ms(int64_t most) const;
  // The milliseconds left by now on the turn timer of the player to move (0 once it has run out),
  // or nothing when no timer runs: none set, a bot's turn, or a seat a bot plays for.
  std::optional<int64_t> turn_left_ms(int64_t now_ms) const;
  // The same as `viewer` (-1: a spectator) may be told it: nothing while the turn is secret to
  // it, since only a human's turn has a timer, so its presence would say whether the hidden
  // partner is a human.
  std::optional<int64_t> turn_left_ms(int64_t now_ms, int viewer) const;
  // Whether the player to move has used up the turn timer by now.
  bool turn_expired(int64_t now_ms) const;
  // The seat's last connection closed at `closed_ms`, earlier than its Disconnect event (the hub
  // waits to see whether it comes back): its grace period and held seat count from then.
  void backdate_leaving(int seat, int64_t closed_ms);
  // Seats whose grace period has run out by now (connected players never are).
  std::vector<int> overdue(int64_t now_ms, int64_t grace_ms) const;
  // Before the game starts: seats whose player has had no connection for `hold_ms` by now.
  std::vector<int> unheld(int64_t now_ms, int64_t hold_ms) const;
  // Whether any human seat has a player.
  bool anyone_seated() const;

  // The lobby's summary of the table, and the `state` message for a viewer (-1: spectator).
  nlohmann::json summary(int spectators, const std::string& rematch) const;
  nlohmann::json match_json() const;
  std::string view_text(int viewer) const;  // JSON: the view, or null between deals
  // The game record of a finished table.
  std::string record() const;
  // A finished table's replay (docs/protocol.md, GET /api/tables/{id}/replay): every deal as
  // frames, the public view after each action with every seat's cards, since the game is over.
  nlohmann::json replay_json() const;  // {"match": …, "deals": […]}

 private:
  void start();
  void deal_next();

  std::string id_;
  TableSetup setup_;
  Rules rules_;
  uint64_t seq_ = 0;
  uint64_t game_seq_ = 0;
  TableStage stage_ = TableStage::Waiting;
  std::vector<SeatState> seats_;
  std::unique_ptr<Match> match_;
  int actions_ = 0;            // actions of the match so far (seeds the bots)
  int64_t turn_start_ms_ = 0;  // when the seat to move came to move
};

// A stored table replayed to where it was (its timers as if every event came at time 0). Throws
// DamagedTable, naming the table and the event, for a setup or an event this server refuses.
std::unique_ptr<Table> replay_table(const StoredTable& stored);

}  // namespace whist::server
