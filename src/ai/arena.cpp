#include "ai/arena.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <exception>
#include <initializer_list>
#include <limits>
#include <memory>
#include <mutex>
#include <thread>

#include "ai/bot.h"
#include "ai/external.h"
#include "rules/contracts.h"
#include "rules/presets.h"
#include "rules/schedule.h"
#include "rules/scoring.h"

namespace whist {

namespace {

using Clock = std::chrono::steady_clock;

constexpr uint64_t kCardStream = 1;
constexpr uint64_t kBotStream = 2;

// One list position's totals in one deal set, over its N rotations.
struct BotTally {
  double points = 0;
  int64_t bids = 0;
  int64_t made = 0;
  int64_t over = 0;   // bids missed by taking more tricks (exact-bid games, Israeli)
  int64_t under = 0;  // ... by taking fewer
  int64_t decisions = 0;
  double seconds = 0;
  double slowest = 0;  // the longest decision, in seconds
};

struct SetResult {
  std::vector<BotTally> bots;  // by place in the bot list
  int thrown_in = 0;
};

// What stops a run: a bot chose an illegal action, or an engine failed.
struct Failure {
  std::string message;
  int set = -1;  // the deal set it stops the run at, when not the set under way
};

// ArenaConfig::interrupt, seen by a set under way: the set is abandoned.
struct Interrupted {};

// A lower deal set failed, seen by a set under way: the report ends before it, so the set is of
// no use and is abandoned.
struct Abandoned {};

// A worker's bots: [i] the bot at place i of the list, and [r * N + i] its copy for rotation r,
// made for an external engine only (null otherwise: the bot of [i] plays every rotation). An
// engine process sees each deal once, from one seat: one kept through the rotations would see
// in the next the hands it held in the last, and could remember them.
struct Bots {
  std::vector<std::unique_ptr<Bot>> list;
  // By index of `list`: where each bot last answered (deal set, and the where() of the action),
  // so that a line an engine sends after that answer, found later, is told there.
  struct Answered {
    int set = -1;
    std::string at;
  };
  std::vector<Answered> last;

