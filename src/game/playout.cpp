#include "game/playout.h"

#include "game/match.h"
#include "rules/presets.h"

#include <string_view>
#include <utility>

namespace whist {

void random_bidding(DealState& state, Rng& rng) {
  DealState::Undo u;
  while (!state.done() && state.phase() != Phase::Playing) {
    const ActionList legal = state.legal_actions();
    state.apply(legal.items[rng.below(static_cast<uint32_t>(legal.size))], u);
  }
}

int random_playout(DealState& state, Rng& rng) {
  random_bidding(state, rng);
  // The hot loop. The generator is copied to a local so that the compiler can keep it in
  // registers (stores to the hands, 64-bit words, might otherwise alias it), and the undo
  // record, never read, is optimised away.
  Rng local = rng;
  const int before = state.num_plays();
  while (!state.done()) {
    DealState::Undo unused;
    state.play(local.pick(state.legal_cards()), unused);
  }
  rng = local;
  return state.num_plays() - before;
}

uint64_t perft(DealState& state) {
  // In the last trick every hand holds at most one card: the rest is forced (bulk counting).
  if (state.num_plays() >= state.players() * (state.cards() - 1)) return 1;
  uint64_t n = 0;
  DealState::Undo u;
  for (Card c : state.legal_cards()) {
    state.play(c, u);
    n += perft(state);
    state.unplay(u);
  }
  return n;
}

std::array<CardSet, kMaxPlayers> deal_hands(CardSet deck, int players, int cards, Rng& rng) {
  std::array<Card, 64> pile{};
  int size = 0;
  for (Card c : deck) pile[size++] = c;
  std::array<CardSet, kMaxPlayers> hands{};
  for (int i = 0; i < players * cards; ++i) {
    const int j = i + static_cast<int>(rng.below(static_cast<uint32_t>(size - i)));
    std::swap(pile[i], pile[j]);
    hands[i % players] |= pile[i];
  }
  return hands;
}

DealState random_bench_deal(Rng& rng) {
  DealSetup s;
  s.players = 3 + static_cast<int>(rng.below(5));
  s.cards = 1 + static_cast<int>(rng.below(static_cast<uint32_t>(52 / s.players)));
  s.dealer = static_cast<int>(rng.below(static_cast<uint32_t>(s.players)));
  s.trump = static_cast<Suit>(rng.below(5));
  s.must_trump = rng.below(2) == 1;
  s.hook = rng.below(2) == 1;
  switch (rng.below(8)) {
    case 0:
      s.forced_bid = 0;
      break;
    case 1:
      s.forced_bid = s.cards;
      break;
    case 2:
      s.zero_play_open = static_cast<uint8_t>(rng.below(1u << s.players));
      break;
    case 3:
      s.choose_mode = s.cards == 1;
      break;
    default:
      break;
  }
  return DealState(s, deal_hands(CardSet::all52(), s.players, s.cards, rng));
}

namespace {

CardSet parse_hand(std::string_view text) {
  CardSet hand;
  while (!text.empty()) {
    const auto space = text.find(' ');
    hand |= *parse_card(text.substr(0, space));
    text = space == std::string_view::npos ? std::string_view() : text.substr(space + 1);
  }
  return hand;
}

struct FixedDeal {
  const char* name;
  Suit trump;
  bool must_trump;
  std::array<const char*, kMaxPlayers> hands;  // by seat; seat 0 leads the first trick
};

// Random hands (3 to 7 players), chosen so that the perft counts total about a million leaves:
// a few hundredths of a second. The first two deals differ only in must_trump.
constexpr FixedDeal kFixedDeals[] = {
    {"3p 6c trump H must-trump",
     Suit::Hearts,
     true,
     {"AS TS 4S KH 7D 3C", "QS 9H 8H 2H KD 5C", "JS 5S AH QD 9D 7C"}},
    {"3p 6c trump H free",
     Suit::Hearts,
     false,
     {"AS TS 4S KH 7D 3C", "QS 9H 8H 2H KD 5C", "JS 5S AH QD 9D 7C"}},
    {"4p 5c no trump",
     Suit::None,
     true,
     {"KS 8S 4H JD 2C", "7S JH TH 5D AC", "AS 3H 9D 6C 4C", "QH 6H 8D KC QC"}},
    {"4p 5c trump S must-trump",
     Suit::Spades,
     true,
     {"KS 8S 4H JD 2C", "7S JH TH 5D AC", "AS 3H 9D 6C 4C", "QH 6H 8D KC QC"}},
    {"5p 5c trump C must-trump",
     Suit::Clubs,
     true,
     {"TS 3H TD 4D 9C", "KH TH 4H 5D 2C", "4S 8H 6H 9D 6D", "5S AH 8C 6C 3C", "9S 2H QD JD AC"}},
    {"6p 4c trump C free",
     Suit::Clubs,
     false,
     {"JS 3S 9C 4C", "8S TH 9D 8C", "2S 9H 6H 5D", "AS 3H 6C 5C", "8D 4D AC QC", "7S 8H 2H 3D"}},
    {"7p 3c no trump",
     Suit::None,
     false,
     {"QH KD QD", "8H 6H TC", "AS QC 2C", "6D 3D 6C", "8S TH 9H", "5S KH 8C", "JS 4S JD"}},
};

uint64_t mix(uint64_t h, uint64_t v) {
  uint64_t z = h ^ (v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2));
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace

std::vector<BenchDeal> bench_deals() {
  std::vector<BenchDeal> out;
  for (const FixedDeal& f : kFixedDeals) {
    std::array<CardSet, kMaxPlayers> hands{};
    int players = 0;
    while (players < kMaxPlayers && f.hands[players] != nullptr) {
      hands[players] = parse_hand(f.hands[players]);
      ++players;
    }
    DealSetup s;
    s.players = players;
    s.cards = hands[0].size();
    s.dealer = players - 1;
    s.trump = f.trump;
    s.must_trump = f.must_trump;
    s.hook = false;
    DealState state(s, hands);
    DealState::Undo u;
    for (int p = 0; p < players; ++p) state.apply(Action::bid(0), u);
    out.push_back({f.name, state});
  }
  return out;
}

BenchSignature bench_signature() {
  BenchSignature sig;
  uint64_t h = 0;
  for (BenchDeal& d : bench_deals()) {
    sig.perft.push_back(perft(d.state));
    h = mix(h, sig.perft.back());
  }
  Rng rng(kSignatureSeed);
  uint64_t c = 0;
  for (int i = 0; i < kSignaturePlayouts; ++i) {
    DealState s = random_bench_deal(rng);
    sig.playout_plays += static_cast<uint64_t>(random_playout(s, rng));
    for (int k = 0; k < s.num_plays(); ++k) c = mix(c, static_cast<uint64_t>(s.play_at(k).index()));
    for (int p = 0; p < s.players(); ++p) {
      c = mix(c, static_cast<uint64_t>(s.bid(p) + 1) << 8 | static_cast<uint64_t>(s.tricks_won(p)));
    }
    c = mix(c, static_cast<uint64_t>(s.mode()) << 8 | s.zero_announced());
  }
  sig.playouts = kSignaturePlayouts;
  sig.playout_checksum = c;
  h = mix(h, sig.playouts);
  h = mix(h, sig.playout_plays);
  h = mix(h, c);
  sig.auction_deals = kSignatureAuctionDeals;
  sig.auction_checksum = match_checksum("israeli", kSignatureAuctionDeals, kSignatureSeed);
  sig.auction_checksum =
      mix(sig.auction_checksum, match_checksum("call-ace", kSignatureAuctionDeals, kSignatureSeed));
  sig.signature = mix(h, sig.auction_checksum);
  return sig;
}

uint64_t match_checksum(const std::string& variant, int deals, uint64_t seed) {
  Rules rules = *make_preset(variant);
  rules.end = GameEnd::Deals;
  rules.deal_limit = deals;
  std::vector<std::string> names;
  for (int p = 0; p < rules.players; ++p) names.push_back(std::to_string(p));
  Match match(rules, names, 0);
  Rng rng(seed);
  uint64_t c = 0;
  while (!match.finished()) {
    match.deal_random(rng);
    while (match.in_deal()) {
      const ActionList legal = match.state().legal_actions();
      Action a = legal.items[rng.below(static_cast<uint32_t>(legal.size))];
      if (match.state().phase() == Phase::Auction && rng.below(5) < 4) a = Action::pass();
      c = mix(c, a.code());
      match.apply(a);
    }
  }
  for (int p = 0; p < rules.players; ++p) {
    c = mix(c, static_cast<uint64_t>(match.totals()[p].in_halves()));
  }
  return c;
}

}  // namespace whist
