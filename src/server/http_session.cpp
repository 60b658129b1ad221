// HTTP/1.1 on one connection: the API through the hub, the web client's files, the WebSocket
// upgrade. One request at a time (keep-alive, no pipelining in parallel), each read under a
// deadline so that idle connections do not pile up.
#include <fmt/core.h>

#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "server/transport_impl.h"
#include "server/ws_session.h"

namespace whist::server {

namespace {

constexpr auto kLinger = std::chrono::seconds(2);
constexpr size_t kHeaderLimit = 16 * 1024;
// What is read but not yet parsed. Beast's header_limit covers the request's header and
// body_limit the body's data, but neither a chunk's header line (its extensions) nor the trailer:
// unbounded, a few connections sending one endless chunk extension held hundreds of MB
// (regression). A flat_buffer with a maximum fails the read with buffer_overflow instead.
constexpr size_t kBufferLimit = 2 * kHeaderLimit;
// No page may frame the server's (clickjacking): frame-ancestors for browsers that read CSP,
// X-Frame-Options for the others. connect-src names ws: and wss: besides 'self', as Safari before
// 16 did not count the page's own host over ws: or wss: as 'self', and the client would not
// connect there.
constexpr std::string_view kCsp =
    "default-src 'self'; connect-src 'self' ws: wss:; frame-ancestors 'none'";
// A connection that is only to be refused, or that took one of the places kept for players, has
// this long to ask (a browser asks at once), not the idle timeout.
constexpr int64_t kUnservedTimeoutMs = 5000;
// When a client refused for want of room may try again.
constexpr int kRetryAfterS = 5;

void add_security_headers(http::fields& fields) {
  fields.set(http::field::server, "whist");
  fields.set("X-Content-Type-Options", "nosniff");
  fields.set("X-Frame-Options", "DENY");
  fields.set("Referrer-Policy", "no-referrer");
  fields.set("Content-Security-Policy", kCsp);
}

bool is_api(std::string_view target) { return target.starts_with("/api/"); }

// A JSON string of ASCII `text`: a message may quote what a client sent (RequestGuard keeps only
// its printable ASCII).
std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else {
      out += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
    }
  }
  return out + "\"";
}

// The hub's error shape, its keys in the hub's order.
std::string error_json(std::string_view code, std::string_view message, std::string_view field) {
  std::string out = "{\"error\":{\"code\":" + json_string(code);
  if (!field.empty()) out += ",\"field\":" + json_string(field);
  return out + ",\"message\":" + json_string(message) + "}}";
}

// The headers RequestGuard checks, every value of each.
RequestOrigin request_origin(const HttpRequest& request) {
  RequestOrigin out;
  out.method = request.method_string();
  out.api = is_api(request.target());
  const auto values = [&](http::field name) {
    std::vector<std::string_view> found;
    for (auto [it, end] = request.equal_range(name); it != end; ++it) found.push_back(it->value());
    return found;
  };
  out.hosts = values(http::field::host);
  out.origins = values(http::field::origin);
  out.content_types = values(http::field::content_type);
  return out;
}

std::string_view path_of(std::string_view target) {
  return target.substr(0, target.find_first_of("?#"));
}

