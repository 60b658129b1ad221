// Israeli whist (seed 003, preset `israeli`) through DealState and Match: the auction for trump,
// card passing and the thrown-in hand, the contracts with the hook and `declarer_raise`, the
// declarer's lead, no obligation to trump, the seed's scoring table over whole played hands,
// undo through the new phases, and the end of the game.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "forced_deal.h"
#include "game/deal.h"
#include "game/match.h"
#include "rules/options.h"
#include "rules/presets.h"
#include "rules/scoring.h"
#include "test_cards.h"

namespace whist {
namespace {

constexpr Suit S = Suit::Spades;
constexpr Suit H = Suit::Hearts;
constexpr Suit D = Suit::Diamonds;
constexpr Suit C = Suit::Clubs;
constexpr Suit NT = Suit::None;

using test_cards::P;

using test_cards::card;

using test_cards::cards;

Rules israeli(std::vector<std::string_view> options = {}) {
  Rules r = *make_preset("israeli");
  for (std::string_view o : options) EXPECT_EQ(set_option(r, o), "") << o;
  EXPECT_EQ(validate(r), "");
  return r;
}

Match make_match(std::vector<std::string_view> options = {}, int first_dealer = 0) {
  return Match(israeli(std::move(options)), {"A", "B", "C", "D"}, first_dealer);
}

// Seat 0 holds every club, seat 1 every diamond, seat 2 every heart, seat 3 every spade.
Hands suit_hands() {
  Hands h{};
  const Suit suits[] = {C, D, H, S};
  for (int p = 0; p < 4; ++p) h[p] = CardSet::suit_mask(suits[p]);
  return h;
}

// Applies a legal action; false (and a test failure) when it is illegal.
bool act(Match& m, Action a) {
  const std::string why = m.why_illegal(a);
  EXPECT_EQ(why, "") << to_string(a) << " by seat " << m.state().to_move();
  if (!why.empty()) return false;
  m.apply(a);
  return true;
}

bool act(DealState& s, Action a) {
  const std::string why = s.why_illegal(a);
  EXPECT_EQ(why, "") << to_string(a) << " by seat " << s.to_move();
  if (!why.empty()) return false;
  DealState::Undo u;
  s.apply(a, u);
  return true;
}

// Everyone passes without a bid, then each seat in turn passes the first `pass_cards` cards of
// its hand that it has not chosen yet.
void pass_round(Match& m) {
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(act(m, Action::pass()));
  while (m.state().phase() == Phase::Passing) {
    const int seat = m.state().to_move();
    const CardSet left = m.state().hand(seat) - m.state().passed(m.state().auction().round, seat);
    ASSERT_TRUE(act(m, Action::pass_card(left.lowest())));
  }
}

// A whole hand built to a result. Tricks 1-12 are each played in one suit (three in each suit,
// aces down to threes), every seat holding one card of it, so everyone follows and the seat given
// the highest card wins; the twos make the last trick, led by the winner of trick 12, who holds
// the two of trump (of spades at no trump) and so wins it: nobody else can follow or trump.
struct Built {
  Hands hands{};
  std::vector<Card> plays;
};

Built build(int declarer, Suit trump, const std::array<int, 4>& tricks) {
  const std::vector<int> winners = test_deals::trick_winners(tricks);
  EXPECT_EQ(winners.size(), 13u);
  std::array<std::array<Card, 4>, 13> trick_cards{};
  std::array<int, 12> first_twelve{};
  std::copy_n(winners.begin(), 12, first_twelve.begin());
  Built b;
  b.hands = test_deals::suit_per_trick_hands(first_twelve, trump, trick_cards);
  int leader = declarer;
  for (int t = 0; t < 13; ++t) {
    for (int i = 0; i < 4; ++i) b.plays.push_back(trick_cards[t][(leader + i) % 4]);
    leader = winners[t];
  }
  return b;
}

struct HandSpec {
  int declarer;
  int auction;  // the number of the winning auction bid
  Suit denomination;
  std::array<int, 4> contracts;  // by seat; the declarer's only read with declarer_raise
  std::array<int, 4> tricks;     // by seat
};

// Deals the next hand of `m` built to `h`: the seats before the declarer pass, the declarer
// bids and everyone passes; contracts from the declarer's next seat; every card played.
void play_hand(Match& m, const HandSpec& h) {
  const Built b = build(h.declarer, h.denomination, h.tricks);
  ASSERT_EQ(m.deal_given(b.hands, kNoCard), "");
  const DealState& s = m.state();
  while (s.to_move() != h.declarer) ASSERT_TRUE(act(m, Action::pass()));
  ASSERT_TRUE(act(m, Action::auction_bid(h.auction, h.denomination)));
  while (s.phase() == Phase::Auction) ASSERT_TRUE(act(m, Action::pass()));
  ASSERT_EQ(s.declarer(), h.declarer);
  while (s.phase() == Phase::Bidding) ASSERT_TRUE(act(m, Action::bid(h.contracts[s.to_move()])));
  ASSERT_EQ(s.to_move(), h.declarer);
  for (Card c : b.plays) ASSERT_TRUE(act(m, Action::play(c)));
  ASSERT_FALSE(m.in_deal());
  const DealResult& r = m.results().back();
  for (int p = 0; p < 4; ++p) ASSERT_EQ(r.tricks[p], h.tricks[p]) << "seat " << p;
}

std::vector<std::string> points_of(const std::array<Points, kMaxPlayers>& pts) {
  std::vector<std::string> out;
  for (int p = 0; p < 4; ++p) out.push_back(to_string(pts[p]));
  return out;
}
using Strings = std::vector<std::string>;

// --- The preset ------------------------------------------------------------------------------

TEST(IsraeliPreset, FourPlayersThirteenCardsToThreeHundred) {
  const Rules r = israeli();
  EXPECT_EQ(r.family, Family::Israeli);
  EXPECT_EQ(r.players, 4);
  EXPECT_EQ(r.max_hand(), 13);
  EXPECT_EQ(r.schedule_list, std::vector<int>{13});
  EXPECT_EQ(r.scoring, Scoring::Israeli);
  EXPECT_FALSE(r.must_trump);
  EXPECT_TRUE(r.hook);
  EXPECT_EQ(r.end, GameEnd::Target);
  EXPECT_EQ(r.target_score, 300);
  EXPECT_EQ(r.deal_limit, 0);
  EXPECT_EQ(r.auction_min, 5);
  EXPECT_EQ(r.auction_passes, 4);
  EXPECT_EQ(r.pass_rounds, 3);
  EXPECT_EQ(r.pass_cards, 3);
  EXPECT_FALSE(r.declarer_raise);
  EXPECT_EQ(r.zero_over, 30);
  EXPECT_EQ(r.zero_under, 50);
  Rules five = r;
  five.players = 5;
  EXPECT_NE(validate(five), "");
}

// --- The auction -----------------------------------------------------------------------------

TEST(IsraeliAuction, ForehandOpensWithAnyBidFromFive) {
  Match m = make_match({}, 2);
  ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
  const DealState& s = m.state();
  EXPECT_EQ(s.phase(), Phase::Auction);
  EXPECT_EQ(s.to_move(), 3);  // the seat after the dealer
  EXPECT_EQ(s.declarer(), -1);
  EXPECT_EQ(s.trump(), NT);
  const ActionList legal = s.legal_actions();
  EXPECT_EQ(legal.size, 1 + 9 * 5);  // pass, 5C … 13NT
  EXPECT_TRUE(legal.contains(Action::pass()));
  EXPECT_TRUE(legal.contains(Action::auction_bid(5, C)));
  EXPECT_TRUE(legal.contains(Action::auction_bid(13, NT)));
  EXPECT_EQ(m.why_illegal(Action::auction_bid(4, NT)), "bid 4NT is below the minimum of 5 tricks");
  EXPECT_EQ(m.why_illegal(Action::bid(3)), "not the time to bid");
  EXPECT_EQ(m.why_illegal(Action::play(card("AS"))), "not the time to play a card");
  EXPECT_EQ(m.why_illegal(Action::pass_card(card("AS"))), "not the time to pass cards");
  EXPECT_EQ(to_string(Action::auction_bid(6, NT)), "auction 6NT");
  EXPECT_EQ(to_string(Action::auction_bid(5, S)), "auction 5S");
}

// Regression: the list of legal actions held 64, and an auction from one trick offers 66 (a pass
// and 1♣ to 13NT): the last two overwrote the list's size, and random play went on with a card
// from another seat's hand ("a card is in two places", found by `whist simulate` over random
// options).
TEST(IsraeliAuction, AnAuctionFromOneTrickOffersEveryBid) {
  Match m = make_match({"auction_min=1"}, 2);
  ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
  const ActionList legal = m.state().legal_actions();
  ASSERT_EQ(legal.size, 1 + 13 * 5);
  EXPECT_EQ(legal.size, kMaxLegalActions);
  EXPECT_EQ(legal.items[0], Action::pass());
  for (int k = 1; k < legal.size; ++k) {
    EXPECT_EQ(legal.items[k], Action::auction_bid((k - 1) / 5 + 1, static_cast<Suit>((k - 1) % 5)))
        << k;
  }
  // The view a bot gets holds them all too, and the lowest bid can be made.
  EXPECT_EQ(m.view(m.state().to_move()).legal.size, 1 + 13 * 5);
  EXPECT_EQ(m.why_illegal(Action::auction_bid(1, C)), "");
  m.apply(Action::auction_bid(1, C));
  EXPECT_EQ(m.state().phase(), Phase::Auction);
  EXPECT_EQ(m.state().legal_actions().size, 1 + 13 * 5 - 1);
}

TEST(IsraeliAuction, ABidMustBeatTheLastInTricksOrDenomination) {
  Match m = make_match();
  ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
  ASSERT_TRUE(act(m, Action::auction_bid(5, D)));  // seat 1
  // C < D < H < S < NT; a higher number beats any denomination.
  EXPECT_EQ(m.why_illegal(Action::auction_bid(5, D)), "bid 5D does not beat 5D");
  EXPECT_EQ(m.why_illegal(Action::auction_bid(5, C)), "bid 5C does not beat 5D");
  EXPECT_EQ(m.why_illegal(Action::auction_bid(4, S)), "bid 4S is below the minimum of 5 tricks");
  for (Suit d : {H, S, NT}) EXPECT_EQ(m.why_illegal(Action::auction_bid(5, d)), "");
  for (Suit d : {C, D, H, S, NT}) EXPECT_EQ(m.why_illegal(Action::auction_bid(6, d)), "");
  EXPECT_EQ(m.state().legal_actions().size, 1 + 3 + 8 * 5);
  ASSERT_TRUE(act(m, Action::auction_bid(5, NT)));  // seat 2
  EXPECT_EQ(m.why_illegal(Action::auction_bid(5, NT)), "bid 5NT does not beat 5NT");
  EXPECT_EQ(m.why_illegal(Action::auction_bid(5, S)), "bid 5S does not beat 5NT");
  EXPECT_EQ(m.why_illegal(Action::auction_bid(6, C)), "");
  ASSERT_TRUE(act(m, Action::auction_bid(6, C)));  // seat 3
  EXPECT_EQ(m.state().auction().high, 5 * 6 + 0);
  EXPECT_EQ(m.state().auction().declarer, 3);
}

TEST(IsraeliAuction, PassingDoesNotRemoveAPlayer) {
  Match m = make_match();
  ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
  ASSERT_TRUE(act(m, Action::pass()));             // seat 1
  ASSERT_TRUE(act(m, Action::auction_bid(5, C)));  // seat 2
  ASSERT_TRUE(act(m, Action::pass()));             // seat 3
  ASSERT_TRUE(act(m, Action::pass()));             // seat 0
  EXPECT_EQ(m.state().to_move(), 1);
  ASSERT_TRUE(act(m, Action::auction_bid(5, H)));  // seat 1, who passed before
  EXPECT_EQ(m.state().auction().passes, 0);
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(act(m, Action::pass()));
  EXPECT_EQ(m.state().declarer(), 1);
  EXPECT_EQ(m.state().trump(), H);
}

TEST(IsraeliAuction, EndsAfterFourPassesInARowTheBidderToo) {
  Match m = make_match();
  ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
  const DealState& s = m.state();
  ASSERT_TRUE(act(m, Action::auction_bid(6, H)));  // seat 1
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(act(m, Action::pass()));
  // Three passes: the bidder speaks again, and may pass or raise their own bid.
  EXPECT_EQ(s.phase(), Phase::Auction);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.auction().passes, 3);
  EXPECT_TRUE(s.legal_actions().contains(Action::auction_bid(7, H)));
  ASSERT_TRUE(act(m, Action::pass()));
  EXPECT_EQ(s.phase(), Phase::Bidding);
  EXPECT_EQ(s.declarer(), 1);
  EXPECT_EQ(s.contract_tricks(), 6);
  EXPECT_EQ(s.trump(), H);
  EXPECT_EQ(m.why_illegal(Action::pass()), "not the time to pass");
  EXPECT_EQ(m.why_illegal(Action::auction_bid(7, H)), "not the time for an auction bid");
}

TEST(IsraeliAuction, EndsAfterThreePassesWithAuctionPassesThree) {
  Match m = make_match({"auction_passes=3"});
  ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
  const DealState& s = m.state();
  ASSERT_TRUE(act(m, Action::pass()));             // seat 1
  ASSERT_TRUE(act(m, Action::auction_bid(7, S)));  // seat 2
  ASSERT_TRUE(act(m, Action::pass()));             // seat 3
  ASSERT_TRUE(act(m, Action::pass()));             // seat 0
  EXPECT_EQ(s.phase(), Phase::Auction);
  ASSERT_TRUE(act(m, Action::pass()));  // seat 1: the third pass ends it
  EXPECT_EQ(s.phase(), Phase::Bidding);
  EXPECT_EQ(s.declarer(), 2);
  EXPECT_EQ(s.trump(), S);
  EXPECT_EQ(s.to_move(), 3);

  // All four must still pass when nobody has bid.
  Match n = make_match({"auction_passes=3"});
  ASSERT_EQ(n.deal_given(suit_hands(), kNoCard), "");
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(act(n, Action::pass()));
  EXPECT_EQ(n.state().phase(), Phase::Auction);
  ASSERT_TRUE(act(n, Action::pass()));
  EXPECT_EQ(n.state().phase(), Phase::Passing);
}

TEST(IsraeliAuction, TheLastBidderDeclaresAndTheDenominationIsTrump) {
  for (Suit d : {C, D, H, S, NT}) {
    Match m = make_match({}, 3);  // seat 0 opens
    ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
    ASSERT_TRUE(act(m, Action::auction_bid(5, C)));  // seat 0
    ASSERT_TRUE(act(m, Action::auction_bid(6, d)));  // seat 1
    ASSERT_TRUE(act(m, Action::pass()));             // seat 2
    ASSERT_TRUE(act(m, Action::auction_bid(7, d)));  // seat 3
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(act(m, Action::pass()));
    const DealState& s = m.state();
    EXPECT_EQ(s.declarer(), 3);
    EXPECT_EQ(s.contract_tricks(), 7);
    EXPECT_EQ(s.trump(), d);  // NT: Suit::None, no trump
    EXPECT_EQ(s.bid(3), 7);   // the declarer's contract is the auction number
  }
}

// --- Card passing and the thrown-in hand ----------------------------------------------------

TEST(IsraeliPassing, AllPassWithoutABidThenEachPassesThreeCardsToTheNextSeat) {
  Match m = make_match();
  const Hands before = suit_hands();
  ASSERT_EQ(m.deal_given(before, kNoCard), "");
  const DealState& s = m.state();
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(act(m, Action::pass()));
  ASSERT_EQ(s.phase(), Phase::Passing);
  EXPECT_EQ(s.to_move(), 1);  // forehand chooses first
  EXPECT_EQ(s.legal_actions().size, 13);
  EXPECT_EQ(m.why_illegal(Action::pass()), "not the time to pass");
  EXPECT_EQ(m.why_illegal(Action::auction_bid(6, S)), "not the time for an auction bid");
  EXPECT_EQ(m.why_illegal(Action::play(card("AD"))), "not the time to play a card");
  EXPECT_EQ(m.why_illegal(Action::pass_card(card("AS"))), "card not in hand");

  // Seat 1 (diamonds) chooses one card at a time; a card cannot be chosen twice.
  ASSERT_TRUE(act(m, Action::pass_card(card("AD"))));
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(m.why_illegal(Action::pass_card(card("AD"))), "AD is already chosen to pass");
  EXPECT_FALSE(s.legal_actions().contains(Action::pass_card(card("AD"))));
  EXPECT_EQ(s.legal_actions().size, 12);
  ASSERT_TRUE(act(m, Action::pass_card(card("KD"))));
  ASSERT_TRUE(act(m, Action::pass_card(card("2D"))));
  EXPECT_EQ(s.to_move(), 2);
  EXPECT_EQ(s.passed(0, 1), cards("AD KD 2D"));
  // Nothing moves while others are still choosing.
  for (int p = 0; p < 4; ++p) EXPECT_EQ(s.hand(p), before[p]) << p;

  for (std::string_view c : {"AH", "QH", "3H"}) ASSERT_TRUE(act(m, Action::pass_card(card(c))));
  EXPECT_EQ(s.to_move(), 3);
  for (std::string_view c : {"AS", "TS", "9S"}) ASSERT_TRUE(act(m, Action::pass_card(card(c))));
  EXPECT_EQ(s.to_move(), 0);
  ASSERT_TRUE(act(m, Action::pass_card(card("AC"))));
  ASSERT_TRUE(act(m, Action::pass_card(card("5C"))));
  for (int p = 0; p < 4; ++p) EXPECT_EQ(s.hand(p), before[p]) << p;
  ASSERT_TRUE(act(m, Action::pass_card(card("4C"))));  // the last choice: all cards move

  EXPECT_EQ(s.passed(0, 0), cards("AC 5C 4C"));
  EXPECT_EQ(s.passed(0, 2), cards("AH QH 3H"));
  EXPECT_EQ(s.passed(0, 3), cards("AS TS 9S"));
  for (int p = 0; p < 4; ++p) {
    const int from = (p + 3) % 4;
    EXPECT_EQ(s.hand(p), (before[p] - s.passed(0, p)) | s.passed(0, from)) << p;
    EXPECT_EQ(s.hand(p).size(), 13);
  }
  EXPECT_TRUE(s.hand(2).contains(card("AD")));  // seat 1's cards went to seat 2
  EXPECT_TRUE(s.hand(1).contains(card("AC")));  // seat 0's to seat 1

  // A new auction from forehand with the minimum one higher.
  EXPECT_EQ(s.phase(), Phase::Auction);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.auction().round, 1);
  EXPECT_EQ(s.auction().min, 6);
  EXPECT_EQ(m.why_illegal(Action::auction_bid(5, NT)), "bid 5NT is below the minimum of 6 tricks");
  EXPECT_EQ(m.why_illegal(Action::auction_bid(6, C)), "");
  EXPECT_EQ(s.legal_actions().size, 1 + 8 * 5);
}

