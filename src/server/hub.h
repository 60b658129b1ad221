// The game server's logic, with no sockets in it: the lobby's HTTP API, the tables, the players'
// WebSocket messages, the timers and the bots (docs/protocol.md). The transport
// (server/transport.h) owns the sockets and calls in; the hub answers through an Outlet.
//
// Threads: a Hub is not thread safe; the transport serialises every call. Bot decisions are the
// one slow thing, so they run outside: next_bot_job() hands out a job (a copy of the bot's view,
// never the state, and what the seat's bot carried from its last decision), run_bot_job()
// computes it on any thread, bot_done() applies it if the table has not moved on since.
//
// Durable: every accepted change is written to the store (SQLite, WAL) before anyone is told of
// it; a Hub opened on an existing database resumes every unfinished table where it was.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "ai/bot.h"
#include "game/action.h"
#include "game/view.h"
#include "rules/rules.h"
#include "server/log.h"

namespace whist::server {

using ConnId = uint64_t;

struct HttpReply {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

// Where the hub's messages go: one WebSocket text message to a connection, or a close with a
// reason the client is shown.
class Outlet {
 public:
  virtual ~Outlet() = default;
  virtual void send(ConnId conn, std::string text) = 0;
  virtual void close(ConnId conn, std::string reason) = 0;
  // What the server's operator should read and no player may (why a stored table is damaged,
  // in its cards perhaps).
  virtual void log(LogLevel level, std::string_view what, std::string_view detail) = 0;
};

struct HubConfig {
  std::string db_path = ":memory:";  // SQLite file; ":memory:" keeps nothing
  int64_t grace_ms = 60000;          // a disconnected player's seat waits this long for a bot
  uint64_t seed = 0;                 // 0: table seeds from libsodium's generator
  // The strongest level of ismcts and expert a new table may seat (expert:max can think for
  // seconds a move, and the bot threads are shared by every table).
  Level max_bot_level = Level::Max;
  // Guests and tables that one client (an address, as the transport names it) may create, each
  // counted apart: `creations_per_hour`, with a burst of `creation_burst` (a rate of 0: no
  // limit). Every table being played stays in memory while the server runs. The burst is what a
  // club behind one address meets first: each member's browser makes a guest the first time.
  double creations_per_hour = 60;
  double creation_burst = 20;
  // Seats one guest may take or give up (POST /join and /leave, at any tables):
  // `seat_changes_per_minute`, with a burst of `seat_change_burst` (a rate of 0: no limit). Each
  // is an event stored for good, and a table waiting for players replays its events at every
  // start: unlimited, one guest joining and leaving in a loop stored thousands a minute. Nor do a
  // guest's repeated changes move a table up the lobby (docs/protocol.md, GET /api/tables).
  double seat_changes_per_minute = 3;
  double seat_change_burst = 10;
  // Guests kept in memory, the most recently seen; the others are read from the database when
  // they come back.
  int guests_cached = 4096;
  // A guest not seen (made, authenticated by its token, or making a move) for this many days is
  // deleted, unless it is seated at a game not finished: its token no longer serves. 0, the
  // default, never: deleting identities is the operator's choice, and memory is bounded by
  // `guests_cached` either way. Checked at the start and every hour, a batch at a time, counted
  // back from the newest sighting stored when the clock is later, by a clock that leaves out the
  // wall clock's steps (GuestCache).
  int guest_expiry_days = 0;
  // When a guest was seen is kept across restarts, so by the wall clock: seconds since the epoch
  // (null: the system's clock; tests set their own).
  std::function<int64_t()> wall_clock{};
  // A clock in milliseconds that tells a step of the wall clock from time passing, for the
  // guests' clock (null: CLOCK_BOOTTIME, which counts a suspend of the host as the wall clock
  // does; tests set their own, the clock of their now_ms).
  std::function<int64_t()> steady_clock{};
  // Before a game starts, a player with no connection keeps the seat this long; then it is free
  // for someone else (0: kept until the game starts). A table left waiting, with nobody seated
  // and nobody connected for `abandoned_ms`, is deleted, from the database too (0: kept), so
  // that the lobby does not fill with games nobody will start; a game under way that nobody has
  // been connected to for as long leaves the lobby's list, and may leave memory (kept_idle).
  int64_t hold_seat_ms = 10 * 60000;
  // A player whose connections all close is disconnected to the table (an event stored, the
  // others told) only if none opens again within this long: a page reloading, or a network
  // dropping for a moment, is not a leaving. The grace period and the held seat count from the
  // closing all the same.
  int64_t leave_settle_ms = 5000;
  int64_t abandoned_ms = 60 * 60000;
  // Idle tables kept in memory besides those someone is connected to, the most recently asked
  // for: finished games, and games under way left alone for `abandoned_ms`. The others are read
  // back from the database when asked for.
  int kept_idle = 256;
  // At a table only watched (no player connected), a bot moves at most this often: a pace a
  // spectator can follow (the web client shows a move every 450 ms), and watched tables of bots
  // take little of the bot threads. At a player's table bots move at once (0: at once always).
  int64_t watch_pace_ms = 600;
  // A bot deciding in secret (Table::secret_turn: Call-Ace's hidden partner choosing trump and
  // exchanging) waits from a third of this to all of it, drawn at random: at once, the others
  // would know from how soon the choice came that a bot made it, and so who the partner is (a
  // human takes seconds). 0: at once.
  int64_t secret_pace_ms = 4500;
  // Spectators one table takes (0: no limit): each costs a copy of every state the table sends.
  // A hello past it is refused with the error `spectators-full`; the table's players are never
  // counted, nor refused.
  int max_spectators = 200;
};

// One bot decision to compute away from the hub. Move-only: it holds what the seat's bot
// carries, which one thread at a time uses.
struct BotJob {
  std::string table;
  uint64_t seq = 0;  // the table's event number when the job was made
  int seat = 0;
  std::string spec;  // the bot, as make_bot reads it
  uint64_t seed = 0;
  int deal = 0;  // the deal under way, counted in the match's log (a redeal counts)
  Rules rules;
  PlayerView view;
  // What the seat's bot carried from its last decision in this deal (Bot::take_memory: the
  // expert's worlds, drawn from this seat's views alone), null when there is none (its first
  // decision, or the hub lost it: a restart, the table out of memory, a human's move between);
  // after run_bot_job, what the bot carries on to the seat's next decision.
  std::unique_ptr<BotMemory> memory;
};

// The bot's choice for a job: legal for the job's view (the first legal action if the bot
// fails, so that no table waits forever). The bot is made afresh and given job.memory, then
// job.memory is what it carries on. Any thread.
Action run_bot_job(BotJob& job);

class Hub {
 public:
  Hub(const HubConfig& config, Outlet& outlet);
  ~Hub();
  Hub(const Hub&) = delete;
  Hub& operator=(const Hub&) = delete;

