#include "server/store.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <stdexcept>
#include <unordered_map>

namespace whist::server {

struct Store::Impl {
  explicit Impl(const std::string& path)
      : db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_FULLMUTEX) {}
  SQLite::Database db;
  // Prepared once: an event is written for every action of every table.
  std::unique_ptr<SQLite::Statement> add_event;
};

Store::Store(const std::string& path) {
  try {
    impl_ = std::make_unique<Impl>(path);
    auto& db = impl_->db;
    // One server owns its database: no file locks to take and drop at every write (nor a shared
    // memory index for the WAL), and a second server started on the same file fails at once.
    // Set before the first access so that the WAL never uses shared memory.
    db.exec("PRAGMA locking_mode=EXCLUSIVE");
    // WAL: a write is durable once its transaction commits. synchronous=NORMAL survives any
    // crash of the process (a power cut may lose the last commits).
    db.exec("PRAGMA journal_mode=WAL");
    db.exec("PRAGMA synchronous=NORMAL");
    db.exec("PRAGMA foreign_keys=ON");
    db.exec(
        "CREATE TABLE IF NOT EXISTS guests (id TEXT PRIMARY KEY, token_hash TEXT UNIQUE NOT NULL,"
        " name TEXT NOT NULL)");
    db.exec(
        "CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, setup TEXT NOT NULL,"
        " rematch TEXT NOT NULL DEFAULT '')");
    db.exec(
        "CREATE TABLE IF NOT EXISTS events (table_id TEXT NOT NULL REFERENCES tables(id),"
        " seq INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (table_id, seq))");
    impl_->add_event = std::make_unique<SQLite::Statement>(
        db, "INSERT INTO events (table_id, seq, body) VALUES (?, ?, ?)");
  } catch (const SQLite::Exception& e) {
    throw std::runtime_error("database " + path + ": " + e.what());
  }
}

Store::~Store() = default;

void Store::add_guest(const StoredGuest& g) {
  SQLite::Statement q(impl_->db, "INSERT INTO guests (id, token_hash, name) VALUES (?, ?, ?)");
  q.bind(1, g.id);
  q.bind(2, g.token_hash);
  q.bind(3, g.name);
  q.exec();
}

void Store::add_table(const std::string& id, const std::string& setup) {
  SQLite::Statement q(impl_->db, "INSERT INTO tables (id, setup) VALUES (?, ?)");
  q.bind(1, id);
  q.bind(2, setup);
  q.exec();
}

void Store::add_event(const std::string& table, uint64_t seq, const std::string& event) {
  SQLite::Statement& q = *impl_->add_event;
  q.reset();
  q.bind(1, table);
  q.bind(2, static_cast<int64_t>(seq));
  q.bind(3, event);
  q.exec();
}

void Store::set_rematch(const std::string& table, const std::string& rematch) {
  SQLite::Statement q(impl_->db, "UPDATE tables SET rematch = ? WHERE id = ?");
  q.bind(1, rematch);
  q.bind(2, table);
  q.exec();
}

std::vector<StoredGuest> Store::guests() {
  std::vector<StoredGuest> out;
  SQLite::Statement q(impl_->db, "SELECT id, token_hash, name FROM guests");
  while (q.executeStep()) {
    out.push_back(
        {q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getString()});
  }
  return out;
}

std::vector<StoredTable> Store::tables() {
  std::vector<StoredTable> out;
  std::unordered_map<std::string, size_t> index;
  SQLite::Statement t(impl_->db, "SELECT id, setup, rematch FROM tables ORDER BY rowid");
  while (t.executeStep()) {
    index[t.getColumn(0).getString()] = out.size();
    out.push_back(
        {t.getColumn(0).getString(), t.getColumn(1).getString(), t.getColumn(2).getString(), {}});
  }
  SQLite::Statement e(impl_->db, "SELECT table_id, seq, body FROM events ORDER BY table_id, seq");
  while (e.executeStep()) {
    const auto it = index.find(e.getColumn(0).getString());
    if (it == index.end()) continue;
    auto& events = out[it->second].events;
    if (e.getColumn(1).getInt64() != static_cast<int64_t>(events.size()) + 1) {
      throw std::runtime_error("database: table " + it->first + " misses event " +
                               std::to_string(events.size() + 1));
    }
    events.push_back(e.getColumn(2).getString());
  }
  return out;
}

}  // namespace whist::server
