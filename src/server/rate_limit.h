// Token buckets: `rate` tokens a second up to `burst`, one taken per request. The transport
// limits each WebSocket's messages and each client's API requests with them; the hub limits how
// many guests and tables each client creates. Times are seconds on any clock that only moves on.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <unordered_map>

namespace whist::server {

class TokenBucket {
 public:
  TokenBucket(double burst, double now_s) : tokens_(burst), refilled_s_(now_s) {}
  // `count` tokens, all or none.
  bool take(double rate, double burst, double now_s, double count = 1) {
    tokens_ = std::min(burst, tokens_ + std::max(0.0, now_s - refilled_s_) * rate);
    refilled_s_ = now_s;
    if (tokens_ < count) return false;
    tokens_ -= count;
    return true;
  }
  // A token taken for what was then not done.
  void give_back(double burst) { tokens_ = std::min(burst, tokens_ + 1); }
  // Whether the bucket is full again by `now_s`: its owner has been quiet, it can be forgotten.
  bool full(double rate, double burst, double now_s) const {
    return tokens_ + std::max(0.0, now_s - refilled_s_) * rate >= burst;
  }

 private:
  double tokens_;
  double refilled_s_;
};

// A bucket per client (server/transport_impl.h's client_key), forgetting the quiet ones.
class ClientRateLimit {
 public:
  // `rate` a second with `burst`; a rate of 0 or less allows everything.
  ClientRateLimit(double rate, double burst) : rate_(rate), burst_(burst) {}

  // Whether `client` may make one more request now (its token taken if so).
  bool allow(const std::string& client, double now_s) {
    if (rate_ <= 0) return true;
    if (buckets_.size() >= kSweepAt) {
      std::erase_if(buckets_,
                    [&](const auto& entry) { return entry.second.full(rate_, burst_, now_s); });
    }
    return buckets_.try_emplace(client, burst_, now_s).first->second.take(rate_, burst_, now_s);
  }

  // The token `allow` took for a request that was then not done (it could not be stored).
  void give_back(const std::string& client) {
    if (const auto it = buckets_.find(client); it != buckets_.end()) it->second.give_back(burst_);
  }

 private:
  static constexpr size_t kSweepAt = 4096;
  double rate_;
  double burst_;
  std::unordered_map<std::string, TokenBucket> buckets_;
};

}  // namespace whist::server
