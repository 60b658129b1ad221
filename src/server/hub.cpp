#include "server/hub.h"

#include <sodium.h>

#include <fmt/core.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <deque>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <tuple>
#include <unordered_map>
#include <utility>

#include "ai/bot.h"
#include "core/rng.h"
#include "core/text.h"
#include "game/json_int.h"
#include "game/view_json.h"
#include "rules/options.h"
#include "rules/schedule.h"
#include "server/catalog.h"
#include "server/guests.h"
#include "server/lobby_list.h"
#include "server/rate_limit.h"
#include "server/store.h"
#include "server/table.h"

namespace whist::server {

using Json = nlohmann::json;

namespace {

constexpr size_t kMaxBody = 16 * 1024;
constexpr size_t kReplayCacheBytes = 64 << 20;  // the finished games' replays kept in memory
constexpr int64_t kBotRetryMs = 1000;           // after a bot's move could not be stored
constexpr int64_t kStorageLogQuietMs = 10000;   // between two logs of storage failures

// Request paths are not checked for UTF-8 and may be echoed in errors: never let a dump throw.
std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

std::string hex(const unsigned char* bytes, size_t n) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < n; ++i) {
    out += kDigits[bytes[i] >> 4];
    out += kDigits[bytes[i] & 15];
  }
  return out;
}

std::string token_hash(const std::string& token) {
  unsigned char h[crypto_generichash_BYTES];
  crypto_generichash(h, sizeof h, reinterpret_cast<const unsigned char*>(token.data()),
                     token.size(), nullptr, 0);
  return hex(h, sizeof h);
}

HttpReply error_reply(int status, const std::string& code, const std::string& message,
                      const std::string& field = {}) {
  Json e = {{"code", code}, {"message", message}};
  if (!field.empty()) e["field"] = field;
  return {status, "application/json", dump(Json{{"error", e}})};
}

HttpReply json_reply(int status, const Json& body) {
  return {status, "application/json", dump(body)};
}

std::string error_message(const std::string& code, const std::string& message,
                          const std::string& field = {}) {
  Json e = {{"type", "error"}, {"code", code}, {"message", message}};
  if (!field.empty()) e["field"] = field;
  return dump(e);
}

// A value a client sent, as JSON, for an error message that says what was refused: cut short,
// as a message may be 4 KiB.
std::string given(const Json& j) {
  constexpr size_t kMaxQuoted = 60;
  std::string text = dump(j);
  if (text.size() > kMaxQuoted) text = text.substr(0, utf8_prefix(text, kMaxQuoted)) + "…";
  return text;
}

// The keys of POST /api/tables. Any other is refused: ignored, a misspelt one ("turn_second")
// made a table other than the one asked for, and said nothing.
constexpr std::string_view kTableKeys[] = {"token", "variant", "players", "options",
                                           "seats", "public",  "name",    "turn_seconds"};
constexpr const char* kTableKeysText =
    "token, variant, players, options, seats, public, name and turn_seconds";

// The field an error message of setup_from_json starts with ("seats[2]: ...").
std::string field_of(const std::string& message) {
  const auto colon = message.find(':');
  return colon == std::string::npos ? std::string() : message.substr(0, colon);
}

// A guest's name: 1 to 24 characters (UTF-8), not only spaces (nor U+3000 and the like), none
// that name_text_refusal refuses (control characters, invisible ones, a pile of accents).
std::string check_name(const Json& j) {
  if (!j.is_string()) return "a name is required";
  const std::string name = j.get<std::string>();
  const std::string blank_refusal =
      "1 to " + std::to_string(kMaxPlayerName) + " characters, not only spaces";
  if (is_blank_name(name)) {  // the empty name too
    // "Only spaces" would puzzle whoever sent U+2800, which is none but shows as one.
    const bool spaces = name.find_first_not_of(' ') == std::string::npos;
    return spaces ? blank_refusal : blank_refusal + " or other blank characters (U+3000, U+2800)";
  }
  if (std::string why = name_text_refusal(name); !why.empty()) return why;
  if (name_characters(name) > kMaxPlayerName) return blank_refusal;
  return {};
}

}  // namespace

Action run_bot_job(BotJob& job) {
  std::unique_ptr<BotMemory> memory = std::move(job.memory);
  // A table must never wait forever on a bot: whatever fails, the first legal action is played.
  try {
    std::string error;
    const std::unique_ptr<Bot> bot = make_bot(job.spec, error);
    if (bot) {
      // As one bot object kept for the seat and reseeded (Bot::take_memory), without keeping
      // the object (the expert's solver table alone is 4 MB).
      bot->new_deal(job.seed);
      bot->give_memory(std::move(memory));
      const Action action = bot->choose(job.rules, job.view);
      job.memory = bot->take_memory();
      return action;
    }
  } catch (const std::exception&) {
  }
  return job.view.legal.items[0];
}

struct Hub::Impl {
  using Guest = GuestCache::Guest;
  std::string variants_text;  // GET /api/variants, written once

  struct Conn {
    std::string table;     // empty before hello
    std::string guest;     // the guest whose token came with hello (may watch, or sit)
    int seat = -1;         // -1: spectator
    uint64_t round = 0;    // the table's broadcast round of the last state sent (0: none yet)
    int64_t heard_ms = 0;  // when it opened or last sent a message
  };
  struct TableEntry {
    std::unique_ptr<Table> table;
    std::string rematch;
    // A finished game's replay without its summary, made once, within kReplayCacheBytes for all
    // tables: it grows with the game's length (megabytes and a second of this thread for a game
    // of a thousand deals) and never changes.
    std::string replay_text;
    std::set<ConnId> conns;
    std::map<int, int> seat_conns;  // seat -> open connections playing it
    uint64_t handed_out = 0;        // seq of the last bot job handed out (+1; 0 none)
    int64_t bot_retry_at = 0;       // a bot's move that could not be stored is asked again then
    uint64_t timed_out = 0;         // seq whose player to move ran out of time (+1; 0 none)
    // A state carries `table` and `match` only when they changed since the receiver's last
    // state: their text, and the broadcast round in which each last changed.
    uint64_t round = 0;
    std::string summary_text;
    uint64_t summary_round = 0;
    std::string match_text;
    uint64_t match_round = 0;
    std::tuple<size_t, int, bool, bool> match_key{SIZE_MAX, -1, false, false};
    int64_t abandoned_since = -1;  // waiting with nobody seated or connected since (-1: not)
    int64_t unwatched_since = -1;  // nobody connected since (-1: someone is)
    uint64_t used = 0;             // when last asked for, on the hub's use_clock
    // A game under way read back from the database: its times (grace periods, turn timer) are
    // unknown, so its timers wait, and the next hello adds a restart event that starts them.
    bool asleep = false;
    bool restart_stored = false;  // the restart event of the server's start
    // Seats whose last connection closed, and when: the table is told (a Disconnect) by a tick
    // once they have stayed closed for leave_settle_ms (store_leavings). A connection back
    // sooner stores nothing (regression: a page reloading in a loop stored two events a reload,
    // about 480 a minute, each replayed at every start).
    std::map<int, int64_t> leaving;
    // The spectator count changed since the last broadcast: told at the next tick, so that a
    // client hopping between tables costs each watcher five states a second at most, however
    // often it hops (regression: a state to everyone at the table for each hop).
    bool spectators_changed = false;
    int64_t last_event_ms = std::numeric_limits<int64_t>::min();  // when the last event came
    // The hub's count of seat changes when this table was made or its seats last changed: the
    // lobby's order (not the time: tables made within a millisecond fell in the order of their
    // random ids). 0 for a table read back at a restart, until its seats change.
    uint64_t seats_seq = 0;
    // The guests whose taking a seat here (Join) or giving one up (Leave) has moved the table up
    // the lobby: again, it does not (regression: one guest joining and leaving in a loop kept
    // its table at the top). Since the server started, as seats_seq.
    std::set<std::pair<std::string, EventKind>> moved_up;
    // By seat, what its bot carried on from its last decision (BotJob::memory), for its next
    // decision in the same deal by the same spec. Dropped when a deal ends and when a human moves
    // at the seat; handed out with the seat's next job, and back only if its move is made. Lost
    // with the table's memory (a restart, eviction): a bot then starts afresh.
    struct KeptMemory {
      std::unique_ptr<BotMemory> memory;
      int deal = -1;
      std::string spec;
    };
    std::map<int, KeptMemory> bot_memory;
  };

