#include "ai/expert.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>
#include <vector>

#include "ai/heuristic.h"
#include "ai/inference.h"
#include "ai/solver.h"
#include "ai/world.h"
#include "rules/scoring.h"

namespace whist {

ExpertSettings expert_settings(Level level) {
  ExpertSettings s;
  switch (level) {
    case Level::Easy:
      s.worlds = 40;
      s.bid_worlds = 30;
      s.steps = 6000;
      s.min_worlds = 3;
      s.node_budget = 150000;
      s.epimc = 0;
      s.moves = 5;
      break;
    case Level::Normal:
      break;
    case Level::Hard:
      s.worlds = 1000;
      s.bid_worlds = 500;
      s.steps = 600000;
      s.epimc_steps = 1500000;
      s.min_worlds = 16;
      s.node_budget = 8000000;
      break;
    case Level::Max:
      s.worlds = 3000;
      s.bid_worlds = 1500;
      s.steps = 3000000;
      s.epimc_steps = 7500000;
      s.min_worlds = 48;
      s.node_budget = 40000000;
      break;
  }
  return s;
}

namespace {

// A value for each legal option, by its index in the list.
using OptionValues = std::array<double, kMaxLegalActions>;

// Rollout decisions use at least this many worlds whatever their budget.
constexpr int kMinRolloutWorlds = 16;

// Candidate worlds this many log units less likely than the best are not weighed to the end.
constexpr double kCutoff = 15;

// The smallest node limit of one world's solve.
constexpr uint64_t kMinWorldNodes = 20000;

// `legal`, one card per run of cards equivalent for the seat that holds them: cards of a suit
// with no card between them still out (`out`: cards not in its hand nor gone in a finished
// trick). A run is kept as its `favoured` card if it holds it, else as its lowest.
CardSet distinct_cards(CardSet legal, CardSet out, Card favoured = kNoCard) {
  CardSet keep;
  Card prev = kNoCard, kept = kNoCard;
  for (const Card c : legal) {
    const bool same =
        prev != kNoCard && !c.is_joker() && !prev.is_joker() && c.suit() == prev.suit() &&
        (out.bits() & ((uint64_t{1} << c.index()) - (uint64_t{2} << prev.index()))) == 0;
    if (!same) {
      if (kept != kNoCard) keep |= kept;
      kept = c;
    } else if (c == favoured) {
      kept = c;
    }
    prev = c;
  }
  if (kept != kNoCard) keep |= kept;
  return keep;
}

// The view's legal bids (an Israeli contract phase may offer other actions beside them).
ActionList legal_bids(const PlayerView& v) {
  ActionList bids;
  for (const Action a : v.legal) {
    if (a.kind() == ActionKind::Bid) bids.push(a);
  }
  return bids;
}

class ExpertBot final : public Bot {
 public:
  ExpertBot(ExpertSettings settings, std::string name)
      : settings_(settings),
        name_(std::move(name)),
        heuristic_(make_heuristic_bot()),
        model_(make_heuristic_bot()) {}

  std::string name() const override { return name_; }

  void new_deal(uint64_t seed) override {
    rng_.reseed(seed);
    heuristic_->new_deal(seed ^ 0x5DEECE66Dull);
    model_->new_deal(seed ^ 0x2545F4914F6CDD1Dull);
    carried_.clear();
    // Nothing of an earlier deal, whose worlds in the arena's last rotation held this seat's
    // hand of then: positions solved there would solve faster here, and a world that finishes
    // within the node budget counts where one cut short does not, a lean towards the hands this
    // bot held before (regression: the solver's table was kept across deals of the same shape).
    solver_.clear();
  }

  // As a new deal, but for the worlds carried (whist play reseeds before each decision): a
  // decision depends on its seed, its view and those alone, so that whist play, taking a deal up
  // mid-way, rebuilds them by asking the bot its earlier decisions again.
  void reseed(uint64_t seed) override {
    std::unique_ptr<BotMemory> kept = take_memory();
    new_deal(seed);
    give_memory(std::move(kept));
  }

  bool carries() const override { return settings_.carry; }

  std::unique_ptr<BotMemory> take_memory() override {
    if (carried_.empty()) return nullptr;
    auto memory = std::make_unique<Memory>();
    memory->worlds = std::exchange(carried_, {});
    memory->course = std::exchange(carried_course_, {});
    return memory;
  }

  void give_memory(std::unique_ptr<BotMemory> memory) override {
    auto* m = dynamic_cast<Memory*>(memory.get());
    if (m == nullptr || !settings_.carry) return;
    carried_ = std::move(m->worlds);
    carried_course_ = std::move(m->course);
  }

