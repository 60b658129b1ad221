// The solver's transposition table (internal to the solver, see solver.h): fixed size, allocated
// once, 64-byte buckets of four 16-byte entries, cleared in O(1) per solve by a generation count.
#pragma once

#include <array>
#include <climits>
#include <cstdint>
#include <memory>

namespace whist::solver_detail {

// A multiply–xorshift step.
inline uint64_t mix(uint64_t h, uint64_t w) {
  h = (h ^ w) * 0x9E3779B97F4A7C15ull;
  return h ^ (h >> 32);
}

// MurmurHash3's finaliser.
inline uint64_t finish(uint64_t k) {
  k ^= k >> 33;
  k *= 0xFF51AFD7ED558CCDull;
  k ^= k >> 33;
  k *= 0xC4CEB9FE1A85EC53ull;
  return k ^ (k >> 33);
}

// NH (the hash of UMAC): a sum of 128-bit products of key-offset word pairs, folded and
// finished. Three independent multiplications rather than a chain of six.
inline uint64_t nh(const std::array<uint64_t, 6>& w, const std::array<uint64_t, 6>& k) {
  __extension__ typedef unsigned __int128 U128;  // GCC and Clang
  const U128 sum = U128(w[0] + k[0]) * (w[1] + k[1]) + U128(w[2] + k[2]) * (w[3] + k[3]) +
                   U128(w[4] + k[4]) * (w[5] + k[5]);
  return finish(static_cast<uint64_t>(sum >> 64) ^ static_cast<uint64_t>(sum));
}

// A position's two independent hashes of the same words: `key` (64 bits, stored whole) and
// `other`, whose low bits choose the bucket and whose top 16 bits are stored as a check word.
struct TableKey {  // no initialisers: the search keeps arrays of them uninitialised
  uint64_t key;
  uint64_t other;
};

inline TableKey table_key(const std::array<uint64_t, 6>& words) {
  static constexpr std::array<uint64_t, 6> kKey = {0x243F6A8885A308D3ull, 0x13198A2E03707344ull,
                                                   0xA4093822299F31D0ull, 0x082EFA98EC4E6C89ull,
                                                   0x452821E638D01377ull, 0xBE5466CF34E90C6Cull};
  static constexpr std::array<uint64_t, 6> kOther = {0xC0AC29B7C97C50DDull, 0x3F84D5B5B5470917ull,
                                                     0x9216D5D98979FB1Bull, 0xD1310BA698DFB5ACull,
                                                     0x2FFD72DBD01ADFB7ull, 0xB8E1AFED6A267E96ull};
  return {nh(words, kKey), nh(words, kOther)};
}

// What is stored: the tricks each seat takes in the rest of the deal, a byte a seat.
class TranspositionTable {
 public:
  // 2^bits buckets of 64 bytes.
  explicit TranspositionTable(int bits);

  // Starts a solve of a deal for `players` seats; entries of earlier solves stop counting
  // unless `keep` (they were stored for the same goals and rules).
  void begin(int players, bool keep);

  void prefetch(const TableKey& k) const { __builtin_prefetch(&buckets_[k.other & mask_]); }
  bool probe(const TableKey& k, uint64_t& gained) const {
    const uint64_t tag = generation_ | (k.other >> kCheckShift) << kCheckShift;
    for (const Entry& e : buckets_[k.other & mask_].entries) {
      if (e.key == k.key && (e.data & kTagMask) == tag) {
        gained = unpack(e.data);
        return true;
      }
    }
    return false;
  }
  // `rem`: the tricks left; replacement keeps the entries of larger subtrees.
  void store(const TableKey& k, uint64_t gained, int rem);

 private:
  // `data`: the tricks gained (bits 0–34: a byte a seat for up to four seats, else 5 bits a
  // seat), the tricks left (35–39), the generation (40–47) and the check word (48–63).
  struct Entry {
    uint64_t key = 0;
    uint64_t data = 0;
  };
  struct alignas(64) Bucket {
    std::array<Entry, 4> entries;
  };
  struct Free {
    void operator()(Bucket* b) const;
  };
  static constexpr int kRemShift = 35;
  static constexpr int kGenerationShift = 40;
  static constexpr int kCheckShift = 48;
  static constexpr uint64_t kGenerationMask = uint64_t{0xFF} << kGenerationShift;
  static constexpr uint64_t kTagMask = ~((uint64_t{1} << kGenerationShift) - 1);

  uint64_t pack(uint64_t gained) const {
    if (players_ <= 4) return gained;
    uint64_t out = 0;
    for (int p = 0; p < players_; ++p) out |= (gained >> (8 * p) & 31) << (5 * p);
    return out;
  }
  uint64_t unpack(uint64_t data) const {
    if (players_ <= 4) return data & 0xFFFFFFFF;
    uint64_t out = 0;
    for (int p = 0; p < players_; ++p) out |= (data >> (5 * p) & 31) << (8 * p);
    return out;
  }

  std::unique_ptr<Bucket[], Free> buckets_;
  uint64_t mask_;
  uint64_t generation_ = 0;  // in place (bits 40–47): 1 … 255
  int players_ = 4;
};

}  // namespace whist::solver_detail
