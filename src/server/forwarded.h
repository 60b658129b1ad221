// Who a request relayed by a reverse proxy comes from. Behind a proxy every connection's peer is
// the proxy, so the per-address limits (server/transport.h) would be one budget for the whole
// site: the proxies named by the operator (whist serve --trusted-proxy) are believed when they
// say, in X-Forwarded-For, whom they relay. Nobody else is: a client can write any
// X-Forwarded-For it likes, and would pick its own address (docs/deploy.md).
#pragma once

#include <boost/asio/ip/address.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace whist::server {

// An address, or a network of them: ADDRESS or ADDRESS/PREFIX, IPv4 or IPv6. An IPv4 one is kept
// as IPv4-mapped IPv6, so that a peer of an IPv6 listener written so matches it as well.
struct IpNetwork {
  boost::asio::ip::address_v6::bytes_type base{};
  int prefix = 128;  // of the 128 bits
  bool contains(const boost::asio::ip::address& address) const;
};

// `text` as a network (10.0.0.0/8, 127.0.0.1, ::1, fd00::/8). Nothing, and why in `why`, if it
// is not one: not numeric (a name would mean whatever it resolves to at the time), a prefix out
// of range, or bits set past the prefix (10.1.0.0/8 is a typo for 10.0.0.0/8 or 10.1.0.0/16).
std::optional<IpNetwork> parse_network(std::string_view text, std::string* why = nullptr);

// An element of X-Forwarded-For as an address: IPv4 or IPv6, in brackets or not, perhaps with a
// port (some proxies add it).
std::optional<boost::asio::ip::address> parse_forwarded_address(std::string_view text);

class ProxyTrust {
 public:
  // Throws std::invalid_argument naming a value that is not a network.
  explicit ProxyTrust(const std::vector<std::string>& networks);

  bool empty() const { return networks_.empty(); }
  bool trusts(const boost::asio::ip::address& peer) const;

  // Where a request from `peer` comes from: `peer` itself unless it is a trusted proxy; else,
  // of the X-Forwarded-For headers' values (in the order received, joined), the right-most
  // address that is not a trusted proxy's, each proxy having added the one it heard from at the
  // right; the left-most if they all are; `peer` if there are none. Whatever lies to the left
  // of that address was written by the client, and is not read. Nothing, and why in `why`, if
  // the element that decides is not an address.
  std::optional<boost::asio::ip::address> client_address(
      const boost::asio::ip::address& peer, const std::vector<std::string_view>& forwarded_for,
      std::string* why = nullptr) const;

 private:
  std::vector<IpNetwork> networks_;
};

}  // namespace whist::server
