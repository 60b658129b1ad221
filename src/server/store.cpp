#include "server/store.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <thread>

namespace whist::server {

namespace {

// The WAL is copied back into the database once it holds this many pages (4 KiB each).
constexpr int kCheckpointPages = 1000;

bool column_exists(SQLite::Database& db, const char* table, const char* column) {
  SQLite::Statement q(db, std::string("PRAGMA table_info(") + table + ")");
  while (q.executeStep()) {
    if (q.getColumn(1).getString() == column) return true;
  }
  return false;
}

// The events are stored by table and number (WITHOUT ROWID), so a table's events lie together:
// read back in a few pages, and no second copy of the key in an index. 37% smaller than as a
// rowid table (2,000 finished games of romanian: 49.7 MB against 78.9).
constexpr const char* kEventsColumns =
    "(table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL, body TEXT NOT NULL,"
    " PRIMARY KEY (table_id, seq)) WITHOUT ROWID";

bool clustered(SQLite::Database& db, const char* table) {
  SQLite::Statement q(db, "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?");
  q.bind(1, table);
  return q.executeStep() && q.getColumn(0).getString().find("WITHOUT ROWID") != std::string::npos;
}

// A database from before the clustering: its events copied into the clustered form at once, all
// or nothing, then the file rebuilt without the old table's pages (VACUUM), once.
void cluster_events(SQLite::Database& db) {
  SQLite::Transaction transaction(db);
  db.exec(std::string("CREATE TABLE events_clustered ") + kEventsColumns);
  db.exec(
      "INSERT INTO events_clustered (table_id, seq, body) SELECT table_id, seq, body FROM events"
      " ORDER BY table_id, seq");
  db.exec("DROP TABLE events");
  db.exec("ALTER TABLE events_clustered RENAME TO events");
  transaction.commit();
  db.exec("VACUUM");
}

// Who sits where at each game not finished, by guest too: a guest seated at one is never retired.
// Kept by the database's own triggers (kSeatedTriggers), so that an older server run on the
// database, which knows nothing of it, keeps it too; no foreign key, which would refuse such a
// server's deletes.
constexpr const char* kSeatedColumns =
    "(table_id TEXT NOT NULL, seat INTEGER NOT NULL, guest_id TEXT NOT NULL,"
    " PRIMARY KEY (table_id, seat)) WITHOUT ROWID";

// The events' form is server/table.cpp's event_to_json, written compact: instr spares every
// move the parsing. A guest made with no sighting (by an older server) is seen as it is made.
constexpr std::array<const char*, 5> kSeatedTriggers = {
    "CREATE TRIGGER IF NOT EXISTS seated_on_join AFTER INSERT ON events"
    " WHEN instr(NEW.body, '\"k\":\"join\"') > 0 AND json_valid(NEW.body)"
    " AND json_extract(NEW.body, '$.k') = 'join'"
    " AND json_type(NEW.body, '$.seat') = 'integer' AND json_type(NEW.body, '$.guest') = 'text'"
    " BEGIN INSERT OR REPLACE INTO seated (table_id, seat, guest_id) VALUES (NEW.table_id,"
    " json_extract(NEW.body, '$.seat'), json_extract(NEW.body, '$.guest')); END",
    "CREATE TRIGGER IF NOT EXISTS seated_on_leave AFTER INSERT ON events"
    " WHEN instr(NEW.body, '\"k\":\"leave\"') > 0 AND json_valid(NEW.body)"
    " AND json_extract(NEW.body, '$.k') = 'leave'"
    " BEGIN DELETE FROM seated WHERE table_id = NEW.table_id"
    " AND seat = json_extract(NEW.body, '$.seat'); END",
    "CREATE TRIGGER IF NOT EXISTS seated_on_finish AFTER UPDATE OF finished ON tables"
    " WHEN NEW.finished <> 0 BEGIN DELETE FROM seated WHERE table_id = NEW.id; END",
    "CREATE TRIGGER IF NOT EXISTS seated_on_delete BEFORE DELETE ON tables"
    " BEGIN DELETE FROM seated WHERE table_id = OLD.id; END",
    "CREATE TRIGGER IF NOT EXISTS guest_seen_when_made AFTER INSERT ON guests"
    " WHEN NEW.last_seen = 0 BEGIN UPDATE guests SET last_seen ="
    " CAST(strftime('%s', 'now') AS INTEGER) WHERE id = NEW.id; END",
};

// Who sits where at each game not finished, from its joins and leaves in order (the events' form
// is server/table.cpp's event_to_json). Each such table's events are read by the primary key, as
// read_events does, so the finished tables' (most of the file in time) are never read; instr only
// spares parsing the events that are neither.
void rebuild_seated(SQLite::Database& db) {
  db.exec("DELETE FROM seated");
  std::vector<std::string> unfinished;
  SQLite::Statement tables(db, "SELECT id FROM tables WHERE finished = 0");
  while (tables.executeStep()) unfinished.push_back(tables.getColumn(0).getString());
  SQLite::Statement events(db,
                           "SELECT body FROM events WHERE table_id = ? AND (instr(body,"
                           " '\"k\":\"join\"') > 0 OR instr(body, '\"k\":\"leave\"') > 0)"
                           " ORDER BY seq");
  SQLite::Statement insert(db, "INSERT INTO seated (table_id, seat, guest_id) VALUES (?, ?, ?)");
  for (const std::string& table : unfinished) {
    std::map<int, std::string> seated;
    events.reset();
    events.bind(1, table);
    while (events.executeStep()) {
      const auto event = nlohmann::json::parse(events.getColumn(0).getString(), nullptr, false);
      if (!event.is_object()) continue;  // a damaged table: the server names it when asked for
      const auto kind = event.find("k"), seat = event.find("seat"), guest = event.find("guest");
      if (kind == event.end() || seat == event.end() || !seat->is_number_integer()) continue;
      if (*kind == "join" && guest != event.end() && guest->is_string()) {
        seated[seat->get<int>()] = guest->get<std::string>();
      } else if (*kind == "leave") {
        seated.erase(seat->get<int>());
      }
    }
    for (const auto& [seat, guest] : seated) {
      insert.reset();
      insert.bind(1, table);
      insert.bind(2, seat);
      insert.bind(3, guest);
      insert.exec();
    }
  }
}

// A database from before the guests' expiry, once, all or nothing: the column, the table, the
// indexes and the triggers; its guests taken as seen now (none is retired at once), who sits
// where read from the events. Later starts write nothing here (a server on a full disk still
// starts), and read no event: the triggers kept `seated` since, whatever server wrote.
void update_guest_expiry(SQLite::Database& db) {
  // Every trigger, not one: a table rebuilt (as cluster_events does `events`) loses its own.
  if (db.execAndGet("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN"
                    " ('seated_on_join', 'seated_on_leave', 'seated_on_finish',"
                    " 'seated_on_delete', 'guest_seen_when_made')")
          .getInt() == static_cast<int>(kSeatedTriggers.size())) {
    return;
  }
  SQLite::Transaction transaction(db);
  if (!column_exists(db, "guests", "last_seen")) {
    db.exec("ALTER TABLE guests ADD COLUMN last_seen INTEGER NOT NULL DEFAULT 0");
  }
  db.exec(std::string("CREATE TABLE IF NOT EXISTS seated ") + kSeatedColumns);
  // Retiring guests reads them by age; a guest's seats are looked up by guest.
  db.exec("CREATE INDEX IF NOT EXISTS guests_by_last_seen ON guests (last_seen)");
  db.exec("CREATE INDEX IF NOT EXISTS seated_by_guest ON seated (guest_id)");
  for (const char* trigger : kSeatedTriggers) db.exec(trigger);
  // Stamped as the trigger stamps a guest made with no sighting: by the database's clock.
  db.exec(
      "UPDATE guests SET last_seen = CAST(strftime('%s', 'now') AS INTEGER) WHERE last_seen = 0");
  rebuild_seated(db);
  transaction.commit();
}

// A table's events, in order, by the primary key (so the finished tables', most of the file in
// time, are never read); says which one is missing, if one is.
void read_events(SQLite::Database& db, StoredTable& table) {
  SQLite::Statement e(db, "SELECT seq, body FROM events WHERE table_id = ? ORDER BY seq");
  e.bind(1, table.id);
  while (e.executeStep()) {
    if (e.getColumn(0).getInt64() != static_cast<int64_t>(table.events.size()) + 1) {
      throw DamagedTable("database: table " + table.id + " misses event " +
                         std::to_string(table.events.size() + 1));
    }
    table.events.push_back(e.getColumn(1).getString());
  }
}

// Why a database file cannot be opened, in words SQLite does not have (it says "unable to open
// database file" or "disk I/O error" for each of these); empty when nothing is seen wrong.
std::string open_problem(const std::string& path, StoreAccess access) {
  if (path.empty() || path == ":memory:") return "";
  struct stat st {};
  if (stat(path.c_str(), &st) == 0) return S_ISDIR(st.st_mode) ? "it is a directory" : "";
  if (errno != ENOENT) return strerror(errno);
  if (access == StoreAccess::Read) return "no such file";
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (!parent.empty() && stat(parent.c_str(), &st) != 0) {
    return "no directory '" + parent.string() + "' to hold it";
  }
  return "";
}

}  // namespace

// Writes go to the write-ahead log; copying the log back into the database (a checkpoint) is the
// one step that waits for the disk (fsync), so a thread of its own does it, on its own connection,
// and a commit never waits for one: a disk that stalls delays no broadcast.
struct Store::Impl {
  Impl(const std::string& p, int flags) : path(p), db(p, flags | SQLite::OPEN_FULLMUTEX) {}
  ~Impl() {
    {
      std::lock_guard lock(mutex);
      stopping = true;
    }
    wake.notify_one();
    if (checkpointer.joinable()) checkpointer.join();
  }

