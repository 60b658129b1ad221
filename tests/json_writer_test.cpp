// JsonWriter (core/json_writer.h) writes what nlohmann::json's dump() writes, and the views the
// server sends with it (view_json_text) are exactly the dump of the view as JSON: sorted keys,
// compact, every field.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "core/json_writer.h"
#include "game/match.h"
#include "game/view_json.h"
#include "rules/presets.h"

namespace whist {
namespace {

using Json = nlohmann::json;

TEST(JsonWriter, NestsAndSeparatesLikeDump) {
  std::string out;
  JsonWriter w(out);
  w.begin_object();
  w.key("a").begin_array().number(1).number(-20).null().boolean(true).boolean(false).end_array();
  w.key("b").begin_object().end_object();
  w.key("c").begin_array().begin_array().end_array().begin_object().key("x").string("y");
  w.end_object().end_array();
  w.key("d").raw(R"({"k":[1,2]})");
  w.key("e").number(INT64_MIN);
  w.end_object();
  EXPECT_EQ(out, Json::parse(out).dump());
  EXPECT_EQ(out, R"({"a":[1,-20,null,true,false],"b":{},"c":[[],{"x":"y"}],"d":{"k":[1,2]},)"
                 R"("e":-9223372036854775808})");
}

RC_GTEST_PROP(JsonWriter, StringsAreEscapedAsDumpEscapesThem, (const std::string& ascii)) {
  // Any bytes below 0x80 (valid UTF-8): quotes, backslashes, every control character.
  std::string s = ascii;
  for (char& c : s) c = static_cast<char>(c & 0x7F);
  s += "é♥";  // and some multi-byte UTF-8, written as it is
  std::string out;
  JsonWriter(out).string(s);
  RC_ASSERT(out == Json(s).dump());
}

// Every view of random games of every preset, for every seat and for a spectator: the text the
// server sends is the dump of what it holds (keys sorted, nothing missing, nothing extra).
TEST(ViewJson, TheTextIsTheDumpOfTheView) {
  Rng rng(5);
  int checked = 0;
  for (const auto& preset : presets()) {
    const auto rules = make_preset(preset.name);
    ASSERT_TRUE(rules);
    const int n = rules->players;
    Match m(*rules, std::vector<std::string>(static_cast<size_t>(n), "p"), 0);
    for (int deal = 0; deal < 3 && !m.finished(); ++deal) {
      m.deal_random(rng);
      while (m.in_deal()) {
        for (int seat = -1; seat < n; ++seat) {
          const PlayerView v = seat < 0 ? m.public_view() : m.view(seat);
          const std::string text = view_json_text(v);
          const Json j = Json::parse(text);
          ASSERT_EQ(text, j.dump()) << preset.name;
          ASSERT_EQ(j.size(), 25u);
          ASSERT_EQ(j["legal"].size(), static_cast<size_t>(v.legal.size));
          ASSERT_EQ(j["plays"].size(), v.plays.size());
          ASSERT_EQ(j["own_hand"].size(), static_cast<size_t>(v.own_hand.size()));
          ++checked;
        }
        const ActionList legal = m.state().legal_actions();
        m.apply(legal.items[rng.below(static_cast<uint32_t>(legal.size))]);
      }
    }
  }
  EXPECT_GT(checked, 1000);
}

}  // namespace
}  // namespace whist