  Impl(const HubConfig& c, Outlet& o)
      : config(c),
        outlet(o),
        store(c.db_path, StoreAccess::Own,
              [&o](std::string_view what, std::string_view detail) {
                o.log(LogLevel::Info, what, detail);
              }),
        guests(store, {static_cast<size_t>(std::max(c.guests_cached, 1)), c.guest_expiry_days,
                       c.wall_clock, c.steady_clock,
                       [&o](LogLevel level, std::string_view what, std::string_view detail) {
                         o.log(level, what, detail);
                       }}),
        rng(c.seed),
        guest_limit(c.creations_per_hour / 3600, c.creation_burst),
        table_limit(c.creations_per_hour / 3600, c.creation_burst),
        seat_limit(c.seat_changes_per_minute / 60, c.seat_change_burst) {}

  static bool player_connected(const TableEntry& entry) {
    return std::any_of(entry.seat_conns.begin(), entry.seat_conns.end(),
                       [](const auto& seat) { return seat.second > 0; });
  }

  HubConfig config;
  Outlet& outlet;
  Store store;
  GuestCache guests;  // those seen lately; the others are read back when they come
  Rng rng;  // ids and deal seeds when config.seed is set (tests); libsodium otherwise, and for
            // tokens
  ClientRateLimit guest_limit;  // guests created, by client
  ClientRateLimit table_limit;  // tables created, by client
  ClientRateLimit seat_limit;   // seats taken and given up, by guest
  std::map<std::string, TableEntry> tables;
  // Stored tables that cannot be replayed (a setup refused, an event missing or refused): asked
  // for, they answer that they are damaged, and the log says why. The database keeps them.
  std::set<std::string> damaged;
  std::unordered_map<ConnId, Conn> conns;
  std::deque<std::string> dirty;  // tables that changed: a bot may be due (some may be gone)
  uint64_t use_clock = 0;
  uint64_t seat_changes = 0;  // TableEntry::seats_seq
  LobbyList lobby;            // GET /api/tables

  std::string random_hex(size_t bytes) {
    unsigned char buf[32];
    if (config.seed != 0) {
      for (size_t i = 0; i < bytes; ++i) buf[i] = static_cast<unsigned char>(rng.next());
    } else {
      randombytes_buf(buf, bytes);
    }
    return hex(buf, bytes);
  }
  uint64_t random_seed() {
    if (config.seed != 0) return rng.next();
    uint64_t s = 0;
    randombytes_buf(&s, sizeof s);
    return s;
  }

  // The guest whose token `body` carries, if any, seen now.
  std::optional<Guest> guest_of(const Json& body) {
    const auto t = body.find("token");
    if (t == body.end() || !t->is_string()) return std::nullopt;
    return guests.by_token(token_hash(t->get<std::string>()));
  }

  // The answer to a request whose token is no guest's: none given, or one unknown (never a
  // guest's, or a guest's retired since), which a client replaces by making a new guest.
  HttpReply refuse_token(const Json& body) const {
    const auto t = body.find("token");
    if (t == body.end() || !t->is_string()) {
      return error_reply(403, "forbidden", "token: a guest's token is required", "token");
    }
    return error_reply(403, "unknown-guest", guests.unknown_token_text(), "token");
  }

  // Writes the event, applies it, tells everyone at the table (unless `tell` is false: the
  // caller broadcasts once it has set the connections right). A seat taken or given up moves
  // the table up the lobby, unless `move_up` is false; a connection coming or going does not,
  // as a client may open and close them at will.
  void commit(TableEntry& entry, const Event& e, int64_t now, bool move_up = true,
              bool tell = true) {
    Table& t = *entry.table;
    store.add_event(t.id(), t.seq() + 1, dump(event_to_json(e)));
    const bool was_finished = t.stage() == TableStage::Finished;
    const size_t deals = t.match() != nullptr ? t.match()->log().size() : 0;
    t.apply(e, now);
    // What a bot carried for the seat no longer follows from its own decisions alone (bot_done
    // gives the mover's back after this); at a deal's end, nobody's is of use.
    if (e.kind == EventKind::Act) {
      entry.bot_memory.erase(e.seat);
      if (t.match() == nullptr || !t.match()->in_deal() || t.match()->log().size() != deals) {
        entry.bot_memory.clear();
      }
    }
    entry.last_event_ms = now;
    if (move_up && (e.kind == EventKind::Join || e.kind == EventKind::Leave)) {
      entry.seats_seq = ++seat_changes;
    }
    if (!was_finished && t.stage() == TableStage::Finished) {
      try {
        store.set_finished(t.id());
      } catch (const StorageError& error) {
        // The move is stored and made: only the flag is missing, which the next start sets.
        log_storage("finished", error, now);
      }
    }
    dirty.push_back(t.id());
    // A card or a bid changes the summary only when a deal or the game ends (the score's key).
    if (tell) broadcast(entry, now, e.kind != EventKind::Act);
  }

  // A new broadcast round: what changed in the summary and the score since the last. The
  // summary is rebuilt when `seats` may have changed it (any event but an action) or the score
  // moved on (a deal or the game ended).
  void refresh(TableEntry& entry, bool seats = true) {
    ++entry.round;
    const Match* m = entry.table->match();
    const auto key =
        m ? std::tuple{m->results().size(), m->deal_index(), m->in_deal(), m->finished()}
          : std::tuple<size_t, int, bool, bool>{0, -1, false, false};
    // The score changes when a deal or the game ends, and its names when a seat changes hands.
    const bool score = key != entry.match_key || entry.match_round == 0;
    if (score || seats) {
      entry.match_key = key;
      std::string text = dump(entry.table->match_json());
      if (text != entry.match_text) {
        entry.match_text = std::move(text);
        entry.match_round = entry.round;
      }
    }
    if (!seats && !score && entry.summary_round != 0) return;
    Json s = summary(entry);
    s.erase("seq");  // the message has it
    std::string text = dump(s);
    if (text != entry.summary_text) {
      entry.summary_text = std::move(text);
      entry.summary_round = entry.round;
    }
  }

  // The state for a connection: the view always, the summary and score if it lacks them, and
  // the time left on a turn timer that runs (a client's own count would start late: it shows
  // others' moves paced, and again from the full time after a reconnection), unless the turn is
  // secret to the connection (Table::turn_left_ms says why).
  void send_state(TableEntry& entry, ConnId c, Conn& conn, std::map<int, std::string>& views,
                  int64_t now) {
    auto v = views.find(conn.seat);
    if (v == views.end()) v = views.emplace(conn.seat, entry.table->view_text(conn.seat)).first;
    std::string msg = R"({"type":"state","seq":)" + std::to_string(entry.table->seq());
    if (conn.round < entry.summary_round) msg += R"(,"table":)" + entry.summary_text;
    if (conn.round < entry.match_round) msg += R"(,"match":)" + entry.match_text;
    if (const auto left = entry.table->turn_left_ms(now, conn.seat); left && !entry.asleep) {
      msg += R"(,"turn_left_ms":)" + std::to_string(*left);
    }
    msg += R"(,"view":)" + v->second + "}";
    conn.round = entry.round;
    outlet.send(c, std::move(msg));
  }

