// The lobby's list (server/lobby_list.h): its filters as a query gives them, refused with the
// parameter named; at most a hundred tables an answer, free seats first, newest first; each
// answer made once a second at most, with a summary only of the tables it names.
#include "server/lobby_list.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace whist::server {
namespace {

using Json = nlohmann::json;

TEST(LobbyQuery, ReadsTheFiltersOfTheTarget) {
  LobbyQuery q;
  EXPECT_FALSE(parse_lobby_query("/api/tables", q));
  EXPECT_EQ(q.variant, "");
  EXPECT_FALSE(q.free_only);
  EXPECT_FALSE(parse_lobby_query("/api/tables?", q));
  EXPECT_FALSE(parse_lobby_query("/api/tables?variant=oh-hell&free=true", q));
  EXPECT_EQ(q.variant, "oh-hell");
  EXPECT_TRUE(q.free_only);
  // Escaped as a browser's URLSearchParams may write it; empty parts are nothing.
  EXPECT_FALSE(parse_lobby_query("/api/tables?&variant=call%2dace&&free=false&", q));
  EXPECT_EQ(q.variant, "call-ace");
  EXPECT_FALSE(q.free_only);
}

TEST(LobbyQuery, RefusesABadParameterNamingIt) {
  const auto refused = [](std::string_view target) {
    LobbyQuery q;
    const auto e = parse_lobby_query(target, q);
    return e ? e->field + " | " + e->message : std::string("accepted");
  };
  EXPECT_EQ(refused("/api/tables?variant=whist"), "variant | variant: no preset \"whist\"");
  // Empty, as a form's "any" sends it: every variant.
  EXPECT_EQ(refused("/api/tables?variant="), "accepted");
  EXPECT_EQ(refused("/api/tables?variant"), "accepted");
  EXPECT_EQ(refused("/api/tables?=x"), "query | query: a parameter without a name");
  EXPECT_EQ(refused("/api/tables?free=yes"), "free | free: true or false");
  EXPECT_EQ(refused("/api/tables?free=TRUE"), "free | free: true or false");
  EXPECT_EQ(refused("/api/tables?free=true&free=true"), "free | free: given twice");
  EXPECT_EQ(refused("/api/tables?free=true&fr%65e=false"), "free | free: given twice");
  EXPECT_EQ(refused("/api/tables?page=2"),
            "page | page: not a filter of this list (variant, free)");
  EXPECT_EQ(refused("/api/tables?variant=oh%2"), "query | query: a bad %-escape");
  EXPECT_EQ(refused("/api/tables?variant=oh%zzhell"), "query | query: a bad %-escape");
}

class LobbyListTest : public ::testing::Test {
 protected:
  // `n` tables, their seats last changed in the order 1..n; every `every`th has no free seat.
  void fill(int n, int every = 0, const std::string& variant = "romanian") {
    for (int k = 1; k <= n; ++k) {
      rows_.push_back({"t" + std::to_string(k), variant, every == 0 || k % every != 0,
                       static_cast<uint64_t>(k)});
    }
  }
  Json answer(const LobbyQuery& q = {}) {
    return Json::parse(list_.answer(
        q, now_,
        [&] {
          ++built_;
          return rows_;
        },
        [&](const LobbyRow& row) -> std::optional<std::string> {
          ++summarised_;
          if (gone_.count(row.id) != 0) return std::nullopt;
          return Json{{"id", row.id}}.dump();
        }));
  }
  std::vector<std::string> ids(const Json& a) {
    std::vector<std::string> out;
    for (const Json& t : a["tables"]) out.push_back(t["id"]);
    return out;
  }

  std::vector<LobbyRow> rows_;
  LobbyList list_;
  int64_t now_ = 5000;
  std::set<std::string> gone_;  // tables out of the hub since the list was made
  int built_ = 0;
  int summarised_ = 0;
};

TEST_F(LobbyListTest, NamesAHundredTablesFreeSeatsFirstNewestFirst) {
  fill(250, 5);  // 200 with a free seat, 50 games to watch
  const Json all = answer();
  EXPECT_EQ(all["total"], 250);
  ASSERT_EQ(all["tables"].size(), kLobbyListMax);
  EXPECT_EQ(all.size(), 2u);
  EXPECT_EQ(ids(all)[0], "t249");
  EXPECT_EQ(ids(all)[1], "t248");
  EXPECT_EQ(ids(all)[3], "t246");  // t245 is a game to watch
  EXPECT_EQ(ids(all)[99], "t126");
  // A summary made only of the tables named, and once a filter until the list is cleared.
  EXPECT_EQ(summarised_, 100);
  EXPECT_EQ(answer(), all);
  EXPECT_EQ(summarised_, 100);
  EXPECT_EQ(built_, 1);
}

TEST_F(LobbyListTest, TheGamesToWatchComeAfterTheFreeSeatsAndTiesGoByTheId) {
  rows_ = {{"b", "romanian", false, 9},
           {"a", "romanian", true, 1},
           {"d", "serbian", true, 5},
           {"c", "serbian", true, 5},
           {"e", "romanian", false, 2}};
  const Json all = answer();
  EXPECT_EQ(ids(all), (std::vector<std::string>{"c", "d", "a", "b", "e"}));
  EXPECT_EQ(all["total"], 5);
}

TEST_F(LobbyListTest, FiltersAndCountsWhatMatches) {
  fill(120, 4, "romanian");  // 90 free, 30 to watch
  for (int k = 1; k <= 3; ++k)
    rows_.push_back({"s" + std::to_string(k), "serbian", k != 2, static_cast<uint64_t>(k)});
  Json a = answer({"serbian", false});
  EXPECT_EQ(ids(a), (std::vector<std::string>{"s3", "s1", "s2"}));
  EXPECT_EQ(a["total"], 3);
  a = answer({"serbian", true});
  EXPECT_EQ(ids(a), (std::vector<std::string>{"s3", "s1"}));
  EXPECT_EQ(a["total"], 2);
  a = answer({"", true});
  EXPECT_EQ(a["total"], 92);
  EXPECT_EQ(a["tables"].size(), 92u);
  a = answer({"romanian", false});
  EXPECT_EQ(a["total"], 120);
  EXPECT_EQ(a["tables"].size(), 100u);
  EXPECT_EQ(answer({"oh-hell", false}), (Json{{"tables", Json::array()}, {"total", 0}}));
  EXPECT_EQ(built_, 1);  // the tables ordered once for every filter
}

TEST_F(LobbyListTest, TheTablesAreAskedForAgainASecondLater) {
  fill(3);
  EXPECT_EQ(answer()["total"], 3);
  fill(5);  // t1..t5 again: 8 rows
  now_ += kLobbyListMs - 1;
  EXPECT_EQ(answer()["total"], 3);  // the answer made before
  now_ += 1;
  EXPECT_EQ(answer()["total"], 8);
  EXPECT_EQ(built_, 2);
  now_ -= 10;  // a clock that went back is not trusted
  EXPECT_EQ(answer()["total"], 8);
  EXPECT_EQ(built_, 3);
}

TEST_F(LobbyListTest, ATableGoneSinceTheListWasMadeIsLeftOut) {
  fill(4);
  gone_ = {"t3"};
  const Json a = answer();
  EXPECT_EQ(ids(a), (std::vector<std::string>{"t4", "t2", "t1"}));
  EXPECT_EQ(a["total"], 3);
}

}  // namespace
}  // namespace whist::server
