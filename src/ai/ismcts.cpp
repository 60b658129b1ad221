#include "ai/ismcts.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <utility>

#include "ai/world.h"

namespace whist {

namespace {

// A set of action codes (all below 704), rebuilt at every node of a descent: which legal actions
// have no child yet.
class ActionMask {
 public:
  explicit ActionMask(const ActionList& legal) {
    for (Action a : legal) {
      words_[a.code() >> 6] |= uint64_t{1} << (a.code() & 63);
      ++count_;
    }
  }
  bool test(Action a) const { return words_[a.code() >> 6] >> (a.code() & 63) & 1; }
  void reset(Action a) {
    words_[a.code() >> 6] &= ~(uint64_t{1} << (a.code() & 63));
    --count_;
  }
  int count() const { return count_; }

 private:
  std::array<uint64_t, 11> words_{};
  int count_ = 0;
};

// The actions the tree weighs: the legal ones but a zero-play announcement (see ismcts.h).
ActionList tree_actions(const DealState& state) {
  ActionList legal = state.legal_actions();
  if (state.phase() != Phase::Bidding) return legal;
  ActionList out;
  for (Action a : legal) {
    if (a.kind() != ActionKind::AnnounceZero) out.push(a);
  }
  return out.size > 0 ? out : legal;
}

// More actions than a deal takes in practice (a longer path would only reallocate).
constexpr size_t kMaxDepth = 512;

class Search {
 public:
  // Runs the search; false when no world could be drawn.
  bool run(const IsmctsConfig& config, const Rules& rules, const PlayerView& view, Rng& rng) {
    config_ = &config;
    rules_ = &rules;
    rng_ = &rng;
    nodes_.clear();
    // Each iteration adds at most one node: reserving them all up front keeps the loop free of
    // allocation (and the bot's pool keeps its memory from one decision to the next).
    nodes_.reserve(static_cast<size_t>(config.iterations) + 1);
    path_.reserve(kMaxDepth);
    nodes_.push_back(Node{});
    scale_ = 1;
    const Knowledge knowledge = infer(rules, view);
    Holdings holdings{};
    const auto start = std::chrono::steady_clock::now();
    for (int it = 0; it < config.iterations; ++it) {
      if (config.ms > 0 && it % 16 == 0 && it > 0) {
        const auto spent = std::chrono::steady_clock::now() - start;
        if (spent >= std::chrono::milliseconds(config.ms)) break;
      }
      if (!draw_world(knowledge, rng, holdings)) {
        if (it == 0) return false;
        continue;
      }
      DealState world = build_world(view, holdings);
      iterate(world);
    }
    return true;
  }

  // The root's children among `legal`, most visited first (ties: the better mean).
  std::vector<IsmctsRootStat> root_stats(const ActionList& legal) const {
    std::vector<IsmctsRootStat> out;
    for (int32_t ch = nodes_[0].first_child; ch >= 0; ch = nodes_[ch].next_sibling) {
      const Node& c = nodes_[ch];
      if (!legal.contains(c.action)) continue;
      out.push_back({c.action, static_cast<int>(c.visits), c.sum / c.visits});
    }
    // Ties of both keep the children's order. Not std::stable_sort: with libstdc++ 12 under
    // clang (the sanitizer build) its temporary buffer warns as deprecated in C++20.
    std::vector<size_t> order(out.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::sort(order.begin(), order.end(), [&](size_t i, size_t j) {
      if (out[i].visits != out[j].visits) return out[i].visits > out[j].visits;
      if (out[i].mean > out[j].mean) return true;
      if (out[j].mean > out[i].mean) return false;
      return i < j;
    });
    std::vector<IsmctsRootStat> sorted;
    sorted.reserve(out.size());
    for (size_t i : order) sorted.push_back(out[i]);
    return sorted;
  }

 private:
  struct Node {
    Action action;      // the action into this node
    uint8_t mover = 0;  // the seat that took it: the node keeps its reward
    int32_t first_child = -1;
    int32_t next_sibling = -1;
    uint32_t visits = 0;
    uint32_t avail = 0;  // visits to the parent in which this action was legal
    double sum = 0;      // the mover's rewards, in points
  };

  void iterate(DealState& state) {
    path_.clear();
    int32_t node = 0;
    DealState::Undo undo;
    const double norm = 0.5 / scale_;  // rewards in [-scale, scale] span a range of one
    const double explore = config_->c / 100.0;
    while (!state.done()) {
      const ActionList legal = tree_actions(state);
      ActionMask untried(legal);
      int32_t best = -1;
      double best_value = -1e300;
      for (int32_t ch = nodes_[node].first_child; ch >= 0; ch = nodes_[ch].next_sibling) {
        Node& c = nodes_[ch];
        if (!untried.test(c.action)) continue;  // not legal in this world
        untried.reset(c.action);
        ++c.avail;
        const double value = c.sum * norm / c.visits +
                             explore * std::sqrt(std::log(static_cast<double>(c.avail)) / c.visits);
        if (value > best_value) {
          best_value = value;
          best = ch;
        }
      }
      if (untried.count() > 0) {
        // Expand one untried action, chosen at random.
        int k = static_cast<int>(rng_->below(static_cast<uint32_t>(untried.count())));
        Action a;
        for (Action x : legal) {
          if (untried.test(x) && k-- == 0) {
            a = x;
            break;
          }
        }
        Node child;
        child.action = a;
        child.mover = static_cast<uint8_t>(state.to_move());
        child.next_sibling = nodes_[node].first_child;
        child.avail = 1;
        const auto index = static_cast<int32_t>(nodes_.size());
        nodes_.push_back(child);
        nodes_[node].first_child = index;
        path_.push_back(index);
        state.apply(a, undo);
        break;
      }
      path_.push_back(best);
      state.apply(nodes_[best].action, undo);
      node = best;
    }
    rollout(state, *rng_, config_->rollout);
    const Rewards r = deal_rewards(*rules_, state);
    for (int p = 0; p < state.players(); ++p) scale_ = std::max(scale_, std::abs(r[p]));
    for (const int32_t i : path_) {
      Node& n = nodes_[i];
      ++n.visits;
      n.sum += r[n.mover];
    }
  }

  const IsmctsConfig* config_ = nullptr;
  const Rules* rules_ = nullptr;
  Rng* rng_ = nullptr;
  std::vector<Node> nodes_;
  std::vector<int32_t> path_;
  double scale_ = 1;
};

class IsmctsBot final : public Bot {
 public:
  IsmctsBot(IsmctsConfig config, std::string name) : config_(config), name_(std::move(name)) {}

