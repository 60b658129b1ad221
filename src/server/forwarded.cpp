#include "server/forwarded.h"

#include <fmt/core.h>

#include <algorithm>
#include <boost/asio/ip/address.hpp>
#include <stdexcept>

namespace whist::server {

namespace asio = boost::asio;

namespace {

using Bytes = asio::ip::address_v6::bytes_type;

// IPv4 as IPv4-mapped IPv6: one form to compare, whichever way a peer or a network is written.
Bytes as_v6_bytes(const asio::ip::address& address) {
  if (address.is_v4()) {
    return asio::ip::make_address_v6(asio::ip::v4_mapped, address.to_v4()).to_bytes();
  }
  return address.to_v6().to_bytes();
}

bool bit_set(const Bytes& bytes, int i) { return ((bytes[i / 8] >> (7 - i % 8)) & 1) != 0; }

bool all_digits(std::string_view text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::optional<asio::ip::address> numeric_address(std::string_view text) {
  boost::system::error_code ec;
  const auto address = asio::ip::make_address(std::string(text), ec);
  if (ec) return std::nullopt;
  return address;
}

// What a client wrote, as an error may quote it: printable ASCII, cut short.
std::string printable_quote(std::string_view text) {
  constexpr size_t kMax = 64;
  std::string out;
  for (const char c : text.substr(0, kMax)) out += c >= 0x20 && c < 0x7f ? c : '?';
  if (text.size() > kMax) out += "...";
  return "'" + out + "'";
}

std::string_view trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t") + 1 - first);
}

}  // namespace

bool IpNetwork::contains(const asio::ip::address& address) const {
  const Bytes bytes = as_v6_bytes(address);
  for (int i = 0; i < prefix; ++i) {
    if (bit_set(bytes, i) != bit_set(base, i)) return false;
  }
  return true;
}

std::optional<IpNetwork> parse_network(std::string_view text, std::string* why) {
  const auto fail = [&](std::string reason) -> std::optional<IpNetwork> {
    if (why != nullptr) *why = std::move(reason);
    return std::nullopt;
  };
  const size_t slash = text.find('/');
  const auto address = numeric_address(text.substr(0, slash));
  if (!address) {
    return fail(
        "not an IP address or network (numeric: 10.0.0.0/8, 127.0.0.1, ::1; names are "
        "not resolved)");
  }
  const int bits = address->is_v4() ? 32 : 128;
  int prefix = bits;
  if (slash != std::string_view::npos) {
    const std::string_view digits = text.substr(slash + 1);
    if (!all_digits(digits) || digits.size() > 3 || std::stoi(std::string(digits)) > bits) {
      return fail(fmt::format("the prefix after / must be a number from 0 to {}", bits));
    }
    prefix = std::stoi(std::string(digits));
  }
  IpNetwork network;
  network.base = as_v6_bytes(*address);
  network.prefix = prefix + (128 - bits);
  for (int i = network.prefix; i < 128; ++i) {
    if (!bit_set(network.base, i)) continue;
    // A typo more likely than a network meant so: say which network the prefix makes.
    Bytes masked = network.base;
    for (int j = network.prefix; j < 128; ++j) masked[j / 8] &= ~(1u << (7 - j % 8)) & 0xff;
    const asio::ip::address_v6 v6(masked);
    const std::string base = address->is_v4()
                                 ? asio::ip::make_address_v4(asio::ip::v4_mapped, v6).to_string()
                                 : v6.to_string();
    return fail(fmt::format("it has bits set past the prefix /{}: its network is {}/{}", prefix,
                            base, prefix));
  }
  return network;
}

std::optional<asio::ip::address> parse_forwarded_address(std::string_view text) {
  if (text.starts_with('[')) {
    const size_t close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    const std::string_view rest = text.substr(close + 1);
    if (!rest.empty() && !(rest.starts_with(':') && all_digits(rest.substr(1)))) {
      return std::nullopt;
    }
    const auto address = numeric_address(text.substr(1, close - 1));
    if (!address || !address->is_v6()) return std::nullopt;
    return address;
  }
  // One colon: IPv4 and a port (an IPv6 address has two at least).
  if (const size_t colon = text.find(':');
      colon != std::string_view::npos && text.find(':', colon + 1) == std::string_view::npos) {
    if (!all_digits(text.substr(colon + 1))) return std::nullopt;
    const auto address = numeric_address(text.substr(0, colon));
    if (!address || !address->is_v4()) return std::nullopt;
    return address;
  }
  return numeric_address(text);
}

ProxyTrust::ProxyTrust(const std::vector<std::string>& networks) {
  for (const std::string& text : networks) {
    std::string why;
    const auto network = parse_network(text, &why);
    if (!network)
      throw std::invalid_argument(fmt::format("trusted proxy {}: {}", printable_quote(text), why));
    networks_.push_back(*network);
  }
}

bool ProxyTrust::trusts(const asio::ip::address& peer) const {
  return std::any_of(networks_.begin(), networks_.end(),
                     [&](const IpNetwork& network) { return network.contains(peer); });
}

std::optional<asio::ip::address> ProxyTrust::client_address(
    const asio::ip::address& peer, const std::vector<std::string_view>& forwarded_for,
    std::string* why) const {
  if (!trusts(peer)) return peer;
  // Several headers are one list, in the order received (RFC 9110, 5.3); empty elements are
  // allowed in a list, and skipped.
  std::vector<std::string_view> elements;
  for (std::string_view value : forwarded_for) {
    for (;;) {
      const size_t comma = value.find(',');
      if (const auto element = trim(value.substr(0, comma)); !element.empty()) {
        elements.push_back(element);
      }
      if (comma == std::string_view::npos) break;
      value.remove_prefix(comma + 1);
    }
  }
  for (size_t i = elements.size(); i-- > 0;) {
    const auto address = parse_forwarded_address(elements[i]);
    if (!address) {
      if (why != nullptr) {
        *why = fmt::format(
            "X-Forwarded-For: {} is not an IP address, and it is the element that names the "
            "client (the right-most one not of a trusted proxy)",
            printable_quote(elements[i]));
      }
      return std::nullopt;
    }
    if (i == 0 || !trusts(*address)) return address;
  }
  return peer;
}

}  // namespace whist::server
