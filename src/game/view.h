// What one seat may see of a deal: the only thing bots and clients are given.
//
// A seat sees its own hand (not during blind bidding, never in a forehead deal), every other
// hand only in a forehead deal, the turned card, the bids, every card played and by whom, and the
// tricks won. Hidden cards are simply absent: a view never holds them.
#pragma once

#include <array>
#include <vector>

#include "game/deal.h"

namespace whist {

struct PlayedCard {
  int seat = 0;
  Card card;
  bool operator==(const PlayedCard&) const = default;
};

struct PlayerView {
  int seat = 0;
  int players = 0;
  int cards = 0;
  int dealer = 0;
  Phase phase = Phase::Done;
  int to_move = 0;
  Suit trump = Suit::None;
  Card turned = kNoCard;
  OneCardMode mode = OneCardMode::Regular;
  CardSet own_hand;                            // empty while hidden from its owner
  std::array<CardSet, kMaxPlayers> visible{};  // other seats' cards this seat can see
  std::array<int, kMaxPlayers> bids{};         // -1 before a seat bids
  std::array<int, kMaxPlayers> tricks{};
  std::vector<PlayedCard> plays;  // every card played so far, in order
  uint8_t zero_announced = 0;
  ActionList legal;  // the seat's legal actions when it is to move

  bool operator==(const PlayerView&) const;
};

PlayerView make_view(const DealState& state, int seat);

}  // namespace whist