  Json summary(const TableEntry& entry) const {
    return entry.table->summary(spectators(entry), entry.rematch);
  }

  // The connections watching the table, but for `except`.
  int spectators(const TableEntry& entry, std::optional<ConnId> except = std::nullopt) const {
    int count = 0;
    for (ConnId c : entry.conns) count += c != except && conns.at(c).seat < 0;
    return count;
  }

  void broadcast(TableEntry& entry, int64_t now, bool seats = true) {
    if (entry.conns.empty()) return;
    if (seats) entry.spectators_changed = false;  // the summary is rebuilt, with the count
    refresh(entry, seats);
    std::map<int, std::string> views;
    for (ConnId c : entry.conns) send_state(entry, c, conns.at(c), views, now);
  }

  // A stored table, replayed to where it was, into memory.
  TableEntry& load_table(const StoredTable& st) {
    std::unique_ptr<Table> table = replay_table(st);
    TableEntry& entry = tables[st.id];
    entry.table = std::move(table);
    entry.rematch = st.rematch;
    return entry;
  }

  // A stored table into memory, or null if it is damaged: logged once, and remembered. A failure
  // of the database itself is not the table's: it is thrown, and the next ask tries again.
  TableEntry* read_table(const std::string& id) {
    if (damaged.count(id) != 0) return nullptr;
    try {
      const auto st = store.table(id);
      return st ? &load_table(*st) : nullptr;
    } catch (const DamagedTable& e) {
      damaged.insert(id);
      outlet.log(LogLevel::Warn, "damaged table", e.what());
      return nullptr;
    }
  }

  // Every table neither finished nor asleep; the others are read when asked for (find_table). A
  // damaged one is left where it is, and the others go on.
  void load() {
    try {
      guests.retire(std::nullopt);
    } catch (const StorageError& e) {
      outlet.log(LogLevel::Error, "retiring guests", e.what());  // tried again at the first tick
    }
    for (const std::string& id : store.awake_tables()) {
      TableEntry* entry = read_table(id);
      if (!entry) continue;
      if (entry->table->stage() == TableStage::Finished) {
        store.set_finished(id);  // finished before the database kept the flag
        tables.erase(id);
        continue;
      }
      dirty.push_back(id);
    }
  }

  // A table by id: in memory, or read back from the database (a finished game, or one left
  // alone); null if none, or if it is damaged (`damaged` says which).
  TableEntry* find_table(const std::string& id) {
    auto it = tables.find(id);
    TableEntry* entry = nullptr;
    if (it != tables.end()) {
      entry = &it->second;
    } else if ((entry = read_table(id))) {
      entry->asleep = entry->table->stage() != TableStage::Finished;
    }
    if (entry) entry->used = ++use_clock;
    return entry;
  }

  static std::string damaged_text(const std::string& id) {
    return "table " + id + " is damaged in the server's database and cannot be shown";
  }

  // Idle tables (finished, or games left alone) nobody is connected to, beyond
  // `config.kept_idle`, leave memory: the least recently asked for first.
  void evict_idle(int64_t now) {
    std::vector<std::pair<uint64_t, const std::string*>> idle;
    for (const auto& [id, entry] : tables) {
      // A game under way, not while a closing waits to be stored (regression: with `--expire`
      // under leave_settle_ms the Disconnect was lost, and the seat stayed connected for good).
      if (entry.conns.empty() && (entry.table->stage() == TableStage::Finished ||
                                  (entry.leaving.empty() && left_alone(entry, now)))) {
        idle.emplace_back(entry.used, &id);
      }
    }
    const size_t kept = static_cast<size_t>(std::max(config.kept_idle, 0));
    if (idle.size() <= kept) return;
    const size_t n = idle.size() - kept;
    std::partial_sort(idle.begin(), idle.begin() + static_cast<std::ptrdiff_t>(n), idle.end());
    std::vector<std::string> gone;
    for (size_t i = 0; i < n; ++i) gone.push_back(*idle[i].second);
    for (const std::string& id : gone) {
      const TableEntry& entry = tables.at(id);
      // A game read back asleep is marked so already: asking for it writes nothing.
      if (entry.table->stage() != TableStage::Finished && !entry.asleep) {
        store.set_asleep(id, true);
      }
      tables.erase(id);
    }
  }

  // After a restart nobody is connected; the grace periods start again at the first call that
  // tells the time.
  // A table whose restart event could not be stored is tried again at the next call, and the
  // others still get theirs (regression: one failure left every table after it without one).
  bool restarted = false;

  // What could not be stored is logged at most once every kStorageLogQuietMs, the next line
  // counting those left out: they share one cause (regression: with the database's file gone, a
  // line for each request, each bot's retry and each tick, 250 lines in 30 s from five watched
  // tables, onto the disk that was full).
  int64_t storage_log_quiet_until = 0;
  int64_t storage_unlogged = 0;
  std::string last_unlogged_what, last_unlogged_detail;
  void log_storage(std::string_view what, const StorageError& e, int64_t now) {
    if (now < storage_log_quiet_until) {
      ++storage_unlogged;
      last_unlogged_what = what;
      last_unlogged_detail = e.what();
      return;
    }
    write_storage_line(what, e.what(), storage_unlogged, now);
  }
  // Failures left out and not followed by another once the quiet time is over are told by a
  // tick, the last of them with the count of the others (regression: failures that stopped
  // within the quiet time were never counted in the log).
  void flush_storage_log(int64_t now) {
    if (storage_unlogged == 0 || now < storage_log_quiet_until) return;
    write_storage_line(last_unlogged_what, last_unlogged_detail, storage_unlogged - 1, now);
  }
  void write_storage_line(std::string_view what, std::string detail, int64_t others, int64_t now) {
    if (others > 0) detail += fmt::format(" (and {} more failures since the last line)", others);
    outlet.log(LogLevel::Error, what, detail);
    storage_log_quiet_until = now + kStorageLogQuietMs;
    storage_unlogged = 0;
  }

  void restart(int64_t now) {
    if (restarted) return;
    std::optional<StorageError> failed;
    for (auto& [id, entry] : tables) {
      if (entry.restart_stored || entry.table->stage() == TableStage::Finished) continue;
      try {
        commit(entry, Event{EventKind::Restart, -1, {}, {}, {}}, now);
        entry.restart_stored = true;
      } catch (const StorageError& e) {
        failed = e;
      }
    }
    if (failed) throw *failed;
    restarted = true;
  }

  // Whether `client` may create one more guest or table (`limit` says which), and if not the
  // answer to give.
  std::optional<HttpReply> refuse_creation(ClientRateLimit& limit, std::string_view what,
                                           int64_t now, const std::string& client) {
    if (client.empty() || limit.allow(client, static_cast<double>(now) / 1000)) return {};
    return error_reply(429, "rate-limit",
                       fmt::format("too many {} created from this address: at most {} at once, "
                                   "then {} an hour",
                                   what, config.creation_burst, config.creations_per_hour));
  }

  // Whether guest `g` may take or give up one more seat now, and if not the answer to give. Each
  // is an event stored for good, and replayed at every start while its table waits.
  std::optional<HttpReply> refuse_seat_change(const Guest& g, int64_t now,
                                              const std::string& client) {
    if (client.empty() || seat_limit.allow(g.id, static_cast<double>(now) / 1000)) return {};
    return error_reply(429, "rate-limit",
                       fmt::format("too many seat changes by this guest: at most {} at once, "
                                   "then {} a minute",
                                   config.seat_change_burst, config.seat_changes_per_minute));
  }