TEST(IsraeliPassing, MinimumRisesToSixSevenEightThenTheHandIsThrownIn) {
  Match m = make_match();
  ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
  const DealState& s = m.state();
  for (int round = 0; round < 3; ++round) {
    EXPECT_EQ(s.auction().min, 5 + round);
    pass_round(m);
    ASSERT_EQ(s.phase(), Phase::Auction);
  }
  EXPECT_EQ(s.auction().min, 8);
  EXPECT_EQ(s.auction().round, 3);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(act(m, Action::pass()));
  ASSERT_TRUE(m.in_deal());
  ASSERT_TRUE(act(m, Action::pass()));
  EXPECT_TRUE(s.thrown_in());
  EXPECT_TRUE(s.done());

  // Nobody scores; the deal moves on to the next dealer.
  EXPECT_FALSE(m.in_deal());
  ASSERT_EQ(m.results().size(), 1u);
  const DealResult& r = m.results()[0];
  EXPECT_TRUE(r.thrown_in);
  EXPECT_EQ(r.declarer, -1);
  EXPECT_EQ(r.auction_tricks, 0);
  for (int p = 0; p < 4; ++p) {
    EXPECT_EQ(r.bids[p], -1);
    EXPECT_EQ(r.tricks[p], 0);
    EXPECT_EQ(r.points[p], Points());
    EXPECT_EQ(r.totals[p], Points());
  }
  EXPECT_FALSE(m.finished());
  EXPECT_EQ(m.deal_index(), 1);
  ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
  EXPECT_EQ(m.state().dealer(), 1);
  EXPECT_EQ(m.state().to_move(), 2);
  EXPECT_EQ(m.state().auction().min, 5);
}

