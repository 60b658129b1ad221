// Golden tests: every worked example of the rule texts (seeds 000, 001 and 002), replayed through
// the engine. The deals of the score tables are real: hands and legal plays that produce exactly
// the tricks the tables imply, replayed through Match with the seeds' presets. The two Serbian
// deals were found once by a seeded search (random deals, random legal plays, until the trick
// counts matched) and written down here; the Romanian one- and two-card deals are built by hand.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "game/deal.h"
#include "game/match.h"
#include "game/sheet.h"
#include "golden_sheets.h"
#include "rules/options.h"
#include "rules/presets.h"
#include "rules/scoring.h"
#include "test_cards.h"

namespace whist {
namespace {

std::vector<Card> parse_cards(std::string_view text) {
  std::vector<Card> out;
  while (!text.empty()) {
    const auto space = text.find(' ');
    const std::string_view item = text.substr(0, space);
    if (!item.empty()) {
      auto c = parse_card(item);
      EXPECT_TRUE(c.has_value()) << item;
      if (c) out.push_back(*c);
    }
    text = space == std::string_view::npos ? std::string_view() : text.substr(space + 1);
  }
  return out;
}

CardSet parse_hand(std::string_view text) {
  CardSet hand;
  for (Card c : parse_cards(text)) hand |= c;
  return hand;
}

struct GivenDeal {
  std::vector<std::string_view> hands;  // by seat
  std::string_view turned;              // empty: no card turned
  std::vector<int> bids;                // by seat
  std::string_view plays;               // every card in the order played
};

// Deals the next deal of `match` from given hands, bids in bidding order, plays every card;
// each action is checked for legality first.
void replay(Match& match, const GivenDeal& d) {
  Hands hands{};
  for (size_t p = 0; p < d.hands.size(); ++p) hands[p] = parse_hand(d.hands[p]);
  const Card turned = d.turned.empty() ? kNoCard : *parse_card(d.turned);
  ASSERT_EQ(match.deal_given(hands, turned), "");
  const int n = match.players();
  const int dealer = match.state().dealer();
  for (int i = 0; i < n; ++i) {
    const Action bid = Action::bid(d.bids[(dealer + 1 + i) % n]);
    ASSERT_EQ(match.why_illegal(bid), "") << to_string(bid);
    match.apply(bid);
  }
  for (Card c : parse_cards(d.plays)) {
    ASSERT_EQ(match.why_illegal(Action::play(c)), "") << to_string(c);
    match.apply(Action::play(c));
  }
  ASSERT_FALSE(match.in_deal());
}

std::vector<int> tricks_of(const DealResult& r, int n) {
  return std::vector<int>(r.tricks.begin(), r.tricks.begin() + n);
}
std::vector<int> bids_of(const DealResult& r, int n) {
  return std::vector<int>(r.bids.begin(), r.bids.begin() + n);
}
std::vector<std::string> totals_of(const DealResult& r, int n) {
  std::vector<std::string> out;
  for (int p = 0; p < n; ++p) out.push_back(to_string(r.totals[p]));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Seed 000: the Serbian score table.
//
//             Igor       Jovana      Dunja    Dušan
//    13 2     2  12      4   14      2   1    6  16
//    12 3     1  14      3   27      5   5    4  19
//
// Deal 1: 13 cards, spades; bids 2 4 2 6; totals 12 14 1 16, so tricks 2 4 1 6 (Dunja's bid is
// 2 in the table and "1" in the sentence under it; the table's figures agree with each other).
// Deal 2: 12 cards, diamonds; bids 1 3 5 4; totals 14 27 5 19, so tricks 2 3 4 3.
// Seats are in playing order, Igor first; Dušan deals the first deal (he bids last: 2+4+2+6 is
// 14, not 13, so his 6 passes the hook), Igor the second (1 is allowed: 3+5+4+1 = 13, not 12).

const GivenDeal kSerbian1{
    {"7S 2S AH QH 9H KD QD TD 5D JC 9C 8C 2C", "KS TS 8S 6S 8H 7H 4H 3H 7D 3D KC TC 7C",
     "AS 9S 3S 6H 5H 9D 8D 6D 4D 2D QC 6C 3C", "QS JS 5S 4S KH JH TH 2H AD JD AC 5C 4C"},
    "",
    {2, 4, 2, 6},
    "JC 7C QC AC  4S 7S TS 3S  8H 5H 2H AH  9H 3H 6H KH  4C 8C KC 6C  7H AS JH QH  3C 5C 2C TC"
    "  KS 9S 5S 2S  8S 8D QS 5D  JD KD 7D 2D  9C 6S 6D JS  TH QD 4H 9D  AD TD 3D 4D"};

const GivenDeal kSerbian2{
    {"5S JH 5H 3H AD JD 6D 3D AC 9C 3C 2C", "QS 7S 4S 9H 6H 2H KD QD TD 7D 7C 4C",
     "AS JS 9S 3S KH QH TH 4H 9D 5D 8C 6C", "KS TS 8S 8H 7H 8D 2D KC QC JC TC 5C"},
    "",
    {1, 3, 5, 4},
    "QD 5D 8D 3D  2H KH 7H JH  9D 2D 6D KD  TD JS QC JD  9C 7C 6C KC  5C 3C 4C 8C"
    "  3S KS 5S QS  8S AD 7S AS  2C 7D 9S JC  4S 4H TS 3H  8H 5H 6H TH  QH TC AC 9H"};

Match serbian_match(int deals = 0) {
  Rules rules = *make_preset("serbian");
  if (deals > 0) {
    EXPECT_EQ(set_option(rules, "end", "deals"), "");
    EXPECT_EQ(set_option(rules, "deals", std::to_string(deals)), "");
  }
  EXPECT_EQ(validate(rules), "");
  return Match(rules, {"Igor", "Jovana", "Dunja", "Dušan"}, 3);
}

TEST(GoldenSerbian, TableOfSeed000) {
  Match m = serbian_match();
  ASSERT_EQ(m.next_setup().cards, 13);
  ASSERT_EQ(m.next_setup().trump, Suit::Spades);
  ASSERT_EQ(m.next_setup().dealer, 3);
  replay(m, kSerbian1);
  ASSERT_EQ(m.next_setup().cards, 12);
  ASSERT_EQ(m.next_setup().trump, Suit::Diamonds);
  ASSERT_EQ(m.next_setup().dealer, 0);
  replay(m, kSerbian2);

  ASSERT_EQ(m.results().size(), 2u);
  const DealResult& d1 = m.results()[0];
  EXPECT_EQ(d1.cards, 13);
  EXPECT_EQ(d1.trump, Suit::Spades);
  EXPECT_EQ(bids_of(d1, 4), (std::vector<int>{2, 4, 2, 6}));
  EXPECT_EQ(tricks_of(d1, 4), (std::vector<int>{2, 4, 1, 6}));
  EXPECT_EQ(totals_of(d1, 4), (std::vector<std::string>{"12", "14", "1", "16"}));
  const DealResult& d2 = m.results()[1];
  EXPECT_EQ(d2.cards, 12);
  EXPECT_EQ(d2.trump, Suit::Diamonds);
  EXPECT_EQ(bids_of(d2, 4), (std::vector<int>{1, 3, 5, 4}));
  EXPECT_EQ(tricks_of(d2, 4), (std::vector<int>{2, 3, 4, 3}));
  EXPECT_EQ(totals_of(d2, 4), (std::vector<std::string>{"14", "27", "5", "19"}));
  EXPECT_FALSE(m.finished());
}

TEST(GoldenSerbian, SheetOfSeed000) {
  Match m = serbian_match();
  replay(m, kSerbian1);
  replay(m, kSerbian2);
  EXPECT_EQ(format_sheet(m),
            "         Igor   Jovana    Dunja    Dušan\n"
            "----------------------------------------\n"
            "13 S    2  12    4  14    2   1    6  16\n"
            "12 D    1  14    3  27    5   5    4  19\n");
  EXPECT_EQ(format_sheet(m, {.unicode = true}),
            "         Igor   Jovana    Dunja    Dušan\n"
            "----------------------------------------\n"
            "13 ♠    2  12    4  14    2   1    6  16\n"
            "12 ♦    1  14    3  27    5   5    4  19\n");
}

TEST(GoldenSerbian, TwoDealGameEndsWithJovanaAhead) {
  Match m = serbian_match(2);
  replay(m, kSerbian1);
  replay(m, kSerbian2);
  ASSERT_TRUE(m.finished());
  EXPECT_EQ(m.winners(), std::vector<int>{1});
  EXPECT_EQ(format_sheet(m), std::string(kSerbianSeed000Sheet));
}

// The sentences under the table, through the scoring alone.
TEST(GoldenSerbian, ScoringSentences) {
  const Rules r = *make_preset("serbian");
  EXPECT_EQ(contract_points(r, 2, 2, 13, 4), Points::whole(12));  // Igor: 2 + 10
  EXPECT_EQ(contract_points(r, 4, 4, 13, 4), Points::whole(14));  // Jovana: 4 + 10
  EXPECT_EQ(contract_points(r, 2, 1, 13, 4), Points::whole(1));   // Dunja: bid 2, took 1
  EXPECT_EQ(contract_points(r, 6, 6, 13, 4), Points::whole(16));  // Dušan
  // "Suppose you bid 2 tricks": 12 exact, 1 for one trick, -10 for none.
  EXPECT_EQ(contract_points(r, 2, 2, 5, 4), Points::whole(12));
  EXPECT_EQ(contract_points(r, 2, 1, 5, 4), Points::whole(1));
  EXPECT_EQ(contract_points(r, 2, 0, 5, 4), Points::whole(-10));
  // More tricks than the bid: one point a trick.
  EXPECT_EQ(contract_points(r, 2, 4, 5, 4), Points::whole(4));
}

TEST(GoldenSerbian, HookExampleOfSeed000) {
  // Six cards, four players: bids 2, 0, 1; the last bidder may not say 3.
  DealSetup s;
  s.players = 4;
  s.cards = 6;
  s.dealer = 3;
  DealState st(s, {});
  DealState::Undo u;
  for (int b : {2, 0, 1}) st.apply(Action::bid(b), u);
  EXPECT_FALSE(st.is_legal(Action::bid(3)));
  for (int b : {0, 1, 2, 4, 5, 6}) EXPECT_TRUE(st.is_legal(Action::bid(b))) << b;
}

// ---------------------------------------------------------------------------------------------
// Seed 001: the Romanian score table, decoded from its garbled text. Columns: cards; Peter's bid
// and total; John's; Peggy's.
//
//   cards | Peter    | John     | Peggy
//     1   |  1    6  |  0    5  |  1   -1
//     1   |  0   11  |  0   10  |  0   -2
//     1   |  1   10  |  1   16  |  0    3
//     2   |  0   15  |  2   14  |  2   10
//
// Tricks: Peter / Peter 0 0 / Peggy / John / Peggy 2. Peggy deals first ("forced" to bid last);
// the deal passes to the dealer's left, the next seat in playing order: Peter, John, Peggy.

const GivenDeal kRomanian[] = {
    // Peggy deals; Peter leads the ace of spades and wins; hearts are trump.
    {{"AS", "9D", "KC"}, "9H", {1, 0, 1}, "AS 9D KC"},
    // Peter deals; John leads; Peggy's ace of diamonds wins, Peter is void and has no trump.
    {{"TC", "QD", "AD"}, "KS", {0, 0, 0}, "QD AD TC"},
    // John deals; Peggy leads a spade, Peter has neither spade nor trump, John trumps.
    {{"TH", "AD", "9S"}, "KD", {1, 1, 0}, "9S TH AD"},
    // Peggy deals two cards; she trumps Peter's king of spades and wins with the ace of hearts.
    {{"KS QS", "AC KC", "AH KH"}, "9H", {0, 2, 2}, "KS AC KH  AH QS KC"},
};

Match romanian_match(int deals = 0) {
  Rules rules = *make_preset("romanian", 3);
  if (deals > 0) {
    EXPECT_EQ(set_option(rules, "end", "deals"), "");
    EXPECT_EQ(set_option(rules, "deals", std::to_string(deals)), "");
  }
  EXPECT_EQ(validate(rules), "");
  return Match(rules, {"Peter", "John", "Peggy"}, 2);
}

TEST(GoldenRomanian, TableOfSeed001) {
  Match m = romanian_match();
  EXPECT_EQ(m.rules().deck_size(), 24);
  for (const GivenDeal& d : kRomanian) replay(m, d);
  ASSERT_EQ(m.results().size(), 4u);
  const std::vector<std::vector<int>> bids = {{1, 0, 1}, {0, 0, 0}, {1, 1, 0}, {0, 2, 2}};
  const std::vector<std::vector<int>> tricks = {{1, 0, 0}, {0, 0, 1}, {0, 1, 0}, {0, 0, 2}};
  const std::vector<std::vector<std::string>> totals = {
      {"6", "5", "-1"}, {"11", "10", "-2"}, {"10", "16", "3"}, {"15", "14", "10"}};
  const std::vector<int> cards = {1, 1, 1, 2};
  const std::vector<int> dealers = {2, 0, 1, 2};
  const std::vector<Suit> trumps = {Suit::Hearts, Suit::Spades, Suit::Diamonds, Suit::Hearts};
  for (size_t k = 0; k < 4; ++k) {
    const DealResult& r = m.results()[k];
    EXPECT_EQ(r.cards, cards[k]) << k;
    EXPECT_EQ(r.dealer, dealers[k]) << k;
    EXPECT_EQ(r.trump, trumps[k]) << k;
    EXPECT_EQ(bids_of(r, 3), bids[k]) << k;
    EXPECT_EQ(tricks_of(r, 3), tricks[k]) << k;
    EXPECT_EQ(totals_of(r, 3), totals[k]) << k;
  }
  // The game goes on: 1-8-1 for three players is 21 deals.
  EXPECT_FALSE(m.finished());
  EXPECT_EQ(m.next_setup().cards, 3);
}

TEST(GoldenRomanian, SheetOfSeed001) {
  Match m = romanian_match(4);
  for (const GivenDeal& d : kRomanian) replay(m, d);
  ASSERT_TRUE(m.finished());
  EXPECT_EQ(m.winners(), std::vector<int>{0});
  EXPECT_EQ(format_sheet(m),
            "        Peter     John    Peggy\n"
            "-------------------------------\n"
            " 1 H    1   6    0   5    1  -1\n"
            " 1 S    0  11    0  10    0  -2\n"
            " 1 D    1  10    1  16    0   3\n"
            " 2 H    0  15    2  14    2  10\n"
            "-------------------------------\n"
            "winner: Peter (15)\n");
}

TEST(GoldenRomanian, ScoringExamplesOfSeed001) {
  const Rules r = *make_preset("romanian");
  // Bid 3: exact 8; 2 or 4 tricks -1; 1 or 5 -2; 0 or 6 -3.
  EXPECT_EQ(contract_points(r, 3, 3, 8, 4), Points::whole(8));
  EXPECT_EQ(contract_points(r, 3, 2, 8, 4), Points::whole(-1));
  EXPECT_EQ(contract_points(r, 3, 4, 8, 4), Points::whole(-1));
  EXPECT_EQ(contract_points(r, 3, 1, 8, 4), Points::whole(-2));
  EXPECT_EQ(contract_points(r, 3, 5, 8, 4), Points::whole(-2));
  EXPECT_EQ(contract_points(r, 3, 0, 8, 4), Points::whole(-3));
  EXPECT_EQ(contract_points(r, 3, 6, 8, 4), Points::whole(-3));

  // Score = bid + cards dealt: bid 2 made with 6 cards 8, with 2 cards 4.
  Rules cards = r;
  ASSERT_EQ(set_option(cards, "scoring", "romanian-cards"), "");
  EXPECT_EQ(contract_points(cards, 2, 2, 6, 4), Points::whole(8));
  EXPECT_EQ(contract_points(cards, 2, 2, 2, 4), Points::whole(4));

  // Triangular: success 5 + 0, 1, 3, 6, 10, 15, 21, 28, 36; make 3 -> 11; take 2 -> -1,
  // take 5 -> -3, take 0 -> -6.
  Rules tri = r;
  ASSERT_EQ(set_option(tri, "scoring", "triangular"), "");
  const int extra[] = {0, 1, 3, 6, 10, 15, 21, 28, 36};
  for (int b = 0; b <= 8; ++b) {
    EXPECT_EQ(contract_points(tri, b, b, 8, 4), Points::whole(5 + extra[b])) << b;
  }
  EXPECT_EQ(contract_points(tri, 3, 3, 8, 4), Points::whole(11));
  EXPECT_EQ(contract_points(tri, 3, 2, 8, 4), Points::whole(-1));
  EXPECT_EQ(contract_points(tri, 3, 5, 8, 4), Points::whole(-3));
  EXPECT_EQ(contract_points(tri, 3, 0, 8, 4), Points::whole(-6));
}

TEST(GoldenRomanian, HookExampleOfSeed001) {
  // Four cards, three players: "2", "1"; the third may not say 1 and must say 0, 2, 3 or 4.
  DealSetup s;
  s.players = 3;
  s.cards = 4;
  s.dealer = 2;
  DealState st(s, {});
  DealState::Undo u;
  st.apply(Action::bid(2), u);
  st.apply(Action::bid(1), u);
  EXPECT_EQ(st.why_illegal(Action::bid(1)),
            "the hook forbids bid 1: the bids would sum to 4, the cards dealt");
  for (int b : {0, 2, 3, 4}) EXPECT_TRUE(st.is_legal(Action::bid(b))) << b;
}

// ---------------------------------------------------------------------------------------------
// Seed 002: "Whist" as played online.

// One trick of three cards in a hand of one card each, trump hearts, no obligation to trump;
// seat 0 leads. Returns the seat that won.
int trick_winner(std::string_view a, std::string_view b, std::string_view c) {
  DealSetup s;
  s.players = 3;
  s.cards = 1;
  s.dealer = 2;
  s.trump = Suit::Hearts;
  s.must_trump = false;
  s.hook = false;
  Hands hands{};
  hands[0] = parse_hand(a);
  hands[1] = parse_hand(b);
  hands[2] = parse_hand(c);
  DealState st(s, hands);
  DealState::Undo u;
  for (int p = 0; p < 3; ++p) st.apply(Action::bid(0), u);
  for (std::string_view card : {a, b, c}) {
    const Action play = Action::play(*parse_card(card));
    EXPECT_EQ(st.why_illegal(play), "") << card;
    st.apply(play, u);
  }
  EXPECT_TRUE(st.done());
  for (int p = 0; p < 3; ++p) {
    if (st.tricks_won(p) == 1) return p;
  }
  return -1;
}

TEST(GoldenOnline, TrickExamplesOfSeed002) {
  EXPECT_EQ(trick_winner("KC", "AS", "AD"), 0);  // king of clubs
  EXPECT_EQ(trick_winner("QS", "9H", "KS"), 1);  // 9 of hearts
  EXPECT_EQ(trick_winner("JH", "QH", "AC"), 1);  // queen of hearts
  EXPECT_EQ(trick_winner("8D", "JS", "QC"), 0);  // 8 of diamonds
}

// Read as one deal (the 10 of hearts turned, each trick led by the previous winner), the four
// tricks hold a revoke: the player who discards the ace of spades on the led king of clubs later
// plays the queen of clubs. The engine refuses that play; the tricks are tested one by one
// above. (The 8 of diamonds is not in the 24-card deck either: 3 players play A-9.)
TEST(GoldenOnline, TrickExampleReadAsOneDealHasARevoke) {
  DealSetup s;
  s.players = 3;
  s.cards = 4;
  s.dealer = 2;
  s.trump = Suit::Hearts;
  s.turned = Card(Suit::Hearts, Rank::Ten);
  s.must_trump = false;
  s.hook = false;
  Hands hands{};
  hands[0] = parse_hand("KC QS AC JS");
  hands[1] = parse_hand("AS 9H JH QC");
  hands[2] = parse_hand("AD KS QH 8D");
  DealState st(s, hands);
  DealState::Undo u;
  for (int p = 0; p < 3; ++p) st.apply(Action::bid(0), u);
  st.apply(Action::play(*parse_card("KC")), u);
  EXPECT_EQ(st.why_illegal(Action::play(*parse_card("AS"))), "must follow suit C");
  EXPECT_FALSE(make_deck(DeckKind::EightPerPlayer, 3).contains(*parse_card("8D")));
}

TEST(GoldenOnline, ScoreTableOfSeed002) {
  const Rules r = *make_preset("triangular");
  const int made[] = {5, 6, 8, 11, 15, 20, 26, 33, 41};
  for (int b = 0; b <= 8; ++b) {
    EXPECT_EQ(contract_points(r, b, b, 8, 3), Points::whole(made[b])) << "bid " << b;
  }
  const int lost[] = {-1, -3, -6, -10, -15, -21, -28, -36};
  for (int d = 1; d <= 8; ++d) {
    EXPECT_EQ(contract_points(r, 0, d, 8, 3), Points::whole(lost[d - 1])) << "over by " << d;
    EXPECT_EQ(contract_points(r, 8, 8 - d, 8, 3), Points::whole(lost[d - 1])) << "under by " << d;
  }
  // The online game has no obligation to trump.
  EXPECT_FALSE(r.must_trump);
}

TEST(GoldenOnline, HookExampleOfSeed002) {
  // 3 players, 4 cards, bids 1 and 2: the dealer may not bid 1.
  DealSetup s;
  s.players = 3;
  s.cards = 4;
  s.dealer = 2;
  s.must_trump = false;
  DealState st(s, {});
  DealState::Undo u;
  st.apply(Action::bid(1), u);
  st.apply(Action::bid(2), u);
  EXPECT_FALSE(st.is_legal(Action::bid(1)));
  EXPECT_TRUE(st.is_legal(Action::bid(0)));
  EXPECT_TRUE(st.is_legal(Action::bid(2)));
}

// ---------------------------------------------------------------------------------------------
// Seed 000's alternative scoring systems, each example figure.

Rules with_scoring(std::string_view name) {
  Rules r = *make_preset("serbian");
  EXPECT_EQ(set_option(r, "scoring", name), "") << name;
  return r;
}

using test_cards::P;

TEST(GoldenAlternatives, HarshSerbian) {
  const Rules r = with_scoring("serbian-harsh");
  EXPECT_EQ(contract_points(r, 3, 2, 13, 4), P(-8));  // "2-10=8", a loss of 8
  EXPECT_EQ(contract_points(r, 3, 3, 13, 4), P(13));
  EXPECT_EQ(contract_points(r, 3, 5, 13, 4), P(5));
}

TEST(GoldenAlternatives, ExactAndPenalties) {
  EXPECT_EQ(contract_points(with_scoring("exact"), 3, 3, 13, 4), P(13));
  EXPECT_EQ(contract_points(with_scoring("exact"), 3, 2, 13, 4), P(0));
  const Rules pen = with_scoring("exact-penalty");
  EXPECT_EQ(contract_points(pen, 3, 2, 13, 4), P(-3));  // missing a 3 bid scores -3
  EXPECT_EQ(contract_points(pen, 0, 1, 13, 4), P(0));   // missing a zero bid scores 0
  EXPECT_EQ(contract_points(pen, 3, 3, 13, 4), P(13));
  // 10 times: a 4 bid is 40 made, and 0 or -40 missed.
  EXPECT_EQ(contract_points(with_scoring("ten-times"), 4, 4, 13, 4), P(40));
  EXPECT_EQ(contract_points(with_scoring("ten-times"), 4, 3, 13, 4), P(0));
  EXPECT_EQ(contract_points(with_scoring("ten-times-penalty"), 4, 4, 13, 4), P(40));
  EXPECT_EQ(contract_points(with_scoring("ten-times-penalty"), 4, 5, 13, 4), P(-40));
  // Penalty under, zero over.
  const Rules under = with_scoring("under-penalty");
  EXPECT_EQ(contract_points(under, 3, 5, 13, 4), P(0));
  EXPECT_EQ(contract_points(under, 3, 2, 13, 4), P(-3));
  EXPECT_EQ(contract_points(under, 3, 3, 13, 4), P(13));
  // ... "according to the specific exact scoring variant used": on ten-times and Cypriot too.
  const Rules under_ten = with_scoring("under-penalty-ten");
  EXPECT_EQ(contract_points(under_ten, 4, 4, 13, 4), P(40));
  EXPECT_EQ(contract_points(under_ten, 4, 3, 13, 4), P(-40));
  EXPECT_EQ(contract_points(under_ten, 4, 6, 13, 4), P(0));
  const Rules under_cypriot = with_scoring("under-penalty-cypriot");
  EXPECT_EQ(contract_points(under_cypriot, 5, 5, 13, 4), P(35));
  EXPECT_EQ(contract_points(under_cypriot, 3, 1, 13, 4), P(-15));
  EXPECT_EQ(contract_points(under_cypriot, 3, 4, 13, 4), P(0));
  EXPECT_EQ(contract_points(under_cypriot, 0, 2, 13, 4), P(0));
  // ... and on set penalty (bid 4: 14 made, -10 for 3 tricks; 5 tricks now 0) and progressive
  // penalty (bid 4: 14 made, -14 for 3 tricks and -24 for 2; 5 or 6 tricks 0).
  const Rules under_set = with_scoring("under-penalty-set");
  EXPECT_EQ(contract_points(under_set, 4, 4, 13, 4), P(14));
  EXPECT_EQ(contract_points(under_set, 4, 3, 13, 4), P(-10));
  EXPECT_EQ(contract_points(under_set, 4, 5, 13, 4), P(0));
  const Rules under_progressive = with_scoring("under-penalty-progressive");
  EXPECT_EQ(contract_points(under_progressive, 4, 4, 13, 4), P(14));
  EXPECT_EQ(contract_points(under_progressive, 4, 3, 13, 4), P(-14));
  EXPECT_EQ(contract_points(under_progressive, 4, 2, 13, 4), P(-24));
  EXPECT_EQ(contract_points(under_progressive, 4, 5, 13, 4), P(0));
  EXPECT_EQ(contract_points(under_progressive, 4, 6, 13, 4), P(0));
}

TEST(GoldenAlternatives, Cypriot) {
  const Rules r = with_scoring("cypriot");
  EXPECT_EQ(contract_points(r, 3, 1, 13, 4), P(-15));
  EXPECT_EQ(contract_points(r, 0, 2, 13, 4), P(-10));
  EXPECT_EQ(contract_points(r, 5, 5, 13, 4), P(35));
}

TEST(GoldenAlternatives, SetPenalty) {
  const Rules r = with_scoring("set-penalty");
  EXPECT_EQ(contract_points(r, 4, 4, 13, 4), P(14));
  EXPECT_EQ(contract_points(r, 4, 5, 13, 4), P(5));
  EXPECT_EQ(contract_points(r, 4, 3, 13, 4), P(-10));
}

TEST(GoldenAlternatives, ProgressivePenalty) {
  const Rules r = with_scoring("progressive-penalty");
  EXPECT_EQ(contract_points(r, 4, 4, 13, 4), P(14));
  EXPECT_EQ(contract_points(r, 4, 3, 13, 4), P(-14));
  EXPECT_EQ(contract_points(r, 4, 5, 13, 4), P(-14));
  EXPECT_EQ(contract_points(r, 4, 2, 13, 4), P(-24));
  EXPECT_EQ(contract_points(r, 4, 6, 13, 4), P(-24));
}

TEST(GoldenAlternatives, ZeroBidModifiers) {
  Rules reduced = with_scoring("basic");
  ASSERT_EQ(set_option(reduced, "zero_bid", "5"), "");
  EXPECT_EQ(contract_points(reduced, 0, 0, 13, 4), P(5));
  EXPECT_EQ(contract_points(reduced, 1, 1, 13, 4), P(11));
  Rules adjusted = with_scoring("basic");
  ASSERT_EQ(set_option(adjusted, "zero_bid", "5+cards"), "");
  // In the first round (one card), a made zero is 6 and a made one 11.
  EXPECT_EQ(contract_points(adjusted, 0, 0, 1, 4), P(6));
  EXPECT_EQ(contract_points(adjusted, 1, 1, 1, 4), P(11));
  EXPECT_EQ(contract_points(adjusted, 0, 0, 13, 4), P(18));
}

TEST(GoldenAlternatives, ProgressiveAndMontreal) {
  EXPECT_EQ(contract_points(with_scoring("progressive"), 4, 4, 13, 4), P(26));
  EXPECT_EQ(contract_points(with_scoring("progressive"), 4, 2, 13, 4), P(2));
  EXPECT_EQ(contract_points(with_scoring("montreal"), 4, 4, 13, 4), P(18));
  EXPECT_EQ(contract_points(with_scoring("montreal"), 4, 5, 13, 4), P(0));
}

TEST(GoldenAlternatives, NegativeSystems) {
  EXPECT_EQ(contract_points(with_scoring("negative"), 2, 5, 13, 4), P(6));  // 3 overtricks
  EXPECT_EQ(contract_points(with_scoring("negative"), 2, 2, 13, 4), P(0));
  EXPECT_EQ(contract_points(with_scoring("negative-squared"), 2, 5, 13, 4), P(9));
  // Five tricks in the round: every unsuccessful player scores 5.
  EXPECT_EQ(contract_points(with_scoring("negative-round"), 2, 4, 5, 4), P(5));
  EXPECT_EQ(contract_points(with_scoring("negative-round"), 2, 2, 5, 4), P(0));
}

TEST(GoldenAlternatives, TrickScoring) {
  const Rules r = with_scoring("trick");
  EXPECT_EQ(contract_points(r, 3, 2, 13, 4), P(-1));  // bid 3, won 2
  EXPECT_EQ(contract_points(r, 2, 3, 13, 4), P(-1));  // bid 2, won 3
  EXPECT_EQ(contract_points(r, 0, 0, 13, 4), Points::halves(1));
  EXPECT_EQ(to_string(contract_points(r, 0, 0, 13, 4)), "0.5");
  EXPECT_EQ(contract_points(r, 3, 3, 13, 4), P(3));
}

TEST(GoldenAlternatives, BinaryAndScratch) {
  EXPECT_EQ(contract_points(with_scoring("binary"), 3, 3, 13, 4), P(10));
  EXPECT_EQ(contract_points(with_scoring("binary"), 3, 4, 13, 4), P(0));
  const Rules nil = with_scoring("binary-nil");
  EXPECT_EQ(contract_points(nil, 0, 0, 5, 4), P(20));  // 5 tricks > 4 players
  EXPECT_EQ(contract_points(nil, 0, 1, 5, 4), P(-10));
  EXPECT_EQ(contract_points(nil, 0, 0, 4, 4), P(10));  // not more tricks than players
  EXPECT_EQ(contract_points(nil, 0, 1, 4, 4), P(0));
  EXPECT_EQ(contract_points(with_scoring("scratch"), 3, 2, 13, 4), P(1));
  EXPECT_EQ(contract_points(with_scoring("scratch"), 3, 3, 13, 4), P(0));
}

TEST(GoldenAlternatives, AdjustedExactGetFredOyVey) {
  EXPECT_EQ(contract_points(with_scoring("adjusted-exact"), 2, 2, 6, 4), P(8));
  EXPECT_EQ(contract_points(with_scoring("adjusted-exact"), 2, 3, 6, 4), P(0));
  const Rules fred = with_scoring("get-fred");
  EXPECT_EQ(contract_points(fred, 3, 2, 13, 4), P(-1));
  EXPECT_EQ(contract_points(fred, 3, 4, 13, 4), P(-1));
  EXPECT_EQ(contract_points(fred, 3, 3, 13, 4), P(13));
  const Rules oy = with_scoring("oy-vey");
  EXPECT_EQ(contract_points(oy, 3, 3, 13, 4), P(19));
  EXPECT_EQ(contract_points(oy, 3, 1, 13, 4), P(-2));
}

TEST(GoldenAlternatives, SpadesDoubleDoublesTheDeal) {
  // "if a spade is turned up, the points for that round double": romanian, 4 players, one card
  // each, a spade turned; seat 0 bids 1 and wins with the ace of spades.
  Rules r = *make_preset("romanian");
  ASSERT_EQ(set_option(r, "spades_double", "on"), "");
  ASSERT_EQ(validate(r), "");
  Match m(r, {"A", "B", "C", "D"}, 3);
  replay(m, {{"AS", "KS", "QS", "JS"}, "TS", {1, 0, 0, 1}, "AS KS QS JS"});
  const DealResult& d = m.results()[0];
  EXPECT_EQ(d.contract[0], P(12));  // (5 + 1) x 2
  EXPECT_EQ(d.contract[1], P(10));  // 5 x 2
  EXPECT_EQ(d.contract[3], P(-2));  // -1 x 2
  replay(m, {{"KS", "AH", "QS", "JS"}, "TH", {0, 1, 0, 1}, "AH QS JS KS"});
  const DealResult& e = m.results()[1];
  EXPECT_EQ(e.contract[1], P(6));  // hearts turned: not doubled
}

}  // namespace
}  // namespace whist