  Action choose(const Rules& rules, const PlayerView& v) override {
    if (v.legal.size == 1) return v.legal.items[0];
    if (v.phase == Phase::Playing) {
      if (settings_.playing == PlaySearch::Solver) return play(rules, v);
      if (settings_.playing == PlaySearch::Rollouts) {
        const int held = v.own_hand.size();
        if (held <= settings_.solver_cards) return play(rules, v);
        return held <= settings_.epimc ? epimc_play(rules, v) : rollout_play(rules, v);
      }
    }
    if (v.phase == Phase::Bidding && !v.own_hand.empty()) {
      if (settings_.bidding == BidSearch::Rollouts) return rollout_bid(rules, v);
      if (settings_.bidding == BidSearch::Solver) return bid(rules, v);
    }
    if (settings_.others && !v.own_hand.empty() && v.phase != Phase::Bidding &&
        v.phase != Phase::Playing) {
      return rollout_other(rules, v);
    }
    return heuristic_->choose(rules, v);
  }

  // The searched decisions (bids, cards) with each option's mean own score and value (the
  // score less the rivalry share of the others') over the worlds sampled; the other phases
  // are the heuristic's, and so is their explanation.
  std::string explain(const Rules& rules, const PlayerView& v) override {
    if (v.legal.size <= 1) return {};
    // The next choice stays what it would have been.
    const Rng saved = rng_;
    std::vector<Holdings> carried = carried_;
    Course course = carried_course_;
    weighed_.clear();
    made_.fill(0);
    switched_ = false;
    explaining_ = true;
    const Action choice = choose(rules, v);
    explaining_ = false;
    rng_ = saved;
    carried_ = std::move(carried);
    carried_course_ = std::move(course);
    if (weighed_.empty()) return heuristic_->explain(rules, v);
    char line[160];
    std::snprintf(line, sizeof line, "over %d sampled deals%s:\n", weighed_worlds_,
                  switched_ ? ", every hand open (another seat plays unlike the model)" : "");
    std::string out = line;
    // Utilities are half points, negated where the lowest total wins.
    const double to_points = (lowest_wins(rules.scoring) ? -1 : 1) * 0.5;
    // Whether a seat has a bid of its own to make (not so in Call-Ace whist's sides).
    const bool bids = v.setup.family != Family::CallAce;
    for (const Weighed& w : weighed_) {
      std::snprintf(line, sizeof line, "%s: expected score %.2f, %+.2f against the others",
                    to_string(w.action).c_str(), w.score * to_points, w.value * 0.5);
      out += line;
      if (bids) {
        std::snprintf(line, sizeof line, ", makes the bid in %.0f%%", 100 * w.made);
        out += line;
      }
      out += "\n";
    }
    return out + "choice: " + to_string(choice) + "\n";
  }

 private:
  struct Weighed {
    Action action;
    double score = 0;
    double value = 0;
    double made = 0;  // the share of the worlds where the seat made its bid
  };

  // Keeps what explain() reports: `key` maps an option to its index in the sums.
  template <typename Key>
  void weigh(const ActionList& options, const OptionValues& value, const OptionValues& score,
             int worlds, Key key) {
    if (!explaining_ || worlds <= 0) return;
    weighed_worlds_ = worlds;
    for (const Action a : options) {
      weighed_.push_back(
          {a, score[key(a)] / worlds, value[key(a)] / worlds, made_[key(a)] / worlds});
    }
  }
  static int card_key(Action a) { return a.card().index(); }
  static int bid_key(Action a) { return a.bid_value(); }