  Bots() = default;
  Bots(Bots&&) = default;
  Bots& operator=(Bots&&) = default;
  // Every engine is told to quit before any is waited for (regression: each was given its second
  // to exit in turn, so engines that ignore `quit` held the end of a run a second apiece).
  ~Bots() { ask_to_quit(); }
  void ask_to_quit() {
    for (const auto& b : list) {
      if (b) ask_engine_to_quit(*b);
    }
  }
};

// The index in bots.list of the bot at place i in rotation r.
size_t bot_index(const Bots& bots, int n, int r, int i) {
  const auto at = static_cast<size_t>(r * n + i);
  return bots.list[at] ? at : static_cast<size_t>(i);
}

Bot& bot_at(Bots& bots, int n, int r, int i) { return *bots.list[bot_index(bots, n, r, i)]; }

// An engine is only started, its handshake left to finish_external_start (see make_bots).
std::unique_ptr<Bot> make_arena_bot(std::string_view spec, int ext_timeout_ms, std::string& error) {
  while (!spec.empty() && spec.front() == ' ') spec.remove_prefix(1);
  // The arena's --ext-timeout, rather than make_bot's environment variable.
  if (spec.substr(0, 4) == "ext:") return start_external_bot(spec.substr(4), ext_timeout_ms, error);
  // Allowed: no engine gets here (above), but an unknown bot's message should offer them, as the
  // arena takes them.
  return make_bot(spec, error, Engines::Allowed);
}

// "place 2 of --bots, rotation 1": which copy of a bot, since the same engine may be at several
// places and has a copy for each rotation (regression (an audit): a copy that failed its
// handshake was named by its command alone, the same for every copy).
std::string bot_place(size_t index, size_t n) {
  return "place " + std::to_string(index % n) + " of --bots, rotation " + std::to_string(index / n);
}

std::string make_bots(const ArenaConfig& config, Bots& bots) {
  bots.list.clear();
  const size_t n = config.bots.size();
  for (size_t r = 0; r < n; ++r) {
    for (const std::string& spec : config.bots) {
      if (r > 0 && !names_engine(spec)) {
        bots.list.push_back(nullptr);
        continue;
      }
      std::string error;
      bots.list.push_back(make_arena_bot(spec, config.ext_timeout_ms, error));
      if (!bots.list.back()) return bot_place(bots.list.size() - 1, n) + ": " + error;
    }
  }
  bots.last.assign(bots.list.size(), {});
  // Every engine is started before any handshake is waited for, so that a worker's copies start
  // up together: one engine's start-up rather than one each (they were started one after
  // another, so an engine slow to start held each worker that many times as long).
  for (size_t b = 0; b < bots.list.size(); ++b) {
    if (!bots.list[b]) continue;
    if (std::string error = finish_external_start(*bots.list[b]); !error.empty()) {
      return bot_place(b, n) + ": " + error;
    }
  }
  return {};
}

// Adds the outcome of `seat`'s bid (or contract) in deal `r` to `t`.
void tally_bid(Family family, const DealResult& r, int seat, BotTally& t) {
  if (r.thrown_in) return;
  if (family == Family::CallAce) {
    if (r.declarer != seat || r.contract_index < 0) return;
    const int taken = r.tricks[seat] + (r.partner >= 0 ? r.tricks[r.partner] : 0);
    ++t.bids;
    t.made += contract_made(contract_ladder()[r.contract_index], taken);
    return;
  }
  if (r.bids[seat] < 0) return;
  ++t.bids;
  t.made += r.bids[seat] == r.tricks[seat];
  t.over += r.tricks[seat] > r.bids[seat];
  t.under += r.tricks[seat] < r.bids[seat];
}

class Runner {
 public:
  Runner(const ArenaConfig& config, Rules rules, int period)
      : config_(config), rules_(std::move(rules)), period_(period), n_(rules_.players) {}

  // Plays deal set k with `bots` (one per place in the list).
  SetResult play_set(int k, Bots& bots) {
    const int index = k % period_;
    const int first_dealer = (k - index) % n_;  // so that the dealer is k mod N
    SetResult out;
    out.bots.resize(static_cast<size_t>(n_));
    Hands hands{};
    Card turned = kNoCard;
    Kitty kitty = kNoKitty;
    for (int r = 0; r < n_; ++r) {
      std::vector<std::string> seat_bots(static_cast<size_t>(n_));
      for (int i = 0; i < n_; ++i) seat_bots[(i + r) % n_] = config_.bots[i];
      Match match(rules_, seat_bots, first_dealer);
      match.skip_to(index);
      if (r == 0) {
        Rng rng(derive_seed(config_.seed, {kCardStream, static_cast<uint64_t>(k)}));
        match.deal_random(rng);
        hands = match.log().back().hands;
        turned = match.log().back().turned;
        kitty = match.log().back().kitty;
      } else {
        [[maybe_unused]] const std::string bad = match.deal_given(hands, turned, kitty);
        assert(bad.empty());
      }
      for (int i = 0; i < n_; ++i) {
        const int seat = (i + r) % n_;
        const uint64_t seed =
            derive_seed(config_.seed, {kBotStream, static_cast<uint64_t>(k),
                                       static_cast<uint64_t>(r), static_cast<uint64_t>(seat)});
        guarded(where(k, r, seat), i, [&] {
          Bot& bot = bot_at(bots, n_, r, i);
          bot.new_deal(seed);
          if (names_engine(config_.bots[i])) tell_engine_dealt_view(bot, match.dealt_view(seat));
        });
      }
      while (match.in_deal()) {
        // A set of slow bots may take minutes: an interrupt is not kept waiting for its end.
        if (interrupted()) throw Interrupted{};
        if (after_failure(k)) throw Abandoned{};
        const int seat = match.state().to_move();
        const int i = (seat - r + n_) % n_;
        const PlayerView view = match.view(seat);
        Action a;
        const auto start = Clock::now();
        const std::string at =
            where(k, r, seat, static_cast<int>(match.log().back().actions.size()));
        Bots::Answered& last = bots.last[bot_index(bots, n_, r, i)];
        const auto choose = [&] { a = bot_at(bots, n_, r, i).choose(rules_, view); };
        guarded(at, i, choose, &last);
        last = {k, at};
        BotTally& t = out.bots[i];
        const double took = std::chrono::duration<double>(Clock::now() - start).count();
        t.seconds += took;
        t.slowest = std::max(t.slowest, took);
        ++t.decisions;
        if (!view.legal.contains(a)) {
          throw Failure{at + ": bot '" + config_.bots[i] + "' chose an illegal action, '" +
                        to_string(a) + "' (code " + std::to_string(a.code()) +
                        "): " + match.why_illegal(a)};
        }
        match.apply(a);
      }
      const DealResult& res = match.results().back();
      out.thrown_in += res.thrown_in;
      for (int i = 0; i < n_; ++i) {
        const int seat = (i + r) % n_;
        out.bots[i].points += res.contract[seat].as_double();
        tally_bid(rules_.family, res, seat, out.bots[i]);
      }
      if (config_.on_deal) {
        const std::lock_guard lock(mutex_);
        config_.on_deal(ArenaDeal{k, r, seat_bots, match.log().back(), res});
      }
    }
    return out;
  }

