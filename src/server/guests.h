// The server's guests in memory: only those seen lately, a bounded number, the most recently
// seen kept; any other is read from the database when it comes back (one read of an index), so
// that a server's memory does not grow with every guest ever made. It keeps when each was last
// seen, written to the database only when that moved by kSeenStepS (a guest's every move writes
// nothing), and retires the guests unseen for long.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/store.h"

namespace whist::server {

struct GuestCacheConfig {
  size_t capacity = 4096;  // at least one is kept
  int expiry_days = 0;     // a guest unseen this long is retired (0: never); see retire()
  std::function<int64_t()> wall_clock;  // seconds since the epoch (null: the system's)
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

  GuestCache(Store& store, GuestCacheConfig config);

  // Now by the wall clock, in seconds since the epoch: a sighting outlives a restart.
  int64_t now_s() const;
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
  // counted back from now or from the newest sighting stored, whichever is earlier (a clock
  // wrong at boot, years ahead, retires nobody before a guest is seen by it), if one is due at
  // `now_ms` (the hub's clock; null: the server's start): at the start, then at each call while
  // batches come back full, else kRetireEveryMs later, so that a large database never holds the
  // server up. Their tokens no longer serve. Throws StorageError.
  void retire(std::optional<int64_t> now_ms);
  // What a client is told of a token that is no guest's.
  std::string unknown_token_text() const;
  size_t size() const { return by_hash_.size(); }

 private:
  using List = std::list<StoredGuest>;  // the most recently used first
  List::iterator insert(StoredGuest guest);
  void use(List::iterator it);

  Store& store_;
  GuestCacheConfig config_;
  List lru_;
  std::unordered_map<std::string, List::iterator> by_hash_;
  std::unordered_map<std::string, List::iterator> by_id_;
  // When the next batch is due, by the hub's clock: 0 at once; null: kRetireEveryMs after the
  // first call that tells the time.
  std::optional<int64_t> retire_due_ms_ = 0;
};

}  // namespace whist::server