  // `wanted` worlds for the view, drawn `oversample` times over and resampled by the likelihood
  // of the bids made (systematic resampling: likely worlds may appear several times).
  std::vector<Holdings> sample(const Rules& rules, const PlayerView& v, int wanted) {
    std::vector<Holdings> out;
    out.reserve(static_cast<size_t>(wanted));
    const Knowledge k = infer(rules, v);
    const bool weigh =
        settings_.oversample > 1 && (!v.plays.empty() || (bids_informative(v) && [&] {
          for (int p = 0; p < v.players; ++p) {
            if (p != v.seat && v.bids[p] >= 0) return true;
          }
          return false;
        }()));
    const int draws = weigh ? wanted * settings_.oversample : wanted;
    const ModelFit fit{settings_.play_miss, settings_.bid_miss, settings_.bid_cards,
                       settings_.miss_prior, settings_.hit_prior};
    const unsigned all = (1u << v.players) - 1;
    // Whether the worlds' misses are counted, to tell how far the other seats are from the model.
    const bool counting = settings_.adapt > 0 && v.phase == Phase::Playing;
    mismatch_ = 0;
    candidates_.clear();
    weights_.clear();
    logs_.clear();
    misses_.clear();
    Holdings w{};
    double best = -std::numeric_limits<double>::infinity();
    const auto add = [&] {
      candidates_.push_back(w);
      if (!weigh) return;
      // A world less likely than the best so far by a factor of e^kCutoff would almost never
      // be drawn: its replay stops there, and it weighs nothing.
      SeatLogs logs{};
      SeatMisses misses{};
      seat_log_likelihoods(rules, v, w, *model_, fit, all, scratch_, logs, best - kCutoff,
                           counting ? &misses : nullptr);
      const double log = total_log(logs);
      best = std::max(best, log);
      logs_.push_back(logs);
      misses_.push_back(misses);
      weights_.push_back(std::exp(log));
    };
    // The carried worlds first: they set a high `best` early, so unlikely fresh draws stop soon.
    if (weigh && settings_.carry && carried_from(v)) {
      for (const Holdings& old : carried_) {
        if (static_cast<int>(candidates_.size()) >= draws) break;
        if (carry_world(k, old, rng_, w)) add();
      }
    }
    for (int i = static_cast<int>(candidates_.size()); i < draws; ++i) {
      if (!draw_world(k, rng_, w)) break;
      add();
    }
    if (candidates_.empty()) return out;
    if (!weigh) return keep_carried(v, candidates_);
    double total = 0;
    for (double x : weights_) total += x;
    if (!(total > 0))
      return keep_carried(v, {candidates_.begin(),
                              candidates_.begin() + std::min<size_t>(wanted, candidates_.size())});
    // Rounding may carry the last target past the last world that weighs anything.
    while (weights_.back() == 0) {
      weights_.pop_back();
      candidates_.pop_back();
      logs_.pop_back();
      misses_.pop_back();
    }
    const double step = total / wanted;
    double target = rng_.uniform() * step, acc = 0;
    size_t i = 0, last = candidates_.size();
    SeatMisses missing{};  // by seat, the worlds where the model does not explain its choices
    for (int n = 0; n < wanted; ++n) {
      while (i + 1 < candidates_.size() && acc + weights_[i] <= target) acc += weights_[i++];
      out.push_back(candidates_[i]);
      SeatMisses misses = misses_[i];
      // A world drawn once is kept as it is; its copies are moved away from it.
      const bool copy = i == last;
      last = i;
      if (copy && settings_.moves > 0) {
        SeatLogs logs = logs_[i];
        rejuvenate(rules, v, k, *model_, fit, settings_.moves, rng_, scratch_, out.back(), logs,
                   counting ? &misses : nullptr);
      }
      for (int p = 0; p < v.players; ++p) missing[p] += misses[p] > 0;
      target += step;
    }
    for (int p = 0; p < v.players; ++p) {
      mismatch_ = std::max(mismatch_, static_cast<double>(missing[p]) / wanted);
    }
    return keep_carried(v, std::move(out));
  }

  // The course of the deal a view has seen, as far as carrying worlds needs it.
  struct Course {
    int seat = -1, players = 0, cards = 0, dealer = -1;
    CardSet dealt;  // the seat's cards when the play began
    std::vector<PlayedCard> plays;
    std::vector<SeatAction> history;
  };

  // What take_memory() hands out.
  struct Memory final : BotMemory {
    std::vector<Holdings> worlds;
    Course course;
  };

  static CardSet dealt(const PlayerView& v) {
    CardSet cards = v.own_hand;
    for (const PlayedCard& p : v.plays) {
      if (p.seat == v.seat) cards |= p.card;
    }
    return cards;
  }

  static Course course_of(const PlayerView& v) {
    return {v.seat, v.players, v.cards, v.dealer, dealt(v), v.plays, v.history};
  }

  // Whether the worlds carried were drawn earlier in the deal this view continues (not, say,
  // for a later position that an undo took back).
  bool carried_from(const PlayerView& v) const {
    const Course& c = carried_course_;
    if (carried_.empty() || c.seat != v.seat || c.players != v.players || c.cards != v.cards ||
        c.dealer != v.dealer || c.plays.size() > v.plays.size() ||
        c.history.size() > v.history.size()) {
      return false;
    }
    return dealt(v) == c.dealt && std::equal(c.plays.begin(), c.plays.end(), v.plays.begin()) &&
           std::equal(c.history.begin(), c.history.end(), v.history.begin());
  }

