// The server's guests in memory: only those seen lately, a bounded number, the most recently
// seen kept; any other is read from the database when it comes back (one read of an index), so
// that a server's memory does not grow with every guest ever made. It keeps when each was last
// seen, written to the database only when that moved by kSeenStepS (a guest's every move writes
// nothing), and retires the guests unseen for long.
//
// When a guest was seen is read from a clock of the guests' own: the wall clock, with every step
// of it left out (regression, from an audit: after the wall clock jumped ahead by more than the
// expiry's days, the first guest seen was stamped in the future, and the next hourly run retired
// every guest not seen since, though they had played the day before). A step is told from time
// passing by the steady clock, which nobody sets: between two readings, the wall clock moving
// more than kClockJumpS further than it, or back, was set, and the guests' clock keeps to the
// steady one across the step (warned of once); a step ahead is left out only beyond the newest
// sighting stored, so that a clock behind at boot, then set right, catches up. A restart reads
// the wall clock again, but never more than a day past the newest sighting stored, so that a
// clock set ahead while the server was stopped moves nobody's age by more than that day.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/log.h"
#include "server/store.h"

namespace whist::server {

// Where the cache tells the server's operator what it did (guests retired) or found (a step of
// the wall clock): the level, what and the detail, as server/log.h writes them.
using GuestLog =
    std::function<void(LogLevel level, std::string_view what, std::string_view detail)>;

struct GuestCacheConfig {
  size_t capacity = 4096;  // at least one is kept
  int expiry_days = 0;     // a guest unseen this long is retired (0: never); see retire()
  std::function<int64_t()> wall_clock;  // seconds since the epoch (null: the system's)
  // Milliseconds on a clock that only moves on, which tells a step of the wall clock from time
  // passing (null: CLOCK_BOOTTIME, which counts a suspend of the host as time passing, as the
  // wall clock does; std::chrono::steady_clock does not, and a sleep would be taken for a step).
  std::function<int64_t()> steady_clock;
  GuestLog log;  // null: nothing is told
};

class GuestCache {
 public:
  struct Guest {
    std::string id;
    std::string name;
  };
  static constexpr int64_t kSeenStepS = 3600;
  // Guests retired at most this many at a time (a batch is one statement, a millisecond or so).
  static constexpr int kRetireBatch = 500;
  static constexpr int64_t kRetireEveryMs = 3600 * 1000;
  // The most the wall clock may move further than the steady clock between two readings (or
  // back) and still be taken as time passing: a sighting is stored by the hour, so a smaller
  // step changes no age by more than that.
  static constexpr int64_t kClockJumpS = 3600;
  // The most a restart's wall clock counts past the newest sighting stored: a server stopped for
  // longer has the rest of its stop left out of every guest's age.
  static constexpr int64_t kRestartStepS = 86400;

  // Reads the newest sighting stored (a failed read is tried again at the next sighting).
  GuestCache(Store& store, GuestCacheConfig config);

  // Now by the guests' clock (above), in seconds since the epoch, as a sighting is stamped: a
  // sighting outlives a restart. Never earlier than the newest sighting stored when the server
  // started (a clock behind at boot would stamp a new guest as seen long ago).
  int64_t now_s();
  // The guest whose token has this hash, if there is one (stored), seen now. Throws StorageError
  // when the store cannot read it.
  std::optional<Guest> by_token(const std::string& token_hash);
  // Whether a guest of this id is stored (one retired is not). Throws StorageError as by_token.
  bool exists(const std::string& id);
  // A guest the store has just added.
  void added(const StoredGuest& guest);
  // A guest acting (a move at a table), seen now. Never throws: the move is made already.
  void seen(const std::string& id);
  // Deletes a batch of the guests unseen for `expiry_days` and seated at no game not finished,
  // counted back from now by the guests' clock or from the newest sighting stored, whichever is
  // earlier (a server nobody came to retires nobody), if one is due at `now_ms` (the hub's clock;
  // null: the server's start): at the start, then at each call while batches come back full, else
  // kRetireEveryMs later, so that a large database never holds the server up. Their tokens no
  // longer serve. A run that retired any is told to the log once its last batch is done, with
  // how many. Throws StorageError.
  void retire(std::optional<int64_t> now_ms);
  // What a client is told of a token that is no guest's.
  std::string unknown_token_text() const;
  size_t size() const { return by_hash_.size(); }

 private:
  using List = std::list<StoredGuest>;  // the most recently used first
  List::iterator insert(StoredGuest guest);
  void use(List::iterator it);
  // The guests' clock without the floor of now_s(): what ages are counted from.
  int64_t clock_s();
  // Reads the newest sighting stored, once, for the restart's step and the floor; false if the
  // store could not answer.
  bool anchor();
  int64_t wall_s() const;
  int64_t steady_ms() const;

  Store& store_;
  GuestCacheConfig config_;
  List lru_;
  std::unordered_map<std::string, List::iterator> by_hash_;
  std::unordered_map<std::string, List::iterator> by_id_;
  // When the next batch is due, by the hub's clock: 0 at once; null: kRetireEveryMs after the
  // first call that tells the time.
  std::optional<int64_t> retire_due_ms_ = 0;
  // Guests retired by the run under way (its batches so far), told when it ends.
  int64_t retired_in_run_ = 0;
  // The guests' clock is the wall clock plus this (the steps left out, less than 0 after a step
  // ahead), read last at these.
  int64_t offset_s_ = 0;
  int64_t last_wall_s_ = 0;
  int64_t last_steady_ms_ = 0;
  bool anchored_ = false;
  int64_t floor_s_ = 0;  // the newest sighting stored at the start
  bool step_told_ = false;
};

}  // namespace whist::server
