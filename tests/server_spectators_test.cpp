// The spectators a table takes (HubConfig::max_spectators): past the most, a hello to watch is
// refused with `spectators-full` and the connection stays where it was; a place comes back when
// a spectator goes; the table's players are never counted, nor refused; 0 is no limit.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "recording_outlet.h"
#include "server/hub.h"

namespace whist::server {
namespace {

using Json = nlohmann::json;

class SpectatorsTest : public ::testing::Test {
 protected:
  void start(int max_spectators) {
    HubConfig config{":memory:", 60000, 7};
    config.max_spectators = max_spectators;
    hub_ = std::make_unique<Hub>(config, out_);
    ana_ = guest("Ana");
    bo_ = guest("Bo");
  }
  Json call(const std::string& method, const std::string& target, const Json& body = nullptr) {
    return Json::parse(hub_->http(method, target, body.is_null() ? "" : body.dump(), 0).body);
  }
  std::string guest(const std::string& name) {
    return call("POST", "/api/guests", {{"name", name}})["token"];
  }
  // A waiting table of two human seats and two bots.
  std::string table() {
    return call("POST", "/api/tables",
                {{"token", ana_},
                 {"variant", "romanian"},
                 {"seats", {"human", "human", "random", "random"}}})["id"];
  }
  // A new connection's hello; what answers it.
  Json hello(ConnId c, const std::string& id, const std::string& token = "") {
    hub_->open(c, 0);
    return hello_again(c, id, token);
  }
  Json hello_again(ConnId c, const std::string& id, const std::string& token = "") {
    Json m = {{"type", "hello"}, {"table", id}};
    if (!token.empty()) m["token"] = token;
    out_.forget(c);
    hub_->message(c, m.dump(), 0);
    return out_.answer(c);
  }
  // The lobby's count of the table's spectators, once the hub has told it.
  int spectators(const std::string& id) {
    hub_->tick(0);
    return call("GET", "/api/tables/" + id)["spectators"];
  }
  static bool watching(const Json& answer) {
    return answer.value("type", "") == "welcome" && answer["role"] == "spectator";
  }
  static bool refused(const Json& answer) {
    return answer.value("type", "") == "error" && answer["code"] == "spectators-full";
  }

