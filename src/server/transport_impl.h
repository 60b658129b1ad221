// The transport's insides, shared by transport.cpp, http_session.cpp and ws_session.cpp (not part
// of the server's interface).
#pragma once

#include <algorithm>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/forwarded.h"
#include "server/log.h"
#include "server/rate_limit.h"
#include "server/request_guard.h"
#include "server/static_files.h"
#include "server/transport.h"

namespace whist::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace websocket = boost::beast::websocket;
using Tcp = boost::asio::ip::tcp;
// Beast's simple_rate_policy for reads (writes are not limited), and bytes that came off the
// socket before the limit was set: those that followed a WebSocket's upgrade request in the
// HTTP session's read, which the WebSocket reads first (FrameCountingStream::prefix). Charged
// here, they are paid for by the reads after them (which get the least Beast reads, a byte a
// second, until they are), so that the byte rate holds for them too over the first seconds
// (else a client had its first 32 KiB parsed beyond the rate).
class ReadRatePolicy {
 public:
  // Bytes a second (Beast's read_limit); unlimited until set.
  void read_limit(size_t bytes_per_second) noexcept {
    limit_ = bytes_per_second;
    remain_ = std::min(remain_, bytes_per_second);
  }
  // `bytes` read past the policy: out of this second's allowance, the rest out of the next ones.
  void charge_read(size_t bytes) noexcept {
    if (limit_ == kAll) return;
    const size_t now = std::min(bytes, remain_);
    remain_ -= now;
    debt_ += bytes - now;
  }

 private:
  friend class beast::rate_policy_access;
  static constexpr size_t kAll = std::numeric_limits<size_t>::max();

  size_t available_read_bytes() const noexcept { return remain_; }
  size_t available_write_bytes() const noexcept { return kAll; }
  void transfer_read_bytes(size_t n) noexcept {
    if (remain_ != kAll) remain_ = n < remain_ ? remain_ - n : 0;
  }
  void transfer_write_bytes(size_t) noexcept {}
  // Beast's rate timer: once at the first wait (its timer starts expired), then every second.
  void on_timer() noexcept {
    remain_ = limit_;
    if (limit_ == kAll) return;
    const size_t paid = std::min(debt_, remain_);
    debt_ -= paid;
    remain_ -= paid;
  }

  size_t limit_ = kAll;
  size_t remain_ = kAll;
  size_t debt_ = 0;
};

// A connection's stream, with a policy that can limit the bytes read a second (WsSession sets
// one).
using Stream = beast::basic_stream<Tcp, asio::any_io_executor, ReadRatePolicy>;
using HttpRequest = http::request<http::string_body>;

class WsSession;
class HttpSession;

// Milliseconds on the steady clock: the hub's `now`, which only ever compares times.
int64_t steady_now_ms();

// An error in the server's log (server/log.h).
void log_error(std::string_view what, std::string_view detail);

// Who a peer is, for the per-client limits: an IPv4 address (also when mapped into IPv6), or
// the /64 network of an IPv6 address, as one host commonly holds a whole /64.
std::string client_key(const asio::ip::address& peer);

// Open connections (or WebSockets) by client_key, and in all, each counted by a ClientPlace.
struct ClientCounts {
  std::unordered_map<std::string, int> by_client;
  int total = 0;
};

// One connection's place in its client's count, given back when it is destroyed. Move only.
class ClientPlace {
 public:
  // Counts one for `client` unless it holds `limit` places already (0: no limit).
  static std::optional<ClientPlace> take(ClientCounts& counts, std::string client, int limit) {
    int& open = counts.by_client[client];
    if (limit > 0 && open >= limit) return std::nullopt;
    ++open;
    ++counts.total;
    return ClientPlace(counts, std::move(client));
  }
  ClientPlace(ClientPlace&& other) noexcept
      : counts_(std::exchange(other.counts_, nullptr)), client_(std::move(other.client_)) {}
  ClientPlace& operator=(ClientPlace&& other) noexcept {
    if (this != &other) {
      give_back();
      counts_ = std::exchange(other.counts_, nullptr);
      client_ = std::move(other.client_);
    }
    return *this;
  }
  ClientPlace(const ClientPlace&) = delete;
  ClientPlace& operator=(const ClientPlace&) = delete;
  ~ClientPlace() { give_back(); }

  const std::string& client() const { return client_; }

 private:
  ClientPlace(ClientCounts& counts, std::string client)
      : counts_(&counts), client_(std::move(client)) {}
  void give_back() {
    if (counts_ == nullptr) return;
    const auto it = counts_->by_client.find(client_);
    if (it != counts_->by_client.end() && --it->second <= 0) counts_->by_client.erase(it);
    --counts_->total;
    counts_ = nullptr;
  }
  ClientCounts* counts_;
  std::string client_;
};

// Seconds on the steady clock, for the token buckets (server/rate_limit.h).
double steady_now_s();

// How an accepted connection is served, by the connections open then
// (TransportConfig::max_connections).
enum class Admission {
  Served,   // as usual
  Reserve,  // in the players' reserve: only a WebSocket whose first message is a player's hello
  Refused,  // past the limit: whatever it asks is answered 503
};

struct Transport::Impl {
  explicit Impl(const TransportConfig& config);
  ~Impl();

  void run(Hub& hub);
  void shutdown();  // io thread

