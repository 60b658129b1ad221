#include "game/match.h"

#include <cassert>

#include "core/deck.h"

namespace whist {

Match::Match(Rules rules, std::vector<std::string> names, int first_dealer)
    : rules_(std::move(rules)),
      schedule_(rules_),
      names_(std::move(names)),
      first_dealer_(first_dealer),
      tally_(rules_) {
  assert(validate(rules_).empty());
  assert(static_cast<int>(names_.size()) == rules_.players);
  finished_ = schedule_.length() && *schedule_.length() == 0;
}

void Match::skip_to(int deal_index) {
  assert(log_.empty() && deal_index >= 0);
  deal_index_ = deal_index;
  finished_ = schedule_.length() && deal_index_ >= *schedule_.length();
}

DealSetup Match::next_setup() const {
  const DealPlan plan = schedule_.plan(deal_index_);
  DealSetup s;
  s.players = players();
  s.cards = plan.cards;
  s.dealer = next_dealer();
  s.must_trump = rules_.must_trump;
  s.hook = rules_.hook;
  switch (rules_.trump) {
    case TrumpRule::Rotation:
      s.trump = plan.rotation_trump;
      break;
    case TrumpRule::Turned:
    case TrumpRule::NoTrump:
      s.trump = Suit::None;
      break;
  }
  switch (plan.special) {
    case SpecialHand::AllZero:
      s.forced_bid = 0;
      break;
    case SpecialHand::AllEight:
      s.forced_bid = plan.cards;
      break;
    case SpecialHand::Blind:
      s.blind_bidding = true;
      break;
    case SpecialHand::None:
      break;
  }
  s.choose_mode = plan.mode == OneCardMode::DealerChooses;
  s.mode = s.choose_mode ? OneCardMode::Regular : plan.mode;
  s.family = rules_.family;
  s.auction_min = rules_.auction_min;
  s.auction_passes = rules_.auction_passes;
  s.pass_rounds = rules_.pass_rounds;
  s.pass_cards = rules_.pass_cards;
  s.declarer_raise = rules_.declarer_raise;
  s.zero_announced = tally_.zero_play_announced();
  s.joker_any_time = rules_.joker_any_time;
  if (schedule_.zero_play_open(deal_index_)) {
    s.zero_play_open =
        static_cast<uint8_t>(((1u << players()) - 1) & ~tally_.zero_play_announced());
  }
  return s;
}

void Match::deal_random(Rng& rng) {
  const DealSetup s = next_setup();
  const std::vector<Card> deck = shuffled(rules_.deck_cards(), rng);
  Hands hands{};
  size_t next = 0;
  for (int c = 0; c < s.cards; ++c) {
    for (int p = 0; p < s.players; ++p) hands[(s.dealer + 1 + p) % s.players] |= deck[next++];
  }
  const bool turns = rules_.trump == TrumpRule::Turned && next < deck.size();
  Kitty kitty = kNoKitty;
  if (rules_.family == Family::CallAce) {
    for (int i = 0; i < kKittySize && next < deck.size(); ++i) kitty[i] = deck[next++];
  }
  start_deal(hands, turns ? deck[next] : kNoCard, kitty);
}

std::string Match::deal_given(const Hands& hands, Card turned, const Kitty& kitty) {
  if (finished_) return "the game is already over";
  if (in_deal_) return "the previous deal is not finished";
  const DealSetup s = next_setup();
  const CardSet deck = rules_.deck_cards();
  CardSet seen;
  std::array<int, 64> holder{};
  for (int p = 0; p < s.players; ++p) {
    if (hands[p].size() != s.cards) {
      const int held = hands[p].size();
      return "seat " + std::to_string(p) + " holds " + std::to_string(held) +
             (held == 1 ? " card" : " cards") + ", expected " + std::to_string(s.cards);
    }
    for (Card c : hands[p]) {
      if (!deck.contains(c)) {
        return "card " + to_string(c) + " is not in the " + std::to_string(deck.size()) +
               "-card deck";
      }
      if (seen.contains(c)) {
        return "card " + to_string(c) + " dealt twice (seats " + std::to_string(holder[c.index()]) +
               " and " + std::to_string(p) + ")";
      }
      holder[c.index()] = p;
    }
    seen |= hands[p];
  }
  const bool turns = rules_.trump == TrumpRule::Turned && s.cards * s.players < deck.size();
  if (turns && turned == kNoCard) return "this deal turns a card for trump, but none is given";
  if (!turns && turned != kNoCard)
    return "this deal turns no card, but " + to_string(turned) + " is given";
  if (turns) {
    if (!deck.contains(turned)) {
      return "turned card " + to_string(turned) + " is not in the " + std::to_string(deck.size()) +
             "-card deck";
    }
    if (seen.contains(turned)) {
      return "turned card " + to_string(turned) + " is also held by seat " +
             std::to_string(holder[turned.index()]);
    }
  }
  const bool kitty_game = rules_.family == Family::CallAce;
  CardSet kitty_cards;
  for (Card k : kitty) {
    if (k == kNoCard) {
      if (kitty_game) return "the kitty must hold 3 cards";
      continue;
    }
    if (!kitty_game) return "this game has no kitty";
    if (!deck.contains(k)) {
      return "kitty card " + to_string(k) + " is not in the " + std::to_string(deck.size()) +
             "-card deck";
    }
    if (seen.contains(k) || kitty_cards.contains(k)) {
      return "kitty card " + to_string(k) + " is also dealt to a seat or twice to the kitty";
    }
    kitty_cards |= k;
  }
  start_deal(hands, turned, kitty);
  return {};
}

void Match::start_deal(const Hands& hands, Card turned, const Kitty& kitty) {
  DealSetup s = next_setup();
  s.kitty = kitty;
  if (rules_.trump == TrumpRule::Turned && turned != kNoCard) s.trump = turned.suit();
  s.turned = turned;
  state_ = DealState(s, hands);
  dealt_setup_ = s;
  log_.push_back(DealLog{hands, turned, kitty, {}, {}});
  log_.back().actions.reserve(static_cast<size_t>(s.cards * s.players + s.players + 2));
  in_deal_ = true;
}

std::string Match::why_illegal(Action a) const {
  if (!in_deal_) return finished_ ? "the game is over" : "no deal in progress";
  // The deal knows only who may still announce; the rules say why no one may (regression: "the
  // deadline for announcing zero play has passed" in a game without it).
  if (a.kind() == ActionKind::AnnounceZero && rules_.zero_play == ZeroPlay::Off) {
    return "zero play is not part of this game (option zero_play is off)";
  }
  if (a == Action::play_unseen()) {
    return "'play unseen' plays your forehead card, and you have none to play now";
  }
  return state_.why_illegal(a);
}

void Match::apply(Action a) {
  assert(in_deal_ && state_.is_legal(a));
  DealState::Undo u;
  log_.back().seats.push_back(static_cast<uint8_t>(state_.to_move()));
  state_.apply(a, u);
  log_.back().actions.push_back(a);
  if (state_.done()) score_deal();
}

void Match::score_deal() {
  const DealState& d = state_;
  DealResult r;
  r.cards = d.cards();
  r.dealer = d.dealer();
  r.trump = d.trump();
  r.thrown_in = d.thrown_in();
  if (d.num_plays() > 0) r.last_trick_winner = d.leader();  // the last trick's winner leads next
  r.mode = d.mode();
  r.special = schedule_.plan(deal_index_).special;
  r.zero_announced = static_cast<uint8_t>(d.zero_announced() & ~tally_.zero_play_announced());
  if (d.declarer() >= 0) {
    r.declarer = d.declarer();
    if (rules_.family == Family::Israeli) r.auction_tricks = d.contract_tricks();
  }
  for (int p = 0; p < players(); ++p) {
    r.bids[p] = d.bid(p);
    r.tricks[p] = d.tricks_won(p);
  }
  if (rules_.family == Family::CallAce && !r.thrown_in) {
    r.contract_index = d.call().contract;
    r.called = d.call().called;
    r.partner = d.call().partner;
  }
  tally_.score(r);
  results_.push_back(r);
  in_deal_ = false;
  ++deal_index_;
  finished_ = tally_.over_after(deal_index_);
}

PlayerView Match::view(int seat) const {
  PlayerView v = make_view(state_, seat);
  add_history(v);
  return v;
}

PlayerView Match::dealt_view(int seat) const {
  assert(!log_.empty());
  return make_view(DealState(dealt_setup_, log_.back().hands), seat);
}

PlayerView Match::public_view() const {
  PlayerView v = whist::public_view(state_);
  add_history(v);
  return v;
}

// The deal's public actions; a taker's seat is shown only to a viewer who may know it (seat -1:
// every seat must).
void Match::add_history(PlayerView& v) const {
  if (log_.empty()) return;
  const DealLog& d = log_.back();
  for (size_t i = 0; i < d.actions.size(); ++i) {
    if (!is_public(d.actions[i]) || d.actions[i].kind() == ActionKind::Play) continue;
    bool shown = true;
    for (int q = 0; q < players(); ++q) {
      if (v.seat < 0 || q == v.seat) shown &= taker_visible(state_, d.seats[i], d.actions[i], q);
    }
    v.history.push_back({shown ? d.seats[i] : -1, d.actions[i]});
  }
}

std::vector<int> Match::winners() const {
  if (!finished_) return {};
  return tally_.winners();
}

}  // namespace whist