TEST(IsraeliPassing, PassRoundsAndPassCardsOptions) {
  {
    Match m = make_match({"pass_rounds=0"});
    ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(act(m, Action::pass()));
    EXPECT_TRUE(m.results().at(0).thrown_in);
  }
  {
    Match m = make_match({"pass_rounds=1", "pass_cards=1"});
    ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(act(m, Action::pass()));
    for (std::string_view c : {"2D", "2H", "2S"}) {
      ASSERT_TRUE(act(m, Action::pass_card(card(c))));  // one card each: the turn moves on
    }
    EXPECT_EQ(m.state().to_move(), 0);
    ASSERT_TRUE(act(m, Action::pass_card(card("2C"))));
    EXPECT_EQ(m.state().hand(1), (CardSet::suit_mask(D) - card("2D")) | card("2C"));
    EXPECT_EQ(m.state().auction().min, 6);
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(act(m, Action::pass()));
    EXPECT_TRUE(m.results().at(0).thrown_in);
  }
  {
    Match m = make_match({"auction_min=7", "pass_rounds=2"});
    ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
    EXPECT_EQ(m.why_illegal(Action::auction_bid(6, NT)),
              "bid 6NT is below the minimum of 7 tricks");
    pass_round(m);
    EXPECT_EQ(m.state().auction().min, 8);
    pass_round(m);
    EXPECT_EQ(m.state().auction().min, 9);
    ASSERT_TRUE(act(m, Action::auction_bid(9, C)));  // a bid after passing rounds plays on
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(act(m, Action::pass()));
    EXPECT_EQ(m.state().phase(), Phase::Bidding);
    EXPECT_EQ(m.state().declarer(), 1);
  }
}

