#include "ai/random_bot.h"

namespace whist {

namespace {

class RandomBot final : public Bot {
 public:
  std::string name() const override { return "random"; }
  Action choose(const Rules& /*rules*/, const PlayerView& view) override {
    return view.legal.items[rng_.below(static_cast<uint32_t>(view.legal.size))];
  }
};

}  // namespace

std::unique_ptr<Bot> make_random_bot() { return std::make_unique<RandomBot>(); }

}  // namespace whist
