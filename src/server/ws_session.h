// One player's WebSocket: reads text messages (size and rate limited) into the hub, writes the
// hub's messages through a bounded queue (Beast allows one write at a time).
#pragma once

#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <string>

#include "server/transport_impl.h"
#include "server/ws_frames.h"

namespace whist::server {

class WsSession : public std::enable_shared_from_this<WsSession> {
 public:
  // The session holds its connection's place and its WebSocket place in its client's counts
  // until it ends. With a `refusal` (its client has all the connections or WebSockets it may
  // have) the upgrade is answered and the WebSocket closed at once with it as the reason: a
  // browser can read a close's reason, where it cannot read the answer to a refused upgrade.
  // `client`: its client_key, for the log. `in_reserve`: the connection took one of the places
  // kept for players (TransportConfig::player_reserve), so its first message must be the hello
  // of a player of a game under way.
  WsSession(Transport::Impl& transport, Stream stream, ClientPlace connection,
            std::optional<ClientPlace> websocket, std::string refusal, std::string client,
            bool in_reserve);
  WsSession(const WsSession&) = delete;
  WsSession& operator=(const WsSession&) = delete;

  // Answers the upgrade; once it is done the connection is registered and opened in the hub.
  // `early`: what the client sent after the request, read with it (its first frames, perhaps),
  // read first, under every limit of the bytes read after it.
  void start(HttpRequest request, std::string early);

  void send(std::string text);
  // No more sends after this; with `flush` what is queued goes first. The first reason wins. The
  // connection is dropped if the closing handshake is not done within `deadline_ms` (-1: the
  // transport's close_deadline_ms).
  void close(std::string reason, websocket::close_code code, bool flush, int64_t deadline_ms = -1);
  // close() for a limit passed, noted in the log (Transport::Impl::note).
  void close_for_limit(std::string reason, websocket::close_code code);
  // Drops the connection at once, without a close frame (the hub is told).
  void abort();

 private:
  void on_accept(const beast::error_code& ec);
  void read();
  void on_read(const beast::error_code& ec);
  void on_message();
  bool take_token();
  // `frames` more read (TransportConfig::ws_frame_rate); past the allowance the connection is
  // closed. `announced`: the longest payload their data frames' headers announce.
  void count_frames(size_t frames, uint64_t announced);
  // A message begun: it is to be complete within TransportConfig::ws_message_ms.
  void begin_message();
  void close_for_frames();
  // Closes the connection, with a reason, once nothing has come from it for ws_silent_ms.
  void watch_silence();
  // In the reserve: whether `text` lets the connection stay (closed if not).
  bool passes_reserve(const std::string& text);
  void write_next();
  void on_write(const beast::error_code& ec);
  void start_close();
  void finish();

  Transport::Impl& transport_;
  websocket::stream<FrameCountingStream<Stream>> ws_;
  beast::flat_buffer in_;
  std::deque<std::string> out_;
  size_t out_bytes_ = 0;
  bool writing_ = false;
  bool closing_ = false;        // close() was called
  bool close_started_ = false;  // the close frame is on its way
  bool finished_ = false;       // the hub has been told
  websocket::close_reason reason_;
  asio::steady_timer kill_timer_;
  ConnId id_ = 0;
  TokenBucket bucket_;
  TokenBucket frames_;
  // Runs while a message is being read: a message begun must end within ws_message_ms, even if
  // nothing more of it comes (pings and empty fragments are read within Beast's read).
  asio::steady_timer message_timer_;
  bool in_message_ = false;
  asio::steady_timer silence_timer_;
  std::chrono::steady_clock::time_point heard_;  // when the last frame came
  // In the players' reserve until its first message shows a player of a game under way; closed
  // if none comes within kReserveMs.
  bool in_reserve_;
  asio::steady_timer reserve_timer_;
  ClientPlace connection_place_;
  std::optional<ClientPlace> ws_place_;
  std::string refusal_;
  std::string client_;
};

}  // namespace whist::server