  // Commits a seat taken or given up by guest `g`: it moves the table up the lobby the first
  // time only. A token of the guest's budget was taken for it: given back if it is not stored.
  void commit_seat_change(TableEntry& entry, const Event& e, const Guest& g, int64_t now,
                          bool tell = true) {
    const bool first = entry.moved_up.count({g.id, e.kind}) == 0;
    try {
      commit(entry, e, now, first, tell);
    } catch (const StorageError&) {
      seat_limit.give_back(g.id);  // not made: retries must not run into the limit
      throw;
    }
    entry.moved_up.insert({g.id, e.kind});
  }

  HttpReply create_guest(const Json& body, int64_t now, const std::string& client) {
    const auto name = body.find("name");
    if (const std::string why = check_name(name == body.end() ? Json() : *name); !why.empty()) {
      return error_reply(400, "bad-request", "name: " + why, "name");
    }
    if (auto refused = refuse_creation(guest_limit, "guests", now, client)) return *refused;
    // A token is a secret, whatever --seed says: from libsodium always (regression: with --seed a
    // server's tokens followed from it, and so could be guessed from a table id).
    unsigned char secret[16];
    randombytes_buf(secret, sizeof secret);
    const std::string token = hex(secret, sizeof secret);
    StoredGuest g{random_hex(8), token_hash(token), name->get<std::string>(), guests.now_s()};
    try {
      store.add_guest(g);
    } catch (const StorageError&) {
      guest_limit.give_back(client);  // not made: retries must not run into the limit
      throw;
    }
    guests.added(g);
    return json_reply(201, {{"name", g.name}, {"token", token}});
  }

  // At most kMaxTableDeals deals a game (catalog.h says why). Checked at creation only, like
  // the seats, so that tables stored before still load.
  static std::string deal_count_error(const Rules& rules) {
    const int most = Schedule(rules).length().value_or(target_deal_cap(rules));
    if (most > kMaxTableDeals) {
      const std::string field =
          rules.end == GameEnd::Schedule ? "options.schedule" : "options.deals";
      return fmt::format("{}: a game here has at most {} deals, not {}", field, kMaxTableDeals,
                         most);
    }
    // Where it ends nothing (end=schedule) `deals` is held to the range the lobby offers all the
    // same (regression: 5000 was taken and shown in the table's options, against that range).
    if (rules.deal_limit > kMaxTableDeals) {
      return fmt::format("options.deals: 0 to {} here, not {}", kMaxTableDeals, rules.deal_limit);
    }
    return {};
  }

  HttpReply create_table(const Json& body, int64_t now, const std::string& client) {
    if (!guest_of(body)) return refuse_token(body);
    for (const auto& [key, value] : body.items()) {
      if (std::find(std::begin(kTableKeys), std::end(kTableKeys), key) != std::end(kTableKeys)) {
        continue;
      }
      const std::string field = key.substr(0, utf8_prefix(key, 40));
      return error_reply(400, "bad-request",
                         field + ": not a field of a table; the fields are " + kTableKeysText,
                         field);
    }
    TableSetup setup;
    Rules rules;
    if (const std::string error = setup_from_json(body, false, setup, rules); !error.empty()) {
      return error_reply(400, "bad-request", error, field_of(error));
    }
    // A table's name is read by setup_from_json from stored tables too, where it is held to the
    // rule of the day it was made; a new one is held to a guest's name's (but may be empty).
    if (const std::string why = name_text_refusal(setup.name); !why.empty()) {
      return error_reply(400, "bad-request", "name: " + why, "name");
    }
    // Settings would let a guest buy any share of the bot threads ("ismcts:iterations=1000000"
    // takes seconds a move); a level is all a table needs, up to the server's strongest. Checked
    // here, not in setup_from_json, so that tables stored before still load.
    for (size_t i = 0; i < setup.seats.size(); ++i) {
      const std::string field = "seats[" + std::to_string(i) + "]";
      if (setup.seats[i].find('=') != std::string::npos) {
        return error_reply(400, "bad-request",
                           field +
                               ": a bot here is random, heuristic, ismcts[:LEVEL] or "
                               "expert[:LEVEL], without settings (those are for whist arena)",
                           field);
      }
      if (const std::string e = new_bot_spec_error(setup.seats[i]); !e.empty()) {
        return error_reply(400, "bad-request", field + ": " + e, field);
      }
      if (const auto level = spec_level(setup.seats[i]); level && *level > config.max_bot_level) {
        return error_reply(400, "bad-request",
                           field + ": this server's bots play at most at level " +
                               std::string(level_name(config.max_bot_level)),
                           field);
      }
    }
    if (const std::string error = deal_count_error(rules); !error.empty()) {
      return error_reply(400, "bad-request", error, field_of(error));
    }
    if (const std::string why = zero_play_unusable(rules); !why.empty()) {
      return error_reply(400, "bad-request", "options.zero_play: " + why, "options.zero_play");
    }
    // Also not in setup_from_json, so that tables stored before still load (regression: deals=N
    // without end=deals, or target_score without end=target, was ignored).
    for (const auto& option : setup.options) {
      const std::string field = "options." + option.first;
      if (const std::string why = unread_option(rules, option.first); !why.empty()) {
        return error_reply(400, "bad-request", field + ": " + why, field);
      }
    }
    if (auto refused = refuse_creation(table_limit, "tables", now, client)) return *refused;
    setup.seed = random_seed();
    std::string id;
    try {
      id = add_table(setup, rules, now);
    } catch (const StorageError&) {
      table_limit.give_back(client);  // not made: retries must not run into the limit
      throw;
    }
    return json_reply(201, {{"id", id}, {"link", "/#/table/" + id}});
  }

  std::string add_table(const TableSetup& setup, const Rules& rules, int64_t) {
    std::string id = random_hex(8);
    while (store.has_table(id)) id = random_hex(8);  // finished tables may be out of memory
    store.add_table(id, dump(setup_to_json(setup)));
    TableEntry& entry = tables[id];
    entry.table = std::make_unique<Table>(id, setup, rules);
    entry.seats_seq = ++seat_changes;
    dirty.push_back(id);
    return id;
  }

  // A game under way that nobody has been connected to for config.abandoned_ms: it leaves the
  // lobby's list, and may leave memory (it goes on when someone comes back by its link).
  bool left_alone(const TableEntry& entry, int64_t now) const {
    return config.abandoned_ms > 0 && entry.table->stage() == TableStage::Playing &&
           (entry.asleep ||
            (entry.unwatched_since >= 0 && now - entry.unwatched_since >= config.abandoned_ms));
  }

  // Deletes a table left waiting with nobody seated or connected for config.abandoned_ms, and
  // every rematch that named it. Told to the log, as deleting is for good (regression, from an
  // audit: a table's link went 404 with nothing in the log to say why).
  void remove_table(const std::string& id, int64_t now) {
    const auto it = tables.find(id);
    const int64_t since = it != tables.end() ? it->second.abandoned_since : -1;
    store.delete_table(id);
    tables.erase(id);
    outlet.log(LogLevel::Info, "table deleted",
               fmt::format("{}: left waiting with nobody seated or connected for {} (--expire)", id,
                           since < 0 ? "long" : duration_text((now - since) / 1000)));
    for (auto& [other, entry] : tables) {
      if (entry.rematch != id) continue;
      entry.rematch.clear();
      broadcast(entry, now);
    }
  }