  // One server owns a database: a second one on the same file would interleave its writes.
  void lock_file() {
    file_lock.fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (file_lock.fd < 0) throw std::runtime_error(std::strerror(errno));
    if (flock(file_lock.fd, LOCK_EX | LOCK_NB) != 0) {
      throw std::runtime_error(errno == EWOULDBLOCK ? "another server has it open"
                                                    : std::strerror(errno));
    }
    struct stat st {};
    if (fstat(file_lock.fd, &st) == 0) file_id = {st.st_dev, st.st_ino};
  }

  // Before every write: the file the server opened is still the one at its path. SQLite writes
  // on into a file removed or replaced while it runs, and all of it is lost at exit (regression:
  // games went on, and nothing said so); a write now fails and says why, as a full disk does.
  void check_file() const {
    if (!file_id) return;  // in memory, or only read
    struct stat st {};
    if (stat(path.c_str(), &st) == 0 && st.st_dev == file_id->first &&
        st.st_ino == file_id->second) {
      return;
    }
    throw StorageError(
        "database " + path +
        ": the file was removed or replaced while the server ran, and nothing more can be "
        "stored; until the server stops, the removed file is /proc/" +
        std::to_string(getpid()) + "/fd/" + std::to_string(file_lock.fd) +
        " (with its -wal beside it)");
  }