  // Keeps `worlds` to be carried to the seat's next decision, and returns them.
  std::vector<Holdings> keep_carried(const PlayerView& v, std::vector<Holdings> worlds) {
    if (settings_.carry) {
      carried_ = worlds;
      carried_course_ = course_of(v);
    }
    return worlds;
  }

  Action play(const Rules& rules, const PlayerView& v) {
    return solve_play(rules, v, sample(rules, v, affordable_worlds(v, 1, settings_.worlds)));
  }

  // Perfect-information Monte Carlo: each legal card scored by the open-card solver in every
  // world, within the node budget.
  Action solve_play(const Rules& rules, const PlayerView& v, const std::vector<Holdings>& worlds) {
    if (worlds.empty()) return heuristic_->choose(rules, v);
    OptionValues sum{}, own{};
    uint64_t nodes = 0;
    int solved = 0, tried = 0;
    // A world whose tree is too large for its share of the budget is left out rather than
    // guessed at (an unfinished search has no value); early 13-card tricks need this.
    solver_.set_node_limit(
        std::max<uint64_t>(settings_.node_budget / settings_.min_worlds, kMinWorldNodes));
    for (const Holdings& w : worlds) {
      DealState world = build_world(v, w);
      const SolverGoals goals = goals_for(rules, world);
      RootValues values;
      solver_.solve_root(world, goals, values);
      ++tried;
      nodes += solver_.nodes();
      if (values.exact) {
        for (const Action a : v.legal) {
          sum[a.card().index()] += relative_value(v, values.all_of(a.card()));
          if (explaining_) {
            const int u = values.all_of(a.card())[v.seat];
            own[a.card().index()] += u;
            // Exact-bid goals peak only at the bid: the best utility is the contract made.
            made_[a.card().index()] +=
                u == *std::max_element(goals.utility[v.seat].begin(),
                                       goals.utility[v.seat].begin() + world.cards() + 1);
          }
        }
        ++solved;
      }
      if (tried >= settings_.min_worlds && nodes >= settings_.node_budget) break;
    }
    solver_.set_node_limit(0);
    weigh(v.legal, sum, own, solved, card_key);
    const Action preferred = heuristic_->choose(rules, v);
    if (solved == 0) return preferred;
    Action best = preferred;
    for (const Action a : v.legal) {
      const double x = sum[a.card().index()], b = sum[best.card().index()];
      if (x > b + 1e-9) best = a;
    }
    return best;
  }

  // The seat's utility less a share of the others' mean: a game is won against the other
  // players, so a card that sets an opponent's contract at no cost is worth playing. Call-Ace
  // goals already oppose the sides.
  double relative_value(const PlayerView& v, const Values& all) const {
    const double own = all[static_cast<size_t>(v.seat)];
    if (settings_.rivalry == 0 || v.setup.family == Family::CallAce || v.players < 2) return own;
    double others = 0;
    for (int p = 0; p < v.players; ++p) {
      if (p != v.seat) others += all[static_cast<size_t>(p)];
    }
    return own - settings_.rivalry / 100.0 * others / (v.players - 1);
  }

  // Bidding by rollouts: in each sampled world, every legal bid is played to the end of the
  // deal with the model deciding for every seat (the bids still to come and the play), and the
  // bid with the best mean score (less the rivalry share of the others') wins. The model's play
  // is what the bid will meet at a real table, so the tricks are those a bid really takes; the
  // open-card solver's are too many (it never misguesses) and bid worse.
  Action rollout_bid(const Rules& rules, const PlayerView& v) {
    const ActionList bids = legal_bids(v);
    if (bids.size == 0) return heuristic_->choose(rules, v);
    if (bids.size == 1) return bids.items[0];
    const std::vector<Holdings> worlds =
        sample(rules, v, affordable_worlds(v, bids.size, settings_.bid_worlds));
    if (worlds.empty()) return heuristic_bid(rules, v);
    OptionValues sum{}, own{};
    for (const Holdings& w : worlds) {
      const DealState world = build_world(v, w);
      for (const Action b : bids) {
        sum[b.bid_value()] +=
            rollout(rules, v, world, b, explaining_ ? &own[b.bid_value()] : nullptr,
                    explaining_ ? &made_[b.bid_value()] : nullptr);
      }
    }
    weigh(bids, sum, own, static_cast<int>(worlds.size()), bid_key);
    Action best = heuristic_bid(rules, v);
    if (best.kind() != ActionKind::Bid) best = bids.items[0];
    for (const Action b : bids) {
      if (sum[b.bid_value()] > sum[best.bid_value()] + 1e-9) best = b;
    }
    return best;
  }

