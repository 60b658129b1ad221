#include "server/store.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fcntl.h>
#include <fmt/core.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
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

// The seats' table, its indexes and triggers, and the guests' index: a new database's, and an
// earlier one's once it has `guests.last_seen`.
void create_seats(SQLite::Database& db) {
  db.exec(std::string("CREATE TABLE IF NOT EXISTS seated ") + kSeatedColumns);
  // Retiring guests reads them by age; a guest's seats are looked up by guest.
  db.exec("CREATE INDEX IF NOT EXISTS guests_by_last_seen ON guests (last_seen)");
  db.exec("CREATE INDEX IF NOT EXISTS seated_by_guest ON seated (guest_id)");
  for (const char* trigger : kSeatedTriggers) db.exec(trigger);
}

// Every trigger, not one: a table rebuilt (as cluster_events does `events`) loses its own.
bool seats_complete(SQLite::Database& db) {
  return db.execAndGet(
               "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN"
               " ('seated_on_join', 'seated_on_leave', 'seated_on_finish',"
               " 'seated_on_delete', 'guest_seen_when_made')")
             .getInt() == static_cast<int>(kSeatedTriggers.size());
}

// A database from before the guests' expiry, once, all or nothing: the column, the table, the
// indexes and the triggers; its guests taken as seen now (none is retired at once), who sits
// where read from the events. Later starts write nothing here (a server on a full disk still
// starts), and read no event: the triggers kept `seated` since, whatever server wrote. True if
// it had anything to build.
bool update_guest_expiry(SQLite::Database& db) {
  if (seats_complete(db)) return false;
  SQLite::Transaction transaction(db);
  if (!column_exists(db, "guests", "last_seen")) {
    db.exec("ALTER TABLE guests ADD COLUMN last_seen INTEGER NOT NULL DEFAULT 0");
  }
  create_seats(db);
  // Stamped as the trigger stamps a guest made with no sighting: by the database's clock.
  db.exec(
      "UPDATE guests SET last_seen = CAST(strftime('%s', 'now') AS INTEGER) WHERE last_seen = 0");
  rebuild_seated(db);
  transaction.commit();
  return true;
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

// Whist's mark in a database's header (PRAGMA application_id), the bytes 'WHST': another
// program's database is told from ours before anything is written to it.
constexpr int32_t kApplicationId = 0x57485354;
// The tables' version (PRAGMA user_version), one more with each change to them; 1 is the first
// stamped. A database made by a whist from before the stamp has neither mark, and is known by
// its tables (unlike_earlier_whist).
constexpr int kSchemaVersion = 2;

// Deleting a table clears every rematch that names it (delete_table), and every table ever stored
// is kept: by this index that is a read of the few tables naming one, not of them all (regression:
// 975 ms of the hub's thread to delete 100 expired tables among 42,000). Partial, as most tables
// name none; a statement uses it only if it says `rematch <> ''` too.
void index_rematches(SQLite::Database& db) {
  db.exec("CREATE INDEX IF NOT EXISTS tables_by_rematch ON tables (rematch) WHERE rematch <> ''");
}

// The step from each stamped version to the next: kSteps[v - 1] brings version v to v + 1. Its
// `what` is the server's log line as it starts.
struct Step {
  const char* what;
  void (*apply)(SQLite::Database&);
};
constexpr std::array<Step, kSchemaVersion - 1> kSteps = {{
    {"indexing tables.rematch (deleting a table no longer reads every table)", index_rematches},
}};

// What a database holds, read before anything is written to it.
struct Contents {
  int32_t application_id = 0;
  int version = 0;
  int objects = 0;  // tables, indexes, views and triggers
  // Every table but SQLite's own; the columns of those that bear a name of whist's.
  std::map<std::string, std::set<std::string>> tables;
};

constexpr std::array<const char*, 4> kWhistTables = {"events", "guests", "seated", "tables"};

Contents read_contents(SQLite::Database& db) {
  Contents c;
  c.application_id = db.execAndGet("PRAGMA application_id").getInt();
  c.version = db.execAndGet("PRAGMA user_version").getInt();
  c.objects = db.execAndGet("SELECT count(*) FROM sqlite_master").getInt();
  SQLite::Statement tables(db,
                           "SELECT name FROM sqlite_master WHERE type = 'table'"
                           " AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'");
  while (tables.executeStep()) c.tables[tables.getColumn(0).getString()];
  SQLite::Statement columns(db, "SELECT name FROM pragma_table_info(?)");
  for (auto& [name, names] : c.tables) {
    // Only whist's names are read: another program's table may be virtual, of a module this
    // SQLite does not have.
    if (std::find(kWhistTables.begin(), kWhistTables.end(), name) == kWhistTables.end()) continue;
    columns.reset();
    columns.bind(1, name);
    while (columns.executeStep()) names.insert(columns.getColumn(0).getString());
  }
  return c;
}

std::string joined(const std::set<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// Why an unstamped database is none an earlier whist made (empty if it is one). Every earlier
// whist made guests, tables and events; later ones added columns (each a step of
// upgrade_unstamped) and `seated`.
std::string unlike_earlier_whist(const Contents& c) {
  struct Form {
    const char* table;
    std::set<std::string> first;  // as the first whist made it
    std::set<std::string> added;  // columns a later one may have added
    bool always;
  };
  const std::array<Form, 4> forms = {{
      {"events", {"table_id", "seq", "body"}, {}, true},
      {"guests", {"id", "token_hash", "name"}, {"last_seen"}, true},
      {"seated", {"table_id", "seat", "guest_id"}, {}, false},
      {"tables", {"id", "setup", "rematch"}, {"finished", "asleep"}, true},
  }};
  for (const auto& [table, columns] : c.tables) {
    const auto form =
        std::find_if(forms.begin(), forms.end(), [&](const Form& f) { return table == f.table; });
    if (form == forms.end()) return "its table " + table + " is none of whist's";
    std::set<std::string> most = form->first;
    most.insert(form->added.begin(), form->added.end());
    if (!std::includes(columns.begin(), columns.end(), form->first.begin(), form->first.end()) ||
        !std::includes(most.begin(), most.end(), columns.begin(), columns.end())) {
      return "its table " + table + " has the columns " + joined(columns) + ", not whist's " +
             joined(form->first);
    }
  }
  for (const Form& f : forms) {
    if (f.always && c.tables.count(f.table) == 0) {
      return std::string("it has no table ") + f.table;
    }
  }
  return "";
}

enum class Standing : uint8_t {
  Empty,      // no tables: whist's to make
  Unstamped,  // an earlier whist's, from before the stamp
  Stamped,    // whist's, of a version this program knows
};

// What a database is to whist; throws, saying why, for one this program must not touch: another
// program's (a whist database always holds something, and it is refused before the WAL switch or
// anything else is written), or a newer whist's, which this one would not know how to keep.
Standing judge(const Contents& c) {
  const bool ours = c.application_id == kApplicationId;
  if (!ours && c.application_id != 0) {
    throw std::runtime_error(
        fmt::format("not a whist database (its application_id is {:#010x}, another program's; "
                    "whist's is {:#010x}); nothing was written to it",
                    static_cast<uint32_t>(c.application_id), kApplicationId));
  }
  if (c.objects == 0) return Standing::Empty;
  if (ours && c.version > kSchemaVersion) {
    throw std::runtime_error(
        fmt::format("made by a newer whist: schema version {}, this program knows up to {}; "
                    "nothing was written to it",
                    c.version, kSchemaVersion));
  }
  if (ours && c.version >= 1) return Standing::Stamped;
  if (const std::string why = unlike_earlier_whist(c); !why.empty()) {
    throw std::runtime_error("not a whist database (" + why + "); nothing was written to it");
  }
  return Standing::Unstamped;
}

// Within the caller's transaction, so that the stamp comes with the tables it vouches for.
void stamp(SQLite::Database& db, int version) {
  db.exec(fmt::format("PRAGMA application_id = {}", kApplicationId));
  db.exec(fmt::format("PRAGMA user_version = {}", version));
}

// A new database, all in one transaction: a start stopped half-way leaves one still empty.
void create_schema(SQLite::Database& db) {
  SQLite::Transaction transaction(db);
  // token_hash UNIQUE and id PRIMARY KEY are each an index: a guest is one read either way.
  db.exec(
      "CREATE TABLE guests (id TEXT PRIMARY KEY, token_hash TEXT UNIQUE NOT NULL,"
      " name TEXT NOT NULL, last_seen INTEGER NOT NULL DEFAULT 0)");
  db.exec(
      "CREATE TABLE tables (id TEXT PRIMARY KEY, setup TEXT NOT NULL,"
      " rematch TEXT NOT NULL DEFAULT '', finished INTEGER NOT NULL DEFAULT 0,"
      " asleep INTEGER NOT NULL DEFAULT 0)");
  db.exec(std::string("CREATE TABLE events ") + kEventsColumns);
  create_seats(db);
  index_rematches(db);
  stamp(db, kSchemaVersion);
  transaction.commit();
}

using Note = std::function<void(const std::string&)>;

// An earlier whist's database brought to schema version 1 (upgrade_stamped goes on from there),
// the steps it lacks one by one, each logged as it starts (the first may take a while on a large
// file) and each all or nothing. The stamp comes last: a start stopped half-way leaves a database
// still unstamped, of a form unlike_earlier_whist knows, and the next does the steps left.
void upgrade_unstamped(SQLite::Database& db, const Note& note) {
  const std::string from = "an earlier whist's database (no schema version): ";
  if (!clustered(db, "events")) {
    note(from + "storing its events by table, then rebuilding the file (VACUUM)");
    cluster_events(db);
  }
  // Its finished tables are read once more at the next start, and marked then.
  if (!column_exists(db, "tables", "finished")) {
    note(from + "adding tables.finished (its finished games are marked as they are read)");
    db.exec("ALTER TABLE tables ADD COLUMN finished INTEGER NOT NULL DEFAULT 0");
  }
  if (!column_exists(db, "tables", "asleep")) {
    note(from + "adding tables.asleep");
    db.exec("ALTER TABLE tables ADD COLUMN asleep INTEGER NOT NULL DEFAULT 0");
  }
  if (!seats_complete(db)) {
    note(from +
         "adding guests.last_seen (its guests taken as seen now), who sits where (seated, read "
         "from the games not finished) and the triggers that keep it");
    update_guest_expiry(db);
  }
  SQLite::Transaction transaction(db);
  stamp(db, 1);
  transaction.commit();
  note(fmt::format("stamped as whist's (application_id {:#010x}), schema version 1",
                   kApplicationId));
}

// A stamped database of an earlier version brought to kSchemaVersion, a step at a time, each
// logged as it starts and stored with its version's stamp, all or nothing: a start stopped
// half-way leaves a database of one version or the next, and the next start goes on from there.
void upgrade_stamped(SQLite::Database& db, int version, const Note& note) {
  for (; version < kSchemaVersion; ++version) {
    const Step& step = kSteps[static_cast<size_t>(version - 1)];
    note(fmt::format("schema version {} to {}: {}", version, version + 1, step.what));
    SQLite::Transaction transaction(db);
    step.apply(db);
    stamp(db, version + 1);
    transaction.commit();
  }
}

// A reader beside a server writes in the -shm file beside the database (made if missing), which
// another user, or a read-only folder or copy, does not allow: then the file alone is read, as
// an immutable snapshot, by a URI (whose path is percent-encoded, '?' and '#' being its own).
std::string immutable_uri(const std::string& path) {
  std::string out = "file://";
  for (const unsigned char ch : std::filesystem::absolute(path).string()) {
    if (std::isalnum(ch) != 0 || std::strchr("-._~/", ch) != nullptr) {
      out += static_cast<char>(ch);
    } else {
      out += fmt::format("%{:02X}", ch);
    }
  }
  return out + "?immutable=1";
}

// What a check of an immutable snapshot leaves out, said with its output.
std::string snapshot_leaves_out(const std::string& path, const std::string& why) {
  std::string note = "read " + path +
                     " as an immutable snapshot: it could not be opened as a reader beside a "
                     "server (" +
                     why +
                     ": its folder or its -shm file cannot be written), so a server writing "
                     "to it meanwhile is not seen";
  struct stat st {};
  if (stat((path + "-wal").c_str(), &st) == 0 && st.st_size > 0) {
    note += ", nor its write-ahead log " + path + "-wal (" + std::to_string(st.st_size) +
            " bytes), which may hold the latest changes";
  }
  return note;
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
  const std::filesystem::path folder = std::filesystem::absolute(path).parent_path();
  if (::access(folder.c_str(), W_OK | X_OK) != 0) {
    return "its folder " + folder.string() + " cannot be written, so the database cannot be made";
  }
  return "";
}

// Whether SQLite found a page of the file damaged: that stays so whatever is asked again, until
// the file is restored. Not SQLITE_NOTADB, no database at all, which is what a file replaced
// under the server gives (a storage failure that passes once the file is put back, not damage).
bool file_damaged(const SQLite::Exception& e) {
  return (e.getErrorCode() & 0xFF) == SQLITE_CORRUPT;
}

// The room left on the file system holding `folder`, bytes and files (inodes), or nullopt if it
// cannot be asked. Counted as the server's user may use it: root may fill the blocks reserved for
// it too. A file system with no count of inodes (btrfs says 0 of 0) has no such limit.
std::optional<std::pair<uint64_t, uint64_t>> room_at(const std::string& folder) {
  struct statvfs vfs {};
  if (statvfs(folder.c_str(), &vfs) != 0) return std::nullopt;
  const bool root = geteuid() == 0;
  const uint64_t files = vfs.f_files == 0 ? UINT64_MAX : (root ? vfs.f_ffree : vfs.f_favail);
  return std::pair<uint64_t, uint64_t>{
      static_cast<uint64_t>(root ? vfs.f_bfree : vfs.f_bavail) * vfs.f_frsize, files};
}

}  // namespace

std::string no_room_text(const std::string& folder, uint64_t free_bytes, uint64_t free_files) {
  if (free_files == 0) {
    return "no space left on the file system holding " + folder +
           " (no file can be made there: it has no free inodes)";
  }
  if (free_bytes >= kRoomToOpen) return "";
  if (free_bytes == 0) return "no space left on the file system holding " + folder;
  return fmt::format("no space left on the file system holding {} (only {} bytes free)", folder,
                     free_bytes);
}

// Writes go to the write-ahead log; copying the log back into the database (a checkpoint) is the
// one step that waits for the disk (fsync), so a thread of its own does it, on its own connection,
// and a commit never waits for one: a disk that stalls delays no broadcast.
struct Store::Impl {
  // `file`: what SQLite opens, the path or a URI naming it.
  Impl(const std::string& p, const std::string& file, int flags)
      : path(p), db(file, flags | SQLite::OPEN_FULLMUTEX) {}
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
        case SQLITE_NOTADB:  // the file replaced under the server (file_damaged)
          throw StorageError("database " + path + ": " + e.what());
        // A damaged page this write needed (regression, audit: it escaped as an exception the
        // server answered "internal error", and logged at every request with no database named).
        case SQLITE_CORRUPT:
          throw StorageError("database " + path + ": " + e.what() +
                             ": a page of the file this write needs is damaged, and nothing can "
                             "be stored there until the file is restored");
        default:
          throw;
      }
    }
  }

  // Runs `f`, a read: whatever SQLite says (busy, an I/O error, a damaged file) is a StorageError
  // that names the database, which the hub answers with `storage`; a read changes nothing. A
  // table's own rows on a damaged page are that table's damage instead (Store::table).
  template <class F>
  auto read(F&& f) {
    try {
      return f();
    } catch (const SQLite::Exception& e) {
      if (!file_damaged(e)) throw StorageError("database " + path + ": " + e.what());
      throw StorageError(
          "database " + path + ": " + e.what() +
          (immutable ? snapshot_changed : ": a page of the file this read needs is damaged"));
    }
  }

  // Said of a damaged page met by a snapshot (`immutable`, below): a server beside it that copies
  // its log into the file as it is read (a checkpoint) gives the same, and that passes.
  static constexpr const char* snapshot_changed =
      ": the file changed while it was read as an immutable snapshot (a server beside it writing), "
      "or a page of it is damaged: try again; a damaged page says so at every try";

  std::string path;
  FileLock file_lock;
  std::optional<std::pair<dev_t, ino_t>> file_id;  // of the file opened, to see it is still there
  SQLite::Database db;
  // Prepared once: an event is written for every action of every table.
  std::unique_ptr<SQLite::Statement> add_event;
  uint64_t guest_reads = 0;
  std::string snapshot_note;  // set when only an immutable snapshot could be read
  // The file is read as an immutable snapshot: SQLite takes no lock, so a page it reads may be
  // one a server beside it is writing (regression, review: a checkpoint during `whist serve
  // --check` read as damaged tables, exit status 1, and the docs say to restore a backup then).
  bool immutable = false;
  std::thread checkpointer;
  std::mutex mutex;
  std::condition_variable wake;
  bool due = false;
  bool stopping = false;
};

