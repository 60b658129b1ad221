// The leak audit of the game server: over random games of every preset, everything the server
// would send each seat and a spectator after every event (the table's summary, the match's
// score and the receiver's view) is searched for card names, and none may name a card its
// receiver may not see, nor may the table's secret seed appear. Then the same through the hub:
// every message it actually sends each player's connection and a spectator's is recorded and
// searched.
#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bot_specs.h"
#include "core/rng.h"
#include "game/view.h"
#include "rules/presets.h"
#include "server/hub.h"
#include "server/table.h"

namespace whist::server {
namespace {

// Every card named in `text` as a word ("QH", "10H", "X1"); an Israeli auction bid ("auction
// 5C") names a number of tricks and a suit, and a Call-Ace call ("call AS") a card by name
// only, not where it lies.
CardSet cards_named(const std::string& text) {
  CardSet out;
  const auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  for (size_t i = 0; i < text.size(); ++i) {
    if (i > 0 && word_char(text[i - 1])) continue;
    size_t end = i;
    while (end < text.size() && word_char(text[end])) ++end;
    if (end - i < 2 || end - i > 3) continue;
    if (i >= 8 && text.compare(i - 8, 8, "auction ") == 0) continue;
    if (i >= 5 && text.compare(i - 5, 5, "call ") == 0) continue;
    if (const auto c = parse_card(text.substr(i, end - i))) out |= *c;
  }
  return out;
}

// What seat k has seen of the cards still hidden somewhere (hands and kitty).
CardSet seen_by(const DealState& s, int k) {
  const PlayerView v = make_view(s, k);
  CardSet seen = v.own_hand | v.kitty_seen | v.choosing | v.call.kitty;
  for (const CardSet& c : v.visible) seen |= c;
  for (const CardSet& c : v.passed) seen |= c;
  for (const CardSet& c : v.received) seen |= c;
  return seen;
}

CardSet hidden_cards(const DealState& s) {
  CardSet all;
  for (int p = 0; p < s.players(); ++p) all |= s.hand(p);
  if (s.family() == Family::CallAce) {
    for (int i = 0; i < kKittySize; ++i) {
      if (s.kitty_card(i) != kNoCard) all |= s.kitty_card(i);
    }
  }
  all -= s.played();  // a kitty card taken into a hand may have been played since
  // A called card's name is public; where it lies is not (names cannot tell that).
  if (s.family() == Family::CallAce && s.call().called != kNoCard) all -= s.call().called;
  return all;
}

std::string preset_param_name(const ::testing::TestParamInfo<std::string>& test) {
  std::string n = test.param;
  for (char& c : n) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return n;
}

std::vector<std::string> preset_names() {
  std::vector<std::string> out;
  for (const PresetInfo& p : presets()) out.emplace_back(p.name);
  return out;
}

class LeakAudit : public ::testing::TestWithParam<std::string> {};

TEST_P(LeakAudit, NoMessageNamesACardItsReceiverMayNotSee) {
  const std::string preset = GetParam();
  const int games = test_bots::scaled(4);
  int events = 0;
  for (int g = 0; g < games; ++g) {
    TableSetup setup;
    setup.variant = preset;
    Rules rules = *make_preset(preset);
    setup.players = rules.players;
    setup.seats.assign(static_cast<size_t>(rules.players), kHumanSeat);
    setup.seed = derive_seed(0xA0D17, {static_cast<uint64_t>(g)});
    Table table("t", setup, rules);
    for (int k = 0; k < rules.players; ++k) {
      const Event join{EventKind::Join, k, {}, "g" + std::to_string(k), "P" + std::to_string(k)};
      ASSERT_EQ(table.check(join), "");
      table.apply(join, 0);
    }
    Rng rng(g + 1);
    const std::string seed_text = std::to_string(setup.seed);
    // The first deals of the game (an Israeli game to 300 points played at random is long).
    for (int n = 0; table.stage() == TableStage::Playing && n < 600; ++n) {
      const DealState& s = table.match()->state();
      // The summary names no card; the score names only the cards called in finished deals and
      // the cards of their last tricks, played face up.
      const std::string summary = table.summary(1, "").dump();
      const std::string score = table.match_json().dump();
      EXPECT_EQ((summary + score).find(seed_text), std::string::npos);
      ASSERT_TRUE(cards_named(summary).empty()) << summary;
      CardSet public_cards;
      const Match& m = *table.match();
      for (size_t d = 0; d < m.results().size(); ++d) {
        if (m.results()[d].called != kNoCard) public_cards |= m.results()[d].called;
        const std::vector<Action>& actions = m.log()[d].actions;
        int last = 0;
        for (auto a = actions.rbegin(); a != actions.rend() && last < rules.players; ++a) {
          if (a->kind() != ActionKind::Play) continue;
          public_cards |= a->card();
          ++last;
        }
      }
      ASSERT_TRUE((cards_named(score) - public_cards).empty()) << score;
      const CardSet hidden = hidden_cards(s);
      CardSet seen_by_all = hidden;
      for (int k = 0; k < rules.players; ++k) {
        const CardSet seen = seen_by(s, k);
        seen_by_all &= seen;
        const CardSet leaked = cards_named(table.view_text(k)) & (hidden - seen);
        ASSERT_TRUE(leaked.empty()) << preset << " game " << g << ", event " << table.seq()
                                    << ": seat " << k << " is sent " << to_string(leaked);
      }
      const CardSet leaked = cards_named(table.view_text(-1)) & (hidden - seen_by_all);
      ASSERT_TRUE(leaked.empty()) << preset << " game " << g << ", event " << table.seq()
                                  << ": a spectator is sent " << to_string(leaked);
      const ActionList legal = s.legal_actions();
      const Event act{EventKind::Act, s.to_move(), legal.items[rng.below(legal.size)], {}, {}};
      ASSERT_EQ(table.check(act), "");
      table.apply(act, 0);
      ++events;
    }
  }
  EXPECT_GT(events, 10 * games);
}

INSTANTIATE_TEST_SUITE_P(Presets, LeakAudit, ::testing::ValuesIn(preset_names()),
                         preset_param_name);

CardSet cards_of(const nlohmann::json& list) {
  CardSet out;
  for (const auto& c : list) {
    if (const auto card = parse_card(c.get<std::string>())) out |= *card;
  }
  return out;
}

struct Recorder : Outlet {
  std::map<ConnId, std::vector<std::string>> sent;
  void send(ConnId conn, std::string text) override { sent[conn].push_back(std::move(text)); }
  void close(ConnId, std::string) override {}
  void log(LogLevel, std::string_view what, std::string_view detail) override {
    ADD_FAILURE() << what << ": " << detail;
  }
};

class HubLeakAudit : public ::testing::TestWithParam<std::string> {};

// Every player of a table is a connection of the test (and one more connection watches), so the
// cards each seat holds are known from its own views. Each message a connection is sent is
// checked: its view may name no card another seat holds that the receiver may not see, and its
// table summary, welcome and other messages no card at all.
TEST_P(HubLeakAudit, NoMessageSentNamesACardItsReceiverMayNotSee) {
  using Json = nlohmann::json;
  const std::string preset = GetParam();
  const int players = make_preset(preset)->players;
  const ConnId spectator = static_cast<ConnId>(players);
  int checked = 0;
  for (int g = 0; g < test_bots::scaled(2); ++g) {
    Recorder out;
    Hub hub(HubConfig{":memory:", 60000, derive_seed(0x1EA4, {static_cast<uint64_t>(g)})}, out);
    std::vector<std::string> tokens;
    for (int k = 0; k < players; ++k) {
      const Json r = Json::parse(
          hub.http("POST", "/api/guests", Json{{"name", "P" + std::to_string(k)}}.dump(), 0).body);
      tokens.push_back(r["token"]);
    }
    const Json made = Json::parse(
        hub.http("POST", "/api/tables",
                 Json{{"token", tokens[0]},
                      {"variant", preset},
                      {"players", players},
                      {"seats", std::vector<std::string>(static_cast<size_t>(players), "human")}}
                     .dump(),
                 0)
            .body);
    const std::string id = made["id"];
    for (int k = 0; k < players; ++k) {
      hub.http("POST", "/api/tables/" + id + "/join",
               Json{{"token", tokens[static_cast<size_t>(k)]}, {"seat", k}}.dump(), 0);
    }
    for (ConnId c = 0; c <= spectator; ++c) {
      hub.open(c, 0);
      Json hello = {{"type", "hello"}, {"table", id}};
      if (c < spectator) hello["token"] = tokens[c];
      hub.message(c, hello.dump(), 0);
    }
    std::map<ConnId, Json> views;     // each connection's latest view
    std::map<ConnId, size_t> cursor;  // the messages already checked
    Rng rng(static_cast<uint64_t>(g) + 1);
    for (int step = 0; step < 400; ++step) {
      // What each connection was sent since the last step: the views first, to know the hands.
      std::map<ConnId, std::vector<Json>> fresh;
      for (ConnId c = 0; c <= spectator; ++c) {
        const auto& texts = out.sent[c];
        for (size_t i = cursor[c]; i < texts.size(); ++i) {
          Json m = Json::parse(texts[i]);
          ASSERT_EQ(texts[i].find(std::to_string(0x1EA4)), std::string::npos);
          if (m["type"] == "state") views[c] = m["view"];
          fresh[c].push_back(std::move(m));
        }
        cursor[c] = texts.size();
      }
      CardSet held[kMaxPlayers];
      for (int k = 0; k < players; ++k) {
        const Json& v = views[static_cast<ConnId>(k)];
        if (!v.is_null()) held[k] = cards_of(v["own_hand"]);
      }
      for (auto& [c, messages] : fresh) {
        const Json& own = views[c];
        // What the receiver sees itself (as seen_by above, from its own view), and the called
        // card, whose name is public (not where it lies).
        CardSet may_see;
        if (!own.is_null()) {
          for (const char* field : {"visible", "passed", "received"}) {
            for (const Json& set : own[field]) may_see |= cards_of(set);
          }
          for (const char* field : {"own_hand", "choosing", "kitty_seen"}) {
            may_see |= cards_of(own[field]);
          }
          may_see |= cards_of(own["call"]["kitty"]);
          if (own["call"]["called"].is_string())
            may_see |= cards_of(Json::array({own["call"]["called"]}));
        }
        CardSet forbidden;
        for (int k = 0; k < players; ++k) {
          if (static_cast<ConnId>(k) != c) forbidden |= held[k];
        }
        forbidden -= may_see;
        for (const Json& m : messages) {
          if (m["type"] == "state") {
            const CardSet leaked = cards_named(m["view"].dump()) & forbidden;
            ASSERT_TRUE(leaked.empty()) << preset << " game " << g << " step " << step
                                        << ": connection " << c << " is sent " << to_string(leaked);
            // The score is the same text for everyone; LeakAudit above checks what it names.
            if (m.contains("table")) {
              ASSERT_TRUE(cards_named(m["table"].dump()).empty());
            }
          } else {
            ASSERT_TRUE(cards_named(m.dump()).empty()) << m.dump();
          }
          ++checked;
        }
      }
      // The seat to move plays a random legal action.
      bool moved = false;
      for (ConnId c = 0; c < spectator && !moved; ++c) {
        const Json& v = views[c];
        if (v.is_null() || v["legal"].empty()) continue;
        const Json& legal = v["legal"];
        const Json& pick = legal[rng.below(static_cast<uint32_t>(legal.size()))];
        hub.message(c, Json{{"type", "act"}, {"action", pick["code"]}}.dump(), 0);
        moved = true;
      }
      if (!moved) break;  // the game is over
    }
  }
  EXPECT_GT(checked, 100);
}

INSTANTIATE_TEST_SUITE_P(Presets, HubLeakAudit, ::testing::ValuesIn(preset_names()),
                         preset_param_name);

// The audit's card finder itself.
TEST(LeakAuditTool, FindsCardsNamedAsWordsOnly) {
  EXPECT_EQ(cards_named("play QH, 10s and X1; AS"), *parse_card_set("QH TS X1 AS"));
  EXPECT_TRUE(cards_named("ASK QHX 2C3 ace, auction 5C, call AS").empty());
}

}  // namespace
}  // namespace whist::server
