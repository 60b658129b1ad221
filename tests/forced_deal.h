// A deal built to a result, shared by the scoring, score-sheet and scorekeeper tests: every trick
// is played in a single suit (each seat holds one card of that suit for it), so every card
// follows suit whatever the trump, and the seat given the highest card of the trick wins it.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
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

// Four hands of a whole 13-card deal built to its tricks' winners: tricks 1-12 each in one suit
// (S H D C in turn) with every seat following, the highest card winning (`winners`); the twos make
// the last trick, won by the winner of trick 12, who holds the two of `trump` (of spades at no
// trump). `trick` gets each trick's cards by seat.
inline Hands suit_per_trick_hands(const std::array<int, 12>& winners, Suit trump,
                                  std::array<std::array<Card, 4>, 13>& trick) {
  const Suit suits[] = {Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs};
  std::array<int, 4> top{12, 12, 12, 12};
  for (int t = 0; t < 12; ++t) {
    const Suit s = suits[t % 4];
    int& r = top[static_cast<int>(s)];
    trick[t][winners[t]] = Card(s, static_cast<Rank>(r--));
    for (int p = 0; p < 4; ++p) {
      if (p != winners[t]) trick[t][p] = Card(s, static_cast<Rank>(r--));
    }
  }
  const int w = winners[11];
  const Suit first = trump == Suit::None ? Suit::Spades : trump;
  trick[12][w] = Card(first, Rank::Two);
  for (int p = 0, next = 0; p < 4; ++p) {
    if (p == w) continue;
    if (suits[next] == first) ++next;
    trick[12][p] = Card(suits[next++], Rank::Two);
  }
  Hands hands{};
  for (const auto& t : trick) {
    for (int p = 0; p < 4; ++p) hands[p] |= t[p];
  }
  return hands;
}

// The winners of the 13 tricks of a deal that gives each seat `tricks`: the seat with the most
// (at least 4 of 13) takes the last two, each seat its other tricks in seat order.
inline std::vector<int> trick_winners(const std::array<int, 4>& tricks) {
  int w = 0;
  for (int p = 1; p < 4; ++p) {
    if (tricks[p] > tricks[w]) w = p;
  }
  std::vector<int> winners;
  for (int p = 0; p < 4; ++p) winners.insert(winners.end(), tricks[p] - (p == w ? 2 : 0), p);
  winners.insert(winners.end(), 2, w);
  return winners;
}

// Israeli whist: a whole hand built to a result (as in israeli_test.cpp). Tricks 1-12 are each
// played in one suit with every seat following, the highest card winning; the twos make the last
// trick, won by the winner of trick 12, who holds the two of trump (of spades at no trump).
struct IsraeliHand {
  int declarer;
  int auction;  // the winning auction bid's number of tricks
  Suit denomination;
  std::array<int, 4> contracts;  // by seat; the declarer's only read with declarer_raise
  std::array<int, 4> tricks;     // by seat
  uint8_t announce = 0;          // seats announcing zero play at their turn to name a contract
};

// Plays the next deal of `m` to `h`: the seats before the declarer pass, the declarer bids and
// everyone passes; the contracts from the declarer's next seat; every card played.
inline void play_israeli(Match& m, const IsraeliHand& h) {
  const std::vector<int> winners = trick_winners(h.tricks);
  ASSERT_EQ(winners.size(), 13u);
  std::array<std::array<Card, 4>, 13> trick{};
  std::array<int, 12> first_twelve{};
  std::copy_n(winners.begin(), 12, first_twelve.begin());
  const Hands hands = suit_per_trick_hands(first_twelve, h.denomination, trick);
  ASSERT_EQ(m.deal_given(hands, kNoCard), "");
  const auto act = [&](Action a) {
    const std::string why = m.why_illegal(a);
    if (why.empty()) m.apply(a);
    return why;
  };
  const DealState& s = m.state();
  while (s.to_move() != h.declarer) ASSERT_EQ(act(Action::pass()), "");
  ASSERT_EQ(act(Action::auction_bid(h.auction, h.denomination)), "");
  while (s.phase() == Phase::Auction) ASSERT_EQ(act(Action::pass()), "");
  while (s.phase() == Phase::Bidding) {
    const int seat = s.to_move();
    if (h.announce >> seat & 1) {
      ASSERT_EQ(act(Action::announce_zero()), "") << "seat " << seat;
    }
    ASSERT_EQ(act(Action::bid(h.contracts[seat])), "") << "seat " << seat;
  }
  int leader = h.declarer;
  for (int t = 0; t < 13; ++t) {
    for (int i = 0; i < 4; ++i) ASSERT_EQ(act(Action::play(trick[t][(leader + i) % 4])), "");
    leader = winners[t];
  }
  ASSERT_FALSE(m.in_deal());
}

}  // namespace whist::test_deals
