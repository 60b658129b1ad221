#include "server/guests.h"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <utility>

namespace whist::server {

namespace {

constexpr int64_t kDayS = 86400;

}  // namespace

GuestCache::GuestCache(Store& store, GuestCacheConfig config)
    : store_(store), config_(std::move(config)) {
  config_.capacity = std::max<size_t>(config_.capacity, 1);
}

int64_t GuestCache::now_s() const {
  if (config_.wall_clock) return config_.wall_clock();
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

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
  if (config_.expiry_days <= 0) return;
  if (now_ms && !retire_due_ms_) retire_due_ms_ = *now_ms + kRetireEveryMs;
  if (now_ms && *now_ms < *retire_due_ms_) return;
  // Never ahead of the newest sighting stored: a clock set years ahead at boot, before any guest
  // is seen, would otherwise retire everyone at once.
  const std::optional<int64_t> newest = store_.newest_sighting();
  const int64_t before =
      std::min(now_s(), newest.value_or(0)) - int64_t{config_.expiry_days} * kDayS;
  const std::vector<std::string> gone =
      newest ? store_.delete_unseen_guests(before, kRetireBatch) : std::vector<std::string>{};
  for (const std::string& id : gone) {
    const auto it = by_id_.find(id);
    if (it == by_id_.end()) continue;
    by_hash_.erase(it->second->token_hash);
    lru_.erase(it->second);
    by_id_.erase(it);
  }
  if (gone.size() == static_cast<size_t>(kRetireBatch)) {
    retire_due_ms_ = 0;
  } else if (now_ms) {
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
