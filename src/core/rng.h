// A seeded random generator: xoshiro256** seeded through splitmix64. Hand written because every
// random choice must reproduce bit for bit from a seed on every platform, which the standard
// library's distributions do not promise.
#pragma once

#include <cstdint>
#include <initializer_list>

#include "core/card_set.h"

namespace whist {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) { reseed(seed); }

  void reseed(uint64_t seed) {
    for (auto& w : s_) {
      seed += 0x9E3779B97F4A7C15ull;
      uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      w = z ^ (z >> 31);
    }
  }

  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n), n > 0, without bias (Lemire's multiply and reject).
  uint32_t below(uint32_t n) {
    uint64_t m = (next() >> 32) * n;
    auto low = static_cast<uint32_t>(m);
    if (low < n) {
      const uint32_t threshold = static_cast<uint32_t>(-n) % n;
      while (low < threshold) {
        m = (next() >> 32) * n;
        low = static_cast<uint32_t>(m);
      }
    }
    return static_cast<uint32_t>(m >> 32);
  }

  // Uniform in [0, 1), on the 2^53 doubles of that grid.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  // A uniformly chosen card of a non-empty set: s.nth(below(s.size())), computed branch free
  // (the hot path of random playouts).
  Card pick(CardSet s) {
#ifdef __BMI2__
    const auto n = static_cast<int>(below(static_cast<uint32_t>(s.size())));
    return Card::from_index(bits::select(s.bits(), n));
#else
    const uint64_t counts = bits::byte_prefix_counts(s.bits());
    const auto n = static_cast<int>(below(static_cast<uint32_t>(counts >> 56)));
    return Card::from_index(bits::select(s.bits(), counts, n));
#endif
  }

  // An independent stream, e.g. one per match of a tournament, so results do not depend on order.
  Rng split() { return Rng(next()); }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4]{};
};

// splitmix64's finalizer: a bijection that spreads every input bit over the output.
constexpr uint64_t mix_bits(uint64_t x) {
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// A seed that depends only on `seed` and `parts` (a stream, a deal, a seat...), never on the
// order work is done in: a tournament, a game or a server table reproduces from its seed.
constexpr uint64_t derive_seed(uint64_t seed, std::initializer_list<uint64_t> parts) {
  uint64_t h = mix_bits(seed);
  for (uint64_t p : parts) h = mix_bits(h ^ mix_bits(p + 0x9E3779B97F4A7C15ull));
  return h;
}

}  // namespace whist