  std::string name() const override { return name_; }

  Action choose(const Rules& rules, const PlayerView& view) override {
    if (view.legal.size == 1) return view.legal.items[0];
    if (view.phase == Phase::Passing)
      return Action::pass_card(pass_choice(view.own_hand - view.choosing));
    if (search_.run(config_, rules, view, rng_)) {
      const std::vector<IsmctsRootStat> stats = search_.root_stats(view.legal);
      if (!stats.empty()) return stats.front().action;
    }
    return view.legal.items[rng_.below(static_cast<uint32_t>(view.legal.size))];
  }

  std::string explain(const Rules& rules, const PlayerView& view) override {
    if (view.legal.size <= 1 || view.phase == Phase::Passing) return {};
    Rng rng = rng_;  // the next choice stays what it would have been
    std::string out;
    for (const IsmctsRootStat& s : ismcts_search(config_, rules, view, rng)) {
      char mean[32];
      std::snprintf(mean, sizeof mean, "%.2f", s.mean);
      out += to_string(s.action) + ": " + std::to_string(s.visits) + " visits, mean " + mean +
             " points\n";
    }
    return out;
  }

 private:
  IsmctsConfig config_;
  std::string name_;
  Search search_;
};

}  // namespace

IsmctsConfig ismcts_config(const BotParams& params, std::string& error) {
  IsmctsConfig config;
  params.check_keys({"iterations", "c", "rollout", "ms"}, error);
  config.iterations =
      params.get_int("iterations", kIsmctsIterations[static_cast<int>(params.level)], 1,
                     kIsmctsMaxIterations, error);
  config.c = params.get_int("c", config.c, 0, 1000, error);
  config.rollout = params.get_int("rollout", 1, 0, 1, error) == 0 ? RolloutPolicy::Random
                                                                  : RolloutPolicy::Heuristic;
  config.ms = params.get_int("ms", 0, 0, IsmctsConfig::kMaxMs, error);
  return config;
}

std::unique_ptr<Bot> make_ismcts_bot(const BotParams& params, std::string& error) {
  const IsmctsConfig config = ismcts_config(params, error);
  if (!error.empty()) return nullptr;
  std::string name = "ismcts:" + std::string(level_name(params.level));
  for (const auto& [k, v] : params.values) name += ":" + k + "=" + v;
  return std::make_unique<IsmctsBot>(config, name);
}

std::vector<IsmctsRootStat> ismcts_search(const IsmctsConfig& config, const Rules& rules,
                                          const PlayerView& view, Rng& rng) {
  Search search;
  if (!search.run(config, rules, view, rng)) return {};
  return search.root_stats(view.legal);
}

}  // namespace whist
