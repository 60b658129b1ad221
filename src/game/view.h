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

// A public action and who took it (bids, auction calls, announcements, the mode choice).
struct SeatAction {
  int seat = 0;
  Action action;
  bool operator==(const SeatAction&) const = default;
};

struct PlayerView {
  DealSetup setup;  // public: no kitty
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

  // Israeli whist: the auction (public), and this seat's own card passing: what it passed and
  // received in each completed round, and what it has chosen so far in the current one.
  AuctionState auction;
  std::vector<CardSet> passed;
  std::vector<CardSet> received;
  CardSet choosing;

  // Call-Ace whist: the contract and called card (public), the kitty cards this seat has seen
  // (turned up in Turn, or taken), the partner when this seat may know it (-1: unknown, or the
  // declarer plays alone). `call.actor` is -1 where it would reveal the secret partner, and
  // `call.kitty` is empty but for the one who took the kitty (then it holds the discards).
  CallState call;
  CardSet kitty_seen;
  int partner = -1;

  // Every public action of the deal so far, in order (set by Match::view; empty from make_view).
  // The seat is -1 where it would reveal the secret partner.
  std::vector<SeatAction> history;

  bool operator==(const PlayerView&) const;
};

PlayerView make_view(const DealState& state, int seat);

// make_view into `view`, whose lists keep their storage: a search that builds a view for each
// decision of its playouts allocates nothing once they have grown.
void make_view_into(const DealState& state, int seat, PlayerView& view);

// What every seat may see (a spectator's view, seat -1): a hand only where its owner and every
// other seat see it (exposed hands; never a forehead card), the kitty cards turned up for all,
// the partner once everyone knows it, and no legal actions.
PlayerView public_view(const DealState& state);

// A forehead card is the one card its holder may not see, and playing it is forced: the view's
// one legal action is that play, so that bots and the engine apply it as any other. What a seat
// is told (the server's protocol, the bot protocol) calls it "play unseen" instead, and
// heard_action turns that back into the play. Every other action is told and heard as it is.
Action told_action(const PlayerView& view, Action a);
Action heard_action(const PlayerView& view, Action a);

// Whether every seat may see action `a` (passing and discarding cards are private).
bool is_public(Action a);

// Whether `viewer` may know that `seat` is the one acting in `state` right now (in a Half contract
// the holder of the called card, or the declarer when it is its own or in the kitty, chooses trump
// and exchanges; the others see only that someone acts).
bool actor_visible(const DealState& state, int seat, int viewer);

// Whether `viewer` may know that `seat` took `a`, an action of the deal in `state` (its current
// state): a Half contract's trump choice and kitty exchange do not say who made them.
bool taker_visible(const DealState& state, int seat, Action a, int viewer);

}  // namespace whist