  static int on_commit(void* self, sqlite3*, const char*, int pages) {
    if (pages >= kCheckpointPages) {
      auto* impl = static_cast<Impl*>(self);
      {
        std::lock_guard lock(impl->mutex);
        impl->due = true;
      }
      impl->wake.notify_one();
    }
    return SQLITE_OK;
  }

  void start_checkpointer() {
    db.exec("PRAGMA wal_autocheckpoint=0");
    sqlite3_wal_hook(db.getHandle(), &Impl::on_commit, this);
    checkpointer = std::thread([this] {
      std::optional<SQLite::Database> own;
      std::unique_lock lock(mutex);
      while (!stopping) {
        wake.wait_for(lock, std::chrono::seconds(1), [this] { return stopping || due; });
        due = false;
        lock.unlock();
        try {
          if (!own) own.emplace(path, SQLite::OPEN_READWRITE);
          // PASSIVE: copies what it can without making the writer wait.
          own->exec("PRAGMA wal_checkpoint(PASSIVE)");
        } catch (const SQLite::Exception&) {
          // The log keeps growing until a later checkpoint succeeds; nothing is lost.
        }
        lock.lock();
      }
    });
  }

  // Closed only after the database: closing any descriptor of the file drops the POSIX locks
  // SQLite holds on it.
  struct FileLock {
    int fd = -1;
    ~FileLock() {
      if (fd >= 0) close(fd);
    }
  };

