// The transport's limit on connections from all clients together: past it newcomers are answered
// 503 (HTTP and WebSocket upgrades alike) and nobody already in is closed; its last places are
// kept for players of games under way coming back; and the limit file descriptors allow.
#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>

#include "server_client.h"

namespace whist::server_testing {

namespace {

// The status of the answer to an upgrade to /ws (101: it upgraded).
unsigned upgrade_status(uint16_t port) {
  asio::io_context io;
  websocket::stream<Tcp::socket> ws(io);
  ws.next_layer().connect(local(port));
  websocket::response_type res;
  beast::error_code ec;
  ws.handshake(res, "127.0.0.1", "/ws", ec);
  return res.result_int();
}

// A WebSocket the server took in whose first message `first` is answered with what `answered`
// accepts (a place comes back a moment after a connection closes, so a few tries).
template <class Answered>
std::unique_ptr<WsClient> ws_answering(uint16_t port, const std::string& first, Answered answered) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    try {
      auto client = std::make_unique<WsClient>(port);
      client->send(first);
      if (const auto answer = client->receive(); answer && answered(*answer)) return client;
    } catch (const std::exception&) {  // refused before it upgraded
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return nullptr;
}

std::unique_ptr<WsClient> served_ws(uint16_t port) {
  return ws_answering(port, R"({"type":"ping"})",
                      [](const std::string& answer) { return answer == R"({"type":"pong"})"; });
}

// A WebSocket the server upgraded, whatever it does next (a place comes back a moment after a
// connection closes, so a few tries); null if none was.
std::unique_ptr<WsClient> upgraded_ws(uint16_t port) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    try {
      return std::make_unique<WsClient>(port);
    } catch (const std::exception&) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  return nullptr;
}

bool welcomes_a_player(const std::string& answer) {
  const auto j = nlohmann::json::parse(answer, nullptr, false);
  return j.is_object() && j["type"] == "welcome" && j["role"] == "player";
}

// The hello of a guest seated at a new game under way against three bots; "" if it went wrong.
std::string hello_at_a_game_under_way(uint16_t port) {
  const std::string token = nlohmann::json::parse(
      fetch(port, http::verb::post, "/api/guests", R"({"name":"Ana"})").body())["token"];
  const std::string table = nlohmann::json::parse(
      fetch(port, http::verb::post, "/api/tables",
            nlohmann::json{{"token", token},
                           {"variant", "romanian"},
                           {"seats", {"human", "heuristic", "heuristic", "heuristic"}}}
                .dump())
          .body())["id"];
  fetch(port, http::verb::post, "/api/tables/" + table + "/join",
        nlohmann::json{{"token", token}, {"seat", 0}}.dump());
  const auto state =
      nlohmann::json::parse(fetch(port, http::verb::get, "/api/tables/" + table).body())["state"];
  if (state != "playing") return "";
  return nlohmann::json{{"type", "hello"}, {"table", table}, {"token", token}}.dump();
}

// A server with a game under way (`hello` is its player's) and two spectators, who take every
// place outside the players' reserve.
struct NearlyFull {
  RunningServer server;
  std::string hello;
  std::vector<std::unique_ptr<WsClient>> spectators;