Store::Store(const std::string& path, StoreAccess access, StoreLog log) {
  try {
    if (const std::string problem = open_problem(path, access); !problem.empty()) {
      throw std::runtime_error(problem);
    }
    struct stat before {};
    const bool existed = ::stat(path.c_str(), &before) == 0;
    if (access == StoreAccess::Read) {
      impl_ = std::make_unique<Impl>(path, path, SQLite::OPEN_READONLY);
      Contents contents;
      try {
        impl_->db.exec("PRAGMA busy_timeout=5000");
        contents = read_contents(impl_->db);
      } catch (const SQLite::Exception& e) {
        // SQLite opens lazily: the first read is where a missing or unwritable -shm shows.
        const int code = e.getErrorCode() & 0xFF;
        if (code != SQLITE_CANTOPEN && code != SQLITE_READONLY) throw;
        impl_ = std::make_unique<Impl>(path, immutable_uri(path),
                                       SQLite::OPEN_READONLY | SQLite::OPEN_URI);
        impl_->snapshot_note = snapshot_leaves_out(path, e.what());
        impl_->immutable = true;
        contents = read_contents(impl_->db);
      }
      if (judge(contents) == Standing::Empty) {
        // A snapshot's file may hold no tables yet, all of them still in its write-ahead log.
        throw std::runtime_error(impl_->snapshot_note.empty()
                                     ? "not a whist database (it holds no tables)"
                                     : impl_->snapshot_note +
                                           "; and the file alone holds no tables");
      }
      return;
    }
    impl_ = std::make_unique<Impl>(path, path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
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
    Contents contents;
    if (file) {
      // Read on a connection that only reads: one that may write copies a log left behind (by
      // another program that stopped) into the file as it closes, and a refused file is left
      // as it was found.
      // With no log beside the file, the file alone is the database: read as immutable, which
      // makes nothing beside it (regression: a refused file in WAL mode was left a -wal and a
      // -shm by this read).
      const bool no_log = !std::filesystem::exists(path + "-wal");
      SQLite::Database reader(no_log ? immutable_uri(path) : path,
                              SQLite::OPEN_READONLY | (no_log ? SQLite::OPEN_URI : 0));
      reader.exec("PRAGMA busy_timeout=5000");
      contents = read_contents(reader);
    } else {
      contents = read_contents(db);
    }
    const Standing standing = judge(contents);
    // WAL: a write is durable once its transaction commits. synchronous=NORMAL survives any
    // crash of the process (a power cut may lose the last commits).
    db.exec("PRAGMA journal_mode=WAL");
    db.exec("PRAGMA synchronous=NORMAL");
    db.exec("PRAGMA foreign_keys=ON");
    // This connection writes, so it is the one that starts the log over once a checkpoint has
    // copied all of it, and cuts the file back then (at that commit): else a log grown by writes
    // that outran the checkpoints stays its largest until a clean stop (regression: 95 MB).
    db.exec(fmt::format("PRAGMA journal_size_limit = {}", kWalBytesKept));
    const Note note = [&](const std::string& detail) {
      if (log) log("database " + path, detail);
    };
    if (standing == Standing::Empty) {
      create_schema(db);
      // Said, as the name is relative to wherever the server was started: `whist serve` run
      // from another folder starts afresh there, with none of the games, and looks no different.
      if (file) {
        const std::string where = std::filesystem::absolute(path).string();
        note(existed ? "it held no tables: made a new database in it, " + where
                     : "there was none: created a new database at " + where);
      }
    }
    if (standing == Standing::Unstamped) upgrade_unstamped(db, note);
    if (standing != Standing::Empty) {
      upgrade_stamped(db, standing == Standing::Unstamped ? 1 : contents.version, note);
    }
    if (update_guest_expiry(db)) {
      note(
          "the seats' triggers were missing (a table rebuilt loses its own): made again, and "
          "who sits where read again from the games not finished");
    }
    impl_->add_event = std::make_unique<SQLite::Statement>(
        db, "INSERT INTO events (table_id, seq, body) VALUES (?, ?, ?)");
    if (file) impl_->start_checkpointer();
  } catch (const SQLite::Exception& e) {
    impl_.reset();
    // SQLite says "disk I/O error" when a full disk leaves no room for its -shm file, which reads
    // as failing hardware (regression, audit): the room left, if it is (nearly) none, is said
    // first.
    const int code = e.getErrorCode() & 0xFF;
    if (path != ":memory:" && !path.empty() &&
        (code == SQLITE_IOERR || code == SQLITE_FULL || code == SQLITE_CANTOPEN)) {
      const std::string folder = std::filesystem::absolute(path).parent_path().string();
      if (const auto room = room_at(folder)) {
        if (const std::string why = no_room_text(folder, room->first, room->second); !why.empty()) {
          throw std::runtime_error("database " + path + ": " + why + " (" + e.what() + ")");
        }
      }
    }
    throw std::runtime_error("database " + path + ": " + e.what());
  } catch (const std::exception& e) {
    impl_.reset();
    throw std::runtime_error("database " + path + ": " + e.what());
  }
}

const std::string& Store::snapshot_note() const { return impl_->snapshot_note; }

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
    // `rematch <> ''`: by the index tables_by_rematch, which holds only the tables naming one
    // (server_store_test.cpp counts the rows each statement here reads in full scans: none).
    for (const char* sql :
         {"DELETE FROM events WHERE table_id = ?", "DELETE FROM tables WHERE id = ?",
          "UPDATE tables SET rematch = '' WHERE rematch = ? AND rematch <> ''"}) {
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
    try {
      // One read transaction: a reader beside a running server sees the table as it was at one
      // moment, never a row without the events written with it.
      SQLite::Transaction snapshot(impl_->db);
      SQLite::Statement t(impl_->db, "SELECT setup, rematch FROM tables WHERE id = ?");
      t.bind(1, id);
      if (!t.executeStep()) return std::nullopt;
      StoredTable out{id, t.getColumn(0).getString(), t.getColumn(1).getString(), {}};
      read_events(impl_->db, out);
      return out;
    } catch (const SQLite::Exception& e) {
      // A damaged page under the table's rows (a damaged disk) gives the same at every ask: the
      // table is damaged, and the others are served (regression, audit: a StorageError, which
      // stopped the server's start at a game under way, answered a finished game's record 503
      // `storage`, named no table, and ended `whist serve --check` at the first).
      // Read as a snapshot, a page that looks damaged may be one a server is writing: read()
      // makes it a StorageError that says to try again, not the table's damage.
      if (!file_damaged(e) || impl_->immutable) throw;
      throw DamagedTable("database: table " + id + ": " + e.what() +
                         ": a page of the file holding its rows is damaged");
    }
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
