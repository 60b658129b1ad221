// Behind a reverse proxy (whist serve --trusted-proxy): the client of a request relayed by a
// trusted proxy is the one its X-Forwarded-For names, for every limit by client: the API's rate,
// the guests and tables created, the WebSockets and the connections they hold, the IPv6 /64.
// Regression: the client was always the socket's peer, so behind nginx the whole site was one
// address (20 guests, then 429 for everyone).
#include <nlohmann/json.hpp>

#include "server/forwarded.h"
#include "server_client.h"

namespace whist::server_testing {

namespace {

using server::parse_forwarded_address;
using server::parse_network;
using server::ProxyTrust;

asio::ip::address ip(const std::string& text) { return asio::ip::make_address(text); }

TEST(TransportProxyNetworks, AddressesAndNetworksAreReadAndTyposRefused) {
  for (const char* text : {"127.0.0.1", "10.0.0.0/8", "0.0.0.0/0", "::1", "fd00::/8",
                           "2001:db8::/32", "::ffff:10.0.0.0/104", "192.168.1.0/24"}) {
    std::string why;
    EXPECT_TRUE(parse_network(text, &why)) << text << ": " << why;
  }
  const auto refused = [](const char* text) {
    std::string why;
    EXPECT_FALSE(parse_network(text, &why)) << text;
    return why;
  };
  EXPECT_EQ(refused("localhost"),
            "not an IP address or network (numeric: 10.0.0.0/8, 127.0.0.1, ::1; names are not "
            "resolved)");
  EXPECT_EQ(refused("10.0.0.0/33"), "the prefix after / must be a number from 0 to 32");
  EXPECT_EQ(refused("10.0.0.0/"), "the prefix after / must be a number from 0 to 32");
  EXPECT_EQ(refused("::/129"), "the prefix after / must be a number from 0 to 128");
  EXPECT_EQ(refused("10.1.0.0/8"), "it has bits set past the prefix /8: its network is 10.0.0.0/8");
  EXPECT_EQ(refused("2001:db8::1/64"),
            "it has bits set past the prefix /64: its network is 2001:db8::/64");
  EXPECT_EQ(refused(""), refused("localhost"));

  const ProxyTrust trust({"10.0.0.0/8", "::1", "fd00::/8"});
  EXPECT_TRUE(trust.trusts(ip("10.200.3.4")));
  EXPECT_TRUE(trust.trusts(ip("::ffff:10.200.3.4"))) << "an IPv4 peer of an IPv6 listener";
  EXPECT_FALSE(trust.trusts(ip("11.0.0.1")));
  EXPECT_TRUE(trust.trusts(ip("::1")));
  EXPECT_FALSE(trust.trusts(ip("::2")));
  EXPECT_TRUE(trust.trusts(ip("fdab::1")));
  EXPECT_FALSE(trust.trusts(ip("127.0.0.1")));
  EXPECT_THROW(ProxyTrust({"10.0.0.1/8"}), std::invalid_argument);
}

TEST(TransportProxyNetworks, ForwardedElementsAreAddressesPerhapsWithAPort) {
  EXPECT_EQ(parse_forwarded_address("203.0.113.7"), ip("203.0.113.7"));
  EXPECT_EQ(parse_forwarded_address("203.0.113.7:4711"), ip("203.0.113.7"));
  EXPECT_EQ(parse_forwarded_address("2001:db8::7"), ip("2001:db8::7"));
  EXPECT_EQ(parse_forwarded_address("[2001:db8::7]"), ip("2001:db8::7"));
  EXPECT_EQ(parse_forwarded_address("[2001:db8::7]:443"), ip("2001:db8::7"));
  for (const char* text : {"unknown", "", "example.org", "203.0.113.7:", "203.0.113.7:x",
                           "[203.0.113.7]", "[2001:db8::7", "[2001:db8::7]x", "_hidden"}) {
    EXPECT_FALSE(parse_forwarded_address(text)) << text;
  }
}

// The standard rule: each proxy appends the address it heard from, so the right-most address
// not of a trusted proxy is the first that a trusted one heard; whatever is left of it the
// client wrote.
TEST(TransportProxyNetworks, TheRightMostAddressNotOfATrustedProxyIsTheClient) {
  const ProxyTrust trust({"127.0.0.1", "10.0.0.0/8"});
  const auto client = [&](const std::string& peer, const std::vector<std::string_view>& xff) {
    std::string why;
    const auto address = trust.client_address(ip(peer), xff, &why);
    return address ? address->to_string() : "refused: " + why;
  };
  EXPECT_EQ(client("127.0.0.1", {"203.0.113.7"}), "203.0.113.7");
  EXPECT_EQ(client("127.0.0.1", {"198.51.100.1, 203.0.113.7"}), "203.0.113.7")
      << "the client's own claim, on the left, is not read";
  EXPECT_EQ(client("127.0.0.1", {"198.51.100.1, 203.0.113.7, 10.1.1.1"}), "203.0.113.7")
      << "a chain of trusted proxies";
  EXPECT_EQ(client("127.0.0.1", {"198.51.100.1", "203.0.113.7,10.1.1.1"}), "203.0.113.7")
      << "two headers are one list, in order";
  EXPECT_EQ(client("127.0.0.1", {"203.0.113.7", ""}), "203.0.113.7") << "empty elements";
  EXPECT_EQ(client("127.0.0.1", {"10.9.9.9, 10.1.1.1"}), "10.9.9.9")
      << "all trusted: the left-most";
  EXPECT_EQ(client("127.0.0.1", {}), "127.0.0.1") << "no header: the proxy itself";
  EXPECT_EQ(client("198.51.100.9", {"203.0.113.7"}), "198.51.100.9")
      << "an untrusted peer's header is ignored";
  EXPECT_EQ(client("127.0.0.1", {"garbage, 203.0.113.7"}), "203.0.113.7");
  EXPECT_EQ(client("127.0.0.1", {"203.0.113.7, garbage"}),
            "refused: X-Forwarded-For: 'garbage' is not an IP address, and it is the element "
            "that names the client (the right-most one not of a trusted proxy)");
  EXPECT_EQ(client("127.0.0.1", {"unknown\x1b[2J"}).substr(0, 44),
            "refused: X-Forwarded-For: 'unknown?[2J' is n");
}

// A request through the proxy, as `client` (its X-Forwarded-For; none if empty): its status and
// body.
Response relayed(uint16_t port, http::verb verb, const std::string& target,
                 const std::vector<std::string>& forwarded_for, const std::string& body = "") {
  http::request<http::string_body> req = api_request(verb, target, body);
  for (const std::string& value : forwarded_for) req.insert("X-Forwarded-For", value);
  return round_trip(port, std::move(req));
}

unsigned tables_status(uint16_t port, const std::vector<std::string>& forwarded_for) {
  return relayed(port, http::verb::get, "/api/tables", forwarded_for).result_int();
}

server::TransportConfig behind_proxy(const std::vector<std::string>& trusted) {
  server::TransportConfig config;
  config.trusted_proxies = trusted;
  config.api_rate = 0.001;  // a burst, then nothing for the test's length
  config.api_burst = 2;
  return config;
}

// Spends the API budget of the client `forwarded_for` names.
void spend_budget(uint16_t port, const std::vector<std::string>& forwarded_for) {
  for (int i = 0; i < 2; ++i) EXPECT_EQ(tables_status(port, forwarded_for), 200u) << i;
  EXPECT_EQ(tables_status(port, forwarded_for), 429u);
}

TEST(TransportProxy, EachForwardedClientHasItsOwnApiBudget) {
  RunningServer server(behind_proxy({"127.0.0.1"}));
  spend_budget(server.port(), {"203.0.113.7"});
  EXPECT_EQ(tables_status(server.port(), {"203.0.113.8"}), 200u) << "another client";
  EXPECT_EQ(tables_status(server.port(), {"198.51.100.1, 203.0.113.7"}), 429u)
      << "a claim of the client's own, left of what the proxy added, changes nothing";
  EXPECT_EQ(tables_status(server.port(), {"203.0.113.7", "127.0.0.1"}), 429u)
      << "a second header, a trusted hop";
  EXPECT_EQ(tables_status(server.port(), {}), 200u) << "the proxy's own requests, apart";
}

TEST(TransportProxy, AnUntrustedPeersForwardedForIsIgnored) {
  RunningServer server(behind_proxy({"10.0.0.0/8"}));
  spend_budget(server.port(), {"203.0.113.7"});
  EXPECT_EQ(tables_status(server.port(), {"203.0.113.8"}), 429u) << "the peer's budget";
  EXPECT_EQ(tables_status(server.port(), {}), 429u);
}

TEST(TransportProxy, ForwardedIPv6ClientsAreGroupedByTheir64) {
  RunningServer server(behind_proxy({"127.0.0.0/8"}));
  spend_budget(server.port(), {"2001:db8::1"});
  EXPECT_EQ(tables_status(server.port(), {"2001:db8::2"}), 429u) << "the same /64";
  EXPECT_EQ(tables_status(server.port(), {"[2001:db8:0:1::1]:443"}), 200u) << "another /64";
  EXPECT_EQ(tables_status(server.port(), {"::ffff:203.0.113.7"}), 200u);
  EXPECT_EQ(tables_status(server.port(), {"::ffff:203.0.113.7"}), 200u);
  EXPECT_EQ(tables_status(server.port(), {"203.0.113.7"}), 429u) << "mapped IPv4 is IPv4";
}

// Refused, naming the header, rather than counted as the proxy's (every client in one budget,
// silently): a proxy that appends what it heard from never sends this.
TEST(TransportProxy, AMalformedForwardedForFromATrustedProxyIsRefused) {
  RunningServer server(behind_proxy({"127.0.0.1"}));
  const Response r = relayed(server.port(), http::verb::get, "/api/tables", {"unknown"});
  EXPECT_EQ(r.result_int(), 400);
  const auto error = nlohmann::json::parse(r.body())["error"];
  EXPECT_EQ(error["code"], "bad-request");
  EXPECT_EQ(error["field"], "X-Forwarded-For");
  EXPECT_EQ(error["message"],
            "X-Forwarded-For: 'unknown' is not an IP address, and it is the element that names "
            "the client (the right-most one not of a trusted proxy)");
  EXPECT_EQ(tables_status(server.port(), {"unknown, 203.0.113.7"}), 200u);
  RunningServer untrusting(behind_proxy({}));
  EXPECT_EQ(tables_status(untrusting.port(), {"unknown"}), 200u) << "not read at all";
}

// The hub's limits (guests and tables created) are the forwarded client's too.
TEST(TransportProxy, GuestsCreatedAreCountedByForwardedClient) {
  server::TransportConfig config;
  config.trusted_proxies = {"127.0.0.1"};
  RunningServer server(config);
  const auto create = [&](const std::string& client) {
    return relayed(server.port(), http::verb::post, "/api/guests", {client}, R"({"name":"Ana"})")
        .result_int();
  };
  for (int i = 0; i < 20; ++i) ASSERT_EQ(create("203.0.113.7"), 201u) << i;
  EXPECT_EQ(create("203.0.113.7"), 429u);
  EXPECT_EQ(create("203.0.113.8"), 201u);
}

// A WebSocket through the proxy, as the client `forwarded_for` names.
std::unique_ptr<websocket::stream<Tcp::socket>> relayed_ws(asio::io_context& io, uint16_t port,
                                                           const std::string& forwarded_for) {
  auto ws = std::make_unique<websocket::stream<Tcp::socket>>(io);
  ws->next_layer().connect(local(port));
  ws->set_option(websocket::stream_base::decorator([forwarded_for](websocket::request_type& req) {
    req.set("X-Forwarded-For", forwarded_for);
  }));
  ws->handshake("127.0.0.1", "/ws");
  return ws;
}

// Whether the server answers a ping on `ws` (else it closed it: the reason in `reason`).
bool answers(websocket::stream<Tcp::socket>& ws, std::string& reason) {
  ws.write(asio::buffer(std::string(R"({"type":"ping"})")));
  beast::flat_buffer buffer;
  beast::error_code ec;
  ws.read(buffer, ec);
  reason.assign(ws.reason().reason.data(), ws.reason().reason.size());
  return !ec;
}

TEST(TransportProxy, WebSocketsAreCountedByForwardedClient) {
  server::TransportConfig config;
  config.trusted_proxies = {"127.0.0.1"};
  config.max_ws_per_client = 1;
  RunningServer server(config);
  asio::io_context io;
  std::string reason;
  auto first = relayed_ws(io, server.port(), "203.0.113.7");
  EXPECT_TRUE(answers(*first, reason));
  auto other = relayed_ws(io, server.port(), "203.0.113.8");
  EXPECT_TRUE(answers(*other, reason)) << reason;
  auto again = relayed_ws(io, server.port(), "203.0.113.7");
  EXPECT_FALSE(answers(*again, reason));
  EXPECT_EQ(reason, "too many connections: more than 1 WebSockets open from this address");
}

// At accept no header is read yet: a proxy's connections are not limited by address (each
// carries anyone's requests); a WebSocket, one client's for good, counts as that client's
// connection from its upgrade on.
TEST(TransportProxy, ConnectionsAreLimitedByForwardedClientOnceTheyAreWebSockets) {
  server::TransportConfig config;
  config.trusted_proxies = {"127.0.0.1"};
  config.max_connections_per_client = 1;
  config.max_ws_per_client = 0;
  RunningServer server(config);
  asio::io_context io;
  std::vector<Tcp::socket> idle;  // held open: the proxy's keep-alive connections
  for (int i = 0; i < 3; ++i) {
    idle.emplace_back(io);
    idle.back().connect(local(server.port()));
  }
  EXPECT_EQ(tables_status(server.port(), {"203.0.113.7"}), 200u)
      << "a fourth connection of the proxy's";
  std::string reason;
  auto first = relayed_ws(io, server.port(), "203.0.113.7");
  EXPECT_TRUE(answers(*first, reason)) << reason;
  auto other = relayed_ws(io, server.port(), "203.0.113.8");
  EXPECT_TRUE(answers(*other, reason)) << reason;
  auto again = relayed_ws(io, server.port(), "203.0.113.7");
  EXPECT_FALSE(answers(*again, reason));
  EXPECT_EQ(reason, "too many connections: more than 1 open from this address");
  first.reset();  // its place comes back: the client may connect again
  std::unique_ptr<websocket::stream<Tcp::socket>> back;
  for (int attempt = 0; attempt < 100; ++attempt) {
    back = relayed_ws(io, server.port(), "203.0.113.7");
    if (answers(*back, reason)) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(reason, "");
}

}  // namespace

}  // namespace whist::server_testing
