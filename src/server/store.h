// The server's database (SQLite in WAL mode, through SQLiteCpp): guests, tables and every
// table's events, written before anyone is told of them, so that a restarted server replays
// each table to where it was. Only token hashes are kept, never tokens.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace SQLite {
class Transaction;
}

namespace whist::server {

struct StoredGuest {
  std::string id;
  std::string token_hash;  // hex
  std::string name;
  int64_t last_seen = 0;  // when created, authenticated or acting: seconds since the epoch
};

// A stored table that cannot be what it says: its events have a gap, a page of the file holding
// its rows is damaged (SQLite finds the file malformed there), or (the hub's finding) its setup or
// an event is refused. Asking again gives the same.
struct DamagedTable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A write that could not be stored (a full disk, the database's file removed or replaced while
// the server runs, a damaged page of the file that it needs); nothing of it was. Asking again
// may succeed once the cause is gone.
struct StorageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct StoredTable {
  std::string id;
  std::string setup;                // JSON, with the secret seed
  std::string rematch;              // the rematch table's id, or empty
  std::vector<std::string> events;  // JSON, in order (event k+1 at index k)
};

// The most of its write-ahead log (FILE-wal) a server's database keeps once a checkpoint has
// copied the log back into the file: a log that grew further, under writes faster than the
// checkpoints, is cut back to this at the next commit (PRAGMA journal_size_limit). The
// background checkpoint starts at 1,000 pages (about 4 MiB of log), so 16 MiB is never reached
// as the server keeps up, and no file is cut and grown again at each checkpoint.
inline constexpr int64_t kWalBytesKept = int64_t{16} << 20;

// The least room on its file system a database is opened with unremarked: SQLite makes a -shm
// file of 32 KiB beside it and writes its log there. When opening fails with less, the failure
// is said to be the full disk (SQLite says "disk I/O error", as for failing hardware).
inline constexpr uint64_t kRoomToOpen = uint64_t{1} << 20;

// Why a database in `folder` could not be opened when its file system has `free_bytes` and
// `free_files` (inodes) left: "no space left on the file system holding FOLDER", or empty when
// there is room enough that the failure is something else.
std::string no_room_text(const std::string& folder, uint64_t free_bytes, uint64_t free_files);

// A server owns its database: it creates it if needed, brings an older one up to date, and
// keeps any other server off it. A reader (`whist serve --check`) only reads, and may do so
// while a server runs on it: each table is read in one transaction, so as it was at one moment.
// Either refuses, before writing anything to it, a database that is not whist's (another
// program's) or is a newer whist's: whist stamps its databases (PRAGMA application_id 'WHST'
// and user_version, the schema's version), and knows an earlier whist's unstamped ones by their
// tables.
enum class StoreAccess : uint8_t { Own, Read };

// Where a store tells the server's operator what it changed in a database as it opened it (an
// earlier whist's brought up to date, step by step): what (the database) and the detail.
using StoreLog = std::function<void(std::string_view what, std::string_view detail)>;

class Store {
 public:
  // Writes made while one lives are stored all together at commit(), or none of them.
  class Transaction {
   public:
    explicit Transaction(Store& store);
    ~Transaction();  // rolls back what commit() did not store
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

   private:
    Store& store_;
    std::unique_ptr<SQLite::Transaction> transaction_;
  };

  // Opens the database at `path` (":memory:" for none), creating it if needed when owned.
  // Throws std::runtime_error with the reason when it cannot.
  explicit Store(const std::string& path, StoreAccess access = StoreAccess::Own, StoreLog log = {});
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Every write throws StorageError when it cannot be stored, and stores nothing then.
  void add_guest(const StoredGuest& g);
  void add_table(const std::string& id, const std::string& setup);
  // Event number `seq` (from 1) of a table. A join or a leave changes who the database holds
  // seated (its triggers), in the same statement.
  void add_event(const std::string& table, uint64_t seq, const std::string& event);
  void set_rematch(const std::string& table, const std::string& rematch);
  // Marks a table's game over: awake_tables() no longer lists it, and its seats protect nobody.
  void set_finished(const std::string& table);
  // Deletes a table, its events and its seats, and clears every rematch that named it.
  void delete_table(const std::string& table);

  // Every read, too, throws StorageError when the database cannot answer (busy, an I/O error, a
  // table of it gone): the hub answers it `storage`, and the next ask tries again.

  // A guest by its token's hash or by its id: one read of an index each.
  std::optional<StoredGuest> guest_by_token(const std::string& token_hash);
  std::optional<StoredGuest> guest_by_id(const std::string& id);
  // When the guest seen most lately was seen (null: no guest at all).
  std::optional<int64_t> newest_sighting();
  void set_last_seen(const std::string& guest, int64_t seconds);
  // Deletes at most `limit` guests last seen before `before` (seconds since the epoch) and seated
  // at no game not finished, the longest unseen first; returns their ids. Their tables' events
  // keep their ids and names, so finished games stay whole.
  std::vector<std::string> delete_unseen_guests(int64_t before, int limit);
  int64_t guest_count();
  // Reads of one guest made so far (guest_by_token, guest_by_id): what the server's cache spares.
  uint64_t guest_reads() const;
  // Marks a game under way as asleep (left alone, out of the server's memory), or awake again:
  // awake_tables() does not list it while it sleeps.
  void set_asleep(const std::string& table, bool asleep);
  // The ids of every table neither finished nor asleep, oldest first: those a server loads as it
  // starts.
  std::vector<std::string> awake_tables();
  // The ids of every table, oldest first.
  std::vector<std::string> all_tables();
  // One table with its events, finished or not. Throws DamagedTable naming the table and the
  // first missing event if one is missing, or the table alone if a page of the file holding its
  // rows is damaged.
  std::optional<StoredTable> table(const std::string& id);
  bool has_table(const std::string& id);
  // Empty, unless a reader could not open the file beside a server (another user's, or in a
  // folder it may not write: SQLite's reader writes in the -shm file beside it) and read it as
  // an immutable snapshot instead: then what that leaves out, to be told with what was read.
  const std::string& snapshot_note() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace whist::server