  // Runs every deal set on `threads` workers; `first` holds the first worker's bots.
  std::string run(int threads, Bots first, std::vector<SetResult>& sets) {
    sets.assign(static_cast<size_t>(config_.deals), SetResult{});
    completed_.assign(static_cast<size_t>(config_.deals), false);
    std::vector<std::thread> workers;
    for (int w = 1; w < threads; ++w) {
      workers.emplace_back([this, &sets] {
        if (config_.on_worker_start) config_.on_worker_start();
        // A set is taken before any bot is made, so a worker that comes when every set is taken
        // starts no engine (regression: a copy that then failed to start made a run of every
        // set exit 1, "the results of the 6 deal sets before it follow").
        const int k = next_.fetch_add(1);
        if (k >= config_.deals || interrupted() || after_failure(k)) return;
        Bots bots;
        const std::string error = make_bots(config_, bots);
        if (!error.empty()) {
          // The first worker's bots started, so this is the run's failure, not bad input: that
          // of the set this worker took, which no one plays, and the sets before it are kept
          // (regression: every result was dropped, with no set named).
          if (!interrupted()) record_failure(k, "deal set " + std::to_string(k) + ": " + error);
          return;
        }
        work(bots, sets, k);
        finish(bots, k);
      });
    }
    const int k = next_.fetch_add(1);
    work(first, sets, k);
    // Before the other workers' engines are waited for (regression: the first worker's were asked
    // only after them, so engines that ignore `quit` cost two seconds with --threads 2).
    finish(first, k);
    for (auto& t : workers) t.join();
    return failure_;
  }

  // The number of deal sets played whole from set 0 on and before the lowest that failed, once
  // run() has returned: a set played whole fails after all when an engine sent a line not asked
  // for after its last answer in it, found only later.
  int complete_prefix() const {
    const auto gap = std::find(completed_.begin(), completed_.end(), false);
    return std::min(static_cast<int>(gap - completed_.begin()), lowest_failure_.load());
  }

  bool interrupted() const { return config_.interrupt && config_.interrupt->load(); }

 private:
  // "deal set 12, rotation 3, seat 1, action 17": the action is the deal's, counted from 0 as
  // the rest (the number of actions before it), so that the decision that failed can be found;
  // none for what comes before the deal's actions.
  static std::string where(int k, int r, int seat, int action = -1) {
    return "deal set " + std::to_string(k) + ", rotation " + std::to_string(r) + ", seat " +
           std::to_string(seat) + (action >= 0 ? ", action " + std::to_string(action) : "");
  }