  HttpReply table_action(TableEntry& entry, const std::string& what, const Json& body, int64_t now,
                         const std::string& client) {
    const std::optional<Guest> g = guest_of(body);
    if (!g) return refuse_token(body);
    Table& t = *entry.table;
    if (what == "join") {
      const auto s = body.find("seat");
      const auto seat = s == body.end() ? std::nullopt : json_int(*s);
      if (!seat) return error_reply(400, "bad-request", "seat: a seat number is required", "seat");
      // Clamped, a seat far out of range stays out of range for check() to refuse.
      const Event e{EventKind::Join, static_cast<int>(*seat), {}, g->id, g->name};
      // Already there (regression: seat -1 matched a guest seated nowhere, and was "joined").
      if (e.seat >= 0 && t.seat_of(g->id) == e.seat) return json_reply(200, {{"seat", e.seat}});
      if (const std::string why = t.check(e); !why.empty()) {
        return error_reply(409, "conflict", why, "seat");
      }
      if (auto refused = refuse_seat_change(*g, now, client)) return *refused;
      // Told with the seat's connection, if the guest watches (regression: the others were sent
      // a state with the new player disconnected, then one with them connected).
      commit_seat_change(entry, e, *g, now, false);
      seat_watchers(entry, g->id, e.seat, now);
      return json_reply(200, {{"seat", e.seat}});
    }
    if (what == "leave") {
      const int seat = t.seat_of(g->id);
      if (seat < 0) return error_reply(409, "conflict", "you do not sit at this table");
      const Event e{EventKind::Leave, seat, {}, {}, {}};
      if (const std::string why = t.check(e); !why.empty())
        return error_reply(409, "conflict", why);
      if (auto refused = refuse_seat_change(*g, now, client)) return *refused;
      // Told once its connections are spectators (regression: they were first sent the state
      // of the seat they had left, free and played by the bot, with its legal actions, then
      // welcomed as spectators). Nothing is told if it is not stored.
      commit_seat_change(entry, e, *g, now, false);
      entry.seat_conns.erase(seat);
      for (ConnId c : entry.conns) {
        Conn& conn = conns.at(c);
        if (conn.seat != seat) continue;
        conn.seat = -1;  // now a spectator
        conn.round = 0;  // its next state is whole: the view is now the public one
        welcome(c, conn);
      }
      broadcast(entry, now);  // with the summary rebuilt, and its spectators counted
      return json_reply(200, Json::object());
    }
    if (what == "rematch") return rematch(entry, *g, now);
    return error_reply(404, "not-found", "no such request");
  }

  HttpReply rematch(TableEntry& entry, const Guest& g, int64_t now) {
    Table& t = *entry.table;
    if (t.stage() != TableStage::Finished) {
      return error_reply(409, "conflict", "the game is not over");
    }
    bool player = false;
    for (int k = 0; k < t.players(); ++k) player |= t.seat(k).guest == g.id;
    if (!player) return error_reply(403, "forbidden", "only the table's players may ask");
    if (entry.rematch.empty()) {
      TableSetup setup = t.setup();
      setup.seed = random_seed();
      // Its players still here (not retired since the game: nobody could take the seat back),
      // learnt before anything is made: a read that fails then leaves nothing behind.
      std::vector<int> seated;
      for (int k = 0; k < t.players(); ++k) {
        const SeatState& s = t.seat(k);
        if (t.is_human_seat(k) && !s.guest.empty() && guests.exists(s.guest)) seated.push_back(k);
      }
      // All of it stored, or none (regression: a failure between the steps left a rematch
      // table in the lobby that the game did not name, or named one whose players had no seat).
      Store::Transaction transaction(store);
      std::string id;
      try {
        id = add_table(setup, t.rules(), now);
        store.set_rematch(t.id(), id);
        TableEntry& next = tables[id];  // std::map: `entry` and `t` stay valid
        for (const int k : seated) {
          const SeatState& s = t.seat(k);
          commit(next, Event{EventKind::Join, k, {}, s.guest, s.name}, now);
        }
        transaction.commit();
      } catch (...) {
        // Whatever failed, the transaction rolls back: the table is not kept in memory either
        // (regression: only a StorageError erased it, leaving a table the database had not).
        if (!id.empty()) tables.erase(id);  // new, so nobody has it
        throw;
      }
      entry.rematch = id;
      broadcast(entry, now);
    }
    return json_reply(201, {{"id", entry.rematch}, {"link", "/#/table/" + entry.rematch}});
  }

  HttpReply http(std::string_view method, std::string_view target, std::string_view body,
                 int64_t now, const std::string& client) {
    if (body.size() > kMaxBody) return error_reply(413, "too-large", "the body is over 16 KiB");
    std::string path(target.substr(0, target.find('?')));
    Json j = Json::object();
    if (method == "POST") {
      j = Json::parse(body, nullptr, false);
      if (j.is_discarded() || !j.is_object()) {
        return error_reply(400, "bad-json", "the body must be a JSON object");
      }
    } else if (method != "GET") {
      return error_reply(405, "bad-method", "only GET and POST");
    }
    if (path == "/api/guests" && method == "POST") return create_guest(j, now, client);
    if (path == "/api/variants" && method == "GET") {
      if (variants_text.empty()) variants_text = dump(variants_json(config.max_bot_level));
      return {200, "application/json", variants_text};
    }
    if (path == "/api/tables" && method == "POST") return create_table(j, now, client);
    if (path == "/api/tables" && method == "GET") return list_tables(target, now);
    const std::string prefix = "/api/tables/";
    if (path.rfind(prefix, 0) == 0) {
      const std::string rest = path.substr(prefix.size());
      const auto slash = rest.find('/');
      const std::string id = rest.substr(0, slash);
      const std::string what = slash == std::string::npos ? "" : rest.substr(slash + 1);
      TableEntry* entry = find_table(id);
      if (!entry && damaged.count(id) != 0) {
        return error_reply(500, "damaged", damaged_text(id));
      }
      if (!entry) return error_reply(404, "not-found", "no table " + id);
      if (what.empty() && method == "GET") return json_reply(200, summary(*entry));
      if (what == "record" && method == "GET") {
        if (entry->table->stage() != TableStage::Finished) {
          return error_reply(409, "conflict", "the game is not over");
        }
        return {200, "application/json", entry->table->record()};
      }
      if (what == "replay" && method == "GET") {
        if (entry->table->stage() != TableStage::Finished) {
          return error_reply(409, "conflict", "the game is not over");
        }
        std::string text = entry->replay_text;
        if (text.empty()) {
          text = dump(entry->table->replay_json());
          size_t cached = 0;
          for (const auto& [other, e] : tables) cached += e.replay_text.size();
          if (cached + text.size() <= kReplayCacheBytes) entry->replay_text = text;
        }
        // {"deals":…,"match":…} and the summary as "table", in the order dump() sorts keys.
        text.pop_back();
        text += R"(,"table":)" + dump(summary(*entry)) + "}";
        return {200, "application/json", std::move(text)};
      }
      if (method == "POST") return table_action(*entry, what, j, now, client);
    }
    return error_reply(404, "not-found", "no such request: " + std::string(method) + " " + path);
  }

  HttpReply list_tables(std::string_view target, int64_t now) {
    LobbyQuery query;
    if (const auto e = parse_lobby_query(target, query)) {
      return error_reply(400, "bad-request", e->message, e->field);
    }
    const auto listed = [&](const TableEntry& entry) {
      const Table& t = *entry.table;
      return t.setup().is_public && t.stage() != TableStage::Finished && !left_alone(entry, now);
    };
    const auto rows = [&] {
      std::vector<LobbyRow> out;
      for (const auto& [id, entry] : tables) {
        if (listed(entry)) out.push_back(lobby_row(id, *entry.table, entry.seats_seq));
      }
      return out;
    };
    // A table that changed since the rows were made is left out, not shown against the filter
    // it was chosen by (a game begun since, under "free seats only").
    const auto text = [&](const LobbyRow& row) -> std::optional<std::string> {
      const auto it = tables.find(row.id);
      if (it == tables.end() || !listed(it->second) ||
          lobby_row(row.id, *it->second.table, 0).free != row.free) {
        return std::nullopt;
      }
      return dump(summary(it->second));
    };
    return {200, "application/json", lobby.answer(query, now, rows, text)};
  }

