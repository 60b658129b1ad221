// Where requests come from (server/request_guard.h): a page of another site, whose visitors'
// browsers send the server what it asks, spends nothing of their addresses' limits. API bodies
// must be application/json (415), a request or WebSocket carrying an Origin must come from the
// server's own origin or one allowed (403), and a server on the loopback answers only loopback
// names (421, DNS rebinding). Scripts and bots, which send no Origin, are not hindered.
#include <nlohmann/json.hpp>

#include "server/request_guard.h"
#include "server_client.h"

namespace whist::server_testing {

namespace {

using Headers = std::vector<std::pair<http::field, std::string>>;

// One request on a new connection with exactly these headers besides Content-Length (no Host
// unless given).
Response send(uint16_t port, http::verb verb, const std::string& target, const Headers& headers,
              const std::string& body = "") {
  http::request<http::string_body> req{verb, target, 11};
  for (const auto& [name, value] : headers) req.insert(name, value);
  req.body() = body;
  return round_trip(port, std::move(req));
}

std::string host_of(uint16_t port) { return "127.0.0.1:" + std::to_string(port); }

// The status of the answer to an upgrade to /ws with these headers (101: it upgraded), and the
// answer's body.
std::pair<unsigned, std::string> upgrade(uint16_t port, const std::string& host,
                                         const std::string& origin) {
  asio::io_context io;
  websocket::stream<Tcp::socket> ws(io);
  ws.next_layer().connect(local(port));
  ws.set_option(websocket::stream_base::decorator([&](websocket::request_type& req) {
    if (!origin.empty()) req.set(http::field::origin, origin);
  }));
  websocket::response_type res;
  beast::error_code ec;
  ws.handshake(res, host, "/ws", ec);
  if (!ec) ws.close(websocket::close_code::normal, ec);
  return {res.result_int(), res.body()};
}

nlohmann::json error_of(const Response& res) {
  const auto j = nlohmann::json::parse(res.body(), nullptr, false);
  return j.is_object() && j.contains("error") ? j["error"] : nlohmann::json();
}

constexpr const char* kGuest = R"({"name":"Ana"})";

// A guest asked for as a page of `origin` would, at the server asked for as `host`.
Response post_guest_from(uint16_t port, const std::string& host, const std::string& origin) {
  return send(port, http::verb::post, "/api/guests",
              {{http::field::host, host},
               {http::field::origin, origin},
               {http::field::content_type, "application/json"}},
              kGuest);
}

// The auditor's page: text/plain POSTs, which a browser sends from any site without asking the
// server (no CORS preflight), made 19 guests from its visitor's address, and the visitor was then
// refused one (429). Now each is refused, 415, and the address's 20 guests are all still there.
TEST(TransportOrigin, ApiBodiesMustBeJsonAndOthersSpendNothing) {
  RunningServer server(server::TransportConfig{});
  const std::string host = host_of(server.port());
  for (int i = 0; i < 25; ++i) {
    const Response res =
        send(server.port(), http::verb::post, "/api/guests",
             {{http::field::host, host}, {http::field::content_type, "text/plain"}}, kGuest);
    ASSERT_EQ(res.result_int(), 415) << i << " " << res.body();
    EXPECT_EQ(error_of(res)["code"], "content-type") << res.body();
    EXPECT_EQ(error_of(res)["field"], "Content-Type") << res.body();
    EXPECT_EQ(res[http::field::content_type], "application/json");
    EXPECT_EQ(res["X-Frame-Options"], "DENY");  // the usual headers
  }
  for (const char* type : {"application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                           "text/plain; charset=application/json", "application/jsonx", ""}) {
    const Response res =
        send(server.port(), http::verb::post, "/api/guests",
             {{http::field::host, host}, {http::field::content_type, type}}, kGuest);
    EXPECT_EQ(res.result_int(), 415) << type;
  }
  const Response none =
      send(server.port(), http::verb::post, "/api/guests", {{http::field::host, host}}, kGuest);
  EXPECT_EQ(none.result_int(), 415);
  EXPECT_NE(error_of(none)["message"].get<std::string>().find("none was given"), std::string::npos)
      << none.body();
  const Response twice = send(server.port(), http::verb::post, "/api/guests",
                              {{http::field::host, host},
                               {http::field::content_type, "application/json"},
                               {http::field::content_type, "text/plain"}},
                              kGuest);
  EXPECT_EQ(twice.result_int(), 415);
  // Regression: methods the API does not take were told 415, not the protocol's 405.
  for (const http::verb verb : {http::verb::delete_, http::verb::put, http::verb::options}) {
    const Response other =
        send(server.port(), verb, "/api/tables", {{http::field::host, host}}, "");
    EXPECT_EQ(other.result_int(), 405) << other.body();
  }
  // JSON, with a parameter or in capitals: all 20 of the address's guests are still to be made.
  for (int i = 0; i < 20; ++i) {
    const char* type = i % 3 == 0   ? "application/json"
                       : i % 3 == 1 ? "application/json; charset=utf-8"
                                    : "Application/JSON ;charset=UTF-8";
    ASSERT_EQ(send(server.port(), http::verb::post, "/api/guests",
                   {{http::field::host, host}, {http::field::content_type, type}}, kGuest)
                  .result_int(),
              201)
        << i << " " << type;
  }
  // GETs carry no body, and need no type.
  EXPECT_EQ(
      send(server.port(), http::verb::get, "/api/tables", {{http::field::host, host}}).result_int(),
      200);
}

TEST(TransportOrigin, RequestsFromAnotherSitesPageAreRefused) {
  RunningServer server(server::TransportConfig{});
  const std::string host = host_of(server.port());
  const auto post = [&](const std::string& origin) {
    return post_guest_from(server.port(), host, origin);
  };
  for (const std::string& origin : std::vector<std::string>{
           "http://evil.example", "http://evil.example:" + std::to_string(server.port()), "null",
           "http://127.0.0.1", "https://127.0.0.1:" + std::to_string(server.port() + 1),
           "http://localhost:" + std::to_string(server.port()), "file://", ""}) {
    for (int i = 0; i < 2; ++i) {  // past the 20 guests an address may make, were they made
      const Response res = post(origin);
      ASSERT_EQ(res.result_int(), 403) << origin << " " << res.body();
      EXPECT_EQ(error_of(res)["code"], "origin") << res.body();
      EXPECT_EQ(error_of(res)["field"], "Origin") << res.body();
    }
  }
  const Response named = post(R"(http://evil.example/"quoted\)");
  EXPECT_NE(error_of(named)["message"].get<std::string>().find(R"('http://evil.example/"quoted\')"),
            std::string::npos)
      << named.body();  // quoted as sent, and the answer still JSON
  // A GET too (the lobby's list, a file): a page of another site reads nothing.
  EXPECT_EQ(send(server.port(), http::verb::get, "/api/tables",
                 {{http::field::host, host}, {http::field::origin, "http://evil.example"}})
                .result_int(),
            403);
  EXPECT_EQ(send(server.port(), http::verb::get, "/",
                 {{http::field::host, host}, {http::field::origin, "http://evil.example"}})
                .result_int(),
            403);
  // Two Origins: which one the browser meant is not guessed.
  EXPECT_EQ(send(server.port(), http::verb::get, "/api/tables",
                 {{http::field::host, host},
                  {http::field::origin, "http://" + host},
                  {http::field::origin, "http://evil.example"}})
                .result_int(),
            403);
  // The server's own page, as a browser sends it (the Origin is the Host asked for), and a
  // script with no Origin: each of the address's 20 guests.
  for (int i = 0; i < 10; ++i) {
    ASSERT_EQ(post("http://" + host).result_int(), 201) << i;
    ASSERT_EQ(
        send(server.port(), http::verb::post, "/api/guests",
             {{http::field::host, host}, {http::field::content_type, "application/json"}}, kGuest)
            .result_int(),
        201)
        << i;
  }
  EXPECT_EQ(post("http://" + host).result_int(), 429);
}

// A WebSocket from another site's page is refused before it upgrades: it neither holds one of
// the address's WebSockets nor keeps a table's bots busy.
TEST(TransportOrigin, WebSocketsFromAnotherSitesPageAreRefused) {
  RunningServer server(server::TransportConfig{});
  const std::string host = host_of(server.port());
  for (const std::string& origin :
       std::vector<std::string>{"http://evil.example", "null", "https://" + host + ".evil"}) {
    const auto [status, body] = upgrade(server.port(), host, origin);
    EXPECT_EQ(status, 403) << origin;
    EXPECT_NE(body.find(R"("code":"origin")"), std::string::npos) << body;
  }
  EXPECT_EQ(upgrade(server.port(), host, "http://" + host).first, 101);
  EXPECT_EQ(upgrade(server.port(), host, "").first, 101);  // a bot
  WsClient client(server.port());
  client.send(R"({"type":"ping"})");
  EXPECT_EQ(client.receive(), R"({"type":"pong"})");
}

// An origin the operator allowed (a client served from another host): its pages may use the API
// and the WebSockets; any other is still refused.
TEST(TransportOrigin, AnAllowedOriginIsServed) {
  server::TransportConfig config;
  config.allowed_origins = {"http://localhost:5173", "HTTPS://Cards.Example:443/"};
  RunningServer server(config);
  const std::string host = host_of(server.port());
  const auto post = [&](const std::string& origin) {
    return post_guest_from(server.port(), host, origin).result_int();
  };
  EXPECT_EQ(post("http://localhost:5173"), 201);
  EXPECT_EQ(post("https://cards.example"), 201);
  EXPECT_EQ(post("http://localhost:5174"), 403);
  EXPECT_EQ(post("http://cards.example"), 403);
  EXPECT_EQ(upgrade(server.port(), host, "http://localhost:5173").first, 101);
  EXPECT_EQ(upgrade(server.port(), host, "http://localhost:5174").first, 403);
  config.allowed_origins = {"cards.example"};
  EXPECT_THROW(server::Transport{config}, std::invalid_argument);
}

// DNS rebinding: a page on evil.example whose name was pointed at 127.0.0.1 is, to the browser,
// the server's own origin. On a loopback address the server answers loopback names only (and
// those allowed), files, the API and upgrades alike.
TEST(TransportOrigin, OnTheLoopbackOnlyLoopbackNamesAreAnswered) {
  server::TransportConfig config;
  config.allowed_hosts = {"whist.example"};
  RunningServer server(config);
  const uint16_t port = server.port();
  const std::string p = ":" + std::to_string(port);
  for (const std::string& host :
       std::vector<std::string>{"evil.example" + p, "evil.example", "127.0.0.1.evil.example" + p,
                                "localhost.evil.example" + p, "10.0.0.1" + p, "0x7f.1" + p,
                                "cards.whist.example" + p, "bad host"}) {
    const Response res = send(port, http::verb::get, "/api/tables", {{http::field::host, host}});
    EXPECT_EQ(res.result_int(), 421) << host;
    EXPECT_EQ(error_of(res)["code"], "host") << res.body();
    EXPECT_EQ(error_of(res)["field"], "Host") << res.body();
    // Its own page's Origin does not help it.
    EXPECT_EQ(send(port, http::verb::post, "/api/guests",
                   {{http::field::host, host},
                    {http::field::origin, "http://" + host},
                    {http::field::content_type, "application/json"}},
                   kGuest)
                  .result_int(),
              421)
        << host;
    EXPECT_EQ(send(port, http::verb::get, "/", {{http::field::host, host}}).result_int(), 421);
    if (host != "bad host") {  // Beast's client sends no such Host
      EXPECT_EQ(upgrade(port, host, "http://" + host).first, 421) << host;
    }
  }
  for (const std::string& host :
       std::vector<std::string>{"127.0.0.1" + p, "127.0.0.1", "127.1.2.3" + p, "localhost" + p,
                                "LOCALHOST" + p, "localhost." + p, "game.localhost" + p,
                                "[::1]" + p, "whist.example" + p, "Whist.Example"}) {
    EXPECT_EQ(send(port, http::verb::get, "/api/tables", {{http::field::host, host}}).result_int(),
              200)
        << host;
    EXPECT_EQ(upgrade(port, host, "http://" + host).first, 101) << host;
  }
  // No Host (HTTP/1.0): no browser, so no rebinding.
  EXPECT_EQ(send(port, http::verb::get, "/api/tables", {}).result_int(), 200);
  EXPECT_EQ(send(port, http::verb::get, "/api/tables",
                 {{http::field::host, "127.0.0.1"}, {http::field::host, "evil.example"}})
                .result_int(),
            400);
}

// The checks themselves, where a socket cannot reach: a server on another address, default
// ports, and what is an origin.
TEST(RequestGuard, ComparesTheOriginWithTheHostAskedFor) {
  const server::RequestGuard guard({}, {}, false);
  const auto status = [&](std::string_view host, std::string_view origin) {
    server::RequestOrigin r;
    r.method = "GET";
    r.api = true;
    if (!host.empty()) r.hosts = {host};
    r.origins = {origin};
    const auto refusal = guard.check(r);
    return refusal ? refusal->status : 0;
  };
  // Behind a proxy that keeps the Host: the browser's Origin and Host agree, default port or not.
  EXPECT_EQ(status("whist.example", "https://whist.example"), 0);
  EXPECT_EQ(status("whist.example:443", "https://whist.example"), 0);
  EXPECT_EQ(status("whist.example", "https://whist.example:443"), 0);
  EXPECT_EQ(status("Whist.Example:8443", "https://whist.example:8443"), 0);
  EXPECT_EQ(status("whist.example", "http://whist.example"), 0);
  EXPECT_EQ(status("[2001:db8::1]:8080", "http://[2001:db8::1]:8080"), 0);
  // On another address any Host is answered (the operator chose to be reached by name).
  EXPECT_EQ(status("anything.example", "http://anything.example"), 0);
  EXPECT_EQ(status("whist.example", "https://whist.example:8443"), 403);
  EXPECT_EQ(status("whist.example:443", "http://whist.example"), 403);
  EXPECT_EQ(status("whist.example", "https://evil.example"), 403);
  EXPECT_EQ(status("whist.example", "https://whist.example.evil.example"), 403);
  EXPECT_EQ(status("", "https://whist.example"), 403);  // no Host to be the same as
  EXPECT_EQ(status("whist.example", "https://whist.example/path"), 403);
  EXPECT_EQ(status("whist.example", "https://user@whist.example"), 403);
}

TEST(RequestGuard, ReadsOriginsHostsAndContentTypes) {
  std::string why;
  EXPECT_EQ(server::parse_origin("http://localhost:5173")->text(), "http://localhost:5173");
  EXPECT_EQ(server::parse_origin("HTTPS://Example.COM:443/")->text(), "https://example.com");
  EXPECT_EQ(server::parse_origin("http://[::1]:80")->text(), "http://[::1]");
  for (const char* bad : {"example.com", "ftp://example.com", "http://", "http://a/b", "http://a:0",
                          "http://a:65536", "http://a:x", "http://a?b", "http://u@a", "null",
                          "http://[::1", "http://[zz]", "http://a b"}) {
    EXPECT_FALSE(server::parse_origin(bad, &why)) << bad;
    EXPECT_FALSE(why.empty()) << bad;
  }
  EXPECT_TRUE(server::is_loopback_host("localhost"));
  EXPECT_TRUE(server::is_loopback_host("127.255.0.1"));
  EXPECT_TRUE(server::is_loopback_host("a.b.localhost"));
  EXPECT_FALSE(server::is_loopback_host("localhost.example"));
  EXPECT_FALSE(server::is_loopback_host("127.0.0.1.example"));
  EXPECT_FALSE(server::is_loopback_host("127.0.0"));
  EXPECT_FALSE(server::is_loopback_host("127.0.0.256"));
  EXPECT_FALSE(server::is_loopback_host("[::2]"));
  // Regression: loopback IPv6 written otherwise was refused, so a server on ::ffff:127.0.0.1 or
  // given 0:0:0:0:0:0:0:1 by `whist load` answered its own clients 421.
  EXPECT_TRUE(server::is_loopback_host("[::1]"));
  EXPECT_TRUE(server::is_loopback_host("[0:0:0:0:0:0:0:1]"));
  EXPECT_TRUE(server::is_loopback_host("[::ffff:127.0.0.1]"));
  EXPECT_FALSE(server::is_loopback_host("[::ffff:10.0.0.1]"));
  EXPECT_FALSE(server::is_loopback_host("[127.0.0.1]"));
  EXPECT_FALSE(server::is_loopback_host("[::1"));
  EXPECT_FALSE(server::is_loopback_host(""));
  EXPECT_TRUE(server::is_json_content_type("application/json"));
  EXPECT_TRUE(server::is_json_content_type(" application/json ; charset=utf-8"));
  EXPECT_FALSE(server::is_json_content_type("text/plain"));
  EXPECT_FALSE(server::is_json_content_type("application/json-seq"));
  EXPECT_THROW(server::RequestGuard({"evil.example"}, {}, true), std::invalid_argument);
  EXPECT_THROW(server::RequestGuard({}, {"whist.example:80"}, true), std::invalid_argument);
  EXPECT_THROW(server::RequestGuard({}, {""}, true), std::invalid_argument);
}

}  // namespace

}  // namespace whist::server_testing
