#include "server/catalog.h"

#include <fmt/core.h>

#include <charconv>
#include <string>
#include <string_view>
#include <vector>

#include "rules/options.h"
#include "rules/presets.h"
#include "rules/scoring.h"

namespace whist::server {

namespace {

using Json = nlohmann::json;

bool is_word(std::string_view s) {
  if (s.empty()) return false;
  for (const char c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '-' || c == '+' || c == '_';
    if (!ok) return false;
  }
  return true;
}

// An option's accepted values (OptionInfo::values, written for people) as data: a closed list
// ("on|off"), a range ("a number 1-13"), the scoring systems ("see ..."), or free text (null
// both) that the server checks when the table is made.
void describe_values(std::string_view text, Json& values, Json& range) {
  values = nullptr;
  range = nullptr;
  if (constexpr std::string_view kNumber = "a number "; text.starts_with(kNumber)) {
    const std::string_view r = text.substr(kNumber.size());
    const auto dash = r.find('-', 1);
    int lo = 0, hi = 0;
    if (dash != std::string_view::npos &&
        std::from_chars(r.data(), r.data() + dash, lo).ec == std::errc() &&
        std::from_chars(r.data() + dash + 1, r.data() + r.size(), hi).ec == std::errc()) {
      range = {lo, hi};
    }
    return;
  }
  if (text.starts_with("see ")) {
    values = Json::array();
    for (int i = 0; i < kNumScorings; ++i) values.push_back(scoring_name(static_cast<Scoring>(i)));
    return;
  }
  Json list = Json::array();
  for (size_t start = 0; start <= text.size();) {
    const size_t bar = std::min(text.find('|', start), text.size());
    const std::string_view part = text.substr(start, bar - start);
    if (!is_word(part)) return;  // free text
    list.push_back(part);
    start = bar + 1;
  }
  values = std::move(list);
}

}  // namespace

Json variants_json(Level max_bot_level) {
  Json presets_out = Json::array();
  for (const PresetInfo& p : presets()) {
    const Rules rules = p.make();
    Json opts = Json::array();
    for (const OptionInfo& o : options()) {
      if (!option_applies(o.name, rules.family)) continue;
      Json values, range;
      std::string accepts(o.values);
      if (o.name == "deals") accepts = fmt::format("a number 0-{}", kMaxTableDeals);
      describe_values(accepts, values, range);
      opts.push_back({{"name", o.name},
                      {"default", o.get(rules)},
                      {"description", option_description(o, rules.family)},
                      {"accepts", accepts},
                      {"values", std::move(values)},
                      {"range", std::move(range)}});
    }
    presets_out.push_back(
        {{"name", p.name},
         {"description", p.description},
         {"players",
          {{"default", rules.players}, {"min", rules.min_players}, {"max", rules.max_players}}},
         {"options", std::move(opts)}});
  }
  Json scorings = Json::array();
  for (int i = 0; i < kNumScorings; ++i) {
    const auto s = static_cast<Scoring>(i);
    scorings.push_back({{"name", scoring_name(s)}, {"description", scoring_description(s)}});
  }
  Json levels = Json::array();
  for (int i = 0; i <= static_cast<int>(max_bot_level); ++i) {
    levels.push_back(level_name(static_cast<Level>(i)));
  }
  return {{"presets", std::move(presets_out)},
          {"scorings", std::move(scorings)},
          {"bot_levels", std::move(levels)}};
}

}  // namespace whist::server