  void hello(ConnId c, Conn& conn, const Json& j, int64_t now) {
    const auto t = j.find("table");
    if (t == j.end()) {
      outlet.send(c, error_message("bad-message", "table: a table id is required", "table"));
      return;
    }
    if (!t->is_string()) {
      outlet.send(c, error_message("bad-message", "table: a table id is a string, not " + given(*t),
                                   "table"));
      return;
    }
    TableEntry* found = find_table(t->get<std::string>());
    if (!found && damaged.count(t->get<std::string>()) != 0) {
      outlet.send(c, error_message("damaged", damaged_text(t->get<std::string>()), "table"));
      return;
    }
    if (!found) {
      outlet.send(c, error_message("not-found", "no table " + t->get<std::string>(), "table"));
      return;
    }
    uint64_t last = 0;
    if (const auto l = j.find("last"); l != j.end()) {
      if (!l->is_number_unsigned()) {
        outlet.send(
            c, error_message("bad-message", "last: an event number, not " + given(*l), "last"));
        return;
      }
      last = l->get<uint64_t>();
    }
    TableEntry& entry = *found;
    const std::optional<Guest> g = guest_of(j);
    // The same connection, guest and seat saying hello again (a client catching up) stays: to
    // leave and come back would store a disconnect and a connect each time.
    const int seat = g ? entry.table->seat_of(g->id) : -1;
    const bool again =
        conn.table == entry.table->id() && conn.guest == (g ? g->id : "") && conn.seat == seat;
    // One more to watch, past the most the table takes, is refused, and stays where it was (at
    // another table perhaps). A player of the table is neither counted nor refused.
    if (!again && seat < 0 && config.max_spectators > 0 &&
        spectators(entry, c) >= config.max_spectators) {
      outlet.send(c, error_message("spectators-full",
                                   "the table has the most spectators it takes (" +
                                       std::to_string(config.max_spectators) + "); try again later",
                                   "table"));
      return;
    }
    if (!again) {
      if (!conn.table.empty()) leave_conn(c, conn, now);
      if (entry.asleep) {
        commit(entry, Event{EventKind::Restart, -1, {}, {}, {}}, now);
        store.set_asleep(entry.table->id(), false);
        entry.asleep = false;
      }
      conn.table = entry.table->id();
      conn.guest = g ? g->id : "";
      conn.seat = seat;
      entry.conns.insert(c);
      if (conn.seat < 0) entry.spectators_changed = true;
      if (entry.conns.size() == 1) dirty.push_back(entry.table->id());  // its bots may go on
    }
    conn.round = 0;  // its first state is whole
    welcome(c, conn);
    const bool first_of_seat = !again && conn.seat >= 0 && entry.seat_conns[conn.seat]++ == 0;
    if (first_of_seat && seat_comes_back(entry, conn.seat)) {
      try {
        commit(entry, Event{EventKind::Connect, conn.seat, {}, {}, {}}, now);
      } catch (const StorageError&) {
        // Not at the table after all: counted there, the player would be connected to the hub
        // and away to the table, and a bot would play the seat (regression). A hello again
        // starts over.
        --entry.seat_conns[conn.seat];
        entry.conns.erase(c);
        conn.table.clear();
        conn.guest.clear();
        conn.seat = -1;
        throw;
      }
      return;  // the broadcast carried the state
    }
    // The seat's first connection gets the state even when it is up to date: a client whose
    // connection dropped learns from it that the table is as it left it, and the web client then
    // asks for a move it could not send (regression: back within leave_settle_ms nothing is
    // stored, so no state came, and the player was never asked to play it again).
    if (last != entry.table->seq() || first_of_seat) {
      refresh(entry);  // broadcasts skip a table nobody watches: its texts may be old
      std::map<int, std::string> views;
      send_state(entry, c, conn, views, now);
    }
  }

  void act(ConnId c, const Conn& conn, const Json& j, int64_t now) {
    if (conn.table.empty()) {
      outlet.send(c, error_message("no-hello", "say hello with a table first"));
      return;
    }
    TableEntry& entry = tables.at(conn.table);
    if (conn.seat < 0) {
      outlet.send(c, error_message("not-seated", "spectators cannot act"));
      return;
    }
    const auto a = j.find("action");
    std::optional<Action> action;
    std::string why_not;  // what was given, and why it names no action
    if (a == j.end()) {
      why_not = "action: the action's text or code is required";
    } else if (a->is_string()) {
      action = parse_action(a->get<std::string>());
      if (!action) why_not = "action: " + given(*a) + " is no action's text";
    } else if (const auto code = json_int(*a)) {
      // Through the table of actions, as the text of a code is: a number that names no action
      // (9999) is refused as one, not found illegal as if it were one ("invalid action").
      if (*code >= 0 && *code < 65536) action = parse_action(std::to_string(*code));
      if (!action) why_not = "action: " + given(*a) + " is no action's code";
    } else {
      why_not = "action: the action's text or code, not " + given(*a);
    }
    if (!action) {
      outlet.send(
          c, error_message("bad-message", why_not + legal_text(*entry.table, conn.seat), "action"));
      return;
    }
    if (const auto s = j.find("seq"); s != j.end()) {
      if (!s->is_number_unsigned()) {
        outlet.send(c,
                    error_message("bad-message", "seq: an event number, not " + given(*s), "seq"));
        return;
      }
      // Stale only if the game changed since: a player's connection coming or going moves seq
      // on too, and refusing for it refused moves for no reason of the game (regression).
      const uint64_t seq = s->get<uint64_t>();
      const Table& t = *entry.table;
      if (seq > t.seq()) {
        outlet.send(
            c, error_message("stale",
                             fmt::format("seq {} is ahead of the table (event {})", seq, t.seq()),
                             "seq"));
        return;
      }
      if (seq < t.game_seq()) {
        std::string why =
            fmt::format("seq {} is stale: the game changed at event {}", seq, t.game_seq());
        if (t.seq() != t.game_seq()) why += fmt::format(" (the table is at event {})", t.seq());
        outlet.send(c, error_message("stale", why, "seq"));
        return;
      }
    }
    // The one action named as the seat was told it, not as the engine knows it: a forehead card.
    const Match* m = entry.table->match();
    if (*action == Action::play_unseen() && m != nullptr && m->in_deal()) {
      action = heard_action(m->view(conn.seat), *action);  // a view only for this one action
    }
    const Event e{EventKind::Act, conn.seat, *action, {}, {}};
    if (const std::string why = entry.table->check(e); !why.empty()) {
      const bool turn = why == "it is not your turn";
      const bool over = entry.table->stage() == TableStage::Finished;
      outlet.send(c, error_message(over   ? "finished"
                                   : turn ? "not-your-turn"
                                          : "illegal",
                                   over || turn ? why : why + legal_text(*entry.table, conn.seat),
                                   "action"));
      return;
    }
    commit(entry, e, now);
    guests.seen(conn.guest);
  }

  // The actions `seat` may take now, as it was told them (a forehead card as "play unseen"), for
  // an error that refuses another: " (legal now: bid 0, bid 1)". Empty when it is not to move.
  static std::string legal_text(const Table& t, int seat) {
    constexpr size_t kListed = 12;
    const Match* m = t.match();
    if (m == nullptr || !m->in_deal() || m->state().to_move() != seat) return {};
    const PlayerView v = m->view(seat);
    if (v.legal.size == 0) return {};
    std::string out = " (legal now: ";
    size_t n = 0;
    for (const Action a : v.legal) {
      if (n == kListed) {
        out += fmt::format(", and {} more", static_cast<size_t>(v.legal.size) - kListed);
        break;
      }
      out += (n++ == 0 ? "" : ", ") + to_string(told_action(v, a));
    }
    return out + ")";
  }

