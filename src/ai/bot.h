// The bot interface: a bot decides from the rules and one seat's view, never from the full state.
//
// Honest by construction: `choose` receives a PlayerView, which holds no card its seat may not
// see, and the ai layer never receives the DealState of a real game. Search builds its own
// worlds from the view (ai/world.h). Bots draw every random choice from a generator reseeded at
// each deal, so a tournament reproduces from its seed whatever the thread count.
//
// Bot specs, as `whist arena --bots` and `whist play --bots` read them (the server's tables and
// saved games take the same without ext:COMMAND):
//   random | heuristic | ismcts[:LEVEL][:key=value]... | expert[:LEVEL][:key=value]...
//   ext:COMMAND   an external engine speaking docs/bot-protocol.md over stdin/stdout
// LEVEL is easy, normal (the default), hard or max.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/rng.h"
#include "game/view.h"
#include "rules/rules.h"

namespace whist {

// What a bot carries from one decision to the next within a deal (the expert's weighted worlds,
// ExpertSettings::carry), taken out of it (Bot::take_memory): the server keeps it for the seat
// between decisions, each made by a bot object of its own. Only a bot of the same spec reads it.
class BotMemory {
 public:
  virtual ~BotMemory() = default;
};

class Bot {
 public:
  virtual ~Bot() = default;

  // The spec that makes this bot again, e.g. "expert:normal".
  virtual std::string name() const = 0;

  // Starts a deal: reseeds the bot's generator (and drops anything kept from the last deal).
  virtual void new_deal(uint64_t seed) { rng_.reseed(seed); }

  // Reseeds the generator within a deal (whist play, before each decision, so that a decision
  // depends only on its seed, its view and the bot's earlier decisions in the deal). As a new
  // deal, except for an external engine, which is told of each deal once, and for a bot that
  // carries (carries()), which keeps what it carries.
  virtual void reseed(uint64_t seed) { new_deal(seed); }

  // Whether the bot carries something from one decision to the next within a deal, kept by
  // reseed (the expert with `carry`): its choice then depends on its earlier decisions in the
  // deal too, so that whist play, taking a deal up mid-way, asks it those again first.
  virtual bool carries() const { return false; }
  // Takes out what the bot carries (null: nothing). Given to a bot of the same spec after its
  // new_deal(seed), it makes that bot decide as this one would after reseed(seed).
  virtual std::unique_ptr<BotMemory> take_memory() { return nullptr; }
  virtual void give_memory(std::unique_ptr<BotMemory> /*memory*/) {}

  // One of view.legal; called only when view.to_move == view.seat and view.legal is not empty.
  virtual Action choose(const Rules& rules, const PlayerView& view) = 0;

  // Why the bot would choose what it chooses (for hints): one line per option it weighed.
  // Empty when the bot cannot say.
  virtual std::string explain(const Rules& /*rules*/, const PlayerView& /*view*/) { return {}; }

 protected:
  Rng rng_;
};

// Whether a spec may start a program. An external engine, `ext:COMMAND`, runs COMMAND, so only
// the user's own command line may name one; specs read from a file or the network may not.
enum class Engines : uint8_t { Refused, Allowed };

// Whether `spec` names an external engine, read as make_bot reads it (spaces around it ignored).
bool names_engine(std::string_view spec);

// Whether the bot of `spec` (a spec make_bot takes) stops its search by the clock, so that its
// choices depend on the machine's speed and load, not on its seed alone: ismcts:ms=N, N > 0.
// The expert's budgets are all counts. An external engine's are its own, unknown to whist.
bool stops_by_the_clock(std::string_view spec);

// Makes a bot from its spec; on a bad spec returns null and sets `error` to what is wrong. An
// external engine is made (and its program started) only with Engines::Allowed.
std::unique_ptr<Bot> make_bot(std::string_view spec, std::string& error,
                              Engines engines = Engines::Refused);

// The search levels of the `ismcts` and `expert` bots.
enum class Level : uint8_t { Easy, Normal, Hard, Max };
std::string_view level_name(Level level);
// The level called `name` ("hard"), if any.
std::optional<Level> level_named(std::string_view name);
// The level of a spec of a bot that has levels (ismcts, expert), as make_bot reads it: the last
// one given, Normal when none is ("expert:hard" is Hard, "ismcts" Normal); none for other kinds.
std::optional<Level> spec_level(std::string_view spec);
// What make_bot takes, for games and records made before, but a new game, an arena run or a new
// table refuses: a second level ("expert:easy:hard", once played at hard without a word). Empty
// when none; else the error, naming the spec.
std::string new_bot_spec_error(std::string_view spec);

// A spec's level and key=value settings, e.g. "expert:hard:worlds=40"; each key at most once.
struct BotParams {
  Level level = Level::Normal;
  std::vector<std::pair<std::string, std::string>> values;

  // The integer setting `key`, or `fallback` when absent; a value that is not an integer in
  // [lo, hi] sets `error`.
  int get_int(std::string_view key, int fallback, int lo, int hi, std::string& error) const;
  // Sets `error` to name the first key not in `known`, and to list those.
  void check_keys(std::initializer_list<std::string_view> known, std::string& error) const;
};

}  // namespace whist