// --- Contracts -------------------------------------------------------------------------------

TEST(IsraeliContracts, StartAfterTheDeclarerAndTheHookBindsTheLastToSpeak) {
  Match m = make_match();
  ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
  const DealState& s = m.state();
  ASSERT_TRUE(act(m, Action::pass()));             // seat 1
  ASSERT_TRUE(act(m, Action::auction_bid(7, S)));  // seat 2
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(act(m, Action::pass()));
  ASSERT_EQ(s.phase(), Phase::Bidding);
  EXPECT_EQ(s.bid(2), 7);  // the declarer's contract: the auction number, not said again
  EXPECT_EQ(s.bids_made(), 1);
  EXPECT_EQ(s.bid_sum(), 7);
  EXPECT_EQ(s.to_move(), 3);
  EXPECT_EQ(m.why_illegal(Action::bid(14)), "bid 14 out of range 0-13");
  ASSERT_TRUE(act(m, Action::bid(2)));  // seat 3
  EXPECT_EQ(s.to_move(), 0);
  ASSERT_TRUE(act(m, Action::bid(1)));  // seat 0
  EXPECT_EQ(s.to_move(), 1);            // the last to speak: 7 + 2 + 1 + 3 would be 13
  EXPECT_EQ(m.why_illegal(Action::bid(3)),
            "the hook forbids bid 3: the bids would sum to 13, the cards dealt");
  const ActionList legal = s.legal_actions();
  EXPECT_EQ(legal.size, 13);  // 0 … 13 but 3
  EXPECT_FALSE(legal.contains(Action::bid(3)));
  ASSERT_TRUE(act(m, Action::bid(0)));
  EXPECT_EQ(s.phase(), Phase::Playing);
  EXPECT_EQ(s.bid_sum(), 10);
}