  // How many worlds a rollout decision affords within its budget of model decisions: each world
  // costs one playout of the rest of the deal per option, and weighing it replays the deal so
  // far `oversample` times over. Deterministic, so a seed still replays a game.
  int affordable_worlds(const PlayerView& v, int options, int wanted, uint64_t steps = 0) const {
    if (steps == 0) steps = settings_.steps;
    const int64_t played = static_cast<int64_t>(v.plays.size());
    const int64_t rest = int64_t{v.players} * v.cards - played + v.players;
    // A Metropolis move replays two seats' choices, most only up to their first miss: counted
    // all the same as the whole replay, as counted lighter the worlds it buys took oh-hell's
    // slowest decisions past normal's 100 ms.
    const int64_t per_world = options * rest + settings_.oversample * (played + v.players) +
                              int64_t{settings_.moves} * (played + v.players);
    const int64_t can = static_cast<int64_t>(steps) / std::max<int64_t>(per_world, 1);
    return static_cast<int>(std::clamp<int64_t>(can, std::min(kMinRolloutWorlds, wanted), wanted));
  }

  // The seat's relative score (relative_value) when `first` is played in `world` and the model
  // decides everything after it, for every seat.
  double rollout(const Rules& rules, const PlayerView& v, const DealState& world, Action first,
                 double* own = nullptr, double* made = nullptr) {
    DealState st = world;
    DealState::Undo u;
    st.apply(first, u);
    for (int guard = 0; !st.done() && guard < 4 * kMaxPlays; ++guard) {
      make_view_into(st, st.to_move(), scratch_.seat);
      st.apply(model_->choose(rules, scratch_.seat), u);
    }
    return end_value(rules, v, st, own, made);
  }

  // The seat's relative score at the end of deal `st`; `own` and `made` as in rollout().
  double end_value(const Rules& rules, const PlayerView& v, const DealState& st, double* own,
                   double* made) const {
    Values end{};
    // A hand thrown in after auctions without a bid scores nothing for anyone.
    const SolverGoals goals = st.thrown_in() ? SolverGoals{} : goals_for(rules, st);
    for (int p = 0; p < v.players && !st.thrown_in(); ++p) {
      int t = 0;
      const unsigned counted = goals.counted[p] != 0 ? goals.counted[p] : 1u << p;
      for (int q = 0; q < v.players; ++q) {
        if (counted >> q & 1) t += st.tricks_won(q);
      }
      end[static_cast<size_t>(p)] = goals.utility[p][t];
    }
    if (own != nullptr) *own += end[static_cast<size_t>(v.seat)];
    if (made != nullptr) *made += st.bid(v.seat) >= 0 && st.tricks_won(v.seat) == st.bid(v.seat);
    return relative_value(v, end);
  }

  // Card play by rollouts: each legal card in every sampled world, the model playing on.
  Action rollout_play(const Rules& rules, const PlayerView& v) {
    const std::vector<Holdings> worlds =
        sample(rules, v, affordable_worlds(v, v.legal.size, settings_.worlds));
    if (unlike_model()) return switch_to_solver(rules, v, worlds);
    return rollout_choice(rules, v, worlds, card_key);
  }

  // Whether the worlds just sampled say that some other seat does not decide as the model: in
  // `adapt` percent of them or more, it made a choice unlike the model's. Rollouts
  // then predict it wrongly, and the open-card solver, which assumes every seat plays well,
  // does better (docs/strength.md: 8-card romanian deals against ISMCTS seats).
  bool unlike_model() const { return settings_.adapt > 0 && mismatch_ * 100 >= settings_.adapt; }

  Action switch_to_solver(const Rules& rules, const PlayerView& v,
                          const std::vector<Holdings>& worlds) {
    switched_ = true;
    return solve_play(rules, v, worlds);
  }