  NearlyFull(int max_connections, int player_reserve)
      : server([&] {
          server::TransportConfig config;
          config.max_connections = max_connections;
          config.player_reserve = player_reserve;
          return config;
        }()) {
    hello = hello_at_a_game_under_way(port());
    for (int i = 0; i < 2; ++i) spectators.push_back(served_ws(port()));
  }
  uint16_t port() { return server.port(); }
  bool ready() const {
    return !hello.empty() && std::all_of(spectators.begin(), spectators.end(),
                                         [](const auto& s) { return s != nullptr; });
  }
};

// The status of GET path once the server answers it otherwise than 503, or 503.
unsigned fetch_when_room(uint16_t port, const std::string& path) {
  unsigned status = 0;
  for (int attempt = 0; attempt < 100; ++attempt) {
    status = fetch(port, http::verb::get, path).result_int();
    if (status != 503) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return status;
}

// Regression: connections were limited per client address only, so enough addresses could take
// every file descriptor, and then accepts failed for everyone.
TEST(TransportTotalLimit, PastItRequestsAndUpgradesAre503AndNobodyInIsClosed) {
  server::TransportConfig config;
  config.max_connections = 3;
  config.player_reserve = 0;
  RunningServer server(config);
  std::vector<std::unique_ptr<WsClient>> in;
  for (int i = 0; i < 3; ++i) {
    in.push_back(served_ws(server.port()));
    ASSERT_NE(in.back(), nullptr) << i;
  }
  const Response refused = fetch(server.port(), http::verb::get, "/api/tables");
  EXPECT_EQ(refused.result_int(), 503);
  EXPECT_EQ(refused[http::field::retry_after], "5");
  EXPECT_EQ(nlohmann::json::parse(refused.body())["error"]["code"], "full");
  EXPECT_EQ(upgrade_status(server.port()), 503u);
  for (auto& client : in) {  // still served
    client->send(R"({"type":"ping"})");
    EXPECT_EQ(client->receive(), R"({"type":"pong"})");
  }
  in.front()->ws().close(websocket::close_code::normal);
  in.front()->drain();
  EXPECT_EQ(fetch_when_room(server.port(), "/api/tables"), 200u);
}

// The last places are for players of games under way coming back: there a request is refused, a
// WebSocket whose first message is anything but such a player's hello is closed with the reason,
// and a player's is welcomed.
TEST(TransportTotalLimit, ItsReserveTakesOnlyPlayersOfGamesUnderWay) {
  NearlyFull full(3, 1);
  ASSERT_TRUE(full.ready());
  const uint16_t port = full.port();
  const std::string& hello = full.hello;
  auto& spectators = full.spectators;
  EXPECT_EQ(fetch(port, http::verb::get, "/api/tables").result_int(), 503);
  // A newcomer is upgraded (once the refused request's place has come back), then closed at its
  // first message, with the reason.
  auto newcomer = upgraded_ws(port);
  ASSERT_NE(newcomer, nullptr);
  newcomer->send(R"({"type":"ping"})");
  EXPECT_EQ(newcomer->poll(std::chrono::seconds(5)), std::nullopt);
  EXPECT_TRUE(newcomer->closed());
  EXPECT_EQ(newcomer->reason().code, websocket::close_code::try_again_later);
  EXPECT_EQ(std::string(newcomer->reason().reason.c_str()),
            "server full: only players of games under way may connect now");
  newcomer.reset();
  const auto player = ws_answering(port, hello, welcomes_a_player);
  ASSERT_NE(player, nullptr);
  EXPECT_EQ(upgrade_status(port), 503u);  // all three places taken
  for (auto& spectator : spectators) {
    spectator->send(R"({"type":"ping"})");
    EXPECT_EQ(spectator->receive(), R"({"type":"pong"})");
  }
}

// A seat takes one place of the reserve: the reserve is for players coming back, and a seat
// with a connection open is not (regression: one seat's hello, sent on connection after
// connection, was welcomed on each, and one player held the whole reserve).
TEST(TransportTotalLimit, ItsReserveTakesASeatOnce) {
  // Two places outside the reserve: an HTTP connection closing may hold one a moment.
  NearlyFull full(4, 2);
  ASSERT_TRUE(full.ready());
  const uint16_t port = full.port();
  const std::string& hello = full.hello;
  const auto player = ws_answering(port, hello, welcomes_a_player);
  ASSERT_NE(player, nullptr);
  // The same seat again, in the reserve's last place: closed, with the reason.
  auto again = upgraded_ws(port);
  ASSERT_NE(again, nullptr);
  again->send(hello);
  EXPECT_EQ(again->poll(std::chrono::seconds(5)), std::nullopt);
  EXPECT_TRUE(again->closed());
  EXPECT_EQ(again->reason().code, websocket::close_code::try_again_later);
  // The player's first connection goes on (past the states it is sent).
  player->send(R"({"type":"ping"})");
  bool ponged = false;
  for (int i = 0; i < 20 && !ponged; ++i) {
    const auto answer = player->receive();
    ASSERT_TRUE(answer.has_value());
    ponged = *answer == R"({"type":"pong"})";
  }
  EXPECT_TRUE(ponged);
}

// A connection in the reserve that says nothing is closed at 3 s and dropped a second later
// (regression: the close waited the usual 5 s for the peer's close frame, holding the place 8 s).
TEST(TransportTotalLimit, ASilentConnectionInTheReserveIsGoneWithinFourSeconds) {
  NearlyFull full(3, 1);
  ASSERT_TRUE(full.ready());
  const std::string upgrade =
      "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
  for (int attempt = 0; attempt < 100; ++attempt) {
    const auto start = std::chrono::steady_clock::now();
    const std::string reply = raw_exchange(full.port(), upgrade);  // read until dropped
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (reply.starts_with("HTTP/1.1 503")) {  // a closing connection's place not back yet
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      continue;
    }
    ASSERT_TRUE(reply.starts_with("HTTP/1.1 101")) << reply;
    EXPECT_NE(reply.find("server full"), std::string::npos) << reply;
    EXPECT_GT(secs, 2.5);
    EXPECT_LT(secs, 6.0);
    return;
  }
  FAIL() << "never upgraded";
}

// Two descriptors a connection, beside 64 for the rest and 64 for connections being refused.
TEST(TransportTotalLimit, FitsTheFileDescriptors) {
  EXPECT_EQ(server::connections_for_file_limit(1024), 448);
  EXPECT_EQ(server::connections_for_file_limit(129), 0);
  EXPECT_EQ(server::connections_for_file_limit(100), 0);
  EXPECT_EQ(server::connections_for_file_limit(1u << 20), (1 << 19) - 64);
}

}  // namespace

}  // namespace whist::server_testing