  // The lobby's JSON API (paths under /api/). `target` is the request target with its query;
  // `client` who asks, for the limits on creating guests and tables and on seat changes (empty:
  // not limited). The headers are the transport's to check first (server/request_guard.h: a body
  // said to be JSON, the page's origin), as a page of another site could otherwise spend
  // `client`'s limits.
  HttpReply http(std::string_view method, std::string_view target, std::string_view body,
                 int64_t now_ms, const std::string& client = {});

  // A WebSocket opened, received a text message, closed. A request or message that could not be
  // stored (StorageError) is answered with the error `storage` (HTTP 503), and a hello so
  // refused closes its connection. tick() and bot_done() try again later (a bot's move is asked
  // for again a second later). closed() stores nothing: a tick stores the leaving once it has
  // settled (HubConfig::leave_settle_ms). Such failures are logged at most every ten seconds,
  // with a count of those left out.
  void open(ConnId conn, int64_t now_ms);
  void message(ConnId conn, std::string_view text, int64_t now_ms);
  void closed(ConnId conn, int64_t now_ms);
  // Whether `text` is the hello of a player seated at a game under way (in memory, as one is
  // while its players come and go) whose seat has no connection open that was heard from in the
  // last kSilentSeatMs: a transport short of connections keeps its last ones for them. If so,
  // the seat's silent connections are closed (the outlet is asked to), so that a seat holds one
  // of those places; the message itself is not handled.
  bool take_returning_player(std::string_view text, int64_t now_ms);
  static constexpr int64_t kSilentSeatMs = 20000;

  // Grace periods, turn timers, held seats and abandoned tables that have run out by now.
  void tick(int64_t now_ms);

  // The next bot decision due by now, if any (each is handed out once until the table moves on):
  // first at the tables where a player is connected, then at those only watched (at most one a
  // watch_pace_ms each), each in the order they became due. A caller asks when a bot thread is
  // free, so that the order holds, and again at each tick.
  std::optional<BotJob> next_bot_job(int64_t now_ms);
  // Makes the job's move, unless the table has moved on, and keeps what the bot carries on for
  // the seat's next decision in the deal (dropped when the deal ends or a human moves there).
  void bot_done(BotJob job, Action action, int64_t now_ms);
  // Runs every due bot decision here and now (tests, and a server without a bot thread).
  void run_bots(int64_t now_ms);

  // Tables in memory not yet finished (open, waiting for players, or playing).
  int live_tables() const;
  // Tables in memory: those someone is connected to or has been lately, and the idle ones kept
  // (HubConfig::kept_idle).
  int tables_in_memory() const;
  // Guests in memory (at most HubConfig::guests_cached).
  int guests_in_memory() const;
  // Bytes of the summaries and scores kept as text for the tables' connections (none for a table
  // nobody is connected to).
  size_t texts_in_memory() const;

 private:
  void handle_message(ConnId conn, std::string_view text, int64_t now_ms);

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace whist::server
