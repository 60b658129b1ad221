// The game server's sockets (Boost.Beast): the web client's files, the lobby's HTTP API and the
// players' WebSockets on one port, in front of a Hub (server/hub.h, docs/protocol.md).
//
// Threads: one io thread (the caller of run()) owns every socket and makes every call into the
// Hub, which is not thread safe. Bot decisions, the one slow thing, run on a small worker pool
// and their results are posted back to the io thread. Nothing else blocks: sessions are
// asynchronous, so a few thousand WebSockets cost memory, not threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/hub.h"

namespace whist::server {

struct TransportConfig {
  std::string address = "127.0.0.1";  // numeric, or localhost (listen_address)
  uint16_t port = 8080;               // 0: any free port (port() tells which)
  std::string web_dir;                // the web client's files; empty or missing: 404 outside /api/
  int bot_threads = 0;                // 0: one less than the cores, at least 1
  // SIGINT, SIGTERM and SIGHUP stop run() cleanly (the serve command). SIGHUP too: a terminal
  // closed, or `kill -HUP` by habit, killed the server with no goodbye to its players; unless it
  // was ignored at the start (nohup), as the operator asked then.
  bool stop_on_signals = false;
  int64_t tick_ms = 200;  // how often the hub's timers are checked
  // Limits (docs/protocol.md); tests lower the timeouts.
  size_t max_http_body = 16 * 1024;
  size_t max_ws_message = 4096;
  size_t max_send_queue = 1024 * 1024;  // bytes waiting for a slow reader before it is closed
  double ws_rate = 20;                  // messages a second per connection (0: none)...
  double ws_burst = 40;                 // ...with this burst (the serve command: twice the rate)
  // Frames a second per connection, every one as it comes off the socket (server/ws_frames.h):
  // pings, pongs, each frame of a message, empty ones too. Messages alone are counted above; a
  // flood of pings kept the io thread busy. Past it the connection is closed, and read at a byte a
  // second until the close deadline drops it.
  double ws_frame_rate = 200;
  double ws_frame_burst = 400;
  // Bytes read a second from one WebSocket, past which reading waits (the first second allows
  // twice this): what frames cost until they are past the count above, and what a connection
  // being closed still sends. Messages are small: a client at its message rate needs a few KiB.
  size_t ws_read_rate = 64 * 1024;
  // A message begun must end within this, however it stalls (a frame dripped a byte at a time
  // held a connection open forever: each byte put the idle timeout off).
  int64_t ws_message_ms = 10000;
  // A WebSocket heard nothing from (no frame at all) for this long is closed with a reason; it
  // is pinged when silent for 7/12 of it (Beast's keep-alive, whose own drop at 7/6 of it, with
  // no close frame, is a backstop).
  int64_t ws_silent_ms = 60000;
  double api_rate = 20;    // API requests a second per client address (0: none)...
  double api_burst = 100;  // ...with this burst
  // Connections open at once from one client (an IPv4 address, an IPv6 /64); past it a new one
  // is closed at once (0: no limit).
  int max_connections_per_client = 256;
  // WebSockets among them; past it the WebSocket is closed as it opens, with the reason. Each
  // WebSocket can keep one table's bots playing (0: no limit).
  int max_ws_per_client = 128;
  // Connections open at once from all clients together, HTTP and WebSocket (0: no limit). Each
  // holds a file descriptor (the serve command fits this to RLIMIT_NOFILE) and some memory;
  // without a limit, enough addresses took every descriptor, and accepts failed for everyone.
  // Past it a request is answered 503 with Retry-After, an upgrade too, before it upgrades (a
  // few at a time; more are closed as they come); nobody already in is closed.
  int max_connections = 10000;
  // The last of those places are kept for players of games under way coming back (a dropped
  // connection): a connection that takes one may only open a WebSocket whose first message is
  // such a player's hello; anything else is refused.
  int player_reserve = 500;
  int64_t http_timeout_ms = 30000;  // an HTTP connection idle this long is closed
  // Where requests may come from (server/request_guard.h): the origins besides the server's own
  // whose pages may use it (scheme://host[:port]), and the host names besides the loopback ones
  // it answers to when it listens on a loopback address (a proxy's in front of it).
  std::vector<std::string> allowed_origins;
  std::vector<std::string> allowed_hosts;
  // Reverse proxies (addresses or networks, server/forwarded.h) whose X-Forwarded-For names the
  // client of the requests they relay, for every per-client limit above. Their own connections
  // are not limited per client as they are accepted (each carries anyone's requests); one that
  // becomes a WebSocket is one client's from then on, and counted as that client's.
  std::vector<std::string> trusted_proxies;
  // Refusals (429s, per-client limits, requests refused for where they come from) are logged at
  // most once this often for each kind, with how many there were between.
  int64_t log_quiet_ms = 10000;
  // A WebSocket that does not finish closing (a reader too slow to reach the close frame) loses
  // its socket after this.
  int64_t close_deadline_ms = 5000;
};

// The numeric address that `text` asks to listen on: an IPv4 or IPv6 address as written, or
// 127.0.0.1 for "localhost" (the name every resolver gives the loopback; one listener takes one
// address, and IPv4's is the one every client tries). Nothing for any other name: what it
// resolves to may change, and a server should not listen on a surprise.
std::optional<std::string> listen_address(std::string_view text);

// The connections (TransportConfig::max_connections) that `file_limit` file descriptors
// (RLIMIT_NOFILE) allow: two each (a connection sending a file holds the file's too), beside
// those being refused and a few for the database, the listener and the io loop. 0 if too few.
int connections_for_file_limit(uint64_t file_limit);

class Transport final : public Outlet {
 public:
  // Binds and listens at once (so port() is known before run()). Throws std::runtime_error when
  // the address cannot be used, std::invalid_argument for an allowed origin or host or a trusted
  // proxy that is not one.
  explicit Transport(const TransportConfig& config);
  ~Transport() override;
  Transport(const Transport&) = delete;
  Transport& operator=(const Transport&) = delete;

  uint16_t port() const;
  // The address listened on, numeric (localhost's resolved).
  std::string address() const;

  // Serves `hub` on the calling thread until stop() (or a signal, when configured). Call once.
  // The hub hears closed() exactly once for every connection it heard open(), whoever closed it
  // (itself through close() too), and for those still open at the end before run() returns.
  void run(Hub& hub);
  // Any thread, also before run(): closes the listener and every connection, and ends run().
  void stop();

  // Outlet, for the hub (io thread only). Sends are queued per connection; unknown or closing
  // connections are ignored, and a reader more than max_send_queue behind is closed. close()
  // flushes what was sent before it, then closes with `reason` (code 1000; cut to 123 bytes).
  void send(ConnId conn, std::string text) override;
  void close(ConnId conn, std::string reason) override;
  // A line of the log (server/log.h).
  void log(LogLevel level, std::string_view what, std::string_view detail) override;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace whist::server
