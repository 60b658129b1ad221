#include "server/request_guard.h"

#include <fmt/core.h>

#include <boost/asio/ip/address.hpp>

#include <algorithm>
#include <charconv>
#include <stdexcept>

namespace whist::server {

namespace {

// What of a header's value a message quotes: enough to recognise it, printable ASCII only, as
// the value is the client's and the message goes back in JSON.
constexpr size_t kShownBytes = 100;

std::string lowercase(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  });
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

std::string shown(std::string_view value) {
  std::string out;
  for (const char c : value.substr(0, kShownBytes)) {
    out += c >= 0x20 && c < 0x7f ? c : '?';
  }
  if (value.size() > kShownBytes) out += "...";
  return "'" + out + "'";
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_char(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'z') || c == '-' || c == '.' || c == '_';
}
bool is_address6_char(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || c == ':' || c == '.';
}

// A port's digits (1 to 5 of them, at most 65535).
std::optional<uint16_t> parse_port(std::string_view digits) {
  if (digits.empty() || digits.size() > 5 || !std::all_of(digits.begin(), digits.end(), is_digit)) {
    return std::nullopt;
  }
  unsigned value = 0;
  std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (value > 65535) return std::nullopt;
  return static_cast<uint16_t>(value);
}

// host[:port] of a URL's authority or a Host header, already lowercase; `why` says what is wrong.
std::optional<HostPort> parse_authority(std::string_view text, std::string& why) {
  HostPort out;
  std::string_view rest;
  if (text.starts_with('[')) {
    const size_t close = text.find(']');
    const std::string_view inside =
        close == std::string_view::npos ? "" : text.substr(1, close - 1);
    if (inside.empty() || !std::all_of(inside.begin(), inside.end(), is_address6_char)) {
      why = "an IPv6 address is written in brackets, [::1]";
      return std::nullopt;
    }
    out.host = text.substr(0, close + 1);
    rest = text.substr(close + 1);
  } else {
    const size_t colon = text.find(':');
    out.host = text.substr(0, colon);
    rest = colon == std::string_view::npos ? "" : text.substr(colon);
    if (out.host.empty() || !std::all_of(out.host.begin(), out.host.end(), is_name_char)) {
      why = "a host is a name or an address (letters, digits, '-', '.', '_')";
      return std::nullopt;
    }
  }
  if (rest.empty() || rest == ":") return out;  // "host:" has no port (RFC 3986)
  const auto port = rest.starts_with(':') ? parse_port(rest.substr(1)) : std::nullopt;
  if (!port || *port == 0) {
    why = "the port is a number from 1 to 65535";
    return std::nullopt;
  }
  out.port = port;
  return out;
}

uint16_t default_port(std::string_view scheme) { return scheme == "https" ? 443 : 80; }

// A host name as compared: one dot at its end (an absolute name) is the same name.
std::string_view without_final_dot(std::string_view host) {
  if (host.size() > 1 && host.back() == '.') host.remove_suffix(1);
  return host;
}

}  // namespace

std::string Origin::text() const {
  return port == default_port(scheme) ? scheme + "://" + host
                                      : fmt::format("{}://{}:{}", scheme, host, port);
}

std::optional<Origin> parse_origin(std::string_view text, std::string* why) {
  std::string reason;
  const auto fail = [&](std::string message) -> std::optional<Origin> {
    if (why != nullptr) *why = std::move(message);
    return std::nullopt;
  };
  const std::string lower = lowercase(trim(text));
  std::string_view rest = lower;
  Origin origin;
  if (rest.starts_with("http://")) {
    origin.scheme = "http";
  } else if (rest.starts_with("https://")) {
    origin.scheme = "https";
  } else {
    return fail("an origin is http://HOST[:PORT] or https://HOST[:PORT]");
  }
  rest.remove_prefix(origin.scheme.size() + 3);
  if (rest.ends_with('/')) rest.remove_suffix(1);
  if (rest.find_first_of("/?#@\\") != std::string_view::npos) {
    return fail("an origin has no path, query or user: scheme://host[:port] only");
  }
  const auto authority = parse_authority(rest, reason);
  if (!authority) return fail(std::move(reason));
  origin.host = authority->host;
  origin.port = authority->port.value_or(default_port(origin.scheme));
  return origin;
}

std::optional<HostPort> parse_host(std::string_view text) {
  std::string ignored;
  return parse_authority(lowercase(trim(text)), ignored);
}

