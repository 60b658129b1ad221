#include "server/ws_session.h"

#include <fmt/core.h>

#include "core/text.h"

namespace whist::server {

namespace {

// A close frame's reason fits in 123 bytes; cut at a character boundary.
std::string fit_reason(std::string reason) {
  constexpr size_t kMaxReason = 123;
  reason.resize(utf8_prefix(reason, kMaxReason));
  return reason;
}

}  // namespace

WsSession::WsSession(Transport::Impl& transport, beast::tcp_stream stream, ClientPlace connection,
                     std::optional<ClientPlace> websocket)
    : transport_(transport),
      ws_(std::move(stream)),
      kill_timer_(transport.io),
      bucket_(transport.config.ws_burst, steady_now_s()),
      connection_place_(std::move(connection)),
      ws_place_(std::move(websocket)) {}

void WsSession::start(HttpRequest request) {
  beast::get_lowest_layer(ws_).expires_never();  // the WebSocket's own timeouts take over
  websocket::stream_base::timeout timeouts{};
  timeouts.handshake_timeout = std::chrono::seconds(10);
  timeouts.idle_timeout = std::chrono::seconds(60);
  timeouts.keep_alive_pings = true;  // a silent peer is pinged; a dead one is dropped
  ws_.set_option(timeouts);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(http::field::server, "whist"); }));
  // Beast's own limit would close an oversized message without a reason, so the transport counts
  // the bytes itself (read_some below never buffers more than the limit and one byte).
  ws_.read_message_max(0);
  ws_.async_accept(
      request, [self = shared_from_this()](const beast::error_code& ec) { self->on_accept(ec); });
}

void WsSession::on_accept(const beast::error_code& ec) {
  if (ec) return;  // never opened: nothing to tell the hub
  if (transport_.stopping) {
    close("server shutting down", websocket::close_code::going_away, false);
    return;
  }
  if (!ws_place_) {
    close(fmt::format("too many connections: more than {} WebSockets open from this address",
                      transport_.config.max_ws_per_client),
          websocket::close_code::policy_error, false);
    return;
  }
  id_ = transport_.add_session(shared_from_this());
  transport_.call_hub("open", [this](Hub& hub) { hub.open(id_, steady_now_ms()); });
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
    close("message too large", websocket::close_code::too_big, false);
    return;
  }
  if (!ws_.is_message_done()) {
    read();
    return;
  }
  on_message();
  if (!close_started_) read();
}

void WsSession::on_message() {
  if (!ws_.got_text()) {
    close("only text messages are accepted", websocket::close_code::unknown_data, false);
    return;
  }
  if (!take_token()) {
    close(fmt::format("rate limit: more than {} messages a second", transport_.config.ws_rate),
          websocket::close_code::policy_error, false);
    return;
  }
  const std::string text = beast::buffers_to_string(in_.data());
  in_.clear();
  transport_.call_hub("message", [&](Hub& hub) { hub.message(id_, text, steady_now_ms()); });
}

bool WsSession::take_token() {
  return bucket_.take(transport_.config.ws_rate, transport_.config.ws_burst, steady_now_s());
}

void WsSession::send(std::string text) {
  if (closing_ || finished_) return;
  if (out_bytes_ + text.size() > transport_.config.max_send_queue) {
    close("too slow: too many messages waiting", websocket::close_code::policy_error, false);
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

void WsSession::close(std::string reason, websocket::close_code code, bool flush) {
  if (closing_ || finished_) return;
  closing_ = true;
  reason_ = websocket::close_reason(code, fit_reason(std::move(reason)));
  kill_timer_.expires_after(std::chrono::milliseconds(transport_.config.close_deadline_ms));
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
  beast::get_lowest_layer(ws_).socket().close(ignored);
  out_.clear();
  out_bytes_ = 0;
  finish();
}

void WsSession::finish() {
  if (finished_) return;
  finished_ = true;
  closing_ = true;
  kill_timer_.cancel();
  if (id_ == 0) return;
  transport_.remove_session(id_);
  transport_.call_hub("closed", [this](Hub& hub) { hub.closed(id_, steady_now_ms()); });
}

}  // namespace whist::server
