#include "server/ws_session.h"

#include <algorithm>

#include <fmt/core.h>

#include "core/text.h"

namespace whist::server {

namespace {

// A connection in the players' reserve says hello at once (the web client does on opening); a
// place of the reserve is held no longer than needed by one that does not.
constexpr auto kReserveMs = std::chrono::seconds(3);
constexpr int64_t kReserveCloseMs = 1000;  // for a connection refused there to close

// A close frame's reason fits in 123 bytes; cut at a character boundary.
std::string fit_reason(std::string reason) {
  constexpr size_t kMaxReason = 123;
  reason.resize(utf8_prefix(reason, kMaxReason));
  return reason;
}

}  // namespace

WsSession::WsSession(Transport::Impl& transport, Stream stream, ClientPlace connection,
                     std::optional<ClientPlace> websocket, std::string refusal, std::string client,
                     bool in_reserve)
    : transport_(transport),
      ws_(std::move(stream)),
      kill_timer_(transport.io),
      bucket_(transport.config.ws_burst, steady_now_s()),
      frames_(transport.config.ws_frame_burst, steady_now_s()),
      message_timer_(transport.io),
      silence_timer_(transport.io),
      in_reserve_(in_reserve),
      reserve_timer_(transport.io),
      connection_place_(std::move(connection)),
      ws_place_(std::move(websocket)),
      refusal_(std::move(refusal)),
      client_(std::move(client)) {}

void WsSession::start(HttpRequest request, std::string early) {
  beast::get_lowest_layer(ws_).expires_never();  // the WebSocket's own timeouts take over
  auto& rate = beast::get_lowest_layer(ws_).rate_policy();
  rate.read_limit(transport_.config.ws_read_rate);
  // Regression: the bytes that came with the upgrade request (a client writing its hello at
  // once) were left in the HTTP session's buffer, and the hello never answered. They are read
  // first, counted as frames, and paid for at the byte rate by the reads after them.
  rate.charge_read(early.size());
  ws_.next_layer().prefix(std::move(early));
  websocket::stream_base::timeout timeouts{};
  timeouts.handshake_timeout = std::chrono::seconds(10);
  // Beast pings a peer silent for half of this, and drops one silent for all of it without a
  // close frame: watch_silence closes it first, with a reason (regression: a player's script
  // that did not read for a minute found its connection ended with no word why).
  timeouts.idle_timeout = std::chrono::milliseconds(transport_.config.ws_silent_ms * 7 / 6);
  timeouts.keep_alive_pings = true;
  ws_.set_option(timeouts);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(http::field::server, "whist"); }));
  // Beast's own limit would close an oversized message without a reason, so the transport counts
  // the bytes itself (read_some below never buffers more than the limit and one byte).
  ws_.read_message_max(0);
  // Every frame, as it comes off the socket (server/ws_frames.h): Beast answers pings and reads
  // empty fragments without returning to read(). `this`, not a shared pointer, which would keep
  // the session alive through its own stream; the callback only runs within a read or a close,
  // whose handler holds the session.
  ws_.next_layer().on_frames(
      [this](size_t frames, uint64_t announced) { count_frames(frames, announced); });
  ws_.async_accept(
      request, [self = shared_from_this()](const beast::error_code& ec) { self->on_accept(ec); });
}

void WsSession::on_accept(const beast::error_code& ec) {
  if (ec) return;  // never opened: nothing to tell the hub
  if (transport_.stopping) {
    close("server shutting down", websocket::close_code::going_away, false);
    return;
  }
  if (!refusal_.empty()) {  // noted in the log as it was decided
    close(refusal_, websocket::close_code::policy_error, false);
    return;
  }
  id_ = transport_.add_session(shared_from_this());
  transport_.call_hub("open", [this](Hub& hub) { hub.open(id_, steady_now_ms()); });
  heard_ = std::chrono::steady_clock::now();
  watch_silence();
  if (in_reserve_) {
    reserve_timer_.expires_after(kReserveMs);
    reserve_timer_.async_wait([self = shared_from_this()](const beast::error_code& e) {
      if (!e && self->in_reserve_) self->passes_reserve("");
    });
  }
  read();
}

void WsSession::read() {
  const size_t limit = transport_.config.max_ws_message + 1 - in_.size();
  ws_.async_read_some(in_, limit, [self = shared_from_this()](const beast::error_code& ec, size_t) {
    self->on_read(ec);
  });
}