bool is_loopback_host(std::string_view host) {
  host = without_final_dot(host);
  if (host == "localhost" || host.ends_with(".localhost")) return true;
  // An IPv6 literal however written ([::1], [0:0:0:0:0:0:0:1], [::ffff:127.0.0.1]): the server
  // takes any loopback address as loopback (regression: one on ::ffff:127.0.0.1 refused its own).
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') {
    boost::system::error_code ec;
    const boost::asio::ip::address a =
        boost::asio::ip::make_address(std::string(host.substr(1, host.size() - 2)), ec);
    if (ec || !a.is_v6()) return false;
    const boost::asio::ip::address_v6 v6 = a.to_v6();
    return v6.is_loopback() ||
           (v6.is_v4_mapped() &&
            boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6).is_loopback());
  }
  // An IPv4 address in 127.0.0.0/8, as browsers write it: four numbers from 0 to 255.
  int parts = 0;
  bool loopback = false;
  for (size_t start = 0; start <= host.size(); ++parts) {
    const size_t dot = std::min(host.find('.', start), host.size());
    const std::string_view part = host.substr(start, dot - start);
    if (part.empty() || part.size() > 3 || !std::all_of(part.begin(), part.end(), is_digit) ||
        std::stoi(std::string(part)) > 255) {
      return false;
    }
    if (parts == 0) loopback = part == "127";
    start = dot + 1;
  }
  return parts == 4 && loopback;
}

bool is_json_content_type(std::string_view value) {
  const std::string type = lowercase(trim(value.substr(0, value.find(';'))));
  return type == "application/json";
}

RequestGuard::RequestGuard(const std::vector<std::string>& allowed_origins,
                           const std::vector<std::string>& allowed_hosts, bool loopback_only)
    : loopback_only_(loopback_only) {
  for (const std::string& text : allowed_origins) {
    std::string why;
    const auto origin = parse_origin(text, &why);
    if (!origin) throw std::invalid_argument(fmt::format("allowed origin '{}': {}", text, why));
    origins_.insert(origin->text());
  }
  for (const std::string& text : allowed_hosts) {
    const auto host = parse_host(text);
    if (!host || host->port || text.empty()) {
      throw std::invalid_argument(
          fmt::format("allowed host '{}': a host name or address, without a port", text));
    }
    hosts_.insert(std::string(without_final_dot(host->host)));
  }
}

std::optional<Refusal> RequestGuard::check(const RequestOrigin& request) const {
  if (request.hosts.size() > 1) {
    return Refusal{400, "bad-request", "Host: more than one Host header (a request names one host)",
                   "Host"};
  }
  const std::string_view host_text = request.hosts.empty() ? "" : trim(request.hosts.front());
  const std::optional<HostPort> host = parse_host(host_text);
  // A request without Host (HTTP/1.0) comes from no browser: browsers always name the host.
  if (loopback_only_ && !host_text.empty() &&
      (!host || (!is_loopback_host(host->host) &&
                 hosts_.count(std::string(without_final_dot(host->host))) == 0))) {
    return Refusal{
        421, "host",
        fmt::format("Host: {} is not a loopback name or address, and the server listens on a "
                    "loopback address only: a page on another name reached it by pointing its "
                    "name there (DNS rebinding). A proxy in front of the server that keeps the "
                    "name needs whist serve --allow-host NAME",
                    shown(host_text)),
        "Host"};
  }
  if (request.origins.size() > 1) {
    return Refusal{403, "origin",
                   "Origin: more than one Origin header (a request comes from one page)", "Origin"};
  }
  if (!request.origins.empty()) {
    const std::string_view origin_text = request.origins.front();
    const std::optional<Origin> origin = parse_origin(origin_text);
    // A Host without a port asks for the default port of the page's scheme, as a browser
    // leaves it out of both.
    const bool own = origin && host && origin->host == host->host &&
                     origin->port == host->port.value_or(default_port(origin->scheme));
    if (!own && (!origin || origins_.count(origin->text()) == 0)) {
      return Refusal{
          403, "origin",
          fmt::format("Origin: {} is neither this server's origin (the Host asked for, {}) nor "
                      "one it allows (whist serve --allow-origin URL): pages of other sites may "
                      "not use it",
                      shown(origin_text), shown(host_text)),
          "Origin"};
    }
  }
  // POST alone: the hub reads no other method's body, and answers the others 405 (regression:
  // DELETE and PUT were told 415, where the protocol promises 405).
  if (request.api && request.method == "POST") {
    if (request.content_types.size() != 1 || !is_json_content_type(request.content_types[0])) {
      return Refusal{
          415, "content-type",
          fmt::format("Content-Type: an API request with a body must be application/json ({})",
                      request.content_types.empty() ? std::string("none was given")
                      : request.content_types.size() > 1
                          ? std::string("more than one was given")
                          : "not " + shown(request.content_types[0])),
          "Content-Type"};
    }
  }
  return std::nullopt;
}

}  // namespace whist::server