  // EPIMC over rollouts (Arjonilla, Saffidine and Cazenave, 2024, with the model's rollouts as
  // the leaves): each card is played in every world and the model plays the others up to the
  // seat's next turn. There the seat's next card is searched too, but as the seat would choose
  // it: one card for all the worlds that reached the same public cards in between (one of the
  // seat's information sets), the one with the best sum over them. A card's value is the sum
  // over its information sets of that best sum. Plain rollouts let the model choose the seat's
  // next card (weaker than the seat); choosing it world by world would fuse strategies the seat
  // cannot follow. Cards equivalent for the seat are searched once (distinct_cards).
  Action epimc_play(const Rules& rules, const PlayerView& v) {
    const CardSet deck = rules.deck_cards();
    const int root = static_cast<int>(v.plays.size());
    CardSet gone;  // the cards of the finished tricks
    for (int i = 0; i < root - root % v.players; ++i) gone |= v.plays[static_cast<size_t>(i)].card;
    CardSet legal;
    for (const Action a : v.legal) legal |= a.card();
    const Action preferred = heuristic_->choose(rules, v);
    const CardSet out = deck - v.own_hand - gone;
    const CardSet options = distinct_cards(legal, out, preferred.card());
    const int next = std::max(1, distinct_cards(v.own_hand, out).size() - 1);
    const std::vector<Holdings> worlds = sample(
        rules, v,
        affordable_worlds(v, options.size() * next, settings_.worlds, settings_.epimc_steps));
    if (worlds.empty()) return preferred;
    if (unlike_model()) return switch_to_solver(rules, v, worlds);
    OptionValues sum{}, own{};
    ActionList searched;
    for (const Card card : options) {
      const Action a = Action::play(card);
      searched.push(a);
      leaves_.clear();
      for (const Holdings& w : worlds) leaves_.push_back(epimc_leaf(rules, v, w, a, deck));
      // Worlds the seat cannot tell apart at its next turn share one card.
      order_.resize(leaves_.size());
      for (size_t i = 0; i < order_.size(); ++i) order_[i] = static_cast<uint32_t>(i);
      std::sort(order_.begin(), order_.end(),
                [this](uint32_t x, uint32_t y) { return leaves_[x].key < leaves_[y].key; });
      const int k = card_key(a);
      for (size_t i = 0; i < order_.size();) {
        const Leaf& first = leaves_[order_[i]];
        size_t j = i;
        Leaf group;  // the sums over the information set
        for (; j < order_.size() && leaves_[order_[j]].key == first.key; ++j) {
          const Leaf& leaf = leaves_[order_[j]];
          for (const Card b : leaf.next) {
            group.value[b.index()] += leaf.value[b.index()];
            group.own[b.index()] += leaf.own[b.index()];
            group.made[b.index()] += leaf.made[b.index()];
          }
        }
        Card best = first.next.lowest();
        for (const Card b : first.next) {
          if (group.value[b.index()] > group.value[best.index()] + 1e-9) best = b;
        }
        sum[k] += group.value[best.index()];
        own[k] += group.own[best.index()];
        made_[k] += group.made[best.index()];
        i = j;
      }
    }
    weigh(searched, sum, own, static_cast<int>(worlds.size()), card_key);
    Action best = preferred;
    for (const Action a : searched) {
      if (sum[card_key(a)] > sum[card_key(best)] + 1e-9) best = a;
    }
    return best;
  }

  // One world's outcome at the seat's next turn (epimc_play): the public cards played since the
  // searched card (hashed), and the rollout of each of the seat's distinct next cards; a deal
  // that ends first has one "next card", the first card of the trick after the last.
  struct Leaf {
    uint64_t key = 0;
    CardSet next;
    OptionValues value{}, own{}, made{};
  };

  Leaf epimc_leaf(const Rules& rules, const PlayerView& v, const Holdings& w, Action a,
                  CardSet deck) {
    DealState st = build_world(v, w);
    DealState::Undo u;
    st.apply(a, u);
    for (int guard = 0; !st.done() && st.to_move() != v.seat && guard < 4 * kMaxPlays; ++guard) {
      make_view_into(st, st.to_move(), scratch_.seat);
      st.apply(model_->choose(rules, scratch_.seat), u);
    }
    Leaf leaf;
    for (int i = static_cast<int>(v.plays.size()) + 1; i < st.num_plays(); ++i) {
      leaf.key = leaf.key * 0x100000001B3ull + static_cast<uint64_t>(st.play_at(i).index() + 1);
    }
    double* own = explaining_ ? leaf.own.data() : nullptr;
    double* made = explaining_ ? leaf.made.data() : nullptr;
    if (st.done()) {
      leaf.next = CardSet(Card::from_index(0));
      leaf.value[0] = end_value(rules, v, st, own, made);
      return leaf;
    }
    CardSet table;
    for (int i = 0; i < st.trick_size(); ++i) table |= st.trick_card(i);
    leaf.next = distinct_cards(st.legal_cards(), deck - st.hand(v.seat) - (st.played() - table));
    for (const Card b : leaf.next) {
      const int i = b.index();
      leaf.value[i] = rollout(rules, v, st, Action::play(b), own ? own + i : nullptr,
                              made ? made + i : nullptr);
    }
    return leaf;
  }