void WsSession::on_read(const beast::error_code& ec) {
  if (ec) {
    finish();  // closed by either side, or broken
    return;
  }
  if (closing_) {  // waiting to flush before closing: what the peer says no longer matters
    in_.clear();
    if (!close_started_) read();
    return;
  }
  if (in_.size() > transport_.config.max_ws_message) {
    close_for_limit("message too large", websocket::close_code::too_big);
    return;
  }
  if (!ws_.is_message_done()) {
    begin_message();
    read();
    return;
  }
  in_message_ = false;
  message_timer_.cancel();
  on_message();
  // The next message's header may have come with this one, read already (regression: sent in
  // one write with a whole message, a header alone was never timed).
  if (!close_started_ && ws_.next_layer().data_pending()) begin_message();
  if (!close_started_) read();
}

void WsSession::on_message() {
  if (!ws_.got_text()) {
    close_for_limit("only text messages are accepted", websocket::close_code::unknown_data);
    return;
  }
  if (!take_token()) {
    close_for_limit(
        fmt::format("rate limit: more than {} messages a second", transport_.config.ws_rate),
        websocket::close_code::policy_error);
    return;
  }
  const std::string text = beast::buffers_to_string(in_.data());
  in_.clear();
  if (in_reserve_ && !passes_reserve(text)) return;
  transport_.call_hub("message", [&](Hub& hub) { hub.message(id_, text, steady_now_ms()); });
}

bool WsSession::take_token() {
  if (transport_.config.ws_rate <= 0) return true;  // `--ws-rate 0`: a load test's
  return bucket_.take(transport_.config.ws_rate, transport_.config.ws_burst, steady_now_s());
}

void WsSession::watch_silence() {
  const auto silent = std::chrono::milliseconds(transport_.config.ws_silent_ms);
  silence_timer_.expires_at(heard_ + silent);
  silence_timer_.async_wait([self = shared_from_this(), silent](const beast::error_code& e) {
    if (e || self->closing_) return;
    if (std::chrono::steady_clock::now() - self->heard_ < silent) {
      self->watch_silence();  // heard from since: wait again from then
      return;
    }
    const int64_t ms = self->transport_.config.ws_silent_ms;
    self->close(
        fmt::format("silent for {}: no message, nor an answer to a ping",
                    ms % 1000 == 0 ? fmt::format("{} s", ms / 1000) : fmt::format("{} ms", ms)),
        websocket::close_code::policy_error, false);
  });
}

void WsSession::begin_message() {
  if (in_message_) return;
  in_message_ = true;
  message_timer_.expires_after(std::chrono::milliseconds(transport_.config.ws_message_ms));
  message_timer_.async_wait([self = shared_from_this()](const beast::error_code& e) {
    if (e || !self->in_message_) return;
    self->close_for_limit(fmt::format("message too slow: not complete within {} ms",
                                      self->transport_.config.ws_message_ms),
                          websocket::close_code::policy_error);
  });
}

void WsSession::count_frames(size_t frames, uint64_t announced) {
  heard_ = std::chrono::steady_clock::now();
  // A data frame's header says how long it is: one past the limit is refused before its payload
  // comes, and one begun is timed from its header (regression: a header alone, 5000 bytes
  // announced and none sent, was neither, and held its connection until the pings' timeout).
  if (!closing_ && announced > transport_.config.max_ws_message) {
    asio::post(ws_.get_executor(), [self = shared_from_this()] {
      self->close_for_limit("message too large", websocket::close_code::too_big);
    });
    return;
  }
  if (!closing_ && announced > 0) begin_message();
  if (closing_ || frames_.take(transport_.config.ws_frame_rate, transport_.config.ws_frame_burst,
                               steady_now_s(), static_cast<double>(frames))) {
    return;
  }
  // From now on a byte a second is read (the least the rate policy allows): the close frame goes
  // out, and the rest of a flood waits unparsed until the close deadline drops the connection
  // (else Beast's close parsed it all at the byte rate, looking for the peer's close frame).
  // What came with the upgrade request (32 KiB at most) is parsed whole: dropped, it could cut a
  // frame, whose rest Beast would read from the socket as the next.
  beast::get_lowest_layer(ws_).rate_policy().read_limit(0);
  // Posted: the count comes from within a read, which may not start another operation.
  asio::post(ws_.get_executor(), [self = shared_from_this()] { self->close_for_frames(); });
}