  void welcome(ConnId c, const Conn& conn) {
    outlet.send(c, dump(Json{{"type", "welcome"},
                             {"table", conn.table},
                             {"seat", conn.seat},
                             {"role", conn.seat >= 0 ? "player" : "spectator"}}));
  }

  // A guest who watched a table and has just taken a seat plays it from the connections it
  // watched with: each is welcomed again as the player, and the seat is connected. Everyone is
  // told, once (the join was stored untold).
  void seat_watchers(TableEntry& entry, const std::string& guest, int seat, int64_t now) {
    std::vector<ConnId> moved;
    for (ConnId c : entry.conns) {
      Conn& conn = conns.at(c);
      if (conn.seat >= 0 || conn.guest != guest) continue;
      conn.seat = seat;
      conn.round = 0;  // its next state is whole: the view is now the seat's
      welcome(c, conn);
      moved.push_back(c);
    }
    if (moved.empty()) return broadcast(entry, now);
    const bool first = (entry.seat_conns[seat] += static_cast<int>(moved.size())) ==
                       static_cast<int>(moved.size());
    if (first && seat_comes_back(entry, seat)) {
      try {
        commit(entry, Event{EventKind::Connect, seat, {}, {}, {}}, now);
      } catch (const StorageError& e) {
        // The seat is taken (stored), but not their connection: closed, they come back with a
        // hello that stores it, rather than play on as away to the table.
        log_storage("join", e, now);
        entry.seat_conns[seat] -= static_cast<int>(moved.size());
        for (ConnId c : moved) {
          conns.at(c).seat = -1;
          outlet.close(c, "storage");
        }
        broadcast(entry, now);
      }
    } else {
      broadcast(entry, now);
    }
  }

  // A seat's first connection: whether the table is to be told (a Connect). One whose last
  // connection closed less than leave_settle_ms ago was never gone to the table.
  bool seat_comes_back(TableEntry& entry, int seat) {
    entry.leaving.erase(seat);
    return entry.table->stage() != TableStage::Finished && !entry.table->seat(seat).connected;
  }

  void leave_conn(ConnId c, Conn& conn, int64_t now) {
    const auto it = tables.find(conn.table);
    if (it == tables.end()) return;
    TableEntry& entry = it->second;
    entry.conns.erase(c);
    if (conn.seat >= 0 && --entry.seat_conns[conn.seat] == 0) {
      entry.leaving[conn.seat] = now;
    } else if (conn.seat < 0) {
      entry.spectators_changed = true;
    }
    conn.table.clear();
    conn.seat = -1;
    if (entry.conns.empty()) let_go(entry);
  }

  // What is kept for the table's connections is let go when the last one closes: the texts of
  // the summary and the score, made again at the next hello (regression: a table of a thousand
  // deals kept its score's 286 KB in memory for as long as it stayed there, watched or not, and
  // the hub keeps 256 idle tables), and the worlds its bots carry (up to 216 KB a seat at `max`),
  // as its bots move only while someone is connected: they draw afresh when someone comes back.
  static void let_go(TableEntry& entry) {
    std::string().swap(entry.summary_text);
    std::string().swap(entry.match_text);
    entry.summary_round = 0;
    entry.match_round = 0;
    entry.bot_memory.clear();
  }

  // The leavings settled by now are told to the tables (a Disconnect each), with the seat's
  // grace period counted from the closing. One that cannot be stored stays, tried again at the
  // next tick: else the table would think the player connected, and wait for them forever.
  void store_leavings(TableEntry& entry, int64_t now) {
    for (auto it = entry.leaving.begin(); it != entry.leaving.end();) {
      const auto [seat, closed] = *it;
      if (now - closed < config.leave_settle_ms) {
        ++it;
        continue;
      }
      // Not if the seat was given up or the game ended since: the table would refuse the
      // event, and so would a restarted server reading it back.
      const Event e{EventKind::Disconnect, seat, {}, {}, {}};
      if (entry.table->stage() != TableStage::Finished && entry.table->seat(seat).connected &&
          entry.table->check(e).empty()) {
        commit(entry, e, now);
        entry.table->backdate_leaving(seat, closed);
      }
      it = entry.leaving.erase(it);
    }
  }
};

Hub::Hub(const HubConfig& config, Outlet& outlet) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not start");
  impl_ = std::make_unique<Impl>(config, outlet);
  impl_->load();
}

Hub::~Hub() = default;

namespace {

// What a client is told when the server cannot store its request (the log says why).
constexpr const char* kNotStored =
    "the server cannot store anything now, so nothing was done; try again later";

}  // namespace

HttpReply Hub::http(std::string_view method, std::string_view target, std::string_view body,
                    int64_t now_ms, const std::string& client) {
  try {
    impl_->restart(now_ms);
    return impl_->http(method, target, body, now_ms, client);
  } catch (const StorageError& e) {
    impl_->log_storage("http", e, now_ms);
    return error_reply(503, "storage", kNotStored);
  }
}

void Hub::open(ConnId conn, int64_t now_ms) {
  impl_->conns[conn].heard_ms = now_ms;  // first: a connection unknown to the hub is never answered
  try {
    impl_->restart(now_ms);
  } catch (const StorageError& e) {
    impl_->log_storage("open", e, now_ms);  // tried again at the next call
  }
}

void Hub::message(ConnId conn, std::string_view text, int64_t now_ms) {
  if (const auto it = impl_->conns.find(conn); it != impl_->conns.end()) {
    it->second.heard_ms = now_ms;
  }
  // Regression: a hello or an action that could not be stored got no answer at all.
  try {
    handle_message(conn, text, now_ms);
  } catch (const StorageError& e) {
    impl_->log_storage("message", e, now_ms);
    const auto it = impl_->conns.find(conn);
    if (it == impl_->conns.end()) return;
    impl_->outlet.send(conn, error_message("storage", kNotStored));
    // A hello half done (it may have welcomed the connection) is not at the table: closed, the
    // client connects again and says hello anew, as after any dropped connection.
    if (it->second.table.empty()) impl_->outlet.close(conn, "storage");
  }
}

void Hub::handle_message(ConnId conn, std::string_view text, int64_t now_ms) {
  impl_->restart(now_ms);
  const auto it = impl_->conns.find(conn);
  if (it == impl_->conns.end()) return;
  const Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    impl_->outlet.send(conn, error_message("bad-json", "a message is one JSON object"));
    return;
  }
  const auto type = j.find("type");
  const std::string t = type != j.end() && type->is_string() ? type->get<std::string>() : "";
  if (t == "hello") {
    impl_->hello(conn, it->second, j, now_ms);
  } else if (t == "act") {
    impl_->act(conn, it->second, j, now_ms);
  } else if (t == "ping") {
    impl_->outlet.send(conn, R"({"type":"pong"})");
  } else {
    impl_->outlet.send(conn, error_message("unknown-type", "type: hello, act or ping", "type"));
  }
}

void Hub::closed(ConnId conn, int64_t now_ms) {
  const auto it = impl_->conns.find(conn);
  if (it == impl_->conns.end()) return;
  impl_->leave_conn(conn, it->second, now_ms);
  impl_->conns.erase(it);
}

