#include "server/transport.h"

#include <fmt/core.h>
#include <cstdio>

#include <algorithm>
#include <csignal>
#include <stdexcept>
#include <thread>

#include "core/text.h"
#include "server/transport_impl.h"
#include "server/ws_session.h"

namespace whist::server {

namespace {

// How long open WebSockets get to say goodbye when the server stops.
constexpr auto kShutdownGrace = std::chrono::seconds(2);
// After a failed accept (out of file descriptors, say), a pause rather than a busy loop.
constexpr auto kAcceptRetry = std::chrono::milliseconds(50);
constexpr int64_t kAcceptLogQuietMs = 10000;
// Connections past max_connections answered 503 at once; beyond them a connection is closed as
// it comes, which costs less than answering it but tells a browser nothing.
constexpr int kMaxRefusing = 64;
// File descriptors besides the connections': the database's (with its WAL and shared memory),
// the listener, the io loop's, the standard streams.
constexpr uint64_t kOtherFiles = 64;
// After the io loop, how long the connections' last handlers may take.
constexpr auto kDrainLimit = std::chrono::seconds(1);

int bot_thread_count(int configured) {
  if (configured > 0) return configured;
  const int cores = static_cast<int>(std::thread::hardware_concurrency());
  return std::max(1, cores - 1);
}

// Whether the server listens on the loopback only, where a page on a name other than a loopback
// one got there by DNS rebinding. An address that cannot be used is refused later.
bool is_loopback_address(const std::string& text) {
  const auto numeric = listen_address(text);
  if (!numeric) return false;
  beast::error_code ec;
  const auto address = asio::ip::make_address(*numeric, ec);
  if (ec) return false;
  if (address.is_v6() && address.to_v6().is_v4_mapped()) {
    return asio::ip::make_address_v4(asio::ip::v4_mapped, address.to_v6()).is_loopback();
  }
  return address.is_loopback();
}

// Whether SIGHUP was ignored when the program started (`nohup whist serve &`): it asked to outlive
// its terminal, which a handler would undo.
bool hangup_ignored() {
  struct sigaction action {};
  return sigaction(SIGHUP, nullptr, &action) == 0 && action.sa_handler == SIG_IGN;
}

}  // namespace

std::optional<std::string> listen_address(std::string_view text) {
  if (text == "localhost") return "127.0.0.1";
  beast::error_code ec;
  const auto address = asio::ip::make_address(std::string(text), ec);
  if (ec) return std::nullopt;
  return address.to_string();
}

int64_t steady_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

double steady_now_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void log_error(std::string_view what, std::string_view detail) {
  log_line(LogLevel::Error, what, detail);
}

Transport::Impl::Impl(const TransportConfig& cfg)
    : config(cfg),
      guard(cfg.allowed_origins, cfg.allowed_hosts, is_loopback_address(cfg.address)),
      proxies(cfg.trusted_proxies),
      files(cfg.web_dir),
      api_limit(cfg.api_rate, cfg.api_burst) {
  const auto numeric = listen_address(config.address);
  if (!numeric) {
    throw std::runtime_error(fmt::format(
        "cannot listen on {}: not an IP address (numeric, such as 127.0.0.1, ::1, 0.0.0.0 or ::) "
        "nor localhost; other names are not resolved",
        quote_input(config.address)));
  }
  config.address = *numeric;
  beast::error_code ec;
  const Tcp::endpoint endpoint(asio::ip::make_address(config.address), config.port);
  const auto fail = [&](std::string_view step) {
    throw std::runtime_error(
        fmt::format("cannot {} {}:{}: {}", step, config.address, config.port, ec.message()));
  };
  if (acceptor.open(endpoint.protocol(), ec); ec) fail("open a socket for");
  if (acceptor.set_option(asio::socket_base::reuse_address(true), ec); ec) fail("configure");
  if (acceptor.bind(endpoint, ec); ec) fail("bind");
  if (acceptor.listen(asio::socket_base::max_listen_connections, ec); ec) fail("listen on");
  port = acceptor.local_endpoint().port();
  if (config.stop_on_signals) {
    // Registered now, before anyone is told the port, so that an early signal still stops run().
    signals.emplace(io, SIGINT, SIGTERM);
    if (!hangup_ignored()) signals->add(SIGHUP);
    signals->async_wait([this](const beast::error_code& error, int signal) {
      if (error) return;
      stop_reason = signal_name(signal);
      shutdown();
    });
  }
  bot_threads = bot_thread_count(config.bot_threads);
  bots.emplace(static_cast<size_t>(bot_threads));
}

Transport::Impl::~Impl() {
  // A job may still be computing; its result, posted to the io_context, is dropped with it.
  bots->stop();
  bots->join();
}

void Transport::Impl::run(Hub& h) {
  hub = &h;
  accept();
  schedule_tick();
  run_io();
  drain();
  hub = nullptr;
  if (stop_started_ms != 0) {
    log_line(LogLevel::Info, "stopped",
             fmt::format("{}; closed {} connection{} ({} WebSocket{}) in {:.2f} s",
                         stop_reason.empty() ? "asked to stop" : stop_reason, connections_at_stop,
                         connections_at_stop == 1 ? "" : "s", websockets_at_stop,
                         websockets_at_stop == 1 ? "" : "s",
                         static_cast<double>(steady_now_ms() - stop_started_ms) / 1000));
  }
}

void Transport::Impl::run_io() {
  for (;;) {
    try {
      io.run();
      return;
    } catch (const std::exception& e) {
      // A handler threw (the hub's exceptions are caught where it is called): log, carry on.
      log_error("io thread", e.what());
    }
  }
}

// Closes every connection still open and lets their handlers run once more, so that each
// session ends the usual way (the hub hears of every WebSocket closing) before run() returns.
void Transport::Impl::drain() {
  draining = true;
  flush_notes(true);
  stop_timer.cancel();
  accept_retry.cancel();
  tick_timer.cancel();
  std::vector<std::shared_ptr<WsSession>> open;
  for (const auto& [id, weak] : sessions) {
    if (auto session = weak.lock()) open.push_back(std::move(session));
  }
  for (const auto& session : open) session->abort();
  for (const auto& weak : http_sessions) {
    if (auto session = weak.lock()) close_http_session(*session);
  }
  http_sessions.clear();
  io.restart();
  try {
    io.run_for(kDrainLimit);
  } catch (const std::exception& e) {
    log_error("io thread", e.what());
  }
  const int64_t now = steady_now_ms();
  for (const auto& entry : sessions) {
    const ConnId conn = entry.first;
    call_hub("closed", [&](Hub& hb) { hb.closed(conn, now); });
  }
  sessions.clear();
}

void Transport::Impl::accept() {
  acceptor.async_accept([this](const beast::error_code& ec, Tcp::socket socket) {
    if (ec == asio::error::operation_aborted || !acceptor.is_open()) return;
    if (ec) {
      if (const int64_t now = steady_now_ms(); now >= accept_log_quiet_until) {
        log_error("accept", accept_failures_unlogged == 0
                                ? ec.message()
                                : fmt::format("{} (and {} more failures since the last line)",
                                              ec.message(), accept_failures_unlogged));
        accept_log_quiet_until = now + kAcceptLogQuietMs;
        accept_failures_unlogged = 0;
      } else {
        ++accept_failures_unlogged;
      }
      accept_retry.expires_after(kAcceptRetry);
      accept_retry.async_wait([this](const beast::error_code& error) {
        if (!error && !stopping) accept();
      });
      return;
    }
    if (accept_failures_unlogged > 0) {  // they ended: said now, not with the next failure
      log_error("accept", fmt::format("{} more failures before this connection was accepted",
                                      accept_failures_unlogged));
      accept_failures_unlogged = 0;
    }
    std::optional<asio::ip::address> peer;  // nothing if the peer is gone already
    beast::error_code ignored;
    if (const auto endpoint = socket.remote_endpoint(ignored); !ignored) {
      peer = endpoint.address();
    }
    std::optional<ClientPlace> place;
    const Admission admission = admit(peer, place);
    if (!place) {
      socket.close(ignored);
    } else {
      socket.set_option(Tcp::no_delay(true), ignored);  // small game messages, sent at once
      start_http_session(*this, std::move(socket), std::move(*place), admission, peer);
    }
    accept();
  });
}

// A place for the connection, unless it is to be closed at once, and how it is served. Past its
// connections a client is closed at once, before it costs more than the accept: each open
// connection holds a file descriptor, and idle ones stay for http_timeout_ms.
//
// A trusted proxy's connection is not limited so: its requests are anyone's, and which client's is
// only known from each request's header. Its clients' connections are the proxy's to limit
// (docs/deploy.md); here they are counted in the limit on all connections, and a WebSocket, one
// client's for good, as that client's (HttpSession).
Admission Transport::Impl::admit(const std::optional<asio::ip::address>& peer,
                                 std::optional<ClientPlace>& place) {
  const std::string client = peer ? client_key(*peer) : std::string();
  const int per_client = peer && proxies.trusts(*peer) ? 0 : config.max_connections_per_client;
  const int open = connections_by_client.total;
  const int limit = config.max_connections;
  if (limit <= 0 || open < limit) {
    place = ClientPlace::take(connections_by_client, client, per_client);
    if (!place) {
      note(kRefusedClient, fmt::format("closed a connection from {} as it came: it has {} open "
                                       "(--max-connections)",
                                       client, per_client));
    }
    if (limit > 0 && open >= limit - config.player_reserve) return Admission::Reserve;
    if (place && refusals_unlogged > 0) {  // they ended: said now, not with the next refusal
      log_line(LogLevel::Warn, "connections",
               fmt::format("{} more refused before there was room again", refusals_unlogged));
      refusals_unlogged = 0;
    }
    return Admission::Served;
  }
  note_refusal();
  if (refused_by_client.total < kMaxRefusing) {
    place = ClientPlace::take(refused_by_client, client, per_client);
  }
  return Admission::Refused;
}

void Transport::Impl::note(std::string_view kind, std::string detail) {
  const int64_t now = steady_now_ms();
  QuietLog& quiet = quiet_logs[std::string(kind)];
  if (now < quiet.quiet_until) {
    ++quiet.unlogged;
    return;
  }
  if (quiet.unlogged > 0) {  // not yet said by a tick
    detail += fmt::format(" (and {} more before it)", quiet.unlogged);
  }
  log_line(LogLevel::Warn, kind, detail);
  quiet.logged_ms = now;
  quiet.quiet_until = now + config.log_quiet_ms;
  quiet.unlogged = 0;
}

void Transport::Impl::flush_notes(bool all) {
  const int64_t now = steady_now_ms();
  for (auto& [kind, quiet] : quiet_logs) {
    if (quiet.unlogged == 0 || (!all && now < quiet.quiet_until)) continue;
    log_line(LogLevel::Warn, kind,
             fmt::format("{} more in the {:.0f} s since the last line", quiet.unlogged,
                         static_cast<double>(now - quiet.logged_ms) / 1000));
    quiet.logged_ms = now;
    quiet.quiet_until = now + config.log_quiet_ms;
    quiet.unlogged = 0;
  }
}

std::optional<std::string> Transport::Impl::client_of(const std::optional<asio::ip::address>& peer,
                                                      const HttpRequest& request,
                                                      std::string* why) const {
  if (!peer) return std::string();
  if (proxies.empty() || !proxies.trusts(*peer)) return client_key(*peer);
  std::vector<std::string_view> forwarded;
  for (auto [it, end] = request.equal_range("X-Forwarded-For"); it != end; ++it) {
    forwarded.push_back(it->value());
  }
  const auto address = proxies.client_address(*peer, forwarded, why);
  if (!address) return std::nullopt;
  return client_key(*address);
}

void Transport::Impl::note_refusal() {
  const int64_t now = steady_now_ms();
  if (now < full_log_quiet_until) {
    ++refusals_unlogged;
    return;
  }
  const std::string more =
      refusals_unlogged == 0
          ? std::string()
          : fmt::format(" ({} more refused since the last line)", refusals_unlogged);
  log_line(LogLevel::Warn, "connections",
           fmt::format("full: {} of {} open, the last {} kept for players of "
                       "games under way; newcomers are refused (503){}",
                       connections_by_client.total, config.max_connections, config.player_reserve,
                       more));
  full_log_quiet_until = now + kAcceptLogQuietMs;
  refusals_unlogged = 0;
}

void Transport::Impl::schedule_tick() {
  tick_timer.expires_after(std::chrono::milliseconds(config.tick_ms));
  tick_timer.async_wait([this](const beast::error_code& ec) {
    if (ec || stopping) return;
    call_hub("tick", [](Hub& h) { h.tick(steady_now_ms()); });
    flush_notes(false);
    schedule_tick();
  });
}

void Transport::Impl::drain_bot_jobs() {
  if (hub == nullptr) return;
  try {
    // One job a thread: the rest wait in the hub, which hands out the most urgent when a thread
    // comes free (a job queued in the pool could not be overtaken).
    while (bots_busy < bot_threads) {
      auto job = hub->next_bot_job(steady_now_ms());
      if (!job) break;
      ++bots_busy;
      asio::post(*bots, [this, job = std::move(*job)]() mutable {
        std::optional<Action> action;
        try {
          action = run_bot_job(job);
        } catch (const std::exception& e) {
          // The hub hands a job out once per position, so this table now waits for a player.
          log_error("bot job for table " + job.table, e.what());
        }
        asio::post(io, [this, job = std::move(job), action]() mutable {
          --bots_busy;
          if (action) {
            call_hub("bot_done",
                     [&](Hub& h) { h.bot_done(std::move(job), *action, steady_now_ms()); });
          } else {
            drain_bot_jobs();
          }
        });
      });
    }
  } catch (const std::exception& e) {
    log_error("next_bot_job", e.what());
  }
}

ConnId Transport::Impl::add_session(const std::shared_ptr<WsSession>& session) {
  const ConnId id = next_id++;
  sessions.emplace(id, session);
  return id;
}

void Transport::Impl::remove_session(ConnId id) {
  sessions.erase(id);
  if (stopping && !draining && sessions.empty()) io.stop();
}

void Transport::Impl::add_http_session(const std::shared_ptr<HttpSession>& session) {
  if (http_sessions.size() >= http_sweep_at_) {
    std::erase_if(http_sessions, [](const auto& weak) { return weak.expired(); });
    http_sweep_at_ = std::max<size_t>(64, 2 * http_sessions.size());
  }
  http_sessions.push_back(session);
}

int connections_for_file_limit(uint64_t file_limit) {
  const uint64_t others = kOtherFiles + kMaxRefusing;
  if (file_limit <= others) return 0;
  return static_cast<int>(std::min<uint64_t>((file_limit - others) / 2, 1u << 30));
}

std::string client_key(const asio::ip::address& peer) {
  if (peer.is_v4()) return peer.to_string();
  const auto v6 = peer.to_v6();
  if (v6.is_v4_mapped()) return asio::ip::make_address_v4(asio::ip::v4_mapped, v6).to_string();
  auto bytes = v6.to_bytes();
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  return asio::ip::address_v6(bytes).to_string() + "/64";
}

std::shared_ptr<WsSession> Transport::Impl::find_session(ConnId id) const {
  const auto it = sessions.find(id);
  return it == sessions.end() ? nullptr : it->second.lock();
}

void Transport::Impl::shutdown() {
  if (stopping) return;
  stopping = true;
  stop_started_ms = steady_now_ms();
  connections_at_stop = connections_by_client.total + refused_by_client.total;
  websockets_at_stop = static_cast<int>(sessions.size());
  beast::error_code ignored;
  acceptor.close(ignored);
  accept_retry.cancel();
  tick_timer.cancel();
  if (signals) signals->cancel(ignored);
  if (sessions.empty()) {
    io.stop();
    return;
  }
  // Copied: a close can end a session at once and unregister it.
  std::vector<std::shared_ptr<WsSession>> open;
  for (const auto& [id, weak] : sessions) {
    if (auto session = weak.lock()) open.push_back(std::move(session));
  }
  for (const auto& session : open) {
    session->close("server shutting down", websocket::close_code::going_away, true);
  }
  stop_timer.expires_after(kShutdownGrace);
  stop_timer.async_wait([this](const beast::error_code& ec) {
    if (!ec) io.stop();
  });
}

Transport::Transport(const TransportConfig& config) : impl_(std::make_unique<Impl>(config)) {}
Transport::~Transport() = default;

uint16_t Transport::port() const { return impl_->port; }

std::string Transport::address() const { return impl_->config.address; }

void Transport::run(Hub& hub) { impl_->run(hub); }

void Transport::stop() {
  asio::post(impl_->io, [impl = impl_.get()] { impl->shutdown(); });
}

void Transport::send(ConnId conn, std::string text) {
  if (auto session = impl_->find_session(conn)) session->send(std::move(text));
}

void Transport::close(ConnId conn, std::string reason) {
  if (auto session = impl_->find_session(conn)) {
    session->close(std::move(reason), websocket::close_code::normal, true);
  }
}

void Transport::log(LogLevel level, std::string_view what, std::string_view detail) {
  log_line(level, what, detail);
}

}  // namespace whist::server
