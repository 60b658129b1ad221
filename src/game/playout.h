// Random playouts and perft: the engine's speed and a deterministic signature of its rules.
//
// The signature works like Stockfish's `bench` node count: perft counts (the number of legal
// play sequences) of a few fixed deals and a checksum of seeded random playouts, hashed into one
// 64-bit number. Any change to the rules' semantics, to the random generator or to how a random
// legal action is picked changes it; pure speed work must not.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/rng.h"
#include "game/deal.h"

namespace whist {

// Makes uniformly random legal choices (the one-card mode, zero play announcements, bids) until
// the deal reaches the playing phase.
void random_bidding(DealState& state, Rng& rng);

// Plays the deal to its end with uniformly random legal actions (a mode choice, bids and zero
// play announcements as well as cards, each through legal_actions()/pick); returns the cards
// played.
int random_playout(DealState& state, Rng& rng);

// The number of legal play sequences from a state in the playing phase to the end of the deal.
uint64_t perft(DealState& state);

// Deals `cards` cards to each of `players` seats, uniformly from `deck` (a partial Fisher-Yates
// shuffle on the stack: no heap memory). Seat 0 gets the first card, then seat 1, and so on.
std::array<CardSet, kMaxPlayers> deal_hands(CardSet deck, int players, int cards, Rng& rng);

// A random deal of the bench mix, in the bidding phase: 3 to 7 players, 1 to 52/players cards
// from the full deck, a random dealer, trump suit (or no trump), must_trump and hook.
DealState random_bench_deal(Rng& rng);

// The fixed deals whose perft counts enter the signature, each in the playing phase.
struct BenchDeal {
  std::string name;  // e.g. "3p 6c trump H must-trump"
  DealState state;
};
std::vector<BenchDeal> bench_deals();

inline constexpr int kSignaturePlayouts = 20000;
inline constexpr int kSignatureAuctionDeals = 400;
inline constexpr uint64_t kSignatureSeed = 20261121;

struct BenchSignature {
  std::vector<uint64_t> perft;    // by bench_deals()
  uint64_t playouts = 0;          // kSignaturePlayouts random bench deals
  uint64_t playout_plays = 0;     // cards played in them
  uint64_t playout_checksum = 0;  // hash of every card played, bid made and trick won
  // Whole deals of the auction games (Israeli and Call-Ace whist, each) through Match: random
  // legal actions, with a pass four times in five during auctions so that card passing and
  // thrown-in hands occur.
  uint64_t auction_deals = 0;
  uint64_t auction_checksum = 0;  // hash of every action and the totals
  uint64_t signature = 0;         // hash of all of the above
};

// Deterministic: the same on every run, build type and platform. Takes well under a second.
BenchSignature bench_signature();

// The checksum of `deals` random deals of a preset played through Match from `seed` (see
// BenchSignature::auction_checksum for the policy).
uint64_t match_checksum(const std::string& variant, int deals, uint64_t seed);

}  // namespace whist
