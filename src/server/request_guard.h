// Where a request comes from, checked before anything else is done for it (docs/protocol.md,
// "Where requests come from"). A page on another site can make its visitors' browsers send the
// server requests: "simple" ones (a POST of text/plain, a WebSocket) go without asking the server
// first, and each spends the per-address limits of the visitor's address (guests and tables
// created, connections, the bot threads a WebSocket keeps busy). So:
//
// - an API request with a body (anything but GET and HEAD) must say Content-Type:
//   application/json, which no page of another site can send without the server's leave (a CORS
//   preflight, which the server never grants);
// - a request that carries an Origin (every browser sends one with a WebSocket and with a
//   cross-site request) must come from the server's own origin, the host and port it was asked
//   for (Host), or from one the operator allowed. Scripts and bots send none, and pass;
// - on a loopback address the Host must be a loopback name or address (or one the operator
//   allowed): a page on another name that reached it had its name pointed at 127.0.0.1 (DNS
//   rebinding), and would otherwise be the server's own origin.
//
// No sockets here: the transport hands over the headers.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace whist::server {

// An origin, as a browser writes it in Origin: http or https, a host, a port.
struct Origin {
  std::string scheme;  // "http" or "https"
  std::string host;    // lowercase; an IPv6 address in its brackets
  uint16_t port = 0;   // the scheme's default (80, 443) when none is written
  // scheme://host[:port], the port left out when it is the scheme's default.
  std::string text() const;
};

// `text` as an origin: scheme://host[:port], nothing after but perhaps one "/" (as typed by an
// operator). Nothing, and why in `why`, if it is not one (another scheme, a path, a user, a
// port out of range, "null").
std::optional<Origin> parse_origin(std::string_view text, std::string* why = nullptr);

// A Host header: a host (lowercase; an IPv6 address in its brackets) and perhaps a port.
struct HostPort {
  std::string host;
  std::optional<uint16_t> port;
};
std::optional<HostPort> parse_host(std::string_view text);

// Whether `host` (lowercase, as parse_host gives it) names this machine's loopback: localhost,
// a name under .localhost (browsers resolve those to the loopback themselves), an address in
// 127.0.0.0/8, or [::1].
bool is_loopback_host(std::string_view host);

// Whether a Content-Type value is application/json, parameters (charset=utf-8) or not.
bool is_json_content_type(std::string_view value);

// What a request is refused with: an HTTP status and the error's code, message and field (the
// header at fault).
struct Refusal {
  int status = 0;
  std::string code;
  std::string message;
  std::string field;
};

// The headers that say where a request comes from, each value as received (a header sent twice
// has two).
struct RequestOrigin {
  std::string_view method;
  bool api = false;  // a request to /api/
  std::vector<std::string_view> hosts;
  std::vector<std::string_view> origins;
  std::vector<std::string_view> content_types;
};

class RequestGuard {
 public:
  // `allowed_origins`: origins besides the server's own whose pages may use it (parse_origin's
  // form); `allowed_hosts`: host names besides the loopback ones it answers to when
  // `loopback_only` (it listens on a loopback address). Throws std::invalid_argument naming a
  // value that is not an origin or a host name.
  RequestGuard(const std::vector<std::string>& allowed_origins,
               const std::vector<std::string>& allowed_hosts, bool loopback_only);

  // Why the request is refused, or nothing when it may go on.
  std::optional<Refusal> check(const RequestOrigin& request) const;

 private:
  std::set<std::string> origins_;  // Origin::text()
  std::set<std::string> hosts_;    // lowercase
  bool loopback_only_;
};

}  // namespace whist::server