bool Hub::take_returning_player(std::string_view text, int64_t now_ms) {
  const Json j = Json::parse(text, nullptr, false);
  if (!j.is_object() || j.find("type") == j.end() || j["type"] != "hello") return false;
  const auto t = j.find("table");
  if (t == j.end() || !t->is_string()) return false;
  const auto it = impl_->tables.find(t->get<std::string>());
  if (it == impl_->tables.end() || it->second.table->stage() != TableStage::Playing) return false;
  // The token last, as a hello does: a guest is seen only at a table that exists
  // (docs/protocol.md). One that cannot be read now is let through: its hello then says what
  // is wrong, where "server full" would not (regression: that, and a log line each time).
  std::optional<Impl::Guest> g;
  try {
    g = impl_->guest_of(j);
  } catch (const StorageError& e) {
    impl_->log_storage("reserve", e, now_ms);
    return true;
  }
  if (!g) return false;
  // A seat already connected is not coming back (regression: one seat's hello, sent again and
  // again, took every place of the reserve), unless its connections have gone silent: a network
  // that died leaves one open until its idle timeout, a minute, where the web client pings every
  // 15 s.
  const int seat = it->second.table->seat_of(g->id);
  if (seat < 0) return false;
  std::vector<ConnId> silent;
  for (const ConnId c : it->second.conns) {
    const auto conn = impl_->conns.find(c);
    if (conn == impl_->conns.end() || conn->second.seat != seat) continue;
    if (now_ms - conn->second.heard_ms < kSilentSeatMs) return false;
    silent.push_back(c);
  }
  // The new connection takes the silent ones' place: a seat holds one place of the reserve,
  // however often its hello comes (a client that answers pings and says nothing stays silent).
  for (const ConnId c : silent) impl_->outlet.close(c, "replaced: the player connected again");
  return true;
}

void Hub::tick(int64_t now_ms) {
  // Tried again at the next tick, five times a second (regression: five lines a second for as
  // long as the disk was full).
  const auto log_quietly = [&](const StorageError& e) { impl_->log_storage("tick", e, now_ms); };
  try {
    impl_->restart(now_ms);
  } catch (const StorageError& e) {
    log_quietly(e);
    return;  // nothing else could be stored either
  }
  const HubConfig& config = impl_->config;
  std::vector<std::string> abandoned;
  for (auto& [id, entry] : impl_->tables) {
    if (entry.asleep) continue;  // its timers start at the next hello
    if (entry.timed_out != entry.table->seq() + 1 && entry.table->turn_expired(now_ms)) {
      entry.timed_out = entry.table->seq() + 1;
      impl_->dirty.push_back(id);
    }
    try {
      impl_->store_leavings(entry, now_ms);
      for (const int seat : entry.table->overdue(now_ms, config.grace_ms)) {
        impl_->commit(entry, Event{EventKind::Away, seat, {}, {}, {}}, now_ms);
      }
      if (config.hold_seat_ms > 0) {
        for (const int seat : entry.table->unheld(now_ms, config.hold_seat_ms)) {
          impl_->commit(entry, Event{EventKind::Leave, seat, {}, {}, {}}, now_ms);
          entry.seat_conns.erase(seat);
        }
      }
    } catch (const StorageError& e) {
      log_quietly(e);
    }
    if (std::exchange(entry.spectators_changed, false)) impl_->broadcast(entry, now_ms);
    if (!entry.conns.empty()) {
      entry.unwatched_since = -1;
    } else if (entry.unwatched_since < 0) {
      entry.unwatched_since = now_ms;
    }
    if (entry.table->stage() != TableStage::Waiting || entry.table->anyone_seated() ||
        !entry.conns.empty()) {
      entry.abandoned_since = -1;
    } else if (entry.abandoned_since < 0) {
      entry.abandoned_since = now_ms;
    } else if (config.abandoned_ms > 0 && now_ms - entry.abandoned_since >= config.abandoned_ms) {
      abandoned.push_back(id);
    }
  }
  try {
    for (const std::string& id : abandoned) impl_->remove_table(id, now_ms);
    impl_->evict_idle(now_ms);
    impl_->guests.retire(now_ms);
  } catch (const StorageError& e) {
    log_quietly(e);
  }
  impl_->flush_storage_log(now_ms);
}

std::optional<BotJob> Hub::next_bot_job(int64_t now_ms) {
  // Tables where a player is connected go first: someone is waiting on those bots, where a
  // table of bots alone is only watched, and a watcher should not hold up a game.
  for (const bool players_only : {true, false}) {
    for (auto it = impl_->dirty.begin(); it != impl_->dirty.end();) {
      const auto found = impl_->tables.find(*it);
      if (found == impl_->tables.end()) {  // deleted, or idle and out of memory
        it = impl_->dirty.erase(it);
        continue;
      }
      auto& entry = found->second;
      if (players_only && !Impl::player_connected(entry)) {
        ++it;
        continue;
      }
      // Only watched: the next move waits for the pace (it stays due; a tick asks again).
      if (!players_only && !entry.conns.empty() &&
          entry.last_event_ms > now_ms - impl_->config.watch_pace_ms) {
        ++it;
        continue;
      }
      // A decision made in secret waits as a human would (it stays due; a tick asks again).
      const int64_t secret = impl_->config.secret_pace_ms;
      if (secret > 0 && entry.table->secret_turn() &&
          now_ms < entry.last_event_ms + entry.table->secret_delay_ms(secret)) {
        ++it;
        continue;
      }
      if (now_ms < entry.bot_retry_at) {  // its move could not be stored: not yet again
        ++it;
        continue;
      }
      it = impl_->dirty.erase(it);
      if (entry.handed_out == entry.table->seq() + 1) continue;
      // Bots play only while someone is at the table or watching it; hello wakes it. Otherwise
      // a guest could keep the bot threads busy with tables nobody looks at, and a restart
      // would set every stored table's bots going at once.
      if (entry.conns.empty()) continue;
      std::optional<BotJob> job = entry.table->bot_job(entry.timed_out == entry.table->seq() + 1);
      if (!job) continue;
      entry.handed_out = entry.table->seq() + 1;
      // The seat's bot goes on from its last decision, if that was the same bot in this deal.
      if (const auto kept = entry.bot_memory.find(job->seat); kept != entry.bot_memory.end()) {
        if (kept->second.deal == job->deal && kept->second.spec == job->spec) {
          job->memory = std::move(kept->second.memory);
        }
        entry.bot_memory.erase(kept);
      }
      return job;
    }
  }
  return std::nullopt;
}

void Hub::bot_done(BotJob job, Action action, int64_t now_ms) {
  const auto it = impl_->tables.find(job.table);
  if (it == impl_->tables.end()) return;
  try {
    impl_->restart(now_ms);
    if (it->second.table->seq() != job.seq) return;  // moved on: what the bot carried goes
    const Event e{EventKind::Act, job.seat, action, {}, {}};
    if (!it->second.table->check(e).empty()) return;
    impl_->commit(it->second, e, now_ms);
    const Match* m = it->second.table->match();
    // Not for a table nobody is connected to any more (let_go).
    if (job.memory && !it->second.conns.empty() && m != nullptr && m->in_deal() &&
        static_cast<int>(m->log().size()) - 1 == job.deal) {
      it->second.bot_memory[job.seat] = {std::move(job.memory), job.deal, job.spec};
    }
  } catch (const StorageError& error) {
    // Asked again a little later (regression: handed out once a seq, the move was never made
    // again, and the table stood still until something else happened at it).
    it->second.handed_out = 0;
    it->second.bot_retry_at = now_ms + kBotRetryMs;
    impl_->dirty.push_back(job.table);
    impl_->log_storage("bot_done", error, now_ms);
  }
}

void Hub::run_bots(int64_t now_ms) {
  while (auto job = next_bot_job(now_ms)) {
    const Action action = run_bot_job(*job);
    bot_done(std::move(*job), action, now_ms);
  }
}

int Hub::tables_in_memory() const { return static_cast<int>(impl_->tables.size()); }

int Hub::guests_in_memory() const { return static_cast<int>(impl_->guests.size()); }

size_t Hub::texts_in_memory() const {
  size_t n = 0;
  for (const auto& [id, entry] : impl_->tables) {
    n += entry.summary_text.size() + entry.match_text.size();
  }
  return n;
}

int Hub::live_tables() const {
  int n = 0;
  for (const auto& [id, entry] : impl_->tables) n += entry.table->stage() != TableStage::Finished;
  return n;
}

}  // namespace whist::server