// The message of the hub's error answer `body` (its shape: error_json), for the log.
std::string error_message(const std::string& body) {
  const auto j = nlohmann::json::parse(body, nullptr, false);
  if (j.is_object() && j.contains("error") && j["error"].is_object() &&
      j["error"].contains("message") && j["error"]["message"].is_string()) {
    return j["error"]["message"].get<std::string>();
  }
  return "(no message)";
}

}  // namespace

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(Transport::Impl& transport, Tcp::socket socket, ClientPlace place,
              Admission admission, std::optional<asio::ip::address> peer)
      : transport_(transport),
        stream_(std::move(socket)),
        place_(std::move(place)),
        peer_(peer),
        proxied_(peer && transport.proxies.trusts(*peer)),
        admission_(admission) {}

  void close_now() {
    if (handed_over_) return;
    beast::error_code ignored;
    stream_.socket().close(ignored);
  }

  void read() {
    parser_.emplace();
    parser_->body_limit(transport_.config.max_http_body);
    parser_->header_limit(kHeaderLimit);
    int64_t timeout_ms = transport_.config.http_timeout_ms;
    if (admission_ != Admission::Served) timeout_ms = std::min(timeout_ms, kUnservedTimeoutMs);
    stream_.expires_after(std::chrono::milliseconds(timeout_ms));
    http::async_read(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](const beast::error_code& ec, size_t) { self->on_read(ec); });
  }

 private:
  void on_read(const beast::error_code& ec) {
    if (ec == http::error::body_limit) {
      reply_error(
          http::status::payload_too_large, "too-large",
          fmt::format("the request body is larger than {} bytes", transport_.config.max_http_body),
          false);
      return;
    }
    if (ec == http::error::header_limit) {
      reply_error(http::status::request_header_fields_too_large, "too-large",
                  fmt::format("the request's header is larger than {} bytes", kHeaderLimit), false);
      return;
    }
    if (ec == http::error::buffer_overflow) {
      reply_error(
          http::status::bad_request, "too-large",
          fmt::format("a chunk's header or the trailer is larger than {} bytes", kBufferLimit),
          false);
      return;
    }
    if (ec && ec.category() == http::make_error_code(http::error::bad_target).category() &&
        ec != http::error::end_of_stream && ec != http::error::partial_message) {
      reply_error(http::status::bad_request, "bad-request", "malformed HTTP request", false);
      return;
    }
    if (ec) {  // the peer went away or stayed silent past the deadline
      beast::error_code ignored;
      stream_.socket().shutdown(Tcp::socket::shutdown_both, ignored);
      return;
    }
    HttpRequest request = parser_->release();
    const bool to_ws = websocket::is_upgrade(request) && path_of(request.target()) == "/ws";
    if (admission_ == Admission::Refused || (admission_ == Admission::Reserve && !to_ws)) {
      if (admission_ == Admission::Reserve) transport_.note_refusal();  // else said at accept
      auto res = error_response(http::status::service_unavailable, "full",
                                "the server has all the connections it can take; try again "
                                "in a few seconds");
      res.set(http::field::retry_after, std::to_string(kRetryAfterS));
      write(std::move(res), false);
      return;
    }
    // A refused upgrade closes: the client sends WebSocket frames next, not a request.
    const bool keep_alive_if_refused =
        request.keep_alive() && !websocket::is_upgrade(request) && !transport_.stopping;
    // Each request anew: a proxy's connection carries the requests of any of its clients.
    std::string why;
    if (auto client = transport_.client_of(peer_, request, &why)) {
      client_ = std::move(*client);
    } else {
      // Refused rather than counted as the proxy's: that would put every client of the proxy
      // in one budget, silently; a proxy that appends the address it heard from never sends
      // this, so it says the proxy is set up wrong.
      transport_.note(kRefusedForwarded,
                      fmt::format("400 to a request relayed by {}: {}", peer_->to_string(), why));
      write(error_response(http::status::bad_request, "bad-request", why, "X-Forwarded-For"),
            keep_alive_if_refused);
      return;
    }
    // Before the API's rate and the hub's limits count it: a page of another site makes its
    // visitors send such requests, which are not to spend their addresses' budgets.
    if (const auto refusal = transport_.guard.check(request_origin(request))) {
      transport_.note(kRefusedOrigin, fmt::format("{} {} to {}: {}", refusal->status, refusal->code,
                                                  client_, refusal->message));
      write(error_response(static_cast<http::status>(refusal->status), refusal->code,
                           refusal->message, refusal->field),
            keep_alive_if_refused);
      return;
    }
    if (websocket::is_upgrade(request)) {
      if (path_of(request.target()) == "/ws" && transport_.stopping) {
        reply_error(http::status::service_unavailable, "shutting-down", "the server is stopping",
                    false);
      } else if (path_of(request.target()) == "/ws") {
        // Past the client's limits the session closes at once, with the reason.
        std::string refusal;
        if (proxied_) {
          // A proxy's connection, now one client's for good: counted as the client's, under
          // its limit, in place of the proxy's (the proxy's are not limited).
          if (auto own = ClientPlace::take(transport_.connections_by_client, client_,
                                           transport_.config.max_connections_per_client)) {
            place_ = std::move(*own);
          } else {
            refusal = fmt::format("too many connections: more than {} open from this address",
                                  transport_.config.max_connections_per_client);
          }
        }
        std::optional<ClientPlace> ws_place;
        if (refusal.empty()) {
          ws_place = ClientPlace::take(transport_.ws_by_client, client_,
                                       transport_.config.max_ws_per_client);
          if (!ws_place) {
            refusal =
                fmt::format("too many connections: more than {} WebSockets open from this address",
                            transport_.config.max_ws_per_client);
          }
        }
        if (!refusal.empty()) {
          transport_.note(kRefusedClient, fmt::format("closed a WebSocket from {} as it opened: {}",
                                                      client_, refusal));
        }
        handed_over_ = true;
        auto session = std::make_shared<WsSession>(
            transport_, std::move(stream_), std::move(place_), std::move(ws_place),
            std::move(refusal), client_, admission_ == Admission::Reserve);
        // What the client sent after the request, read with it, is the WebSocket's first.
        session->start(std::move(request), beast::buffers_to_string(buffer_.data()));
        buffer_.clear();
      } else {
        reply_error(http::status::not_found, "not-found", "no WebSocket here", false);
      }
      return;
    }
    handle(request);
  }

  void handle(const HttpRequest& request) {
    const bool keep_alive = request.keep_alive() && !transport_.stopping;
    const std::string_view target = request.target();
    if (is_api(target)) {
      if (!client_.empty() && !transport_.api_limit.allow(client_, steady_now_s())) {
        const std::string message = fmt::format(
            "more than {} API requests a second from this address", transport_.config.api_rate);
        transport_.note(kRefusedRate, fmt::format("429 to {}: {} (--api-rate)", client_, message));
        reply_error(http::status::too_many_requests, "rate-limit", message, keep_alive);
        return;
      }
      HttpReply reply;
      const bool ok = transport_.call_hub("http", [&](Hub& hub) {
        reply = hub.http(request.method_string(), target, request.body(), steady_now_ms(), client_);
      });
      if (!ok) {
        reply_error(http::status::internal_server_error, "internal", "internal error", keep_alive);
        return;
      }
      if (reply.status < 100 || reply.status > 599) {
        log_error("http", "the hub answered status " + std::to_string(reply.status));
        reply_error(http::status::internal_server_error, "internal", "internal error", keep_alive);
        return;
      }
      if (reply.status == 429) {
        // The path without its query; tokens travel in bodies, never in paths.
        transport_.note(kRefusedRate,
                        fmt::format("429 to {} for {} {}: {}", client_, request.method_string(),
                                    path_of(target), error_message(reply.body)));
      }
      http::response<http::string_body> res;
      res.result(static_cast<unsigned>(reply.status));
      res.set(http::field::content_type, reply.content_type);
      res.set(http::field::cache_control, "no-store");
      res.body() = std::move(reply.body);
      write(std::move(res), keep_alive);
      return;
    }
    if (path_of(target) == "/ws") {
      reply_error(http::status::upgrade_required, "upgrade-required", "/ws is a WebSocket endpoint",
                  keep_alive);
      return;
    }
    if (request.method() != http::verb::get && request.method() != http::verb::head) {
      http::response<http::string_body> res{http::status::method_not_allowed, 11};
      res.set(http::field::allow, "GET, HEAD");
      res.set(http::field::content_type, "text/plain; charset=utf-8");
      res.body() = "method not allowed\n";
      write(std::move(res), keep_alive);
      return;
    }
    serve_file(target, request.method() == http::verb::head, keep_alive);
  }

  void serve_file(std::string_view target, bool head, bool keep_alive) {
    const auto path = transport_.files.resolve(target);
    http::file_body::value_type body;
    beast::error_code ec;
    if (path) body.open(path->c_str(), beast::file_mode::scan, ec);
    if (!path || ec) {
      http::response<http::string_body> res{http::status::not_found, 11};
      res.set(http::field::content_type, "text/plain; charset=utf-8");
      res.body() = "not found\n";
      write(std::move(res), keep_alive);
      return;
    }
    const auto size = body.size();
    const std::string_view type = content_type_for(*path);
    if (head) {
      http::response<http::empty_body> res{http::status::ok, 11};
      res.set(http::field::content_type, type);
      res.content_length(size);
      write(std::move(res), keep_alive);
      return;
    }
    http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                        std::make_tuple(http::status::ok, 11)};
    res.set(http::field::content_type, type);
    write(std::move(res), keep_alive);
  }

  static http::response<http::string_body> error_response(http::status status,
                                                          std::string_view code,
                                                          std::string_view message,
                                                          std::string_view field = {}) {
    http::response<http::string_body> res{status, 11};
    res.set(http::field::content_type, "application/json");
    res.set(http::field::cache_control, "no-store");
    res.body() = error_json(code, message, field);
    return res;
  }

  void reply_error(http::status status, std::string_view code, std::string_view message,
                   bool keep_alive) {
    write(error_response(status, code, message), keep_alive);
  }

  template <class Body>
  void write(http::response<Body>&& res, bool keep_alive) {
    add_security_headers(res);
    res.keep_alive(keep_alive);
    // A HEAD answer (empty_body) keeps the length of the file it stands for.
    if constexpr (!std::is_same_v<Body, http::empty_body>) res.prepare_payload();
    // The response lives in the handler until the write is done.
    auto owned = std::make_shared<http::response<Body>>(std::move(res));
    stream_.expires_after(std::chrono::milliseconds(transport_.config.http_timeout_ms));
    http::async_write(stream_, *owned,
                      [self = shared_from_this(), owned](const beast::error_code& ec, size_t) {
                        self->on_write(ec, owned->keep_alive());
                      });
  }

  void on_write(const beast::error_code& ec, bool keep_alive) {
    if (!ec && keep_alive) {
      read();
      return;
    }
    beast::error_code ignored;
    stream_.socket().shutdown(Tcp::socket::shutdown_send, ignored);
    if (!ec) linger();
  }

  // Reads and drops what the peer still sends (the rest of a refused body) until it closes, for
  // a little while: closing a socket with unread data resets it, and the peer could lose the
  // answer.
  void linger() {
    stream_.expires_after(kLinger);
    linger_more();
  }
  void linger_more() {
    stream_.async_read_some(asio::buffer(scratch_),
                            [self = shared_from_this()](const beast::error_code& ec, size_t) {
                              if (!ec) self->linger_more();
                            });
  }

  Transport::Impl& transport_;
  Stream stream_;
  beast::flat_buffer buffer_{kBufferLimit};
  std::optional<http::request_parser<http::string_body>> parser_;
  std::array<char, 4096> scratch_{};
  bool handed_over_ = false;  // to a WebSocket session, with the stream and the place
  ClientPlace place_;         // in the connections of its client
  const std::optional<asio::ip::address> peer_;  // nothing if it was gone at once
  const bool proxied_;                           // the peer is a trusted proxy
  // The client_key of the request being served (Transport::Impl::client_of); empty if the peer
  // was gone at once.
  std::string client_;
  const Admission admission_;
};

void start_http_session(Transport::Impl& transport, Tcp::socket socket, ClientPlace place,
                        Admission admission, std::optional<asio::ip::address> peer) {
  auto session = std::make_shared<HttpSession>(transport, std::move(socket), std::move(place),
                                               admission, peer);
  transport.add_http_session(session);
  session->read();
}

void close_http_session(HttpSession& session) { session.close_now(); }

}  // namespace whist::server