  // Runs `f`, turning what a bot throws into a Failure that says where. An engine's line not asked
  // for, sent after its answer to its last choose (`last`) and found as this one began, is told
  // at that choose, and stops the run at its deal set.
  template <typename F>
  void guarded(const std::string& at, int i, F&& f, const Bots::Answered* last = nullptr) {
    try {
      f();
    } catch (const EngineError& e) {
      if (e.after_last_answer() && last != nullptr && last->set >= 0) {
        throw Failure{last->at + ": " + e.what(), last->set};
      }
      throw Failure{at + ": " + e.what()};
    } catch (const std::exception& e) {
      throw Failure{at + ": bot '" + config_.bots[i] + "' failed: " + e.what()};
    }
  }

  // Whether set `k` comes after a set that failed, so that the report, which ends before the
  // lowest set that failed, has no use for it.
  bool after_failure(int k) const { return k > lowest_failure_.load(); }

  // Plays set `k`, which this worker has taken, and the sets it takes after it. A set taken is
  // played whatever fails in a set after it (regression: a worker dropped the set it had taken
  // once another's failed, though it came before the failure, and the report then stopped at
  // that gap: after a failure at set 8, 8 sets reported with one thread, 1 or none with two).
  // Sets are taken in order, so the sets before the lowest failure are all played, whatever the
  // threads.
  void work(Bots& bots, std::vector<SetResult>& sets, int k) {
    for (; k < config_.deals && !interrupted() && !after_failure(k); k = next_.fetch_add(1)) {
      try {
        sets[k] = play_set(k, bots);
      } catch (const Interrupted&) {
        return;
      } catch (const Abandoned&) {
        return;
      } catch (const Failure& f) {
        // After an interrupt an engine fails because the signal's handler killed it.
        if (!interrupted()) record_failure(f.set >= 0 ? f.set : k, f.message);
        return;
      }
      const std::lock_guard lock(mutex_);
      completed_[k] = true;
      ++done_;
      if (config_.on_progress) config_.on_progress(done_);
    }
  }

  // Asks the worker's engines to quit, all of them first, then reads what each still writes
  // within its grace: a line not asked for after its last answer stops the run at the deal set
  // of that answer, told there (at the worker's first set, `first`, if it never answered).
  void finish(Bots& bots, int first) {
    bots.ask_to_quit();
    for (size_t b = 0; b < bots.list.size(); ++b) {
      if (!bots.list[b]) continue;
      const std::string error = finish_engine_output(*bots.list[b]);
      // After an interrupt the engines were killed: nothing they sent counts.
      if (error.empty() || interrupted()) continue;
      const Bots::Answered& last = bots.last[b];
      if (last.set >= 0) {
        record_failure(last.set, last.at + ": " + error);
      } else {
        record_failure(first, "deal set " + std::to_string(first) + ": " +
                                  bot_place(b, config_.bots.size()) + ": " + error);
      }
    }
  }

  // Keeps the failure of the lowest deal set.
  void record_failure(int k, const std::string& message) {
    const std::lock_guard lock(mutex_);
    if (k < lowest_failure_.load()) {
      failure_ = message;
      lowest_failure_.store(k);
    }
  }

