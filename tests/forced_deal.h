// A deal built to a result, shared by the scoring and score-sheet tests: every trick is played in
// a single suit (each seat holds one card of that suit for it), so every card follows suit
// whatever the trump, and the seat given the highest card of the trick wins it.
#pragma once

#include <gtest/gtest.h>

#include <vector>

#include "game/match.h"

namespace whist::test_deals {

struct Forced {
  Hands hands{};
  Card turned = kNoCard;
  std::vector<Card> plays;
};

inline Forced build_deal(const Rules& rules, const DealSetup& s, const std::vector<int>& tricks,
                         Suit turned_suit) {
  const int n = s.players;
  std::vector<int> winners;
  for (int p = 0; p < n; ++p) winners.insert(winners.end(), tricks[p], p);
  EXPECT_EQ(static_cast<int>(winners.size()), s.cards) << "tricks must add up to the cards";
  CardSet left = rules.deck_cards();
  std::vector<std::vector<Card>> trick_cards(winners.size());  // by trick, by seat
  const Suit suits[] = {Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs};
  int next_suit = 0;
  for (size_t t = 0; t < winners.size(); ++t) {
    Suit suit = suits[next_suit];
    for (int tries = 0; tries < 4 && left.of_suit(suit).size() < n + (suit == turned_suit);
         ++tries) {
      next_suit = (next_suit + 1) % 4;
      suit = suits[next_suit];
    }
    next_suit = (next_suit + 1) % 4;
    trick_cards[t].assign(n, kNoCard);
    CardSet pool = left.of_suit(suit);
    trick_cards[t][winners[t]] = pool.highest();
    pool -= pool.highest();
    for (int p = 0; p < n; ++p) {
      if (p == winners[t]) continue;
      trick_cards[t][p] = pool.highest();
      pool -= pool.highest();
    }
    for (Card c : trick_cards[t]) left -= c;
  }
  Forced f;
  for (const auto& cards : trick_cards) {
    for (int p = 0; p < n; ++p) f.hands[p] |= cards[p];
  }
  const bool turns = rules.trump == TrumpRule::Turned && !left.empty();
  if (turns) {
    const CardSet pick = turned_suit == Suit::None ? left : left.of_suit(turned_suit);
    EXPECT_FALSE(pick.empty());
    f.turned = pick.lowest();
  }
  int leader = (s.dealer + 1) % n;
  for (size_t t = 0; t < winners.size(); ++t) {
    for (int i = 0; i < n; ++i) f.plays.push_back(trick_cards[t][(leader + i) % n]);
    leader = winners[t];
  }
  return f;
}

// Plays the next deal of `m` to a result: seat p bids bids[p] and takes tricks[p]; seats in
// `announce` announce zero play at their bidding turn; `turned_suit` picks the turned card's suit;
// `mode` is the dealer's one-card mode where the dealer chooses.
inline void play_forced_deal(Match& m, const std::vector<int>& bids, const std::vector<int>& tricks,
                             uint8_t announce = 0, Suit turned_suit = Suit::None, int mode = 0) {
  const DealSetup s = m.next_setup();
  const Forced f = build_deal(m.rules(), s, tricks, turned_suit);
  ASSERT_EQ(m.deal_given(f.hands, f.turned), "");
  if (s.choose_mode) m.apply(Action::choose_mode(static_cast<OneCardMode>(mode)));
  const int n = s.players;
  for (int i = 0; i < n; ++i) {
    const int seat = (s.dealer + 1 + i) % n;
    if (announce >> seat & 1) {
      ASSERT_EQ(m.why_illegal(Action::announce_zero()), "") << "seat " << seat;
      m.apply(Action::announce_zero());
    }
    ASSERT_EQ(m.why_illegal(Action::bid(bids[seat])), "") << "seat " << seat;
    m.apply(Action::bid(bids[seat]));
  }
  for (Card c : f.plays) {
    ASSERT_EQ(m.why_illegal(Action::play(c)), "") << to_string(c);
    m.apply(Action::play(c));
  }
  ASSERT_FALSE(m.in_deal());
  const DealResult& r = m.results().back();
  for (int p = 0; p < n; ++p) {
    ASSERT_EQ(r.tricks[p], tricks[p]) << "seat " << p;
    ASSERT_EQ(r.bids[p], bids[p]) << "seat " << p;
  }
}

}  // namespace whist::test_deals
