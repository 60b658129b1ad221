#include "rules/schedule.h"

#include <algorithm>

namespace whist {

std::vector<int> schedule_sizes(ScheduleKind kind, int n, int m) {
  std::vector<int> out;
  const auto repeat = [&](int cards, int times) { out.insert(out.end(), times, cards); };
  const auto run = [&](int from, int to) {
    for (int c = from; from <= to ? c <= to : c >= to; c += from <= to ? 1 : -1) out.push_back(c);
  };
  switch (kind) {
    case ScheduleKind::OneEightOne:
      repeat(1, n);
      if (m > 2) run(2, m - 1);
      if (m > 1) repeat(m, n);
      if (m > 2) run(m - 1, 2);
      if (m > 1) repeat(1, n);
      break;
    case ScheduleKind::EightOneEight:
      repeat(m, n);
      if (m > 2) run(m - 1, 2);
      if (m > 1) repeat(1, n);
      if (m > 2) run(2, m - 1);
      if (m > 1) repeat(m, n);
      break;
    case ScheduleKind::EachDealer:
      for (int c = 1; c <= m; ++c) repeat(c, n);
      break;
    case ScheduleKind::DownUp:
      if (m > 1) run(m, 2);
      repeat(1, n);
      if (m > 1) run(2, m);
      break;
    case ScheduleKind::Explicit:
      break;
  }
  return out;
}

Schedule::Schedule(const Rules& rules)
    : trump_order_(rules.trump_order), zero_play_(rules.zero_play) {
  const int m = rules.max_hand();
  sizes_ = rules.schedule == ScheduleKind::Explicit
               ? rules.schedule_list
               : schedule_sizes(rules.schedule, rules.players, m);
  const int scheduled = static_cast<int>(sizes_.size());
  specials_.assign(sizes_.size(), SpecialHand::None);
  for (SpecialHand s : rules.special_hands) {
    sizes_.push_back(m);
    specials_.push_back(s);
  }

  // One-card modes: the first and last runs of consecutive one-card deals can be singled out.
  // The runs are the schedule's own: special hands come after it, so the last run ends where the
  // schedule does (regression: searched from the special hands, of M cards, it was empty).
  modes_.assign(sizes_.size(), OneCardMode::Regular);
  const int total = static_cast<int>(sizes_.size());
  int first_end = 0;
  while (first_end < scheduled && sizes_[first_end] == 1) ++first_end;
  int last_begin = scheduled;
  while (last_begin > 0 && sizes_[last_begin - 1] == 1) --last_begin;
  for (int k = 0; k < total; ++k) {
    if (sizes_[k] != 1) continue;
    const bool first = k < first_end;
    const bool last = k >= last_begin && k < scheduled;
    bool applies = false;
    switch (rules.one_card_deals) {
      case OneCardDeals::All:
        applies = true;
        break;
      case OneCardDeals::First:
        applies = first;
        break;
      case OneCardDeals::Last:
        applies = last;
        break;
      case OneCardDeals::FirstAndLast:
        applies = first || last;
        break;
    }
    if (applies) modes_[k] = rules.one_card_mode;
  }

  // The turning point of the schedule: the first deal at the other extreme from the first deal.
  if (!sizes_.empty()) {
    const auto [lo, hi] = std::minmax_element(sizes_.begin(), sizes_.end());
    const int extreme = sizes_[0] == *hi ? *lo : *hi;
    pivot_ = static_cast<int>(std::find(sizes_.begin(), sizes_.end(), extreme) - sizes_.begin());
  }

  switch (rules.end) {
    case GameEnd::Schedule:
      length_ = total;
      break;
    case GameEnd::Deals:
      length_ = rules.deal_limit;
      break;
    case GameEnd::Target:
      break;
  }
}

DealPlan Schedule::plan(int k) const {
  DealPlan p;
  if (sizes_.empty()) return p;
  const int i = k % static_cast<int>(sizes_.size());
  p.cards = sizes_[i];
  p.special = specials_[i];
  p.mode = modes_[i];
  const auto& order = trump_order_;
  if (!order.empty()) p.rotation_trump = order[k % order.size()];
  return p;
}

bool Schedule::zero_play_open(int k) const {
  switch (zero_play_) {
    case ZeroPlay::Off:
      return false;
    case ZeroPlay::Start:
      return k == 0;
    case ZeroPlay::BeforePivot:
      return k < pivot_;
    case ZeroPlay::TenBeforeEnd:
      return length_ && *length_ - k >= 10;
  }
  return false;
}

}  // namespace whist