TEST(IsraeliContracts, WithoutTheHookTheContractsMaySumToThirteen) {
  Match m = make_match({"hook=off"});
  ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
  ASSERT_TRUE(act(m, Action::auction_bid(5, C)));
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(act(m, Action::pass()));
  ASSERT_TRUE(act(m, Action::bid(4)));
  ASSERT_TRUE(act(m, Action::bid(4)));
  EXPECT_EQ(m.why_illegal(Action::bid(0)), "");
  ASSERT_TRUE(act(m, Action::bid(0)));
  EXPECT_EQ(m.state().bid_sum(), 13);
}

TEST(IsraeliContracts, DeclarerRaiseLetsTheDeclarerSpeakLastWithAtLeastTheAuctionNumber) {
  Match m = make_match({"declarer_raise=on"});
  ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
  const DealState& s = m.state();
  ASSERT_TRUE(act(m, Action::auction_bid(7, NT)));  // seat 1
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(act(m, Action::pass()));
  EXPECT_EQ(s.bid(1), -1);  // not named yet
  EXPECT_EQ(s.bids_made(), 0);
  EXPECT_EQ(s.to_move(), 2);
  ASSERT_TRUE(act(m, Action::bid(1)));  // seat 2
  ASSERT_TRUE(act(m, Action::bid(2)));  // seat 3
  ASSERT_TRUE(act(m, Action::bid(2)));  // seat 0
  EXPECT_EQ(s.to_move(), 1);            // the declarer, last
  EXPECT_EQ(m.why_illegal(Action::bid(6)),
            "the declarer's contract must be at least the auction's 7");
  EXPECT_EQ(m.why_illegal(Action::bid(8)),
            "the hook forbids bid 8: the bids would sum to 13, the cards dealt");
  EXPECT_EQ(m.why_illegal(Action::bid(7)), "");
  const ActionList legal = s.legal_actions();
  EXPECT_EQ(legal.size, 6);  // 7, 9 … 13
  ASSERT_TRUE(act(m, Action::bid(9)));
  EXPECT_EQ(s.bid(1), 9);
  EXPECT_EQ(s.phase(), Phase::Playing);
  EXPECT_EQ(s.to_move(), 1);
}

