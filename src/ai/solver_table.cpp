#include "ai/solver_table.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <new>

namespace whist::solver_detail {

void TranspositionTable::Free::operator()(Bucket* b) const { std::free(b); }

TranspositionTable::TranspositionTable(int bits) : mask_((uint64_t{1} << bits) - 1) {
  // In 2 MB pages where the system allows (madvise): the probes are random accesses, and with
  // 4 KB pages each would miss the TLB as well as the cache.
  constexpr size_t kHugePage = size_t{2} << 20;
  const size_t count = size_t{1} << bits;
  const size_t bytes = std::max(count * sizeof(Bucket), kHugePage);  // a multiple of 2 MB
  void* p = std::aligned_alloc(kHugePage, bytes);
  if (p == nullptr) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
  madvise(p, bytes, MADV_HUGEPAGE);
#endif
  auto* buckets = static_cast<Bucket*>(p);
  std::uninitialized_fill(buckets, buckets + count, Bucket{});
  buckets_.reset(buckets);
}

void TranspositionTable::begin(int players, bool keep) {
  players_ = players;
  if (keep && generation_ != 0) return;
  generation_ += uint64_t{1} << kGenerationShift;
  if ((generation_ & kGenerationMask) == 0) {  // wrapped: old entries could look current
    std::fill(buckets_.get(), buckets_.get() + mask_ + 1, Bucket{});
    generation_ = uint64_t{1} << kGenerationShift;
  }
}

void TranspositionTable::store(const TableKey& k, uint64_t gained, int rem) {
  // Replace a stale entry (an earlier generation) if any, else the one of the smallest subtree.
  Bucket& b = buckets_[k.other & mask_];
  Entry* victim = &b.entries[0];
  int victim_rem = INT_MAX;
  for (Entry& e : b.entries) {
    if ((e.data & kGenerationMask) != generation_) {
      victim = &e;
      break;
    }
    const int e_rem = static_cast<int>(e.data >> kRemShift & 31);
    if (e_rem < victim_rem) {
      victim = &e;
      victim_rem = e_rem;
    }
  }
  victim->key = k.key;
  victim->data = pack(gained) | uint64_t(rem) << kRemShift | generation_ |
                 (k.other >> kCheckShift) << kCheckShift;
}

}  // namespace whist::solver_detail
