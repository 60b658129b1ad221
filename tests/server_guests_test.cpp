// The server's guests (server/guests.h): only those seen lately are in memory, the others read
// back by their token's index when they come; when each was last seen is stored, by the hour; a
// guest unseen for the expiry's days is retired, unless seated at a game not finished, and its
// token then refused with the error that says to make a new guest; the games that named it stay
// whole; a database from before all this is brought up to date.
#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>

#include <chrono>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "server/guests.h"
#include "server/hub.h"
#include "server/store.h"
#include "server/table.h"
#include "temp_dir.h"

namespace whist::server {
namespace {

using Json = nlohmann::json;

constexpr int64_t kHourS = 3600, kDayS = 86400;
constexpr int kExpiryDays = 30;

int64_t system_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

struct QuietOutlet : Outlet {
  std::map<ConnId, std::vector<Json>> sent;
  void send(ConnId conn, std::string text) override { sent[conn].push_back(Json::parse(text)); }
  void close(ConnId, std::string) override {}
  void log(std::string_view, std::string_view) override {}
  Json last_of(ConnId conn, const std::string& type) const {
    const auto it = sent.find(conn);
    if (it == sent.end()) return nullptr;
    Json out;
    for (const Json& m : it->second) {
      if (m["type"] != type) continue;
      if (out.is_null()) out = Json::object();
      for (const auto& [k, v] : m.items()) out[k] = v;
    }
    return out;
  }
};

struct Reply {
  int status;
  Json body;
};

class GuestsTest : public ::testing::Test {
 protected:
  GuestsTest() { reopen(); }
  ~GuestsTest() override { hub_.reset(); }  // closes the database before its folder goes

  void reopen() {
    hub_.reset();
    HubConfig config{db_, 60000, 7};
    config.guests_cached = cached_;
    config.guest_expiry_days = kExpiryDays;
    config.hold_seat_ms = 0;  // a seat waits for its player until the game starts
    config.wall_clock = [this] { return wall_; };
    hub_ = std::make_unique<Hub>(config, out_);
  }

  Reply call(const std::string& method, const std::string& target, const Json& body = nullptr) {
    const HttpReply r = hub_->http(method, target, body.is_null() ? "" : body.dump(), now_);
    return {r.status, Json::parse(r.body, nullptr, false)};
  }
  std::string guest(const std::string& name) {
    const Reply r = call("POST", "/api/guests", {{"name", name}});
    EXPECT_EQ(r.status, 201) << r.body;
    return r.body.value("token", "");
  }
  std::string table(const std::string& token, const std::vector<std::string>& seats,
                    const std::string& schedule = "2,1") {
    const Reply r = call("POST", "/api/tables",
                         {{"token", token},
                          {"variant", "romanian"},
                          {"options", {{"schedule", schedule}}},
                          {"seats", seats}});
    EXPECT_EQ(r.status, 201) << r.body;
    return r.body.value("id", "");
  }
  int join(const std::string& id, const std::string& token, int seat) {
    return call("POST", "/api/tables/" + id + "/join", {{"token", token}, {"seat", seat}}).status;
  }
  void hello(ConnId c, const std::string& id, const std::string& token) {
    hub_->open(c, now_);
    hub_->message(c, Json{{"type", "hello"}, {"table", id}, {"token", token}}.dump(), now_);
  }
  // Whether the connection's seat may move: if so, it plays its first legal action.
  bool act(ConnId c) {
    hub_->run_bots(now_);
    const Json s = out_.last_of(c, "state");
    if (s.is_null() || s["view"].is_null() || s["view"]["legal"].empty()) return false;
    hub_->message(c, Json{{"type", "act"}, {"action", s["view"]["legal"][0]["code"]}}.dump(), now_);
    return true;
  }
  void play_to_the_end(const std::vector<ConnId>& conns) {
    for (bool moved = true; moved;) {
      moved = false;
      for (ConnId c : conns) moved |= act(c);
    }
    hub_->run_bots(now_);
  }
  // The stored guests, by name: when each was last seen.
  std::map<std::string, int64_t> stored_guests() const {
    SQLite::Database db(db_, SQLite::OPEN_READONLY);
    SQLite::Statement q(db, "SELECT name, last_seen FROM guests");
    std::map<std::string, int64_t> out;
    while (q.executeStep()) out[q.getColumn(0).getString()] = q.getColumn(1).getInt64();
    return out;
  }