  // Calls into the hub on the io thread; an exception is logged and does not escape (false
  // then). Afterwards bot jobs are handed to the pool, as many as it has threads free.
  template <class F>
  bool call_hub(std::string_view what, F&& f) {
    if (hub == nullptr) return false;
    bool ok = true;
    try {
      f(*hub);
    } catch (const std::exception& e) {
      log_error(what, e.what());
      ok = false;
    } catch (...) {
      log_error(what, "unknown exception");
      ok = false;
    }
    drain_bot_jobs();
    return ok;
  }
  void drain_bot_jobs();
  // A connection refused for want of room: logged, at most every ten seconds.
  void note_refusal();
  // A refusal of the kind `kind` (kRefused*): logged at once if none of its kind was logged in
  // the last config.log_quiet_ms, else counted, and the count logged when that time is up. They
  // come as fast as anyone sends requests: a line each would flood the log, none would hide a
  // misconfigured proxy or a limit too low for a club.
  void note(std::string_view kind, std::string detail);
  // The counts whose quiet time is up (all of them with `all`, as the server stops).
  void flush_notes(bool all);
  // The client a request is counted as: its peer's client_key, or, from a trusted proxy, that
  // of the address its X-Forwarded-For names (server/forwarded.h). Nothing, and why in `why`,
  // when a trusted proxy's header is malformed; "" when the peer was gone before it was known.
  std::optional<std::string> client_of(const std::optional<asio::ip::address>& peer,
                                       const HttpRequest& request, std::string* why) const;

  // The WebSockets by id, for the hub's sends. A session registers once its handshake is done
  // and unregisters when it ends.
  ConnId add_session(const std::shared_ptr<WsSession>& session);
  void remove_session(ConnId id);
  std::shared_ptr<WsSession> find_session(ConnId id) const;
  // The HTTP connections, to close those still open when the server stops.
  void add_http_session(const std::shared_ptr<HttpSession>& session);

  TransportConfig config;
  RequestGuard guard;  // checks every request's Host, Origin and Content-Type first
  ProxyTrust proxies;  // config.trusted_proxies
  StaticFiles files;
  uint16_t port = 0;  // as bound (the listener is closed when the server stops)
  // Open connections, and WebSockets among them, by client_key (config.max_connections_per_client,
  // max_ws_per_client). Before io: sessions still held by its handlers give their places back
  // when it is destroyed.
  ClientCounts connections_by_client;
  ClientCounts ws_by_client;
  // Connections past config.max_connections being answered 503, at most kMaxRefusing at once
  // (more are closed as they are accepted). Counted apart: a place that comes free among the
  // others goes to the next newcomer, a player coming back perhaps, whatever is being refused.
  ClientCounts refused_by_client;
  // Before the sockets and timers that belong to it, so that it is destroyed after them.
  asio::io_context io{1};
  Tcp::acceptor acceptor{io};
  asio::steady_timer accept_retry{io};
  // Failed accepts are retried every kAcceptRetry and logged every ten seconds, with how many
  // failed between (regression: twenty lines a second while file descriptors ran out).
  int64_t accept_log_quiet_until = 0;
  int accept_failures_unlogged = 0;
  // Likewise the connections refused for want of room, which come as fast as anyone opens them.
  int64_t full_log_quiet_until = 0;
  int refusals_unlogged = 0;
  struct QuietLog {
    int64_t logged_ms = 0;  // when its last line was written
    int64_t quiet_until = 0;
    int unlogged = 0;
  };
  std::unordered_map<std::string, QuietLog> quiet_logs;  // by note()'s kind
  // Why and when the server began to stop, and the connections open then, for the last line.
  std::string stop_reason;
  int64_t stop_started_ms = 0;
  int connections_at_stop = 0;
  int websockets_at_stop = 0;
  asio::steady_timer tick_timer{io};
  asio::steady_timer stop_timer{io};
  std::optional<asio::signal_set> signals;
  std::optional<asio::thread_pool> bots;
  int bot_threads = 1;
  int bots_busy = 0;  // jobs handed to the pool and not yet back on the io thread
  Hub* hub = nullptr;
  bool stopping = false;  // stop() was called: goodbyes are being said
  bool draining = false;  // the io loop has ended: what is left is being closed
  ConnId next_id = 1;
  std::unordered_map<ConnId, std::weak_ptr<WsSession>> sessions;
  std::vector<std::weak_ptr<HttpSession>> http_sessions;  // expired ones are swept now and then
  ClientRateLimit api_limit;                              // by client_key: config.api_rate

 private:
  void accept();
  Admission admit(const std::optional<asio::ip::address>& peer, std::optional<ClientPlace>& place);
  void schedule_tick();
  void run_io();
  void drain();
  size_t http_sweep_at_ = 64;
};

// Kinds of refusal, for Transport::Impl::note(): each a word of the log.
inline constexpr std::string_view kRefusedRate = "rate limit";            // every 429
inline constexpr std::string_view kRefusedClient = "client limit";        // per-client connections
inline constexpr std::string_view kRefusedOrigin = "where from";          // RequestGuard's refusals
inline constexpr std::string_view kRefusedForwarded = "X-Forwarded-For";  // malformed
inline constexpr std::string_view kRefusedWs = "websocket limit";  // a WebSocket closed for it

// Serves HTTP on an accepted socket (keep-alive, a read timeout), handing /ws upgrades over.
// `place`: the connection's place in its client's count; `admission`: what it may ask for;
// `peer`: its address (nothing if it was gone at once).
void start_http_session(Transport::Impl& transport, Tcp::socket socket, ClientPlace place,
                        Admission admission, std::optional<asio::ip::address> peer);
// Closes its socket now: every pending operation ends with an error.
void close_http_session(HttpSession& session);

}  // namespace whist::server