  // Runs `f`, a write: a failure to store is a StorageError that names the database.
  template <class F>
  void write(F&& f) {
    check_file();
    try {
      f();
    } catch (const SQLite::Exception& e) {
      // What the disk or the file did, which may pass; anything else (a constraint broken) is
      // a fault of the server's, not to be asked again.
      switch (e.getErrorCode() & 0xFF) {
        case SQLITE_FULL:
        case SQLITE_IOERR:
        case SQLITE_READONLY:
        case SQLITE_CANTOPEN:
        case SQLITE_BUSY:
        case SQLITE_LOCKED:
        case SQLITE_NOMEM:
          throw StorageError("database " + path + ": " + e.what());
        default:
          throw;
      }
    }
  }

  // Runs `f`, a read: whatever SQLite says (busy, an I/O error, a damaged file) is a StorageError
  // that names the database, which the hub answers with `storage`; a read changes nothing.
  template <class F>
  auto read(F&& f) {
    try {
      return f();
    } catch (const SQLite::Exception& e) {
      throw StorageError("database " + path + ": " + e.what());
    }
  }

  std::string path;
  FileLock file_lock;
  std::optional<std::pair<dev_t, ino_t>> file_id;  // of the file opened, to see it is still there
  SQLite::Database db;
  // Prepared once: an event is written for every action of every table.
  std::unique_ptr<SQLite::Statement> add_event;
  uint64_t guest_reads = 0;
  std::thread checkpointer;
  std::mutex mutex;
  std::condition_variable wake;
  bool due = false;
  bool stopping = false;
};

Store::Store(const std::string& path, StoreAccess access) {
  try {
    if (const std::string problem = open_problem(path, access); !problem.empty()) {
      throw std::runtime_error(problem);
    }
    if (access == StoreAccess::Read) {
      impl_ = std::make_unique<Impl>(path, SQLite::OPEN_READONLY);
      impl_->db.exec("PRAGMA busy_timeout=5000");
      if (!impl_->db.tableExists("tables") || !impl_->db.tableExists("events")) {
        throw std::runtime_error("not a whist server database (no tables and events in it)");
      }
      return;
    }
    impl_ = std::make_unique<Impl>(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    auto& db = impl_->db;
    const bool file = path != ":memory:" && !path.empty();
    if (file) impl_->lock_file();
    // SQLite opens a file it may not write read-only, and says so only at the first write
    // (regression: the server listened, and refused every guest with "internal error").
    if (sqlite3_db_readonly(db.getHandle(), "main") == 1) {
      throw std::runtime_error("the file cannot be written (it is read-only)");
    }
    // The write-ahead log and its index are made beside the file, at the first write.
    if (file) {
      const std::filesystem::path folder = std::filesystem::absolute(path).parent_path();
      if (::access(folder.c_str(), W_OK) != 0) {
        throw std::runtime_error("its folder " + folder.string() +
                                 " cannot be written, and the database's log goes there");
      }
    }
    db.exec("PRAGMA busy_timeout=5000");
    // WAL: a write is durable once its transaction commits. synchronous=NORMAL survives any
    // crash of the process (a power cut may lose the last commits).
    db.exec("PRAGMA journal_mode=WAL");
    db.exec("PRAGMA synchronous=NORMAL");
    db.exec("PRAGMA foreign_keys=ON");
    // token_hash UNIQUE and id PRIMARY KEY are each an index: a guest is one read either way.
    db.exec(
        "CREATE TABLE IF NOT EXISTS guests (id TEXT PRIMARY KEY, token_hash TEXT UNIQUE NOT NULL,"
        " name TEXT NOT NULL, last_seen INTEGER NOT NULL DEFAULT 0)");
    db.exec(
        "CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, setup TEXT NOT NULL,"
        " rematch TEXT NOT NULL DEFAULT '')");
    db.exec(std::string("CREATE TABLE IF NOT EXISTS events ") + kEventsColumns);
    if (!clustered(db, "events")) cluster_events(db);
    // Databases from before the flag: their finished tables are read once more at the next
    // start, and marked then.
    if (!column_exists(db, "tables", "finished")) {
      db.exec("ALTER TABLE tables ADD COLUMN finished INTEGER NOT NULL DEFAULT 0");
    }
    if (!column_exists(db, "tables", "asleep")) {
      db.exec("ALTER TABLE tables ADD COLUMN asleep INTEGER NOT NULL DEFAULT 0");
    }
    update_guest_expiry(db);
    impl_->add_event = std::make_unique<SQLite::Statement>(
        db, "INSERT INTO events (table_id, seq, body) VALUES (?, ?, ?)");
    if (file) impl_->start_checkpointer();
  } catch (const std::exception& e) {
    impl_.reset();
    throw std::runtime_error("database " + path + ": " + e.what());
  }
}

Store::~Store() = default;

Store::Transaction::Transaction(Store& store) : store_(store) {
  store.impl_->write(
      [&] { transaction_ = std::make_unique<SQLite::Transaction>(store.impl_->db); });
}

Store::Transaction::~Transaction() = default;

void Store::Transaction::commit() {
  store_.impl_->write([&] { transaction_->commit(); });
}

void Store::add_guest(const StoredGuest& g) {
  impl_->write([&] {
    SQLite::Statement q(impl_->db,
                        "INSERT INTO guests (id, token_hash, name, last_seen) VALUES (?, ?, ?, ?)");
    q.bind(1, g.id);
    q.bind(2, g.token_hash);
    q.bind(3, g.name);
    q.bind(4, g.last_seen);
    q.exec();
  });
}

void Store::add_table(const std::string& id, const std::string& setup) {
  impl_->write([&] {
    SQLite::Statement q(impl_->db, "INSERT INTO tables (id, setup) VALUES (?, ?)");
    q.bind(1, id);
    q.bind(2, setup);
    q.exec();
  });
}

void Store::add_event(const std::string& table, uint64_t seq, const std::string& event) {
  impl_->write([&] {
    SQLite::Statement& q = *impl_->add_event;
    q.reset();
    q.bind(1, table);
    q.bind(2, static_cast<int64_t>(seq));
    q.bind(3, event);
    q.exec();
  });
}

void Store::set_rematch(const std::string& table, const std::string& rematch) {
  impl_->write([&] {
    SQLite::Statement q(impl_->db, "UPDATE tables SET rematch = ? WHERE id = ?");
    q.bind(1, rematch);
    q.bind(2, table);
    q.exec();
  });
}

void Store::set_finished(const std::string& table) {
  impl_->write([&] {
    SQLite::Statement q(impl_->db, "UPDATE tables SET finished = 1 WHERE id = ?");
    q.bind(1, table);
    q.exec();
  });
}

void Store::delete_table(const std::string& table) {
  impl_->write([&] {
    SQLite::Transaction transaction(impl_->db);
    for (const char* sql :
         {"DELETE FROM events WHERE table_id = ?", "DELETE FROM tables WHERE id = ?",
          "UPDATE tables SET rematch = '' WHERE rematch = ?"}) {
      SQLite::Statement q(impl_->db, sql);
      q.bind(1, table);
      q.exec();
    }
    transaction.commit();
  });
}

namespace {

std::optional<StoredGuest> read_guest(SQLite::Database& db, const char* by,
                                      const std::string& key) {
  SQLite::Statement q(
      db, std::string("SELECT id, token_hash, name, last_seen FROM guests WHERE ") + by + " = ?");
  q.bind(1, key);
  if (!q.executeStep()) return std::nullopt;
  return StoredGuest{q.getColumn(0).getString(), q.getColumn(1).getString(),
                     q.getColumn(2).getString(), q.getColumn(3).getInt64()};
}

}  // namespace

std::optional<StoredGuest> Store::guest_by_token(const std::string& token_hash) {
  ++impl_->guest_reads;
  return impl_->read([&] { return read_guest(impl_->db, "token_hash", token_hash); });
}

std::optional<StoredGuest> Store::guest_by_id(const std::string& id) {
  ++impl_->guest_reads;
  return impl_->read([&] { return read_guest(impl_->db, "id", id); });
}

std::optional<int64_t> Store::newest_sighting() {
  return impl_->read([&]() -> std::optional<int64_t> {
    // max() of an indexed column: the last entry of guests_by_last_seen, one read.
    SQLite::Statement q(impl_->db, "SELECT max(last_seen) FROM guests");
    if (!q.executeStep() || q.getColumn(0).isNull()) return std::nullopt;
    return q.getColumn(0).getInt64();
  });
}

uint64_t Store::guest_reads() const { return impl_->guest_reads; }

void Store::set_last_seen(const std::string& guest, int64_t seconds) {
  impl_->write([&] {
    SQLite::Statement q(impl_->db, "UPDATE guests SET last_seen = ? WHERE id = ?");
    q.bind(1, seconds);
    q.bind(2, guest);
    q.exec();
  });
}

std::vector<std::string> Store::delete_unseen_guests(int64_t before, int limit) {
  std::vector<std::string> out;
  impl_->write([&] {
    out.clear();
    // By the index on last_seen, the oldest first: a batch reads about `limit` rows, plus the
    // seated ones it passes over.
    SQLite::Statement q(impl_->db,
                        "DELETE FROM guests WHERE id IN (SELECT id FROM guests AS g WHERE"
                        " g.last_seen < ? AND NOT EXISTS (SELECT 1 FROM seated WHERE guest_id ="
                        " g.id) ORDER BY g.last_seen LIMIT ?) RETURNING id");
    q.bind(1, before);
    q.bind(2, limit);
    while (q.executeStep()) out.push_back(q.getColumn(0).getString());
  });
  return out;
}

int64_t Store::guest_count() {
  return impl_->read(
      [&] { return impl_->db.execAndGet("SELECT count(*) FROM guests").getInt64(); });
}

void Store::set_asleep(const std::string& table, bool asleep) {
  impl_->write([&] {
    SQLite::Statement q(impl_->db, "UPDATE tables SET asleep = ? WHERE id = ?");
    q.bind(1, asleep ? 1 : 0);
    q.bind(2, table);
    q.exec();
  });
}

namespace {

std::vector<std::string> read_ids(SQLite::Database& db, const char* sql) {
  std::vector<std::string> out;
  SQLite::Statement t(db, sql);
  while (t.executeStep()) out.push_back(t.getColumn(0).getString());
  return out;
}

}  // namespace

std::vector<std::string> Store::awake_tables() {
  return impl_->read([&] {
    return read_ids(impl_->db,
                    "SELECT id FROM tables WHERE finished = 0 AND asleep = 0 ORDER BY rowid");
  });
}

std::vector<std::string> Store::all_tables() {
  return impl_->read([&] { return read_ids(impl_->db, "SELECT id FROM tables ORDER BY rowid"); });
}

std::optional<StoredTable> Store::table(const std::string& id) {
  // DamagedTable is no SQLite exception: read() lets it through, the table's fault, not the
  // database's.
  return impl_->read([&]() -> std::optional<StoredTable> {
    // One read transaction: a reader beside a running server sees the table as it was at one
    // moment, never a row without the events written with it.
    SQLite::Transaction snapshot(impl_->db);
    SQLite::Statement t(impl_->db, "SELECT setup, rematch FROM tables WHERE id = ?");
    t.bind(1, id);
    if (!t.executeStep()) return std::nullopt;
    StoredTable out{id, t.getColumn(0).getString(), t.getColumn(1).getString(), {}};
    read_events(impl_->db, out);
    return out;
  });
}

bool Store::has_table(const std::string& id) {
  return impl_->read([&] {
    SQLite::Statement q(impl_->db, "SELECT 1 FROM tables WHERE id = ?");
    q.bind(1, id);
    return q.executeStep();
  });
}

}  // namespace whist::server
