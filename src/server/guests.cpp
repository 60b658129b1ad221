#include "server/guests.h"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <utility>

#include <time.h>

namespace whist::server {

namespace {

constexpr int64_t kDayS = 86400;

}  // namespace

GuestCache::GuestCache(Store& store, GuestCacheConfig config)
    : store_(store), config_(std::move(config)) {
  config_.capacity = std::max<size_t>(config_.capacity, 1);
  last_wall_s_ = wall_s();
  last_steady_ms_ = steady_ms();
  anchor();
}

int64_t GuestCache::wall_s() const {
  if (config_.wall_clock) return config_.wall_clock();
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

int64_t GuestCache::steady_ms() const {
  if (config_.steady_clock) return config_.steady_clock();
#ifdef CLOCK_BOOTTIME
  // Counts a suspend as time passing, which std::chrono::steady_clock (CLOCK_MONOTONIC) leaves
  // out (regression, review: a host or VM asleep for over an hour was taken for the wall clock
  // set ahead, and the sleep left out of every guest's age).
  timespec ts{};
  if (clock_gettime(CLOCK_BOOTTIME, &ts) == 0) {
    return static_cast<int64_t>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
  }
#endif
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

bool GuestCache::anchor() {
  if (anchored_) return true;
  std::optional<int64_t> newest;
  try {
    newest = store_.newest_sighting();
  } catch (const std::exception&) {
    return false;  // a start that could not read it stamps by the wall clock until it can
  }
  anchored_ = true;
  if (!newest) return true;  // nobody to retire, nor to count from
  floor_s_ = *newest;
  offset_s_ = std::min(offset_s_, *newest + kRestartStepS - last_wall_s_);
  return true;
}

int64_t GuestCache::clock_s() {
  const int64_t wall = wall_s();
  const int64_t steady = steady_ms();
  // How much further the wall clock moved than the steady one since the last reading: a step
  // set on it, not time passing, once past kClockJumpS.
  const int64_t step_ms = (wall - last_wall_s_) * 1000 - (steady - last_steady_ms_);
  last_wall_s_ = wall;
  last_steady_ms_ = steady;
  if (std::abs(step_ms) > kClockJumpS * 1000) {
    offset_s_ -= step_ms / 1000;
    // Once: a clock that keeps being set would otherwise fill the log.
    if (!std::exchange(step_told_, true) && config_.log) {
      config_.log(
          LogLevel::Warn, "clock",
          fmt::format("the wall clock was set {} by {}; guests' sightings and expiry "
                      "leave the step out, and count time by the steady clock (told "
                      "once while the server runs)",
                      step_ms > 0 ? "ahead" : "back", duration_text(std::abs(step_ms) / 1000)));
    }
  }
  anchor();
  // A step ahead is left out only beyond the newest sighting stored: a clock behind it at boot
  // that is then set right (NTP) catches up with it, and counts on from there (regression,
  // review: the step was left out whole, the guests' clock stayed behind the floor until a
  // restart, every guest was stamped the floor and nobody's age grew). A clock that was right
  // at boot is at the floor or past it after any step ahead left out, so this holds it back
  // from nothing; it never moves the guests' clock past the wall clock, nor past the floor.
  // Taken after anchor(), which may read the floor late.
  offset_s_ = std::max(offset_s_, std::min<int64_t>(0, floor_s_ - wall));
  return wall + offset_s_;
}

int64_t GuestCache::now_s() { return std::max(clock_s(), floor_s_); }

GuestCache::List::iterator GuestCache::insert(StoredGuest guest) {
  if (const auto it = by_id_.find(guest.id); it != by_id_.end()) return it->second;
  if (lru_.size() >= config_.capacity) {
    by_hash_.erase(lru_.back().token_hash);
    by_id_.erase(lru_.back().id);
    lru_.pop_back();
  }
  lru_.push_front(std::move(guest));
  by_hash_[lru_.front().token_hash] = lru_.begin();
  by_id_[lru_.front().id] = lru_.begin();
  return lru_.begin();
}

void GuestCache::use(List::iterator it) {
  lru_.splice(lru_.begin(), lru_, it);
  const int64_t now = now_s();
  if (now - it->last_seen < kSeenStepS) return;
  try {
    store_.set_last_seen(it->id, now);
    it->last_seen = now;
  } catch (const std::exception&) {
    // Written at a later sighting: a guest is retired only after days unseen, and the request
    // that saw it stands or falls by its own writes (a move is made already: seen() never throws).
  }
}

std::optional<GuestCache::Guest> GuestCache::by_token(const std::string& token_hash) {
  const auto it = by_hash_.find(token_hash);
  List::iterator entry;
  if (it != by_hash_.end()) {
    entry = it->second;
  } else if (auto stored = store_.guest_by_token(token_hash)) {
    entry = insert(std::move(*stored));
  } else {
    return std::nullopt;
  }
  use(entry);
  return Guest{entry->id, entry->name};
}

bool GuestCache::exists(const std::string& id) {
  if (by_id_.count(id) != 0) return true;
  auto stored = store_.guest_by_id(id);
  if (!stored) return false;
  insert(std::move(*stored));
  return true;
}

void GuestCache::added(const StoredGuest& guest) { insert(guest); }

void GuestCache::seen(const std::string& id) {
  if (const auto it = by_id_.find(id); it != by_id_.end()) return use(it->second);
  try {
    if (auto stored = store_.guest_by_id(id)) use(insert(std::move(*stored)));
  } catch (const std::exception&) {
    // The move it made is stored and told; its sighting waits for the next (a read that failed).
  }
}

void GuestCache::retire(std::optional<int64_t> now_ms) {
  // Read at every tick, so that a step of the wall clock is found as it is made, before any
  // request is stamped by it.
  const int64_t clock = clock_s();
  if (config_.expiry_days <= 0) return;
  if (now_ms && !retire_due_ms_) retire_due_ms_ = *now_ms + kRetireEveryMs;
  if (now_ms && *now_ms < *retire_due_ms_) return;
  // Never ahead of the newest sighting stored: a server nobody has come to for a while retires
  // nobody for it.
  const std::optional<int64_t> newest = store_.newest_sighting();
  const int64_t before = std::min(clock, newest.value_or(0)) - int64_t{config_.expiry_days} * kDayS;
  const std::vector<std::string> gone =
      newest ? store_.delete_unseen_guests(before, kRetireBatch) : std::vector<std::string>{};
  for (const std::string& id : gone) {
    const auto it = by_id_.find(id);
    if (it == by_id_.end()) continue;
    by_hash_.erase(it->second->token_hash);
    lru_.erase(it->second);
    by_id_.erase(it);
  }
  retired_in_run_ += static_cast<int64_t>(gone.size());
  if (gone.size() == static_cast<size_t>(kRetireBatch)) {
    retire_due_ms_ = 0;
    return;
  }
  // Deleting identities is told (regression, from an audit: guests retired left no trace in
  // the log), once a run, however many batches it took.
  if (retired_in_run_ > 0 && config_.log) {
    config_.log(
        LogLevel::Info, "guests retired",
        fmt::format("{} unseen since {} (--guest-expiry-days {}) and seated at no game not "
                    "finished; their tokens serve no more",
                    retired_in_run_,
                    // The wall clock's date, not the guests' clock's: that differs from it by
                    // the steps left out, and the operator reads dates by the wall clock.
                    log_time(std::chrono::system_clock::time_point(
                        std::chrono::seconds(before - offset_s_))),
                    config_.expiry_days));
  }
  retired_in_run_ = 0;
  if (now_ms) {
    retire_due_ms_ = *now_ms + kRetireEveryMs;
  } else {
    retire_due_ms_.reset();
  }
}

std::string GuestCache::unknown_token_text() const {
  const std::string retired =
      config_.expiry_days > 0
          ? fmt::format(" (a guest unseen for {} days is retired)", config_.expiry_days)
          : "";
  return "token: no guest has this token" + retired + "; make a new guest (POST /api/guests)";
}

}  // namespace whist::server