  test_files::TempDir folder_{"whist-guests-"};
  std::string db_ = (folder_ / "whist.sqlite").string();
  int cached_ = 4096;
  // The wall clock starts at the system's: a database brought up to date takes its guests as
  // seen then.
  int64_t wall_ = system_seconds();
  int64_t now_ = 1000;
  QuietOutlet out_;
  std::unique_ptr<Hub> hub_;
};

// Regression: every guest ever made was read into memory at the start and kept there.
TEST_F(GuestsTest, ARestartReadsNoGuestAndEachComesBackByItsToken) {
  cached_ = 8;
  reopen();
  std::vector<std::string> tokens;
  for (int k = 0; k < 40; ++k) tokens.push_back(guest("G" + std::to_string(k)));
  EXPECT_EQ(hub_->guests_in_memory(), 8);
  const std::string id = table(tokens[0], {"human", "human", "random", "random"});
  ASSERT_EQ(join(id, tokens[0], 0), 200);
  ASSERT_EQ(join(id, tokens[1], 1), 200);
  reopen();
  EXPECT_EQ(hub_->guests_in_memory(), 0);
  hello(1, id, tokens[1]);
  EXPECT_EQ(out_.last_of(1, "welcome")["role"], "player");
  EXPECT_EQ(out_.last_of(1, "welcome")["seat"], 1);
  const Json seats = out_.last_of(1, "state")["table"]["seats"];
  EXPECT_EQ(seats[0]["name"], "G0");
  EXPECT_EQ(seats[1]["name"], "G1");
  EXPECT_EQ(hub_->guests_in_memory(), 1);
  // Every token still serves (refused only for not sitting there), however few are in memory.
  for (const std::string& token : tokens) {
    if (token == tokens[0] || token == tokens[1]) continue;
    const Reply r = call("POST", "/api/tables/" + id + "/leave", {{"token", token}});
    EXPECT_EQ(r.status, 409) << r.body;
  }
  EXPECT_EQ(hub_->guests_in_memory(), 8);
}

// A guest out of memory is one read of the database by its token's index, and then in memory
// again; one in memory is no read at all.
TEST(GuestCache, AGuestOutOfMemoryIsReadBackOnceAndKept) {
  Store store(":memory:");
  const int64_t now = 1'000'000;
  GuestCache cache(store, {2, kExpiryDays, [now] { return now; }});
  for (const char* id : {"a", "b", "c"}) {
    const StoredGuest g{id, std::string("hash-") + id, std::string("name ") + id, now};
    store.add_guest(g);
    cache.added(g);
  }
  EXPECT_EQ(cache.size(), 2u);
  const uint64_t reads = store.guest_reads();
  EXPECT_EQ(cache.by_token("hash-c")->name, "name c");
  EXPECT_EQ(store.guest_reads(), reads);
  EXPECT_EQ(cache.by_token("hash-a")->id, "a");  // the first, out of memory
  EXPECT_EQ(store.guest_reads(), reads + 1);
  EXPECT_EQ(cache.by_token("hash-a")->name, "name a");
  EXPECT_EQ(store.guest_reads(), reads + 1);
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_FALSE(cache.by_token("hash-z"));
  EXPECT_TRUE(cache.exists("b"));
  EXPECT_FALSE(cache.exists("z"));
  EXPECT_EQ(store.guest_reads(), reads + 4);
  EXPECT_EQ(cache.size(), 2u);
}

// Seen when made, when its token is used and when it moves, and stored when that moved by an
// hour or more: a guest's every move writes nothing more.
TEST_F(GuestsTest, WhenAGuestWasLastSeenIsStoredByTheHour) {
  const int64_t start = wall_;
  const std::string ana = guest("Ana");
  EXPECT_EQ(stored_guests()["Ana"], start);
  wall_ = start + kHourS - 1;
  const std::string id = table(ana, {"human", "random", "random", "random"}, "3,3,3");
  EXPECT_EQ(stored_guests()["Ana"], start);
  wall_ = start + kHourS;
  ASSERT_EQ(join(id, ana, 0), 200);
  EXPECT_EQ(stored_guests()["Ana"], start + kHourS);
  hello(1, id, ana);
  wall_ = start + 3 * kHourS;  // a move, and no request with her token
  ASSERT_TRUE(act(1));
  EXPECT_EQ(stored_guests()["Ana"], start + 3 * kHourS);
  // After a restart her sighting is the stored one.
  reopen();
  wall_ = start + 4 * kHourS - 1;
  hello(2, id, ana);
  EXPECT_EQ(out_.last_of(2, "welcome")["role"], "player");
  EXPECT_EQ(stored_guests()["Ana"], start + 3 * kHourS);
  wall_ = start + 4 * kHourS;
  hello(3, id, ana);
  EXPECT_EQ(stored_guests()["Ana"], start + 4 * kHourS);
}

TEST_F(GuestsTest, ExpiryRetiresExactlyTheUnseenGuestsNotSeatedAtAGameNotFinished) {
  const int64_t start = wall_;
  std::map<std::string, std::string> tokens;
  for (const char* name : {"Idle", "Waiting", "Playing", "Done", "Left", "Recent"}) {
    tokens[name] = guest(name);
  }
  const std::string waiting = table(tokens["Waiting"], {"human", "human", "random", "random"});
  ASSERT_EQ(join(waiting, tokens["Waiting"], 0), 200);
  ASSERT_EQ(join(waiting, tokens["Left"], 1), 200);
  ASSERT_EQ(call("POST", "/api/tables/" + waiting + "/leave", {{"token", tokens["Left"]}}).status,
            200);
  const std::string playing = table(tokens["Playing"], {"human", "random", "random", "random"});
  ASSERT_EQ(join(playing, tokens["Playing"], 0), 200);
  const std::string done = table(tokens["Done"], {"human", "human", "random", "random"});
  ASSERT_EQ(join(done, tokens["Done"], 0), 200);
  ASSERT_EQ(join(done, tokens["Recent"], 1), 200);
  hello(1, done, tokens["Done"]);
  hello(2, done, tokens["Recent"]);
  play_to_the_end({1, 2});
  ASSERT_EQ(call("GET", "/api/tables/" + done).body["state"], "finished");
  hub_->closed(1, now_);
  hub_->closed(2, now_);
  const Json record = call("GET", "/api/tables/" + done + "/record").body;
  const Json replay = call("GET", "/api/tables/" + done + "/replay").body;

  wall_ = start + 20 * kDayS;  // Recent comes back (her token, refused for not sitting there)
  EXPECT_EQ(call("POST", "/api/tables/" + playing + "/leave", {{"token", tokens["Recent"]}}).status,
            409);
  wall_ = start + kExpiryDays * kDayS;
  now_ += GuestCache::kRetireEveryMs;
  hub_->tick(now_);  // the first tick: the next check is an hour on
  now_ += GuestCache::kRetireEveryMs;
  hub_->tick(now_);
  EXPECT_EQ(stored_guests().size(), 6u) << "unseen for 30 days, not more";
  wall_ = start + kExpiryDays * kDayS + 1;
  hub_->tick(now_);
  EXPECT_EQ(stored_guests().size(), 6u) << "checked only hourly";
  now_ += GuestCache::kRetireEveryMs;
  hub_->tick(now_);
  std::set<std::string> kept;
  for (const auto& [name, seen] : stored_guests()) kept.insert(name);
  EXPECT_EQ(kept, (std::set<std::string>{"Waiting", "Playing", "Recent"}));

  // A retired token is refused, with the error that says to make a new guest.
  for (const Reply& r :
       {call("POST", "/api/tables",
             {{"token", tokens["Idle"]}, {"variant", "romanian"}, {"seats", {"human"}}}),
        call("POST", "/api/tables/" + waiting + "/join", {{"token", tokens["Left"]}, {"seat", 1}}),
        call("POST", "/api/tables/" + done + "/rematch", {{"token", tokens["Done"]}})}) {
    EXPECT_EQ(r.status, 403);
    EXPECT_EQ(r.body["error"]["code"], "unknown-guest");
    EXPECT_EQ(r.body["error"]["field"], "token");
    EXPECT_EQ(r.body["error"]["message"],
              "token: no guest has this token (a guest unseen for 30 days is retired); make a new "
              "guest (POST /api/guests)");
  }
  const Reply none = call("POST", "/api/tables/" + waiting + "/join", {{"seat", 1}});
  EXPECT_EQ(none.status, 403);
  EXPECT_EQ(none.body["error"]["code"], "forbidden");
  // The seated keep their seats, and their tokens serve.
  hello(3, playing, tokens["Playing"]);
  EXPECT_EQ(out_.last_of(3, "welcome")["role"], "player");
  EXPECT_EQ(join(waiting, tokens["Waiting"], 0), 200);
  EXPECT_EQ(call("GET", "/api/tables/" + waiting).body["seats"][0]["name"], "Waiting");
  // A finished game naming a retired guest is whole, now and after a restart; a rematch seats
  // only its players still here.
  for (int restart = 0; restart < 2; ++restart) {
    EXPECT_EQ(call("GET", "/api/tables/" + done + "/record").body, record);
    EXPECT_EQ(call("GET", "/api/tables/" + done + "/replay").body, replay);
    EXPECT_EQ(call("GET", "/api/tables/" + done).body["seats"][0]["name"], "Done");
    reopen();
  }
  const Reply rematch =
      call("POST", "/api/tables/" + done + "/rematch", {{"token", tokens["Recent"]}});
  ASSERT_EQ(rematch.status, 201) << rematch.body;
  const Json seats =
      call("GET", "/api/tables/" + rematch.body["id"].get<std::string>()).body["seats"];
  EXPECT_TRUE(seats[0]["free"]);
  EXPECT_EQ(seats[1]["name"], "Recent");
  // What `whist serve --check` does: every table replays.
  hub_.reset();
  Store store(db_, StoreAccess::Read);
  for (const std::string& id : store.all_tables()) {
    EXPECT_NO_THROW(replay_table(*store.table(id))) << id;
  }
}

// A database holding many guests to retire does not hold the server up: a batch at the start,
// and one each tick after while batches come back full.
TEST_F(GuestsTest, GuestsAreRetiredABatchAtATime) {
  const int n = GuestCache::kRetireBatch + 10;
  for (int k = 0; k < n; ++k) guest("G" + std::to_string(k));
  wall_ += kExpiryDays * kDayS + 1;
  reopen();
  EXPECT_EQ(stored_guests().size(), 10u);
  hub_->tick(now_);
  EXPECT_EQ(stored_guests().size(), 0u);
}

// A database from before the guests' expiry: its guests are taken as seen when it is brought up
// to date, who sits where at its games not finished is read from their events, and the indexes
// retiring needs are made.
TEST_F(GuestsTest, ADatabaseFromBeforeTheExpiryIsBroughtUpToDate) {
  std::map<std::string, std::string> tokens;
  for (const char* name : {"Idle", "Seated", "Left", "Done"}) tokens[name] = guest(name);
  const std::string playing = table(tokens["Seated"], {"human", "human", "random", "random"});
  ASSERT_EQ(join(playing, tokens["Left"], 0), 200);
  ASSERT_EQ(call("POST", "/api/tables/" + playing + "/leave", {{"token", tokens["Left"]}}).status,
            200);
  ASSERT_EQ(join(playing, tokens["Seated"], 1), 200);
  const std::string done = table(tokens["Done"], {"human", "random", "random", "random"});
  ASSERT_EQ(join(done, tokens["Done"], 0), 200);
  hello(1, done, tokens["Done"]);
  play_to_the_end({1});
  ASSERT_EQ(call("GET", "/api/tables/" + done).body["state"], "finished");
  hub_.reset();
  {  // the schema of before
    SQLite::Database db(db_, SQLite::OPEN_READWRITE);
    db.exec("DROP INDEX guests_by_last_seen");
    db.exec("DROP TABLE seated");
    db.exec("ALTER TABLE guests DROP COLUMN last_seen");
  }
  const int64_t before = system_seconds();
  reopen();
  hub_.reset();
  {
    SQLite::Database db(db_, SQLite::OPEN_READONLY);
    SQLite::Statement seated(db, "SELECT table_id, seat, guest_id FROM seated");
    std::vector<std::string> rows;
    while (seated.executeStep()) {
      rows.push_back(seated.getColumn(0).getString() + " " + seated.getColumn(1).getString() + " " +
                     seated.getColumn(2).getString());
    }
    const std::string seated_id =
        db.execAndGet("SELECT id FROM guests WHERE name = 'Seated'").getString();
    EXPECT_EQ(rows, std::vector<std::string>{playing + " 1 " + seated_id});
    std::set<std::string> indexes;
    SQLite::Statement q(db, "SELECT name FROM sqlite_master WHERE type = 'index'");
    while (q.executeStep()) indexes.insert(q.getColumn(0).getString());
    EXPECT_EQ(indexes.count("guests_by_last_seen"), 1u);
    EXPECT_EQ(indexes.count("seated_by_guest"), 1u);
  }
  for (const auto& [name, seen] : stored_guests()) {
    EXPECT_GE(seen, before) << name;
    EXPECT_LE(seen, system_seconds()) << name;
  }
  reopen();
  hello(2, playing, tokens["Seated"]);
  EXPECT_EQ(out_.last_of(2, "welcome")["seat"], 1);
  hub_->closed(2, now_);
  wall_ = system_seconds() + kExpiryDays * kDayS + 10;
  reopen();
  std::set<std::string> kept;
  for (const auto& [name, seen] : stored_guests()) kept.insert(name);
  EXPECT_EQ(kept, std::set<std::string>{"Seated"});
  EXPECT_EQ(call("GET", "/api/tables/" + done).body["seats"][0]["name"], "Done");
}

}  // namespace
}  // namespace whist::server