  // Any other phase by rollouts (the Israeli auction and passing, Call-Ace contracts, trump,
  // call and kitty, one-card modes, zero play): each legal action, indexed by its place in the
  // list.
  Action rollout_other(const Rules& rules, const PlayerView& v) {
    if (v.legal.size > 64) return heuristic_->choose(rules, v);
    const ActionList& legal = v.legal;
    const std::vector<Holdings> worlds =
        sample(rules, v, affordable_worlds(v, legal.size, settings_.bid_worlds));
    return rollout_choice(rules, v, worlds, [&legal](Action a) {
      return static_cast<int>(std::find(legal.begin(), legal.end(), a) - legal.begin());
    });
  }

  // The legal action with the best mean value over rollouts in `worlds`; ties and an empty
  // sample go to the heuristic's choice. `key` maps each legal action to its own index below 64.
  template <typename Key>
  Action rollout_choice(const Rules& rules, const PlayerView& v,
                        const std::vector<Holdings>& worlds, Key key) {
    const Action preferred = heuristic_->choose(rules, v);
    if (worlds.empty()) return preferred;
    OptionValues sum{}, own{};
    for (const Holdings& w : worlds) {
      const DealState world = build_world(v, w);
      for (const Action a : v.legal) {
        sum[key(a)] += rollout(rules, v, world, a, explaining_ ? &own[key(a)] : nullptr,
                               explaining_ ? &made_[key(a)] : nullptr);
      }
    }
    weigh(v.legal, sum, own, static_cast<int>(worlds.size()), key);
    Action best = preferred;
    for (const Action a : v.legal) {
      if (sum[key(a)] > sum[key(best)] + 1e-9) best = a;
    }
    return best;
  }

  Action bid(const Rules& rules, const PlayerView& v) {
    const ActionList bids = legal_bids(v);
    if (bids.size == 0) return heuristic_->choose(rules, v);
    if (bids.size == 1) return bids.items[0];
    const std::vector<Holdings> worlds = sample(rules, v, settings_.bid_worlds);
    if (worlds.empty()) return heuristic_bid(rules, v);
    const CardSet deck = rules.deck_cards();
    OptionValues sum{};
    for (const Holdings& w : worlds) {
      Position pos;
      for (int p = 0; p < v.players; ++p) {
        pos.hands[p] = w[p];
        pos.bids[p] = static_cast<int8_t>(v.bids[p]);
      }
      double last_est = 0;
      const int last = predict_bids(v, w, deck, pos.bids, last_est);
      const std::array<int8_t, kMaxPlayers> predicted = pos.bids;
      pos.phase = Phase::Playing;
      pos.first_leader =
          v.setup.family == Family::Israeli ? v.auction.declarer : (v.dealer + 1) % v.players;
      pos.to_move = pos.first_leader;
      pos.trump = v.trump;
      pos.mode = v.mode;
      pos.zero_open = v.setup.zero_play_open;
      pos.zero_announced = v.zero_announced;
      pos.auction = v.auction;
      for (const Action b : bids) {
        pos.bids = predicted;
        pos.bids[v.seat] = static_cast<int8_t>(b.bid_value());
        respect_hook(v, last, last_est, pos.bids);
        DealState world = DealState::from_position(v.setup, pos);
        const SolverGoals goals = goals_for(rules, world);
        sum[b.bid_value()] += solver_.solve(world, goals)[v.seat];
      }
    }
    weigh(bids, sum, sum, static_cast<int>(worlds.size()), bid_key);
    Action best = bids.items[0];
    for (const Action b : bids) {
      if (sum[b.bid_value()] > sum[best.bid_value()] + 1e-9) best = b;
    }
    return best;
  }

  // The bids of the seats still to speak, from each world's hands: the rounded trick estimate.
  // Returns the last of them to speak (-1 if none) and sets its estimate in `last_est`.
  static int predict_bids(const PlayerView& v, const Holdings& w, CardSet deck,
                          std::array<int8_t, kMaxPlayers>& bids, double& last_est) {
    int last = -1;
    for (int i = 0; i < v.players; ++i) {
      const int q = (first_bidder(v) + i) % v.players;
      if (q == v.seat || bids[q] >= 0) continue;
      const double est = estimate_tricks(w[q], v.trump, v.players, v.cards, deck);
      bids[q] = static_cast<int8_t>(std::clamp(static_cast<int>(std::lround(est)), 0, v.cards));
      last = q;
      last_est = est;
    }
    return last;
  }