TEST(IsraeliContracts, DeclarerRaiseAfterAnAuctionForEveryTrickKeepsAContract) {
  // Auction 13 and three zeros: the declarer's only contract, 13, would meet the hook; the hook
  // gives way rather than leave the declarer nothing to say.
  Match m = make_match({"declarer_raise=on"});
  ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
  ASSERT_TRUE(act(m, Action::auction_bid(13, NT)));
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(act(m, Action::pass()));
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(act(m, Action::bid(0)));
  EXPECT_EQ(m.state().legal_actions().size, 1);
  EXPECT_EQ(m.why_illegal(Action::bid(13)), "");
}

// --- Play --------------------------------------------------------------------------------------

TEST(IsraeliPlay, TheDeclarerLeadsTheFirstTrick) {
  Match m = make_match({}, 1);  // seat 2 opens
  ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
  const DealState& s = m.state();
  ASSERT_TRUE(act(m, Action::pass()));             // seat 2
  ASSERT_TRUE(act(m, Action::pass()));             // seat 3
  ASSERT_TRUE(act(m, Action::auction_bid(5, C)));  // seat 0
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(act(m, Action::pass()));
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(act(m, Action::bid(2)));
  ASSERT_EQ(s.phase(), Phase::Playing);
  EXPECT_EQ(s.to_move(), 0);
  EXPECT_EQ(s.leader(), 0);
  ASSERT_TRUE(act(m, Action::play(card("AC"))));
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.seat_of_play(0), 0);  // who played the first card: the declarer
  ASSERT_TRUE(act(m, Action::play(card("AD"))));
  EXPECT_EQ(s.seat_of_play(1), 1);
}

TEST(IsraeliPlay, NoObligationToTrump) {
  // Seat 0 holds every heart; seats 1 and 2 share spades and clubs; seat 3 every diamond.
  Hands h{};
  h[0] = CardSet::suit_mask(H);
  h[1] = cards("AS KS QS JS TS 9S AC KC QC JC TC 9C 8C");
  h[2] = cards("8S 7S 6S 5S 4S 3S 2S 7C 6C 5C 4C 3C 2C");
  h[3] = CardSet::suit_mask(D);
  for (const bool must : {false, true}) {
    Match m = make_match({must ? "must_trump=on" : "must_trump=off"}, 3);  // seat 0 opens
    ASSERT_EQ(m.deal_given(h, kNoCard), "");
    ASSERT_TRUE(act(m, Action::auction_bid(5, S)));
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(act(m, Action::pass()));
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(act(m, Action::bid(i == 2 ? 1 : 0)));
    ASSERT_TRUE(act(m, Action::play(card("AH"))));
    // Seat 1 is void in hearts and holds trumps.
    if (must) {
      EXPECT_EQ(m.why_illegal(Action::play(card("9C"))), "must trump S (void in H)");
    } else {
      EXPECT_EQ(m.why_illegal(Action::play(card("9C"))), "");
      EXPECT_EQ(m.state().legal_cards(), h[1]);
      ASSERT_TRUE(act(m, Action::play(card("9C"))));
      ASSERT_TRUE(act(m, Action::play(card("2S"))));  // seat 2 trumps
      ASSERT_TRUE(act(m, Action::play(card("AD"))));
      EXPECT_EQ(m.state().tricks_won(2), 1);
      EXPECT_EQ(m.state().to_move(), 2);
    }
  }
}

// --- Scoring (seed 003's table) ------------------------------------------------------------

