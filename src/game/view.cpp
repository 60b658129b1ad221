#include "game/view.h"

namespace whist {

bool PlayerView::operator==(const PlayerView& o) const {
  const auto same_legal = [&] {
    if (legal.size != o.legal.size) return false;
    for (int i = 0; i < legal.size; ++i) {
      if (!(legal.items[i] == o.legal.items[i])) return false;
    }
    return true;
  };
  return seat == o.seat && players == o.players && cards == o.cards && dealer == o.dealer &&
         phase == o.phase && to_move == o.to_move && trump == o.trump && turned == o.turned &&
         mode == o.mode && own_hand == o.own_hand && visible == o.visible && bids == o.bids &&
         tricks == o.tricks && plays == o.plays && zero_announced == o.zero_announced &&
         same_legal();
}

PlayerView make_view(const DealState& s, int seat) {
  PlayerView v;
  v.seat = seat;
  v.players = s.players();
  v.cards = s.cards();
  v.dealer = s.dealer();
  v.phase = s.phase();
  v.to_move = s.to_move();
  v.trump = s.trump();
  v.turned = s.turned();
  v.mode = s.mode();
  const bool bidding = s.phase() == Phase::ChooseMode || s.phase() == Phase::Bidding;
  // The dealer picks the one-card mode "before dealing" (seed 001): no one has seen a card yet.
  const bool blind = s.phase() == Phase::ChooseMode ||
                     (bidding && (s.blind_bidding() || s.mode() == OneCardMode::Blind));
  const bool forehead = s.mode() == OneCardMode::Forehead && s.phase() != Phase::ChooseMode;
  if (!blind && !forehead) v.own_hand = s.hand(seat);
  if (forehead) {
    for (int p = 0; p < s.players(); ++p) {
      if (p != seat) v.visible[p] = s.hand(p);
    }
  }
  for (int p = 0; p < s.players(); ++p) {
    v.bids[p] = s.bid(p);
    v.tricks[p] = s.tricks_won(p);
  }
  v.plays.reserve(static_cast<size_t>(s.num_plays()));
  for (int i = 0; i < s.num_plays(); ++i) v.plays.push_back({s.seat_of_play(i), s.play_at(i)});
  v.zero_announced = s.zero_announced();
  if (s.to_move() == seat && !s.done()) v.legal = s.legal_actions();
  return v;
}

}  // namespace whist
