#include "game/invariants.h"

#include <array>
#include <string>

namespace whist {

std::string check_invariants(const DealState& s, const Hands& dealt) {
  // What each seat should hold apart from cards played: its deal, after completed passing rounds.
  Hands expected = dealt;
  for (int r = 0; r < s.auction().round; ++r) {
    for (int p = 0; p < s.players(); ++p) {
      if (s.passed(r, p).size() != s.pass_cards()) return "a passing round moved a wrong count";
      if (!expected[p].contains(s.passed(r, p))) return "a seat passed a card it did not hold";
    }
    Hands next = expected;
    for (int p = 0; p < s.players(); ++p) {
      next[p] -= s.passed(r, p);
      next[(p + 1) % s.players()] |= s.passed(r, p);
    }
    expected = next;
  }
  // Call-Ace whist: the kitty's cards may move to the exchanger, and discards to the kitty.
  const bool kitty_game = s.family() == Family::CallAce;
  CardSet kitty;
  for (int i = 0; kitty_game && i < kKittySize; ++i) kitty |= s.kitty_card(i);
  const int exchanger = kitty_game ? s.call().actor : -1;
  CardSet all_dealt = kitty, held;
  int total_held = 0;
  for (int p = 0; p < s.players(); ++p) {
    const CardSet allowed = p == exchanger ? expected[p] | kitty : expected[p];
    if (!allowed.contains(s.hand(p))) {
      return "seat " + std::to_string(p) + " holds a card it was not dealt or passed";
    }
    if (held.intersects(s.hand(p))) return "a card is in two hands";
    held |= s.hand(p);
    all_dealt |= dealt[p];
    total_held += s.hand(p).size();
  }
  const CardSet face_down = kitty_game ? s.call().kitty : CardSet();
  if (held.intersects(s.played()) || held.intersects(face_down) ||
      face_down.intersects(s.played())) {
    return "a card is in two places";
  }
  if ((held | s.played() | face_down) != all_dealt) return "cards not conserved";
  if (s.phase() == Phase::Playing || s.phase() == Phase::Done) {
    if (total_held + s.num_plays() != s.players() * s.cards()) return "card count not conserved";
    if (kitty_game && face_down.size() != kKittySize) return "the kitty lost cards";
  }
  // Who played each card: the one-pass replay views use agrees with the per-play one.
  std::array<int8_t, kMaxPlays> seats;
  s.seats_of_plays(seats);
  for (int i = 0; i < s.num_plays(); ++i) {
    if (seats[i] != s.seat_of_play(i)) return "play " + std::to_string(i) + ": seats disagree";
  }
  if (kitty_game) {
    if (s.phase() == Phase::Playing && s.call().partner == s.declarer() && s.declarer() >= 0) {
      return "the declarer is its own partner";
    }
    int tricks = 0;
    for (int p = 0; p < s.players(); ++p) tricks += s.tricks_won(p);
    if (tricks != s.num_plays() / s.players()) return "tricks won do not add up to tricks played";
    if (s.done() && !s.thrown_in() && tricks != s.cards()) return "tricks do not sum to 13";
    return {};
  }
  int tricks = 0;
  for (int p = 0; p < s.players(); ++p) tricks += s.tricks_won(p);
  if (tricks != s.num_plays() / s.players()) return "tricks won do not add up to tricks played";
  if (s.trick_size() != s.num_plays() % s.players()) return "trick size disagrees with plays";
  if (s.thrown_in()) {
    if (s.num_plays() != 0 || s.bids_made() != 0) return "a thrown-in hand has bids or plays";
    return {};
  }
  if (s.phase() == Phase::Playing || s.phase() == Phase::Done) {
    if (s.bids_made() != s.players()) return "play started before every bid";
    int sum = 0;
    for (int p = 0; p < s.players(); ++p) sum += s.bid(p);
    if (sum != s.bid_sum()) return "bid sum disagrees with bids";
    // The hook gives way only to a declarer who had to raise to every trick (see deal.cpp).
    const bool exception = s.declarer_raise() && s.declarer() >= 0 &&
                           s.contract_tricks() == s.cards() && s.bid(s.declarer()) == s.cards();
    if (s.hook() && s.forced_bid() < 0 && sum == s.cards() && !exception) {
      return "the hook was broken";
    }
  }
  if (s.done() && tricks != s.cards()) return "a finished deal's tricks do not sum to the cards";
  return {};
}

}  // namespace whist