bool WsSession::passes_reserve(const std::string& text) {
  bool returning = false;
  if (!text.empty()) {
    transport_.call_hub(
        "reserve", [&](Hub& hub) { returning = hub.take_returning_player(text, steady_now_ms()); });
  }
  if (returning) {
    in_reserve_ = false;
    reserve_timer_.cancel();
    return true;
  }
  transport_.note_refusal();
  // A place of the reserve is not held for the close's usual 5 s more.
  close("server full: only players of games under way may connect now",
        websocket::close_code::try_again_later, false,
        std::min<int64_t>(transport_.config.close_deadline_ms, kReserveCloseMs));
  return false;
}

void WsSession::close_for_frames() {
  close_for_limit(
      fmt::format("rate limit: more than {} frames a second", transport_.config.ws_frame_rate),
      websocket::close_code::policy_error);
}

void WsSession::send(std::string text) {
  if (closing_ || finished_) return;
  if (out_bytes_ + text.size() > transport_.config.max_send_queue) {
    close_for_limit("too slow: too many messages waiting", websocket::close_code::policy_error);
    return;
  }
  out_bytes_ += text.size();
  out_.push_back(std::move(text));
  if (!writing_) write_next();
}

void WsSession::write_next() {
  if (out_.empty()) {
    if (closing_ && !close_started_) start_close();
    return;
  }
  if (close_started_) return;
  writing_ = true;
  ws_.text(true);
  ws_.async_write(
      asio::buffer(out_.front()),
      [self = shared_from_this()](const beast::error_code& ec, size_t) { self->on_write(ec); });
}

void WsSession::on_write(const beast::error_code& ec) {
  writing_ = false;
  if (ec || finished_) {
    abort();
    return;
  }
  out_bytes_ -= out_.front().size();
  out_.pop_front();
  write_next();
}

void WsSession::close(std::string reason, websocket::close_code code, bool flush,
                      int64_t deadline_ms) {
  if (closing_ || finished_) return;
  closing_ = true;
  reason_ = websocket::close_reason(code, fit_reason(std::move(reason)));
  kill_timer_.expires_after(std::chrono::milliseconds(
      deadline_ms >= 0 ? deadline_ms : transport_.config.close_deadline_ms));
  kill_timer_.async_wait([self = shared_from_this()](const beast::error_code& ec) {
    if (!ec) self->abort();
  });
  if (!flush) {
    // Only the message being written stays (Beast finishes a frame before the close frame).
    while (out_.size() > (writing_ ? 1u : 0u)) {
      out_bytes_ -= out_.back().size();
      out_.pop_back();
    }
    start_close();
  } else if (!writing_) {
    start_close();
  }
}

void WsSession::close_for_limit(std::string reason, websocket::close_code code) {
  if (closing_ || finished_) return;
  transport_.note(kRefusedWs, fmt::format("closed a WebSocket from {}: {}", client_, reason));
  close(std::move(reason), code, false);
}

void WsSession::start_close() {
  if (close_started_) return;
  close_started_ = true;
  ws_.async_close(reason_, [self = shared_from_this()](const beast::error_code&) {
    self->kill_timer_.cancel();
    self->finish();
  });
}

// The socket goes now: every pending operation completes with an error.
void WsSession::abort() {
  beast::error_code ignored;
  // Reset, not closed: what a slow reader never read is dropped with the socket, where a close
  // left it in the kernel for a minute or more (FIN-WAIT-1 with megabytes unsent).
  beast::get_lowest_layer(ws_).socket().set_option(asio::socket_base::linger(true, 0), ignored);
  // The stream's close, not only its socket's: it cancels a read waiting on the read rate too.
  beast::get_lowest_layer(ws_).close();
  out_.clear();
  out_bytes_ = 0;
  finish();
}

void WsSession::finish() {
  if (finished_) return;
  finished_ = true;
  closing_ = true;
  kill_timer_.cancel();
  message_timer_.cancel();
  reserve_timer_.cancel();
  silence_timer_.cancel();
  if (id_ == 0) return;
  transport_.remove_session(id_);
  transport_.call_hub("closed", [this](Hub& hub) { hub.closed(id_, steady_now_ms()); });
}

}  // namespace whist::server