TEST(IsraeliScoring, SeedTableOverWholePlayedHands) {
  Match m = make_match();  // dealer 0: seat 1 opens
  // Under (7 + 0 + 3 + 2 = 12): declarer B makes 7 of spades, 10 + 7² = 59; C makes a zero
  // under, 50; D makes 3, 10 + 9 = 19; A bid 2 and took 3, -10 x 1.
  play_hand(m, {1, 7, S, {2, 7, 0, 3}, {3, 7, 0, 3}});
  EXPECT_EQ(points_of(m.results()[0].points), (Strings{"-10", "59", "50", "19"}));
  EXPECT_EQ(m.results()[0].declarer, 1);
  EXPECT_EQ(m.results()[0].auction_tricks, 7);
  EXPECT_EQ(m.results()[0].trump, S);
  EXPECT_FALSE(m.results()[0].thrown_in);

  // Over (6 + 0 + 5 + 4 = 15), no trump: C declares 6 and makes it, 46; D makes a zero over,
  // 30; A makes 5, 35; B bid 4 and took 2, -10 x 2.
  play_hand(m, {2, 6, NT, {5, 4, 6, 0}, {5, 2, 6, 0}});
  EXPECT_EQ(points_of(m.results()[1].points), (Strings{"35", "-20", "46", "30"}));
  EXPECT_EQ(m.results()[1].trump, NT);

  // Missed zeros: -60 + 10 x o. D declares 8 hearts and takes 9 (-10); A's zero takes 1 (-50),
  // B's zero takes 3 (-30); C bid 2 and took 0 (-20). 8 + 0 + 0 + 2 = 10: under.
  play_hand(m, {3, 8, H, {0, 0, 2, 8}, {1, 3, 0, 9}});
  EXPECT_EQ(points_of(m.results()[2].points), (Strings{"-50", "-30", "-20", "-10"}));

  // Totals run on.
  EXPECT_EQ(points_of(m.totals()), (Strings{"-25", "9", "76", "39"}));
  EXPECT_EQ(points_of(m.results()[2].totals), (Strings{"-25", "9", "76", "39"}));
  EXPECT_FALSE(m.finished());
}

TEST(IsraeliScoring, AMadeZeroIsOverOrUnderByTheContractsSum) {
  // The same zero, made: 50 when the contracts sum to 12, 30 when they sum to 14.
  Match m = make_match();
  play_hand(m, {1, 6, D, {4, 6, 0, 2}, {4, 6, 0, 3}});  // 12: under
  play_hand(m, {1, 6, D, {4, 6, 0, 4}, {4, 6, 0, 3}});  // 14: over
  EXPECT_EQ(m.results()[0].points[2], P(50));
  EXPECT_EQ(m.results()[1].points[2], P(30));
  EXPECT_EQ(m.results()[0].points[3], P(-10));
  EXPECT_EQ(m.results()[1].points[3], P(-10));

  // zero_over=25 (other sources' figure), zero_under unchanged.
  Match z = make_match({"zero_over=25"});
  play_hand(z, {1, 6, D, {4, 6, 0, 2}, {4, 6, 0, 3}});
  play_hand(z, {1, 6, D, {4, 6, 0, 4}, {4, 6, 0, 3}});
  EXPECT_EQ(z.results()[0].points[2], P(50));
  EXPECT_EQ(z.results()[1].points[2], P(25));

  // Without the hook the contracts may sum to 13: counted as under.
  Match e = make_match({"hook=off"});
  play_hand(e, {1, 6, D, {4, 6, 0, 3}, {4, 6, 0, 3}});
  EXPECT_EQ(e.results()[0].points[2], P(50));
}

TEST(IsraeliScoring, SystemWorksWithOtherPresets) {
  // `scoring=israeli` in an exact-bid game: the bids' sum decides over and under.
  Rules r = *make_preset("romanian");
  ASSERT_EQ(set_option(r, "scoring=israeli"), "");
  ASSERT_EQ(set_option(r, "hook=off"), "");
  ASSERT_EQ(validate(r), "");
  EXPECT_EQ(contract_points(r, 0, 0, 8, 4, 7), P(50));
  EXPECT_EQ(contract_points(r, 0, 0, 8, 4, 8), P(50));  // equal to the cards: under
  EXPECT_EQ(contract_points(r, 0, 0, 8, 4, 9), P(30));
  EXPECT_EQ(contract_points(r, 3, 3, 8, 4, 9), P(19));
  EXPECT_EQ(contract_points(r, 3, 1, 8, 4, 9), P(-20));
  EXPECT_EQ(contract_points(r, 0, 4, 8, 4, 9), P(-20));  // -60 + 40
}

// --- Undo --------------------------------------------------------------------------------------

// Every legal action at every step, applied to a copy and undone, gives the state back; then the
// scripted action is applied.
void check_undo_along(DealState s, const std::vector<Action>& script) {
  for (size_t k = 0; k <= script.size(); ++k) {
    for (Action a : s.legal_actions()) {
      DealState t = s;
      DealState::Undo u;
      t.apply(a, u);
      EXPECT_NE(t, s) << to_string(a);
      t.undo(u);
      EXPECT_EQ(t, s) << "step " << k << ": " << to_string(a);
    }
    if (k == script.size()) break;
    ASSERT_TRUE(act(s, script[k])) << "step " << k;
  }
}