  // Under the hook the last speaker may not make the bids sum to the cards: it moves one
  // trick towards its estimate.
  static void respect_hook(const PlayerView& v, int last, double last_est,
                           std::array<int8_t, kMaxPlayers>& bids) {
    if (!v.setup.hook || last < 0) return;
    int sum = 0;
    for (int p = 0; p < v.players; ++p) sum += bids[p];
    if (sum != v.cards) return;
    const int up = bids[last] + 1, down = bids[last] - 1;
    const bool go_up = down < 0 || (up <= v.cards && last_est > bids[last]);
    bids[last] = static_cast<int8_t>(go_up ? up : down);
  }

  ExpertSettings settings_;
  std::string name_;
  std::unique_ptr<Bot> heuristic_;
  std::unique_ptr<Bot> model_;  // how the other players are taken to decide
  Solver solver_;
  std::vector<Holdings> candidates_;
  std::vector<double> weights_;
  std::vector<SeatLogs> logs_;      // of each candidate world, by seat
  std::vector<SeatMisses> misses_;  // ... and its choices unlike the model's, with `adapt`
  std::vector<Holdings> carried_;   // the last decision's worlds, with `carry`
  Course carried_course_;           // ... and the course of the deal they were drawn for
  // The largest share of the last sample's worlds in which one seat chose unlike the model.
  double mismatch_ = 0;
  ReplayScratch scratch_;        // the model's views in playouts and replays, their storage kept
  std::vector<Leaf> leaves_;     // epimc_play: one per world
  std::vector<uint32_t> order_;  // ... sorted by information set
  bool explaining_ = false;
  bool switched_ = false;  // explain(): the card was the solver's, as unlike_model() said
  std::vector<Weighed> weighed_;
  int weighed_worlds_ = 0;
  OptionValues made_{};  // explain(): worlds where each option made the bid
};

}  // namespace

std::unique_ptr<Bot> make_expert_bot(const BotParams& params, std::string& error) {
  ExpertSettings s = expert_settings(params.level);
  params.check_keys({"worlds",    "bid_worlds", "budget",       "oversample",  "bidding",
                     "playing",   "rivalry",    "solver_cards", "steps",       "others",
                     "play_miss", "bid_miss",   "epimc",        "epimc_steps", "bid_cards",
                     "moves",     "miss_prior", "hit_prior",    "adapt",       "carry"},
                    error);
  s.bidding =
      static_cast<BidSearch>(params.get_int("bidding", static_cast<int>(s.bidding), 0, 2, error));
  s.steps = static_cast<uint64_t>(
                params.get_int("steps", static_cast<int>(s.steps / 1000), 1, 1000000, error)) *
            1000;
  s.others = params.get_int("others", s.others, 0, 1, error) != 0;
  s.epimc = params.get_int("epimc", s.epimc, 0, kMaxTricks, error);
  s.epimc_steps = static_cast<uint64_t>(params.get_int(
                      "epimc_steps", static_cast<int>(s.epimc_steps / 1000), 0, 1000000, error)) *
                  1000;
  s.solver_cards = params.get_int("solver_cards", s.solver_cards, 0, kMaxTricks, error);
  s.rivalry = params.get_int("rivalry", s.rivalry, 0, 100, error);
  s.playing =
      static_cast<PlaySearch>(params.get_int("playing", static_cast<int>(s.playing), 0, 2, error));
  s.worlds = params.get_int("worlds", s.worlds, 1, 10000, error);
  s.min_worlds = std::min(s.min_worlds, s.worlds);
  s.bid_worlds = params.get_int("bid_worlds", s.bid_worlds, 1, 10000, error);
  s.node_budget = static_cast<uint64_t>(params.get_int(
                      "budget", static_cast<int>(s.node_budget / 1000), 1, 1000000, error)) *
                  1000;
  s.oversample = params.get_int("oversample", s.oversample, 1, 100, error);
  s.play_miss = params.get_int("play_miss", s.play_miss, 1, 100, error);
  s.bid_miss = params.get_int("bid_miss", s.bid_miss, 0, 1000, error);
  s.bid_cards = params.get_int("bid_cards", s.bid_cards, 0, kMaxTricks, error);
  s.moves = params.get_int("moves", s.moves, 0, 1000, error);
  s.miss_prior = params.get_int("miss_prior", s.miss_prior, 0, 10000, error);
  s.hit_prior = params.get_int("hit_prior", s.hit_prior, 1, 100000, error);
  s.adapt = params.get_int("adapt", s.adapt, 0, 100, error);
  s.carry = params.get_int("carry", s.carry, 0, 1, error) != 0;
  if (!error.empty()) return nullptr;
  std::string name = "expert:" + std::string(level_name(params.level));
  for (const auto& [key, value] : params.values) name += ":" + key + "=" + value;
  return std::make_unique<ExpertBot>(s, name);
}

}  // namespace whist