  const ArenaConfig& config_;
  const Rules rules_;
  const int period_;
  const int n_;
  std::atomic<int> next_{0};
  // The lowest deal set that failed (INT_MAX while none has); written under mutex_.
  std::atomic<int> lowest_failure_{std::numeric_limits<int>::max()};
  std::mutex mutex_;  // guards the fields below and the callbacks
  int done_ = 0;
  std::vector<bool> completed_;  // by set
  std::string failure_;          // that of lowest_failure_
};

ArenaRun bad_input(std::string error) {
  ArenaRun out;
  out.error = std::move(error);
  out.bad_input = true;
  return out;
}

}  // namespace

bool arena_reproducible(const std::vector<std::string>& bots) {
  return std::none_of(bots.begin(), bots.end(),
                      [](const std::string& spec) { return stops_by_the_clock(spec); });
}

Rules arena_rules(const Rules& rules) {
  Rules r = rules;
  r.zero_play = ZeroPlay::Off;
  // What the arena ignores (and warns of) is reset too, so that the rules reported (the JSON's
  // `options`) and told to engines are those played: two runs that differ only in an ignored
  // option played the same game (regression: streak_bonus=50 and israeli deals=2 were reported,
  // and scripts/arena-pair refused to pair such runs). Each deal is scored alone: no streak
  // bonus nor miss penalty, and their lengths count nothing.
  const Rules plain;
  r.streak_bonus = plain.streak_bonus;
  r.streak_length = plain.streak_length;
  r.streak_one_card = plain.streak_one_card;
  r.miss_penalty = plain.miss_penalty;
  r.miss_length = plain.miss_length;
  // A game to a target is played as one pass of its schedule: its target and cap are unread,
  // so the preset's; an exact-bid game's end is its schedule's, a pass of the same length, and an
  // auction game's the preset's (regression (an audit): call-ace end=target target_score=77 was
  // warned of as ignored, yet engines were told "end": "target"). Israeli whist's preset goes to
  // a target, and keeps it: an auction game cannot end with the schedule.
  if (r.end == GameEnd::Target) {
    const Rules preset = make_preset(r.variant, r.players).value_or(plain);
    r.target_score = preset.target_score;
    r.deal_limit = preset.deal_limit;
    if (r.family == Family::ExactBid) {
      r.end = GameEnd::Schedule;
    } else if (preset.family == r.family && preset.end != GameEnd::Schedule) {
      r.end = preset.end;
    }
  }
  return r;
}

ArenaRun run_arena(const ArenaConfig& config) {
  const auto start = Clock::now();
  if (const std::string e = validate(config.rules); !e.empty()) return bad_input(e);
  const int n = config.rules.players;
  if (const int given = static_cast<int>(config.bots.size()); given != n) {
    std::string message = "expected " + std::to_string(n) + " bots, one for each seat, but got " +
                          std::to_string(given);
    // "--bots expert,heuristic" meant as a match of two bots: say how to write one. One bot is
    // no match (regression: "for a match of those 1 bots, repeat them"): say what one looks like.
    if (given > 1 && given < n && n % given == 0) {
      std::string repeated;
      for (int k = 0; k < n; ++k) repeated += (k ? "," : "") + config.bots[k % given];
      message += "; for a match of those " + std::to_string(given) + " bots, repeat them: --bots " +
                 repeated;
    } else if (given == 1) {
      const std::string other = config.bots[0] == "random" ? "heuristic" : "random";
      message += "; to measure one bot, give it one seat and others the rest, e.g. --bots " +
                 config.bots[0];
      for (int k = 1; k < n; ++k) message += "," + other;
    }
    return bad_input(message);
  }
  if (config.deals < 1) return bad_input("the number of deals must be at least 1");
  if (config.deals > kMaxArenaDeals) {
    return bad_input("the number of deals must be at most " + std::to_string(kMaxArenaDeals));
  }
  if (config.threads < 1) return bad_input("the number of threads must be at least 1");
  if (config.threads > kMaxArenaThreads) {
    return bad_input("the number of threads must be at most " + std::to_string(kMaxArenaThreads));
  }
  if (config.ext_timeout_ms < 1) return bad_input("the engine timeout must be at least 1 ms");
  const Rules rules = arena_rules(config.rules);
  const Schedule schedule(rules);
  const int period =
      schedule.length() ? *schedule.length() : static_cast<int>(schedule.sizes().size());
  if (period < 1) return bad_input("the game's schedule has no deals");

  // The first worker's bots are made here, so that a bad spec is reported before anything runs.
  for (const std::string& spec : config.bots) {
    if (std::string e = new_bot_spec_error(spec); !e.empty()) return bad_input(std::move(e));
  }
  Bots first;
  if (std::string e = make_bots(config, first); !e.empty()) return bad_input(std::move(e));
  ArenaRun out;
  ArenaReport& rep = out.report;
  std::vector<std::string> names, engines;
  for (size_t i = 0; i < config.bots.size(); ++i) {
    names.push_back(first.list[i]->name());
    engines.push_back(engine_name(*first.list[i]));
  }

  std::vector<SetResult> sets;
  Runner runner(config, rules, period);
  out.error = runner.run(std::min(config.threads, config.deals), std::move(first), sets);
  // After a failure or an interrupt, the sets before the first not played whole are reported,
  // not lost with the run; a set after a gap is left out, so that the report is that of a
  // shorter run of the same seed, whatever the threads.
  const int complete = runner.complete_prefix();
  out.interrupted = complete < config.deals && runner.interrupted();
  rep.complete = complete == config.deals;
  rep.interrupted = out.interrupted;
  rep.error = out.error;
  rep.deals_asked = config.deals;
  if (complete == 0) return out;
  sets.resize(static_cast<size_t>(complete));
  out.sets_reported = complete;

  // One entry per distinct spec, in order of first appearance.
  for (int i = 0; i < n; ++i) {
    auto it = std::find_if(rep.specs.begin(), rep.specs.end(),
                           [&](const SpecStats& s) { return s.spec == config.bots[i]; });
    if (it == rep.specs.end()) {
      rep.specs.push_back(SpecStats{});
      it = rep.specs.end() - 1;
      it->spec = config.bots[i];
      it->name = names[i];
      it->engine = engines[i];
    }
    it->positions.push_back(i);
  }
  for (const SetResult& set : sets) {
    rep.thrown_in += set.thrown_in;
    rep.deals_played += n;
    for (SpecStats& s : rep.specs) {
      double points = 0;
      for (int i : s.positions) {
        const BotTally& t = set.bots[i];
        points += t.points;
        s.bids += t.bids;
        s.bids_made += t.made;
        s.bids_over += t.over;
        s.bids_under += t.under;
        s.decisions += t.decisions;
        s.decision_seconds += t.seconds;
        s.slowest_seconds = std::max(s.slowest_seconds, t.slowest);
      }
      s.set_means.push_back(points / static_cast<double>(s.positions.size() * n));
    }
  }
  for (SpecStats& s : rep.specs) s.points = summarize(s.set_means);
  const int specs = static_cast<int>(rep.specs.size());
  for (int a = 0; a < specs; ++a) {
    for (int b = a + 1; b < specs; ++b) {
      std::vector<double> diff;
      for (size_t k = 0; k < sets.size(); ++k) {
        diff.push_back(rep.specs[a].set_means[k] - rep.specs[b].set_means[k]);
      }
      // Where the lowest total wins, more points is worse: no percentage (an empty summary).
      // Nor where the points sum to zero: one bot's points are the others' losses, no total to
      // take a share of (regression: a Call-Ace bot alone against three heuristics, whose mean
      // is exactly -3 times theirs, was "relative to heuristic: -400.0%, 95% CI [-400.0%,
      // -400.0%]", whatever it played).
      const bool no_share = lowest_wins(config.rules.scoring) || points_sum_to_zero(config.rules);
      const Summary percent =
          no_share ? summarize({}) : percent_more(rep.specs[a].set_means, rep.specs[b].set_means);
      rep.differences.push_back({a, b, summarize(diff), percent});
    }
  }
  if (specs == 2) {
    rep.has_difference = true;
    rep.difference = rep.differences[0].summary;
  }
  rep.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return out;
}

}  // namespace whist
