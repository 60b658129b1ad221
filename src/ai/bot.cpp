#include "ai/bot.h"

#include <charconv>
#include <climits>

#include "ai/expert.h"
#include "ai/external.h"
#include "ai/heuristic.h"
#include "ai/ismcts.h"
#include "ai/random_bot.h"
#include "core/text.h"

namespace whist {

namespace {

constexpr std::string_view kLevelNames[] = {"easy", "normal", "hard", "max"};

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// The kind of bot a trimmed spec names: "expert" of "expert:hard", "ext" of "ext:./mybot".
std::string_view kind_of(std::string_view spec) { return spec.substr(0, spec.find(':')); }

// Reads the parts after a trimmed spec's kind into `params`: a level (the last one given wins,
// unless `one_level`) or key=value settings. Returns what is wrong with them, or nothing: a part
// that is neither (perhaps empty), or a setting given twice (one of its values would be ignored
// unchecked), or with `one_level` a second level.
std::optional<std::string> parse_params(std::string_view spec, BotParams& params,
                                        bool one_level = false) {
  const size_t colon = spec.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  // Every part after a colon, the empty ones too (regression: "expert:hard:" was taken).
  std::string_view rest = spec.substr(colon + 1);
  std::string_view level_given;
  for (bool more = true; more;) {
    const size_t c = rest.find(':');
    const std::string_view part = rest.substr(0, c);
    more = c != std::string_view::npos;
    rest = more ? rest.substr(c + 1) : "";
    const size_t eq = part.find('=');
    if (part.empty()) {
      return "an empty setting (a ':' with nothing after it)";
    } else if (eq != std::string_view::npos) {
      std::string key(part.substr(0, eq));
      for (const auto& kv : params.values) {
        if (kv.first == key) return "setting '" + key + "' given twice";
      }
      params.values.emplace_back(std::move(key), std::string(part.substr(eq + 1)));
    } else if (const auto named = level_named(part)) {
      if (one_level && !level_given.empty()) {
        return "two levels, '" + std::string(level_given) + "' and '" + std::string(part) +
               "' (a bot plays at one)";
      }
      level_given = part;
      params.level = *named;
    } else {
      return "unknown level '" + std::string(part) + "' (levels: easy, normal, hard, max)";
    }
  }
  return std::nullopt;
}

}  // namespace

std::string_view level_name(Level level) { return kLevelNames[static_cast<int>(level)]; }

std::optional<Level> level_named(std::string_view name) {
  for (int i = 0; i < 4; ++i) {
    if (name == kLevelNames[i]) return static_cast<Level>(i);
  }
  return std::nullopt;
}

std::optional<Level> spec_level(std::string_view spec) {
  spec = trim(spec);
  if (kind_of(spec) != "ismcts" && kind_of(spec) != "expert") return std::nullopt;
  BotParams params;
  parse_params(spec, params);
  return params.level;
}

int BotParams::get_int(std::string_view key, int fallback, int lo, int hi,
                       std::string& error) const {
  for (const auto& [k, v] : values) {
    if (k != key) continue;
    int n = 0;
    const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
    if (ec != std::errc() || end != v.data() + v.size() || n < lo || n > hi) {
      error = "bad value '" + v + "' for " + std::string(key) + ": expected an integer from " +
              std::to_string(lo) + " to " + std::to_string(hi);
      return fallback;
    }
    return n;
  }
  return fallback;
}

void BotParams::check_keys(std::initializer_list<std::string_view> known,
                           std::string& error) const {
  for (const auto& kv : values) {
    bool found = false;
    for (std::string_view k : known) found = found || kv.first == k;
    if (found || !error.empty()) continue;
    // The settings it takes, so that a misspelt one can be put right without the source.
    error = "unknown setting '" + kv.first + "'; the settings are ";
    for (std::string_view k : known)
      error += std::string(k) + (k == *(known.end() - 1) ? "" : ", ");
  }
}

bool stops_by_the_clock(std::string_view spec) {
  spec = trim(spec);
  if (kind_of(spec) != "ismcts") return false;
  BotParams params;
  if (parse_params(spec, params, true)) return false;
  std::string error;
  // A spec refused, for its clock or anything else, is an error said where the bot is made, not
  // a clock (regression: ms=x, ms past its range, and a second level were warned of, then
  // refused).
  const IsmctsConfig config = ismcts_config(params, error);
  return config.ms != 0 && error.empty();
}

std::string new_bot_spec_error(std::string_view spec) {
  spec = trim(spec);
  if (kind_of(spec) != "ismcts" && kind_of(spec) != "expert") return {};
  BotParams params;
  const auto bad = parse_params(spec, params, true);
  return bad ? "bot '" + std::string(spec) + "': " + *bad : std::string();
}

bool names_engine(std::string_view spec) { return kind_of(trim(spec)) == "ext"; }

std::unique_ptr<Bot> make_bot(std::string_view spec, std::string& error, Engines engines) {
  error.clear();
  spec = trim(spec);
  // The spec is written to records and to the arena's JSON, whose writers refuse other bytes
  // (regression: whist arena --json aborted once every deal was played).
  if (!is_utf8(spec)) {
    error = "a bot spec must be UTF-8 text";
    return nullptr;
  }
  const size_t colon = spec.find(':');
  const std::string_view kind = kind_of(spec);
  const std::string_view rest = colon == std::string_view::npos ? "" : spec.substr(colon + 1);
  const bool plain = colon == std::string_view::npos;  // no settings, not even an empty one
  BotParams params;
  if (kind == "ismcts" || kind == "expert") {
    if (auto bad = parse_params(spec, params)) {
      error = "bot '" + std::string(spec) + "': " + *bad;
      return nullptr;
    }
  }
  std::unique_ptr<Bot> bot;
  if (kind == "random" && plain) {
    bot = make_random_bot();
  } else if (kind == "random") {
    error = "the random bot takes no settings";
  } else if (kind == "ext" && engines == Engines::Refused) {
    error = "external engines (ext:COMMAND) are not allowed here: they run a command";
  } else if (kind == "ext") {
    // The engine's own messages name it by its spec already.
    const int timeout_ms = ext_timeout_from_env(error);
    if (error.empty()) bot = make_external_bot(rest, timeout_ms, error);
    return bot;
  } else if (kind == "heuristic" && plain) {
    bot = make_heuristic_bot();
  } else if (kind == "heuristic") {
    error = "the heuristic bot takes no settings";
  } else if (kind == "ismcts") {
    bot = make_ismcts_bot(params, error);
  } else if (kind == "expert") {
    bot = make_expert_bot(params, error);
  } else {
    // Where engines are refused, offering one would only lead to that refusal.
    error = "unknown bot '" + std::string(kind) + "' (bots: random, heuristic, ismcts, expert" +
            (engines == Engines::Allowed ? ", ext:COMMAND)" : ")");
  }
  if (!error.empty()) {
    error = "bot '" + std::string(spec) + "': " + error;
    return nullptr;
  }
  return bot;
}

}  // namespace whist
