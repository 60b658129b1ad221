#include "game/view.h"

#include "rules/contracts.h"

namespace whist {

namespace {

// The called card has been played: everyone knows the partner.
bool partner_revealed(const DealState& s) {
  return s.call().called != kNoCard && s.played().contains(s.call().called);
}

// A Half contract whose card is called: its holder chooses trump and exchanges, or the declarer
// when the card is its own or in the kitty. Who that is stays unseen by the others either way:
// a declarer seen to act would tell them it plays alone, and where a kitty card lies
// (regression: to_move, call.actor and the history named it, and a bot declarer moved at once).
bool half_called(const DealState& s) {
  return s.call().contract >= 0 && s.call().called != kNoCard &&
         contract_ladder()[s.call().contract].kind == ContractKind::Half;
}

}  // namespace

bool PlayerView::operator==(const PlayerView& o) const {
  const auto same_legal = [&] {
    if (legal.size != o.legal.size) return false;
    for (int i = 0; i < legal.size; ++i) {
      if (!(legal.items[i] == o.legal.items[i])) return false;
    }
    return true;
  };
  return setup == o.setup && seat == o.seat && players == o.players && cards == o.cards &&
         dealer == o.dealer && phase == o.phase && to_move == o.to_move && trump == o.trump &&
         turned == o.turned && mode == o.mode && own_hand == o.own_hand && visible == o.visible &&
         bids == o.bids && tricks == o.tricks && plays == o.plays &&
         zero_announced == o.zero_announced && same_legal() && auction == o.auction &&
         passed == o.passed && received == o.received && choosing == o.choosing &&
         history == o.history && call == o.call && kitty_seen == o.kitty_seen &&
         partner == o.partner;
}

namespace {

void add_call_ace(const DealState& s, int seat, PlayerView& v) {
  v.call = s.call();
  // The face-down kitty and the partner are not public: keep only what this seat may know.
  v.call.kitty = CardSet();
  v.call.partner = -1;
  // In a Half contract the one choosing trump and exchanging is unseen, as above.
  if (half_called(s) && seat != s.call().actor && !partner_revealed(s)) v.call.actor = -1;
  const bool partner_known = partner_revealed(s);
  const int holder_now = [&] {
    for (int p = 0; p < s.players(); ++p) {
      if (s.call().called != kNoCard && s.hand(p).contains(s.call().called)) return p;
    }
    return -1;
  }();
  if (partner_known) {
    v.partner = s.call().partner;
  } else if (holder_now == seat && seat != s.declarer()) {
    v.partner = seat;  // the partner knows from the start
  }
  for (int i = 0; i < s.call().turned; ++i) v.kitty_seen |= s.kitty_card(i);
  if (seat == s.call().actor && s.call().taken) {
    // The exchanger saw the kitty it took and knows what it discarded.
    for (int i = 0; i < kKittySize; ++i) v.kitty_seen |= s.kitty_card(i);
    v.call.kitty = s.call().kitty;
  }
  if (!actor_visible(s, s.to_move(), seat)) {
    v.to_move = -1;
    v.legal = ActionList();
  }
  // Table contracts show the declarer's hand, Double table every hand, after the first trick.
  if (s.tricks_played() >= 1 && s.call().contract >= 0) {
    const ContractKind k = contract_ladder()[s.call().contract].kind;
    for (int p = 0; p < s.players(); ++p) {
      const bool shown =
          k == ContractKind::DoubleTable ||
          ((k == ContractKind::Table || k == ContractKind::CleanTable) && p == s.declarer());
      if (shown && p != seat) v.visible[p] = s.hand(p);
    }
  }
}

}  // namespace

bool taker_visible(const DealState& s, int seat, Action a, int viewer) {
  if (s.family() != Family::CallAce || seat == viewer) return true;
  const ActionKind k = a.kind();
  const bool partner_action = k == ActionKind::ChooseTrump || k == ActionKind::TakeKitty ||
                              k == ActionKind::KeepHand || k == ActionKind::Discard;
  // Only a Half contract's are made after its call; the declarer's own in the others are seen.
  return !partner_action || !half_called(s) || partner_revealed(s);
}

PlayerView make_view(const DealState& s, int seat) {
  PlayerView v;
  make_view_into(s, seat, v);
  return v;
}

void make_view_into(const DealState& s, int seat, PlayerView& v) {
  {
    // Everything back to its default but the lists' storage.
    std::vector<PlayedCard> plays = std::move(v.plays);
    std::vector<CardSet> passed = std::move(v.passed), received = std::move(v.received);
    std::vector<SeatAction> history = std::move(v.history);
    v = PlayerView{};
    plays.clear();
    passed.clear();
    received.clear();
    history.clear();
    v.plays = std::move(plays);
    v.passed = std::move(passed);
    v.received = std::move(received);
    v.history = std::move(history);
  }
  v.setup = s.public_setup();
  v.seat = seat;
  v.players = s.players();
  v.cards = s.cards();
  v.dealer = s.dealer();
  v.phase = s.phase();
  v.to_move = s.to_move();
  v.trump = s.trump();
  v.turned = s.turned();
  v.mode = s.mode();
  const bool bidding = s.phase() == Phase::ChooseMode || s.phase() == Phase::Bidding;
  // The dealer picks the one-card mode "before dealing" (seed 001): no one has seen a card yet.
  const bool blind = s.phase() == Phase::ChooseMode ||
                     (bidding && (s.blind_bidding() || s.mode() == OneCardMode::Blind));
  const bool forehead = s.mode() == OneCardMode::Forehead && s.phase() != Phase::ChooseMode;
  if (!blind && !forehead) v.own_hand = s.hand(seat);
  if (forehead) {
    for (int p = 0; p < s.players(); ++p) {
      if (p != seat) v.visible[p] = s.hand(p);
    }
  }
  for (int p = 0; p < s.players(); ++p) {
    v.bids[p] = s.bid(p);
    v.tricks[p] = s.tricks_won(p);
  }
  v.plays.reserve(static_cast<size_t>(s.num_plays()));
  std::array<int8_t, kMaxPlays> seats;
  s.seats_of_plays(seats);
  for (int i = 0; i < s.num_plays(); ++i) v.plays.push_back({seats[i], s.play_at(i)});
  v.zero_announced = s.zero_announced();
  if (s.to_move() == seat && !s.done()) v.legal = s.legal_actions();
  v.auction = s.auction();
  if (s.family() == Family::CallAce) add_call_ace(s, seat, v);
  if (s.family() == Family::Israeli) {
    const int from = (seat + s.players() - 1) % s.players();
    for (int r = 0; r < s.auction().round; ++r) {
      v.passed.push_back(s.passed(r, seat));
      v.received.push_back(s.passed(r, from));
    }
    if (s.phase() == Phase::Passing) v.choosing = s.passed(s.auction().round, seat);
  }
}

PlayerView public_view(const DealState& s) {
  PlayerView v = make_view(s, 0);
  v.seat = -1;
  v.own_hand = CardSet();
  v.legal = ActionList();
  v.passed.clear();
  v.received.clear();
  v.choosing = CardSet();
  v.call.kitty = CardSet();
  std::array<PlayerView, kMaxPlayers> views;
  for (int q = 0; q < s.players(); ++q) views[q] = make_view(s, q);
  v.kitty_seen = views[0].kitty_seen;
  for (int p = 0; p < s.players(); ++p) {
    CardSet shown = views[p].own_hand;
    for (int q = 0; q < s.players(); ++q) {
      if (q != p) shown &= views[q].visible[p];
    }
    v.visible[p] = shown;
    v.kitty_seen &= views[p].kitty_seen;
    if (views[p].to_move < 0) v.to_move = -1;
    if (views[p].call.actor < 0) v.call.actor = -1;
    if (views[p].partner != views[0].partner) v.partner = -1;
  }
  if (v.partner != views[0].partner || v.partner < 0) v.partner = -1;
  return v;
}

Action told_action(const PlayerView& view, Action a) {
  const bool unseen = view.mode == OneCardMode::Forehead && a.kind() == ActionKind::Play &&
                      !view.own_hand.contains(a.card());
  return unseen ? Action::play_unseen() : a;
}

Action heard_action(const PlayerView& view, Action a) {
  if (a != Action::play_unseen()) return a;
  for (Action legal : view.legal) {
    if (told_action(view, legal) == a) return legal;
  }
  return a;  // not legal here: refused as such
}

bool is_public(Action a) {
  return a.kind() != ActionKind::PassCard && a.kind() != ActionKind::Discard;
}

bool actor_visible(const DealState& s, int seat, int viewer) {
  if (s.family() != Family::CallAce || seat == viewer) return true;
  if (seat != s.call().actor || !half_called(s)) return true;
  // The Half contract's chooser (the partner, or the declarer alone) chooses trump and exchanges.
  const bool partner_phase = s.phase() == Phase::ChooseTrump || s.phase() == Phase::Exchange ||
                             s.phase() == Phase::Discard;
  return !partner_phase || partner_revealed(s);
}

}  // namespace whist