  RecordingOutlet out_;
  std::unique_ptr<Hub> hub_;
  std::string ana_, bo_;
};

TEST_F(SpectatorsTest, OnePastTheMostIsRefusedAndStaysWhereItWas) {
  start(2);
  const std::string a = table(), b = table();
  EXPECT_TRUE(watching(hello(1, a)));
  EXPECT_TRUE(watching(hello(2, a, bo_)));  // a guest not seated there watches too
  const Json answer = hello(3, a);
  ASSERT_TRUE(refused(answer)) << answer;
  EXPECT_EQ(answer["message"], "the table has the most spectators it takes (2); try again later");
  EXPECT_EQ(answer["field"], "table");
  EXPECT_EQ(spectators(a), 2);
  // Refused, a connection is at no table...
  hub_->message(3, R"({"type":"act","action":"pass"})", 0);
  EXPECT_EQ(out_.last(3)["code"], "no-hello");
  // ...or still at the one it watched.
  EXPECT_TRUE(watching(hello(4, b)));
  EXPECT_TRUE(refused(hello_again(4, a)));
  EXPECT_EQ(spectators(b), 1);
  EXPECT_EQ(spectators(a), 2);
  // Those in may say hello again, as a client catching up does.
  EXPECT_TRUE(watching(hello_again(1, a)));
}

TEST_F(SpectatorsTest, ASpectatorGoingFreesAPlace) {
  start(1);
  const std::string a = table(), b = table();
  EXPECT_TRUE(watching(hello(1, a)));
  EXPECT_TRUE(refused(hello(2, a)));
  hub_->closed(1, 0);  // gone
  EXPECT_TRUE(watching(hello_again(2, a)));
  EXPECT_TRUE(refused(hello(3, a)));
  EXPECT_TRUE(watching(hello_again(2, b)));  // gone to another table
  EXPECT_TRUE(watching(hello_again(3, a)));
  EXPECT_EQ(spectators(a), 1);
  EXPECT_EQ(spectators(b), 1);
}

TEST_F(SpectatorsTest, APlayerOfTheTableIsNeverCountedNorRefused) {
  start(1);
  const std::string a = table();
  call("POST", "/api/tables/" + a + "/join", {{"token", ana_}, {"seat", 0}});
  EXPECT_TRUE(watching(hello(1, a)));  // the one spectator
  EXPECT_TRUE(refused(hello(2, a)));
  for (const ConnId c : {3, 4}) {  // the player, on two connections
    const Json answer = hello(c, a, ana_);
    EXPECT_EQ(answer["role"], "player") << answer;
  }
  EXPECT_EQ(spectators(a), 1);
  EXPECT_TRUE(refused(hello(5, a)));
  // A player coming back, a game under way, is let in too.
  call("POST", "/api/tables/" + a + "/join", {{"token", bo_}, {"seat", 1}});
  EXPECT_EQ(call("GET", "/api/tables/" + a)["state"], "playing");
  hub_->closed(3, 0);
  hub_->closed(4, 0);
  EXPECT_EQ(hello(6, a, ana_)["role"], "player");
  EXPECT_EQ(hello(7, a, bo_)["role"], "player");
  // A spectator whose guest takes a seat plays from its connection, and a place comes free.
  const std::string cy = guest("Cy");
  const std::string b = table();
  EXPECT_TRUE(watching(hello(8, b, cy)));
  EXPECT_TRUE(refused(hello(9, b)));
  call("POST", "/api/tables/" + b + "/join", {{"token", cy}, {"seat", 1}});
  EXPECT_EQ(out_.answer(8)["role"], "player");
  EXPECT_TRUE(watching(hello_again(9, b)));
}

TEST_F(SpectatorsTest, AHelloAgainWithAnotherTokenKeepsItsOwnPlace) {
  start(1);
  const std::string a = table();
  EXPECT_TRUE(watching(hello(1, a)));
  // Another guest not seated there, on the same connection: still the one spectator, not a
  // second one past the limit.
  EXPECT_TRUE(watching(hello_again(1, a, bo_)));
  EXPECT_EQ(spectators(a), 1);
}

// Regression: a player giving up the seat became a spectator, and the others' count of those
// watching stayed where it was until the next change.
TEST_F(SpectatorsTest, APlayerGivingUpTheSeatIsCountedAmongThoseWatching) {
  start(0);
  const std::string a = table();
  call("POST", "/api/tables/" + a + "/join", {{"token", ana_}, {"seat", 0}});
  EXPECT_EQ(hello(1, a, ana_)["role"], "player");
  EXPECT_TRUE(watching(hello(2, a)));
  hub_->tick(0);
  out_.forget(2);
  call("POST", "/api/tables/" + a + "/leave", {{"token", ana_}});
  hub_->tick(0);
  int told = -1;  // the last count of spectators connection 2 was sent
  for (const Json& m : out_.sent[2]) {
    if (m.contains("table") && m["table"].is_object()) told = m["table"]["spectators"];
  }
  EXPECT_EQ(told, 2);
  EXPECT_EQ(spectators(a), 2);
}

TEST_F(SpectatorsTest, ZeroIsNoLimitAndTheDefaultIs200) {
  EXPECT_EQ(HubConfig{}.max_spectators, 200);
  for (const int most : {0, 200}) {
    SCOPED_TRACE(most);
    start(most);
    const std::string a = table();
    for (ConnId c = 1; c <= 250; ++c) {
      EXPECT_EQ(watching(hello(c, a)), most == 0 || c <= 200) << c;
    }
    EXPECT_EQ(spectators(a), most == 0 ? 250 : 200);
  }
}

}  // namespace
}  // namespace whist::server