TEST(IsraeliUndo, UndoEqualsCopyThroughAuctionPassingAndContracts) {
  Match m = make_match({"declarer_raise=on"});
  ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
  std::vector<Action> script;
  const auto all_pass = [&] {
    for (int i = 0; i < 4; ++i) script.push_back(Action::pass());
  };
  all_pass();
  for (std::string_view c :
       {"AD", "KD", "QD", "AH", "KH", "QH", "AS", "KS", "QS", "AC", "KC", "QC"}) {
    script.push_back(Action::pass_card(card(c)));
  }
  script.push_back(Action::pass());
  script.push_back(Action::auction_bid(6, H));
  script.push_back(Action::auction_bid(6, NT));
  for (int i = 0; i < 4; ++i) script.push_back(Action::pass());
  for (int b : {1, 2, 1, 7}) script.push_back(Action::bid(b));
  check_undo_along(m.state(), script);

  // And into the play and a thrown-in hand.
  DealState s = m.state();
  for (Action a : script) ASSERT_TRUE(act(s, a));
  ASSERT_EQ(s.phase(), Phase::Playing);
  EXPECT_EQ(s.to_move(), 3);
  std::vector<Action> plays;
  DealState t = s;
  for (int i = 0; i < 8; ++i) {
    const Action a = t.legal_actions().items[0];
    plays.push_back(a);
    ASSERT_TRUE(act(t, a));
  }
  check_undo_along(s, plays);

  Match n = make_match({"pass_rounds=1", "pass_cards=1"});
  ASSERT_EQ(n.deal_given(suit_hands(), kNoCard), "");
  std::vector<Action> thrown;
  for (int i = 0; i < 4; ++i) thrown.push_back(Action::pass());
  for (std::string_view c : {"2D", "2H", "2S", "2C"}) thrown.push_back(Action::pass_card(card(c)));
  for (int i = 0; i < 4; ++i) thrown.push_back(Action::pass());
  check_undo_along(n.state(), thrown);
}

// --- The end of the game ------------------------------------------------------------------------

TEST(IsraeliGame, EndsWhenATotalReachesTheTarget) {
  Match m = make_match();
  // B declares and makes 13 no trump: 10 + 169 = 179; the last to speak may not say 0.
  play_hand(m, {1, 13, NT, {1, 13, 0, 0}, {0, 13, 0, 0}});
  EXPECT_EQ(m.totals()[1], P(179));
  EXPECT_FALSE(m.finished());
  play_hand(m, {1, 13, NT, {0, 13, 0, 1}, {0, 13, 0, 0}});
  EXPECT_EQ(m.totals()[1], P(358));
  EXPECT_TRUE(m.finished());
  EXPECT_EQ(m.winners(), std::vector<int>{1});
  EXPECT_EQ(m.deal_given(suit_hands(), kNoCard), "the game is already over");

  Match t = make_match({"target_score=150"});
  play_hand(t, {1, 13, NT, {1, 13, 0, 0}, {0, 13, 0, 0}});
  EXPECT_TRUE(t.finished());
}

// docs/rules.md 10.6: two players reach the target in the same deal: the higher total wins, not
// the first seat.
TEST(IsraeliGame, TwoReachingTheTargetTogetherTheHigherWins) {
  Match m = make_match({"target_score=30"});
  // A declares 5 spades and makes it (35); B makes 6 (46); C makes 2 (14); D misses 1 (-10).
  play_hand(m, {0, 5, S, {5, 6, 2, 1}, {5, 6, 2, 0}});
  EXPECT_EQ(points_of(m.totals()), (Strings{"35", "46", "14", "-10"}));
  ASSERT_TRUE(m.finished());
  EXPECT_EQ(m.winners(), std::vector<int>{1});
}

TEST(IsraeliGame, EndsAtTheDealCapThrownInHandsIncluded) {
  const auto throw_in = [](Match& m) {
    ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(act(m, Action::pass()));
    ASSERT_FALSE(m.in_deal());
  };
  Match m = make_match({"deals=3", "pass_rounds=0"});
  for (int k = 0; k < 3; ++k) {
    ASSERT_FALSE(m.finished());
    throw_in(m);
  }
  EXPECT_TRUE(m.finished());
  EXPECT_EQ(m.winners(), (std::vector<int>{0, 1, 2, 3}));  // nobody scored: a shared win

  // Without `deals` the cap is 1000 deals.
  Match d = make_match({"pass_rounds=0"});
  while (!d.finished()) throw_in(d);
  EXPECT_EQ(d.results().size(), static_cast<size_t>(kDefaultTargetDealCap));
  EXPECT_EQ(kDefaultTargetDealCap, 1000);
}

// docs/rules.md 10.2: a thrown-in hand leaves streaks alone: it neither breaks a run of exact
// contracts nor counts as a miss.
TEST(IsraeliGame, AThrownInHandDoesNotTouchStreaks) {
  Match m = make_match(
      {"pass_rounds=0", "streak_bonus=10", "streak_length=2", "miss_penalty=7", "miss_length=2"});
  // Seats 0, 1 and 2 make their contracts, seat 3 misses (contracts 5 4 4 1, tricks 5 4 4 0).
  const HandSpec made{0, 5, S, {5, 4, 4, 1}, {5, 4, 4, 0}};
  play_hand(m, made);
  ASSERT_EQ(m.deal_given(suit_hands(), kNoCard), "");
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(act(m, Action::pass()));
  ASSERT_FALSE(m.in_deal());
  ASSERT_TRUE(m.results()[1].thrown_in);
  play_hand(m, made);
  for (int p = 0; p < 4; ++p) {
    EXPECT_EQ(m.results()[0].bonus[p], Points()) << p;
    EXPECT_EQ(m.results()[1].bonus[p], Points()) << p;
  }
  // The second exact contract (and the second miss) in a row, the thrown-in hand between.
  EXPECT_EQ(points_of(m.results()[2].bonus), (Strings{"10", "10", "10", "-7"}));
}

}  // namespace
}  // namespace whist
