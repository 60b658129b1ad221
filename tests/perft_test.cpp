// Perft counts (legal play sequences) checked against hand counts, and the bench signature:
// like Stockfish's bench node count, a change to the rules' semantics, the random generator or
// how a random legal action is picked shows up here. Speed is measured by `whist bench` and the
// Google Benchmark target, never here.
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/card_set.h"
#include "core/rng.h"
#include "game/deal.h"
#include "game/playout.h"

namespace whist {
namespace {

// The signature of the engine's rules; see playout.h. Update only for an intended change of
// the rules' semantics, the generator or random_playout, and say so in the change.
constexpr uint64_t kExpectedSignature = 4799249333786316810ull;
constexpr uint64_t kExpectedAuctionChecksum = 13608525796870107994ull;
constexpr uint64_t kExpectedChecksum = 13417527934482580211ull;
constexpr uint64_t kExpectedPlayoutPlays = 548811;
constexpr std::array<uint64_t, 7> kExpectedPerft = {75696,  94500,  17792, 8288,
                                                    533376, 162816, 19584};

CardSet hand(std::string_view text) {
  CardSet h;
  while (!text.empty()) {
    const auto space = text.find(' ');
    const auto card = parse_card(text.substr(0, space));
    EXPECT_TRUE(card.has_value()) << text;
    if (card) h |= *card;
    text = space == std::string_view::npos ? std::string_view() : text.substr(space + 1);
  }
  return h;
}

// A deal in the playing phase, bids made (all zero, no hook); seat 0 leads.
DealState playing(Suit trump, bool must_trump, std::initializer_list<std::string_view> hands) {
  std::array<CardSet, kMaxPlayers> h{};
  int players = 0;
  for (std::string_view text : hands) h[players++] = hand(text);
  DealSetup s;
  s.players = players;
  s.cards = h[0].size();
  s.dealer = players - 1;
  s.trump = trump;
  s.must_trump = must_trump;
  s.hook = false;
  DealState state(s, h);
  DealState::Undo u;
  for (int p = 0; p < players; ++p) state.apply(Action::bid(0), u);
  EXPECT_EQ(state.phase(), Phase::Playing);
  return state;
}

// Perft without the bulk count of the last trick.
uint64_t naive_perft(DealState& state) {
  if (state.done()) return 1;
  uint64_t n = 0;
  DealState::Undo u;
  for (Card c : state.legal_cards()) {
    state.play(c, u);
    n += naive_perft(state);
    state.unplay(u);
  }
  return n;
}

TEST(Perft, ThreePlayersTwoCardsByHand) {
  // Seat 0 leads AS: KS and QS must follow, then 2H 3H 4D are forced: 1 sequence. Seat 0 leads
  // 2H: seat 1 follows 3H, seat 2 (void) plays QS or 4D; seat 1 wins and leads KS, the rest is
  // forced: 2 sequences. 3 in all.
  DealState s = playing(Suit::None, true, {"AS 2H", "KS 3H", "QS 4D"});
  EXPECT_EQ(perft(s), 3u);
  EXPECT_EQ(naive_perft(s), 3u);
}

TEST(Perft, MustTrumpCutsTheCount) {
  // Hearts trump. Seat 0 leads AS: with must_trump seat 1 (void in spades) must play 3H, else
  // 3H or 4C; seat 2 (no spade, no trump) plays either diamond; trick two is forced. Seat 0
  // leads 2C: seat 1 must follow 4C, seat 2 plays either diamond, trick two forced.
  // must_trump: 1*2 + 1*2 = 4; free: 2*2 + 1*2 = 6.
  const std::initializer_list<std::string_view> hands = {"AS 2C", "3H 4C", "KD 5D"};
  DealState must = playing(Suit::Hearts, true, hands);
  DealState lax = playing(Suit::Hearts, false, hands);
  EXPECT_EQ(perft(must), 4u);
  EXPECT_EQ(perft(lax), 6u);
  // Without a trump suit the obligation is void: both count 6.
  DealState no_trump = playing(Suit::None, true, hands);
  EXPECT_EQ(perft(no_trump), 6u);
}

TEST(Perft, OneCardDealHasOneSequence) {
  DealState s = playing(Suit::Spades, true, {"2C", "AS", "KH", "QD"});
  EXPECT_EQ(perft(s), 1u);
}

TEST(Perft, BulkCountEqualsNaiveAndRestoresState) {
  for (BenchDeal& d : bench_deals()) {
    if (d.state.players() * d.state.cards() > 20) continue;  // the small ones: fast in debug
    const DealState copy = d.state;
    EXPECT_EQ(perft(d.state), naive_perft(d.state)) << d.name;
    EXPECT_EQ(d.state, copy) << d.name;
  }
}

TEST(Perft, BenchDealsAreProperDeals) {
  const std::vector<BenchDeal> deals = bench_deals();
  ASSERT_EQ(deals.size(), kExpectedPerft.size());
  for (const BenchDeal& d : deals) {
    CardSet seen;
    for (int p = 0; p < d.state.players(); ++p) {
      EXPECT_EQ(d.state.hand(p).size(), d.state.cards()) << d.name;
      EXPECT_FALSE(seen.intersects(d.state.hand(p))) << d.name;
      seen |= d.state.hand(p);
    }
    EXPECT_EQ(d.state.phase(), Phase::Playing) << d.name;
  }
}

TEST(Perft, RandomPlayoutFinishesTheDeal) {
  Rng rng(7);
  for (int i = 0; i < 200; ++i) {
    DealState s = random_bench_deal(rng);
    const int plays = random_playout(s, rng);
    EXPECT_TRUE(s.done());
    EXPECT_EQ(plays, s.players() * s.cards());
    int tricks = 0;
    for (int p = 0; p < s.players(); ++p) tricks += s.tricks_won(p);
    EXPECT_EQ(tricks, s.cards());
  }
}

TEST(Perft, DealHandsDealsDisjointHandsOfTheDeck) {
  Rng rng(3);
  const CardSet deck(0x0FF00FF00FF00FF0ull);
  const auto hands = deal_hands(deck, 4, 8, rng);
  CardSet all;
  for (int p = 0; p < 4; ++p) {
    EXPECT_EQ(hands[p].size(), 8);
    EXPECT_FALSE(all.intersects(hands[p]));
    all |= hands[p];
  }
  EXPECT_TRUE(deck.contains(all));
  EXPECT_TRUE(hands[4].empty());
}

TEST(Perft, FastSelectAgreesWithNthAndPickWithItsDefinition) {
  Rng sets(11), a(5), b(5);
  for (int i = 0; i < 20000; ++i) {
    const CardSet s(sets.next() & sets.next());  // about 16 cards
    ASSERT_EQ(s.size(), std::popcount(s.bits()));
    for (int n = 0; n < s.size(); ++n) ASSERT_EQ(bits::select(s.bits(), n), s.nth(n).index());
    if (s.empty()) continue;
    // pick is defined as nth(below(size)) and must draw from the generator just that way.
    ASSERT_EQ(a.pick(s), s.nth(static_cast<int>(b.below(static_cast<uint32_t>(s.size())))));
  }
  EXPECT_EQ(bits::select(~uint64_t{0}, 63), 63);
  EXPECT_EQ(bits::select(uint64_t{1} << 63, 0), 63);
  static_assert(bits::popcount(0x1FFF1FFF1FFF1FFFull) == 52);
  static_assert(bits::select(0x8000000000000001ull, 1) == 63);
}

TEST(Perft, StateIsAFewCacheLines) {
  // The fields card play touches come first and fit three lines; Israeli whist's auction and
  // card-passing record (cold during play) follow.
  static_assert(sizeof(DealState) <= 5 * 64, "the state of a deal should stay small to copy");
}

TEST(Bench, SignatureMatches) {
  const BenchSignature sig = bench_signature();
  ASSERT_EQ(sig.perft.size(), kExpectedPerft.size());
  for (size_t i = 0; i < kExpectedPerft.size(); ++i) EXPECT_EQ(sig.perft[i], kExpectedPerft[i]);
  EXPECT_EQ(sig.playouts, static_cast<uint64_t>(kSignaturePlayouts));
  EXPECT_EQ(sig.playout_plays, kExpectedPlayoutPlays);
  EXPECT_EQ(sig.playout_checksum, kExpectedChecksum);
  EXPECT_EQ(sig.auction_deals, static_cast<uint64_t>(kSignatureAuctionDeals));
  EXPECT_EQ(sig.auction_checksum, kExpectedAuctionChecksum);
  EXPECT_EQ(sig.signature, kExpectedSignature);
}

std::string run(const std::string& args) {
  const std::string cmd = std::string("'") + WHIST_BINARY + "' " + args;
  std::string out;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (pipe == nullptr) return out;
  std::array<char, 4096> buf{};
  size_t n = 0;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) out.append(buf.data(), n);
  EXPECT_EQ(pclose(pipe), 0) << cmd;
  return out;
}

TEST(Bench, BinaryJsonSignatureMatches) {
  const auto j = nlohmann::json::parse(run("bench --json --quick"));
  EXPECT_EQ(j.at("signature").get<uint64_t>(), kExpectedSignature);
  EXPECT_EQ(j.at("playout_checksum").get<uint64_t>(), kExpectedChecksum);
  EXPECT_EQ(j.at("auction_checksum").get<uint64_t>(), kExpectedAuctionChecksum);
  ASSERT_EQ(j.at("perft").size(), kExpectedPerft.size());
  for (size_t i = 0; i < kExpectedPerft.size(); ++i) {
    EXPECT_EQ(j["perft"][i].at("count").get<uint64_t>(), kExpectedPerft[i]);
  }
  EXPECT_FALSE(j.contains("plays_per_second"));  // --quick measures no speed
}

TEST(Bench, BinaryTextEndsWithTheSignature) {
  const std::string out = run("bench --quick");
  EXPECT_NE(out.find("signature: " + std::to_string(kExpectedSignature) + "\n"), std::string::npos)
      << out;
}

}  // namespace
}  // namespace whist
